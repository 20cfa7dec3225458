"""``dowding simulate RULESET --games N``: a seeded sweep of computer games, summed up.

Prints each side's win rate with its 95% (Wilson) interval and the mean and spread of the
scores; ``--report DIR`` writes every game (replayable with selfplay), the sums and the plots.
"""

from __future__ import annotations

import enum
import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from dowding.analysis.report import replay_command, write_report
from dowding.analysis.simulate import GameRecord, SimulationError, Sweep, run
from dowding.analysis.stats import summarise

from .common import CLIError, load_game, parse_pairs
from .main import DataOpt, OptionsOpt, ScenarioOpt, app, reported, with_data
from .seats import resolve_seats

T = TypeVar("T")


class Backend(enum.StrEnum):
    multiprocessing = "multiprocessing"
    ray = "ray"


# The options every sweep of seeded games shares (``simulate`` and ``balance``).
SeedOpt = Annotated[int, typer.Option(help="First seed: games use SEED..SEED+N-1.")]
WorkersOpt = Annotated[
    int | None,
    typer.Option(help="Parallel worker processes (default: the CPUs this process may use).", min=1),
]
BackendOpt = Annotated[Backend, typer.Option(help="Where the games run.")]
RayAddressOpt = Annotated[
    str | None,
    typer.Option(help="Join this Ray cluster (with --backend ray); default: a local Ray."),
]
MaxStepsOpt = Annotated[int, typer.Option(help="Give up a game after this many steps.", min=1)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]


def check_backend(backend: Backend, ray_address: str | None) -> None:
    if ray_address and backend is not Backend.ray:
        raise CLIError("--ray-address goes with --backend ray", code=2)


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


@app.command()
def simulate(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.", min=1)],
    scenario: ScenarioOpt = None,
    workers: WorkersOpt = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", metavar="SEAT=KIND", help="KIND: random|heuristic|...; repeatable."),
    ] = None,
    option: OptionsOpt = None,
    data: DataOpt = None,
    seed: SeedOpt = 0,
    report: Annotated[
        Path | None, typer.Option(help="Write results.json, summary.json and plots here.")
    ] = None,
    backend: BackendOpt = Backend.multiprocessing,
    ray_address: RayAddressOpt = None,
    max_steps: MaxStepsOpt = 100_000,
    as_json: JsonOpt = False,
) -> None:
    """Play many seeded computer games in parallel; win rates with 95% intervals, score spreads."""
    with reported():
        game = load_game(ruleset)
        options = with_data(parse_pairs(option or [], "option"), data)
        check_backend(backend, ray_address)
        try:
            scenario_id = game.scenario(scenario).id
            resolved = game.resolve_options(options)
        except ValueError as exc:
            raise CLIError(str(exc), code=2) from None
        seats = resolve_seats(game, seat or [], allow_human=False, options=options)
        sweep = Sweep(ruleset, scenario_id, options, seats, seed, games, max_steps)
        count = workers or default_workers()
        stderr = Console(stderr=True, highlight=False)
        started = time.perf_counter()
        records = _run_with_progress(sweep, count, backend, ray_address, stderr)
        elapsed = time.perf_counter() - started
        sides = {s.id: s.side for s in game.seats_for(resolved)}
        summary = summarise(records, sides, seats)
        summary.update(
            ruleset=ruleset,
            scenario=scenario_id,
            options=options,
            seed0=seed,
            workers=count,
            backend=backend.value,
            seconds=round(elapsed, 3),
            games_per_second=round(len(records) / elapsed, 3) if elapsed > 0 else None,
            replay=replay_command(sweep),
        )
        written = write_report(report, sweep, records, summary) if report else []
        if as_json:
            print(json.dumps(summary, indent=2))
        else:
            _print_summary(Console(highlight=False, soft_wrap=True), summary, records, written)
        if summary["errors"] == len(records):
            raise CLIError("every game failed; see the errors above", code=1)


def _run_with_progress(
    sweep: Sweep, workers: int, backend: Backend, address: str | None, console: Console
) -> list[GameRecord]:
    return with_progress(
        f"{sweep.ruleset} {sweep.scenario}",
        sweep.games,
        console,
        lambda tell: run(sweep, workers, backend.value, address, tell),
    )


def with_progress(
    description: str,
    total: int,
    console: Console,
    play: Callable[[Callable[[GameRecord], None]], T],
) -> T:
    """``play(tell)`` under a progress bar of ``total`` games, ``tell`` called as each ends;
    a SimulationError becomes a CLIError (exit status 2)."""
    # no refresh thread (auto_refresh=False): worker processes are forked while it runs
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, auto_refresh=False, transient=False) as progress:
        task = progress.add_task(description, total=total)

        def advance(record: GameRecord) -> None:
            progress.update(task, advance=1, refresh=True)

        try:
            return play(advance)
        except SimulationError as exc:
            raise CLIError(str(exc), code=2) from None


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_summary(
    console: Console, summary: dict[str, Any], records: list[GameRecord], written: list[Path]
) -> None:
    head = (
        f"{summary['ruleset']} {summary['scenario']}: {summary['finished']} games "
        f"(seeds {summary['seed0']}..{summary['seed0'] + summary['games'] - 1}), "
        f"{summary['workers']} worker(s) on {summary['backend']}, {summary['seconds']:.1f} s, "
        f"{summary['games_per_second']} games/s"
    )
    console.print(Text(head, style="bold"))
    table = Table("side (players)", "wins", "win rate", "95% interval", "mean score", "sd")
    for side, info in summary["sides"].items():
        score = summary["scores"].get(side)
        kinds = ", ".join(dict.fromkeys(info["seats"].values()))
        low, high = info["ci95"]
        table.add_row(
            Text(f"{side} ({kinds})"),
            Text(f"{info['wins']}/{info['games']}"),
            Text(_pct(info["rate"])),
            Text(f"{_pct(low)}-{_pct(high)}"),
            Text(f"{score['mean']:.2f}" if score else "-"),
            Text(f"{score['sd']:.2f}" if score else "-"),
        )
    console.print(table)
    if len(summary["seats"]) > len(summary["sides"]):
        seats = Table("seat", "side", "player", "win rate", "95% interval")
        for seat, info in summary["seats"].items():
            low, high = info["ci95"]
            seats.add_row(
                *(Text(x) for x in (seat, info["side"], info["kind"], _pct(info["rate"]))),
                Text(f"{_pct(low)}-{_pct(high)}"),
            )
        console.print(seats)
    others = [k for k in summary["scores"] if k not in summary["sides"]]
    for key in others:
        s = summary["scores"][key]
        console.print(Text(f"score {key}: mean {s['mean']:.2f}, sd {s['sd']:.2f}"))
    no_winner = summary["no_winner"]
    if no_winner["wins"]:
        console.print(Text(f"no winner: {no_winner['wins']} game(s), {_pct(no_winner['rate'])}"))
    turns, actions = summary["turns"], summary["actions"]
    console.print(
        Text(
            f"turns: mean {turns['mean']:.1f} (sd {turns['sd']:.1f}); "
            f"steps: mean {actions['mean']:.0f} (sd {actions['sd']:.0f})"
        )
    )
    for record in records:
        if record.get("error"):
            console.print(Text(f"seed {record['seed']}: {record['error']}", style="red"))
    console.print(Text(f"replay a game: {summary['replay']}", style="dim"))
    for path in written:
        console.print(Text(f"wrote {path}", style="dim"))

"""``dowding balance RULESET``: equal players in every seat; is each scenario fair?

For each scenario, N games from seeds S0.. with the same kind of computer player in every seat
(the search player by default): each side's win rate with its 95% (Wilson) interval, draws,
the scores' spread, the margin, how the games ended and the counts of their final positions.
``--vary FIELD=V1,V2,...`` plays a batch per value of one field of the ruleset's data files
(given twice or more, a batch per combination: a grid);
``--report DIR`` writes balance.json, games.json and the plots. The games run on processes or
Ray exactly as ``dowding simulate`` runs them (``analysis/balance.py``).
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dowding.analysis.balance import (
    FIELD_FORMAT,
    BalanceError,
    Plan,
    parse_vary,
    play,
    prepare,
    summarise_plan,
    write_balance_report,
)
from dowding.bots.playout import make_players

from .common import CLIError, load_game, parse_pairs
from .main import DataOpt, OptionsOpt, app, reported, with_data
from .seats import resolve_seats
from .simulate import (
    Backend,
    BackendOpt,
    JsonOpt,
    MaxStepsOpt,
    RayAddressOpt,
    SeedOpt,
    WorkersOpt,
    check_backend,
    default_workers,
    with_progress,
)

DEFAULT_PLAYER = "ismcts:novice"


@app.command()
def balance(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id.")],
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games per scenario (and per value).", min=1)
    ] = 20,
    scenario: Annotated[
        list[str] | None,
        typer.Option("--scenario", "-s", help="Only this scenario; repeatable (default: all)."),
    ] = None,
    player: Annotated[
        str, typer.Option(help="The computer player in every seat (random, heuristic, ...).")
    ] = DEFAULT_PLAYER,
    vary: Annotated[
        list[str] | None,
        typer.Option(
            metavar="FIELD=V1,V2,...",
            help=(
                f"Play a batch per value of one data field; FIELD is {FIELD_FORMAT}. Lists or "
                "objects as one JSON list: FIELD=[[1,2],[3]]. Repeat it for a grid of every "
                "combination."
            ),
        ),
    ] = None,
    option: OptionsOpt = None,
    data: DataOpt = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = Backend.multiprocessing,
    ray_address: RayAddressOpt = None,
    max_steps: MaxStepsOpt = 100_000,
    report: Annotated[
        Path | None, typer.Option(help="Write balance.json, games.json and the plots here.")
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Equal computer players on both sides of every scenario: win rates with 95% intervals."""
    with reported():
        game = load_game(ruleset)
        options = with_data(parse_pairs(option or [], "option"), data)
        check_backend(backend, ray_address)
        try:
            scenarios = tuple(game.scenario(s).id for s in scenario or []) or tuple(
                s.id for s in game.scenarios
            )
            resolved = game.resolve_options(options)
            varied = tuple(parse_vary(spec) for spec in vary or []) or None
        except (ValueError, BalanceError) as exc:
            raise CLIError(str(exc), code=2) from None
        specs = [f"{seat}={player}" for seat in game.seat_ids(resolved)]
        seats = resolve_seats(game, specs, allow_human=False, options=options)
        make_players(game, seats, seed, resolved)  # a bad strength is refused before any game
        plan = Plan(ruleset, scenarios, player, games, seed, options, varied, max_steps)
        count = workers or default_workers()
        stderr = Console(stderr=True, highlight=False)
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="dowding-balance-") as scratch:
            # a varied field's data folders: kept in the report (its replay commands name
            # them), else thrown away with the scratch folder
            keep = report.resolve() / "data" if report is not None and varied else None
            try:
                batches = prepare(plan, keep or Path(scratch))  # a refused value: no game played
            except BalanceError as exc:
                raise CLIError(str(exc), code=2) from None
            grouped = with_progress(
                f"{ruleset} balance",
                sum(batch.sweep.games for batch in batches),
                stderr,
                lambda tell: play(batches, count, backend.value, ray_address, tell),
            )
        summary = summarise_plan(plan, batches, grouped, replayable=keep is not None or not varied)
        elapsed = time.perf_counter() - started
        played = sum(batch.sweep.games for batch in batches)
        summary["timing"] = {
            "workers": count,
            "backend": backend.value,
            "seconds": round(elapsed, 3),
            "games_per_second": round(played / elapsed, 3) if elapsed > 0 else None,
        }
        written = write_balance_report(report, summary, batches, grouped) if report else []
        if as_json:
            print(json.dumps(summary, indent=2))
        else:
            _print(Console(highlight=False, soft_wrap=True), summary, written)
        if all(b["errors"] == b["games"] for b in summary["batches"]):
            raise CLIError("every game failed; see the errors above", code=1)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _value(value: Any) -> str:
    return json.dumps(value)


def _field_heads(varied: dict[str, Any] | None) -> list[str]:
    """A column for the varied field, or for each field of a grid, headed by its last key (the
    whole names are printed above the table)."""
    if varied is None:
        return []
    return [_last_key(f) for f in varied.get("fields", [varied["field"]])]


def _value_cells(value: Any, varied: dict[str, Any] | None) -> list[str]:
    if varied is None:
        return []
    return [_value(v) for v in value] if "fields" in varied else [_value(value)]


def _print(console: Console, summary: dict[str, Any], written: list[Path]) -> None:
    timing = summary["timing"]
    first, last = summary["seeds"]
    console.print(
        Text(
            f"{summary['ruleset']}: {summary['player']} in every seat, {summary['games']} games "
            f"a batch (seeds {first}..{last}), {timing['workers']} worker(s) on "
            f"{timing['backend']}, {timing['seconds']:.1f} s",
            style="bold",
        )
    )
    varied = summary["vary"]
    for name in varied.get("fields", [varied["field"]]) if varied else []:
        console.print(Text(f"varied: {name}"))
    table = Table(
        "scenario",
        *(_field_heads(varied)),
        "side",
        "wins",
        "win rate",
        "95% interval",
        "score",
        "sd",
    )
    for batch in summary["batches"]:
        head = [batch["scenario"], *_value_cells(batch["value"], varied)]
        rows = [(side, info, batch["scores"].get(side)) for side, info in batch["sides"].items()]
        if batch["no_winner"]["wins"]:
            rows.append(("no winner", batch["no_winner"], None))
        for side, info, score in rows:
            low, high = info["ci95"]
            table.add_row(
                *(Text(cell) for cell in head),
                Text(side),
                Text(f"{info['wins']}/{info['games']}"),
                Text(_pct(info["rate"])),
                Text(f"{_pct(low)}-{_pct(high)}"),
                Text(f"{score['mean']:.2f}" if score else ""),
                Text(f"{score['sd']:.2f}" if score else ""),
            )
            head = ["" for _ in head]
    console.print(table)
    for scenario in summary["scenarios"]:
        batches = [b for b in summary["batches"] if b["scenario"] == scenario]
        _print_causes(console, scenario, batches, varied)
        _print_counts(console, scenario, batches, varied)
    for batch in summary["batches"]:
        for error in batch["errors_seen"]:
            line = f"{batch['scenario']} seed {error['seed']}: {error['error']}"
            console.print(Text(line, style="red"))
        if batch["replay"] and batch is summary["batches"][0]:
            console.print(Text(f"replay a game: {batch['replay']}", style="dim"))
    for path in written:
        console.print(Text(f"wrote {path}", style="dim"))


def _label(batch: dict[str, Any], varied: dict[str, Any] | None) -> str:
    if varied is None:
        return ""
    if "fields" in varied:  # a grid: each field's last key and its value
        pairs = zip(varied["fields"], batch["value"], strict=True)
        return " at " + ", ".join(f"{_last_key(f)}={_value(v)}" for f, v in pairs)
    return f" at {_value(batch['value'])}"


def _last_key(field: str) -> str:
    return field.rpartition(":")[2].rpartition(".")[2]


def _print_causes(
    console: Console, scenario: str, batches: list[dict[str, Any]], varied: dict[str, Any] | None
) -> None:
    for batch in batches:
        causes = "; ".join(
            f"{kind} ({info['games']})" for kind, info in list(batch["causes"].items())[:4]
        )
        console.print(Text(f"{scenario}{_label(batch, varied)}, how games ended: {causes or '-'}"))
        margin = batch.get("margin")
        if margin:
            console.print(
                Text(
                    f"  margin {margin['of']}: mean {margin['mean']:+.2f}, sd {margin['sd']:.2f}, "
                    f"from {margin['min']:g} to {margin['max']:g}"
                )
            )


def _print_counts(
    console: Console, scenario: str, batches: list[dict[str, Any]], varied: dict[str, Any] | None
) -> None:
    """The ruleset's own counts of the final positions, in its words (losses by side and type,
    missions, targets); where it names none, the numbers of the final positions that differ
    between games. Every count of both kinds is in --json and balance.json."""
    named = any(b.get("counts") for b in batches)
    field = "counts" if named else "tallies"
    keys = [
        key
        for key in dict.fromkeys(k for b in batches for k in b.get(field, {}))
        if named
        or len(
            {(b[field].get(key, {}).get("min"), b[field].get(key, {}).get("max")) for b in batches}
        )
        > 1
        or any(b[field].get(key, {}).get("sd", 0.0) > 0 for b in batches)
    ]
    if not keys:
        return
    heads = [", ".join(_value_cells(b["value"], varied)) or "mean (sd)" for b in batches]
    title = "what the games left" if named else "final counts"
    if varied:  # the columns are the values, in the order the fields were given
        title += f", mean (sd) at {', '.join(_field_heads(varied))}"
    table = Table(f"{scenario}: {title}", *heads, box=None, padding=(0, 2))
    for key in keys:
        cells = []
        for batch in batches:
            info = batch.get(field, {}).get(key)
            cells.append(f"{info['mean']:.2f} ({info['sd']:.2f})" if info else "-")
        table.add_row(Text(key), *(Text(c) for c in cells))
    console.print(table)

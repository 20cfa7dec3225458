"""The ``dowding`` command: rulesets, play, selfplay, replay."""

from __future__ import annotations

import contextlib
import enum
import json
import os
import secrets
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import click
import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from dowding.bots import player_kinds
from dowding.bots.playout import PlayerError, PlayoutError, StepLimit, make_players, play_out
from dowding.engine import LogError, ManualDice, Match, ruleset_ids

from .common import CLIError, load_game, new_match, parse_pairs, result_line
from .seats import HUMAN, resolve_seats
from .session import PAUSE, WIDE, Reader, Session

app = typer.Typer(
    name="dowding",
    help="Battle of Britain wargames: list rulesets, play at the terminal, self-play, replay logs.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


class DiceMode(enum.StrEnum):
    auto = "auto"
    manual = "manual"


def _stderr() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


@contextmanager
def reported() -> Iterator[None]:
    """Turn user errors into a message and an exit status; a traceback only with DOWDING_DEBUG=1."""
    try:
        yield
    except (typer.Exit, typer.Abort, click.exceptions.Exit, click.ClickException):
        raise  # exits already decided on
    except CLIError as exc:
        _stderr().print(Text(f"error: {exc}", style="red"))
        raise typer.Exit(exc.code) from None
    except PlayerError as exc:  # a computer player that cannot be made: a bad kind or strength
        _stderr().print(Text(f"error: {exc}", style="red"))
        raise typer.Exit(2) from None
    except (LogError, PlayoutError) as exc:
        _stderr().print(Text(f"error: {exc}", style="red"))
        raise typer.Exit(1) from None
    except Exception as exc:
        if os.environ.get("DOWDING_DEBUG"):
            raise
        problem = f"{type(exc).__name__}: {exc}"
        message = f"internal error: {problem} (DOWDING_DEBUG=1 shows the traceback)"
        _stderr().print(Text(message, style="red"))
        raise typer.Exit(1) from None


ScenarioOpt = Annotated[str | None, typer.Option("--scenario", "-s", help="Scenario id.")]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE", help="A game option; repeatable."),
]
SeedHelp = "Seed for dice and computer players."
DataOpt = Annotated[
    Path | None,
    typer.Option(
        "--data",
        help="A folder with your own component files (the printed values); same as -o data=DIR.",
    ),
]


def with_data(options: dict[str, str], data: Path | None) -> dict[str, str]:
    if data is not None:
        options = {**options, "data": str(data)}
    return options


# --- rulesets -------------------------------------------------------------------
def describe_all() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    for ruleset in ruleset_ids():
        try:
            entry = load_game(ruleset).describe()
            entry["players"] = player_kinds(ruleset)
        except CLIError as exc:
            entry = {"id": ruleset, "error": str(exc)}
        entries.append(entry)
    return entries


@app.command()
def rulesets(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """List the rulesets with their scenarios, seats, options and computer players."""
    with reported():
        entries = describe_all()
        if as_json:
            print(json.dumps(entries, indent=2))
            return
        console = Console(highlight=False)
        for entry in entries:
            _print_ruleset(console, entry)


def _print_ruleset(console: Console, entry: dict[str, Any]) -> None:
    if "error" in entry:
        console.print(Text(f"{entry['id']}: unavailable ({entry['error']})", style="yellow"))
        return
    console.print(Text(f"{entry['id']}: {entry['title']}", style="bold"))
    console.print(Text(f"  rulebook: {entry['rulebook']}"))
    seats = ", ".join(f"{seat['id']} ({seat['name']})" for seat in entry["seats"])
    console.print(Text(f"  seats: {seats}"))
    console.print(Text(f"  computer players: {', '.join(entry['players'])}"))
    table = Table("scenario", "title", box=None, padding=(0, 2), show_edge=False)
    for scenario in entry["scenarios"]:
        mark = " (default)" if scenario["id"] == entry["default_scenario"] else ""
        table.add_row(Text(scenario["id"] + mark), Text(scenario["title"]))
    console.print(table)
    if entry["options"]:
        options = Table("option", "default", "help", box=None, padding=(0, 2), show_edge=False)
        for option in entry["options"]:
            choices = f" [{'/'.join(map(str, option['choices']))}]" if option["choices"] else ""
            default = str(option["default"])
            options.add_row(Text(option["name"]), Text(default), Text(option["help"] + choices))
        console.print(options)
    console.print()


# --- play -----------------------------------------------------------------------
def _kinds_help(human: bool) -> str:
    """'KIND: human, random, heuristic or ismcts:STRENGTH (... STRENGTH: novice, ...)'."""
    from dowding.bots.ismcts import DEFAULT_STRENGTH, STRENGTHS

    kinds = ["human"] if human else []
    kinds += ["random", "heuristic", "ismcts:STRENGTH"]
    return (
        f"KIND: {', '.join(kinds[:-1])} or {kinds[-1]} (the search player; STRENGTH: "
        f"{', '.join(STRENGTHS)}; ismcts alone is {DEFAULT_STRENGTH}); repeatable."
    )


def _reader() -> Reader:
    interactive = sys.stdin.isatty()
    if interactive:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (line editing and history for input())

    def read(prompt: str) -> str:
        line = input(prompt)
        if not interactive:
            print(line)  # piped input: echo it, so the transcript reads like a session
        return line

    return read


@app.command()
def play(
    ruleset: Annotated[str | None, typer.Argument(help="Ruleset id (dowding rulesets).")] = None,
    scenario: ScenarioOpt = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", metavar="SEAT=KIND", help=_kinds_help(human=True)),
    ] = None,
    option: OptionsOpt = None,
    data: DataOpt = None,
    seed: Annotated[int | None, typer.Option(help=SeedHelp)] = None,
    dice: Annotated[DiceMode, typer.Option(help="auto: seeded; manual: type real rolls.")] = (
        DiceMode.auto
    ),
    save: Annotated[Path | None, typer.Option(help="Save the game here after every step.")] = None,
    load: Annotated[Path | None, typer.Option(help="Resume a saved game, saving to it.")] = None,
    compact: Annotated[
        bool | None,
        typer.Option(
            "--compact/--full",
            help="compact: after the first drawing print only what changed (the default in a "
            f"terminal under {WIDE} columns); full: redraw the whole table each time.",
            show_default=False,
        ),
    ] = None,
    pause: Annotated[
        bool | None,
        typer.Option(
            "--pause/--no-pause",
            help=f"Wait {PAUSE:g}s after each computer move (the default when the output is a "
            "terminal).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play a game at the terminal against computer players, or hot-seat."""
    with reported():
        console = Console(highlight=False)
        if compact is None:
            compact = console.width < WIDE
        if pause is None:
            pause = console.is_terminal
        if load is not None:
            match = _resume(load, ruleset, scenario, option, seed)
        elif ruleset is None:
            raise CLIError("give a RULESET (see 'dowding rulesets') or --load FILE", code=2)
        else:
            options = with_data(parse_pairs(option or [], "option"), data)
            game_seed = seed if seed is not None else secrets.randbelow(1_000_000)
            match = new_match(ruleset, scenario, options, game_seed, {})
        seats = resolve_seats(
            match.game, seat or [], allow_human=True, base=match.seats, options=match.options
        )
        match.seats = seats  # the log remembers who sat where
        players = make_players(match.game, seats, match.seed, match.options)
        session = Session(
            match,
            seats,
            players,
            console,
            _reader(),
            save or load,
            compact=compact,
            pause=PAUSE if pause else 0.0,
        )
        if dice is DiceMode.manual:
            match.dice = ManualDice(session.ask_dice, tell=lambda text: session.say(text, "red"))
        if session.save_path is not None and not session.save():
            raise CLIError(f"cannot save to {session.save_path}")
        _introduce(session, dice)
        code = session.run()
        if code:
            raise typer.Exit(code)


def _resume(
    path: Path,
    ruleset: str | None,
    scenario: str | None,
    option: list[str] | None,
    seed: int | None,
) -> Match:
    match = Match.load(path)
    if ruleset is not None and ruleset != match.game.id:
        raise CLIError(f"{path} is a {match.game.id} game, not {ruleset}", code=2)
    if scenario is not None or option or seed is not None:
        _stderr().print("note: --scenario, --option and --seed come from the saved game; ignored")
    return match


def _introduce(session: Session, dice: DiceMode) -> None:
    match = session.match
    seating = ", ".join(f"{seat}={kind}" for seat, kind in session.seats.items())
    session.say(f"{match.game.title}: scenario {match.scenario}, seed {match.seed}", "bold")
    session.say(f"Seats: {seating}. Dice: {dice.value}.")
    if match.steps:
        session.say(f"Resumed after {len(match.steps)} steps.")
    if session.save_path is not None:
        session.say(f"Saving to {session.save_path} after every step.")
    if HUMAN in session.seats.values():
        session.say("Type 'help' for commands.", "dim")


# --- selfplay and replay --------------------------------------------------------
@app.command()
def selfplay(
    ruleset: Annotated[str, typer.Argument(help="Ruleset id.")],
    seed: Annotated[int, typer.Option(help=SeedHelp)],
    scenario: ScenarioOpt = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", metavar="SEAT=KIND", help=_kinds_help(human=False)),
    ] = None,
    option: OptionsOpt = None,
    data: DataOpt = None,
    log: Annotated[Path | None, typer.Option(help="Write the game's log here.")] = None,
    max_steps: Annotated[int, typer.Option(help="Give up after this many steps.")] = 100_000,
) -> None:
    """Computer against computer to the end; prints one JSON line summing up the game."""
    with reported():
        game = load_game(ruleset)
        options = with_data(parse_pairs(option or [], "option"), data)
        seats = resolve_seats(game, seat or [], allow_human=False, options=options)
        match = new_match(ruleset, scenario, options, seed, seats)
        players = make_players(game, seats, seed, match.options)
        try:
            play_out(match, players, max_steps=max_steps)
        except StepLimit as exc:
            raise CLIError(f"{exc} (raise --max-steps?)") from None
        finally:
            if log is not None:
                _save(match, log)
        print(result_line(match))


def _save(match: Match, path: Path) -> None:
    try:
        match.save(path)
    except OSError as exc:
        raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A log written by play --save or selfplay --log.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print selfplay's JSON line.")] = False,
) -> None:
    """Replay a log, checking every step, and sum up the game."""
    with reported():
        match = Match.load(file)
        if as_json:
            print(result_line(match))
            return
        result = match.result()
        seats = [seat for seat in match.game.seat_ids(match.options) if seat in match.seats]
        seating = ", ".join(f"{seat}={match.seats[seat]}" for seat in seats) or "unknown"
        status = "finished" if match.finished else "in progress"
        scores = ", ".join(f"{side} {score:g}" for side, score in result.score.items())
        outcome = match.game.outcome_words(result.winner, match.options)
        console = Console(highlight=False, soft_wrap=True)
        for line in (
            f"{match.game.title}: scenario {result.scenario}, seed {result.seed}",
            f"seats: {seating}",
            f"{status} after {result.turns} turns and {result.actions} steps: {outcome}",
            f"reason: {result.reason}",
            f"score: {scores or 'none yet'}",
            "dice: seeded, every roll checked against the seed"
            if match.seeded_dice
            else "dice: typed at a table (marked so in the log), not checked against the seed",
            f"every step replayed and verified; final state {result.state_hash}",
        ):
            console.print(Text(line))


from . import balance, odds, report, serve, simulate  # noqa: E402, F401  (they add their commands to app)

"""``dowding report LOG --seat SEAT -o FILE.html``: a finished game's after-action report.

The log is replayed and checked step by step (``Match.load``); the report is drawn from that
seat's view alone (``--seat spectator``: what anyone watching saw), so it may be shared
(``dowding.analysis.after_action``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from dowding.analysis.after_action import after_action_report
from dowding.engine import Match

from .common import CLIError
from .main import app, reported

SPECTATOR = "spectator"


def seat_of(match: Match, name: str) -> str | None:
    """The seat id named (None for ``spectator``), or a CLIError listing the seats."""
    if name == SPECTATOR:
        return None
    seats = match.game.seat_ids(match.options)
    if name not in seats:
        raise CLIError(
            f"no seat {name!r} in this game; choose one of {', '.join(seats)} or {SPECTATOR}",
            code=2,
        )
    return name


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError as exc:
        raise CLIError(f"cannot write {path}: {exc.strerror or exc}") from None


@app.command()
def report(
    file: Annotated[Path, typer.Argument(help="A log written by play --save or selfplay --log.")],
    seat: Annotated[
        str, typer.Option("--seat", help=f"Whose view the report shows: a seat id, or {SPECTATOR}.")
    ] = SPECTATOR,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="The HTML file to write (default: LOG-SEAT.html)."),
    ] = None,
    unfinished: Annotated[
        bool, typer.Option("--unfinished", help="Report on a game that has not ended yet.")
    ] = False,
) -> None:
    """An after-action report of a finished game, from one seat's view, as one HTML file."""
    with reported():
        match = Match.load(file)
        who = seat_of(match, seat)
        if not match.finished and not unfinished:
            raise CLIError(
                f"the game in {file} has not ended (--unfinished reports on it as it stands)"
            )
        text = after_action_report(match, who)
        target = output if output is not None else file.with_name(f"{file.stem}-{seat}.html")
        write_text(target, text)
        print(f"wrote {target} ({len(text.encode()) // 1024} KiB) as seen by {seat}")

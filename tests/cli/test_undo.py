"""The terminal's undo (issue 12) and the status line while a computer thinks (issue 15)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console

from dowding.bots.ismcts import ISMCTSPlayer
from dowding.cli.session import Session
from dowding.engine import Decision, Match


def test_undo_takes_back_a_move_until_the_dice(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "crane.jsonl"
    # the RAF's first prompt follows the dice; select a plane, take it back, select another
    typed = "undo\n1\nundo\n2\nundo\n1\n"
    run = cli("play", "crane", "--seed", "5", "--save", str(save), input=typed)
    assert run.code == 0, run.stdout
    out = " ".join(run.stdout.split())
    assert "Cannot take back: the dice have been rolled since your move; it stands." in out
    assert "raf: took back select plane=V1-1" in out
    assert "raf: took back select plane=V1-2" in out
    assert "undo (take back your last move" in cli("play", "crane", input="help\n").stdout
    match = Match.load(save)  # the saved log replays, every hash checked
    selected = [s.action for s in match.steps if s.action.startswith("select")]
    assert selected == ["select plane=V1-1"]  # what was taken back left no trace


def test_a_computer_that_searches_shows_a_status_line_with_its_cap() -> None:
    match = Match("crane", seed=3)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    player = ISMCTSPlayer("crane", "luftwaffe", seed=1, strength="veteran", seconds=0.3)
    session = Session(
        match,
        {"raf": "human", "luftwaffe": "ismcts:veteran"},
        {"luftwaffe": player},
        console,
        input,
    )
    assert session.thinking("luftwaffe") == "Luftwaffe (search, veteran) is thinking… up to 0.3 s"
    assert session.thinking("raf") is None  # a person
    node = match.node()
    assert isinstance(node, Decision) and node.seat == "luftwaffe"
    session.computer_step(node)
    assert "Luftwaffe (search, veteran) is thinking… up to 0.3 s" in out.getvalue()
    assert len(match.steps) == 1

"""The terminal shows each ruleset's words for the options, and plays a lone option itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dowding.engine import Match


def test_fight_for_the_sky_options_read_in_words(cli: Any) -> None:
    run = cli("play", "fight-for-the-sky", "--seed", "1", "--seat", "luftwaffe=random", input="1\n")
    assert run.code == 0
    out = " ".join(run.stdout.split())
    assert "Squadron (Hurricane, 4 flights)" in out or "Squadron (Spitfire, 4 flights)" in out
    assert "End the RAF's movement" in out
    assert "undefined" not in out and "select unit=" not in out.split("raf>")[0]


def test_a_lone_option_is_played_and_said(cli: Any, tmp_path: Path) -> None:
    """Issue 12, defect 6: a decision with one option asked anyway. Now the terminal plays it,
    says so, and the log records it like any other step."""
    save = tmp_path / "bob.jsonl"
    run = cli(
        "play",
        "bob",
        "--seed",
        "3",
        "--seat",
        "raf=random",
        "--seat",
        "luftwaffe=human",
        "--save",
        str(save),
        input="1\n" * 60,
    )
    assert run.code == 0
    out = " ".join(run.stdout.split())
    assert "(the only option)" in out
    said = out.split("(the only option)")[0].rsplit("luftwaffe: ", 1)[1]
    assert said.strip() and "=" not in said  # words, not an action's text
    assert Match.load(save).steps  # the log replays, lone options included


def test_hidden_computer_moves_leave_no_filler(cli: Any) -> None:
    run = cli(
        "play",
        "bob",
        "--seed",
        "3",
        "--seat",
        "raf=human",
        "--seat",
        "luftwaffe=heuristic",
        input="1\n" * 40,
    )
    assert run.code == 0
    assert "has moved" not in run.stdout

"""The terminal at 80 columns (issue 12, item 7): help names the search player, compact play
prints only what changed after the first drawing, computer moves are stepped."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from dowding.cli import session as session_module


def chunks(stdout: str) -> list[str]:
    """The output before the first answer, after each typed answer (the echoed ``seat> 1``
    lines), and after the last prompt, answered by the end of input."""
    return re.split(r"^\S+> \S*$", stdout, flags=re.M)


@pytest.mark.parametrize("command", ["play", "selfplay"])
def test_help_names_the_search_player_and_its_strengths(cli: Any, command: str) -> None:
    text = " ".join(cli(command, "--help").stdout.split())
    assert "ismcts:STRENGTH" in text
    for strength in ("novice", "regular", "veteran", "ace"):
        assert strength in text


def test_play_help_offers_compact_and_pause(cli: Any) -> None:
    text = cli("play", "--help").stdout
    for flag in ("--compact", "--full", "--pause", "--no-pause"):
        assert flag in text


@pytest.mark.parametrize(("ruleset", "answers"), [("bob", 8), ("crane", 6)])
def test_compact_play_redraws_only_what_changed(cli: Any, ruleset: str, answers: int) -> None:
    """After the first whole drawing each answer brings a few lines, not the whole table."""
    args = ("play", ruleset, "--seed", "3", "--no-pause")
    full = chunks(cli(*args, "--full", input="1\n" * answers).stdout)
    compact = chunks(cli(*args, "--compact", input="1\n" * answers).stdout)
    assert len(full) == len(compact) == answers + 2
    assert len(compact[0].splitlines()) == len(full[0].splitlines()) > 40  # the first: whole
    redrawn = [len(c.splitlines()) for c in compact[1:-1]]
    whole = [len(c.splitlines()) for c in full[1:-1] if "PLOTTING TABLE" in c or "┌" in c]
    assert whole
    assert sum(redrawn) * 3 < sum(whole), (redrawn, whole)
    assert max(redrawn) < 60, redrawn  # the map reaching north adds its rows once


def test_compact_is_the_default_under_100_columns(cli: Any) -> None:
    """The test runner's output is 80 columns and no terminal: compact, and no pauses."""
    default = chunks(cli("play", "bob", "--seed", "3", input="1\n" * 4).stdout)
    assert max(len(c.splitlines()) for c in default[2:-1]) < 40
    assert "PLOTTING TABLE" not in "".join(default[1:])


def test_show_draws_the_whole_table_in_compact_play(cli: Any) -> None:
    out = chunks(cli("play", "bob", "--seed", "3", "--compact", input="1\nshow\n").stdout)
    assert "PLOTTING TABLE" not in out[1]
    assert "PLOTTING TABLE" in out[2] and "RAF GROUP DISPLAYS" in out[2]


def test_the_whole_game_fits_80_columns(cli: Any) -> None:
    out = cli("play", "fight-for-the-sky", "--seed", "2", "--compact", input="1\n" * 10).stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Key: " in out


@pytest.mark.parametrize(
    ("flag", "sleeps"), [("--pause", True), ("--no-pause", False), ("", False)]
)
def test_computer_moves_are_stepped_with_a_pause_only_when_asked(
    cli: Any, monkeypatch: pytest.MonkeyPatch, flag: str, sleeps: bool
) -> None:
    """Each computer move is its own line in words; --pause waits after each (the default only
    at a terminal, which the test runner is not)."""
    slept: list[float] = []
    monkeypatch.setattr(session_module.time, "sleep", slept.append)
    args = ["play", "crane", "--seed", "3", "--seat", "luftwaffe=heuristic"]
    out = cli(*args, *([flag] if flag else []), input="1\n" * 3).stdout
    moves = [line for line in out.splitlines() if line.startswith("luftwaffe (heuristic): ")]
    assert moves
    assert all("=" not in line for line in moves)  # in words, not action text
    if sleeps:
        assert slept and set(slept) == {session_module.PAUSE}
        assert len(slept) >= len(moves)
    else:
        assert not slept


def test_a_line_said_again_and_again_is_printed_once_with_its_count(cli: Any) -> None:
    """bob1990 deals some forty cards face down before the first move: one line for each
    Luftflotte's run of deals, then how many times it came."""
    out = cli("play", "bob1990", "--seed", "3", "--seat", "luftwaffe=heuristic", input="").stdout
    lines = out.splitlines()
    for a, b in itertools.pairwise(lines):
        assert a != b or not a.strip(), a
    counts = [int(n) for n in re.findall(r"\(that line (\d+) times in all\)", out)]
    assert counts and all(n > 1 for n in counts)
    dealt = [i for i, line in enumerate(lines) if "dealt face down" in line]
    assert len(dealt) < 20 < len(dealt) + sum(counts)

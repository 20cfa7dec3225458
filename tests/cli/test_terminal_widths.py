"""Every ruleset and scenario at an 80-column terminal (issue 12, item 7): no printed line over
80 columns, nothing folded mid-word or cut off to get there, and compact play redraws less than
a full redraw.

``dowding play`` runs in-process as in test_terminal.py, but its console is told it writes to a
terminal (``TTY_COMPATIBLE=1``), as a person's is: that is where the session wraps prompts and
narration between words (9c9445e); piped output wraps the same way (a pager or a tmux pane is 80
columns too), a word wider than the line (a saved game's path) left whole.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest
from typer.testing import CliRunner

from dowding.cli.main import app
from dowding.engine.registry import get_game, ruleset_ids

WIDTH = 80
ANSWERS = 10  # option 1 each time: a few moves of every kind the first turn asks
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
RULES = re.compile(r"^[─━═│┃┌┐└┘├┤┬┴┼╭╮╯╰]+$")  # table rules: as long as the table is wide
SHIPPED = [rid for rid in ruleset_ids() if rid != "toy"]  # toy: the tests' own game
CASES = [(rid, sc.id) for rid in SHIPPED for sc in get_game(rid).scenarios]
IDS = [f"{rid}-{sid}" for rid, sid in CASES]


@cache
def play(ruleset: str, scenario: str, mode: str, width: int = WIDTH, tty: bool = True) -> str:
    """The plain text ``dowding play`` prints, answering 1 to every question."""
    env = {"COLUMNS": str(width), "TTY_INTERACTIVE": "0", "NO_COLOR": "1", "TERM": "xterm"}
    env["TTY_COMPATIBLE"] = "1" if tty else "0"
    args = ["play", ruleset, "--scenario", scenario, "--seed", "3", "--no-pause", mode]
    result = CliRunner().invoke(app, args, input="1\n" * ANSWERS, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0, result.output
    return ANSI.sub("", result.stdout)


def chunks(out: str) -> list[str]:
    """The output before the first answer, after each answer, and after the last prompt."""
    return re.split(r"^\S+> \S*$", out, flags=re.M)


def words(out: str) -> Counter[str]:
    return Counter(token for token in out.split() if not RULES.match(token))


@pytest.mark.parametrize(("ruleset", "scenario"), CASES, ids=IDS)
@pytest.mark.parametrize("mode", ["--compact", "--full"])
def test_every_line_fits_80_columns(ruleset: str, scenario: str, mode: str) -> None:
    out = play(ruleset, scenario, mode)
    assert len(chunks(out)) == ANSWERS + 2, "the game asked fewer questions than answered"
    wide = [line for line in out.splitlines() if len(line) > WIDTH]
    assert not wide, f"{len(wide)} line(s) over {WIDTH} columns, the widest:\n" + max(wide, key=len)


@pytest.mark.parametrize(("ruleset", "scenario"), CASES, ids=IDS)
def test_nothing_is_folded_or_cut_to_fit(ruleset: str, scenario: str) -> None:
    """The same game at 80 columns and at 250 prints the same words: lines broke between words
    (a word folded in two, or cut off with an ellipsis, would differ). Table rules and, for
    bob, the map's right-hand row numbers (left off under 81 columns) aside."""
    narrow, wide = (
        words(play(ruleset, scenario, "--full")),
        words(play(ruleset, scenario, "--full", 250)),
    )
    if ruleset == "bob":
        wide -= Counter({str(row): 10**6 for row in range(1, 100)})
        narrow -= Counter({str(row): 10**6 for row in range(1, 100)})
    assert narrow == wide, {"only at 80": narrow - wide, "only at 250": wide - narrow}
    assert "…" not in play(ruleset, scenario, "--full")


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_compact_redraws_less_than_a_full_redraw(ruleset: str) -> None:
    """After the first whole drawing, compact play prints fewer lines than full play, answer by
    answer over the game, and no more at any answer."""
    scenario = get_game(ruleset).scenarios[0].id
    full, compact = (
        chunks(play(ruleset, scenario, "--full")),
        chunks(play(ruleset, scenario, "--compact")),
    )
    assert len(full) == len(compact) == ANSWERS + 2
    assert compact[0] == full[0]  # the first drawing is whole
    redrawn = [len(c.splitlines()) for c in compact[1:]]
    whole = [len(c.splitlines()) for c in full[1:]]
    assert all(r <= w for r, w in zip(redrawn, whole, strict=True)), (redrawn, whole)
    assert sum(redrawn) * 3 < sum(whole) * 2, (redrawn, whole)


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_piped_output_fits_80_columns_too(ruleset: str) -> None:
    scenario = get_game(ruleset).scenarios[0].id
    out = play(ruleset, scenario, "--compact", tty=False)
    wide = [line for line in out.splitlines() if len(line) > WIDTH]
    assert not wide, f"{len(wide)} line(s) over {WIDTH} columns, the widest:\n" + max(wide, key=len)
    # wrapped where a terminal wraps it, between words: the same text, line for line
    assert out == play(ruleset, scenario, "--compact")

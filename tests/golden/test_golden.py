"""Golden playthroughs: a fixed-seed game per ruleset and scenario, diffed against a file.

Regenerate on purpose with ``DOWDING_REGEN_GOLDEN=1 pytest tests/golden`` (see README.md).
"""

from __future__ import annotations

import difflib
import os
from dataclasses import asdict
from pathlib import Path

import pytest

from dowding.bots import make_player, player_kinds
from dowding.engine import get_game
from tests.support import cases, dumps, play

HERE = Path(__file__).parent
SEED = 1940


def playthrough(ruleset: str, scenario: str) -> str:
    """One line per step, ``i seat action hash``, then the result as JSON."""
    kind = "heuristic" if "heuristic" in player_kinds(ruleset) else "random"
    seats = get_game(ruleset).seat_ids()
    players = {seat: make_player(ruleset, kind, seat, SEED + i) for i, seat in enumerate(seats)}
    match = play(ruleset, scenario, SEED, players=players)
    lines = [f"{i} {s.seat} {s.action} {s.hash}" for i, s in enumerate(match.steps)]
    return "\n".join([*lines, dumps(asdict(match.result()))]) + "\n"


@pytest.mark.parametrize("case", cases())
def test_golden_playthrough(case: tuple[str, str]) -> None:
    ruleset, scenario = case
    path = HERE / ruleset / f"{scenario}.txt"
    actual = playthrough(ruleset, scenario)
    if os.environ.get("DOWDING_REGEN_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: run DOWDING_REGEN_GOLDEN=1 pytest tests/golden"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), str(path), "this run", lineterm="", n=2
        )
        pytest.fail("the playthrough changed:\n" + "\n".join(list(diff)[:80]), pytrace=False)

"""The Fight for the Sky terminal picture at 80 columns: every hex column, a key, whole labels."""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import pytest
from rich.console import Console

from dowding.engine import Decision, State, Terminal
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.board import load_board
from dowding.rulesets.fight_for_the_sky.render import render

WIDTH = 80
SCENARIOS = [s.id for s in GAME.scenarios]


def advance(state: State, steps: int, seed: int) -> State:
    rng = random.Random(seed)
    for _ in range(steps):
        node = state.next()
        if isinstance(node, Terminal):
            break
        state.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
    return state


@cache
def played(scenario: str, steps: int) -> State:
    return advance(GAME.new_state(scenario, {}), steps, seed=5)


def draw(view: dict[str, Any], seat: str | None) -> str:
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None)
    console.print(render(view, seat))
    return console.file.getvalue()  # type: ignore[attr-defined]


def map_lines(text: str) -> list[str]:
    """The map's lines: from the column letters to the line before the key."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("A  B  C"))
    end = next(i for i, line in enumerate(lines) if line.startswith("Key: "))
    return lines[start + 1 : end]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("steps", [0, 60])
def test_every_seat_fits_80_columns_with_every_column_and_a_key(scenario: str, steps: int) -> None:
    state = played(scenario, steps)
    columns = load_board().data.grid.columns
    letters = "  ".join(chr(ord("A") + c) for c in range(columns))
    for seat in [*state.seat_ids(), None]:
        text = draw(state.view(seat), seat)
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        assert letters in text  # A to U, every column labelled
        for words in ("Key: ", "RAF squadron", "raid", "target", "sea", "England", "France"):
            assert words in text, f"the key lacks {words!r}"


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_squadrons_are_drawn_by_their_whole_number(scenario: str) -> None:
    """'610' over 'sqn', never cut to 'r61'; a second squadron in a hex is '+1' under it."""
    state = played(scenario, 60)
    view = state.view("raf")
    aloft: dict[str, list[str]] = {}
    for r in view["raf"]:
        if r["hex"]:
            aloft.setdefault(r["hex"], []).append(str(r["sqn"]))
    assert aloft, "the case puts no squadron on the map"
    lines = map_lines(draw(view, "raf"))
    drawn = "\n".join(lines)
    for numbers in aloft.values():
        assert f"{numbers[0]:>3}" in drawn
        assert ("sqn" if len(numbers) == 1 else f"+{len(numbers) - 1}") in drawn
    for number in (n for numbers in aloft.values() for n in numbers if len(n) == 3):
        assert f"r{number[:2]}" not in drawn  # the old cut label


def test_a_squadron_sits_in_its_hex() -> None:
    view = played("basic", 0).view("raf")
    view["raf"] = [dict(view["raf"][0], hex="J5", sqn=610)]
    lines = map_lines(draw(view, "raf"))
    column = ord("J") - ord("A")  # odd (9): the hex's top line is row 5's numbered line
    start = 4 + 3 * column
    top = next(i for i, line in enumerate(lines) if line.startswith("  5 "))
    assert lines[top][start : start + 3] == "610"
    assert lines[top + 1][start : start + 3] == "sqn"

"""The crane terminal picture at 80 columns: the whole table, its ruler and its legend."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from dowding.engine import Decision, Terminal
from dowding.rulesets.crane import GAME
from dowding.rulesets.crane.render import render

WIDTH = 80


@pytest.mark.parametrize("scenario", [s.id for s in GAME.scenarios])
@pytest.mark.parametrize("steps", [0, 40])
@pytest.mark.parametrize(("table", "length"), [("pingpong", 108), ("6x4", 72)])
def test_every_seat_fits_80_columns_with_the_ruler_and_the_legend(
    scenario: str, steps: int, table: str, length: int
) -> None:
    state = GAME.new_state(scenario, {"table": table})
    rng = random.Random(7)
    for _ in range(steps):
        node = state.next()
        if isinstance(node, Terminal):
            break
        state.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
    for seat in [*state.seat_ids(), None]:
        console = Console(file=io.StringIO(), width=WIDTH, color_system=None)
        console.print(render(state.view(seat), seat))
        text = console.file.getvalue()  # type: ignore[attr-defined]
        assert max(len(line) for line in text.splitlines()) <= WIDTH
        ruler = next(line for line in text.splitlines() if line.lstrip().startswith("y 0"))
        assert ruler.split()[1:] == [str(y) for y in range(0, length + 1, 12)]
        for words in ("RAF in upper case", "Luftwaffe in lower case", "factory", "flak range"):
            assert words in text

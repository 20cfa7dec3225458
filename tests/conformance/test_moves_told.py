"""What moved is told: when a seat decides again after another seat has acted, any piece that
moved on its map since its last decision comes with at least one line of narration it may read.

The browser draws an arrow for each piece that moved since the person's last decision and
lists the lines told since under "Since your last move" (``static/moves.js``); a piece that
moved with no line left that list empty and the arrow unexplained (bob told nothing of a
German flight's move through empty spaces: CI's failing browser test of 7 December 2026).

A piece's place is read as the page reads it, from the seat's own map (``web/payload.py:
render_svg``): each element naming a piece (``data-plane``, ``data-flight``, ``data-unit-id``,
``data-piece``) with its ``transform`` and ``data-at``. Decisions a seat takes one after another
with nobody else acting in between (its own moves, which need no telling) are not asked.
"""

from __future__ import annotations

import random
import re

import pytest

from dowding.engine import Chance, Decision, Terminal, get_game, ruleset_ids, view
from dowding.web.payload import render_svg

PIECE = re.compile(r'<[^>]*\bdata-(?:plane|flight|unit-id|piece)="([^"]*)"[^>]*>')
TRANSFORM = re.compile(r'\btransform="([^"]*)"')
AT = re.compile(r'\bdata-at="([^"]*)"')
SEEDS = 2
STEPS = 1500  # each game's first steps: past the first moves of every side

CASES = [
    (ruleset, scenario.id)
    for ruleset in ruleset_ids()
    if ruleset != "toy"
    for scenario in get_game(ruleset).scenarios
]


def places(svg: str | None) -> dict[str, tuple[str, str]]:
    """Each piece's place on the map as drawn: its transform and its own point."""
    found: dict[str, tuple[str, str]] = {}
    for match in PIECE.finditer(svg or ""):
        element = match.group(0)
        at = AT.search(element)
        if at is None:
            continue
        transform = TRANSFORM.search(element)
        found.setdefault(match.group(1), (transform.group(1) if transform else "", at.group(1)))
    return found


def unexplained_moves(ruleset: str, scenario: str, seed: int) -> list[str]:
    state = get_game(ruleset).new_state(scenario)
    rng = random.Random(seed)
    seen: dict[str, dict[str, tuple[str, str]]] = {}  # each seat's map at its last decision
    told: dict[str, int] = {}  # lines it may read since
    others_acted: dict[str, bool] = {}
    found: list[str] = []
    for step in range(STEPS):
        node = state.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            action = node.sample(rng)
        else:
            assert isinstance(node, Decision)
            seat = node.seat
            if len(node.options) > 1:
                now = places(render_svg(ruleset, view(state, seat), seat, node))
                if seat in seen and others_acted[seat]:
                    moved = sorted(
                        p for p, at in now.items() if seen[seat].get(p) not in (None, at)
                    )
                    if moved and not told[seat]:
                        found.append(f"step {step}, {seat}: {', '.join(moved[:4])} ({node.prompt})")
                seen[seat], told[seat], others_acted[seat] = now, 0, False
            for other in others_acted:
                if other != seat:
                    others_acted[other] = True
            action = rng.choice(node.options)
        state.apply(action)
        for seat in told:
            told[seat] += sum(1 for e in state.events if e.visible_to(seat))
    return found


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_a_piece_that_moved_since_a_seat_s_last_decision_comes_with_a_line(
    ruleset: str, scenario: str
) -> None:
    for seed in range(SEEDS):
        found = unexplained_moves(ruleset, scenario, seed)
        assert not found, f"seed {seed}: moved with no line told: {found[:3]}"

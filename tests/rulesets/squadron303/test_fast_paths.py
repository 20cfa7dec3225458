"""The raw engine's fast paths give what the plain rules give: a piece's quick ``_replace``, the
remembered route steps, option tables and per-component memos (issue 15, engine speed)."""

from __future__ import annotations

import random
from collections import namedtuple

import pytest

from dowding.engine import Action, Decision, Terminal
from dowding.rulesets.squadron303.board import Board
from dowding.rulesets.squadron303.combat import FightState
from dowding.rulesets.squadron303.components import load_components, memo
from dowding.rulesets.squadron303.game import Squadron303Game
from dowding.rulesets.squadron303.pieces import German, Plane, Squadron
from dowding.rulesets.squadron303.players import card_options

GAME = Squadron303Game()


@pytest.mark.parametrize("cls", [Plane, German, Squadron, FightState])
def test_quick_replace_matches_the_stock_one(cls: type) -> None:
    fields = cls._fields  # type: ignore[attr-defined]
    stock = namedtuple("stock", fields)  # type: ignore[misc]
    values = [f"v{i}" for i in range(len(fields))]
    piece, plain = cls(*values), stock(*values)
    for i, name in enumerate(fields):
        changes = {name: "new", fields[(i + 3) % len(fields)]: i}
        got = piece._replace(**changes)
        assert type(got) is cls
        assert tuple(got) == tuple(plain._replace(**changes))
    assert piece == cls(*values)  # the original is untouched


def test_quick_replace_refuses_an_unknown_field() -> None:
    plane = Plane("p1", "p1", "zumbach", "london", 3)
    with pytest.raises(ValueError, match="unexpected field"):
        plane._replace(nonsense=1)


def test_remembered_steps_match_the_shortest_way() -> None:
    board = Board(load_components().map)
    fresh = Board(load_components().map)
    for here in board.areas:
        for goal in board.areas:
            if here == goal:
                continue
            first = board.step_toward(here, goal)
            again = board.step_toward(here, goal)
            best = fresh.distance(here, goal) - 1
            expected = min(n for n in fresh.neighbours[here] if fresh.distance(n, goal) == best)
            assert first == again == expected


def test_card_options_are_the_sorted_distinct_cards() -> None:
    cards = ("c3", "c1", "c3", "c2")
    assert card_options("discard", cards) == tuple(
        Action("discard", card=c) for c in ("c1", "c2", "c3")
    )
    assert card_options("boost", ()) == ()


def test_memo_tables_are_per_components_and_named() -> None:
    comp = load_components()
    table = memo(comp, "test-table")
    table["k"] = 1
    assert memo(comp, "test-table")["k"] == 1
    assert "k" not in memo(comp, "another-table")


def test_states_stay_independent_after_cached_decisions() -> None:
    """Copies made mid-game stay as they were while the game goes on: nothing remembered is
    tied to one state."""
    rng = random.Random(3)
    state = GAME.new_state("blitz")
    copies = []
    for step in range(400):
        node = state.next()
        if isinstance(node, Terminal):
            break
        if step % 50 == 0:
            copies.append((state.copy(), state.hash()))
        state.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
    for copy, digest in copies:
        assert copy.hash() == digest

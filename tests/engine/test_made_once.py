"""The engine's speed paths give the same answers as the plain ones: actions made once and handed
out again, ready-made dice outcomes, the legality check by identity."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dowding.engine import (
    LUFTWAFFE_DIE,
    RAF_DIE,
    Action,
    Chance,
    Decision,
    Draw,
    IllegalAction,
    State,
    SymbolPool,
)
from tests.toygame import ToyGame


def test_an_equal_action_is_handed_out_again() -> None:
    first = Action("move", flight="2A", to="K17")
    assert Action("move", to="K17", flight="2A") == first
    assert Action("move", flight="2A", to="K17") is first


def test_equal_values_of_other_types_make_the_same_text() -> None:
    assert Action("pick", n=1).text == Action("pick", n=True).text == Action("pick", n=1.0).text
    assert Action("pick", n=1.0).args == (("n", 1),)
    assert Action("at", x=7.499).text == "at x=7.5"


def test_a_bad_word_is_refused_every_time() -> None:
    for _ in range(2):
        with pytest.raises(ValueError):
            Action("pick", card="two words")
        with pytest.raises(ValueError):
            Action("pick", card="12")
        with pytest.raises(ValueError):
            Action("pick", **{"a=b": 1})
        with pytest.raises(ValueError):
            Action("bad kind", n=1)


def test_unsupported_values_are_refused_even_when_an_equal_one_was_made() -> None:
    class Odd:
        def __eq__(self, other: object) -> bool:
            return other == 1

        def __hash__(self) -> int:
            return hash(1)

    Action("pick", n=1)
    with pytest.raises(TypeError):
        Action("pick", n=Odd())


def test_tuples_and_lists_are_built_every_time() -> None:
    assert Action("roll", d=[4, 2]).text == Action("roll", d=(4, 2)).text == "roll d=4,2"
    assert Action("roll", d=(4,)).text == "roll d=4,"


@pytest.mark.parametrize("die", [RAF_DIE, LUFTWAFFE_DIE])
@pytest.mark.parametrize("count", [0, 1, 5, 17])
def test_a_symbol_pool_samples_as_a_tally_of_single_dice(die: object, count: int) -> None:
    pool = SymbolPool("dice", die=die, count=count)  # type: ignore[arg-type]
    for seed in range(20):
        rng, check = random.Random(seed), random.Random(seed)
        tally = Counter(check.choice(pool.die.faces) for _ in range(count))
        expected = Action("roll", **{str(s): tally[s] for s in pool.die.symbols})
        assert pool.sample(rng) == expected
        assert rng.random() == check.random()  # the same draws from the generator
        assert pool.is_outcome(expected)


def test_a_draw_samples_as_a_choice_of_item() -> None:
    draw = Draw("a card", ("a", "b", "c", "b"))
    for seed in range(20):
        rng, check = random.Random(seed), random.Random(seed)
        assert draw.sample(rng) == Action("draw", item=check.choice(draw.items))
        assert rng.random() == check.random()


def test_a_draw_with_an_item_that_cannot_be_logged_is_refused_every_time() -> None:
    Draw("good", ("a", "b"))
    for _ in range(2):
        with pytest.raises(ValueError, match="item 'c d' cannot be logged"):
            Draw("bad", ("a", "c d"))


def _first_decision(state: State) -> Decision:
    rng = random.Random(3)
    while True:
        node = state.next()
        if isinstance(node, Decision):
            return node
        assert isinstance(node, Chance)
        state.apply(node.sample(rng))


def test_an_equal_action_not_among_the_options_objects_is_still_legal() -> None:
    state, other = ToyGame().new_state(), ToyGame().new_state()
    node = _first_decision(state)
    _first_decision(other)
    option = node.options[-1]
    equal = Action.trusted(option.kind, *option.args)  # a new object, equal to the option
    assert equal == option and equal is not option
    state.apply(equal)
    other.apply(option)
    assert state.hash() == other.hash()
    with pytest.raises(IllegalAction):
        state.apply(Action("no-such-move"))

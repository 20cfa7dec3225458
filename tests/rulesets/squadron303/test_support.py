"""Support asked before the fighter chooses his die and card ("Support from another player":
"After rolling the dice for the Combat round, but before choosing the player die and Combat
cards"); the dice fixed."""

from __future__ import annotations

from dowding.engine import Action, Decision
from dowding.rulesets.squadron303.combat import FightState
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _decide, _pool, _table


def _fight(hand: tuple[str, ...], helper: tuple[str, ...]) -> S303State:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (
        state.plane("p1")._replace(hand=hand, ammo=4),
        state.plane("p2")._replace(hand=helper),
    )
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("blank", "blank")))
    state.apply(_pool(state, ["hit2", "blank"]))
    return state


def test_support_is_offered_before_the_round_and_counts_with_a_sequence() -> None:
    # p1 holds Tight Turn (Evade support) and c01 (Hit support); p2 offers c05 (Evade, Evade)
    state = _fight(("c01", "c10"), ("c05",))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p2"
    assert set(node.options) == {Action("pass"), Action("support", card="c05")}
    _decide(state, Action("support", card="c05"))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    # with Tight Turn the Sequence Evade x3 gives an Evade; with c01 there is none
    assert Action("round", die=0, card="c10", use=0, gain="evade") in node.options
    assert Action("round", die=0, card="c01", use=0) in node.options
    _decide(state, Action("round", die=0, card="c10", use=0, gain="evade"))
    assert state.plane("p1").damage == ()  # the Support's Evade cancels the Bf 109's Hit
    assert "c05" in state.discards and state.plane("p2").hand == ()


def test_support_without_a_sequence_goes_back_to_its_pilot() -> None:
    state = _fight(("c01", "c10"), ("c05",))
    _decide(state, Action("support", card="c05"))
    _decide(state, Action("round", die=0, card="c01", use=0))  # Hit support: no Sequence
    assert state.plane("p2").hand == ("c05",) and "c05" not in state.discards
    assert state.fight is not None and FightState(*state.fight).supports == 0  # none received


def test_no_card_that_can_make_a_sequence_no_offer() -> None:
    # with open hands, p2 is not asked when none of his cards fits any of p1's
    state = _fight(("c01",), ("c05",))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1" and node.options[0].kind == "round"

"""The pilots' abilities ("Phase II: 1. Pilot Special Abilities", the player aid; Henneberg's
is ours), played through the game state with the dice fixed."""

from __future__ import annotations

from dowding.engine import Action, Chance, Decision
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.players import movement_tasks
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _decide, _pool, _table, _with_pilot


def _fight(state: S303State, target: str = "brown-1") -> None:
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.queue = (("fight", "p1"), ("fight", "p2"))
    state._node = None
    _decide(state, Action("fight", target=target))


def test_feric_may_take_a_maneuver_token_instead_of_the_extra_area() -> None:
    # "option to take an extra Manoeuvre token"; "+1 Area if he didn't take a Manoeuvre token"
    state = _with_pilot(_table(), "feric")
    _decide(state, Action("ability", use=1, token=1))
    assert state.plane("p1").tokens == 1
    movement_tasks(state)
    assert state.plane("p1").moves_left == 1  # the free move only


def test_henneberg_rerolls_one_of_the_targets_dice() -> None:
    state = _with_pilot(_table(), "henneberg")
    _decide(state, Action("ability", use=1))
    state.planes = (state.plane("p1")._replace(hand=()), state.planes[1])
    _fight(state)
    state.apply(Action("roll", d=("hit", "blank")))
    state.apply(_pool(state, ["hit2", "evade"]))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    assert set(node.options) == {
        Action("pass"),
        Action("reroll", die=0),
        Action("reroll", die=1),
    }
    _decide(state, Action("reroll", die=1))  # the Evade that would cancel his Hit
    node = state.next()
    assert isinstance(node, Chance) and "reroll" in node.label
    state.apply(Action("roll", d="reroll"))  # a Reroll on a die rolled again is a miss
    _decide(state, Action("round", die=0))
    assert state.german("brown-1").damage == 1


def test_lokuciewski_draws_five_and_keeps_two() -> None:
    state = _with_pilot(_table(), "lokuciewski")
    _decide(state, Action("ability", use=1))
    state.planes = (state.plane("p1")._replace(hand=("c01",)), state.planes[1])
    state.discards = ("c40",)
    state._node = None
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    assert set(node.options) == {
        Action("lokuciewski", take="deck"),
        Action("lokuciewski", take="discards"),
    }
    _decide(state, Action("lokuciewski", take="deck"))
    drawn = sorted(set(state.deck) - {"c01"})[:5]
    for card in drawn:
        node = state.next()
        assert isinstance(node, Chance)
        state.apply(Action("draw", item=card))
    for card in drawn[:3]:
        node = state.next()
        assert isinstance(node, Decision)
        assert Action("discard", card="c01") not in node.options  # only the cards just drawn
        _decide(state, Action("discard", card=card))
    assert state.plane("p1").hand == tuple(sorted(("c01", *drawn[3:])))
    assert set(drawn[:3]) <= set(state.discards)


def test_lokuciewski_takes_two_from_the_discard_pile() -> None:
    state = _with_pilot(_table(), "lokuciewski")
    _decide(state, Action("ability", use=1))
    state.planes = (state.plane("p1")._replace(hand=()), state.planes[1])
    state.discards = ("c07", "c40", "c41")
    state._node = None
    _decide(state, Action("lokuciewski", take="discards"))
    _decide(state, Action("take", card="c40"))
    _decide(state, Action("take", card="c07"))
    assert state.plane("p1").hand == ("c07", "c40") and state.discards == ("c41",)


def test_urbanowicz_keeps_his_third_die_for_another_pilot() -> None:
    state = _with_pilot(_table(), "urbanowicz")
    _decide(state, Action("ability", use=1))
    state.planes = (state.plane("p1")._replace(hand=()), state.plane("p2")._replace(hand=()))
    _fight(state)
    state.apply(Action("roll", d=("blank", "evade", "hit")))  # three blue dice
    state.apply(_pool(state, ["blank", "blank"]))
    node = state.next()
    assert isinstance(node, Decision) and Action("give", die=2, to="p2") in node.options
    _decide(state, Action("give", die=2, to="p2"))  # the Hit, for Yellow
    assert state.plane("p2").gift == "hit"
    node = state.next()
    assert isinstance(node, Decision)
    assert {o.get("die") for o in node.options} == {0, 1}  # his two dice left
    # Yellow's Fight: her two dice and the kept one, two of them to use
    state.germans = (*state.germans, German("brown-2", "bf109", "brown", "A7", 2))
    state.fight = None
    state.queue = (("fight", "p2"),)
    state._node = None
    _decide(state, Action("fight", target="brown-2"))
    state.apply(Action("roll", d=("blank", "blank")))
    assert state.fight is not None and len(state.fight[5]) == 3  # faces: two rolled, one kept
    assert state.plane("p2").gift == ""
    state.apply(_pool(state, ["blank", "blank"]))
    node = state.next()
    assert isinstance(node, Decision) and {o.get("die") for o in node.options} == {0, 1, 2}
    _decide(state, Action("round", die=2))
    assert state.german("brown-2").damage == 1

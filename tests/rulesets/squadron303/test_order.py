"""The order of moves and Fights ("3. Movement", "Phase III: Combat": "in an order the players
choose"): a decision naming the pilots who have not gone yet; with one left nobody is asked."""

from __future__ import annotations

from dowding.engine import Action, Decision
from dowding.rulesets.squadron303.pieces import German
from tests.rulesets.squadron303.test_game_examples import _decide, _table


def test_the_players_choose_who_moves_first() -> None:
    state = _table()
    state.queue = (("step", "movement"), ("step", "reconnaissance"))
    state._node = None
    state._advance()
    node = state.next()
    assert isinstance(node, Decision)
    assert set(node.options) == {Action("first", plane="p1"), Action("first", plane="p2")}
    _decide(state, Action("first", plane="p2"))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p2" and node.prompt.startswith("p2 ")
    _decide(state, Action("stop"))
    # one pilot left: he moves without anyone being asked who goes next
    node = state.next()
    assert isinstance(node, Decision) and node.prompt.startswith("p1 ")


def test_the_players_choose_who_fights_first_among_those_who_may() -> None:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.queue = (("step", "combat"),)
    state._node = None
    state._advance()
    node = state.next()
    assert isinstance(node, Decision)
    assert {str(o.get("plane")) for o in node.options} == {"p1", "p2"}
    _decide(state, Action("first", plane="p2"))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p2"
    assert Action("fight", target="brown-1") in node.options
    _decide(state, Action("pass"))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1" and node.prompt.startswith("p1:")


def test_a_pilot_who_may_not_fight_is_not_offered() -> None:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (state.plane("p1"), state.plane("p2")._replace(ammo=0))
    state.queue = (("step", "combat"),)
    state._node = None
    state._advance()
    node = state.next()
    assert isinstance(node, Decision) and node.prompt.startswith("p1:")
    assert Action("fight", target="brown-1") in node.options

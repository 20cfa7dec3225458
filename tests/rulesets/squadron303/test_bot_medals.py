"""The heuristic pilot spends its Medals when it pays ("Medal tokens"): another pilot's
ability when a Medal is spare, stopping the extra move of a squadron whose bombers are near
their target, a Withdraw when one more damage would shoot it down."""

from __future__ import annotations

from dowding.engine import Action, Decision
from dowding.rulesets.squadron303.bots import Squadron303Heuristic
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _table
from tests.rulesets.squadron303.test_medals import _abilities, _shoot_down_near


def _choice(state: S303State) -> Action:
    node = state.next()
    assert isinstance(node, Decision)
    bot = Squadron303Heuristic(node.seat)
    choice = bot.choose(state.view(node.seat, infostate=False), node)
    assert choice in node.options
    return choice


def test_a_spare_medal_buys_zumbachs_extra_card() -> None:
    state = _abilities(_table(), "paszkiewicz", "zumbach", medals=2)
    state.apply(Action("ability", use=1))  # p2 flies Zumbach
    assert _choice(state) == Action("borrow", pilot="zumbach")


def test_a_single_medal_of_a_damaged_pilot_is_kept() -> None:
    state = _table()
    state.planes = (
        state.plane("p1")._replace(damage=("no_extra", "hand_size")),
        state.plane("p2"),
    )
    state = _abilities(state, "paszkiewicz", "zumbach", medals=1)
    assert state.plane("p1").damage == ("no_extra", "hand_size")
    state.apply(Action("ability", use=1))
    assert state.turn_no < state.scenario.turns - 1  # not the last turns
    assert _choice(state) == Action("pass")


def test_a_medal_stops_the_bombers_extra_move() -> None:
    # the brown squadron (a Bf 109 and He 111s on their way to Biggin Hill) would move again
    state = _shoot_down_near(_table(), "A7", medals=1)
    node = state.next()
    assert isinstance(node, Decision) and any(o.kind == "medal" for o in node.options)
    assert _choice(state).kind == "medal"


def test_a_fighter_squadron_is_let_go() -> None:
    state = _shoot_down_near(_table(), "A7", medals=1)
    state.germans = tuple(g._replace(type="bf109") for g in state.germans)
    state._node = None
    assert _choice(state) == Action("pass")


def test_withdraw_with_four_damage() -> None:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    four = ("no_extra", "hand_size", "no_extra", "hand_size")
    state.planes = (
        state.plane("p1")._replace(damage=four, medals=1, fought_last=("brown",), moves_left=1),
        state.plane("p2"),
    )
    state.queue = (("move", "p1"),)
    state._node = None
    assert _choice(state) == Action("withdraw")

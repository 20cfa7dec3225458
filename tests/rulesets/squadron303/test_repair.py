"""Repairs on the airfield ("Phase VI: Reorganization"; reading S22: a repair removes a damage
token of the player's choice), for a pilot and for either pilot of a solo game."""

from __future__ import annotations

import random

from dowding.engine import Action, Chance, Decision
from dowding.rulesets.squadron303.game import GAME
from dowding.rulesets.squadron303.pieces import LANDED
from tests.rulesets.squadron303.test_game_examples import _decide, _table


def test_a_repair_removes_the_token_the_player_chooses() -> None:
    state = _table()
    damage = ("no_free_move", "hand_size", "hand_size")
    state.planes = (
        state.plane("p1")._replace(status=LANDED, area="biggin-hill", damage=damage, ammo=4),
        state.plane("p2"),
    )
    state.queue = (("refit", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("refit", cards=3, repairs=1, ammo=0))
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    assert set(node.options) == {
        Action("repair", token="hand_size"),
        Action("repair", token="no_free_move"),
    }
    _decide(state, Action("repair", token="no_free_move"))
    assert state.plane("p1").damage == ("hand_size", "hand_size")


def test_one_kind_of_token_is_repaired_without_asking() -> None:
    state = _table()
    state.planes = (
        state.plane("p1")._replace(status=LANDED, area="biggin-hill", damage=("no_extra",) * 2),
        state.plane("p2"),
    )
    state.queue = (("refit", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("refit", cards=2, repairs=2, ammo=0))
    assert state.plane("p1").damage == ()
    assert isinstance(state.next(), Chance)  # the cards drawn next


def test_the_solo_wingman_chooses_his_own_repair() -> None:
    state = GAME.new_state("attack-on-biggin-hill", {"players": 1})
    rng = random.Random(1)
    while state.turn_no == 0:
        node = state.next()
        assert isinstance(node, Chance)
        state.apply(node.sample(rng))
    wingman = state.plane("p1w")._replace(
        status=LANDED, area="biggin-hill", damage=("hand_size", "no_free_move")
    )
    state.planes = (state.plane("p1"), wingman)
    state.queue = (("refit", "p1w"), ("move", "p1"))
    state._node = None
    _decide(state, Action("refit", cards=2, repairs=2, ammo=0))
    node = state.next()
    assert isinstance(node, Decision) and node.prompt.startswith("p1w on the airfield")
    _decide(state, Action("repair", token="hand_size"))
    assert state.plane("p1w").damage == ()  # the second repair takes the last kind at once

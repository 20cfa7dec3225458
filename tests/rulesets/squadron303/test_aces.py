"""German Aces ("Additional rules: Aces", L8): drawn face down per squadron, turned up when an
RAF plane meets the squadron, their six benefits, and their end; the dice fixed."""

from __future__ import annotations

import random

from dowding.engine import Action, Chance
from dowding.rulesets.squadron303.aces import end_of_turn
from dowding.rulesets.squadron303.combat import _german_colours
from dowding.rulesets.squadron303.germans import do_germans
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _decide, _pool, _table
from tests.rulesets.squadron303.test_state import GAME


def _set_up(scenario: str, players: int, seed: int = 3) -> S303State:
    state = GAME.new_state(scenario, {"players": players})
    rng = random.Random(seed)
    while state.turn_no == 0:
        node = state.next()
        assert isinstance(node, Chance)
        state.apply(node.sample(rng))
    return state


def test_a_scenario_with_aces_draws_one_per_squadron_face_down() -> None:
    state = _set_up("battle-of-britain-day", 4)
    assert state.scenario.aces
    held = [s for s in state.squadrons if s.ace]
    assert held and all(not s.ace_plane for s in held)
    assert len({s.ace for s in held}) == len(held)  # each token once
    for s in held:  # a bomber-only squadron draws a bomber Ace, a fighter-only one a fighter Ace
        types = {
            state.comp.aircraft[g.type].category == "bomber"
            for g in state.germans
            if g.squadron == s.id
        }
        if types == {True}:
            assert s.ace in state.comp.rules.bomber_aces
        elif types == {False}:
            assert s.ace in state.comp.rules.fighter_aces
    view = state.view("p1", infostate=False)
    assert all(view["aces"][s.id] == {"ace": "face down", "plane": ""} for s in held)
    swapped = False
    for k in range(8):
        other = state.determinize("p1", random.Random(k))
        assert other.view("p1", infostate=False) == view
        swapped |= [s.ace for s in other.squadrons] != [s.ace for s in state.squadrons]
    assert swapped or len(held) == 1


def _ace(state: S303State, token: str, plane: str = "brown-1") -> S303State:
    state.squadrons = tuple(
        s._replace(ace=token, ace_plane=plane) if s.id == "brown" else s for s in state.squadrons
    )
    return state


def test_an_raf_plane_in_the_area_turns_the_ace_up() -> None:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A5", 2),)
    state.planes = (state.plane("p1")._replace(area="A1"), state.plane("p2")._replace(area="A1"))
    state.squadrons = tuple(
        s._replace(ace="extra_die") if s.id == "brown" else s for s in state.squadrons
    )
    state.reveal_contacts()
    assert state.squadron("brown").ace_plane == ""
    state.put(state.plane("p1")._replace(area="A5"))
    state.reveal_contacts()
    assert state.squadron("brown").ace_plane == "brown-1"
    assert state.view("p2", infostate=False)["aces"]["brown"] == {
        "ace": "extra_die",
        "plane": "brown-1",
    }


def test_fighter_ace_d_an_extra_die_and_c_a_free_evade() -> None:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    assert _german_colours(state, state.germans[0]) == ("red", "red")
    _ace(state, "extra_die")
    assert _german_colours(state, state.germans[0]) == ("red", "red", "red")
    state = _ace(_table(), "free_evade")
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (state.plane("p1")._replace(hand=()), state.plane("p2")._replace(hand=()))
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("hit", "blank")))
    state.apply(_pool(state, ["blank", "blank"]))
    _decide(state, Action("round", die=0))
    assert state.german("brown-1").damage == 0  # the Ace's Evade cancels the Hit


def test_fighter_ace_b_rerolls_blanks() -> None:
    state = _ace(_table(), "reroll_blanks")
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (state.plane("p1")._replace(hand=()), state.plane("p2")._replace(hand=()))
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("hit", "blank")))
    state.apply(_pool(state, ["blank", "evade"]))
    node = state.next()
    assert isinstance(node, Chance) and "reroll of a red die" in node.label
    state.apply(Action("roll", d="hit3"))
    assert state.fight is not None and sorted(state.fight[8]) == ["evade", "hit3"]


def test_fighter_ace_a_adds_a_hit_per_fighter_in_a_counterattack() -> None:
    state = _ace(_table(), "ca_hit")
    state.germans = (
        German("brown-1", "bf109", "brown", "A7", 2),
        German("brown-2", "bf109", "brown", "A7", 2),
    )
    state.planes = (state.plane("p1")._replace(hand=()), state.plane("p2")._replace(hand=()))
    state.queue = (("ca", "brown", "A7", 0), ("move", "p2"))
    state._node = None
    state._advance()
    state.apply(_pool(state, ["blank"] * 4))
    damage = [t for t in state.queue if t[0] in ("damage", "token")]
    assert len(damage) == 4  # 2 Ace Hits to each of the two planes


def test_bomber_aces_e_one_area_more_after_an_attack_and_f_one_more_token() -> None:
    state = _ace(_table(), "extra_token", "brown-2")
    sq = state.squadron("brown")
    a7 = sq.path.index("A7")
    state.germans = (German("brown-2", "he111", "brown", "A7", a7, tokens=1),)
    state.queue = ()
    do_germans(state, ("germans",))
    assert state.german("brown-2").area == "A5"  # one token no longer stops it
    state = _ace(_table(), "extra_move", "brown-2")
    state.germans = (German("brown-2", "he111", "brown", "A7", a7, fought=True),)
    state.queue = ()
    do_germans(state, ("germans",))
    assert state.german("brown-2").area == "biggin-hill"  # A7 -> A5 -> Biggin Hill


def test_an_ace_shot_down_ends_at_the_end_of_the_turn() -> None:
    state = _ace(_table(), "extra_die")
    state.germans = (German("brown-2", "bf109", "brown", "A7", 2),)
    end_of_turn(state)
    assert state.squadron("brown").ace == ""


def test_a_wild_defence_cancels_an_ace_hit_with_no_propeller_rolled() -> None:
    # reading S11: the Ace's extra Hit has no propeller, so only a Wild Defence cancels it
    state = _ace(_table(), "ca_hit")
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    wild = next(c.id for c in state.comp.cards if c.defence == ("wild",))
    state.planes = (state.plane("p1")._replace(hand=(wild,)), state.plane("p2")._replace(hand=()))
    state.queue = (("ca", "brown", "A7", 0), ("move", "p2"))
    state._node = None
    state._advance()
    state.apply(_pool(state, ["blank", "blank"]))
    _decide(state, Action("defend", card=wild, prop="wild"))
    assert not any(t[0] in ("damage", "token") for t in state.queue)

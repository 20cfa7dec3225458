"""The rulebook's examples played through the game state, the dice fixed: the two-round Fight
with Support ("Phase III" example) and the Counterattack with Defence cards ("Phase IV")."""

from __future__ import annotations

import random

from dowding.engine import Action, Chance, Decision
from dowding.rulesets.squadron303.combat import pool_faces
from dowding.rulesets.squadron303.game import GAME
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.state import S303State


def _table() -> S303State:
    """Attack on Biggin Hill for two, set up; then Blue (p1) and Yellow (p2) in A7."""
    state = GAME.new_state("attack-on-biggin-hill", {"players": 2})
    rng = random.Random(1)
    while state.turn_no == 0:
        node = state.next()
        assert isinstance(node, Chance)
        state.apply(node.sample(rng))
    state.planes = tuple(p._replace(area="A7", tokens=0, damage=()) for p in state.planes)
    return state


def _pool(state: S303State, faces: list[str]) -> Action:
    """The outcome of the pending dice pool that shows these faces."""
    node = state.next()
    assert isinstance(node, Chance)
    task = state.queue[0]
    die = state.dice[task[2]]
    for outcome, _ in node.outcomes():
        if sorted(pool_faces(die, outcome)) == sorted(faces):
            return outcome
    raise AssertionError(f"no outcome {faces}")


def _decide(state: S303State, action: Action) -> None:
    node = state.next()
    assert isinstance(node, Decision), node
    assert action in node.options, (action, node.options)
    state.apply(action)


def test_two_round_fight_with_support() -> None:
    state = _table()
    state.germans = (
        German("brown-1", "bf109", "brown", "A7", 2),
        German("brown-2", "he111", "brown", "A7", 2),
    )
    state.planes = (
        state.plane("p1")._replace(hand=("c10", "c18"), ammo=4),  # Tight Turn (Hit), Dive Through
        state.plane("p2")._replace(hand=("c05",)),  # Support: Evade, Evade
    )
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    assert state.plane("p1").ammo == 3
    state.apply(Action("roll", d=("hit", "maneuver")))  # blues: Hit, Maneuver
    state.apply(_pool(state, ["hit2", "evade"]))  # reds: Hit, Evade
    # Round 1: Yellow holds her Support back (asked before the die and card are chosen, as the
    # rulebook orders it); the Maneuver die on Tight Turn (Hit): Maneuver + Hit cancel the
    # German Hit; the Hit die waits.
    _decide(state, Action("pass"))
    _decide(state, Action("round", die=1, card="c10", use=1))
    assert state.german("brown-1").damage == 0 and state.plane("p1").damage == ()
    # Round 2, the same Bf 109: its dice rerolled, 2 Hits; Blue's Hit die and a 2nd card give
    # 4 symbols and 2 Hits: down. Yellow's Support completes a Sequence: +1 Evade, 1 damage.
    _decide(state, Action("next", target="brown-1"))
    state.apply(_pool(state, ["hit3", "hit4"]))
    _decide(state, Action("support", card="c05"))  # offered first, face up
    node = state.next()
    assert isinstance(node, Decision)
    assert Action("round", die=0, card="c18", use=0, gain="evade") in node.options
    assert Action("round", die=0, card="c18", use=0) not in node.options  # the Sequence counts
    _decide(state, Action("round", die=0, card="c18", use=0, gain="evade"))
    assert all(g.id != "brown-1" for g in state.germans)
    assert state.plane("p1").kills == ("bf109",) and state.kills == 1
    node = state.next()
    assert isinstance(node, Chance) and "damage token" in node.label  # exactly one
    state.apply(Action("draw", item="no_extra"))
    # the two Maneuvers left (the die's, which counts in both rounds, and the 2nd card's)
    _decide(state, Action("maneuver", to="board"))
    node = state.next()
    assert isinstance(node, Decision)  # only an aircraft fought takes a token: not the He 111
    assert Action("maneuver", to="brown-2") not in node.options
    _decide(state, Action("maneuver", to="board"))
    assert state.plane("p1").damage == ("no_extra",) and state.plane("p1").tokens == 2
    assert state.fight is None and state.plane("p2").hand == ()


def test_counterattack_with_defence_cards() -> None:
    state = _table()
    state.germans = (German("red-1", "bf109", "red", "A7", 2),)
    state.planes = (
        state.plane("p1")._replace(hand=("c03",)),  # Blue: a 4-blade Defence only
        state.plane("p2")._replace(hand=("c02",)),  # Yellow: a 3-blade Defence
    )
    state.queue = (("ca", "red", "A7", 0), ("move", "p2"))
    state._node = None
    state._advance()
    state.apply(_pool(state, ["hit2", "hit3"]))  # 2 Hits: a double and a triple propeller
    # Blue cannot match the double: no decision for him; Yellow cancels the triple for all.
    _decide(state, Action("defend", card="c02", prop=3))
    for _ in range(2):  # each of Yellow and Blue takes one damage
        node = state.next()
        assert isinstance(node, Chance) and "damage token" in node.label
        state.apply(Action("draw", item="no_extra"))
    assert [len(p.damage) for p in state.planes] == [1, 1]
    assert state.squadron("red").counterattacked


def test_fifth_damage_shoots_down_and_moves_the_squadrons_near() -> None:
    state = _table()
    sq = state.squadron("brown")
    a7, a5 = sq.path.index("A7"), sq.path.index("A5")
    state.germans = (
        German("brown-1", "bf109", "brown", "A7", a7),
        German("brown-2", "he111", "brown", "A7", a7, damage=1, tokens=2),
        German("brown-3", "he111", "brown", "A5", a5),
    )
    four = ("no_free_move", "discard_card", "hand_size", "no_extra")
    state.planes = (state.plane("p1")._replace(damage=four), state.plane("p2"))
    state.queue = (("damage", "p1"), ("move", "p2"))
    state._node = None
    state._advance()
    p1 = state.plane("p1")
    assert p1.status == "down" and p1.area == "northolt" and state.pilots_down == 1
    # the escort stays with its pinned bomber in A7; the He 111 in A5 reaches Biggin Hill, bombs
    assert {g.id: g.area for g in state.germans} == {
        "brown-1": "A7",
        "brown-2": "A7",
        "brown-3": "biggin-hill",
    }
    assert state.german("brown-2").tokens == 1
    assert dict(state.target_damage)["biggin-hill"] == 1


def _with_pilot(state: S303State, pilot: str) -> S303State:
    # p2 flies Paszkiewicz, whose ability is passive (no decision at Phase II.1)
    state.planes = (
        state.plane("p1")._replace(pilot=pilot, medals=0),
        state.plane("p2")._replace(pilot="paszkiewicz", medals=0),
    )
    state.queue = (("step", "abilities"),)
    state._node = None
    state._advance()
    return state


def test_a_pilot_uses_his_ability_or_takes_the_yellow_die() -> None:
    state = _with_pilot(_table(), "zumbach")
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    state.apply(Action("ability", use=1))
    assert state.plane("p1").ability and not state.plane("p1").yellow
    # Zumbach: one card more at the draw (3), hand size +1 (7 with 4 ammo)
    node = state.next()
    draws = [t for t in state.queue if t == ("draw", "p1")]
    assert len(draws) == 3
    from dowding.rulesets.squadron303.players import limit_of

    assert limit_of(state, state.plane("p1")) == 7


def test_feric_moves_one_area_more() -> None:
    state = _with_pilot(_table(), "feric")
    state.apply(Action("ability", use=1))
    from dowding.rulesets.squadron303.players import movement_tasks

    movement_tasks(state)
    assert state.plane("p1").moves_left == 2 and state.plane("p2").moves_left == 1


def test_frantisek_rolls_three_keeps_two_and_turns_evades_to_hits() -> None:
    state = _with_pilot(_table(), "frantisek")
    state.apply(Action("ability", use=1))
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (state.plane("p1")._replace(hand=()), state.planes[1])
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1"))
    state.apply(Action("roll", d=("evade", "blank", "hit")))  # three blue dice
    state.apply(_pool(state, ["blank", "blank"]))
    _decide(state, Action("round", die=0))  # the Evade, read as a Hit
    assert state.german("brown-1").damage == 1
    node = state.next()
    assert isinstance(node, Decision)
    _decide(state, Action("next", target="brown-1"))
    state.apply(_pool(state, ["blank", "blank"]))
    node = state.next()
    assert isinstance(node, Decision)
    dice = {o.get("die") for o in node.options}
    assert dice == {1, 2}  # the second of his two dice
    _decide(state, Action("round", die=2))
    assert all(g.id != "brown-1" for g in state.germans)


def test_withdraw_for_a_medal() -> None:
    # "Withdraw" example: Blue, in the Area of the squadron he fought last turn, spends his
    # Medal; the plane goes to the starting airfield; a new pilot comes in at Phase VI.
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (
        state.plane("p1")._replace(medals=1, fought_last=("brown",), moves_left=0),
        state.plane("p2")._replace(moves_left=0),
    )
    state.queue = (("move", "p2"), ("move", "p1"), ("step", "reorganization"))
    state._node = None
    node = state.next()
    assert isinstance(node, Decision) and Action("withdraw") not in node.options  # p2 did not fight
    _decide(state, Action("stop"))
    _decide(state, Action("withdraw"))
    p1 = state.plane("p1")
    assert (p1.status, p1.area, p1.medals, p1.hand) == ("withdrawn", "northolt", 0, ())
    old = p1.pilot
    node = state.next()
    assert isinstance(node, Chance) and "new pilot" in node.label
    state.apply(node.sample(random.Random(2)))
    p1 = state.plane("p1")
    assert p1.status == "flying" and p1.pilot != old and p1.ammo == 4 and p1.damage == ()


def test_starting_area_for_discarded_cards() -> None:
    state = _table()
    state.planes = tuple(p._replace(area="northolt") for p in state.planes)
    from dowding.rulesets.squadron303.players import movement_tasks

    state.queue = (*movement_tasks(state), ("step", "combat"))
    state._node = None
    node = state.next()
    assert isinstance(node, Decision)
    assert {str(o.get("at")) for o in node.options} == {
        "northolt",
        "london",
        "biggin-hill",
        "tonbridge",
    }
    hand = state.plane("p1").hand
    _decide(state, Action("start", at="biggin-hill"))
    _decide(state, Action("discard", card=hand[0]))
    _decide(state, Action("discard", card=hand[1]))
    assert state.plane("p1").area == "biggin-hill"
    assert len(state.plane("p1").hand) == len(hand) - 2


def test_hun_in_the_sun_strikes_before_the_fights() -> None:
    # Blitz: "Hun in the Sun" with 1 die, by the Counterattack procedure, before Phase III.
    state = GAME.new_state("blitz", {"players": 2})
    rng = random.Random(1)
    while state.turn_no == 0:
        state.apply(state.next().sample(rng))  # type: ignore[union-attr]
    state.planes = tuple(p._replace(area="A7", hand=()) for p in state.planes)
    sq = state.squadrons[0]._replace(id="sun", mode="hun_in_the_sun")
    state.squadrons = (*state.squadrons, sq)
    state.germans = (*state.germans, German("sun-1", "bf109", "sun", "A7", 0))
    from dowding.rulesets.squadron303.combat import combat_tasks

    tasks = combat_tasks(state)
    assert tasks[0] == ("hun", "sun", "A7")
    state.queue = (*tasks, ("move", "p1"))
    state._node = None
    state._advance()
    node = state.next()
    assert isinstance(node, Chance) and "red dice" in node.label
    state.apply(_pool(state, ["hit4"]))  # one die, as the Scenario says
    for _ in range(2):  # no Defence card in hand: both planes take the Hit
        state.apply(Action("draw", item="no_extra"))
    assert [len(p.damage) for p in state.planes] == [1, 1]


def test_an_event_met_gives_its_contributors_a_medal() -> None:
    # "Seek and destroy": shoot down one of its planes; the pilot who fought them gets a Medal.
    state = _table()
    state.revealed = (("seek-and-destroy", 1),)
    state.downed = ("seek-and-destroy-1",)
    state.planes = (
        state.plane("p1")._replace(fought_now=("seek-and-destroy-1",)),
        state.plane("p2"),
    )
    from dowding.rulesets.squadron303.reorganization import settle_events

    settle_events(state)
    assert [p.medals for p in state.planes] == [1, 0]
    assert state.settled == ("seek-and-destroy",)
    settle_events(state)  # once only
    assert [p.medals for p in state.planes] == [1, 0]


def test_an_event_the_luftwaffe_met_takes_its_planes_away() -> None:
    state = _table()
    state.revealed = (("seek-and-destroy", 1),)
    state.exited = ("seek-and-destroy-1", "seek-and-destroy-1")  # both Bf 110s got home
    state.germans = (German("seek-and-destroy-2-1", "bf110", "seek-and-destroy-2", "D1"),)
    from dowding.rulesets.squadron303.reorganization import settle_events

    settle_events(state)
    assert state.settled == ("seek-and-destroy",) and state.germans == ()
    assert [p.medals for p in state.planes] == [0, 0]

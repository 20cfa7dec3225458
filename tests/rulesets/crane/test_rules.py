"""One test per rule of Mike Crane's Battle of Britain Wargame, with fixed dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dowding.engine import Chance, Decision, IllegalAction, Terminal
from dowding.rulesets.crane import GAME
from dowding.rulesets.crane.combat import attack_odds, attack_result, bomb_hits

from .position import decide, plane, position, roll

FAR_BOMBER = {"B1-1": (24.0, 20.0, 0.0)}  # keeps the raid alive without getting in the way


# --- VI.E.4 resolving attacks ----------------------------------------------------------
@pytest.mark.parametrize(
    ("a", "off", "d", "dfn", "damage", "engines", "expected"),
    [
        (2, 3, 3, 2, 0, 1, "no_effect"),  # c. 5 against 5: equal, no damage
        (1, 3, 4, 2, 0, 1, "no_effect"),  # c. 4 against 6
        (4, 3, 3, 2, 0, 1, "damaged"),  # d. 7 against 5: less, not doubled
        (5, 3, 2, 2, 0, 1, "destroyed"),  # e. 8 against 4: doubled
        (4, 3, 3, 2, 1, 1, "destroyed"),  # d. the only engine is already damaged
        (4, 3, 1, 3, 0, 2, "damaged"),  # He-111: 7 against 4
        (4, 3, 1, 3, 1, 2, "damaged"),  # its second engine
        (4, 3, 1, 3, 2, 2, "destroyed"),  # both engines gone
        (6, 3, 1, 3, 0, 2, "destroyed"),  # 9 against 4: doubled
    ],
)
def test_attack_resolution(
    a: int, off: int, d: int, dfn: int, damage: int, engines: int, expected: str
) -> None:
    assert attack_result(a, off, d, dfn, damage, engines) == expected


def test_attack_odds_are_exact_and_sum_to_one() -> None:
    odds = attack_odds(3, 3, 0, 2)  # a fighter against an undamaged He-111
    assert sum(odds.values()) == 1
    # by hand: destroyed needs a+3 >= 2(d+3): (d=1, a>=5): 2 ways; d>=2 impossible
    assert odds["destroyed"] == Fraction(2, 36)
    # damaged needs d+3 < a+3 < 2(d+3): a > d, minus the two destroyed pairs
    assert odds["damaged"] == Fraction(15 - 2, 36)


# --- VII.D bombing hits --------------------------------------------------------------------
@pytest.mark.parametrize(
    ("bomber", "target", "hits"), [(4, 2, 2), (6, 3, 2), (3, 2, 1), (5, 3, 1), (3, 3, 0), (2, 5, 0)]
)
def test_bomb_hits(bomber: int, target: int, hits: int) -> None:
    assert bomb_hits(bomber, target) == hits


# --- VI.C movement allowances, VI.D.1.c and 2.b damage, V.D altitude ---------------------
@pytest.mark.parametrize(
    ("plane_id", "scenario", "allowance"),
    [
        ("V1-1", "eight-heinkels", 14),
        ("V3-1", "eight-heinkels", 12),
        ("S1-1", "eight-heinkels", 14),
        ("B1-1", "eight-heinkels", 10),
        ("B2-1", "heinkels-and-stukas", 8),
    ],
)
def test_movement_allowances(plane_id: str, scenario: str, allowance: float) -> None:
    state = position({plane_id: (24, 30, 0), "B1-2": (24, 20, 0)}, [], scenario=scenario)
    assert state.allowance(plane(state, plane_id)) == allowance


def test_damage_slows_by_two_inches_a_point() -> None:
    state = position({"B1-1": (24, 20, 0)}, [], damage={"B1-1": 2})
    assert state.allowance(plane(state, "B1-1")) == 6


@pytest.mark.parametrize(("altitude", "allowance"), [("above", 20), ("level", 14), ("below", 8)])
def test_first_move_dives_or_climbs(altitude: str, allowance: float) -> None:
    state = position({"V1-1": (24, 40, 180), **FAR_BOMBER}, [], altitude=altitude, fresh=True)
    assert state.allowance(plane(state, "V1-1")) == allowance
    later = position({"V1-1": (24, 40, 180), **FAR_BOMBER}, [], altitude=altitude, fresh=False)
    assert later.allowance(plane(later, "V1-1")) == 14  # V.D.d: later moves are regular


# --- VI.D maneuvering ---------------------------------------------------------------------
def test_fighter_flies_six_inches_straight_then_turns() -> None:
    state = position({"V1-1": (10, 30, 0), **FAR_BOMBER}, [("select", "raf")])
    decide(state, "move turn=90")
    p = plane(state, "V1-1")
    assert (round(p.x, 6), round(p.y, 6), p.heading) == (18.0, 36.0, 90.0)


def test_fighter_may_not_turn_before_six_inches() -> None:
    state = position({"V1-1": (10, 30, 0), **FAR_BOMBER}, [("select", "raf")])
    before = state.hash()
    with pytest.raises(IllegalAction, match=r"6-14"):
        state.apply("move turn=90 straight=5")
    assert state.hash() == before
    state.apply("move turn=90 straight=10")  # a later turn is allowed
    p = plane(state, "V1-1")
    assert (round(p.x, 6), round(p.y, 6)) == (14.0, 40.0)


def test_bomber_turns_at_most_ninety_degrees_after_three_inches() -> None:
    state = position({"B1-1": (24, 20, 0)}, [("select", "bombers")])
    node = state.next()
    assert isinstance(node, Decision)
    assert {o.number("turn") for o in node.options} == set(range(-90, 91, 15))
    with pytest.raises(IllegalAction, match="90"):
        state.apply("move turn=95")
    state.apply("move turn=90")
    p = plane(state, "B1-1")
    assert (round(p.x, 6), round(p.y, 6), p.heading) == (31.0, 23.0, 90.0)


def test_the_whole_distance_is_flown() -> None:
    state = position({"V1-1": (10, 30, 0), **FAR_BOMBER}, [("select", "raf")])
    with pytest.raises(IllegalAction):
        state.apply("move turn=0 straight=15")  # more than the allowance
    with pytest.raises(IllegalAction):
        state.apply("move turn=45 straight=14")  # nothing left to fly after the turn


# --- V.B placing the Germans ----------------------------------------------------------------
def test_germans_are_placed_six_to_twelve_inches_in_and_off_the_flanks() -> None:
    state = GAME.new_state("eight-heinkels", {"table": "6x4"})  # 48" wide
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "luftwaffe"
    for bad in ("place x=24 y=5", "place x=24 y=13", "place x=5 y=10", "place x=44 y=10"):
        with pytest.raises(IllegalAction, match=r"V\.B"):
            state.apply(bad)
    state.apply("place x=24 y=12")
    with pytest.raises(IllegalAction, match="too close"):
        state.apply("place x=24 y=12")  # on top of S1


# --- V.C British arrivals ----------------------------------------------------------------------
def _through_setup(scenario: str = "eight-heinkels"):  # type: ignore[no-untyped-def]
    state = GAME.new_state(scenario, {"table": "6x4"})  # the coordinates below are on it
    for spot in ("place x=12 y=12", "place x=36 y=12", "place x=20 y=9", "place x=28 y=9"):
        state.apply(spot)
    roll(state, 3)  # S1 level
    roll(state, 3)  # S2 level
    return state


def test_a_vic_enters_on_an_even_roll_at_the_clock_point() -> None:
    state = _through_setup()
    assert state.turn == 1
    roll(state, 1)  # V1: odd, not yet
    assert plane(state, "V1-1").status == "waiting"
    roll(state, 4)  # V2 arrives
    roll(state, 3, 3)  # 6 o'clock: the middle of the German entry edge
    roll(state, 6)  # above the bombers
    lead = plane(state, "V2-1")
    assert lead.status == "flying" and lead.altitude == "above" and lead.heading == 0.0
    assert (round(lead.x, 6), round(lead.y, 6)) == (24.0, 1.5)
    assert state.allowance(lead) == 20  # V.D: a dive on its entry move


def test_twelve_o_clock_is_the_factory_edge() -> None:
    state = _through_setup()
    roll(state, 2)
    roll(state, 6, 6)
    roll(state, 3)
    lead = plane(state, "V1-1")
    assert lead.heading == 180.0 and round(lead.y, 6) == 72 - 1.5


# --- VI.B and VI.E.3 targets and range -----------------------------------------------------------
def test_british_fighters_go_for_bombers_unless_a_fighter_is_closer() -> None:
    placed = {"V1-1": (24, 30, 0), "B1-1": (24, 36, 0), "S1-1": (26, 39, 180)}
    state = position(placed, [("select", "raf")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    targets = {o.get("target") for o in node.options if o.kind == "fire"}
    assert targets == {"B1-1"}
    placed["S1-1"] = (25, 32, 180)  # now the fighter is closer than the bomber
    state = position(placed, [("select", "raf")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    assert {o.get("target") for o in node.options if o.kind == "fire"} == {"B1-1", "S1-1"}


def test_range_is_four_inches() -> None:
    state = position({"V1-1": (10, 30, 0), "B1-1": (14.5, 40, 0)}, [("select", "raf")])
    decide(state, "move turn=0")  # flies along x=10: the bomber passes at 4.5"
    assert isinstance(state.next(), Chance) or state.next().options[0].kind != "fire"  # type: ignore[union-attr]
    state = position({"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].text == "fire at=10 target=B1-1"
    with pytest.raises(IllegalAction, match="out of range"):
        state.apply("fire target=B1-1 at=2")


# --- VI.E.5 defensive fire -------------------------------------------------------------------------
def test_rear_gunner_fires_at_a_fighter_stopping_behind() -> None:
    # The He-111 flies north; the Spitfire comes up behind it and fires from 3" astern.
    state = position({"V1-1": (24, 20, 0), "B1-1": (24, 37, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    decide(state, "fire target=B1-1 at=14")
    roll(state, 1, 6)  # the attack misses
    node = state.next()
    assert isinstance(node, Chance) and "gunner" in node.label  # the rear gunner answers
    roll(state, 6, 1)  # 6+1=7 against 1+2=3: doubled, the Spitfire is destroyed
    assert plane(state, "V1-1").status == "destroyed"


def test_no_gunner_covers_the_beam() -> None:
    # The Spitfire stops abeam of the bomber: outside both 45-degree arcs.
    state = position({"V1-1": (21, 26, 0), "B1-1": (24, 34, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    decide(state, "fire target=B1-1 at=8")
    roll(state, 1, 6)
    assert not isinstance(state.next(), Chance)  # no defensive fire


def test_a_destroyed_bomber_still_fires_back() -> None:
    state = position(
        {"V1-1": (24, 20, 0), "B1-1": (24, 37, 0), "B1-2": (40, 20, 0)}, [("select", "raf")]
    )
    decide(state, "move turn=0")
    decide(state, "fire target=B1-1 at=14")
    roll(state, 6, 1)  # 9 against 4: destroyed
    assert plane(state, "B1-1").status == "destroyed"
    node = state.next()
    assert isinstance(node, Chance) and "B1-1" in node.label  # VI.E.5.b


def test_head_on_return_fire_between_fighters() -> None:
    # The Me-109 flies straight at the Hurricane: head-on.
    placed = {"V3-1": (24, 20, 0), "S1-1": (24, 34, 180), **FAR_BOMBER}
    placed["B1-1"] = (5, 60, 0)
    state = position(placed, [("select", "raf")], bomber_priority=False)
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    state.apply(next(o for o in node.options if o.get("target") == "S1-1"))
    roll(state, 1, 6)
    node = state.next()
    assert isinstance(node, Chance) and "returns fire" in node.label


# --- VI.E.3.b one attack a move ---------------------------------------------------------------------
def test_one_attack_per_move() -> None:
    state = position(
        {"V1-1": (24, 20, 0), "B1-1": (24, 30, 0), "B1-2": (24.5, 33, 90)}, [("select", "raf")]
    )
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision) and len([o for o in node.options if o.kind == "fire"]) == 2
    decide(state, "fire target=B1-1 at=7")
    while isinstance(state.next(), Chance):
        roll(state, 1, 6)
    node = state.next()
    assert not (isinstance(node, Decision) and any(o.kind == "fire" for o in node.options))


# --- VI.A the German fighters' automatic intercept ----------------------------------------------------
def test_german_fighters_go_for_the_closest_british_fighter() -> None:
    placed = {"S1-1": (24, 20, 0), "V1-1": (40, 26, 0), "V3-1": (10, 26, 0), **FAR_BOMBER}
    placed["B1-1"] = (24, 10, 0)
    state = position(placed, [("select", "fighters")])
    p = plane(state, "S1-1")
    # 6" straight to (24, 26), then west towards V3-1 (x=10), the closer one
    assert (p.x, p.y, p.heading) == (16.0, 26.0, 270.0)


# --- VII.A flak ---------------------------------------------------------------------------------------
def test_flak_fires_when_a_bomber_comes_within_twelve_inches() -> None:
    # The factory spans y 68-72; a bomber ending at y=57 is 11" from it.
    state = position({"B1-1": (24, 47, 0)}, [("select", "bombers")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Chance) and "Flak" in node.label
    assert round(plane(state, "B1-1").y, 3) == 56.0  # fired on as it crossed into range


def test_no_flak_beyond_twelve_inches() -> None:
    state = position({"B1-1": (24, 40, 0)}, [("select", "bombers")])
    decide(state, "move turn=0")  # ends at y=50: 18" away
    assert not isinstance(state.next(), Chance)


# --- VII.B-E the bomb run ------------------------------------------------------------------------------
def test_bombs_fall_only_with_the_whole_fuselage_over_the_factory() -> None:
    # The factory spans y 68-72; the He-111's 2.27" fuselage is wholly over it for centres 69.135-70.865.
    state = position({"B1-1": (24, 59.5, 0)}, [("select", "bombers")])
    decide(state, "move turn=0")
    roll(state, 1, 6)  # flak misses
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].kind == "bomb"
    with pytest.raises(IllegalAction, match="whole fuselage"):
        state.apply("bomb at=9.5")  # centre at 69.0: the tail still hangs outside
    decide(state, "bomb at=10")
    node = state.next()
    assert isinstance(node, Chance) and len(node.dice) == 4  # type: ignore[attr-defined]


def test_a_he111_rolls_twice_and_three_hits_win() -> None:
    state = position({"B1-1": (24, 59.5, 0), "B1-2": (10, 20, 0)}, [("select", "bombers")])
    decide(state, "select plane=B1-1")
    decide(state, "move turn=0")
    roll(state, 1, 6)
    decide(state, "bomb at=10")
    roll(state, 4, 2, 3, 2)  # 2 hits + 1 hit
    node = state.next()
    assert isinstance(node, Terminal) and node.winner == "luftwaffe"
    assert node.scores["luftwaffe"] == 3


def test_a_stuka_rolls_once() -> None:
    state = position(
        {"B2-1": (24, 61.5, 0), "B1-1": (10, 20, 0)},
        [("select", "bombers")],
        scenario="heinkels-and-stukas",
    )
    decide(state, "select plane=B2-1")
    decide(state, "move turn=0")  # 8" to y=69.5
    roll(state, 1, 6)
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].kind == "bomb"
    state.apply(node.options[0])
    node = state.next()
    assert isinstance(node, Chance) and len(node.dice) == 2  # type: ignore[attr-defined]


def test_the_british_win_when_no_bomber_can_bomb() -> None:
    state = position({"V1-1": (24, 20, 0), "B1-1": (24, 30, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    decide(state, "fire target=B1-1 at=7")
    roll(state, 6, 1)  # destroyed
    while isinstance(state.next(), Chance):
        roll(state, 1, 6)
    node = state.next()
    assert isinstance(node, Terminal) and node.winner == "raf" and node.scores["raf"] == 1


def test_a_plane_leaving_the_table_leaves_the_battle() -> None:
    state = position({"V1-1": (24, 66, 0), **FAR_BOMBER}, [("select", "raf")])
    decide(state, "move turn=0")
    p = plane(state, "V1-1")
    assert p.status == "exited" and round(p.y, 6) == 72.0


def test_the_raid_turns_back_after_the_turn_limit() -> None:
    state = position({"B1-1": (24, 20, 90)}, [("select", "bombers")], max_turns=1)
    decide(state, "move turn=-90")  # turn 1's move; then turn 2 would begin
    final = state.next()
    assert (
        isinstance(final, Terminal) and final.winner == "raf" and "ran out of time" in final.reason
    )

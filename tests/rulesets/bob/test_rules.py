"""One test per rule section of the bob rulebook (shared/seeds/000_*), with fixed dice and draws.

Positions are built by hand (tests/rulesets/bob/position.py): flights, cards, missions and hits
set directly, the step under test put at the head of the queue, then the rules engine runs it.
Dice are scripted as symbol counts; crosses hit the Luftwaffe and roundels the RAF, whoever
rolled them (Dice). Tests the engine fails are marked xfail(strict=True) with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

from dowding.engine import Action, Decision, Draw
from dowding.rulesets.bob import GAME
from dowding.rulesets.bob.state import CRB, DAMAGED, BobState, box
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF, RAF_FLIGHTS
from dowding.rulesets.bob.words import narrate

from .position import (
    at_barrier,
    blank,
    cards_of,
    damage,
    decide,
    decision,
    draw,
    draws,
    loc,
    mission_id,
    mission_index,
    mission_loc,
    move_cards,
    no_marker,
    options,
    pool,
    put,
    roll,
    rolling,
    run,
    set_mission,
    take,
    terminal,
    types_of,
)


def keep_production(state: BobState) -> None:
    """Every Production Assistance offer answered 'keep'."""
    while isinstance(state.next(), Decision) and "keep" in options(state):
        decide(state, "keep")


SPARE_TARGETS = ("rye", "poling", "tangmere", "pevensey", "bawdsey", "usworth", "duxford")


def lw_flying(state: BobState, *flights: str) -> None:
    """These Luftwaffe flights on the map at their own airfields, each with some mission."""
    for f, target in zip(flights, SPARE_TARGETS, strict=False):
        put(state, f, space=state.t.lw_base[f], mission=target)


def on_map_elsewhere(state: BobState, *groups: int) -> None:
    """Every RAF flight of these Groups on the map at its airfield (so not on its box)."""
    for f in RAF_FLIGHTS:
        if int(f[:-1]) in groups:
            put(state, f, space=state.t.raf_base[f])


# --- Step 2, British Production & Repairs ----------------------------------------------------
def test_production_dice_count_only_unbombed_cities() -> None:
    state = blank()
    damage(state, take(state, 10, hurricane=1))  # something to repair
    # 10 Group's cities: 10 production points; Bristol (2) has a bomb 1 marker, Southampton (2)
    # is knocked out; neither counts.
    state.hits = {"bristol": 1, "southampton": 3}
    assert state.production(10) == 6
    run(state, ("production",))
    keep_production(state)
    node = pool(state)
    assert node.count == 6 and node.die.name == "raf"


def test_group_production_totals() -> None:
    state = blank()
    # the German Target & British Production Track, row by row
    assert {g: state.production(g) for g in (10, 11, 12, 13)} == {10: 10, 11: 8, 12: 20, 13: 9}


def test_repairs_one_per_roundel_in_any_combination() -> None:
    state = blank()
    lost = take(state, 10, hurricane=2)
    damage(state, lost)
    state.hits = {"middle-wallop": 1, "worth-matravers-renscombe-down": 1}
    run(state, ("production",))
    keep_production(state)
    roll(state, cross=5, roundel=3, dice=10)  # crosses repair nothing
    node = decision(state)
    assert node.seat == RAF
    assert {str(o) for o in node.options} == {
        f"repair card={lost[0]}",
        f"repair card={lost[1]}",
        "repair airfield=middle-wallop",
        "repair radar=worth-matravers-renscombe-down",
    }
    decide(state, f"repair card={lost[0]}")
    decide(state, f"repair card={lost[1]}")  # the same kind of repair again
    decide(state, "repair airfield=middle-wallop")
    assert at_barrier(state)  # three roundels, three repairs
    assert loc(state, lost[0]) == CRB and loc(state, lost[1]) == CRB
    assert not state.knocked_out("middle-wallop")
    assert state.knocked_out("worth-matravers-renscombe-down")


def test_no_roundel_no_repair() -> None:
    state = blank()
    lost = take(state, 13, spitfire=1)
    damage(state, lost)
    run(state, ("production",))
    keep_production(state)
    roll(state, cross=6, roundel=0, dice=9)
    assert at_barrier(state)
    assert loc(state, lost[0]) == DAMAGED


def test_repairs_in_group_order() -> None:
    state = blank()
    damage(state, take(state, 13, spitfire=1))
    damage(state, take(state, 10, spitfire=1))
    run(state, ("production",))
    keep_production(state)
    assert pool(state).count == 10  # 10 Group first
    roll(state)
    assert pool(state).count == 9  # then 13 Group


def test_nothing_to_repair_skips_the_step() -> None:
    state = run(blank(turn=1), ("production",))
    assert at_barrier(state)


def test_production_assistance_a_third_rounded_up() -> None:
    state = blank()
    damage(state, take(state, 10, spitfire=1))
    run(state, ("production",))
    decide(state, "keep")  # 11 Group keeps its production
    node = decision(state)
    assert node.seat == RAF and {str(o) for o in node.options} == {"assist to=10", "keep"}
    decide(state, "assist to=10")  # 12 Group: 20 points, a third rounded up is 7
    assert pool(state).count == 10 + 7


def test_production_assistance_rounds_up_from_a_bombed_group() -> None:
    state = blank()
    damage(state, take(state, 10, spitfire=1))
    state.hits = {"london": 1}  # 11 Group: 8 - 4 = 4 points, a third of 4 rounded up is 2
    run(state, ("production",))
    decide(state, "assist to=10")
    assert pool(state).count == 10 + 2


def test_production_assistance_one_donor_per_receiver() -> None:
    state = blank()
    damage(state, take(state, 10, spitfire=1))
    run(state, ("production",))
    decide(state, "assist to=10")  # 11 Group: ceil(8/3) = 3
    # 12 and 13 Group have nowhere left to send production: no more offers
    assert pool(state).count == 10 + 3


def test_only_a_group_with_nothing_to_repair_can_assist() -> None:
    state = blank()
    damage(state, take(state, 10, spitfire=1))
    damage(state, take(state, 12, spitfire=1))
    run(state, ("production",))
    node = decision(state)  # 11 Group's offer: either needy Group
    assert {str(o) for o in node.options} == {"assist to=10", "assist to=12", "keep"}
    decide(state, "assist to=12")
    node = decision(state)  # 13 Group's offer: 12 Group is taken, 12 Group cannot give
    assert {str(o) for o in node.options} == {"assist to=10", "keep"}
    decide(state, "assist to=10")
    assert pool(state).count == 10 + 3  # 13 Group: ceil(9/3)
    roll(state)
    assert pool(state).count == 20 + 3  # 11 Group: ceil(8/3)


# --- Step 3, German Mission Assignment -----------------------------------------------------
def test_turn_one_draws_ten_assigns_seven_keeps_three() -> None:
    state = run(blank(turn=1), ("missions",))
    drawn = []
    for _ in range(10):
        node = state.next()
        assert isinstance(node, Draw) and node.visible_to == frozenset({LUFTWAFFE})
        drawn.append(node.items[0])
        draw(state, node.items[0])
    assert len(set(drawn)) == 10
    for i, f in enumerate(("2A", "2B", "2C", "3A", "3B", "3C", "5A")):
        node = decision(state)
        assert node.seat == LUFTWAFFE and f in node.prompt
        assert {str(o) for o in node.options} == {
            *(f"assign mission={m}" for m in drawn[i:]),
            "ground",
        }
        decide(state, f"assign mission={drawn[i]}")
        assert state.flights[f].mission >= 0
    assert at_barrier(state)
    assert sorted(state.t.missions[m].id for m in state.hand()) == sorted(drawn[7:])


def test_later_turns_draw_one_per_returning_flight() -> None:
    state = blank(turn=2)
    for f, target in (("2B", "london"), ("2C", "rye"), ("3A", "poling"), ("3C", "tangmere")):
        put(state, f, space=state.t.lw_base[f], mission=target)
    put(state, "5A", space="Y10", mission="usworth")
    for target in ("bristol", "cardiff", "swansea"):
        set_mission(state, target, "hand")
    # 2A and 3B came home from their bombing runs: two draws, then two assignments
    run(state, ("missions",))
    got = draws(state)
    assert len(got) == 2
    assert len(state.hand()) == 5
    decide(state, f"assign mission={got[0]}")
    node = decision(state)
    assert "3B" in node.prompt
    decide(state, f"assign mission={got[1]}")
    assert at_barrier(state)
    assert len(state.hand()) == 3


def test_no_mission_grounds_the_flight_and_returns_its_cards() -> None:
    state = blank(turn=2)
    cards = take(state, 2, bf109=3, he111=1)
    put(state, "2A", cards=cards)
    lw_flying(state, "2B", "2C", "3A", "3B", "3C", "5A")
    set_mission(state, "bristol", "hand")
    run(state, ("missions",))
    draws(state)
    decide(state, "ground")
    assert at_barrier(state)
    f = state.flights["2A"]
    assert f.status == "grounded" and f.mission == -1
    assert all(loc(state, c) == CRB for c in cards)
    # and a grounded flight is not reinforced
    on_map_elsewhere(state, 10, 11, 12, 13)
    run(state, ("alert",))
    assert at_barrier(state) and cards_of(state, "2A") == []


# --- Step 4, Squadron Alert --------------------------------------------------------------------
def test_turn_one_raf_deals_three_to_every_flight() -> None:
    state = run(blank(turn=1), ("alert",))
    assert len(draws(state)) == 36  # 12 flights x 3
    assert at_barrier(state)
    for f in RAF_FLIGHTS:
        assert len(cards_of(state, f)) == 3
        assert state.flights[f].status == "map" and state.flights[f].space == state.t.raf_base[f]


def test_turn_one_luftwaffe_deals_six_to_every_flight_with_a_mission() -> None:
    state = blank(turn=1)
    on_map_elsewhere(state, 10, 11, 12, 13)
    for f, target in (("2A", "london"), ("2B", "rye"), ("2C", "poling")):
        put(state, f, mission=target)
    run(state, ("alert",))
    got = draws(state)
    assert len(got) == 18 and all(c.startswith("lw-2-") for c in got)
    assert at_barrier(state)
    for f in ("2A", "2B", "2C"):
        fl = state.flights[f]
        assert len(cards_of(state, f)) == 6
        assert (fl.status, fl.space, fl.fuel) == ("map", state.t.lw_base[f], 3)
    assert state.flights["3A"].status == "box"  # no mission, no cards


def test_group_12_example_draws_three_plus_two() -> None:
    # "Group 12 has two flights on its Group display. 'A' Flight has 1 squadron card and 'B'
    # Flight has 2 ... The RAF player will draw 3 ... plus 2 additional cards, a total of 5."
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 11, 13)
    put(state, "12A", cards=take(state, 12, hurricane=1))
    put(state, "12B", cards=take(state, 12, hurricane=2))
    put(state, "12C", space=state.t.raf_base["12C"], cards=take(state, 12, spitfire=3))
    run(state, ("alert",))
    got = draws(state)
    assert len(got) == 5 and all(c.startswith("raf-12-") for c in got)
    assert {str(o) for o in decision(state).options} == {
        *(f"place card={c} flight={f}" for c in got for f in ("12A", "12B")),
        "done",
    }
    decide(state, f"place card={got[0]} flight=12A")
    decide(state, f"place card={got[1]} flight=12A")
    assert not any("flight=12A" in o for o in options(state))  # A is full at 3
    decide(state, f"place card={got[2]} flight=12B")
    assert at_barrier(state)  # nowhere left to place: the other 2 go back
    assert loc(state, got[3]) == CRB and loc(state, got[4]) == CRB
    for f in ("12A", "12B"):
        assert len(cards_of(state, f)) == 3
        assert state.flights[f].status == "map" and state.flights[f].space == state.t.raf_base[f]


def test_group_11_example_draws_five_plus_two() -> None:
    # "'A' Flight has no squadron cards, 'B' Flight has 1 ... and 'C' Flight has 3 ... The RAF
    # player will draw 5 squadron cards, plus 2 cards for a total of 7 cards."
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 12, 13)
    put(state, "11B", cards=take(state, 11, hurricane=1))
    put(state, "11C", cards=take(state, 11, spitfire=3))
    put(state, "11D", space=state.t.raf_base["11D"], cards=take(state, 11, hurricane=3))
    run(state, ("alert",))
    got = draws(state)
    assert len(got) == 7 and all(c.startswith("raf-11-") for c in got)
    assert not any("flight=11C" in o for o in options(state))  # C is at its maximum
    for c in got[:3]:
        decide(state, f"place card={c} flight=11A")
    for c in got[3:5]:
        decide(state, f"place card={c} flight=11B")
    assert at_barrier(state)
    assert [loc(state, c) for c in got[5:]] == [CRB, CRB]
    for f in ("11A", "11B", "11C"):
        assert len(cards_of(state, f)) == 3
        assert state.flights[f].status == "map" and state.flights[f].space == state.t.raf_base[f]


def test_reinforcement_draws_all_that_is_left() -> None:
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 11, 12)
    damage(state, take(state, 13, spitfire=1, hurricane=3, defiant=1))
    left = take(state, 13, spitfire=1)
    run(state, ("alert",))
    assert draws(state) == left  # 13A and 13B need 6 (+2): only one card left
    decide(state, f"place card={left[0]} flight=13A")
    assert at_barrier(state)
    assert state.flights["13A"].status == "map"  # under strength, back on its airfield
    assert state.flights["13B"].status == "box"  # nothing to fly


def test_bombed_airfield_returns_the_flight_at_the_end_of_the_turn() -> None:
    state = blank(turn=2)
    cards = take(state, 11, spitfire=3)
    put(state, "11B", space="R35", cards=cards)
    state.hits = {"biggin-hill": 1}
    run(state, ("end_turn",))
    assert at_barrier(state)
    f = state.flights["11B"]
    assert f.status == "box" and f.space == ""
    assert all(loc(state, c) == CRB for c in cards)


def test_bombed_airfield_grounds_the_flight_until_repaired() -> None:
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 12, 13)
    for f in ("11A", "11C", "11D"):
        put(state, f, space=state.t.raf_base[f], cards=take(state, 11, hurricane=3))
    state.hits = {"biggin-hill": 1}
    run(state, ("alert",))
    assert at_barrier(state)  # no cards may be placed on 11B's box
    assert state.flights["11B"].status == "box" and cards_of(state, "11B") == []
    state.hits = {}  # repaired (Step 2)
    run(state, ("alert",))
    assert len(draws(state)) == 5


def test_luftwaffe_reinforcement_draws_need_plus_two() -> None:
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 11, 12, 13)
    put(state, "2A", cards=take(state, 2, bf109=4), mission="london")
    run(state, ("alert",))
    got = draws(state)
    assert len(got) == 4
    decide(state, f"place card={got[0]} flight=2A")
    decide(state, f"place card={got[1]} flight=2A")
    assert at_barrier(state)
    f = state.flights["2A"]
    assert len(cards_of(state, "2A")) == 6 and f.status == "map" and f.fuel == 3
    assert f.space == state.t.lw_base["2A"]


def test_luftwaffe_flight_below_six_cards_is_grounded() -> None:
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 11, 12, 13)
    mine = take(state, 2, bf109=2)
    put(state, "2A", cards=mine, mission="london")
    spare = take(state, 2, he111=3)
    damage(
        state,
        [
            state.t.cards[c].id
            for c in state.crb_cards(LUFTWAFFE, 2)
            if state.t.cards[c].id not in spare
        ],
    )
    run(state, ("alert",))
    got = draws(state)
    assert sorted(got) == sorted(spare)  # need 4 (+2), only 3 to draw
    for c in got:
        decide(state, f"place card={c} flight=2A")
    assert at_barrier(state)
    assert state.flights["2A"].status == "grounded"
    assert cards_of(state, "2A") == []
    assert all(loc(state, c) == CRB for c in mine + spare)


def test_luftwaffe_flight_grounded_for_strength_is_reinforced_later() -> None:
    state = blank(turn=2)
    on_map_elsewhere(state, 10, 11, 12, 13)
    lw_flying(state, "2B", "2C", "3A", "3B", "3C", "5A")
    put(state, "2A", mission="london", status="grounded")  # grounded last turn, short of cards
    run(state, ("missions",), ("alert",))
    draws(state)
    while isinstance(state.next(), Decision):
        node = decision(state)
        place = [o for o in node.options if o.kind in ("place", "assign")]
        state.apply(place[0] if place else node.options[-1])
        draws(state)
    assert state.flights["2A"].status == "map" and len(cards_of(state, "2A")) == 6


# --- Step 5, Luftwaffe Movement ----------------------------------------------------------------
def test_a_fuel_token_is_spent_even_without_moving() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    assert options(state) == {"fuel tokens=1"}  # three tokens: one at a time
    decide(state, "fuel tokens=1")
    decide(state, "stop")
    assert [e.text for e in state.events] == ["Luft. 2A ends its move at W35."]
    no_marker(state, "2A")
    assert at_barrier(state)
    f = state.flights["2A"]
    assert (f.space, f.fuel) == ("W35", 2)


def test_one_token_moves_up_to_five_spaces() -> None:
    state = blank()
    put(state, "2A", space="X43", cards=take(state, 2, he111=6))
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    for space in ("W43", "V43", "U43", "T43", "S43"):
        decide(state, f"move to={space}")
    # the RAF watched the tag fly: where it ends is told once (not a line a space)
    assert [e.text for e in state.events] == ["Luft. 2A ends its move at S43."]
    no_marker(state, "2A")
    assert at_barrier(state)
    assert state.flights["2A"].space == "S43"


def test_a_move_s_end_reads_as_the_move_options_name_the_space() -> None:
    assert narrate({}, "RAF 11D ends its move at Q32.") == (
        "RAF 11D ends its move at Q32 (North Weald)."
    )
    assert narrate({}, "Luft. 5A ends its move at NOR.") == (
        "Luft. 5A ends its move at the Norway box."
    )
    assert narrate({}, "Luft. 2A ends its move at L1.") == "Luft. 2A ends its move at L1."


def test_two_tokens_for_ten_spaces_when_exactly_two_remain() -> None:
    state = blank()
    put(state, "2A", space="X43", cards=take(state, 2, he111=6), fuel=2)
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    assert options(state) == {"fuel tokens=1", "fuel tokens=2"}  # no Bf 109 in the flight
    decide(state, "fuel tokens=2")
    row = ("W43", "V43", "U43", "T43", "S43", "R43", "Q43", "P43", "O43", "N43")
    for space in row:
        decide(state, f"move to={space}")
    no_marker(state, "2A")
    assert at_barrier(state)
    f = state.flights["2A"]
    assert (f.space, f.fuel) == ("N43", 0)


def test_bf109s_stay_or_turn_for_home_on_a_two_token_move() -> None:
    state = blank()
    put(state, "2A", space="X43", cards=take(state, 2, he111=4, bf109=2), fuel=2)
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    assert options(state) == {
        "fuel tokens=1",
        "fuel escort=stay tokens=2",
        "fuel escort=home tokens=2",
    }
    decide(state, "fuel escort=home tokens=2")
    decide(state, "stop")
    assert state.flights["2A"].escort_home and state.flights["2A"].fuel == 0


def test_bf109s_that_turned_home_early_are_not_in_the_dogfight() -> None:
    state = blank()
    he111 = take(state, 2, he111=1)
    put(state, "2A", space="P38", cards=he111 + take(state, 2, bf109=2), fuel=0, escort_home=True)
    put(state, "11B", space="P38", cards=take(state, 11, spitfire=1))
    state.combat = {"P38": "dogfight"}
    run(state, ("battle",))
    decide(state, "resolve space=P38")
    assert options(state) == {f"pick card={he111[0]}"}


def test_fuel_one_token_only_with_one_left() -> None:
    state = blank()
    put(state, "2A", space="X43", cards=take(state, 2, bf109=6), fuel=1)
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    assert options(state) == {"fuel tokens=1"}


def test_no_fuel_no_move_reach_for_home() -> None:
    state = blank()
    put(state, "2A", space="S38", cards=take(state, 2, he111=1), fuel=0)
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    roll(state, dice=1)  # no fuel decision: the He 111 reaches for home on one die
    assert at_barrier(state)
    assert state.flights["2A"].status == "box"


def test_one_flight_a_space_and_one_flight_at_a_time() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "2B", space="W36", cards=take(state, 2, do17=6))
    run(state, ("lw_phase",))
    assert options(state) == {"fly flight=2A", "fly flight=2B"}
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    assert "move to=W36" in options(state)  # through a friendly flight...
    decide(state, "move to=W36")
    node = decision(state)
    assert "2A" in node.prompt and "stop" not in options(state)  # ...but not ending there
    decide(state, "move to=W37")
    decide(state, "stop")
    no_marker(state, "2A")
    assert options(state) == {"fly flight=2B"}  # 2A's move is over before 2B's begins
    state.queue = (("step", "2B", 1), *state.queue)
    state._node = None
    assert "move to=W37" not in options(state)  # the last space may not be a friendly's


def test_a_luftwaffe_flight_stops_on_an_raf_flight() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="V34", cards=take(state, 11, spitfire=3))
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    decide(state, "move to=V34")
    no_marker(state, "2A")  # four spaces left, but the move ends here
    assert at_barrier(state)
    assert state.flights["2A"].space == "V34"


def test_a_luftwaffe_flight_may_leave_an_raf_flight_s_space() -> None:
    state = blank()
    put(state, "2A", space="V34", cards=take(state, 2, he111=6))
    put(state, "11C", space="V34", cards=take(state, 11, spitfire=3))
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    decide(state, "move to=W34")
    decide(state, "move to=X34")
    assert state.flights["2A"].space == "X34"


def radar_run(state: BobState, *path: str) -> None:
    """2A, one fuel token spent, flies ``path`` from W35."""
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    for space in path:
        decide(state, f"move to={space}")


def test_radar_detects_and_the_raf_may_intercept_within_three_spaces() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))  # 3 spaces from U35
    radar_run(state, "V35", "U35")  # U35: Swingate (Dover)'s detection space
    assert state.flights["2A"].detected
    node = decision(state)
    assert node.seat == RAF
    assert {str(o) for o in node.options} == {"intercept flight=11C", "decline"}
    decide(state, "intercept flight=11C")
    no_marker(state, "2A")  # 2A stops on the radar space
    assert at_barrier(state)
    raf = state.flights["11C"]
    assert state.flights["2A"].space == "U35" and raf.space == "U35" and raf.intercepted
    assert state.combat == {"U35": "intercept"} and state.markers == 4


def test_no_intercept_from_four_spaces() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11B", space="Q34", cards=take(state, 11, spitfire=3))  # 4 spaces from U35
    radar_run(state, "V35", "U35")
    node = decision(state)
    assert "2A" in node.prompt and "move to=T35" in options(state)  # moving on, no offer
    assert state.flights["2A"].detected


def test_no_intercept_without_an_air_combat_marker() -> None:
    state = blank()
    state.markers = 0
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35")
    assert "move to=T35" in options(state)


def test_declined_intercept_the_flight_moves_on() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35")
    decide(state, "decline")
    for space in ("T35", "S35", "R35"):  # the three spaces left
        decide(state, f"move to={space}")
    no_marker(state, "2A")
    assert at_barrier(state)
    assert state.flights["2A"].space == "R35" and state.markers == 5


def test_a_detected_flight_is_not_offered_again() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6), detected=True)
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35", "T34")
    assert "move to=S34" in options(state)


def test_knocked_out_radar_non_detected_flight() -> None:
    state = blank()
    state.hits = {"swingate-dover": 1}
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35")
    f = state.flights["2A"]
    assert f.nondetect and not f.detected
    assert "move to=T35" in options(state)  # through the gap without stopping, no offer


def test_a_non_detected_flight_may_not_be_intercepted_this_turn() -> None:
    state = blank()
    state.hits = {"swingate-dover": 1}
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35", "T34")  # T34: Dunkirk (Kent), working
    assert "intercept flight=11C" not in options(state)


@pytest.mark.parametrize(("cross", "spotted"), [(1, True), (0, False)])
def test_observer_corps(cross: int, spotted: bool) -> None:
    state = blank()
    put(state, "2A", space="S34", cards=take(state, 2, he111=6), nondetect=True)
    run(state, ("raf_phase",))
    node = pool(state)
    assert node.count == 1 and node.die.name == "raf"
    roll(state, cross=cross)
    assert at_barrier(state)
    assert state.flights["2A"].nondetect is not spotted


def test_the_raf_may_not_attack_an_undetected_flight() -> None:
    state = blank()
    put(state, "2A", space="S34", cards=take(state, 2, he111=6), nondetect=True)
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    run(state, ("raf_phase",))
    roll(state)  # the Observer Corps misses it
    decide(state, "fly flight=11C")
    decide(state, "move to=S34")
    assert at_barrier(state)  # no dogfight marker offered
    assert state.combat == {}


def test_bombing_run_marker_over_the_target() -> None:
    state = blank()
    put(state, "2A", space="U34", cards=take(state, 2, he111=6), mission="dunkirk-kent")
    put(state, "2B", space="W36", cards=take(state, 2, bf109=6), mission="london")
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    decide(state, "move to=T34")
    decide(state, "stop")
    node = decision(state)
    assert node.seat == LUFTWAFFE and {str(o) for o in node.options} == {"bombrun", "hold"}
    decide(state, "bombrun")
    assert state.flights["2A"].bombrun
    decide(state, "fly flight=2B")
    decide(state, "fuel tokens=1")
    decide(state, "stop")
    # not over its target: asked all the same (the RAF sees whose decision it is), no marker offered
    node = decision(state)
    assert node.seat == LUFTWAFFE and [str(o) for o in node.options] == ["hold"]
    decide(state, "hold")
    assert at_barrier(state) and not state.flights["2B"].bombrun


# --- Step 6, RAF Movement ------------------------------------------------------------------------
def test_raf_moves_up_to_three_spaces() -> None:
    state = blank()
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    run(state, ("raf_phase",))
    assert options(state) == {"fly flight=11C", "done"}
    decide(state, "fly flight=11C")
    told = []
    for space in ("R34", "R35", "R36"):
        decide(state, f"move to={space}")
        told += [e.text for e in state.events if e.visible_to("luftwaffe")]
    assert told == ["RAF 11C ends its move at R36."]
    assert at_barrier(state)
    assert state.flights["11C"].space == "R36"


def test_raf_never_enters_the_french_coast() -> None:
    state = blank()
    put(state, "11A", space="T39", cards=take(state, 11, spitfire=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11A")
    moves = options(state)
    assert {"move to=S38", "move to=S40", "move to=T38"} <= moves
    assert not {"move to=T40", "move to=U39", "move to=U40"} & moves


def test_raf_never_enters_the_norwegian_coast() -> None:
    state = blank()
    put(state, "13A", space="Y10", cards=take(state, 13, spitfire=1))
    run(state, ("raf_phase",))
    decide(state, "fly flight=13A")
    assert "move to=X10" in options(state) and "move to=NOR" not in options(state)


def test_interceptors_stay_put() -> None:
    state = blank()
    put(state, "11C", space="U35", cards=take(state, 11, spitfire=3), intercepted=True)
    put(state, "11B", space="Q34", cards=take(state, 11, hurricane=3))
    run(state, ("raf_phase",))
    assert options(state) == {"fly flight=11B", "done"}


def test_raf_stops_on_entering_a_luftwaffe_space() -> None:
    state = blank()
    put(state, "2A", space="R37", cards=take(state, 2, he111=6))
    put(state, "11C", space="R35", cards=take(state, 11, spitfire=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11C")
    decide(state, "move to=R36")
    decide(state, "move to=R37")  # one space left, but the move ends here
    assert {str(o) for o in decision(state).options} == {"dogfight", "hold"}


def test_raf_may_leave_a_luftwaffe_space_and_not_end_on_a_friend() -> None:
    state = blank()
    put(state, "2A", space="R37", cards=take(state, 2, he111=6))
    put(state, "11C", space="R37", cards=take(state, 11, spitfire=3))
    put(state, "11D", space="R35", cards=take(state, 11, hurricane=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11C")
    decide(state, "move to=R36")
    assert "move to=R35" in options(state)  # through a friendly flight...
    decide(state, "move to=Q36")
    assert "move to=R35" not in options(state)  # ...but not ending on it


def test_five_air_combat_markers() -> None:
    state = blank()
    state.markers = 1  # four already on the board
    put(state, "2A", space="P38", cards=take(state, 2, he111=6))
    put(state, "2B", space="R38", cards=take(state, 2, do17=6))
    put(state, "11A", space="P38", cards=take(state, 11, spitfire=3))
    put(state, "11B", space="R38", cards=take(state, 11, hurricane=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11A")
    decide(state, "stop")
    decide(state, "dogfight")
    decide(state, "fly flight=11B")
    decide(state, "stop")
    assert at_barrier(state)  # no marker left for 11B's space
    assert state.combat == {"P38": "dogfight"} and state.markers == 0
    run(state, ("end_turn",))
    assert state.markers == 5 and state.combat == {}


def lost_cards(option: Action) -> tuple[str, ...]:
    cards = option.get("cards")
    return tuple(str(c) for c in cards) if isinstance(cards, tuple) else (str(cards),)


# --- Step 7, Battle & Bombing: Intercept ---------------------------------------------------------
def intercept_position(lw_cards: list[str], raf_cards: list[str]) -> BobState:
    state = blank()
    move_cards(state, lw_cards, box("2A"))
    move_cards(state, raf_cards, box("11C"))
    put(state, "2A", space="U35", fuel=2, detected=True)
    put(state, "11C", space="U35", intercepted=True)
    state.combat = {"U35": "intercept"}
    state.markers = 4
    run(state, ("battle",))
    decide(state, "resolve space=U35")
    return state


def test_intercept_worked_example() -> None:
    # "The German squadron cards in the intercept are, 2 BF109 (4 damage each) and a Do17 (2
    # damage). Five German cross symbols were rolled ... lose both of the BF109 ... or ... one
    # BF109 ... and the Do17."
    state = blank()
    lw = take(state, 2, bf109=2, do17=1)
    raf = take(state, 11, spitfire=2)
    state = intercept_position(lw, raf)
    picked = draws(state)  # the RAF picks three at random
    assert sorted(picked) == sorted(lw)
    roll(state, cross=3, roundel=0, dice=8)  # two Spitfires: 8 white dice
    roll(state, cross=2, roundel=0, dice=9)  # 4 + 4 + 1 black dice
    node = decision(state)
    assert node.seat == LUFTWAFFE
    sets = [lost_cards(o) for o in node.options]
    assert {tuple(types_of(state, s)) for s in sets} == {("bf109", "bf109"), ("bf109", "do17")}
    assert all(len(s) == 2 for s in sets)  # never all three
    choice = next(o for o in node.options if "do17" in types_of(state, lost_cards(o)))
    decide(state, choice)
    lost = lost_cards(choice)
    assert all(loc(state, c) == DAMAGED for c in lost)
    assert [c for c in lw if c not in lost] == cards_of(state, "2A")
    assert all(loc(state, c) == box("11C") for c in raf)  # no roundels: the RAF is untouched
    assert "U35" not in state.combat  # the marker is removed


def test_intercept_three_random_cards_one_roll_no_ace() -> None:
    state = blank()
    lw = take(state, 2, bf109=3, he111=3)
    raf = take(state, 11, hurricane=2)
    state.flights = {**state.flights, "11C": state.flights["11C"]._replace(ace=True)}
    state = intercept_position(lw, raf)
    for card in (lw[0], lw[3], lw[4]):  # a Bf 109 and two He 111s
        node = state.next()
        assert isinstance(node, Draw) and card in node.items
        draw(state, card)
    assert pool(state).count == 8  # the Ace does not fly in an intercept
    roll(state)
    assert pool(state).count == 4 + 1 + 1  # only the three picked fight
    roll(state, roundel=3)  # three hits on the RAF: a Hurricane (3)
    node = state.next()
    assert isinstance(node, Decision) and node.seat == RAF
    assert len(node.options) == 2  # either Hurricane takes them


def test_intercept_all_hits_must_be_taken() -> None:
    state = blank()
    lw = take(state, 2, he111=1, do17=1)
    raf = take(state, 11, spitfire=1)
    state = intercept_position(lw, raf)
    draws(state)
    roll(state, cross=1)  # one hit, less than either card's damage: one card is still lost
    roll(state)
    node = decision(state)
    assert sorted(lost_cards(o) for o in node.options) == [(lw[0],), (lw[1],)]


# --- Step 7: Dogfights ---------------------------------------------------------------------------
def dogfight_position(
    raf_cards: list[str], lw_cards: list[str], state: BobState | None = None
) -> BobState:
    state = state or blank()
    move_cards(state, lw_cards, box("2A"))
    move_cards(state, raf_cards, box("11B"))
    put(state, "2A", space="P38", fuel=2)
    put(state, "11B", space="P38")
    state.combat = {"P38": "dogfight"}
    state.markers = 4
    run(state, ("battle",))
    decide(state, "resolve space=P38")
    return state


def pick(state: BobState, lw: str, raf: str) -> None:
    node = decision(state)
    assert node.seat == LUFTWAFFE
    decide(state, f"pick card={lw}")
    node = decision(state)
    assert node.seat == RAF
    decide(state, f"pick card={raf}")


def test_only_the_card_with_most_hits_can_fall() -> None:
    state = blank()
    hurricane, spitfire = take(state, 11, hurricane=1, spitfire=1)
    stuka, bf109 = take(state, 2, ju87=1, bf109=1)
    state = dogfight_position([hurricane, spitfire], [stuka, bf109], state)
    pick(state, stuka, hurricane)
    roll(state, cross=1, roundel=2, dice=4)
    roll(state, roundel=1, dice=1)
    # 1 cross on the Ju 87 (damage 1), 3 roundels on the Hurricane (damage 3): only the
    # Hurricane, with the most hits, is shot down
    assert loc(state, hurricane) == DAMAGED
    assert loc(state, stuka) == box("2A")
    node = state.next()  # the winner draws the RAF's next card at random
    assert isinstance(node, Draw) and node.items == (spitfire,)


def test_most_hits_below_damage_shoots_nothing_down() -> None:
    state = blank()
    spitfire, hurricane = take(state, 11, spitfire=1, hurricane=1)
    bf109, bf110 = take(state, 2, bf109=1, bf110=1)
    state = dogfight_position([spitfire, hurricane], [bf109, bf110], state)
    pick(state, bf109, spitfire)
    roll(state, cross=3, roundel=1)
    roll(state)
    assert loc(state, bf109) == box("2A") and loc(state, spitfire) == box("11B")
    # both go back to their boxes; both sides choose again from the cards left in hand
    assert options(state) == {f"pick card={bf110}"}
    decide(state, f"pick card={bf110}")
    assert options(state) == {f"pick card={hurricane}"}


def test_a_tie_shoots_nothing_down() -> None:
    state = blank()
    hurricane, spitfire = take(state, 11, hurricane=1, spitfire=1)
    bf110, he111 = take(state, 2, bf110=1, he111=1)
    state = dogfight_position([hurricane, spitfire], [bf110, he111], state)
    pick(state, bf110, hurricane)
    roll(state, cross=3, roundel=1, dice=4)
    roll(state, roundel=2, dice=3)
    # 3 crosses and 3 roundels: each card has its damage (3), but neither has more hits
    assert loc(state, hurricane) == box("11B") and loc(state, bf110) == box("2A")
    assert options(state) == {f"pick card={he111}"}


def test_the_winner_stays_for_at_most_two_dogfights() -> None:
    state = blank()
    spitfire, hurricane = take(state, 11, spitfire=1, hurricane=1)
    do17, he111, stuka = take(state, 2, do17=1, he111=1, ju87=1)
    state = dogfight_position([spitfire, hurricane], [do17, he111, stuka], state)
    pick(state, do17, spitfire)
    roll(state, cross=2)
    roll(state)
    assert loc(state, do17) == DAMAGED
    node = state.next()  # the RAF draws the Luftwaffe's next card at random
    assert isinstance(node, Draw) and set(node.items) == {he111, stuka}
    draw(state, he111)
    assert pool(state).count == 4  # the Spitfire stays in the air: no one chooses
    roll(state, cross=2)
    roll(state)
    assert loc(state, he111) == DAMAGED
    # two wins: the Spitfire goes back to its box; both choose again
    assert options(state) == {f"pick card={stuka}"}
    decide(state, f"pick card={stuka}")
    assert options(state) == {f"pick card={hurricane}"}
    decide(state, f"pick card={hurricane}")
    roll(state, cross=1)
    roll(state)
    assert loc(state, stuka) == DAMAGED  # the Luftwaffe has no cards left: the dogfight ends
    # three squadrons shot down: an Ace for 11B
    assert state.flights["11B"].ace and state.aces[RAF] == 6
    assert state.flights["2A"].status == "box"  # shot down to the last squadron, home
    node = decision(state)
    assert {str(o) for o in node.options} == {"patrol flight=11B", "home flight=11B"}


def test_an_ace_rolls_one_more_die_and_is_lost_when_shot_down() -> None:
    state = blank()
    spitfire, hurricane = take(state, 11, spitfire=1, hurricane=1)
    bf109, bf110 = take(state, 2, bf109=1, bf110=1)
    state.flights = {**state.flights, "11B": state.flights["11B"]._replace(ace=True)}
    state.aces = {RAF: 6, LUFTWAFFE: 7}
    state = dogfight_position([spitfire, hurricane], [bf109, bf110], state)
    pick(state, bf109, spitfire)
    assert pool(state).count == 5  # 4 + the Ace
    roll(state, roundel=1)
    assert pool(state).count == 4
    roll(state, roundel=3)
    assert loc(state, spitfire) == DAMAGED
    assert not state.flights["11B"].ace and state.aces[RAF] == 7  # back to the pool


def test_an_ace_that_wins_stays_with_its_card() -> None:
    state = blank()
    (spitfire,) = take(state, 11, spitfire=1)
    stuka, he111 = take(state, 2, ju87=1, he111=1)
    state.flights = {**state.flights, "2A": state.flights["2A"]._replace(ace=True)}
    state.aces = {RAF: 7, LUFTWAFFE: 6}
    state = dogfight_position([spitfire], [stuka, he111], state)
    pick(state, stuka, spitfire)
    roll(state, roundel=2)
    assert pool(state).count == 2  # Ju 87: 1 + the Ace
    roll(state, roundel=2, dice=2)
    assert loc(state, spitfire) == DAMAGED  # the RAF has nothing left: the dogfight is over
    assert state.flights["2A"].ace and state.aces[LUFTWAFFE] == 6


def test_a_flight_holds_one_ace_at_most() -> None:
    state = blank()
    (spitfire,) = take(state, 11, spitfire=1)
    do17s = take(state, 2, do17=2)
    state.flights = {**state.flights, "11B": state.flights["11B"]._replace(ace=True)}
    state.aces = {RAF: 6, LUFTWAFFE: 7}
    state = dogfight_position([spitfire], do17s, state)
    pick(state, do17s[0], spitfire)
    roll(state, cross=2, dice=5)
    roll(state)
    draw(state, do17s[1])
    roll(state, cross=2, dice=5)  # the ace stays with the winning card
    roll(state)
    assert state.flights["11B"].ace and state.aces[RAF] == 6  # no second marker


def test_one_kill_earns_no_ace() -> None:
    state = blank()
    (spitfire,) = take(state, 11, spitfire=1)
    (do17,) = take(state, 2, do17=1)
    state = dogfight_position([spitfire], [do17], state)
    pick(state, do17, spitfire)
    roll(state, cross=2)
    roll(state)
    assert not state.flights["11B"].ace and state.aces[RAF] == 7


def test_raf_heads_home_after_its_air_combat() -> None:
    state = blank()
    spitfire, hurricane = take(state, 11, spitfire=1, hurricane=1)
    (do17,) = take(state, 2, do17=1)
    state = dogfight_position([spitfire, hurricane], [do17], state)
    pick(state, do17, spitfire)
    roll(state, cross=2)
    roll(state)
    node = decision(state)
    assert node.seat == RAF
    decide(state, "home flight=11B")
    f = state.flights["11B"]
    assert (f.status, f.space) == ("box", "")
    assert sorted(cards_of(state, "11B")) == sorted([spitfire, hurricane])  # they stay in the box


def test_only_a_flight_that_fought_may_head_home() -> None:
    state = blank()
    put(
        state,
        "2A",
        space="T34",
        cards=take(state, 2, he111=2),
        mission="dunkirk-kent",
        fuel=2,
        bombrun=True,
    )
    put(state, "11C", space="S34", cards=take(state, 11, spitfire=3))
    run(state, ("battle",))
    decide(state, "resolve space=T34")
    assert rolling(state) and "Bombing" in pool(state).label  # straight to the bombing run


# --- Step 7: Bombing Run, Ack-Ack -----------------------------------------------------------------
def bombing_position(target: str, cards: list[str], fuel: int = 2) -> BobState:
    state = blank()
    space = state.t.targets[target].space
    move_cards(state, cards, box("2A"))
    put(state, "2A", space=space, mission=target, fuel=fuel, bombrun=True, detected=True)
    run(state, ("battle",))
    decide(state, f"resolve space={space}")
    return state


def l2(**types: int) -> list[str]:
    return take(blank(), 2, **types)


@pytest.mark.parametrize(("roundels", "hits"), [(0, 0), (1, 1), (2, 2), (3, 3), (5, 3)])
def test_bombing_roundels_are_hits_on_a_city(roundels: int, hits: int) -> None:
    state = bombing_position("london", l2(he111=3, bf109=2))
    roll(state, roundel=roundels, dice=6)  # He 111: 2 bombing dice each; fighters none
    assert state.hits.get("london", 0) == hits
    assert state.knocked_out("london") is (hits == 3)


def test_one_roundel_knocks_out_an_airfield() -> None:
    state = bombing_position("biggin-hill", l2(do17=1, bf109=1))
    roll(state, roundel=1, dice=1)
    assert state.knocked_out("biggin-hill")


def test_no_bombers_no_bombing_run() -> None:
    state = bombing_position("biggin-hill", l2(bf109=3))
    assert not rolling(state)
    assert state.hits == {}


@pytest.mark.parametrize(("target", "dice"), [("biggin-hill", 6), ("rye", 6), ("london", 4)])
def test_stukas_roll_an_extra_die_against_airfields_and_radar(target: str, dice: int) -> None:
    # two Ju 87 (1 bombing die each) and an He 111 (2): +1 die a Stuka against airfield or radar
    state = bombing_position(target, l2(ju87=2, he111=1))
    assert pool(state).count == dice


@pytest.mark.parametrize(("flak_crosses", "down"), [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)])
def test_ack_ack_one_bomber_per_two_crosses(flak_crosses: int, down: int) -> None:
    # Reading: "for every two German cross symbols rolled, one bomber is shot down" is a
    # whole bomber per full pair; an odd cross left over shoots nothing down (3 crosses: 1).
    bombers = l2(he111=3)
    state = bombing_position("london", bombers)
    roll(state, cross=5, dice=6)  # five crosses on the bombing dice: five white dice of ack-ack
    flak = pool(state)
    assert flak.count == 5 and flak.die.name == "raf"
    roll(state, cross=flak_crosses)
    if 0 < down < 3:
        node = decision(state)  # the Luftwaffe chooses which bombers
        assert node.seat == LUFTWAFFE
        assert all(len(lost_cards(o)) == down for o in node.options)
        assert len(node.options) == (3 if down in (1, 2) else 1)
        decide(state, node.options[-1])
    lost = [c for c in bombers if loc(state, c) == DAMAGED]
    assert len(lost) == down


def test_no_crosses_no_ack_ack() -> None:
    state = bombing_position("london", l2(he111=1))
    roll(state, roundel=1)
    assert not rolling(state)


def test_ack_ack_only_shoots_bombers() -> None:
    cards = l2(he111=1, bf109=2)
    state = bombing_position("london", cards)
    roll(state, cross=2, dice=2)
    roll(state, cross=2, dice=2)  # one bomber down: the only bomber, the only option
    assert options(state) == {f"lose cards={cards[0]},"}  # asked all the same (secret_timing)
    decide(state, f"lose cards={cards[0]},")
    assert [loc(state, c) == DAMAGED for c in cards] == [True, False, False]


# --- Step 7: Reaching for Home --------------------------------------------------------------------
def home_rolls(state: BobState, lose: Iterable[str] = ()) -> dict[str, int]:
    """Roll every reaching-for-home pool: a cross for the cards in ``lose``; {card: dice}."""
    out: dict[str, int] = {}
    while rolling(state):
        node = pool(state)
        # the card is named to the Luftwaffe alone: the public label is face down to the RAF
        assert re.search(r"lw-\d-\d+", node.label) is None, node.label
        assert node.detail_to == state.side_seats("luftwaffe")
        card = re.search(r"lw-\d-\d+", node.detail or "")
        assert card is not None and node.die.name == "luftwaffe", node.detail
        out[card.group()] = node.count
        roll(state, cross=1 if card.group() in set(lose) else 0)
    return out


@pytest.mark.parametrize(("fuel", "bomber_dice", "fighter_dice"), [(0, 1, 2), (1, 0, 1), (2, 0, 0)])
def test_reaching_for_home_by_fuel(fuel: int, bomber_dice: int, fighter_dice: int) -> None:
    state = blank()
    he111, ju88, bf110, bf109 = take(state, 2, he111=1, ju88=1, bf110=1, bf109=1)
    put(state, "2A", space="P38", cards=[he111, ju88, bf110, bf109], fuel=fuel)
    run(state, ("go_home", "2A", "test"))
    rolled = home_rolls(state, lose={ju88, bf109})
    expected = {he111: bomber_dice, ju88: bomber_dice, bf110: fighter_dice, bf109: fighter_dice}
    assert rolled == {c: n for c, n in expected.items() if n}
    assert at_barrier(state)
    assert state.flights["2A"].status == "box"
    for c, n in expected.items():
        lost = n > 0 and c in (ju88, bf109)
        assert loc(state, c) == (DAMAGED if lost else box("2A"))


def test_bf109s_home_early_are_safe_those_that_stayed_have_no_fuel() -> None:
    state = blank()
    he111, bf109 = take(state, 2, he111=1, bf109=1)
    put(state, "2A", space="P38", cards=[he111, bf109], fuel=0, escort_home=True)
    run(state, ("go_home", "2A", "test"))
    assert home_rolls(state) == {he111: 1}
    state = blank()
    put(state, "2A", space="P38", cards=[he111, bf109], fuel=0, escort_home=False)
    run(state, ("go_home", "2A", "test"))
    assert home_rolls(state) == {he111: 1, bf109: 2}


# --- Step 7: Mission Success or Failure -------------------------------------------------------------
def test_knocked_out_target_is_a_success() -> None:
    state = bombing_position("biggin-hill", l2(he111=1))
    roll(state, roundel=1)
    assert at_barrier(state)
    assert mission_loc(state, "biggin-hill") == "lw"
    f = state.flights["2A"]
    assert (f.status, f.mission, f.detected, f.nondetect) == ("box", -1, False, False)


def test_city_hit_not_knocked_out_is_a_minor_success() -> None:
    state = bombing_position("london", l2(he111=1))
    roll(state, roundel=2)
    assert at_barrier(state)
    assert mission_loc(state, "london") not in ("lw", "raf", "deck", "hand")
    assert state.bottom == (mission_index(state, "london"),)
    assert state.hits["london"] == 2
    # under the deck: drawn only once every other card has been
    for m in state.t.missions:
        if m.target not in ("london", "rye") and mission_loc(state, m.target) == "deck":
            set_mission(state, m.target, "out")
    run(state, ("draw", "mission"), ("draw", "mission"))
    node = state.next()
    assert isinstance(node, Draw) and node.items == (mission_id(state, "rye"),)
    draw(state, mission_id(state, "rye"))
    assert at_barrier(state) and mission_loc(state, "london") == "hand"


def test_no_hits_is_a_failure() -> None:
    state = bombing_position("london", l2(he111=1))
    roll(state)
    assert mission_loc(state, "london") == "raf"


def test_no_hits_on_an_already_bombed_city_is_a_failure() -> None:
    state = blank()
    state.hits = {"london": 1}  # from an earlier run
    cards = take(state, 2, he111=1)
    move_cards(state, cards, box("2A"))
    put(state, "2A", space="Q33", mission="london", fuel=2, bombrun=True)
    run(state, ("battle",))
    decide(state, "resolve space=Q33")
    roll(state)
    assert mission_loc(state, "london") == "raf"


def test_abort_mission_reaches_for_home_and_the_raf_takes_the_card() -> None:
    state = blank()
    he111, bf110 = take(state, 2, he111=1, bf110=1)
    put(state, "2A", space="S36", cards=[he111, bf110], mission="rye", fuel=1)
    put(state, "2B", space="S38", cards=take(state, 2, do17=1), mission="pevensey", fuel=2)
    run(state, ("battle",))  # nothing to resolve; then each flight may abort
    node = decision(state)
    assert node.seat == LUFTWAFFE and {str(o) for o in node.options} == {"press_on", "abort"}
    decide(state, "abort")
    assert home_rolls(state) == {bf110: 1}  # Reaching for Home with one token
    decide(state, "press_on")
    assert at_barrier(state)
    assert mission_loc(state, "rye") == "raf" and state.flights["2A"].status == "box"
    assert state.flights["2B"].status == "map" and mission_loc(state, "pevensey") == "flight:2B"


def test_every_flight_goes_home_on_the_last_turn() -> None:
    state = blank(turn=4)
    he111, do17 = take(state, 2, he111=1, do17=1)
    put(state, "2A", space="S36", cards=[he111], mission="rye", fuel=0)
    put(state, "2B", space="S38", cards=[do17], mission="pevensey", fuel=2)
    run(state, ("battle",))
    assert home_rolls(state) == {he111: 1}  # no abort choice: home, with the usual rolls
    assert at_barrier(state)
    assert all(state.flights[f].status == "box" for f in ("2A", "2B"))
    assert mission_loc(state, "rye") == "raf" and mission_loc(state, "pevensey") == "raf"


# --- Winning ----------------------------------------------------------------------------------------
def test_victory_points_as_the_winning_table() -> None:
    state = blank(turn=4)
    set_mission(state, "london", "lw")
    set_mission(state, "rye", "lw")
    set_mission(state, "bristol", "raf")
    damage(state, take(state, 11, spitfire=3))
    damage(state, take(state, 2, bf109=2))
    state.hits = {
        "cardiff": 1,  # bomb 1 marker: 1
        "swansea": 2,  # bomb 2 marker: 2
        "london": 3,  # knocked out city: 3
        "biggin-hill": 1,  # knocked out airfield: 1
        "ventnor": 1,  # knocked out radar: 1
    }
    state.flights = {
        **state.flights,
        "11B": state.flights["11B"]._replace(ace=True),
        "13A": state.flights["13A"]._replace(ace=True),
        "2A": state.flights["2A"]._replace(ace=True),
    }
    # Luftwaffe: 2 missions + 3 RAF damaged + 1 + 2 + 3 + 1 + 1 + 1 ace = 14
    # RAF: 2 x 1 mission + 2 Luftwaffe damaged + 2 aces = 6
    assert state.victory_points() == (14, 6)
    run(state, ("turn",))  # after the fourth turn
    end = terminal(state)
    assert end.winner == LUFTWAFFE and dict(end.scores) == {RAF: 6.0, LUFTWAFFE: 14.0}


def test_equal_victory_points_is_a_draw() -> None:
    state = blank(turn=4)
    set_mission(state, "bristol", "raf")
    damage(state, take(state, 11, spitfire=2))
    run(state, ("turn",))
    assert terminal(state).winner is None


# --- Battle of Britain for 3 & 4 Players --------------------------------------------------------------
def test_four_players_each_luftwaffe_seat_moves_its_own_flights() -> None:
    state = blank(players=4)
    for f, space in (("2A", "W35"), ("3A", "M42"), ("5A", "Y10")):
        put(state, f, space=space, cards=take(state, int(f[0]), bf110=1))
    run(state, ("lw_phase",))
    node = decision(state)
    assert node.seat == "luftwaffe-2" and {str(o) for o in node.options} == {"fly flight=2A"}
    decide(state, "fly flight=2A")
    assert decision(state).seat == "luftwaffe-2"
    decide(state, "fuel tokens=1")
    decide(state, "stop")
    assert decision(state).seat == "luftwaffe-2"  # the Bomb Run Marker question: its own flight
    no_marker(state, "2A")
    node = decision(state)
    assert node.seat == "luftwaffe-3-5"
    assert {str(o) for o in node.options} == {"fly flight=3A", "fly flight=5A"}


def test_four_players_each_raf_seat_repairs_and_assists_for_its_own_groups() -> None:
    state = blank(players=4)
    damage(state, take(state, 10, spitfire=1))
    damage(state, take(state, 11, spitfire=1))
    run(state, ("production",))
    seats = []
    while isinstance(state.next(), Decision):
        node = decision(state)
        seats.append((node.seat, node.prompt.split(" Group")[0]))
        decide(state, "keep")
    assert seats == [("raf-10-12", "12"), ("raf-11-13", "13")]
    roll(state, roundel=1)
    assert decision(state).seat == "raf-10-12"  # 10 Group's repair
    decide(state, decision(state).options[0])
    roll(state, roundel=1)
    assert decision(state).seat == "raf-11-13"  # 11 Group's repair


def test_three_players_split_raf() -> None:
    state = blank(players=3, split="raf")
    assert state.seat_for_unit(RAF, 12) == "raf-10-12"
    assert state.seat_for_unit(RAF, 13) == "raf-11-13"
    assert {state.seat_for_unit(LUFTWAFFE, u) for u in (2, 3, 5)} == {LUFTWAFFE}
    put(state, "2A", space="P38", cards=take(state, 2, he111=1), mission="tangmere")
    run(state, ("aborts",))
    assert decision(state).seat == LUFTWAFFE


def test_three_players_split_luftwaffe_missions_by_luftflotte() -> None:
    state = blank(players=3, split="luftwaffe")
    on_map_elsewhere(state, 10, 11, 12, 13)
    lw_flying(state, "2B", "2C", "3A", "3B", "3C")
    set_mission(state, "bristol", "hand")
    run(state, ("missions",))
    draws(state)
    node = decision(state)
    assert "2A" in node.prompt and node.seat == "luftwaffe-2"
    decide(state, node.options[0])
    node = decision(state)
    assert "5A" in node.prompt and node.seat == "luftwaffe-3-5"


def test_four_players_intercept_offers_only_the_asked_seat_s_flights() -> None:
    state = blank(players=4)
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    decide(state, "move to=V35")
    decide(state, "move to=U35")
    node = decision(state)
    assert node.seat == "raf-11-13"
    assert {str(o) for o in node.options} == {"intercept flight=11C", "decline"}


def test_four_players_the_other_raf_seat_may_intercept_when_one_declines() -> None:
    state = blank(players=4)
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    put(state, "12A", space="S33", cards=take(state, 12, spitfire=3))
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    decide(state, "move to=V35")
    decide(state, "move to=U35")
    node = decision(state)
    assert node.seat == "raf-10-12"
    assert {str(o) for o in node.options} == {"intercept flight=12A", "decline"}
    decide(state, "decline")
    node = decision(state)
    assert node.seat == "raf-11-13" and "intercept flight=11C" in options(state)


def test_four_players_one_raf_seat_s_done_does_not_end_the_other_s_move() -> None:
    state = blank(players=4)
    put(state, "10A", space="M35", cards=take(state, 10, spitfire=3))
    put(state, "11A", space="O36", cards=take(state, 11, spitfire=3))
    run(state, ("raf_phase",))
    node = decision(state)
    assert node.seat == "raf-10-12"
    assert {str(o) for o in node.options} == {"fly flight=10A", "done"}
    decide(state, "done")
    node = decision(state)
    assert node.seat == "raf-11-13" and "fly flight=11A" in options(state)


def test_four_players_seats_by_group_and_luftflotte() -> None:
    state = blank(players=4)
    assert {u: state.seat_for_unit(RAF, u) for u in (10, 11, 12, 13)} == {
        10: "raf-10-12",
        11: "raf-11-13",
        12: "raf-10-12",
        13: "raf-11-13",
    }
    assert {u: state.seat_for_unit(LUFTWAFFE, u) for u in (2, 3, 5)} == {
        2: "luftwaffe-2",
        3: "luftwaffe-3-5",
        5: "luftwaffe-3-5",
    }
    two = blank()
    assert {two.seat_for_unit(RAF, u) for u in (10, 11, 12, 13)} == {RAF}
    assert {two.seat_for_unit(LUFTWAFFE, u) for u in (2, 3, 5)} == {LUFTWAFFE}


def test_four_players_reinforcements_placed_by_the_group_s_seat() -> None:
    state = blank(turn=2, players=4)
    on_map_elsewhere(state, 10, 11, 13)
    put(state, "12A", cards=take(state, 12, hurricane=2))
    put(state, "12B", space="U28")
    put(state, "12C", space="N23")
    run(state, ("alert",))
    assert len(draws(state)) == 3
    assert decision(state).seat == "raf-10-12"


# --- Step 7: the order of spaces ------------------------------------------------------------------
def test_the_raf_chooses_the_order_of_the_spaces() -> None:
    state = blank()
    put(
        state,
        "2A",
        space="T34",
        cards=take(state, 2, he111=2),
        mission="dunkirk-kent",
        bombrun=True,
        fuel=2,
    )
    put(state, "2B", space="P38", cards=take(state, 2, do17=2), fuel=2)
    put(state, "11B", space="P38", cards=take(state, 11, spitfire=1))
    state.combat = {"P38": "dogfight"}
    run(state, ("battle",))
    node = decision(state)
    assert node.seat == RAF
    assert {str(o) for o in node.options} == {"resolve space=T34", "resolve space=P38"}


def test_without_a_bombing_run_marker_there_is_no_bombing() -> None:
    state = blank()
    put(state, "2A", space="T34", cards=take(state, 2, he111=2), mission="dunkirk-kent", fuel=2)
    run(state, ("battle",))
    node = decision(state)  # nothing to resolve: straight to the abort choice
    assert {str(o) for o in node.options} == {"press_on", "abort"}


# --- Scenario Adjustments ------------------------------------------------------------------------
def adjustment_draws(state: BobState, completed: list[str]) -> list[str]:
    """Draw the named completed missions, then the first item of every other adjustment draw;
    returns the labels of the draws after the completed missions."""
    for m in completed:
        draw(state, m)
    labels: list[str] = []
    while True:
        node = state.next()
        if not (isinstance(node, Draw) and "Scenario adjustments" in node.label):
            return labels
        labels.append(node.label)
        state.apply(Action("draw", item=node.items[0]))


def test_duel_of_eagles_adjustments() -> None:
    state = GAME.new_state("duel-of-eagles")
    t = state.t
    done = ["M11-05", "M11-13", "M10-04", "M12-05", "M13-03"]  # Biggin Hill, Swingate, 3 cities
    labels = adjustment_draws(state, done)
    assert all(state.mission_loc[i] == "lw" for i, m in enumerate(t.missions) if m.id in done)
    assert state.knocked_out("biggin-hill") and state.knocked_out("swingate-dover")
    assert [state.hits[c] for c in ("bristol", "coventry", "newcastle-upon-tyne")] == [1, 1, 1]
    radar_left = 13 - 1
    out = [m for i, m in enumerate(t.missions) if state.mission_loc[i] == "out"]
    assert len(out) == (radar_left + 1) // 2 and {m.kind for m in out} == {"radar"}
    damaged = [t.cards[c] for c in state.cards_in(DAMAGED)]
    assert sum(1 for c in damaged if c.side == LUFTWAFFE and c.unit == 2) == 7
    assert sum(1 for c in damaged if c.side == LUFTWAFFE and c.unit == 3) == 7
    assert sorted(c.unit for c in damaged if c.side == RAF) == [10, 11, 12, 13]
    assert len(labels) == len(out) + 7 + 7 + 4
    assert state.markers == 5 and state.big_wing == 0


def test_london_burning_adjustments() -> None:
    state = GAME.new_state("london-burning")
    t = state.t
    done = [
        "M11-04",
        "M10-01",
        "M11-08",
        "M11-01",
        "M11-02",
        "M12-04",
        "M12-05",
        "M12-06",
        "M13-07",
    ]
    adjustment_draws(state, done)
    assert len([m for m in state.mission_loc if m == "lw"]) == 9
    airfields_left = 12 - 2
    out = [m for i, m in enumerate(t.missions) if state.mission_loc[i] == "out"]
    assert len(out) == airfields_left // 2 and {m.kind for m in out} == {"airfield"}
    damaged = [t.cards[c] for c in state.cards_in(DAMAGED)]
    lw_damaged = {
        u: sum(1 for c in damaged if c.side == LUFTWAFFE and c.unit == u) for u in (2, 3, 5)
    }
    assert lw_damaged == {2: 10, 3: 10, 5: 2}
    assert sorted(c.unit for c in damaged if c.side == RAF) == [10, 11, 12, 13]
    assert all(c.type != "defiant" for c in damaged)  # set aside before the RAF's draw
    playing = [t.cards[c] for c in range(len(t.cards)) if state.card_loc[c] == CRB]
    assert not any(c.type == "ju87" and c.unit in (2, 3) for c in playing)
    assert not any(c.type == "defiant" for c in playing)
    assert (state.markers, state.big_wing) == (4, 1)
    assert state.lw_box_size("2A") == 7 and state.lw_box_size("3A") == 6


def test_big_wing_two_flights_use_the_big_wing_marker() -> None:
    state = blank(scenario="london-burning")
    state.markers, state.big_wing = 4, 1
    put(state, "2A", space="P38", cards=take(state, 2, he111=6))
    put(state, "11A", space="P38", cards=take(state, 11, spitfire=3))
    put(state, "11B", space="P36", cards=take(state, 11, hurricane=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11A")
    decide(state, "stop")
    decide(state, "dogfight")
    decide(state, "fly flight=11B")
    decide(state, "move to=P37")
    decide(state, "move to=P38")  # two RAF flights with one Luftwaffe flight: a Big Wing
    assert state.big_wing == 0


def test_a_luftwaffe_that_grounds_every_flight_cannot_lose_channel_battle() -> None:
    """Victory Points: the RAF scores only for missions it is awarded (failed or aborted raids),
    Luftwaffe cards damaged and Aces, all of which need a raid. Step 3's No Mission Assignment
    for every flight, whatever the RAF does, ends Channel Battle 0-0 (the Luftwaffe's floor in
    docs/rules/bob.md, Balance)."""
    import random

    from dowding.engine import Chance, Match, Terminal

    for seed in range(3):
        match = Match("bob", "channel-battle", seed=seed)
        rng = random.Random(seed)
        while not isinstance(node := match.node(), Terminal):
            if isinstance(node, Chance):
                match.roll()
            elif node.seat == LUFTWAFFE:
                match.play(next((o for o in node.options if o.kind == "ground"), node.options[0]))
            else:
                match.play(rng.choice(node.options))
        assert node.winner is None and node.scores == {RAF: 0, LUFTWAFFE: 0}

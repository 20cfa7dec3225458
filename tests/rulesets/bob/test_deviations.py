"""Issue 11: the bob deviations from the rulebook (shared/seeds/000_*), each with fixed dice and
draws; every test here but the two pinned readings (Step 3 draws, Intercept loss sets) failed on
the code before the fix. Positions are built by hand as in test_rules.py."""

from __future__ import annotations

from dowding.engine import Draw
from dowding.rulesets.bob.state import BobState, box
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF, RAF_FLIGHTS

from .position import (
    at_barrier,
    blank,
    cards_of,
    decide,
    decision,
    draws,
    loc,
    mission_loc,
    no_marker,
    options,
    pool,
    put,
    roll,
    rolling,
    run,
    take,
)


def raf_elsewhere(state: BobState) -> None:
    """Every RAF flight on the map at its airfield: no RAF Squadron Alert in the way."""
    for f in RAF_FLIGHTS:
        put(state, f, space=state.t.raf_base[f])


def radar_run(state: BobState, *path: str) -> None:
    """2A, one fuel token spent, flies ``path`` from W35."""
    run(state, ("lw_phase",))
    decide(state, "fly flight=2A")
    decide(state, "fuel tokens=1")
    for space in path:
        decide(state, f"move to={space}")


# --- 1. Step 6, Big Wing Rules: a second flight never joins an intercept -------------------------
def test_a_second_raf_flight_may_not_end_on_an_intercept() -> None:
    state = blank(scenario="london-burning")
    state.markers, state.big_wing = 3, 1
    put(state, "2A", space="U35", cards=take(state, 2, he111=6), detected=True)
    put(state, "11C", space="U35", cards=take(state, 11, spitfire=3), intercepted=True)
    state.combat = {"U35": "intercept"}
    put(state, "11B", space="T35", cards=take(state, 11, hurricane=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11B")
    # "two RAF flights ... engage in a dogfight": the intercept stays one flight's
    assert "move to=U35" not in options(state)
    decide(state, "stop")
    assert state.big_wing == 1 and state.combat == {"U35": "intercept"}


def test_a_big_wing_may_not_form_by_entering_with_moves_left() -> None:
    # outside London Burning no second flight may end on the space, however early it enters
    state = blank()
    put(state, "2A", space="P38", cards=take(state, 2, he111=6), detected=True)
    put(state, "11A", space="P38", cards=take(state, 11, spitfire=3))
    put(state, "11B", space="P37", cards=take(state, 11, hurricane=3))
    run(state, ("raf_phase",))
    decide(state, "fly flight=11B")
    assert "move to=P38" not in options(state)


# --- 2. Step 5: radar and intercept on a space an RAF flight holds --------------------------------
def test_radar_detects_a_flight_stopped_by_an_raf_flight_and_the_raf_is_asked() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="U35", cards=take(state, 11, spitfire=3))  # on Swingate's space
    put(state, "11B", space="R33", cards=take(state, 11, hurricane=3))  # 3 spaces away
    radar_run(state, "V35", "U35")
    f = state.flights["2A"]
    assert f.space == "U35" and f.detected
    node = decision(state)
    assert node.seat == RAF
    # only the flight on the space: a second would share it (Step 6: one RAF flight a space)
    assert {str(o) for o in node.options} == {"intercept flight=11C", "decline"}
    decide(state, "intercept flight=11C")
    no_marker(state, "2A")
    assert at_barrier(state)
    assert state.combat == {"U35": "intercept"} and state.flights["11C"].intercepted


def test_a_flight_stopped_by_an_raf_flight_stays_stopped_when_not_intercepted() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="U35", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35")
    decide(state, "decline")
    no_marker(state, "2A")  # it may not move through the RAF flight's space
    assert at_barrier(state)
    assert state.flights["2A"].space == "U35" and state.combat == {}


# --- 3. London Burning: Luftflotte 2 "may" fly with 7 ---------------------------------------------
def test_london_burning_luftflotte_2_may_fly_with_six() -> None:
    state = blank(scenario="london-burning")
    raf_elsewhere(state)
    put(state, "2A", cards=take(state, 2, bf109=5), mission="london")
    run(state, ("alert",))
    assert len(draws(state)) == 4  # 2 to reach seven, plus 2
    node = decision(state)
    assert node.seat == LUFTWAFFE
    place = next(o for o in node.options if o.kind == "place")
    decide(state, place)
    decide(state, "done")  # six cards: the seventh declined
    assert at_barrier(state)
    f = state.flights["2A"]
    assert f.status == "map" and len(cards_of(state, "2A")) == 6


def test_london_burning_turn_one_the_luftwaffe_chooses_six_or_seven() -> None:
    for size in (6, 7):
        state = blank(turn=1, scenario="london-burning")
        raf_elsewhere(state)
        for f, target in (("2A", "london"), ("2B", "rye"), ("2C", "biggin-hill")):
            put(state, f, mission=target)
        run(state, ("alert",))
        node = decision(state)
        assert node.seat == LUFTWAFFE
        assert {str(o) for o in node.options} == {"deal cards=6", "deal cards=7"}
        decide(state, f"deal cards={size}")
        assert len(draws(state)) == 3 * size
        assert at_barrier(state)
        for f in ("2A", "2B", "2C"):
            assert state.flights[f].status == "map" and len(cards_of(state, f)) == size


# --- 4. Step 3: a grounded flight draws a mission every turn (the literal reading, pinned) ------
def test_a_grounded_flight_draws_a_mission_each_turn_it_is_on_its_box() -> None:
    state = blank(turn=3)
    put(state, "2A", status="grounded")
    put(state, "2B")  # back on its box from a raid
    targets = ("rye", "poling", "tangmere", "pevensey", "bawdsey")
    for f, target in zip(("2C", "3A", "3B", "3C", "5A"), targets, strict=True):
        put(state, f, space=state.t.lw_base[f], mission=target)  # flying
    run(state, ("missions",))
    # "draw one mission card for each flight" on its squadron box: 2A and 2B
    assert len(draws(state)) == 2
    assert decision(state).prompt.startswith("Mission for Luft. 2A")


# --- 5. Air Ace: "the first squadron card that battles in a dogfight" -----------------------------
def test_the_ace_flies_with_the_first_card_only() -> None:
    state = blank()
    spitfire, hurricane = take(state, 11, spitfire=1, hurricane=1)
    bf110, he111 = take(state, 2, bf110=1, he111=1)
    state.flights = {**state.flights, "11B": state.flights["11B"]._replace(ace=True)}
    state.aces = {RAF: 6, LUFTWAFFE: 7}
    put(state, "2A", space="P38", cards=[bf110, he111])
    put(state, "11B", space="P38", cards=[spitfire, hurricane])
    state.combat = {"P38": "dogfight"}
    run(state, ("battle",))
    decide(state, "resolve space=P38")
    decide(state, f"pick card={bf110}")
    decide(state, f"pick card={spitfire}")
    roll(state, dice=5)  # the Spitfire and the Ace
    roll(state, dice=3)  # a tie: nothing down, the Ace back on 11B's box
    assert state.flights["11B"].ace
    decide(state, f"pick card={he111}")
    decide(state, f"pick card={hurricane}")
    assert pool(state).count == 4  # the Hurricane alone: the Ace went with the first card


# --- 6. Non-Detected Flight: undetected "this turn" -----------------------------------------------
def test_a_flight_undetected_last_turn_is_detected_by_working_radar() -> None:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=6), nondetect=True)
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35")  # Swingate (Dover) working
    f = state.flights["2A"]
    assert f.detected and not f.nondetect
    assert options(state) == {"intercept flight=11C", "decline"}


def test_a_flight_through_a_gap_this_turn_is_not_detected_again_this_turn() -> None:
    state = blank()
    state.hits = {"swingate-dover": 1}
    put(state, "2A", space="W35", cards=take(state, 2, he111=6))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=3))
    radar_run(state, "V35", "U35", "T34")  # T34: Dunkirk (Kent), working
    assert "intercept flight=11C" not in options(state)
    assert state.slipped == ("2A",)
    run(state, ("end_turn",))
    assert state.slipped == () and state.flights["2A"].nondetect  # the marker stays


# --- 7. Intercept: "All hits must be accounted for" (the loss sets, pinned) -----------------------
def test_intercept_loss_sets_have_no_card_to_spare() -> None:
    state = blank()
    bf109, do17, he111 = take(state, 2, bf109=1, do17=1, he111=1)
    idx = [state.t.card_index[c] for c in (bf109, do17, he111)]
    sets = {frozenset(state.t.cards[c].id for c in s) for s in state.loss_sets(idx, 4)}
    # the Bf 109 alone (4) or the two bombers (2 + 2); never a card more than the hits need
    assert sets == {frozenset({bf109}), frozenset({do17, he111})}


# --- 8. Smaller ones -------------------------------------------------------------------------------
def test_big_wing_of_one_group_returns_cards_to_the_box_of_the_raf_s_choice() -> None:
    state = blank(scenario="london-burning")
    state.markers, state.big_wing = 4, 0
    (do17,) = take(state, 2, do17=1)
    spitfires = take(state, 11, spitfire=2)
    (hurricane,) = take(state, 11, hurricane=1)
    put(state, "2A", space="P38", cards=[do17])
    put(state, "11A", space="P38", cards=spitfires)
    put(state, "11B", space="P38", cards=[hurricane])
    state.combat = {"P38": "bigwing"}
    run(state, ("battle",))
    decide(state, "resolve space=P38")
    decide(state, f"pick card={do17}")
    decide(state, f"pick card={spitfires[0]}")
    roll(state, cross=2)
    roll(state)
    assert loc(state, do17) != box("2A")  # shot down: the dogfight is over
    node = decision(state)
    assert node.seat == RAF and {o.word("flight") for o in node.options} == {"11A", "11B"}
    card = node.options[0].word("card")
    decide(state, f"return card={card} flight=11B")
    while "Big Wing" in decision(state).prompt:
        card = decision(state).options[0].word("card")
        decide(state, f"return card={card} flight=11B")
    assert sorted(cards_of(state, "11B")) == sorted([*spitfires, hurricane])
    assert state.flights["11A"].status == "box"  # left with no cards: back to its display


def test_a_flight_with_no_bombers_over_its_target_reaches_for_home() -> None:
    state = blank()
    target = state.t.targets["biggin-hill"].space
    put(
        state,
        "2A",
        space=target,
        cards=take(state, 2, bf109=3),
        mission="biggin-hill",
        bombrun=True,
    )
    run(state, ("bombing", target))
    assert not rolling(state) and at_barrier(state)
    assert state.flights["2A"].status == "box"  # home: its run is over with no hits
    assert mission_loc(state, "biggin-hill") == "raf"


def test_no_luftwaffe_reinforcement_draw_when_none_is_needed() -> None:
    state = blank()
    raf_elsewhere(state)
    put(state, "2A", cards=take(state, 2, bf109=6), mission="biggin-hill")
    run(state, ("alert",))
    assert not isinstance(state.next(), Draw)  # no "plus 2" draw for a full flight
    assert at_barrier(state) and state.flights["2A"].status == "map"

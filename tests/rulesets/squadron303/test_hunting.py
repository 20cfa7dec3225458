""" "Hunting" (the Air Supremacy Event: "the Luftwaffe hunts one particular pilot"): the pilot
chosen by a stated rule at the reveal, and the squadron flying 2 Areas at him and attacking with
all its dice."""

from __future__ import annotations

from dowding.rulesets.squadron303.events import do_event
from dowding.rulesets.squadron303.germans import do_germans
from tests.rulesets.squadron303.test_game_examples import _table


def test_the_hunt_goes_for_the_pilot_with_most_kills() -> None:
    state = _table()
    state.planes = (
        state.plane("p1")._replace(kills=("bf109",)),
        state.plane("p2")._replace(kills=("bf109", "he111")),
    )
    state.face_down = ("air-supremacy", *state.face_down[1:])
    state.germans = ()
    do_event(state, ("event", 0))
    sq = next(s for s in state.squadrons if s.id.startswith("air-supremacy"))
    assert (sq.mode, sq.prey) == ("hunting", "p2")
    # a tie goes to the first plane in seat order
    state.planes = tuple(p._replace(kills=()) for p in state.planes)
    state.squadrons = tuple(s for s in state.squadrons if s.id != sq.id)
    state.face_down = ("air-supremacy", *state.face_down[1:])
    do_event(state, ("event", 0))
    assert state.squadron(sq.id).prey == "p1"


def test_the_hunters_fly_two_areas_at_their_prey_and_attack() -> None:
    state = _table()
    state.planes = (
        state.plane("p1")._replace(area="tonbridge"),
        state.plane("p2")._replace(area="northolt", status="landed"),
    )
    state.face_down = ("air-supremacy", *state.face_down[1:])
    state.germans = ()
    do_event(state, ("event", 0))
    sid = next(s.id for s in state.squadrons if s.id.startswith("air-supremacy"))
    assert state.squadron(sid).prey == "p1"
    # E1 to Tonbridge is 3 Areas: 2 this German Phase, none of them there yet
    state.queue = ()
    do_germans(state, ("germans",))
    areas = {g.area for g in state.germans if g.squadron == sid}
    assert len(areas) == 1 and state.board.distance(areas.pop(), "tonbridge") == 1
    assert state.queue == ()
    do_germans(state, ("germans",))
    assert {g.area for g in state.germans if g.squadron == sid} == {"tonbridge"}
    assert state.queue == (("ca", sid, "tonbridge", 0),)  # a Counterattack with all its dice

"""Step 3, German Mission Assignment (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from dowding.engine import Action, Decision

from .pieces import (
    CRB,
    Task,
    box,
    one_arg,
)
from .tables import LUFTWAFFE, LW_FLIGHTS

_GROUND = Action("ground")


class MissionStep:
    # --- Step 3, German Mission Assignment ---------------------------------------------------
    def deck(self) -> list[int]:
        return [i for i, loc in enumerate(self.mission_loc) if loc == "deck"]

    def hand(self) -> list[int]:
        return [i for i, loc in enumerate(self.mission_loc) if loc == "hand"]

    def _auto_missions(self, task: Task) -> None:
        lw = self.options_lw_flights()
        if (
            self.turn_no == 1
            and not any(f.mission >= 0 for f in self.flights.values())
            and not self.hand()
        ):
            # Special Procedure Turn 1: draw 10, assign one to each flight, keep the rest pending
            draws = 10
            needing = lw
        else:
            needing = [
                f
                for f in lw
                if self.flights[f].status in ("box", "grounded") and self.flights[f].mission < 0
            ]
            # "when there are more than one Luftwaffe flight on its squadron box, draw one
            # mission card for each flight": a grounded flight is on its box with no mission, so
            # it draws too, every turn it stays grounded (docs/rules/bob.md, Step 3)
            draws = len(needing)
        self.queue = (
            *(("draw", "mission") for _ in range(draws)),
            *(("assign", f) for f in needing),
            *self.queue,
        )

    def options_lw_flights(self) -> list[str]:
        return [f for f in LW_FLIGHTS if self.flights[f].status != "out"]

    def _assign_decision(self, flight: str) -> Decision | None:
        hand = self.hand()
        return Decision(
            self.seat_of_flight(flight),
            f"Mission for Luft. {flight} (Step 3): assign a pending mission, or ground the flight",
            (*(one_arg("assign", "mission", self.t.missions[m].id) for m in hand), _GROUND),
        )

    def _do_assign(self, task: Task, action: Action | None) -> None:
        flight = self.flights[task[1]]
        if action is None or action.kind == "ground":
            # No Mission Assignment: the flight is grounded and its cards go back
            self._move_cards(self.cards_in(box(flight.id)), CRB)
            self._put(flight._replace(status="grounded", mission=-1, space=""))
            self._say(f"Luft. {flight.id} is grounded this turn.", LUFTWAFFE)
            return
        m = self.t.mission_index[action.word("mission")]
        self._set_mission(m, f"flight:{flight.id}")
        self._put(
            flight._replace(
                mission=m, status="box" if flight.status == "grounded" else flight.status
            )
        )
        given = self.t.missions[m]
        self._say(
            f"Luft. {flight.id} is given mission {given.id}: {self.place_name(given.target)}.",
            LUFTWAFFE,
        )

    def _draw_from_empty_deck(self) -> None:
        # Step 3: with the deck spent, only the cards returned under it are left: take the top one
        if self.bottom:
            self._set_mission(self.bottom[0], "hand")
            self.bottom = self.bottom[1:]

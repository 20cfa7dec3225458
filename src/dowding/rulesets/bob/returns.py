"""Step 7, Luftwaffe Flight Reaching for Home Phase, Mission Success or Failure Phase and Abort Mission; the end of the turn (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from dowding.engine import Action, Decision

from .pieces import (
    CRB,
    DAMAGED,
    Task,
    box,
)
from .tables import LW_FLIGHTS, RAF_FLIGHTS


class ReturnsPhase:
    def _auto_returns(self, task: Task) -> None:
        self._return_lw(task[1], "after its bombing run")

    # Luftwaffe Flight Reaching for Home Phase
    def _return_lw(self, flight: str, why: str) -> None:
        self.queue = (("go_home", flight, why), *self.queue)

    def _auto_go_home(self, task: Task) -> None:
        _, flight, why = task
        f = self.flights[flight]
        if f.status != "map":
            return
        rolls: list[Task] = []
        for c in self.cards_in(box(flight)):
            card = self.t.cards[c]
            fuel = f.fuel  # Bf 109s that stayed on a two-token move have no fuel left either
            if card.type == "bf109" and f.escort_home:
                continue  # turned back early and home safe
            if card.role == "bomber":
                n = 1 if fuel == 0 else 0
            else:
                n = 2 if fuel == 0 else 1 if fuel == 1 else 0
            if n:
                rolls.append(("home_roll", flight, card.id, n))
        self._say(f"Luft. {flight} reaches for home ({why}).")
        self.queue = (*rolls, ("landed", flight), *self.queue)

    def _auto_landed(self, task: Task) -> None:
        flight = task[1]
        f = self.flights[flight]
        # Mission Success or Failure Phase
        m = f.mission
        if m >= 0:
            mission = self.t.missions[m]
            hits = self.hits.get(mission.target, 0)
            if self.knocked_out(mission.target):
                self._set_mission(m, "lw")
                verdict = "a success: the Luftwaffe keeps the card"
            elif hits > 0 and self.t.targets[mission.target].kind == "city" and f.bombed:
                self._set_mission(m, "deck_bottom")
                self.bottom = (*self.bottom, m)
                verdict = "a minor success: the card goes under the deck"
            else:
                self._set_mission(m, "raf")
                verdict = "a failure: the RAF takes the card"
            self._say(
                f"Luft. {flight}'s mission against {self.place_name(mission.target)} is {verdict}."
            )
        self._put(
            f._replace(
                status="box",
                space="",
                mission=-1,
                detected=False,
                nondetect=False,
                bombrun=False,
                bombed=False,
                escort_home=False,
                fuel=0,
            )
        )

    def _auto_space_done(self, task: Task) -> None:
        self._clear_combat(task[1])

    # Abort Mission, and every flight home on the last turn
    def _auto_aborts(self, task: Task) -> None:
        flying = [f for f in LW_FLIGHTS if self.flights[f].status == "map"]
        if self.turn_no >= self.last_turn:
            self.queue = (*(("go_home", f, "the last turn") for f in flying), *self.queue)
        else:
            self.queue = (*(("abort", f) for f in flying), *self.queue)

    def _abort_decision(self, flight: str) -> Decision | None:
        f = self.flights[flight]
        if f.status != "map":
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight} at {f.space}: abort its mission and turn for home?",
            (Action("press_on"), Action("abort")),
        )

    def _do_abort(self, task: Task, action: Action | None) -> None:
        if action is not None and action.kind == "abort":
            self.queue = (("go_home", task[1], "mission aborted"), *self.queue)

    # --- end of turn ----------------------------------------------------------------------
    def _auto_end_turn(self, task: Task) -> None:
        # Bombed Airfield: the flight goes back to its box and its cards to the combat ready box
        for f in RAF_FLIGHTS:
            fl = self.flights[f]
            if self.knocked_out(self.t.raf_base_name[f]) and fl.status != "grounded":
                self._move_cards(self.cards_in(box(f)), CRB)
                self._put(fl._replace(status="box", space=""))
        for fl in list(self.flights.values()):
            if fl.intercepted:
                self._put(fl._replace(intercepted=False))
        self.markers, self.big_wing = (4, 1) if self.stage == "london-burning" else (5, 0)
        self.combat = {}
        self.slipped = ()  # Non-Detected Flight: undetected "this turn"

    def _do_home_roll(self, task: Task, action: Action | None) -> None:
        # Step 7, Reaching for Home: a squadron is lost on a cross
        assert action is not None
        _, flight, card, _n = task
        if int(action.number("cross")) > 0:
            self._move_cards([self.t.card_index[card]], DAMAGED)
            lost = self.card_name(self.t.card_index[card])
            self._say(f"{lost} of Luft. {flight} runs out of fuel and is lost.")

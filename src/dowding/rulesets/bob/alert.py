"""Step 4, Squadron Alert (British & German) (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from dowding.engine import Action, Decision

from .pieces import (
    CRB,
    LW_FULL,
    Flight,
    Task,
    box,
    unit_of,
)
from .tables import LUFTWAFFE, LW_FLIGHTS, RAF, RAF_FLIGHTS

# each Group's or Luftflotte's flights, in order, by (RAF?, unit)
_UNIT_FLIGHTS: dict[tuple[bool, int], tuple[str, ...]] = {
    (raf, unit): tuple(f for f in flights if unit_of(f) == unit)
    for raf, flights in ((True, RAF_FLIGHTS), (False, LW_FLIGHTS))
    for unit in {unit_of(f) for f in flights}
}
_DONE = Action("done")
_PLACES: dict[tuple[str, str], Action] = {}


def _place(card: str, flight: str) -> Action:
    """'place card=X flight=Y', made once: every card drawn is offered for every open box."""
    action = _PLACES.get((card, flight))
    if action is None:
        if len(_PLACES) >= 1 << 16:
            _PLACES.clear()
        action = _PLACES[card, flight] = Action("place", card=card, flight=flight)
    return action


class AlertStep:
    # --- Step 4, Squadron Alert ----------------------------------------------------------
    def lw_box_size(self, flight: str) -> int:
        """The most cards a Luftwaffe box holds. London Burning: the Luftwaffe "may increase the
        number of squadron cards in Luftflotte 2 flight squadron card boxes, from 6 cards to 7"."""
        return 7 if self.stage == "london-burning" and flight.startswith("2") else LW_FULL

    def lw_can_alert(self, f: Flight) -> bool:
        """On its box with a mission (a flight grounded for want of cards keeps its mission)."""
        return f.status in ("box", "grounded") and f.mission >= 0

    def raf_can_alert(self, f: Flight) -> bool:
        base = self.t.raf_base_name[f.id]
        return f.status == "box" and not self.knocked_out(base)

    def _auto_alert(self, task: Task) -> None:
        tasks: list[Task] = []
        for group in (10, 11, 12, 13):
            flights = [
                f
                for f in RAF_FLIGHTS
                if unit_of(f) == group and self.raf_can_alert(self.flights[f])
            ]
            need = sum(max(0, 3 - len(self.cards_in(box(f)))) for f in flights)
            if need == 0:
                for f in flights:
                    tasks.append(("launch", f))
                continue
            first = self.turn_no == 1 and all(not self.cards_in(box(f)) for f in RAF_FLIGHTS)
            extra = 0 if first else 2  # after turn 1: the cards needed plus 2, then choose
            n = min(need + extra, len(self.crb_cards(RAF, group)))
            tasks += [("draw", "card", RAF, group)] * n
            tasks.append(("reinforce", RAF, group, first))
        for lf in (2, 3, 5):
            flights = [
                f for f in LW_FLIGHTS if unit_of(f) == lf and self.lw_can_alert(self.flights[f])
            ]
            need = sum(max(0, self.lw_box_size(f) - len(self.cards_in(box(f)))) for f in flights)
            if not flights:
                continue
            first = self.turn_no == 1 and all(not self.cards_in(box(f)) for f in LW_FLIGHTS)
            if first and lf == 2 and self.stage == "london-burning":
                tasks.append(("lf2_deal",))  # London Burning: 6 or 7 cards, the Luftwaffe's choice
                continue
            if need == 0:
                # nothing to reinforce: no cards drawn ("the cards needed plus 2" only when needed)
                tasks += [("launch", f) for f in flights]
                continue
            n = min(need + (0 if first else 2), len(self.crb_cards(LUFTWAFFE, lf)))
            tasks += [("draw", "card", LUFTWAFFE, lf)] * n
            tasks.append(("reinforce", LUFTWAFFE, lf, first))
        self.scratch = ()
        self.queue = (*tasks, *self.queue)

    def _lf2_deal_decision(self) -> Decision | None:
        return Decision(
            self.seat_for_unit(LUFTWAFFE, 2),
            "London Burning: deal 6 or 7 squadron cards to each Luftflotte 2 flight (Step 4)",
            (Action("deal", cards=6), Action("deal", cards=7)),
        )

    def _do_lf2_deal(self, task: Task, action: Action | None) -> None:
        # Scenario 3, London Burning: the Luftwaffe "may increase" Luftflotte 2's boxes to 7
        size = LW_FULL if action is None else int(action.number("cards"))
        flights = [f for f in LW_FLIGHTS if unit_of(f) == 2 and self.lw_can_alert(self.flights[f])]
        n = min(size * len(flights), len(self.crb_cards(LUFTWAFFE, 2)))
        self._say(f"Luftflotte 2 flies with {size} squadron cards a flight.", LUFTWAFFE)
        self.queue = (
            *([("draw", "card", LUFTWAFFE, 2)] * n),
            ("reinforce", LUFTWAFFE, 2, True, size),
            *self.queue,
        )

    def _open_boxes(self, side: str, unit: int, size: int = 0) -> list[str]:
        return [f for f, _ in self._box_room(side, unit, size)]

    def _box_room(self, side: str, unit: int, size: int = 0) -> list[tuple[str, int]]:
        """The unit's flights that may take more cards, in order, with room for how many."""
        open_ = []
        raf = side == RAF
        for f in _UNIT_FLIGHTS.get((raf, unit), ()):
            fl = self.flights[f]
            if not (self.raf_can_alert(fl) if raf else self.lw_can_alert(fl)):
                continue
            room = (size or (3 if raf else self.lw_box_size(f))) - len(self.cards_in(box(f)))
            if room > 0:
                open_.append((f, room))
        return open_

    def _reinforce_decision(
        self, side: str, unit: int, first: bool, size: int = 0
    ) -> Decision | None:
        drawn = [c for c in self.scratch if isinstance(c, int)]
        if not drawn or first:
            return None  # turn 1: the cards are dealt, not chosen
        open_ = self._open_boxes(side, unit)
        if not open_:
            return None
        ids = self.t.card_ids
        options = [_place(ids[c], f) for c in drawn for f in open_]
        return Decision(
            self.seat_for_unit(side, unit),
            f"Squadron Alert (Step 4): place the cards drawn for {'Group' if side == RAF else 'Luftflotte'} {unit}; 'done' returns the rest",
            (*options, _DONE),
        )

    def _do_reinforce(self, task: Task, action: Action | None) -> None:
        side, unit, first = task[1:4]
        size = task[4] if len(task) > 4 else 0  # London Burning: Luftflotte 2's choice
        if action is None and first:
            # Special Procedure Turn 1: deal the cards face down, box by box (each card to the
            # first box with room, as the boxes open now are the only ones that can take any)
            open_ = self._box_room(side, unit, size)
            locs = list(self.card_loc)
            dealt: set[int] = set()
            for c in [c for c in self.scratch if isinstance(c, int)]:
                if not open_:
                    break
                f, room = open_[0]
                locs[c] = box(f)
                dealt.add(c)
                if room > 1:
                    open_[0] = (f, room - 1)
                else:
                    del open_[0]
            self.card_loc = tuple(locs)
            self.scratch = tuple(x for x in self.scratch if x not in dealt)
        if action is not None and action.kind == "place":
            c = self.t.card_index[action.word("card")]
            self._move_cards([c], box(action.word("flight")))
            self.scratch = tuple(x for x in self.scratch if x != c)
            self.queue = (task, *self.queue)  # keep placing
            return
        # done, or nowhere left to place: the rest go back to the combat ready box
        self._move_cards([c for c in self.scratch if isinstance(c, int)], CRB)
        self.scratch = ()
        flights = RAF_FLIGHTS if side == RAF else LW_FLIGHTS
        for f in flights:
            if unit_of(f) == unit:
                self.queue = (("launch", f), *self.queue)

    def _auto_launch(self, task: Task) -> None:
        f = self.flights[task[1]]
        cards = self.cards_in(box(f.id))
        if f.side == RAF:
            if f.status == "box" and cards and self.raf_can_alert(f):
                self._put(f._replace(status="map", space=self.t.raf_base[f.id]))
            return
        if not self.lw_can_alert(f):
            return
        if len(cards) < LW_FULL:
            # "grounded if its squadron cards cannot be brought up to 6" (7 in London Burning's
            # Luftflotte 2 is the Luftwaffe's option, not a minimum)
            self._move_cards(cards, CRB)
            self._put(f._replace(status="grounded"))  # it keeps its mission for a later turn
            self._say(f"Luft. {f.id} cannot be brought up to strength and is grounded.")
            return
        self._put(
            f._replace(
                status="map", space=self.t.lw_base[f.id], fuel=3, detected=False, nondetect=False
            )
        )

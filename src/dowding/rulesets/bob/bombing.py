"""Step 7, Luftwaffe Bombing Run Phase and British Ack-Ack Fire Phase (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from itertools import combinations

from dowding.engine import Action, Decision

from .pieces import (
    DAMAGED,
    Task,
    box,
)
from .tables import LUFTWAFFE, RAF


class BombingPhase:
    # Luftwaffe Bombing Run Phase and British Ack-Ack Fire Phase
    def _auto_bombing(self, task: Task) -> None:
        space = task[1]
        lw = self.lw_at(space)
        if lw is None or not lw.bombrun or lw.mission < 0:
            return
        target = self.t.targets[self.t.missions[lw.mission].target]
        bombers = [c for c in self.cards_in(box(lw.id)) if self.t.cards[c].role == "bomber"]
        self._put(lw._replace(bombrun=False))
        if target.space != space:
            return
        if not bombers:
            # "The flight must have one or more bomber squadron cards to make a bombing run": its
            # run is over with no hits, and Reaching for Home follows the bombing run phase
            self._say(
                f"Luft. {lw.id} has no bombers left to bomb {self.place_name(target.name)}.",
                LUFTWAFFE,
            )
            self._return_lw(lw.id, "no bombers left")
            return
        dice = sum(self.t.cards[c].bombs for c in bombers)
        if target.kind in ("airfield", "radar"):
            # Luftwaffe Dive Bomber Squadron: an extra die for each Stuka against airfields and radar
            dice += sum(1 for c in bombers if self.t.cards[c].type == "ju87")
        self._say(f"Luft. {lw.id} bombs {self.place_name(target.name)} with {dice} dice.")
        self.queue = (
            ("roll", "bombs", lw.id, dice, LUFTWAFFE),
            ("bomb_result", lw.id),
            *self.queue,
        )

    def _auto_bomb_result(self, task: Task) -> None:
        lw = self.flights[task[1]]
        crosses, roundels = self.scratch[-2], self.scratch[-1]
        self.scratch = ()
        target = self.t.targets[self.t.missions[lw.mission].target]
        before = self.hits.get(target.name, 0)
        after = min(target.hits, before + roundels)
        if after != before:
            self.hits = {**self.hits, target.name: after}
        self._put(lw._replace(bombed=roundels > 0))  # a run with no hits is a failure
        state = "knocked out" if after >= target.hits else f"{after} hit(s)"
        self._say(f"{roundels} hit(s) on {self.place_name(target.name)}: {state}.")
        if crosses > 0:
            self.queue = (
                ("roll", "ack_ack", lw.id, crosses, RAF),
                ("flak_losses", lw.id),
                ("returns", lw.id),
                *self.queue,
            )
        else:
            self.queue = (("returns", lw.id), *self.queue)

    def _flak_losses_decision(self, flight: str) -> Decision | None:
        # "for every two German cross symbols rolled, one bomber is shot down. The Luftwaffe
        # player selects which bomber card(s) to lose": the Luftwaffe is asked whenever the
        # ack-ack roll (public) downs a bomber, even when it has no more bombers than that and
        # so no real choice, since how many bombers it has is face down to the RAF
        # (docs/rules/bob.md, Step 7, Ack-Ack)
        losses = self.scratch[-2] // 2 if self.scratch else 0  # crosses on the ack-ack roll
        if losses <= 0:
            return None
        bombers = [c for c in self.cards_in(box(flight)) if self.t.cards[c].role == "bomber"]
        down = min(losses, len(bombers))
        options = (
            tuple(
                Action("lose", cards=tuple(self.t.cards[c].id for c in combo))
                for combo in combinations(bombers, down)
            )
            if down
            else (Action("lose"),)  # only in a re-deal of the RAF's unknowns: no bomber left
        )
        return Decision(
            self.seat_of_flight(flight),
            f"Ack-ack brings down {down} bomber squadron(s) of Luft. {flight}: "
            + ("choose which" if len(options) > 1 else "all it has"),
            options,
        )

    def _do_flak_losses(self, task: Task, action: Action | None) -> None:
        flight = task[1]
        losses = self.scratch[-2] // 2 if self.scratch else 0
        self.scratch = ()
        bombers = [c for c in self.cards_in(box(flight)) if self.t.cards[c].role == "bomber"]
        if action is None:
            lost = bombers[:losses]
        else:
            ids = action.get("cards")
            ids = ids if isinstance(ids, tuple) else () if ids is None else (ids,)
            lost = [self.t.card_index[str(i)] for i in ids]
        if lost:
            self._move_cards(lost, DAMAGED)
            self._say(f"Ack-ack shoots down {', '.join(self.card_name(c) for c in lost)}.")

    def _tally_bombs(self, what: str, crosses: int, roundels: int) -> None:
        # Bombing Run Phase (roundels are hits) and Ack-Ack Fire Phase (two crosses a bomber)
        self.scratch = (crosses, roundels)
        if what == "ack_ack":
            self._say(f"Ack-ack rolls {crosses} cross(es).")

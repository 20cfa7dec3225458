"""Scenario Adjustments: Duel of Eagles and London Burning start from a battle already under way
(the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_`` handlers here by their names, and the state's chance
handlers ask :meth:`ScenarioAdjustments._adjustment_draw` and
:meth:`ScenarioAdjustments._drawn_for_adjustment` for the draws these tasks queue.
"""

from __future__ import annotations

import math

from dowding.engine import Draw

from .pieces import CRB, DAMAGED, OUT, Task
from .tables import LUFTWAFFE, RAF
from .words import stage as stage_name

# the draws the adjustments queue ("draw", what, ...)
ADJUSTMENT_DRAWS = frozenset({"completed", "strip", "damage", "damage_history"})


class ScenarioAdjustments:
    def _auto_adjust(self, task: Task) -> None:
        # Scenario Adjustments: missions already flown, half the radar (Duel of Eagles) or
        # airfield (London Burning) missions out of play, damaged cards on both sides
        stage = task[1]
        eagles = stage == "duel-of-eagles"
        tasks: list[Task] = []
        completed = 5 if eagles else 9
        history = self.options["historical"] and self.campaign and self.campaign[3]
        # the missions already flown: from last scenario's gains (historical option) or the deck
        tasks += [("draw", "completed", bool(history))] * completed
        tasks.append(("strip", "radar" if eagles else "airfield"))
        losses = [(2, 7), (3, 7)] if eagles else [(2, 10), (3, 10), (5, 2)]
        if self.options["historical"] and self.campaign and self.campaign[4]:
            tasks += [("draw", "damage_history")] * (14 if eagles else 20)
        else:
            for lf, n in losses:
                tasks += [("draw", "damage", LUFTWAFFE, lf)] * n
        if not eagles:
            tasks.append(("strip_cards",))
        for group in (10, 11, 12, 13):
            tasks.append(("draw", "damage", RAF, group))
        self.queue = (*tasks, *self.queue)
        self._say(f"Scenario adjustments for {stage_name(stage)}.")

    def _auto_strip(self, task: Task) -> None:
        kind = task[1]
        pool = [m for m in self.deck() if self.t.missions[m].kind == kind]
        n = math.ceil(len(pool) / 2)
        # half of them, rounded up, chosen at random, are out of play
        self.queue = (*([("draw", "strip", kind)] * n), *self.queue)

    def _auto_strip_cards(self, task: Task) -> None:
        # London Burning: no Ju 87s in Luftflotten 2 and 3, no Defiants in 12 and 13 Group
        out = [
            c
            for c, card in enumerate(self.t.cards)
            if self.card_loc[c] == CRB
            and (
                (card.type == "ju87" and card.unit in (2, 3))
                or (card.type == "defiant" and card.unit in (12, 13))
            )
        ]
        self._move_cards(out, OUT)
        self._say(f"{len(out)} Ju 87 and Defiant squadron cards are set aside.")

    def _adjust_pool(self, task: Task) -> list[int]:
        if task[1] == "strip":
            return [m for m in self.deck() if self.t.missions[m].kind == task[2]]
        if task[2]:  # historical: last scenario's gains, while any are left
            previous = [m for m in self.campaign[3] if self.mission_loc[m] == "deck"]
            if previous:
                return previous
        return self.deck()

    def _damage_history_pool(self) -> list[int]:
        return [c for c in self.campaign[4] if self.card_loc[c] == CRB]

    def _adjustment_pool(self, task: Task) -> list[int]:
        """What an adjustment's draw takes from: mission indices, or card indices."""
        if task[1] in ("completed", "strip"):
            return self._adjust_pool(task)
        if task[1] == "damage_history":
            return self._damage_history_pool()
        return self.crb_cards(task[2], task[3])

    def _adjustment_draw(self, task: Task) -> Draw:
        if task[1] in ("completed", "strip"):
            return Draw(
                "Scenario adjustments: a mission card at random",
                items=tuple(self.t.missions[m].id for m in self._adjust_pool(task)),
                names=self.t.names,
            )
        if task[1] == "damage_history":
            # Campaign, historical adjustments: last scenario's damaged cards
            return Draw(
                "Campaign: a damaged Luftwaffe card at random",
                items=tuple(self.t.cards[c].id for c in self._damage_history_pool()),
                names=self.t.names,
            )
        _, _, side, unit = task
        return Draw(
            f"Scenario adjustments: a damaged squadron card of {'Group' if side == RAF else 'Luftflotte'} {unit}",
            items=tuple(self.t.cards[c].id for c in self.crb_cards(side, unit)),
            names=self.t.names,
        )

    def _drawn_for_adjustment(self, task: Task, item: str) -> None:
        if task[1] in ("damage", "damage_history"):
            self._move_cards([self.t.card_index[item]], DAMAGED)
            return
        m = next(i for i, mm in enumerate(self.t.missions) if mm.id == item)
        if task[1] == "strip":
            self._set_mission(m, OUT)
            return
        # it counts as completed: knocked out, or a "bomb 1" marker on a city
        self._set_mission(m, "lw")
        target = self.t.targets[self.t.missions[m].target]
        self.hits = {
            **self.hits,
            target.name: max(
                self.hits.get(target.name, 0), 1 if target.kind == "city" else target.hits
            ),
        }
        self._say(f"Already flown: {self.t.display.get(target.name, target.name)}.")

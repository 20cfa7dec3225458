"""Step 2, British Production & Repairs (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

import math

from dowding.engine import Action, Decision

from .pieces import (
    CRB,
    DAMAGED,
    Task,
)
from .tables import RAF


class ProductionStep:
    # --- Step 2, British Production & Repairs -----------------------------------------------
    def production(self, group: int) -> int:
        """Production points of a Group's cities with no bomb marker on them."""
        return sum(
            self.t.targets[c].production
            for c in self.t.group_cities.get(group, ())
            if self.hits.get(c, 0) == 0
        )

    def repairs_open(self, group: int) -> list[tuple[str, str]]:
        """What a Group can repair: its damaged squadrons, knocked-out airfields and radar stations."""
        t = self.t
        locs = self.card_loc
        ids = t.card_ids
        # the Group's own cards, in card order, are the RAF cards of that Group
        out: list[tuple[str, str]] = [
            ("card", ids[c]) for c in t.unit_cards.get((RAF, group), ()) if locs[c] == DAMAGED
        ]
        for kind, name in t.repairable.get(group, ()):
            if self.knocked_out(name):
                out.append((kind, name))
        return out

    def _auto_production(self, task: Task) -> None:
        tasks: list[Task] = []
        open_ = {g: bool(self.repairs_open(g)) for g in (10, 11, 12, 13)}
        idle = [g for g in (10, 11, 12, 13) if not open_[g]]
        needy = [g for g in (10, 11, 12, 13) if open_[g]]
        if not needy:
            return  # nothing to repair anywhere: the step is skipped (Step 2, Note)
        # Production Assistance is announced at the start of the step
        for g in idle:
            if self.production(g) > 0:
                tasks.append(("assist", g))
        for g in needy:
            tasks.append(("repair_roll", g))
        self.assists = ()
        self.queue = (*tasks, *self.queue)

    def _assist_decision(self, group: int) -> Decision | None:
        taken = {r for _, r in self._assists()}
        receivers = [
            g for g in (10, 11, 12, 13) if g != group and g not in taken and self.repairs_open(g)
        ]
        if not receivers:
            return None
        give = math.ceil(self.production(group) / 3)
        return Decision(
            self.seat_for_unit(RAF, group),
            f"{group} Group has nothing to repair: send {give} production dice to another Group? (Step 2, Production Assistance)",
            (*(Action("assist", to=g) for g in receivers), Action("keep")),
        )

    def _assists(self) -> list[tuple[int, int]]:
        return list(self.assists)

    def _do_assist(self, task: Task, action: Action | None) -> None:
        if action is None or action.kind == "keep":
            return
        receiver = int(action.number("to"))
        self.assists = (*self.assists, (task[1], receiver))
        self._say(f"{task[1]} Group sends production to {receiver} Group.")

    def repair_dice(self, group: int) -> int:
        extra = sum(math.ceil(self.production(g) / 3) for g, r in self._assists() if r == group)
        return self.production(group) + extra

    def _auto_repair_roll(self, task: Task) -> None:
        n = self.repair_dice(task[1])
        if n > 0:
            self.queue = (("roll", "repair", task[1], n, RAF), *self.queue)
        else:
            self._say(f"{task[1]} Group has no production to repair with.")

    def _repair_decision(self, group: int, left: int) -> Decision | None:
        open_ = self.repairs_open(group)
        if left <= 0 or not open_:
            return None
        return Decision(
            self.seat_for_unit(RAF, group),
            f"{group} Group: {left} repair(s) to make (Step 2)",
            tuple(Action("repair", **{kind: name}) for kind, name in open_),
        )

    def _do_repair(self, task: Task, action: Action | None) -> None:
        _, group, left = task
        if action is None:
            return
        kind, name = action.args[0]
        assert isinstance(name, str)
        if kind == "card":
            self._move_cards([self.t.card_index[name]], CRB)
        else:
            self.hits = {k: v for k, v in self.hits.items() if k != name}
        fixed = self.card_name(self.t.card_index[name]) if kind == "card" else self.place_name(name)
        self._say(f"{group} Group repairs {fixed}.")
        if left > 1:
            self.queue = (("repair", group, left - 1), *self.queue)

    def _tally_repair(self, group: int, n: int, roundels: int) -> None:
        # Step 2: each roundel on the production dice repairs one thing
        self.queue = (("repair", group, roundels), *self.queue)
        self._say(f"{group} Group rolls {n} production dice: {roundels} roundel(s).")

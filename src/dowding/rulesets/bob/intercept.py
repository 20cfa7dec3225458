"""Step 5, British Intercept and Step 7, Air Combat Phase: Intercept Procedure (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from itertools import combinations

from dowding.engine import Action, Decision

from .pieces import (
    DAMAGED,
    Intercept,
    Task,
    box,
)
from .tables import LUFTWAFFE, RAF, RAF_FLIGHTS


class InterceptCombat:
    def interceptors(self, space: str) -> list[str]:
        """RAF flights that can reach ``space`` with their normal three-space move (British Intercept)."""
        if self.markers + self.big_wing <= 0:
            return []
        # Step 6: "Only one RAF flight may occupy a space": on a space an RAF flight already
        # holds, only that flight can intercept (two flights against one is a Big Wing dogfight)
        held = {f.id for f in self.raf_at(space)}
        out = []
        for f in RAF_FLIGHTS:
            fl = self.flights[f]
            if fl.status != "map" or fl.intercepted or self.combat.get(fl.space):
                continue
            if held and f not in held:
                continue
            if self.t.distance(fl.space, space) <= 3 and space not in self.t.no_raf:
                out.append(f)
        return out

    def _intercept_decision(
        self, flight: str, left: int, asked: tuple[str, ...] = ()
    ) -> Decision | None:
        space = self.flights[flight].space
        candidates = self.interceptors(space)
        seats = sorted({self.seat_of_flight(f) for f in candidates} - set(asked))
        if not seats:
            return None
        return Decision(
            seats[0],
            f"Radar reports Luft. {flight} at {space}: intercept? (Step 5, British Intercept)",
            (
                *(
                    Action("intercept", flight=f)
                    for f in candidates
                    if self.seat_of_flight(f) == seats[0]
                ),
                Action("decline"),
            ),
        )

    def _do_intercept(self, task: Task, action: Action | None) -> None:
        flight, left = task[1], task[2]
        asked = task[3] if len(task) > 3 else ()
        if action is not None and action.kind == "decline":
            node = self._intercept_decision(flight, left, asked)
            seat = node.seat if node is not None else ""
            # the other RAF commander may still intercept with his own flights
            self.queue = (("intercept", flight, left, (*asked, seat)), *self.queue)
            return
        if action is None:
            self.queue = (("step", flight, left), *self.queue)
            return
        raf = self.flights[action.word("flight")]
        space = self.flights[flight].space
        self._put(raf._replace(space=space, intercepted=True))
        self._take_marker(space, "intercept")
        self._say(f"{raf.id[:-1]} Group, flight {raf.id[-1]} intercepts Luft. {flight} at {space}!")

    def _take_marker(self, space: str, kind: str) -> None:
        if self.markers > 0:
            self.markers -= 1
        else:
            self.big_wing -= 1
        self.combat = {**self.combat, space: kind}

    # Air Combat Phase: Intercept Procedure
    def _auto_intercept_fight(self, task: Task) -> None:
        space = task[1]
        lw = self.lw_at(space)
        raf = self.raf_at(space)
        if lw is None or not raf:
            self._clear_combat(space)
            return
        lw_cards = self.flying_cards(lw.id)
        picks = min(3, len(lw_cards))
        self.scratch = ()
        self.queue = (
            *(("pick", lw.id) for _ in range(picks)),
            ("intercept_roll", space),
            *self.queue,
        )

    def _auto_intercept_roll(self, task: Task) -> None:
        space = task[1]
        raf_cards = [c for f in self.raf_at(space) for c in self.cards_in(box(f.id))]
        lw_cards = [c for c in self.scratch if isinstance(c, int)]
        raf_dice = sum(self.t.cards[c].dice for c in raf_cards)
        lw_dice = sum(self.t.cards[c].dice for c in lw_cards)
        self._say(
            f"Intercept over {space}: {', '.join(self.card_name(c) for c in lw_cards)} against "
            f"{', '.join(self.card_name(c) for c in raf_cards)}; {raf_dice} white and {lw_dice} black dice."
        )
        self.fight = Intercept(space, tuple(raf_cards), tuple(lw_cards))
        self.queue = (
            ("roll", "intercept_raf", space, raf_dice, RAF),
            ("roll", "intercept_lw", space, lw_dice, LUFTWAFFE),
            ("intercept_losses", RAF),
            ("intercept_losses", LUFTWAFFE),
            ("intercept_end", space),
            *self.queue,
        )

    def loss_sets(self, cards: list[int], hits: int) -> list[tuple[int, ...]]:
        """Every set of cards whose damage strengths take every hit with no card to spare (Intercept:
        "All hits must be accounted for"; the worked example offers two such sets)."""
        if hits <= 0 or not cards:
            return [()]
        if hits >= sum(self.t.cards[c].damage for c in cards):
            return [tuple(cards)]
        out = []
        for r in range(1, len(cards) + 1):
            for combo in combinations(cards, r):
                if sum(self.t.cards[c].damage for c in combo) < hits:
                    continue
                # minimal: dropping any card would leave hits unaccounted for
                if all(sum(self.t.cards[c].damage for c in combo if c != d) < hits for d in combo):
                    out.append(combo)
        return out

    def _intercept_losses_decision(self, side: str) -> Decision | None:
        fight = self.intercept()
        space = fight.space
        cards = list(fight.raf_cards if side == RAF else fight.lw_cards)
        hits = fight.hits_raf if side == RAF else fight.hits_lw
        sets = self.loss_sets(cards, hits)
        if sets == [()] or len(sets) == 1:
            return None
        unit = self.t.cards[cards[0]].unit
        return Decision(
            self.seat_for_unit(side, unit),
            f"Intercept over {space}: choose the squadrons that take {hits} hit(s)",
            tuple(Action("lose", cards=tuple(self.t.cards[c].id for c in s)) for s in sets),
        )

    def _do_intercept_losses(self, task: Task, action: Action | None) -> None:
        side = task[1]
        fight = self.intercept()
        space = fight.space
        if action is None:
            sets = self.loss_sets(
                list(fight.raf_cards if side == RAF else fight.lw_cards),
                fight.hits_raf if side == RAF else fight.hits_lw,
            )
            lost: tuple[int, ...] = sets[0]
        else:
            ids = action.get("cards")
            ids = ids if isinstance(ids, tuple) else (ids,)
            lost = tuple(self.t.card_index[str(i)] for i in ids)
        if lost:
            self._move_cards(lost, DAMAGED)
            self._say(f"Shot down over {space}: {', '.join(self.card_name(c) for c in lost)}.")

    def _auto_intercept_end(self, task: Task) -> None:
        space = task[1]
        self.fight = None
        self.scratch = ()
        self._after_combat(space)

    def intercept(self) -> Intercept:
        assert isinstance(self.fight, Intercept)
        return self.fight

    def _tally_intercept(self, what: str, crosses: int, roundels: int) -> None:
        # Intercept Procedure: crosses on either colour hit the Luftwaffe, roundels the RAF
        fight = self.intercept()
        fight = fight._replace(hits_lw=fight.hits_lw + crosses, hits_raf=fight.hits_raf + roundels)
        self.fight = fight
        if what == "intercept_lw":
            self._say(
                f"Intercept over {fight.space}: {fight.hits_lw} hit(s) on the Luftwaffe, "
                f"{fight.hits_raf} on the RAF."
            )

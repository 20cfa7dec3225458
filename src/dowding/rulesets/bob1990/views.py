"""What each seat may see, and the re-deal of what it may not (``determinize``).

Hidden (the digest's H list): from the British player, the German Flight boxes, Combat Ready boxes
and stacks until flipped (``revealed``), the drawn and assigned missions until flipped; from the
German player, the British cards drawn for a dogfight until the flip. The British player's own
face-down Flight box cards are nobody yet (core.py, B22), so there is nothing of his own to hide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dowding.engine.game import JSON

from .components import GROUPS, LUFTFLOTTEN, LW_FLIGHTS
from .core import Core
from .flights import LUFTWAFFE, RAF

REDEALS = 40
OPEN = frozenset({"dmg", "shot", "gone"})  # places every seat sees
BOXES = frozenset({"crb", "dmg", "shot", "gone"})  # places a view names by unit
Arrange = Callable[[list[str], list[str], set[int]], list[str]]


class Views(Core):
    def flipped(self) -> bool:
        return bool(self.fight) and ("flip",) not in self.queue

    def hidden_from(self, seat: str | None, cid: str) -> bool:
        """Whether ``seat`` (None: a spectator) cannot tell which card lies where ``cid`` lies."""
        where = self.loc[cid]
        if where in ("dmg", "shot", "gone"):
            return False
        if self.c.cards[cid].side == "raf":
            if not where.startswith("hand:") and where != "crb":
                return False  # known Flight box cards are face up to both (B23)
            if seat == RAF:
                return False
            if where == "crb":
                return True  # the pool a hidden hand was drawn from
            pairs = {f for f, _ in self.fight[3]} if self.fight else set()
            return not (self.flipped() and where[5:] in pairs)
        if seat == LUFTWAFFE:
            return False
        return cid not in self.revealed

    def hidden_cards(self, seat: str | None) -> set[str]:
        """Every card ``hidden_from(seat, card)`` says is hidden, in one pass."""
        raf_seat, lw_seat = seat == RAF, seat == LUFTWAFFE
        shown_hands = (
            {"hand:" + f for f, _ in self.fight[3]} if self.fight and self.flipped() else set()
        )
        revealed, cards = self.revealed, self.c.cards
        out: set[str] = set()
        for cid, where in self.loc.items():
            if where in OPEN:
                continue
            if cards[cid].side == "raf":
                if not raf_seat and (
                    where == "crb" or (where[:5] == "hand:" and where not in shown_hands)
                ):
                    out.add(cid)
            elif not lw_seat and cid not in revealed:
                out.add(cid)
        return out

    # --- views ---------------------------------------------------------------------------
    def view(self, seat: str | None, infostate: bool = True, brief: bool = False) -> JSON:
        """What ``seat`` sees. ``brief``: without the places of the cards (``cards`` and
        ``face_down``), all the heuristic player reads being the rest, for the search player's
        rollouts (``search.py``)."""
        places: dict[str, list[str]] = {}
        counts: dict[str, int] = {}
        in_box: dict[str, int] = {}
        hidden = set() if brief else self.hidden_cards(seat)
        cards = self.c.cards
        for cid, where in self.loc.items():
            if where[:3] == "fb:":
                in_box[where[3:]] = in_box.get(where[3:], 0) + 1
            if brief:
                continue
            key = where if where not in BOXES else f"{where}:{cards[cid].command}"
            if cid in hidden:
                counts[key] = counts.get(key, 0) + 1
            else:
                places.setdefault(key, []).append(cid)
        lw_sees = seat == LUFTWAFFE
        secret_missions = sorted(
            (
                *self.deck,
                *self.drawn,
                *(m for lf, m in self.assigned.items() if lf not in self.target),
            )
        )
        view: JSON = {
            "ruleset": "bob1990",
            "seat": seat,
            "turn": self.turn_no,
            "stage": self.stage,
            "cell_km": self.c.cell_km,
            # B12: whether the game ends at the ninth mission or only at turn 8 (public)
            "end_on_ninth": self.options["end_on_ninth"],
            "flights": {
                f: {
                    "pos": fl.pos,
                    "status": fl.status,
                    "fuel_used": [k for k in range(1, 6) if fl.fuel & (1 << (k - 1))],
                    "rs": fl.rs,
                    "rs_stop": fl.rs_stop,
                    "nofighters": fl.nofighters,
                    "marker": fl.marker,
                    "attacked": fl.attacked,
                    "bombed": fl.bombed,
                    "airborne": fl.airborne,
                    "base": fl.base,
                    "unseen": self.unseen.get(f, 0),
                    "cards": in_box.get(f, 0) + self.unseen.get(f, 0),
                }
                for f, fl in self.fl.items()
            },
            "cards": {k: sorted(v) for k, v in sorted(places.items())},
            "face_down": dict(sorted(counts.items())),
            "missions": {
                "deck": len(self.deck),
                "drawn": sorted(self.drawn) if lw_sees else len(self.drawn),
                "assigned": {
                    str(lf): (m if lw_sees or lf in self.target else "face down")
                    for lf, m in sorted(self.assigned.items())
                },
                "targets": {str(lf): t for lf, t in sorted(self.target.items())},
                "hits": dict(sorted(self.hits.items())),
                "completed": list(self.completed),
                "removed": list(self.removed),
                "unknown": sorted(self.deck) if lw_sees else secret_missions,
            },
            "destroyed": sorted(self.destroyed),
            "production": {str(g): self.production(g) for g in GROUPS},
            "fight": None
            if not self.fight
            else {
                "space": self.fight[0],
                "flight": self.fight[1],
                "stacks": self.fight[2],
                "sizes": self.stack_sizes(),  # B24: the stacks' sizes are public
                "pairs": [list(p) for p in self.fight[3]],
                "flipped": self.flipped(),
            },
            "result": None if self.result is None else self.result.to_json(),
        }
        self.with_own_data(view)  # the player's own components (``components_for``)
        if infostate:
            view["infostate"] = self.infostate(seat, hidden)
        return view

    # --- re-deals ---------------------------------------------------------------------------
    def determinize(self, seat: str, rng: Any) -> Any:
        """A re-deal of what ``seat`` cannot see; one in which the pending step could not happen
        (a German flight told to bomb a target its re-dealt mission does not name) is dealt
        again, and after many tries the missions are left where they are."""

        def shuffled(items: list[str], slots: list[str], need: set[int]) -> list[str]:
            out = list(items)
            rng.shuffle(out)
            return self._fit(out, need)

        for _ in range(REDEALS):
            other = self._rearranged(seat, shuffled)
            if other.head_ok():
                return other
        other = self._rearranged(seat, shuffled, missions=False)
        return other if other.head_ok() else self.copy()

    def head_ok(self) -> bool:
        """Whether the task at the head of the queue can happen in this state."""
        if self.result is not None or not self.queue:
            return True
        task = self.queue[0]
        if task[0] in self.chance_tasks:
            return self.chancers[task[0]](self, task) is not None
        if task[0] in self.deciders:
            decision = self.deciders[task[0]](self, task)
            return decision is not None and bool(decision.options)
        return True

    def infostate(self, seat: str | None, hidden: set[str] | None = None) -> JSON:
        def canonical(items: list[str], slots: list[str], need: set[int]) -> list[str]:
            return self._fit(sorted(items), need)

        return dict(self._rearranged(seat, canonical, hidden=hidden).to_dict())

    def _fit(self, items: list[str], need: set[int]) -> list[str]:
        """Give the slots that must hold non-fighters (a flight whose fighters left) the first
        non-fighters of ``items``; the rest keep their order."""
        if not need:
            return items
        bombers = [c for c in items if not self.fighter(c)]
        out: list[str | None] = [None] * len(items)
        rest = list(items)
        for i, cid in zip(sorted(need), bombers, strict=False):
            out[i] = cid
            rest.remove(cid)
        it = iter(rest)
        return [c if c is not None else next(it) for c in out]

    def _rearranged(
        self,
        seat: str | None,
        arrange: Arrange,
        missions: bool = True,
        hidden: set[str] | None = None,
    ) -> Any:
        """A copy in which what ``seat`` cannot see is rearranged by ``arrange`` (slots in a
        canonical order, so the infostate tells nothing); ``hidden``: ``hidden_cards(seat)``."""
        other: Any = self.copy()
        if hidden is None:
            hidden = self.hidden_cards(seat)
        bare = self._no_fighters_slots()
        for unit in (*GROUPS, *LUFTFLOTTEN):
            cards = [c for c in self.c.decks[unit] if c in hidden]
            if len(cards) < 2:
                continue
            slots = sorted(self.loc[c] for c in cards)
            need = {i for i, s in enumerate(slots) if s in bare}
            for slot, cid in zip(slots, arrange(cards, slots, need), strict=True):
                other.loc[cid] = slot
        if seat != LUFTWAFFE and missions:
            hidden_lf = sorted(lf for lf in self.assigned if lf not in self.target)
            pool = [*self.deck, *self.drawn, *(self.assigned[lf] for lf in hidden_lf)]
            slots = (
                ["deck"] * len(self.deck)
                + ["drawn"] * len(self.drawn)
                + [f"lf{lf}" for lf in hidden_lf]
            )
            order = arrange(pool, slots, set())
            other.deck = tuple(sorted(order[: len(self.deck)]))
            other.drawn = tuple(sorted(order[len(self.deck) : len(self.deck) + len(self.drawn)]))
            for lf, m in zip(hidden_lf, order[len(self.deck) + len(self.drawn) :], strict=True):
                other.assigned[lf] = m
        other._node = None
        return other

    def _no_fighters_slots(self) -> set[str]:
        """The places that must hold no fighters: the Flight boxes (and the dogfight's stacks) of
        German flights whose fighters have left."""
        out = {"fb:" + f for f in LW_FLIGHTS if self.fl[f].nofighters}
        if self.fight and self.fl[self.fight[1]].nofighters:
            out |= {f"stack:{k}" for k in range(1, int(self.fight[2]) + 1)}
        return out

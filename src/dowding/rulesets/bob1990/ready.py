"""A. Ready Stage: the turn's start, I. Mission Assignment, II. Squadron Alert and Withdrawals."""

from __future__ import annotations

from functools import cache, lru_cache

from dowding.engine import LUFTWAFFE_DIE, Action, Decision, Draw, SymbolPool
from dowding.engine.tasks import Task

from .components import LW_FLIGHTS, RAF_FLIGHTS
from .core import Core, card_draw
from .flights import (
    DOWN,
    LUFTWAFFE,
    LW_FB,
    ON_MAP,
    ONLY_LUFTWAFFE,
    OUT,
    RAF,
    RAF_FB,
    REINFORCE_DICE,
    STUKA_TURN,
    WAITING,
    command,
    count,
)


@lru_cache(maxsize=4096)
def assign_options(drawn: tuple[str, ...]) -> tuple[Action, ...]:
    return tuple(Action("assign", mission=m) for m in drawn)


@cache
def reinforce_decision(f: str) -> Decision:
    """A.II: made once a flight (a Decision is immutable)."""
    return Decision(
        LUFTWAFFE,
        f"Reinforce flight {f} with 6 black dice? (A.II)",
        (Action("reinforce", flight=f), Action("pass", flight=f)),
    )


@cache
def deal_label(f: str) -> str:
    """A.II: the label of a card dealt to ``f`` (a German deal is a quarter of a game's steps)."""
    return f"A squadron card is dealt face down to {f} (A.II)"


@lru_cache(maxsize=64)
def reinforce_roll(f: str, roller: str) -> SymbolPool:
    """A.II: a flight's 6 reinforcing dice (made once a flight: a chance event is immutable)."""
    return SymbolPool(
        f"Reinforcing {f}: a squadron card for every cross (A.II)",
        die=LUFTWAFFE_DIE,
        roller=roller,
        count=REINFORCE_DICE,
    )


class ReadyStage(Core):
    def _auto_turn(self, task: Task) -> None:
        self.turn_no += 1
        self.stage = 0
        self.say(f"Turn {self.turn_no} begins")
        for f in LW_FLIGHTS:
            if self.fl[f].status != OUT:
                self.set(f, fuel=0, rs=False, rs_stop=False, nofighters=False, bombed=False)
        if self.turn_no == STUKA_TURN:
            self.remove_stukas()
        # A.I: 5 cards, 2 fewer for each of Luftflotte 2 and 3 out, 1 fewer for Luftflotte 5 (B8, B9)
        out = [lf for lf in (2, 3, 5) if not self.lf_in_play(lf)]
        n = 5 - sum(2 if lf in (2, 3) else 1 for lf in out)
        n = max(0, min(n, len(self.deck)))
        self.push(
            *(("mission_draw",) for _ in range(n)),
            *(("assign", lf) for lf in self.luftflotten()),
            ("discard",),
            ("alert",),
        )

    def remove_stukas(self) -> None:
        """Turn 5: "remove all Ju 87 (Stuka) Squadron cards from the game" (B29: wherever they are)."""
        n = 0
        for cid, card in self.c.cards.items():
            if card.aircraft == "Ju 87" and self.loc[cid] not in ("shot", "gone"):
                self.loc[cid] = "gone"
                n += 1
        self.revealed = frozenset(c for c in self.revealed if self.loc[c] != "gone")
        self.say(f"Start of turn 5: {n} Ju 87 squadron cards leave the game")

    # --- A.I Mission Assignment -----------------------------------------------------------
    def _chance_mission_draw(self, task: Task) -> Draw | None:
        if not self.deck:
            return None
        return Draw(
            "The German player draws a mission card (A.I)",
            items=self.deck,
            visible_to=ONLY_LUFTWAFFE,
            names=self.c.names,
        )

    def _do_mission_draw(self, task: Task, action: Action) -> None:
        card = str(action.get("item"))
        self.deck = tuple(filter(card.__ne__, self.deck))
        self.drawn = (*self.drawn, card)
        self.say("The German player draws a mission card")

    def _dec_assign(self, task: Task) -> Decision | None:
        lf = int(task[1])
        if not self.drawn:
            return None
        return Decision(
            LUFTWAFFE,
            f"Choose the mission of Luftflotte {lf} (A.I)",
            assign_options(tuple(sorted(self.drawn))),
        )

    def _do_assign(self, task: Task, action: Action) -> None:
        lf, card = int(task[1]), str(action.get("mission"))
        self.drawn = tuple(m for m in self.drawn if m != card)
        self.assigned[lf] = card
        self.say(f"Luftflotte {lf}'s mission goes face down into its Current Mission Box")

    def _auto_discard(self, task: Task) -> None:
        """A.I: unassigned Airfield and Radar missions are shown and removed; the rest go back."""
        back = 0
        for m in sorted(self.drawn):
            card = self.c.missions[m]
            if card.kind == "city":
                self.deck = tuple(sorted((*self.deck, m)))
                back += 1
            else:
                self.removed = (*self.removed, m)
                self.say(f"Shown and removed: mission {m} ({card.kind}, {card.group} Group)")
        self.drawn = ()
        if back:
            self.say(f"{back} city mission(s) go back to the Mission box")

    # --- A.II Squadron Alert and Withdrawals -------------------------------------------------
    def _auto_alert(self, task: Task) -> None:
        # From the 2nd turn the cards left in the Flight boxes go back to the Combat Ready boxes
        # (found by each unit's places: ``loc``'s index, not a look at all 160 cards).
        for unit, places in self.loc.at.items():
            boxes = [where for where, bits in places.items() if bits and where.startswith("fb:")]
            for where in boxes:
                self.loc.move_all(unit, where, "crb")
        self.revealed = frozenset()
        for f in RAF_FLIGHTS:
            self.unseen[f] = 0
        for f in RAF_FLIGHTS:
            self.raf_deal(f)
        deals: list[Task] = []
        for lf in self.luftflotten():
            flights = [f for f in self.flights_of(lf) if self.fl[f].status != OUT]
            if self.places(lf).count("crb") < LW_FB * len(flights):
                self.withdraw(lf)
                continue
            for f in flights:
                self.set(f, status=ON_MAP, pos=self.c.board.lw_airfield(f), airborne=False)
                deals.append(("lw_deal", f, LW_FB))
        choices = [("reinforce", f) for f in LW_FLIGHTS if self.fl[f].status == ON_MAP]
        self.push(*choices, *deals, ("reinforce_rolls",), ("stage_start",))

    def raf_deal(self, f: str) -> None:
        """A.II: 3 SC to each FB, unseen (B22); a flight short of 3 has its piece removed until a
        later Squadron Alert deals it 3 (B30: in flight order). B31: waiting flights get none."""
        flight = self.fl[f]
        if flight.status == WAITING:
            return
        if flight.base in self.destroyed:
            self.set(f, status=WAITING, pos=None)
            return
        group = command(f)
        free = self.places(group).count("crb") - sum(self.unseen[g] for g in self.flights_of(group))
        if free < RAF_FB:
            if flight.status != DOWN:
                self.set(f, status=DOWN, pos=None)
                self.say(f"{f} cannot be dealt 3 squadron cards: its piece leaves the board")
            return
        if flight.status == DOWN:
            self.say(f"{f} is dealt 3 squadron cards again: its piece returns")
        self.unseen[f] = RAF_FB
        space = self.c.board.space_of(flight.base)
        self.set(f, status=ON_MAP, pos=space, airborne=False)

    def withdraw(self, lf: int) -> None:
        """A.II: a Luftflotte that cannot deal 6 SC to a FB leaves the game for good."""
        for cid in self.c.decks[lf]:
            if self.loc[cid] not in ("shot", "gone"):
                self.loc[cid] = "gone"
        for f in self.flights_of(lf):
            self.set(f, status=OUT, pos=None)
        mission = self.assigned.pop(lf, None)
        if mission is not None:  # its mission card goes back to the Mission box, unflown
            self.deck = tuple(sorted((*self.deck, mission)))
        self.say(f"Luftflotte {lf} cannot deal 6 cards to each Flight box: it leaves the game")

    def _dec_reinforce(self, task: Task) -> Decision | None:
        f = str(task[1])
        return reinforce_decision(f)

    def _do_reinforce(self, task: Task, action: Action) -> None:
        f = str(task[1])
        if action.kind == "reinforce":
            self.scratch = (*self.scratch, f)
            self.say(f"The German player will reinforce {f}")

    def _chance_lw_deal(self, task: Task) -> Draw | None:
        f: str = task[1]
        n: int = task[2]
        if n <= 0 or self.fl[f].status != ON_MAP:
            return None
        lf = command(f)
        pool = self.pool_items(lf)
        if not pool:
            return None
        return card_draw(deal_label(f), self.c.decks[lf], pool, ONLY_LUFTWAFFE, self.c.names)

    def _do_lw_deal(self, task: Task, action: Action) -> None:
        f, n = str(task[1]), int(task[2])
        self.loc[str(action.get("item"))] = "fb:" + f
        if n > 1:
            self.push(("lw_deal", f, n - 1))

    def _auto_reinforce_rolls(self, task: Task) -> None:
        chosen, self.scratch = self.scratch, ()
        self.push(*(("reinforce_roll", f) for f in chosen))

    def _chance_reinforce_roll(self, task: Task) -> SymbolPool | None:
        f = str(task[1])
        if "crb" not in self.places(command(f)):
            return None
        return reinforce_roll(f, self.seat_of(LUFTWAFFE))

    def _do_reinforce_roll(self, task: Task, action: Action) -> None:
        f = str(task[1])
        crosses = count(action.get("cross"))
        self.say(f"{f} rolls {crosses} cross(es): {crosses} reinforcing card(s)")
        if crosses:
            self.push(("lw_deal", f, crosses))


__all__ = ["RAF", "ReadyStage"]

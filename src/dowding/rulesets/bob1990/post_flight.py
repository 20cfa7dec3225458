"""C. The Post-Flight Stage: I. Victory Determination, II. British Repairs, III. End of Turn."""

from __future__ import annotations

from functools import lru_cache

from dowding.engine import LUFTWAFFE_DIE, RAF_DIE, Action, Decision, SymbolPool
from dowding.engine.tasks import Task
from dowding.rulesets.bob.board import Board

from .components import GROUPS, LW_FLIGHTS, slug
from .core import Core
from .flights import (
    DOWN,
    LANDED,
    LUFTWAFFE,
    MISSIONS_TO_WIN,
    ON_MAP,
    ONLY_LUFTWAFFE,
    OUT,
    RAF,
    TURNS,
    WAITING,
    WORKING,
    command,
    count,
)

# a space's distance to the nearest German airfield (a function of the board), by board and
# space: each fuel crash asked it of every airfield
_HOME: dict[tuple[int, str], tuple[Board, int]] = {}


def _home_distance(board: Board, airfields: frozenset[str], pos: str) -> int:
    found = _HOME.get((id(board), pos))
    if found is None or found[0] is not board:
        found = (board, min(board.distance(pos, a) for a in airfields))
        if len(_HOME) >= 1 << 16:
            _HOME.clear()
        _HOME[(id(board), pos)] = found
    return found[1]


@lru_cache(maxsize=4096)
def crash_roll(f: str, card: str, d: int, roller: str) -> SymbolPool:
    """C.III.1: the dice of a fuel crash (made once for each flight, card and distance home: a
    chance event is immutable)."""
    return SymbolPool(
        f"Fuel crash: a squadron of {f}, {d} space(s) from home, is lost on a cross (C.III.1)",
        die=LUFTWAFFE_DIE,
        roller=roller,
        count=d,
        detail=f"Fuel crash: {card} of {f}, {d} space(s) from home, is lost on a cross",
        detail_to=ONLY_LUFTWAFFE,
    )


class PostFlight(Core):
    # --- C.I Victory Determination ----------------------------------------------------------
    def working(self, lf: int) -> bool:
        return self.lf_in_play(lf) and self.unit_strength(lf) >= WORKING[lf]

    def _auto_post_flight(self, task: Task) -> None:
        done = len(self.completed)
        if done >= MISSIONS_TO_WIN and (self.options["end_on_ninth"] or self.turn_no >= TURNS):
            self.end(LUFTWAFFE, f"the German player has completed {done} missions (C.I)")
            return
        if not any(self.working(lf) for lf in (2, 3, 5)):
            self.end(RAF, "the German player has no working Luftflotte (C.I)")
            return
        if self.turn_no >= TURNS:
            self.end(RAF, f"turn {TURNS} ends with {done} German missions completed (C.I)")
            return
        # B.III: "the target is either destroyed or the Mission failed and the counters are removed"
        for lf, mission in sorted(self.assigned.items()):
            if mission not in self.completed:
                self.say(f"Luftflotte {lf}'s mission {mission} failed")
                if self.options["failed_missions"] == "deck":
                    self.deck = tuple(sorted((*self.deck, mission)))
                else:
                    self.removed = (*self.removed, mission)
        self.assigned, self.target, self.hits = {}, {}, {}
        # each Group's own production dice, then the dice given to its squadrons (B27)
        self.scratch = (*(self.production(g) for g in GROUPS), *(0 for _ in GROUPS))
        self.push(*(("donate", g) for g in GROUPS), *(("repair", g) for g in GROUPS))
        self.push_crashes()

    # --- C.II British Repairs ------------------------------------------------------------------
    def damaged_cards(self, group: int) -> list[str]:
        return self.cards_at("dmg", group)

    def damaged_bases(self, group: int) -> list[str]:
        b = self.c.bases[group]
        return [n for n in (*b.airfield, *b.radar) if n in self.destroyed]

    def dice_of(self, group: int) -> int:
        return int(self.scratch[GROUPS.index(group)])

    def given_to(self, group: int) -> int:
        """Dice other Groups gave to ``group``: for its squadrons only (C.II)."""
        return int(self.scratch[len(GROUPS) + GROUPS.index(group)])

    def _dec_donate(self, task: Task) -> Decision | None:
        """C.II: a Group with nothing to repair may give its dice to others' squadrons (B27)."""
        g = int(task[1])
        if self.dice_of(g) <= 0 or self.any_at("dmg", g) or self.damaged_bases(g):
            return None
        others = [h for h in GROUPS if h != g and self.any_at("dmg", h)]
        if not others:
            return None
        return Decision(
            RAF,
            f"{g} Group has nothing to repair: give its {self.dice_of(g)} dice to another Group (C.II)",
            (*(Action("donate", to=h) for h in others), Action("keep")),
        )

    def _do_donate(self, task: Task, action: Action) -> None:
        if action.kind == "keep":
            return
        g, h = int(task[1]), count(action.get("to"))
        dice = list(self.scratch)
        n = dice[GROUPS.index(g)]
        dice[len(GROUPS) + GROUPS.index(h)] += n
        dice[GROUPS.index(g)] = 0
        self.scratch = tuple(dice)
        self.say(f"{g} Group gives its {n} production dice to {h} Group's squadrons")

    def _dec_repair(self, task: Task) -> Decision | None:
        """C.II: a Group's own dice split between squadrons and bases; given dice repair only
        squadrons (``squadrons`` counts the Group's own dice put on squadrons)."""
        g = int(task[1])
        n, given = self.dice_of(g), self.given_to(g)
        cards, bases = self.damaged_cards(g), self.damaged_bases(g)
        if n + given <= 0 or not (cards or bases) or (not cards and n <= 0):
            return None
        also = f" and {given} given for squadrons" if given else ""
        if not bases or not cards:
            return Decision(
                RAF,
                f"{g} Group rolls its {n} repair dice{also} (C.II)",
                (Action("repair", squadrons=n if cards else 0),),
            )
        return Decision(
            RAF,
            f"Split {g} Group's {n} repair dice: how many on squadrons, the rest on bases{also} (C.II)",
            tuple(Action("repair", squadrons=k) for k in range(n + 1)),
        )

    def _do_repair(self, task: Task, action: Action) -> None:
        g = int(task[1])
        n, given = self.dice_of(g), self.given_to(g)
        k = count(action.get("squadrons"))
        self.push(("repair_dice", g, "squadrons", k + given), ("repair_dice", g, "bases", n - k))

    def _chance_repair_dice(self, task: Task) -> SymbolPool | None:
        g, what, n = int(task[1]), str(task[2]), int(task[3])
        if n <= 0:
            return None
        return SymbolPool(
            f"{g} Group rolls {n} white dice to repair {what}: each roundel repairs one (C.II)",
            die=RAF_DIE,
            roller=self.seat_of(RAF),
            count=n,
        )

    def _do_repair_dice(self, task: Task, action: Action) -> None:
        g, what = int(task[1]), str(task[2])
        roundels = count(action.get("roundel"))
        damaged = self.damaged_cards(g) if what == "squadrons" else self.damaged_bases(g)
        self.say(f"{g} Group rolls {roundels} roundel(s) to repair {what}")
        if roundels >= len(damaged):
            for item in damaged:
                self.repaired(item)
        elif roundels:
            self.push(("repair_pick", g, what, roundels))

    def repaired(self, item: str) -> None:
        if item in self.loc:
            self.loc[item] = (
                "crb"  # C.II: "repaired squadrons are selected and put back in their CRBs"
            )
            self.say(f"{item} ({self.c.cards[item].aircraft}) is repaired")
        else:
            self.destroyed = self.destroyed - {item}
            self.say(f"{item} is repaired")

    def _dec_repair_pick(self, task: Task) -> Decision | None:
        g, what, n = int(task[1]), str(task[2]), int(task[3])
        if what == "squadrons":
            cards = self.damaged_cards(g)
            # cards of one type are alike to the rules: one option a type
            items = sorted({self.c.cards[c].aircraft: c for c in reversed(cards)}.values())
            options = tuple(Action("fix", card=c) for c in items)
        else:
            options = tuple(Action("fix", base=slug(b)) for b in self.damaged_bases(g))
        return Decision(RAF, f"Choose what {g} Group repairs ({n} to choose, C.II)", options)

    def _do_repair_pick(self, task: Task, action: Action) -> None:
        g, what, n = int(task[1]), str(task[2]), int(task[3])
        card = action.get("card")
        self.repaired(str(card) if card is not None else self.c.by_slug[str(action.get("base"))])
        if n > 1:
            self.push(("repair_pick", g, what, n - 1))

    # --- C.III.1 Fuel crashes ----------------------------------------------------------------
    def home_distance(self, f: str) -> int:
        pos = self.fl[f].pos
        assert pos is not None
        return _home_distance(self.c.board, self.c.lw_airfields, pos)

    def push_crashes(self) -> None:
        tasks: list[Task] = []
        for f in LW_FLIGHTS:
            flight = self.fl[f]
            if (
                flight.status == ON_MAP
                and flight.pos not in self.c.lw_airfields
                and self.has_cards(f)
            ):
                tasks.append(("crash", f, 0))
        self.queue = self.queue + tuple(tasks) + (("homecoming",), ("turn",))

    def _chance_crash(self, task: Task) -> SymbolPool | None:
        f, i = str(task[1]), int(task[2])
        cards = self.fb(f)
        if i >= len(cards):
            return None
        return crash_roll(f, cards[i], self.home_distance(f), self.seat_of(LUFTWAFFE))

    def _do_crash(self, task: Task, action: Action) -> None:
        f, i = str(task[1]), int(task[2])
        if not count(action.get("cross")):
            # the card is kept: only how many the box holds matters (counted, not listed)
            if i + 1 < self.count_at("fb:" + f, command(f)):
                self.push(("crash", f, i + 1))
            return
        cards = self.fb(f)
        cid = cards[i]
        self.loc[cid] = "gone"
        self.revealed = self.revealed - {cid}
        self.say(f"{f} loses a squadron ({self.c.cards[cid].aircraft}) in a fuel crash")
        if i < len(cards) - 1:
            self.push(("crash", f, i))

    # --- C.III.2 Set the Flights on airports ---------------------------------------------------
    def _auto_homecoming(self, task: Task) -> None:
        for f in LW_FLIGHTS:
            flight = self.fl[f]
            if flight.status in (ON_MAP, LANDED, DOWN):
                status = ON_MAP if self.has_cards(f) else DOWN
                self.set(f, status=status, pos=self.c.board.lw_airfield(f), airborne=False)
        self.scratch = ()  # the flights chosen to wait
        self.push(*(t for g in GROUPS for t in (("base", g), ("settle", g))))

    def homecomers(self, g: int) -> list[str]:
        return [f for f in self.flights_of(g) if self.fl[f].status in (ON_MAP, WAITING)]

    def free_airfields(self, g: int, taken: set[str]) -> list[str]:
        return [a for a in self.c.bases[g].airfield if a not in self.destroyed and a not in taken]

    def _dec_base(self, task: Task) -> Decision | None:
        """C.III.2: fewer undamaged airfields than homecoming flights: the BP chooses who flies."""
        g = int(task[1])
        flights = [f for f in self.homecomers(g) if f not in self.scratch]
        ready = self.free_airfields(g, set())
        if len(flights) <= len(ready):
            return None
        return Decision(
            RAF,
            f"{g} Group has {len(ready)} undamaged airfield(s) for {len(flights)} flights: "
            "choose a flight that waits off the map (C.III.2)",
            tuple(Action("wait", flight=f) for f in flights),
        )

    def _do_base(self, task: Task, action: Action) -> None:
        f = str(action.get("flight"))
        self.scratch = (*self.scratch, f)
        self.say(f"{f} waits off the map for its airfield")
        self.push(("base", task[1]))

    def _auto_settle(self, task: Task) -> None:
        """Every flight that flies next turn takes its own airfield if it stands, else a free one."""
        g = int(task[1])
        for f in self.homecomers(g):
            if f in self.scratch:
                self.set(f, status=WAITING, pos=None)
        flights = [f for f in self.homecomers(g) if f not in self.scratch]
        taken: set[str] = set()
        placed: list[str] = []
        for f in flights:
            base = self.fl[f].base
            if base not in self.destroyed and base not in taken:
                taken.add(base)
                placed.append(f)
        for f in flights:
            if f in placed:
                self.home(f, self.fl[f].base)
                continue
            free = self.free_airfields(g, taken)
            if free:
                taken.add(free[0])
                self.home(f, free[0])
            else:
                self.set(f, status=WAITING, pos=None)

    def home(self, f: str, base: str) -> None:
        status = self.fl[f].status
        self.set(
            f,
            base=base,
            pos=None if status == DOWN else self.c.board.space_of(base),
            status=ON_MAP if status in (ON_MAP, WAITING) else status,
            airborne=False,
        )


__all__ = ["OUT", "PostFlight"]

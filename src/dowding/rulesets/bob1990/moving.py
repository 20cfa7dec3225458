"""B.I Moving: 1. German Movement step, 2. British Reinforcement step, 3. British Movement step.

B.I: "The first Flight that ends up in a space occupied by an enemy Flight must stop. After that
any other Flights can pass through" (B13: the side moving; a flight may leave a space it starts in).
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import cast

from dowding.engine import Action, Decision
from dowding.engine.tasks import Task

from .components import BOX, LW_FLIGHTS, RAF_FLIGHTS, Components
from .core import Core
from .flights import (
    FIGHTERS_LEAVE_AFTER,
    LANDED,
    LUFTWAFFE,
    ON_MAP,
    RAF,
    RAF_FB,
    RAF_MOVE,
    command,
    count,
    fuel_marker,
    max_move,
)


@cache
def move_action(flight: str, to: str) -> Action:
    """``move flight=2A to=K17``, made once (a flight has dozens of destinations every step)."""
    return Action("move", flight=flight, to=to)


BRITISH_SKY = frozenset({"england", "wales", "scotland", "northern_ireland", "sea"})

_SKY: dict[int, frozenset[str]] = {}


def british_sky(c: Components) -> frozenset[str]:
    """B20: the spaces a British flight may fly over (Britain and the sea), per board."""
    key = id(c.board)
    if key not in _SKY:
        _SKY[key] = frozenset(
            sid for sid, sp in c.board.spaces.items() if sp.country in BRITISH_SKY and not sp.box
        )
    return _SKY[key]


def space_order(space: str) -> tuple[str, int]:
    """'A4' before 'A10': a column's spaces by row number (the Norway box after the grid)."""
    return (space[0], int(space[1:])) if space[1:].isdigit() else ("~" + space, 0)


# destinations by everything they depend on, shared by every state and game (bounded)
_MEMO: dict[tuple[object, ...], object] = {}
MEMO_SIZE = 200_000


def _remember(key: tuple[object, ...], value: object) -> None:
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = value


# a German path's flags, best first (B15 reading): avoid 12 Group, then enter a radar-scanned space
PREFERENCE = ((False, True), (False, False), (True, True), (True, False))


class Moving(Core):
    # --- the stage loop ---------------------------------------------------------------
    def _auto_stage_start(self, task: Task) -> None:
        self.stage += 1
        self.say(f"Mission Stage {self.stage}")
        for f in RAF_FLIGHTS + LW_FLIGHTS:
            self.set(f, attacked=False, marker=0)
        self.passes = frozenset()
        self.scratch = ()  # the flights that have moved this step (move_order=chosen)
        chosen = self.options["move_order"] == "chosen"
        lw: list[Task] = [("lw_pick",)] if chosen else [("lw_move", f) for f in LW_FLIGHTS]
        raf: list[Task] = [("raf_pick",)] if chosen else [("raf_move", f) for f in RAF_FLIGHTS]
        self.push(
            *lw,
            ("lw_moved",),
            *(("refill", f) for f in RAF_FLIGHTS),
            *raf,
            ("raf_moved",),
            ("dogfights",),
            ("bombing",),
            ("stage_end",),
        )

    def _auto_stage_end(self, task: Task) -> None:
        """B: "repeated till all the German Flights have landed or are out of fuel"."""
        if any(max_move(self.fl[f].fuel) > 0 for f in self.flying(LUFTWAFFE)):
            self.push(("stage_start",))
        else:
            self.push(("post_flight",))

    # --- the order flights move in (option move_order) -------------------------------------
    def _dec_lw_pick(self, task: Task) -> Decision | None:
        left = [
            f
            for f in LW_FLIGHTS
            if f not in self.scratch
            and self.fl[f].status == ON_MAP
            and max_move(self.fl[f].fuel) >= 0
        ]
        if not left:
            return None
        return Decision(
            LUFTWAFFE,
            "Choose the German flight that moves next (B.I)",
            tuple(Action("next", flight=f) for f in left),
        )

    def _do_lw_pick(self, task: Task, action: Action) -> None:
        f = str(action.get("flight"))
        self.scratch = (*self.scratch, f)
        self.push(("lw_move", f), ("lw_pick",))

    def _dec_raf_pick(self, task: Task) -> Decision | None:
        left = [f for f in RAF_FLIGHTS if f not in self.scratch and self.fl[f].status == ON_MAP]
        if not left:
            return None
        return Decision(
            RAF,
            "Choose the British flight that moves next (B.I)",
            tuple(Action("next", flight=f) for f in left),
        )

    def _do_raf_pick(self, task: Task, action: Action) -> None:
        f = str(action.get("flight"))
        self.scratch = (*self.scratch, f)
        self.push(("raf_move", f), ("raf_pick",))

    def _auto_raf_moved(self, task: Task) -> None:
        self.scratch = ()

    # --- B.I.1 German Movement step -------------------------------------------------------
    def working_rs(self, space: str) -> bool:
        return any(st not in self.destroyed for st in self.c.rs.get(space, ()))

    def enemies_at(self, side: str) -> set[str]:
        other = LW_FLIGHTS if side == RAF else RAF_FLIGHTS
        return {
            p for f in other if (p := self.fl[f].pos) is not None and self.fl[f].status == ON_MAP
        }

    def near(self, start: str, spaces: set[str], reach: int) -> frozenset[str]:
        """The spaces a move of ``reach`` could enter (the others cannot stop it)."""
        distance = self.c.board.distance
        return frozenset(sp for sp in spaces if distance(start, sp) <= reach)

    def board_key(self) -> tuple[int, str]:
        """Which board the memo's answers are for: its scale and the player's data folder."""
        return (self.c.cell_km, str(self.options.get("data", "")))

    def situation(self, f: str) -> tuple[object, ...]:
        """All a flight's destinations depend on (the key of ``_reach_cache``)."""
        return (f, self.fl[f], self.passes, self.destroyed, tuple(self.fl.values()))

    def lw_destinations(self, f: str) -> dict[str, tuple[int, bool, bool]]:
        """Where flight ``f`` may end this step: space -> (spaces flown, entered RS, entered a space
        fully within 12 Group), by the best path (``PREFERENCE``)."""
        key = self.situation(f)
        if self._reach_cache[0] == key:
            return self._reach_cache[1]  # type: ignore[no-any-return]
        out = self._lw_destinations(f)
        self._reach_cache = (key, out)
        return out

    def _lw_destinations(self, f: str) -> dict[str, tuple[int, bool, bool]]:
        flight = self.fl[f]
        reach = max_move(flight.fuel)
        start = flight.pos
        assert start is not None
        enemies = self.near(start, self.enemies_at(LUFTWAFFE) - self.passes, reach)
        # what a flight has done already needs no better path: its flags start set
        seed = (start, flight.rs, flight.nofighters)
        key = (self.board_key(), seed, reach, flight.rs_stop, enemies, self.destroyed)
        found = _MEMO.get(key)
        if found is None:
            found = self._lw_search(seed, reach, flight.rs_stop, enemies)
            _remember(key, found)
        return cast(dict[str, tuple[int, bool, bool]], found)

    def _lw_search(
        self, seed: tuple[str, bool, bool], reach: int, rs_stop: bool, enemies: frozenset[str]
    ) -> dict[str, tuple[int, bool, bool]]:
        board = self.c.board
        best: dict[tuple[str, bool, bool], int] = {seed: 0}
        frontier = deque([seed])
        while frontier:
            node = frontier.popleft()
            space, rs, g12 = node
            d = best[node]
            if d >= reach:
                continue
            if d > 0 and (space in enemies or space == BOX):
                continue  # stopped by an enemy (B.I), or home in Norway
            if d > 0 and not rs_stop and self.working_rs(space):
                continue  # B.I.1: the first working RS entered stops the flight
            for n in board.neighbours(space):
                nxt = (n, rs or n in self.c.rs, g12 or n in self.c.fully_12)
                if nxt not in best:
                    best[nxt] = d + 1
                    frontier.append(nxt)
        out: dict[str, tuple[int, bool, bool]] = {}
        for (space, rs, g12), d in best.items():
            old = out.get(space)
            if old is None or PREFERENCE.index((g12, rs)) < PREFERENCE.index((old[2], old[1])):
                out[space] = (d, rs, g12)
        return out

    def _dec_lw_move(self, task: Task) -> Decision | None:
        f = str(task[1])
        flight = self.fl[f]
        if flight.status != ON_MAP or max_move(flight.fuel) < 0:
            return None
        dests = self.lw_destinations(f)
        options = tuple(move_action(f, s) for s in sorted(dests, key=space_order))
        used = [k for k in range(1, 6) if flight.fuel & (1 << (k - 1))]
        return Decision(
            LUFTWAFFE,
            f"Move German flight {f} up to {max_move(flight.fuel)} spaces "
            f"(B.I.1; fuel markers used: {', '.join(map(str, used)) or 'none'})",
            options,
        )

    def _do_lw_move(self, task: Task, action: Action) -> None:
        f, to = str(task[1]), str(action.get("to"))
        flight = self.fl[f]
        d, rs, g12 = self.lw_destinations(f)[to]
        marker = fuel_marker(flight.fuel, d)
        assert marker is not None
        stop_rs = d > 0 and not flight.rs_stop and self.working_rs(to)
        airborne = flight.airborne or d > 0
        self.set(
            f,
            pos=to,
            fuel=flight.fuel | (1 << (marker - 1)),
            rs=flight.rs or rs,
            rs_stop=flight.rs_stop or stop_rs,
            airborne=airborne,
        )
        self.say(f"{f} moves {d} space(s) to {to} (fuel marker {marker})")
        if d > 0 and to in self.enemies_at(LUFTWAFFE):
            self.passes = self.passes | {to}
        if g12 and not flight.nofighters:
            self.fighters_leave(f, "entering a space fully within 12 Group")
        if self.fl[f].status == ON_MAP and airborne and to in self.c.lw_airfields and self.fl[f].rs:
            self.set(f, status=LANDED)
            self.say(f"{f} lands at {to}")

    def fighters_leave(self, f: str, why: str) -> None:
        """B.I.1: "remove all fighters from its FBs and put them into its CRBs" (B17)."""
        gone = [cid for cid in self.fb(f) if self.fighter(cid)]
        for cid in gone:
            self.loc[cid] = "crb"
        self.revealed = self.revealed - set(gone)
        self.set(f, nofighters=True)
        if gone:
            self.say(f"{len(gone)} fighter squadron(s) of {f} turn back, {why}")
        if not self.fb(f) and self.fl[f].status == ON_MAP:
            self.piece_off(f)

    def _auto_lw_moved(self, task: Task) -> None:
        self.passes = frozenset()
        self.scratch = ()
        if self.stage == FIGHTERS_LEAVE_AFTER:
            for f in LW_FLIGHTS:
                if self.fl[f].status in (ON_MAP, LANDED):
                    self.fighters_leave(f, "at the end of the 4th move")

    # --- B.I.2 British Reinforcement step ---------------------------------------------------
    def free_cards(self, group: int) -> int:
        return len(self.pool(group)) - sum(self.unseen[g] for g in self.flights_of(group))

    def at_home_area(self, f: str) -> bool:
        flight = self.fl[f]
        if flight.pos is None:
            return False
        home = self.c.board.space_of(flight.base) if flight.base else None
        return self.c.board.group_of(flight.pos) == command(f) or flight.pos == home

    def _dec_refill(self, task: Task) -> Decision | None:
        f = str(task[1])
        flight = self.fl[f]
        if flight.status != ON_MAP or not self.at_home_area(f):
            return None
        room = min(RAF_FB - self.fb_size(f), self.free_cards(command(f)))
        if room <= 0:
            return None
        return Decision(
            RAF,
            f"Add squadron cards to {f}'s Flight box from the Combat Ready box? (B.I.2)",
            tuple(Action("refill", flight=f, n=k) for k in range(room + 1)),
        )

    def _do_refill(self, task: Task, action: Action) -> None:
        f, n = str(task[1]), count(action.get("n"))
        if n:
            self.unseen[f] += n
            self.say(f"{f} takes {n} squadron card(s), unseen, from the Combat Ready box")

    # --- B.I.3 British Movement step ----------------------------------------------------------
    def raf_destinations(self, f: str) -> dict[str, int]:
        key = self.situation(f)
        if self._reach_cache[0] == key:
            return self._reach_cache[1]  # type: ignore[no-any-return]
        out = self._raf_destinations(f)
        self._reach_cache = (key, out)
        return out

    def _raf_destinations(self, f: str) -> dict[str, int]:
        flight = self.fl[f]
        start = flight.pos
        assert start is not None
        if flight.base in self.destroyed and not flight.airborne:
            return {start: 0}  # C.III: no take-off from a damaged airfield
        enemies = self.near(start, self.enemies_at(RAF) - self.passes, RAF_MOVE)
        key = (self.board_key(), start, enemies)
        found = _MEMO.get(key)
        if found is None:
            found = self._raf_search(start, enemies)
            _remember(key, found)
        return cast(dict[str, int], found)

    def _raf_search(self, start: str, enemies: frozenset[str]) -> dict[str, int]:
        board = self.c.board
        sky = british_sky(self.c)
        best = {start: 0}
        frontier = deque([start])
        while frontier:
            space = frontier.popleft()
            d = best[space]
            if d >= RAF_MOVE or (d > 0 and space in enemies):
                continue
            for n in board.neighbours(space):
                if n not in best and n in sky:
                    best[n] = d + 1
                    frontier.append(n)
        return best

    def _dec_raf_move(self, task: Task) -> Decision | None:
        f = str(task[1])
        if self.fl[f].status != ON_MAP:
            return None
        dests = self.raf_destinations(f)
        return Decision(
            RAF,
            f"Move British flight {f} 0-3 spaces (B.I.3)",
            tuple(move_action(f, s) for s in sorted(dests, key=space_order)),
        )

    def _do_raf_move(self, task: Task, action: Action) -> None:
        f, to = str(task[1]), str(action.get("to"))
        d = self.raf_destinations(f)[to]
        flight = self.fl[f]
        self.set(f, pos=to, marker=d, airborne=flight.airborne or d > 0)
        self.say(f"{f} moves {d} space(s) to {to}" + (f" (marker {d})" if d else ""))
        if d > 0 and to in self.enemies_at(RAF):
            self.passes = self.passes | {to}

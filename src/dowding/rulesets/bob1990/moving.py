"""B.I Moving: 1. German Movement step, 2. British Reinforcement step, 3. British Movement step.

B.I: "The first Flight that ends up in a space occupied by an enemy Flight must stop. After that
any other Flights can pass through" (B13: the side moving; a flight may leave a space it starts in).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
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


@lru_cache(maxsize=65536)
def move_options(flight: str, spaces: tuple[str, ...]) -> tuple[Action, ...]:
    """A flight's move options to ``spaces``, made once for each set of destinations."""
    return tuple(move_action(flight, s) for s in spaces)


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


_ORDER: dict[int, dict[str, int]] = {}


def ordered(c: Components, spaces: Iterable[str]) -> tuple[str, ...]:
    """``spaces`` in ``space_order``, by an index worked out once per board."""
    index = _ORDER.get(id(c.board))
    if index is None:
        index = _ORDER[id(c.board)] = {
            s: i for i, s in enumerate(sorted(c.board.spaces, key=space_order))
        }
    return tuple(sorted(spaces, key=index.__getitem__))


_WORKING: dict[tuple[int, frozenset[str]], frozenset[str]] = {}


def working_spaces(c: Components, destroyed: frozenset[str]) -> frozenset[str]:
    """The radar-scanned spaces whose radar still stands (B.I.1), per board and destroyed set."""
    key = (id(c.board), destroyed)
    found = _WORKING.get(key)
    if found is None:
        if len(_WORKING) > 4096:
            _WORKING.clear()
        found = _WORKING[key] = frozenset(
            sp for sp, stations in c.rs.items() if any(st not in destroyed for st in stations)
        )
    return found


class Graph:
    """A board as ints for the searches: each space's index, its neighbours' indices, and its
    flags (2: radar-scanned, 1: fully within 12 Group), worked out once per board."""

    def __init__(self, c: Components) -> None:
        self.c = c
        self.names = tuple(c.board.spaces)
        self.index = {s: i for i, s in enumerate(self.names)}
        self.neighbours = tuple(
            tuple(self.index[n] for n in c.board.neighbours(s)) for s in self.names
        )
        self.flags = tuple(
            (2 if s in c.rs else 0) | (1 if s in c.fully_12 else 0) for s in self.names
        )
        sky = british_sky(c)
        self.sky = tuple(s in sky for s in self.names)
        self.box = self.index[BOX]
        self._working: dict[frozenset[str], frozenset[int]] = {}

    def working(self, destroyed: frozenset[str]) -> frozenset[int]:
        found = self._working.get(destroyed)
        if found is None:
            if len(self._working) > 4096:
                self._working.clear()
            found = self._working[destroyed] = frozenset(
                self.index[s] for s in working_spaces(self.c, destroyed)
            )
        return found


_GRAPHS: dict[int, Graph] = {}


def graph(c: Components) -> Graph:
    found = _GRAPHS.get(id(c.board))
    if found is None:
        found = _GRAPHS[id(c.board)] = Graph(c)
    return found


# destinations by everything they depend on, shared by every state and game (bounded)
_MEMO: dict[tuple[object, ...], object] = {}
MEMO_SIZE = 200_000


def _remember(key: tuple[object, ...], value: object) -> None:
    if len(_MEMO) >= MEMO_SIZE:
        _MEMO.clear()
    _MEMO[key] = value


# a German path's flags, best first (B15 reading): avoid 12 Group, then enter a radar-scanned space
PREFERENCE = ((False, True), (False, False), (True, True), (True, False))
RANK = {flags: i for i, flags in enumerate(PREFERENCE)}  # keyed (entered 12 Group, entered RS)
# the same by a search node's flag bits (2: entered RS, 1: entered 12 Group)
BIT_RANK = tuple(RANK[bool(bits & 1), bool(bits & 2)] for bits in range(4))


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
        return space in working_spaces(self.c, self.destroyed)

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
        return self.lw_reach(f)[0]

    def lw_reach(self, f: str) -> tuple[dict[str, tuple[int, bool, bool]], tuple[str, ...]]:
        """``lw_destinations`` and its spaces in the options' order."""
        key = self.situation(f)
        if self._reach_cache[0] == key:
            return self._reach_cache[1]  # type: ignore[no-any-return]
        out = self._lw_destinations(f)
        self._reach_cache = (key, out)
        return out

    def _lw_destinations(self, f: str) -> tuple[dict[str, tuple[int, bool, bool]], tuple[str, ...]]:
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
            dests = self._lw_search(seed, reach, flight.rs_stop, enemies)
            found = (dests, ordered(self.c, dests))
            _remember(key, found)
        return cast(tuple[dict[str, tuple[int, bool, bool]], tuple[str, ...]], found)

    def _lw_search(
        self, seed: tuple[str, bool, bool], reach: int, rs_stop: bool, enemies: frozenset[str]
    ) -> dict[str, tuple[int, bool, bool]]:
        """Breadth first over (space, entered RS, entered 12 Group), a node an int: the space's
        index times 4, plus 2 for RS and 1 for 12 Group (``Graph``)."""
        g = graph(self.c)
        index = g.index
        # a stop: an enemy (B.I), home in Norway, or the first working RS entered (B.I.1)
        stops = {index[s] for s in enemies}
        stops.add(g.box)
        if not rs_stop:
            stops |= g.working(self.destroyed)
        first = index[seed[0]] * 4 + (2 if seed[1] else 0) + (1 if seed[2] else 0)
        seen = {first: 0}
        frontier = [first]
        neighbours, flags = g.neighbours, g.flags
        for d in range(1, reach + 1):
            nxt: list[int] = []
            for node in frontier:
                i = node >> 2
                if d > 1 and i in stops:
                    continue
                carried = node & 3
                for j in neighbours[i]:
                    m = (j << 2) | carried | flags[j]
                    if m not in seen:
                        seen[m] = d
                        nxt.append(m)
            frontier = nxt
        # each space by its best path (PREFERENCE), the first found among equals; spaces in the
        # order they were first reached
        best: dict[int, int] = {}
        for node in seen:
            i = node >> 2
            old = best.get(i)
            if old is None or BIT_RANK[node & 3] < BIT_RANK[old & 3]:
                best[i] = node
        names = g.names
        return {
            names[node >> 2]: (seen[node], bool(node & 2), bool(node & 1)) for node in best.values()
        }

    def _dec_lw_move(self, task: Task) -> Decision | None:
        f = str(task[1])
        flight = self.fl[f]
        if flight.status != ON_MAP or max_move(flight.fuel) < 0:
            return None
        options = move_options(f, self.lw_reach(f)[1])
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
        return self.raf_reach(f)[0]

    def raf_reach(self, f: str) -> tuple[dict[str, int], tuple[str, ...]]:
        """``raf_destinations`` and its spaces in the options' order."""
        key = self.situation(f)
        if self._reach_cache[0] == key:
            return self._reach_cache[1]  # type: ignore[no-any-return]
        out = self._raf_destinations(f)
        self._reach_cache = (key, out)
        return out

    def _raf_destinations(self, f: str) -> tuple[dict[str, int], tuple[str, ...]]:
        flight = self.fl[f]
        start = flight.pos
        assert start is not None
        if flight.base in self.destroyed and not flight.airborne:
            return {start: 0}, (start,)  # C.III: no take-off from a damaged airfield
        enemies = self.near(start, self.enemies_at(RAF) - self.passes, RAF_MOVE)
        key = (self.board_key(), start, enemies)
        found = _MEMO.get(key)
        if found is None:
            dests = self._raf_search(start, enemies)
            found = (dests, ordered(self.c, dests))
            _remember(key, found)
        return cast(tuple[dict[str, int], tuple[str, ...]], found)

    def _raf_search(self, start: str, enemies: frozenset[str]) -> dict[str, int]:
        g = graph(self.c)
        index = g.index
        stops = {index[s] for s in enemies}
        first = index[start]
        seen = {first: 0}
        frontier = [first]
        neighbours, sky = g.neighbours, g.sky
        for d in range(1, RAF_MOVE + 1):
            nxt: list[int] = []
            for i in frontier:
                if d > 1 and i in stops:
                    continue
                for j in neighbours[i]:
                    if sky[j] and j not in seen:
                        seen[j] = d
                        nxt.append(j)
            frontier = nxt
        names = g.names
        return {names[i]: d for i, d in seen.items()}

    def _dec_raf_move(self, task: Task) -> Decision | None:
        f = str(task[1])
        if self.fl[f].status != ON_MAP:
            return None
        return Decision(
            RAF,
            f"Move British flight {f} 0-3 spaces (B.I.3)",
            move_options(f, self.raf_reach(f)[1]),
        )

    def _do_raf_move(self, task: Task, action: Action) -> None:
        f, to = str(task[1]), str(action.get("to"))
        d = self.raf_destinations(f)[to]
        flight = self.fl[f]
        self.set(f, pos=to, marker=d, airborne=flight.airborne or d > 0)
        self.say(f"{f} moves {d} space(s) to {to}" + (f" (marker {d})" if d else ""))
        if d > 0 and to in self.enemies_at(RAF):
            self.passes = self.passes | {to}

"""B.I Moving: 1. German Movement step, 2. British Reinforcement step, 3. British Movement step.

B.I: "The first Flight that ends up in a space occupied by an enemy Flight must stop. After that
any other Flights can pass through" (B13: the side moving; a flight may leave a space it starts in).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import compress, islice
from operator import itemgetter
from typing import Any

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
    Flight,
    command,
    count,
    fuel_marker,
    lw_moved,
    max_move,
    raf_moved,
    stage_cleared,
)


@cache
def move_action(flight: str, to: str) -> Action:
    """``move flight=2A to=K17``, made once (a flight has dozens of destinations every step)."""
    return Action("move", flight=flight, to=to)


def move_to(action: Action) -> str:
    """``str(action.get("to"))`` of a move the engine has let through: it is one of the
    decision's options (``apply`` checks, ``apply_trusted`` is only handed those), so its
    arguments are ``move_action``'s, flight then to (a move is most of a game's steps)."""
    return action.args[1][1]  # type: ignore[return-value]


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


# a German path's flags, best first (B15 reading): avoid 12 Group, then enter a radar-scanned space
PREFERENCE = ((False, True), (False, False), (True, True), (True, False))
RANK = {flags: i for i, flags in enumerate(PREFERENCE)}  # keyed (entered 12 Group, entered RS)
# the same by a search node's flag bits (2: entered RS, 1: entered 12 Group)
BIT_RANK = tuple(RANK[bool(bits & 1), bool(bits & 2)] for bits in range(4))
# the flag bits, best first
BEST_FIRST = tuple(sorted(range(4), key=BIT_RANK.__getitem__))
# a German search's answer (spaces flown, entered RS, entered 12 Group) by distance and flag bits
LW_VALUES = tuple(tuple((d, bool(bits & 2), bool(bits & 1)) for bits in range(4)) for d in range(6))


class Graph:
    """A board as bit sets for the searches: a set of spaces is an int, bit i for the i-th space
    in ``space_order`` (the grid column by column, the Norway box last). Each space's flags
    (2: radar-scanned, 1: fully within 12 Group) and neighbours are worked out once per board;
    ``spread`` takes a set of spaces to the set of their neighbours (with themselves), by shifts
    of the whole grid where the board is a full grid (checked against its neighbours here), else
    space by space."""

    def __init__(self, c: Components) -> None:
        self.c = c
        board = c.board
        self.names = tuple(sorted(board.spaces, key=space_order))
        self.index = {s: i for i, s in enumerate(self.names)}
        self.bit = {s: 1 << i for i, s in enumerate(self.names)}
        self.near = tuple(sum(1 << self.index[m] for m in board.neighbours(s)) for s in self.names)
        flags = [(2 if s in c.rs else 0) | (1 if s in c.fully_12 else 0) for s in self.names]
        exactly = [sum(1 << i for i, f in enumerate(flags) if f == bits) for bits in range(4)]
        # the spaces of exactly each set of flag bits (the German search)
        self.exactly = (exactly[0], exactly[1], exactly[2], exactly[3])
        sky = british_sky(c)
        self.sky = sum(1 << i for i, s in enumerate(self.names) if s in sky)
        self.box = self.bit[BOX]
        self.box_near = self.near[self.index[BOX]]
        self._working: dict[frozenset[str], int] = {}
        self._moves: dict[str, tuple[Action, ...]] = {}
        # by flight, then set of spaces; by prompt (it names the seat and flight), then set
        self._options: dict[str, dict[int, tuple[Action, ...]]] = {}
        self._decisions: dict[str, dict[int, Decision]] = {}
        # the searches, by everything they depend on packed in one int (``lw_key``, ``raf_key``):
        # a key the garbage collector never tracks, shared by every state and game (bounded)
        self.lw_memo: dict[int, LwFound] = {}
        self.raf_memo: dict[int, Found] = {}
        self.raf_free: dict[str, Found] = {}  # by start, with no enemy about
        self.key_shift = len(self.names).bit_length() + 5
        self._grid = self._grid_shape(board.grid.columns, board.grid.rows)

    def _grid_shape(self, columns: int, rows: int) -> tuple[int, int, int, int] | None:
        """(rows, the grid's bits, all but row 0, all but the last row) where bit
        ``column * rows + row`` is that square and every neighbour matches the board's."""
        if len(self.names) != columns * rows + 1 or self.names[-1] != BOX:
            return None
        grid = (1 << (columns * rows)) - 1
        row0 = sum(1 << (k * rows) for k in range(columns))
        shape = (rows, grid, grid & ~row0, grid & ~(row0 << (rows - 1)))
        self._grid = shape
        for i, near in enumerate(self.near):
            if self.spread(1 << i) & ~(1 << i) != near:
                return None
        return shape

    def spread(self, spaces: int) -> int:
        """The spaces next to ``spaces``, with those of ``spaces`` that have a neighbour among
        them (a search only spreads from spaces it has already reached)."""
        shape = self._grid
        if shape is None:
            out = 0
            for i in self.indices(spaces):
                out |= self.near[i]
            return out
        rows, grid, not_row0, not_last = shape
        g = spaces & grid
        v = g | ((g << 1) & not_row0) | ((g >> 1) & not_last)
        out = (v | (v << rows) | (v >> rows)) & grid
        if spaces & self.box_near:
            out |= self.box
        if spaces & self.box:
            out |= self.box_near
        return out

    def marks(self, spaces: int) -> bytes:
        """A set as one byte a space (1: in it), in ``space_order``, for ``compress``."""
        return bin(spaces)[:1:-1].encode().translate(_MARKS)

    def spaces_of(self, spaces: int) -> list[str]:
        """The names of the spaces in a set, in ``space_order``."""
        return list(compress(self.names, self.marks(spaces)))

    def moves(self, flight: str, spaces: int) -> tuple[Action, ...]:
        """``flight``'s move actions to the spaces in a set, in ``space_order`` (kept by flight
        and set: searches with other enemies about often end in the same set)."""
        kept = self._options.get(flight)
        if kept is None:
            kept = self._options[flight] = {}
        found = kept.get(spaces)
        if found is None:
            every = self._moves.get(flight)
            if every is None:
                every = self._moves[flight] = tuple(move_action(flight, s) for s in self.names)
            if len(kept) >= 1 << 13:
                kept.clear()
            # read from the set's lowest space on (a flight's destinations lie close together:
            # the marks and the read span them, not the whole board)
            low = (spaces & -spaces).bit_length() - 1 if spaces else 0
            found = kept[spaces] = tuple(
                compress(islice(every, low, None), self.marks(spaces >> low))
            )
        return found

    def decision(self, seat: str, flight: str, prompt: str, spaces: int) -> Decision:
        """The move decision to a set of spaces, made once for each prompt (``lw_prompt`` and
        ``raf_prompt`` name the side and the flight) and set (it is immutable)."""
        kept = self._decisions.get(prompt)
        if kept is None:
            if len(self._decisions) >= 1 << 12:
                self._decisions.clear()
            kept = self._decisions[prompt] = {}
        found = kept.get(spaces)
        if found is None:
            if len(kept) >= 1 << 12:
                kept.clear()
            found = kept[spaces] = Decision(seat, prompt, self.moves(flight, spaces))
        return found

    def lw_key(self, start: str, carried: int, reach: int, stops: int) -> int:
        """A German search's memo key: its stops, start, reach and flags carried in one int."""
        return (stops << self.key_shift) | (self.index[start] << 5) | ((reach & 7) << 2) | carried

    def raf_key(self, start: str, stops: int) -> int:
        """A British search's memo key: its stops and start in one int."""
        return (stops << self.key_shift) | self.index[start]

    def remember(self, memo: dict[int, Any], key: int, found: Found) -> None:
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[key] = found

    def indices(self, spaces: int) -> list[int]:
        return [self.index[s] for s in self.spaces_of(spaces)]

    def mask(self, spaces: Iterable[str]) -> int:
        bit = self.bit
        out = 0
        for s in spaces:
            out |= bit[s]
        return out

    def working(self, destroyed: frozenset[str]) -> int:
        """The working radar-scanned spaces as a set (B.I.1)."""
        found = self._working.get(destroyed)
        if found is None:
            if len(self._working) > 4096:
                self._working.clear()
            found = self._working[destroyed] = self.mask(working_spaces(self.c, destroyed))
        return found

    def lw_search(
        self, start: str, carried: int, reach: int, stops: int, base: LwFound | None = None
    ) -> LwFound:
        """Breadth first over (space, entered RS, entered 12 Group): ``layers[4 * d + bits]``
        the spaces first reached in ``d`` spaces carrying flag bits ``bits`` (2: entered RS,
        1: entered 12 Group; one flat tuple, fewer objects for the garbage collector). A flight stops in ``stops`` (after its first space: it may leave
        the space it starts in). ``base``: the same flight's search with fewer stops; its
        layers up to the first that holds one of the new stops are this search's too.

        Written out flag by flag (a node carrying ``c`` that enters a space of flags ``f``
        carries ``c | f``): a search is made some hundred times a game, mostly with enemies
        about that no earlier search met."""
        e0, e1, e2, e3 = self.exactly
        go = ~stops
        if base is not None and reach > 1:
            layers = list(base.layers)
            extra = stops & ~base.stops
            d = 1
            while d < reach - 1 and not (
                extra & (layers[4 * d] | layers[4 * d + 1] | layers[4 * d + 2] | layers[4 * d + 3])
            ):
                d += 1
            del layers[4 * d + 4 :]
            s0 = s1 = s2 = s3 = 0
            for i in range(0, len(layers), 4):
                s0 |= layers[i]
                s1 |= layers[i + 1]
                s2 |= layers[i + 2]
                s3 |= layers[i + 3]
            f0, f1, f2, f3 = layers[4 * d : 4 * d + 4]
            left = reach - d
        else:
            origin = self.bit[start]
            s0 = origin if carried == 0 else 0
            s1 = origin if carried == 1 else 0
            s2 = origin if carried == 2 else 0
            s3 = origin if carried == 3 else 0
            layers = [s0, s1, s2, s3]
            if reach < 1:
                return LwFound(self, tuple(layers), (s0, s1, s2, s3), stops)
            # the first space, from the start (a stop there does not hold the flight)
            near = self.near[self.index[start]]
            f0 = f1 = f2 = f3 = 0
            if carried == 0:
                f0, f1, f2, f3 = near & e0, near & e1, near & e2, near & e3
            elif carried == 1:
                f1, f3 = near & (e0 | e1), near & (e2 | e3)
            elif carried == 2:
                f2, f3 = near & (e0 | e2), near & (e1 | e3)
            else:
                f3 = near
            s0 |= f0
            s1 |= f1
            s2 |= f2
            s3 |= f3
            layers += (f0, f1, f2, f3)
            left = reach - 1
        shape = self._grid
        for _ in range(left):
            n0 = n1 = n2 = n3 = 0
            for c, spaces in enumerate((f0 & go, f1 & go, f2 & go, f3 & go)):
                if not spaces:
                    continue
                if shape is None:
                    out = self.spread(spaces)
                else:  # ``spread`` inline: it is most of a search's work
                    rows, grid, not_row0, not_last = shape
                    g = spaces & grid
                    v = g | ((g << 1) & not_row0) | ((g >> 1) & not_last)
                    out = (v | (v << rows) | (v >> rows)) & grid
                    if spaces & self.box_near:
                        out |= self.box
                    if spaces & self.box:
                        out |= self.box_near
                if c == 0:
                    n0 = out & e0
                    n1 |= out & e1
                    n2 |= out & e2
                    n3 |= out & e3
                elif c == 1:
                    n1 |= out & (e0 | e1)
                    n3 |= out & (e2 | e3)
                elif c == 2:
                    n2 |= out & (e0 | e2)
                    n3 |= out & (e1 | e3)
                else:
                    n3 |= out
            f0, f1, f2, f3 = n0 & ~s0, n1 & ~s1, n2 & ~s2, n3 & ~s3
            s0 |= f0
            s1 |= f1
            s2 |= f2
            s3 |= f3
            layers += (f0, f1, f2, f3)
        return LwFound(self, tuple(layers), (s0, s1, s2, s3), stops)

    def raf_search(self, start: str, stops: int) -> RafFound:
        """Breadth first over the British sky (B20): ``layers[d]`` the spaces first reached in
        ``d`` spaces; a flight stops in ``stops`` after its first space."""
        seen = frontier = self.bit[start]
        layers = [seen]
        sky = self.sky
        for d in range(1, RAF_MOVE + 1):
            if d == 1:
                out = self.near[self.index[start]] & sky
            else:
                spaces = frontier & ~stops
                out = self.spread(spaces) & sky if spaces else 0
            frontier = out & ~seen
            seen |= frontier
            layers.append(frontier)
        return RafFound(self, tuple(layers), seen)


_MARKS = bytes.maketrans(b"01", b"\x00\x01")
_GRAPHS: dict[int, Graph] = {}


def graph(c: Components) -> Graph:
    found = _GRAPHS.get(id(c.board))
    if found is None:
        found = _GRAPHS[id(c.board)] = Graph(c)
    return found


class Found:
    """One search's answer, shared by every state and game that asks the same (``Graph``'s
    memos):
    the spaces a flight may end in, those reached with moves left to fly on (``inner``: only an
    enemy there can stop the flight and change the answer), and each flight's move options to
    them in ``space_order`` (made once in the Graph for every search that ends in that set)."""

    __slots__ = ("_decision", "_dests", "_order", "all", "graph", "inner", "layers")

    def __init__(self, g: Graph, layers: tuple[Any, ...], everywhere: int, inner: int) -> None:
        self.graph = g
        self.layers = layers
        self.all = everywhere
        self.inner = inner
        self._order: tuple[str, ...] | None = None
        self._dests: dict[str, Any] | None = None
        self._decision: Decision | None = None

    @property
    def order(self) -> tuple[str, ...]:
        if self._order is None:
            self._order = tuple(self.graph.spaces_of(self.all))
        return self._order

    def options(self, flight: str) -> tuple[Action, ...]:
        return self.graph.moves(flight, self.all)

    def decision(self, seat: str, flight: str, prompt: str) -> Decision:
        """The move decision (``Graph.decision``); the last one is kept here too, checked by
        its prompt, which names its side and flight (``lw_prompt``, ``raf_prompt``). One slot
        and no table: every object a shared memo keeps alive is work for the garbage collector."""
        last = self._decision
        if last is not None and last.prompt == prompt:
            return last
        found = self._decision = self.graph.decision(seat, flight, prompt, self.all)
        return found

    @property
    def dests(self) -> dict[str, Any]:
        if self._dests is None:
            self._dests = {s: self.value(s) for s in self.order}
        return self._dests

    def value(self, space: str) -> Any:
        raise NotImplementedError


class LwFound(Found):
    __slots__ = ("seen", "stops")

    def __init__(
        self, g: Graph, layers: tuple[int, ...], seen: tuple[int, int, int, int], stops: int
    ) -> None:
        inner = 0
        for spaces in layers[4:-4]:
            inner |= spaces
        self.graph = g
        self.layers = layers
        self.all = seen[0] | seen[1] | seen[2] | seen[3]
        self.inner = inner
        self._order = None
        self._dests = None
        self._decision = None
        self.seen = seen  # each flag bits' spaces reached
        self.stops = stops

    def value(self, space: str) -> tuple[int, bool, bool]:
        """(spaces flown, entered RS, entered 12 Group) by the best path to ``space``: the first
        flags in ``PREFERENCE`` it is reached with, by the fewest spaces."""
        bit = self.graph.bit[space]
        seen = self.seen
        layers = self.layers
        for bits in BEST_FIRST:
            if seen[bits] & bit:
                for i in range(bits, len(layers), 4):
                    if layers[i] & bit:
                        return LW_VALUES[i >> 2][bits]
        raise KeyError(space)


class RafFound(Found):
    __slots__ = ()

    def __init__(self, g: Graph, layers: tuple[int, ...], seen: int) -> None:
        inner = 0
        for spaces in layers[1:-1]:
            inner |= spaces
        super().__init__(g, layers, seen, inner)

    def value(self, space: str) -> int:
        """The spaces flown to ``space``."""
        bit = self.graph.bit[space]
        for d, spaces in enumerate(self.layers):
            if spaces & bit:
                return d
        raise KeyError(space)


class Fixed(Found):
    """A British flight that cannot take off: its own space only (C.III)."""

    __slots__ = ()

    def __init__(self, g: Graph, space: str) -> None:
        super().__init__(g, (g.bit[space],), g.bit[space], 0)

    def value(self, space: str) -> int:
        if space != self.order[0]:
            raise KeyError(space)
        return 0


# the most searches a board's memo keeps (``Graph.remember``)
MEMO_SIZE = 200_000


@lru_cache(maxsize=256)
def lw_prompt(f: str, fuel: int) -> str:
    used = [k for k in range(1, 6) if fuel & (1 << (k - 1))]
    return (
        f"Move German flight {f} up to {max_move(fuel)} spaces "
        f"(B.I.1; fuel markers used: {', '.join(map(str, used)) or 'none'})"
    )


@cache
def raf_prompt(f: str) -> str:
    return f"Move British flight {f} 0-3 spaces (B.I.3)"


# each side's flights read out of ``fl`` at once (the enemies are looked for at every move)
_LW_OF = itemgetter(*LW_FLIGHTS)
_RAF_OF = itemgetter(*RAF_FLIGHTS)


@cache
def stage_tasks(chosen: bool) -> tuple[Task, ...]:
    """B: a Mission Stage's steps, in order (made once for each move order: they never change).
    B.I.1 German Movement, B.I.2 British Reinforcement, B.I.3 British Movement, B.II
    Dogfighting, B.III Bombing; with move_order=chosen the mover picks each next flight."""
    lw: list[Task] = [("lw_pick",)] if chosen else [("lw_move", f) for f in LW_FLIGHTS]
    raf: list[Task] = [("raf_pick",)] if chosen else [("raf_move", f) for f in RAF_FLIGHTS]
    return (
        *lw,
        ("lw_moved",),
        *(("refill", f) for f in RAF_FLIGHTS),
        *raf,
        ("raf_moved",),
        ("dogfights",),
        ("bombing",),
        ("stage_end",),
    )


class Moving(Core):
    # --- the stage loop ---------------------------------------------------------------
    def _auto_stage_start(self, task: Task) -> None:
        self.stage += 1
        self.say(f"Mission Stage {self.stage}")
        fl = self.fl
        for f, flight in fl.items():
            if flight.attacked or flight.marker:
                fl[f] = stage_cleared(flight)
        self.passes = frozenset()
        self.scratch = ()  # the flights that have moved this step (move_order=chosen)
        self.queue = stage_tasks(self.options["move_order"] == "chosen") + self.queue

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

    def enemy_in(self, side: str, space: str) -> bool:
        """Whether a flight of the other side is on the map in ``space``."""
        g = graph(self.c)
        return bool(self.enemy_spaces(g, side) & g.bit[space])

    def enemy_spaces(self, g: Graph, side: str) -> int:
        """The spaces of the other side's flights on the map. Kept with the flights it was made
        from (``_enemy_cache``: they are compared, not trusted): a side's moves ask it again
        and again while the other side's flights stand still."""
        flights = (_LW_OF if side == RAF else _RAF_OF)(self.fl)
        cached = self._enemy_cache
        if cached[0] is g and cached[1] == flights:
            return cached[2]  # type: ignore[no-any-return]
        bit = g.bit
        out = 0
        for flight in flights:
            if flight.status == ON_MAP and flight.pos is not None:
                out |= bit[flight.pos]
        self._enemy_cache = (g, flights, out)
        return out

    def enemy_mask(self, g: Graph, side: str) -> int:
        """The spaces of the other side's flights on the map that have not been passed (B.I)."""
        out = self.enemy_spaces(g, side)
        if out and self.passes:
            out &= ~g.mask(self.passes)
        return out

    def near(self, start: str, spaces: set[str], reach: int) -> frozenset[str]:
        """The spaces a move of ``reach`` could enter (the others cannot stop it)."""
        distance = self.c.board.distance
        return frozenset(sp for sp in spaces if distance(start, sp) <= reach)

    def situation(self, f: str) -> tuple[object, ...]:
        """All a flight's destinations depend on (the key of ``_reach_cache``)."""
        return (f, self.passes, self.destroyed, tuple(self.fl.values()))

    def lw_destinations(self, f: str) -> dict[str, tuple[int, bool, bool]]:
        """Where flight ``f`` may end this step: space -> (spaces flown, entered RS, entered a space
        fully within 12 Group), by the best path (``PREFERENCE``)."""
        return self.lw_found(f).dests

    def lw_found(self, f: str) -> Found:
        """The search behind ``lw_destinations`` and the move options (asked for by the
        decision, then by the move: the last one is kept)."""
        key = (f, self.passes, self.destroyed, tuple(self.fl.values()))  # situation(f), inline
        cached = self._reach_cache
        if cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        out = self._lw_found(f)
        self._reach_cache = (key, out)
        return out

    def _lw_found(self, f: str, flight: Flight | None = None) -> Found:
        """The search without enemies first (shared by every position of the British flights);
        only an enemy in a space the flight could fly on from (``Found.inner``) can stop it, so
        the search is made again only when one stands there, with those enemies alone.
        ``flight``: ``fl[f]``, when the caller has it."""
        if flight is None:
            flight = self.fl[f]
        reach = max_move(flight.fuel)
        start = flight.pos
        assert start is not None
        g = graph(self.c)
        # what a flight has done already needs no better path: its flags start set
        carried = (2 if flight.rs else 0) | (1 if flight.nofighters else 0)
        # a stop: home in Norway, the first working RS entered (B.I.1), an enemy (B.I)
        stops = g.box if flight.rs_stop else g.box | g.working(self.destroyed)
        memo = g.lw_memo
        shift = g.key_shift
        # lw_key(start, carried, reach, stops), inline: head | stops << shift
        head = (g.index[start] << 5) | ((reach & 7) << 2) | carried
        found = memo.get(head | stops << shift)
        if found is None:
            found = g.lw_search(start, carried, reach, stops)
            g.remember(memo, head | stops << shift, found)
        if found.inner:
            enemies = found.inner & ~stops & self.enemy_mask(g, LUFTWAFFE)
            if enemies:
                # the same search with the enemies as stops (its key is that of those stops)
                key = head | (stops | enemies) << shift
                base, found = found, memo.get(key)
                if found is None:
                    found = g.lw_search(start, carried, reach, stops | enemies, base)
                    g.remember(memo, key, found)
        return found

    def _lw_search(
        self, seed: tuple[str, bool, bool], reach: int, rs_stop: bool, enemies: frozenset[str]
    ) -> dict[str, tuple[int, bool, bool]]:
        """``lw_destinations`` of a flight at ``seed`` (its space, entered RS, entered 12 Group)
        with ``enemies`` about."""
        g = graph(self.c)
        stops = g.box | g.mask(enemies) | (0 if rs_stop else g.working(self.destroyed))
        carried = (2 if seed[1] else 0) | (1 if seed[2] else 0)
        return g.lw_search(seed[0], carried, reach, stops).dests

    def _dec_lw_move(self, task: Task) -> Decision | None:
        f: str = task[1]
        flight = self.fl[f]
        if flight.status != ON_MAP or max_move(flight.fuel) < 0:
            return None
        # the search itself: ``lw_found``'s cache serves a second question about the same state,
        # and the move answering this decision reads its search from ``_move_found``
        found = self._lw_found(f, flight)
        prompt = lw_prompt(f, flight.fuel)
        decision = found._decision  # found.decision(LUFTWAFFE, f, prompt), its slot inline
        if decision is None or decision.prompt != prompt:
            decision = found.decision(LUFTWAFFE, f, prompt)
        self._move_found = (decision, found)
        return decision

    def move_found(self, f: str, lw: bool) -> Found:
        """The search behind the move decision just answered (kept with it by ``_dec_lw_move``
        and ``_dec_raf_move``, cleared by ``_apply`` when another was answered), else the
        flight's search asked for again."""
        found = self._move_found[1]
        if found is not None:
            return found  # type: ignore[no-any-return]
        return self.lw_found(f) if lw else self.raf_found(f)

    def _do_lw_move(self, task: Task, action: Action) -> None:
        f: str = task[1]
        to = move_to(action)
        fl = self.fl
        flight = fl[f]
        found = self._move_found[1]  # move_found(f, True), inline
        if found is None:
            found = self.lw_found(f)
        g = found.graph
        bit = g.bit[to]
        d, rs, g12 = found.value(to)
        fuel = flight.fuel
        marker = fuel_marker(fuel, d)
        assert marker is not None
        # working_rs(to), by the search's Graph
        stop_rs = d > 0 and not flight.rs_stop and bool(g.working(self.destroyed) & bit)
        airborne = flight.airborne or d > 0
        fl[f] = lw_moved(
            flight,
            to,
            fuel | (1 << (marker - 1)),
            flight.rs or rs,
            flight.rs_stop or stop_rs,
            airborne,
        )
        self.tell(f"{f} moves {d} space(s) to {to} (fuel marker {marker})")
        # enemy_in, with the search's Graph at hand
        if d > 0 and self.enemy_spaces(g, LUFTWAFFE) & bit:
            self.passes = self.passes | {to}
        if g12 and not flight.nofighters:
            self.fighters_leave(f, "entering a space fully within 12 Group")
        moved = fl[f]
        if moved.status == ON_MAP and airborne and moved.rs and to in self.c.lw_airfields:
            self.set(f, status=LANDED)
            self.say(f"{f} lands at {to}")

    def fighters_leave(self, f: str, why: str) -> None:
        """B.I.1: "remove all fighters from its FBs and put them into its CRBs" (B17)."""
        # the fighters among the Flight box's cards, read as bits (file order, as ``fb``)
        unit = command(f)
        box = "fb:" + f
        fighters = self.loc.at[unit].get(box, 0) & self.fighter_bits(unit)
        gone = self.cards_of(unit, fighters) if fighters else []
        for cid in gone:
            self.loc[cid] = "crb"
        self.revealed = self.revealed - set(gone)
        self.set(f, nofighters=True)
        if gone:
            self.say(f"{len(gone)} fighter squadron(s) of {f} turn back, {why}")
        if not self.has_cards(f) and self.fl[f].status == ON_MAP:
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
        return self.places(group).count("crb") - sum(self.unseen[g] for g in self.flights_of(group))

    def at_home_area(self, f: str) -> bool:
        flight = self.fl[f]
        if flight.pos is None:
            return False
        home = self.c.board.space_of(flight.base) if flight.base else None
        return self.c.board.group_of(flight.pos) == command(f) or flight.pos == home

    def _dec_refill(self, task: Task) -> Decision | None:
        f = str(task[1])
        flight = self.fl[f]
        # a full box of unseen cards (as dealt) has no room: nothing else needs looking at
        if flight.status != ON_MAP or self.unseen[f] >= RAF_FB or not self.at_home_area(f):
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
        return self.raf_found(f).dests

    def raf_found(self, f: str) -> Found:
        """The search behind ``raf_destinations`` and the move options (as ``lw_found``)."""
        key = (f, self.passes, self.destroyed, tuple(self.fl.values()))  # situation(f), inline
        cached = self._reach_cache
        if cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        out = self._raf_found(f)
        self._reach_cache = (key, out)
        return out

    def _raf_found(self, f: str) -> Found:
        """As ``_lw_found``: the search without enemies, made again only with those in a space
        the flight could fly on from."""
        flight = self.fl[f]
        start = flight.pos
        assert start is not None
        g = graph(self.c)
        if flight.base in self.destroyed and not flight.airborne:
            return Fixed(g, start)  # C.III: no take-off from a damaged airfield
        found = g.raf_free.get(start)
        if found is None:
            found = g.raf_free[start] = g.raf_search(start, 0)
        if found.inner:
            enemies = found.inner & self.enemy_mask(g, RAF)
            if enemies:
                found = self._raf_with(g, start, enemies)
        return found

    def _raf_with(self, g: Graph, start: str, enemies: int) -> Found:
        """The British search from ``start`` with ``enemies`` in its way (kept by both)."""
        memo = g.raf_memo
        key = g.raf_key(start, enemies)
        found = memo.get(key)
        if found is None:
            found = g.raf_search(start, enemies)
            g.remember(memo, key, found)
        return found

    def _raf_search(self, start: str, enemies: frozenset[str]) -> dict[str, int]:
        """``raf_destinations`` of a flight at ``start`` with ``enemies`` about."""
        g = graph(self.c)
        return g.raf_search(start, g.mask(enemies)).dests

    def _dec_raf_move(self, task: Task) -> Decision | None:
        f: str = task[1]
        flight = self.fl[f]
        if flight.status != ON_MAP:
            return None
        # _raf_found(f), inline (as _dec_lw_move: a British move is a third of a game's steps)
        start = flight.pos
        assert start is not None
        g = graph(self.c)
        if flight.base in self.destroyed and not flight.airborne:
            found: Found = Fixed(g, start)  # C.III: no take-off from a damaged airfield
        else:
            free = g.raf_free.get(start)
            if free is None:
                free = g.raf_free[start] = g.raf_search(start, 0)
            found = free
            if found.inner:
                enemies = found.inner & self.enemy_mask(g, RAF)
                if enemies:
                    found = self._raf_with(g, start, enemies)
        prompt = raf_prompt(f)
        decision = found._decision
        if decision is None or decision.prompt != prompt:
            decision = found.decision(RAF, f, prompt)
        self._move_found = (decision, found)
        return decision

    def _do_raf_move(self, task: Task, action: Action) -> None:
        f: str = task[1]
        to = move_to(action)
        found = self._move_found[1]  # move_found(f, False), inline
        if found is None:
            found = self.raf_found(f)
        d = found.value(to)
        fl = self.fl
        flight = fl[f]
        if not d:
            fl[f] = raf_moved(flight, to, 0, flight.airborne)
            self.tell(f"{f} moves 0 space(s) to {to}")
            return
        fl[f] = raf_moved(flight, to, d, True)
        self.tell(f"{f} moves {d} space(s) to {to} (marker {d})")
        # enemy_in, with the search's Graph at hand
        g = found.graph
        if self.enemy_spaces(g, RAF) & g.bit[to]:
            self.passes = self.passes | {to}

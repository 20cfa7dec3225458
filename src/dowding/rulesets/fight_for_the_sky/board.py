"""The hex map of south-east England, drawn from the gazetteer.

Flat-topped hexes, columns lettered A.. from the west along the north edge and rows counted down
from the north; even columns (A, C, E, ...) sit half a hex lower, which is the only layout in
which the worked example's moves are all between neighbours (docs/rules/fight-for-the-sky.md).
Every place is put where ``to_hex_offset`` projects it, except the hexes the rulebook fixes
(``fixed`` in map.json). Terrain comes from coastline polygons; a land hex next to the sea is
coast. Flight paths are chains of hexes whose arrows point along the chain.
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache

from dowding.gazetteer import column_index, column_letters, hex_centre, load_places, to_hex_offset

from .components import MapData, Target, load_map


def _inside(lat: float, lon: float, polygon: tuple[tuple[float, float], ...]) -> bool:
    inside = False
    for i in range(len(polygon)):
        y1, x1 = polygon[i]
        y2, x2 = polygon[i - 1]
        if (y1 > lat) != (y2 > lat) and lon < x1 + (lat - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@dataclass
class Base:
    """An RAF airbase: on the map (``hex``) or off it, entered through ``hex`` at a cost."""

    id: str
    name: str
    hex: str
    offmap: bool
    capacity: int
    kind: str  # sector, airfield


@dataclass
class Board:
    data: MapData
    hexes: tuple[str, ...]
    coords: dict[str, tuple[int, int]]  # hex -> (column index, row index from 0)
    terrain: dict[str, str]  # sea, coast, land, france, assembly
    neighbours: dict[str, tuple[str, ...]]
    places: dict[str, tuple[str, ...]]  # hex -> names of gazetteer places on it
    targets: dict[str, Target]
    target_hex: dict[str, str]
    hex_target: dict[str, str]
    urban_aa: dict[str, int]
    bases: dict[str, Base]
    base_at: dict[str, str]  # on-map hex -> base id
    assembly: tuple[str, ...]
    edges: dict[str, tuple[str, ...]]  # flight-path arrows
    latlon: dict[str, tuple[float, float]]
    _reach: dict[str, frozenset[str]] = field(default_factory=dict)
    _home: dict[str, int] = field(default_factory=dict)
    _open: dict[str, tuple[str, ...]] = field(default_factory=dict)
    _columns: list[tuple[str, ...]] = field(default_factory=list)  # each column's hexes by row

    # --- geometry ------------------------------------------------------------------
    def cube(self, h: str) -> tuple[int, int, int]:
        c, r = self.coords[h]
        z = r - (c + (c & 1)) // 2
        return c, z, -c - z

    def distance(self, a: str, b: str) -> int:
        return _distance(self, a, b)

    def england(self, h: str) -> bool:
        return self.terrain[h] in ("coast", "land")

    def home_distance(self, h: str) -> int:
        """Hexes to the nearest raid assembly hex."""
        found = self._home.get(h)
        if found is None:
            found = self._home[h] = min(self.distance(h, a) for a in self.assembly)
        return found

    def reaches(self, start: str, target: str) -> bool:
        """Whether a flight path leads from ``start`` to ``target`` (or they are the same hex)."""
        reach = self._reach.get(start)
        if reach is None:
            seen = {start}
            todo = deque([start])
            while todo:
                h = todo.popleft()
                for n in self.edges.get(h, ()):
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
            reach = self._reach[start] = frozenset(seen)
        return target in reach

    def within(self, start: str, allowance: int) -> dict[str, int]:
        """Hexes an RAF unit may reach from ``start`` and the cost of each (never through an
        assembly hex: RAF units may never enter one)."""
        return _within(self, start, allowance)

    def within_ordered(self, start: str, allowance: int) -> tuple[str, ...]:
        """The hexes of :meth:`within` in board order (column, then row); cached."""
        key = (id(self), start, allowance)
        found = _WITHIN_ORDERED.get(key)
        if found is None:
            if 0 <= allowance < self.home_distance(start):
                # no assembly hex within reach to fly around: the hexes at most ``allowance``
                # away, read off the columns
                found = _ball(self, start, allowance)
            else:
                reach = _within(self, start, allowance)
                found = tuple(sorted(reach, key=self.coords.__getitem__))
            _WITHIN_ORDERED[key] = found
        return found

    def within_places(self, start: str, allowance: int) -> dict[str, int]:
        """Each hex of :meth:`within_ordered` and its place there; cached."""
        key = (id(self), start, allowance)
        found = _WITHIN_PLACES.get(key)
        if found is None:
            hexes = self.within_ordered(start, allowance)
            found = _WITHIN_PLACES[key] = dict(zip(hexes, range(len(hexes)), strict=True))
        return found


@lru_cache(maxsize=4096)
def _distance_cached(board_id: int, a: str, b: str) -> int:
    board = _BOARDS[board_id]
    ax, ay, az = board.cube(a)
    bx, by, bz = board.cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def _distance(board: Board, a: str, b: str) -> int:
    return _distance_cached(id(board), a, b)


_WITHIN: dict[tuple[int, str, int], dict[str, int]] = {}
_WITHIN_ORDERED: dict[tuple[int, str, int], tuple[str, ...]] = {}
_WITHIN_PLACES: dict[tuple[int, str, int], dict[str, int]] = {}


def _ball(board: Board, start: str, radius: int) -> tuple[str, ...]:
    """The hexes at most ``radius`` from ``start`` in board order (column, then row): in each
    column a run of rows, from the cube coordinates of :meth:`Board.cube`. Where no hex on the
    way is closed to the RAF this is what the breadth-first search of ``_within`` finds
    (test_fast_paths.py holds them together on every hex)."""
    columns = board._columns
    if not columns:
        rows = 1 + max(r for _, r in board.coords.values())
        for c in range(1 + max(c for c, _ in board.coords.values())):
            columns.append(tuple(hex_name(c, r) for r in range(rows)))
    cs, rs = board.coords[start]
    zs = rs - (cs + (cs & 1)) // 2
    last_row = len(columns[0]) - 1
    found: list[str] = []
    for c in range(max(0, cs - radius), min(len(columns), cs + radius + 1)):
        dx = c - cs
        # rows where the cube distance max(|dx|, |dz|, |dx + dz|) is at most the radius
        first = zs + (c + (c & 1)) // 2
        low = max(0, first - radius - min(0, dx))
        high = min(last_row, first + radius - max(0, dx))
        found += columns[c][low : high + 1]
    return tuple(found)


def _within(board: Board, start: str, allowance: int) -> dict[str, int]:
    key = (id(board), start, allowance)
    found = _WITHIN.get(key)
    if found is None:
        # each hex's neighbours but the assembly hexes, made once per board
        open_ = board._open
        if not open_:
            terrain = board.terrain
            for h, near in board.neighbours.items():
                open_[h] = tuple(n for n in near if terrain[n] != "assembly")
        # breadth first, one ring of hexes at a time: the order a queue would give
        found = {start: 0}
        ring = [start]
        for cost in range(1, (allowance if allowance >= 0 else len(board.hexes)) + 1):
            after = []
            for h in ring:
                for n in open_[h]:
                    if n not in found:
                        found[n] = cost
                        after.append(n)
            if not after:
                break
            ring = after
        _WITHIN[key] = found
    return found


_BOARDS: dict[int, Board] = {}


def hex_name(column: int, row: int) -> str:
    return f"{column_letters(column)}{row + 1}"


def parse_hex(text: str) -> tuple[int, int]:
    letters = "".join(ch for ch in text if ch.isalpha())
    digits = text[len(letters) :]
    if not letters or not digits.isdigit():
        raise ValueError(f"{text!r} is not a hex such as K9")
    return column_index(letters), int(digits) - 1


@lru_cache(maxsize=8)
def load_board(data_dir: str = "") -> Board:
    data = load_map(data_dir)
    grid = data.grid
    gazetteer = load_places()
    coords: dict[str, tuple[int, int]] = {}
    latlon: dict[str, tuple[float, float]] = {}
    for c in range(grid.columns):
        for r in range(grid.rows):
            name = hex_name(c, r)
            coords[name] = (c, r)
            latlon[name] = hex_centre(
                column_letters(c), r + 1, grid.origin, grid.hex_km, grid.orientation, grid.offset
            )
    hexes = tuple(coords)

    def neighbours_of(h: str) -> tuple[str, ...]:
        c, r = coords[h]
        low = (c & 1) == 0  # even columns sit half a hex lower
        deltas = (
            [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, 1)]
            if low
            else [(0, -1), (0, 1), (-1, -1), (1, -1), (-1, 0), (1, 0)]
        )
        found = []
        for dc, dr in deltas:
            name = hex_name(c + dc, r + dr) if c + dc >= 0 and r + dr >= 0 else ""
            if name in coords:
                found.append(name)
        return tuple(sorted(found, key=lambda n: coords[n]))

    neighbours = {h: neighbours_of(h) for h in hexes}
    terrain: dict[str, str] = {}
    for h in hexes:
        lat, lon = latlon[h]
        terrain[h] = (
            "land"
            if _inside(lat, lon, data.england)
            else "france"
            if _inside(lat, lon, data.france)
            else "sea"
        )
    for h in hexes:
        if terrain[h] == "land" and any(terrain[n] not in ("land",) for n in neighbours[h]):
            terrain[h] = "coast"
    for h, kind in data.terrain_overrides.items():
        _check_hex(h, coords, "terrain_overrides")
        terrain[h] = kind
    for h in data.assembly:
        _check_hex(h, coords, "assembly")
        terrain[h] = "assembly"

    def place_hex(name: str) -> str:
        if name in data.fixed:
            return data.fixed[name]
        place = gazetteer[name]
        col, row = to_hex_offset(
            place.lat, place.lon, grid.origin, grid.hex_km, grid.orientation, grid.offset
        )
        return f"{col}{row}"

    places: dict[str, list[str]] = {}
    for place in gazetteer:
        try:
            h = place_hex(place.name)
        except ValueError:
            continue
        if h in coords:
            places.setdefault(h, []).append(place.name)
    targets = {t.id: t for t in data.targets}
    target_hex: dict[str, str] = {}
    for t in data.targets:
        h = place_hex(t.place)
        _check_hex(h, coords, f"targets.{t.id}")
        if h in target_hex.values():
            raise ValueError(f"map data: two targets on {h}")
        target_hex[t.id] = h
    urban: dict[str, int] = {}
    for u in data.urban:
        for h in u.hexes:
            _check_hex(h, coords, f"urban.{u.place}")
            urban[h] = u.aa
    bases: dict[str, Base] = {}
    for t in data.targets:
        if t.kind in ("sector", "airfield"):
            cap = data.capacity.get(t.id, data.capacity.get(t.kind, 1))
            bases[t.id] = Base(t.id, t.place, target_hex[t.id], False, cap, t.kind)
    for off in data.offmap:
        _check_hex(off.entry, coords, f"offmap.{off.id}")
        bases[off.id] = Base(off.id, off.place, off.entry, True, off.capacity, "sector")
    edges: dict[str, list[str]] = {}
    for name, chain in data.chains.items():
        for a, b in itertools.pairwise(chain):
            _check_hex(a, coords, f"chains.{name}")
            _check_hex(b, coords, f"chains.{name}")
            if b not in neighbours[a]:
                raise ValueError(f"map data: chains.{name}: {a} and {b} are not neighbours")
            if b not in edges.setdefault(a, []):
                edges[a].append(b)
    board = Board(
        data=data,
        hexes=hexes,
        coords=coords,
        terrain=terrain,
        neighbours=neighbours,
        places={h: tuple(names) for h, names in places.items()},
        targets=targets,
        target_hex=target_hex,
        hex_target={h: t for t, h in target_hex.items()},
        urban_aa=urban,
        bases=bases,
        base_at={b.hex: b.id for b in bases.values() if not b.offmap},
        assembly=tuple(data.assembly),
        edges={h: tuple(sorted(v, key=lambda n: coords[n])) for h, v in edges.items()},
        latlon=latlon,
    )
    _BOARDS[id(board)] = board
    return board


def _check_hex(h: str, coords: dict[str, tuple[int, int]], where: str) -> None:
    if h not in coords:
        raise ValueError(f"map data: {where}: {h!r} is not a hex of the map")


def west_of(board: Board, h: str, column: str) -> bool:
    """Whether hex ``h`` lies in a column west of ``column`` (the Intermediate Game's VP line)."""
    return board.coords[h][0] < column_index(column)

"""The board ("Areas vs Sectors"): Areas in Sectors, which Areas touch, how far apart they are.

The printed board is not in the text; ``data/map.json`` draws one from the gazetteer
(docs/rules/squadron303.md, "The map"). Movement counts Areas crossed ("Movement": one Area per
Movement point, across dotted or solid lines alike), so distance is the graph distance.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from functools import cached_property

from dowding.gazetteer import Gazetteer, great_circle_km, load_places

from .components import Area, Map


class Board:
    def __init__(self, map_: Map, places: Gazetteer | None = None) -> None:
        self.map = map_
        self._places = places
        self.areas: dict[str, Area] = {a.id: a for a in map_.areas}
        self.neighbours: dict[str, frozenset[str]] = {
            a.id: frozenset(a.neighbours) for a in map_.areas
        }
        # the next Area toward a goal, by (here, goal), filled as asked: the board never changes,
        # and the Germans ask it for every aircraft on every move
        self._steps: dict[tuple[str, str], str] = {}

    def sector(self, area: str) -> str:
        return self.areas[area].sector

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    def distances(self, start: str) -> dict[str, int]:
        """Areas crossed from ``start`` to every Area (breadth first)."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in sorted(self.neighbours[here]):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    @cached_property
    def _all_distances(self) -> dict[str, dict[str, int]]:
        return {a: self.distances(a) for a in self.areas}

    def distance(self, a: str, b: str) -> int:
        return self._all_distances[a][b]

    def within(self, start: str, steps: int) -> frozenset[str]:
        """The Areas at most ``steps`` Areas from ``start`` (itself included)."""
        return frozenset(a for a, d in self._all_distances[start].items() if d <= steps)

    def step_toward(self, here: str, goal: str) -> str:
        """The next Area on a shortest path; ties go to the lowest Area id (digest M16)."""
        if here == goal:
            return here
        found = self._steps.get((here, goal))
        if found is None:
            best = self.distance(here, goal) - 1
            found = min(n for n in self.neighbours[here] if self.distance(n, goal) == best)
            self._steps[(here, goal)] = found
        return found

    def radar_sectors(self, damaged: Iterable[str]) -> frozenset[str]:
        """The Sectors whose squadrons are Hidden when these radars are knocked out ("Campaign":
        Poling C; Canterbury B; Newchurch D and E; Pevensey D and E)."""
        return frozenset(s for r in damaged for s in self.map.radar_cover.get(r, ()))

    def with_symbol(self, symbol: str) -> tuple[str, ...]:
        return tuple(a.id for a in self.map.areas if symbol in a.symbols)

    def latlon(self, area: str) -> tuple[float, float]:
        """Where the Area is: its gazetteer place, or its own point."""
        spec = self.areas[area]
        if spec.place is not None:
            if self._places is None:
                self._places = load_places()
            return self._places[spec.place].latlon
        assert spec.lat is not None and spec.lon is not None
        return (spec.lat, spec.lon)

    def km(self, a: str, b: str) -> float:
        return great_circle_km(*self.latlon(a), *self.latlon(b))


_BOARDS: dict[int, tuple[Map, Board]] = {}


def board_for(map_: Map) -> Board:
    """One Board per map (its distances are worked out once, not for every game)."""
    found = _BOARDS.get(id(map_))
    if found is None or found[0] is not map_:
        found = _BOARDS[id(map_)] = (map_, Board(map_))
    return found[1]

"""Everything static the bob rules consult, flattened into plain tuples and dicts.

Built once per (data folder) from the board, the mission cards and the squadron cards, so
that the rules engine reads integers and strings rather than pydantic models on its hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from dowding.engine import Action

from .pieces import move_to

RAF, LUFTWAFFE = "raf", "luftwaffe"

# Flights: the plastic planes and their squadron card boxes (Components, "Plastic Aircraft & Bases").
RAF_FLIGHTS = ("10A", "10B", "10C", "11A", "11B", "11C", "11D", "12A", "12B", "12C", "13A", "13B")
LW_FLIGHTS = ("2A", "2B", "2C", "3A", "3B", "3C", "5A")
GROUPS = (10, 11, 12, 13)
LUFTFLOTTEN = (2, 3, 5)


@dataclass(frozen=True)
class Card:
    id: str
    side: str
    unit: int  # RAF Group or Luftflotte
    name: str  # the historical squadron or Gruppe
    type: str  # spitfire, hurricane, defiant, bf109, bf110, do17, he111, ju88, ju87
    role: str  # fighter or bomber
    dice: int  # dogfight dice
    damage: int  # damage strength (the red number)
    bombs: int  # bombing dice (bombers)


@dataclass(frozen=True)
class Mission:
    id: str
    group: int
    kind: str  # city, airfield, radar, london, port_of_london
    target: str
    hits: int
    production: int


@dataclass(frozen=True)
class Target:
    name: str
    kind: str  # city, airfield, radar
    space: str
    group: int
    hits: int  # to knock it out
    production: int
    flight: str  # the RAF flight based there (airfields), else ""


@dataclass(frozen=True)
class Tables:
    spaces: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    no_raf: frozenset[str]  # the coastal spaces of France and Norway (Step 6)
    group_of: dict[str, int]  # Group area of each space (0 outside)
    radar_of: dict[str, tuple[str, ...]]  # detection space -> the stations covering it
    raf_base: dict[str, str]  # flight -> airfield space
    raf_base_name: dict[str, str]
    lw_base: dict[str, str]
    lw_base_name: dict[str, str]
    targets: dict[str, Target]
    missions: tuple[Mission, ...]
    cards: tuple[Card, ...]
    card_index: dict[str, int]
    # the cities whose production each Group rolls (Step 2)
    group_cities: dict[int, tuple[str, ...]]
    box: str  # the Norway box's space
    box_cost: int  # moves it takes to leave or enter the box
    dist: Callable[[str, str], int]
    dist_to: Callable[[str], Mapping[str, int]]  # every space's distance to one, made once
    display: dict[str, str]  # target id -> the place's name
    unit_cards: dict[
        tuple[str, int], tuple[int, ...]
    ]  # (side, Group or Luftflotte) -> card indices
    # card and mission ids -> what is printed on them, for cards named at a table (--dice manual)
    names: dict[str, str] = field(default_factory=dict)
    # derived for the hot path: each card's id, by index
    card_ids: tuple[str, ...] = field(init=False, repr=False, compare=False)
    mission_index: dict[str, int] = field(init=False, repr=False, compare=False)
    # (kind, target) of each Group's airfields and radar stations, in target order (Step 2)
    repairable: dict[int, tuple[tuple[str, str], ...]] = field(
        init=False, repr=False, compare=False
    )
    # space -> its steps (neighbour, cost, 'move to=neighbour'), all and the RAF's, made on
    # first use: the movement steps offer them on every move
    _moves: dict[str, tuple[tuple[str, int, Action], ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )
    _raf_moves: dict[str, tuple[tuple[str, Action], ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_ids", tuple(c.id for c in self.cards))
        # ``distance`` is the board's own, not a call through this method: the bots ask it
        # hundreds of thousands of times a search
        object.__setattr__(self, "distance", self.dist)
        # the first mission of each id, as a scan of the missions finds it
        index: dict[str, int] = {}
        for i, m in enumerate(self.missions):
            index.setdefault(m.id, i)
        object.__setattr__(self, "mission_index", index)
        repairable: dict[int, list[tuple[str, str]]] = {}
        for name, target in self.targets.items():
            if target.kind in ("airfield", "radar"):
                repairable.setdefault(target.group, []).append((target.kind, name))
        object.__setattr__(self, "repairable", {g: tuple(items) for g, items in repairable.items()})

    def distance(self, a: str, b: str) -> int:
        return self.dist(a, b)  # shadowed by the board's own in __post_init__

    def step_cost(self, a: str, b: str) -> int:
        return self.box_cost if self.box in (a, b) else 1

    def moves_from(self, space: str) -> tuple[tuple[str, int, Action], ...]:
        """Each neighbour of ``space`` with the cost of the step there and its move."""
        got = self._moves.get(space)
        if got is None:
            got = self._moves[space] = tuple(
                (n, self.step_cost(space, n), move_to(n)) for n in self.neighbours[space]
            )
        return got

    def raf_moves_from(self, space: str) -> tuple[tuple[str, Action], ...]:
        """The neighbours an RAF flight may enter (never France's or Norway's coast, nor the
        Norway box, Step 6), with their moves."""
        got = self._raf_moves.get(space)
        if got is None:
            got = self._raf_moves[space] = tuple(
                (n, move_to(n))
                for n in self.neighbours[space]
                if n not in self.no_raf and n != self.box
            )
        return got

    def within(
        self, start: str, reach: int, blocked: frozenset[str] = frozenset()
    ) -> dict[str, int]:
        """Spaces reachable in at most ``reach`` moves, not moving on through ``blocked`` spaces."""
        seen = {start: 0}
        frontier = [start]
        for step in range(1, reach + 1):
            nxt = []
            for space in frontier:
                if space in blocked and space != start:
                    continue  # a flight must stop on entering it
                for n in self.neighbours[space]:
                    if n not in seen:
                        seen[n] = step
                        nxt.append(n)
            frontier = nxt
        return seen


@lru_cache(maxsize=4)
def load_tables(data_dir: str = "") -> Tables:
    from .board import load_board
    from .cards import load_squadrons

    board = load_board(data_dir)
    squadrons = load_squadrons(data_dir)
    return build_tables(board, squadrons)


def build_tables(board: object, squadrons: object) -> Tables:
    from .adapters import tables_from

    return tables_from(board, squadrons)

"""The Advanced Game's turn as a queue of tasks: A. Ready Stage (ready.py), B. The Mission Stage
(moving.py, dogfighting.py, bombing.py), C. The Post-Flight Stage (post_flight.py); what each
seat may see (views.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dowding.engine import Terminal
from dowding.engine.game import JSON, Game

from .bombing import Bombing
from .components import LW_FLIGHTS, RAF_FLIGHTS, Components
from .core import Places
from .dogfighting import Dogfighting
from .flights import ON_MAP, Flight
from .moving import Moving
from .post_flight import PostFlight
from .ready import ReadyStage
from .views import Views


class Bob1990State(ReadyStage, Moving, Dogfighting, Bombing, PostFlight, Views):
    def __init__(
        self, game: Game, scenario: str, options: Mapping[str, Any], c: Components
    ) -> None:
        self.game = game
        self.scenario = scenario
        self.options = options
        self.c = c
        self.events = ()
        self._log = []
        self._node = None
        self.result: Terminal | None = None
        self.queue = ()
        self.turn_no = 0
        self.stage = 0
        self.loc = Places.of({}, str)
        self.unseen = {}
        self.fl = {}
        self.deck = ()
        self.drawn = ()
        self.assigned = {}
        self.target = {}
        self.hits = {}
        self.completed = ()
        self.removed = ()
        self.destroyed = frozenset()
        self.revealed = frozenset()
        self.passes = frozenset()
        self.fight = ()
        self.scratch = ()
        # caches (core.py), set here so every state keeps one attribute layout
        self._reach_cache = (None, None)
        self._enemy_cache = (None, (), 0)
        self._move_found = (None, None)

    def setup(self) -> None:
        """Setup: flights on their airfields (Luftflotte 5 in the Norway box), every card in its
        Combat Ready box, the mission cards in the Mission box."""
        board = self.c.board
        self.loc = Places.of(self.c.decks, lambda cid: "crb")
        bases = {f.flight: f.name for f in board.features.values() if f.kind == "raf_airfield"}
        for f in RAF_FLIGHTS:
            self.fl[f] = Flight(board.space_of(bases[f]), ON_MAP, base=bases[f])
            self.unseen[f] = 0
        for f in LW_FLIGHTS:
            self.fl[f] = Flight(board.lw_airfield(f), ON_MAP)
        self.deck = tuple(sorted(self.c.missions))
        self.queue = (("turn",),)
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    @property
    def turn(self) -> int:
        return self.turn_no

    def copy(self) -> Bob1990State:
        other = object.__new__(Bob1990State)
        other.__dict__.update(self.__dict__)
        other.loc = self.loc.copy()
        other.unseen = dict(self.unseen)
        other.fl = dict(self.fl)
        other.assigned = dict(self.assigned)
        other.target = dict(self.target)
        other.hits = dict(self.hits)
        other._log = []
        return other

    def key(self) -> tuple[Any, ...]:
        return (
            self.turn_no,
            self.stage,
            tuple(self.loc.values()),
            tuple(self.unseen.values()),
            tuple(self.fl.values()),
            self.deck,
            self.drawn,
            tuple(sorted(self.assigned.items())),
            tuple(sorted(self.target.items())),
            tuple(sorted(self.hits.items())),
            self.completed,
            self.removed,
            tuple(sorted(self.destroyed)),
            tuple(sorted(self.revealed)),
            tuple(sorted(self.passes)),
            self.fight,
            self.scratch,
            self.queue,
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    def to_dict(self) -> JSON:
        return {
            "ruleset": "bob1990",
            "scenario": self.scenario,
            "options": dict(self.options),
            "turn": self.turn_no,
            "stage": self.stage,
            "loc": dict(self.loc),
            "unseen": dict(self.unseen),
            "flights": {f: list(v) for f, v in self.fl.items()},
            "deck": list(self.deck),
            "drawn": list(self.drawn),
            "assigned": {str(k): v for k, v in self.assigned.items()},
            "target": {str(k): v for k, v in self.target.items()},
            "hits": dict(self.hits),
            "completed": list(self.completed),
            "removed": list(self.removed),
            "destroyed": sorted(self.destroyed),
            "revealed": sorted(self.revealed),
            "passes": sorted(self.passes),
            "fight": _lists(self.fight),
            "scratch": _lists(self.scratch),
            "queue": [list(t) for t in self.queue],
            "result": None if self.result is None else self.result.to_json(),
        }

    def restore(self, data: JSON) -> None:
        self.turn_no = int(data["turn"])
        self.stage = int(data["stage"])
        # in the order setup() makes them (a JSON writer may sort the keys)
        self.loc = Places.of(self.c.decks, lambda cid: str(data["loc"][cid]))
        self.unseen = {f: int(data["unseen"][f]) for f in RAF_FLIGHTS}
        self.fl = {f: Flight(*data["flights"][f]) for f in RAF_FLIGHTS + LW_FLIGHTS}
        self.deck = tuple(data["deck"])
        self.drawn = tuple(data["drawn"])
        self.assigned = {int(k): v for k, v in data["assigned"].items()}
        self.target = {int(k): v for k, v in data["target"].items()}
        self.hits = {str(k): int(v) for k, v in data["hits"].items()}
        self.completed = tuple(data["completed"])
        self.removed = tuple(data["removed"])
        self.destroyed = frozenset(data["destroyed"])
        self.revealed = frozenset(data["revealed"])
        self.passes = frozenset(data["passes"])
        self.fight = _tuples(data["fight"])
        self.scratch = _tuples(data["scratch"])
        self.queue = tuple(tuple(t) for t in data["queue"])
        result = data["result"]
        self.result = (
            None
            if result is None
            else Terminal(result["winner"], dict(result["scores"]), result["reason"])
        )
        self.events = ()
        self._log = []
        self._node = None


def _lists(value: Any) -> Any:
    return [_lists(v) for v in value] if isinstance(value, tuple | list) else value


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


Bob1990State.collect()

"""The game-agnostic contract every ruleset implements.

A :class:`Game` is static: seats, scenarios, options. A :class:`State` is one node of
the game tree. ``state.next()`` says what happens next: a :class:`Decision` for one seat
with its generated legal options, a :class:`~dowding.engine.dice.Chance` event with
exact outcomes, or a :class:`Terminal` result. ``state.apply(action)`` refuses anything
else with :class:`IllegalAction` and leaves the state as it was.
"""

from __future__ import annotations

import hashlib
import math
import operator
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any, ClassVar

from .actions import Action
from .dice import Chance

JSON = dict[str, Any]

DATA_KEY = "data"  # the view's name for the folder of the player's own components


def check_own_folder(ruleset: str, folder: str, files: tuple[str, ...]) -> None:
    """A folder of a player's own components must exist and hold at least one of the files the
    ruleset reads, so that a mistyped folder or file name is refused, never played as the
    shipped game."""
    path = Path(folder)
    if not path.is_dir():
        raise ValueError(f"the data folder {folder!r} does not exist")
    if not any((path / name).is_file() for name in files):
        raise ValueError(
            f"the data folder {folder!r} holds none of {ruleset}'s component files "
            f"({', '.join(files)})"
        )


def data_folder(view: Mapping[str, Any]) -> str:
    """The folder of the player's own components a view names; "" for the shipped ones.

    A player who owns the printed values plays with them (the ``data`` option); whatever reads
    a ruleset's components from a view (bots, words, odds, maps) reads them from here."""
    return str(view.get(DATA_KEY) or "")


@dataclass(frozen=True)
class Seat:
    id: str
    name: str
    side: str


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    description: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its type is taken from the default (bool, int, float, str)."""

    name: str
    default: bool | int | float | str
    help: str
    # the only values allowed, in the order shown (words, or whole numbers for a number option)
    choices: tuple[str, ...] | tuple[int, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    # a value other than the default changes what a seat may see (private hands): the
    # conformance suite's secret checks play it too
    secrecy: bool = False
    # the option's name in words for a front end ("Board scale"); empty: made from ``name``
    label: str = ""
    # each choice in words, in the order of ``choices`` ("50 km spaces"); empty: the values
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label a choice")

    @property
    def title(self) -> str:
        """The option's name in words: its ``label``, else ``max_turns`` as "Max turns"."""
        return self.label or self.name.replace("_", " ").capitalize()

    def words(self) -> list[str]:
        """Each choice in words, in order (the values themselves where none are given)."""
        return list(self.choice_labels) or [str(c) for c in self.choices]

    def to_json(self) -> dict[str, Any]:
        """The option as the lobby and ``dowding rulesets --json`` describe it."""
        return {
            "name": self.name,
            "label": self.title,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices),
            "choice_labels": self.words(),
            "minimum": self.minimum,
            "maximum": self.maximum,
        }

    def coerce(self, raw: object) -> bool | int | float | str:
        kind = type(self.default)
        value: bool | int | float | str
        if kind is bool:
            if isinstance(raw, bool):
                value = raw
            elif str(raw).lower() in ("1", "true", "yes", "on"):
                value = True
            elif str(raw).lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise ValueError(f"option {self.name} takes true or false, not {raw!r}")
        elif kind is int or kind is float:
            try:
                value = int(str(raw)) if kind is int else float(str(raw))
            except (TypeError, ValueError):
                raise ValueError(f"option {self.name} takes a number, not {raw!r}") from None
            if not math.isfinite(value):
                raise ValueError(f"option {self.name} takes a finite number, not {raw!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name} must be at most {self.maximum}")
            if self.choices and value not in self.choices:
                raise ValueError(f"option {self.name} is one of {self.listed()}, not {raw!r}")
        else:
            value = str(raw)
            if self.choices and value not in self.choices:
                raise ValueError(f"option {self.name} is one of {self.listed()}, not {value!r}")
        return value

    def listed(self, sep: str = ", ") -> str:
        """The choices as a person reads them: ``fixed, chosen``; ``50, 25``."""
        return sep.join(map(str, self.choices))

    def others(self, numbers: bool = True) -> tuple[bool | int | str, ...]:
        """The values besides the default worth playing in a sweep: the other of yes and no,
        each other choice, and (``numbers``) each other whole number of a range of four or
        fewer, else its two ends; none for free text or an unbounded number."""
        if isinstance(self.default, bool):
            return (not self.default,)
        if self.choices:
            return tuple(c for c in self.choices if c != self.default)
        if not numbers or not isinstance(self.default, int):
            return ()
        if self.minimum is None or self.maximum is None:
            return ()
        span = range(int(self.minimum), int(self.maximum) + 1)
        ends = span if len(span) <= 4 else (span[0], span[-1])
        return tuple(v for v in ends if v != self.default)


@dataclass(frozen=True)
class Decision:
    """A seat must choose. ``options`` are generated; ``free`` describes free values also accepted."""

    seat: str
    prompt: str
    options: tuple[Action, ...]
    free: str | None = None


@dataclass(frozen=True)
class Terminal:
    winner: str | None
    scores: Mapping[str, float]
    reason: str

    def to_json(self) -> JSON:
        """The result as a view or a saved state holds it (``state_from_dict`` reads it back)."""
        return {"winner": self.winner, "scores": dict(self.scores), "reason": self.reason}


@dataclass(frozen=True)
class Event:
    """A line of narration produced by a step; ``seats`` None means every seat may read it."""

    text: str
    seats: frozenset[str] | None = None

    def visible_to(self, seat: str | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)


Node = Decision | Chance | Terminal


class IllegalAction(ValueError):
    """Raised for anything that is not a legal option; the message names the decision and options."""

    def __init__(self, message: str, node: Node | None = None) -> None:
        super().__init__(message)
        self.node = node


def describe_refusal(action: object, node: Node, reason: str | None = None, limit: int = 12) -> str:
    if isinstance(node, Terminal):
        return f"the game is over ({node.reason}); {action} cannot be played"
    if isinstance(node, Decision):
        shown = ", ".join(str(o) for o in node.options[:limit])
        more = f" and {len(node.options) - limit} more" if len(node.options) > limit else ""
        free = f"; free values: {node.free}" if node.free else ""
        why = f" ({reason})" if reason else ""
        return (
            f"'{action}' is not legal{why}. Decision for {node.seat}: {node.prompt}. "
            f"Legal options: {shown}{more}{free}"
        )
    why = f" ({reason})" if reason else ""
    return f"'{action}' is not an outcome of the chance event '{node.label}'{why}; expected {node.expects}"


class State(ABC):
    """One node of a game. Rulesets subclass this and implement the abstract methods."""

    game: Game
    options: Mapping[str, Any]
    events: tuple[Event, ...] = ()

    def seat_ids(self) -> tuple[str, ...]:
        """The seats of this game (a ruleset may seat more players by option)."""
        return self.game.seat_ids(getattr(self, "options", None))

    # --- what happens next ------------------------------------------------------
    @abstractmethod
    def next(self) -> Node:
        """The pending decision, chance event or terminal result. Must not change the state."""

    def legal_options(self) -> tuple[Action, ...]:
        node = self.next()
        return node.options if isinstance(node, Decision) else ()

    def check_free(self, action: Action, decision: Decision) -> str | None:
        """Validate a free value not among the listed options: None if legal, else the reason."""
        return "not one of the listed options"

    def is_legal(self, action: Action) -> bool:
        node = self.next()
        if isinstance(node, Decision):
            return action in node.options or self.check_free(action, node) is None
        if isinstance(node, Chance):
            return node.is_outcome(action)
        return False

    # --- applying ---------------------------------------------------------------
    def apply(self, action: Action | str) -> None:
        """Apply a legal action or chance outcome; refuse anything else, unchanged."""
        node = self.next()
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except ValueError as exc:
                raise IllegalAction(describe_refusal(action, node, str(exc)), node) from None
        if isinstance(node, Terminal):
            raise IllegalAction(describe_refusal(action, node), node)
        if isinstance(node, Decision):
            # an option handed back as it was generated is found by identity, without comparing
            # texts (``in`` would compare every option before it)
            if not any(map(operator.is_, node.options, repeat(action))) and (
                action not in node.options
            ):
                reason = self.check_free(action, node)
                if reason is not None:
                    raise IllegalAction(describe_refusal(action, node, reason), node)
        elif not node.is_outcome(action):
            raise IllegalAction(describe_refusal(action, node), node)
        self._apply(action)

    def apply_trusted(self, action: Action) -> None:
        """Apply an action taken from this node's own generated options or sampled outcomes,
        without checking it again: for search, which never invents an action."""
        self._apply(action)

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Apply an action already known to be legal."""

    # --- copies, identity, views ---------------------------------------------
    @abstractmethod
    def copy(self) -> State:
        """An independent copy; cheap, as bots copy states thousands of times a second."""

    @abstractmethod
    def key(self) -> tuple[Any, ...]:
        """Everything that identifies this node, as nested tuples of primitives."""

    def hash(self) -> str:
        return hashlib.blake2b(repr(self.key()).encode(), digest_size=10).hexdigest()

    def with_own_data(self, view: JSON) -> JSON:
        """``view`` naming the folder of the player's own components, when the game has one
        (the ``data`` option), so that bots, words, odds and maps read what the rules read
        (:func:`data_folder`). Every ruleset's ``view`` ends with it."""
        data = self.options.get("data")
        if data:
            view[DATA_KEY] = str(data)
        return view

    @abstractmethod
    def view(self, seat: str | None, infostate: bool = True) -> JSON:
        """All that ``seat`` may see (None: a spectator's public view), JSON-serialisable.

        ``infostate=False`` leaves out the ``"infostate"`` payload (``Game.state_from_view``)
        for callers that only display the view: it is the costly part."""

    @abstractmethod
    def to_dict(self) -> JSON:
        """The whole state, JSON-serialisable; ``game.state_from_dict`` restores it."""

    def determinize(self, seat: str, rng: Any) -> State:
        """A copy whose hidden parts are re-dealt consistently with ``seat``'s view.

        Perfect-information games return a plain copy.
        """
        return self.copy()

    @property
    def turn(self) -> int:
        return 0


class Game(ABC):
    """Static description of a ruleset."""

    id: ClassVar[str]
    title: ClassVar[str]
    rulebook: ClassVar[str]
    seats: ClassVar[tuple[Seat, ...]]
    scenarios: ClassVar[tuple[Scenario, ...]]
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    perfect_information: ClassVar[bool] = False
    default_scenario: ClassVar[str]
    # the files a folder of the player's own components may hold (the ``data`` option)
    component_files: ClassVar[tuple[str, ...]] = ()
    # words for a side that wins without being one seat (303 Squadron's team, bob's Luftwaffe
    # of two players): front ends show these, never the side's id
    side_names: ClassVar[dict[str, str]] = {}
    # words for a game that ends with nobody winning: a level game between two sides has no
    # winner; 303 Squadron's team, playing against the game itself, loses its Scenario
    no_winner_words: ClassVar[str] = "no winner"

    def winner_name(self, winner: str, options: Mapping[str, object] | None = None) -> str:
        """A winner in words: its seat's name, else the ruleset's words for its side."""
        for seat in self.seats_for(options):
            if seat.id == winner:
                return seat.name
        return self.side_names.get(winner, winner)

    def outcome_words(self, winner: str | None, options: Mapping[str, object] | None = None) -> str:
        """The result as front ends write it: ``the team wins``, ``the team loses``, ``no
        winner``."""
        if winner:
            return f"{self.winner_name(winner, options)} wins"
        return self.no_winner_words

    def seats_for(self, options: Mapping[str, object] | None = None) -> tuple[Seat, ...]:
        """The seats of a game with these options (a ruleset may seat more players by option)."""
        return self.seats

    def seat_ids(self, options: Mapping[str, object] | None = None) -> tuple[str, ...]:
        return tuple(seat.id for seat in self.seats_for(options))

    def scenario(self, scenario_id: str | None) -> Scenario:
        wanted = scenario_id or self.default_scenario
        for scenario in self.scenarios:
            if scenario.id == wanted:
                return scenario
        names = ", ".join(s.id for s in self.scenarios)
        raise ValueError(f"{self.id} has no scenario {wanted!r}; choose one of: {names}")

    def option_variants(self, numbers: bool = True) -> list[tuple[str, dict[str, Any]]]:
        """(name, options) for a sweep over the optional rules: each option changed on its own
        to each value ``OptionSpec.others`` names, then all of them at once (each at the
        first)."""
        alone: list[tuple[str, dict[str, Any]]] = []
        together: dict[str, Any] = {}
        for spec in self.option_specs:
            others = spec.others(numbers)
            alone += [(f"{spec.name}={v}", {spec.name: v}) for v in others]
            if others:
                together[spec.name] = others[0]
        if len(together) > 1:
            alone.append(("all", together))
        return alone

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, Any]:
        """Defaults overlaid with the given options, each validated; unknown names refused."""
        specs = {spec.name: spec for spec in self.option_specs}
        resolved: dict[str, Any] = {name: spec.default for name, spec in specs.items()}
        for name, raw in (options or {}).items():
            if name not in specs:
                known = ", ".join(specs) or "none"
                raise ValueError(f"{self.id} has no option {name!r}; options: {known}")
            resolved[name] = specs[name].coerce(raw)
        if resolved.get(DATA_KEY) and self.component_files:
            check_own_folder(self.id, str(resolved[DATA_KEY]), self.component_files)
        return resolved

    @abstractmethod
    def new_state(
        self, scenario: str | None = None, options: Mapping[str, object] | None = None
    ) -> State:
        """The initial state of a scenario."""

    @abstractmethod
    def state_from_dict(self, data: JSON) -> State:
        """Restore a state from ``State.to_dict``."""

    def state_from_view(self, view: Mapping[str, Any], seat: str, rng: Any) -> State:
        """A whole state sampled among those consistent with ``view``, what ``seat`` sees.

        A ruleset's view carries ``"infostate"``: its state with the seat's unknowns in one
        canonical arrangement, which reveals nothing; re-dealing those unknowns (``determinize``)
        makes the sample. Search players build every world they imagine this way, from the view
        alone.
        """
        infostate = view.get("infostate")
        if not isinstance(infostate, Mapping):
            raise ValueError(f"{self.id}: this view carries no infostate to sample a state from")
        state = self.state_from_dict(dict(infostate))
        return state if self.perfect_information else state.determinize(seat, rng)

    def describe(self) -> JSON:
        return {
            "id": self.id,
            "title": self.title,
            "rulebook": self.rulebook,
            "seats": [{"id": s.id, "name": s.name, "side": s.side} for s in self.seats],
            "scenarios": [
                {"id": s.id, "title": s.title, "description": s.description} for s in self.scenarios
            ],
            "default_scenario": self.default_scenario,
            "options": [o.to_json() for o in self.option_specs],
            "perfect_information": self.perfect_information,
        }


@dataclass
class Result:
    """A finished or stopped game's summary line."""

    ruleset: str
    scenario: str
    seed: int
    winner: str | None
    score: dict[str, float]
    turns: int
    actions: int
    state_hash: str
    reason: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

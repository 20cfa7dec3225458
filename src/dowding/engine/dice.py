"""Dice as data, and the chance events built from them.

A chance event lists its exact outcomes with probabilities (``Fraction``), can be
sampled by whoever runs the game, and can parse the faces a player typed at a
real table. The engine itself never draws a random number.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .actions import Action, Scalar


@dataclass(frozen=True)
class Die:
    """A die is its name and its faces; a face may repeat (three crosses...)."""

    name: str
    faces: tuple[Scalar, ...]

    def face_probabilities(self) -> dict[Scalar, Fraction]:
        counts = Counter(self.faces)
        return {face: Fraction(n, len(self.faces)) for face, n in counts.items()}

    @property
    def symbols(self) -> tuple[Scalar, ...]:
        """Distinct faces in first-seen order."""
        return tuple(dict.fromkeys(self.faces))


D6 = Die("d6", (1, 2, 3, 4, 5, 6))
# Battle of Britain (000), "Dice": the white RAF die has three crosses, two blanks, one roundel;
# the black Luftwaffe die three roundels, two blanks, one cross.
RAF_DIE = Die("raf", ("cross", "cross", "cross", "blank", "blank", "roundel"))
LUFTWAFFE_DIE = Die("luftwaffe", ("roundel", "roundel", "roundel", "blank", "blank", "cross"))

DICE: dict[str, Die] = {die.name: die for die in (D6, RAF_DIE, LUFTWAFFE_DIE)}


@dataclass(frozen=True)
class Chance:
    """A chance node: what is rolled or drawn, and who sees the result."""

    label: str
    # None: every seat sees the outcome; otherwise the seats that may see it.
    visible_to: frozenset[str] | None = field(default=None, kw_only=True)
    # The seat that rolls these dice at a real table, where the rules say; None: the seat whose
    # decision called for them (a server takes typed dice only from that seat in a networked game).
    roller: str | None = field(default=None, kw_only=True)
    # ``label`` is read by every seat and must name nothing any seat cannot see; the seats in
    # ``detail_to`` (an owner who knows which of its face-down cards the dice are for) read
    # ``detail`` instead.
    detail: str | None = field(default=None, kw_only=True)
    detail_to: frozenset[str] = field(default=frozenset(), kw_only=True)

    def label_for(self, seat: str | None) -> str:
        """What ``seat`` (None: a spectator) reads as this event's label."""
        if self.detail is not None and seat is not None and seat in self.detail_to:
            return self.detail
        return self.label

    def outcomes(self) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError

    def sample(self, rng: random.Random) -> Action:
        raise NotImplementedError

    def is_outcome(self, action: Action) -> bool:
        return any(action == outcome for outcome, _ in self.outcomes())

    def parse(self, text: str) -> Action:
        """Turn what a player typed into an outcome, or raise ValueError saying what is expected."""
        raise NotImplementedError

    @property
    def expects(self) -> str:
        """How a player at the table types this outcome."""
        raise NotImplementedError


@functools.lru_cache(maxsize=512)
def _roll_outcomes(dice: tuple[Die, ...]) -> tuple[tuple[Action, Fraction], ...]:
    """Every ordered roll of ``dice`` with its probability (cached: search asks again and
    again for the same few rolls)."""
    per_die = [die.face_probabilities() for die in dice]
    result = []
    for combo in itertools.product(*(probs.items() for probs in per_die)):
        faces = tuple(face for face, _ in combo)
        p = math.prod((prob for _, prob in combo), start=Fraction(1))
        result.append((_roll_action(faces), p))
    return tuple(result)


def _pool_action(die: Die, counts: Sequence[int]) -> Action:
    return Action("roll", **{str(s): k for s, k in zip(die.symbols, counts, strict=True)})


@functools.lru_cache(maxsize=512)
def _pool_outcomes(die: Die, count: int) -> tuple[tuple[Action, Fraction], ...]:
    """The multinomial counts of ``count`` dice with their probabilities (cached)."""
    symbols = die.symbols
    probs = die.face_probabilities()
    result = []
    for counts in _compositions(count, len(symbols)):
        coefficient = math.factorial(count)
        p = Fraction(1)
        for symbol, k in zip(symbols, counts, strict=True):
            coefficient //= math.factorial(k)
            p *= probs[symbol] ** k
        result.append((_pool_action(die, counts), p * coefficient))
    return tuple(result)


# a sampled pool's outcome by its die and counts of ``die.symbols``, made the first time it is
# rolled (a pool of 40 dice has 861 outcomes, most never rolled)
_POOL_SAMPLES: dict[tuple[Die, tuple[int, ...]], Action] = {}


@functools.lru_cache(maxsize=512)
def _symbols(die: Die) -> tuple[Scalar, ...]:
    return die.symbols


@functools.lru_cache(maxsize=512)
def _symbol_words(die: Die) -> frozenset[str]:
    return frozenset(str(s) for s in die.symbols)


@dataclass(frozen=True)
class Roll(Chance):
    """Some dice rolled together; the outcome keeps each die's face in order: ``roll d=3,5``."""

    dice: tuple[Die, ...] = ()

    def outcomes(self) -> list[tuple[Action, Fraction]]:
        return list(_roll_outcomes(self.dice))

    def sample(self, rng: random.Random) -> Action:
        table = _roll_table(self.dice)
        if table is None:
            return _roll_action(tuple(rng.choice(die.faces) for die in self.dice))
        index = 0
        for die in self.dice:
            index = index * len(die.faces) + rng.randrange(len(die.faces))
        return table[index]

    def is_outcome(self, action: Action) -> bool:
        if action.kind != "roll" or len(action.args) != 1:
            return False
        key, faces = action.args[0]
        dice = self.dice
        if key != "d":
            return False
        # one die is logged as a plain face (d=4), several as a tuple (d=4,2); one die, the
        # common roll, is checked without a generator, as ``apply`` checks every roll made
        if len(dice) == 1:
            return not isinstance(faces, tuple) and faces in dice[0].faces
        if not isinstance(faces, tuple) or len(faces) != len(dice):
            return False
        return all(face in die.faces for face, die in zip(faces, dice, strict=True))

    def parse(self, text: str) -> Action:
        words = text.replace(",", " ").split()
        if words and words[0] == "roll":
            return self._checked(Action.parse(text))
        if len(words) != len(self.dice):
            raise ValueError(f"type {len(self.dice)} face(s): {self.expects}")
        faces: list[Scalar] = []
        for word, die in zip(words, self.dice, strict=True):
            face: Scalar = int(word) if word.lstrip("-").isdigit() else word.lower()
            if face not in die.faces:
                raise ValueError(f"{word!r} is not a face of the {die.name} die {die.symbols}")
            faces.append(face)
        return _roll_action(tuple(faces))

    def _checked(self, action: Action) -> Action:
        faces = action.get("d")
        if isinstance(faces, tuple) and len(faces) == 1:
            action = _roll_action(faces)  # "roll d=4," means the same as the canonical "roll d=4"
        if not self.is_outcome(action):
            raise ValueError(f"{action} is not a possible roll: {self.expects}")
        return action

    @property
    def expects(self) -> str:
        return " ".join(f"<{die.name}: {'/'.join(map(str, die.symbols))}>" for die in self.dice)


@dataclass(frozen=True)
class SymbolPool(Chance):
    """N identical symbol dice where only the count of each symbol matters.

    Outcomes are the multinomial counts (``roll blank=2 cross=3 roundel=1``), so a pool
    of twenty dice has a few hundred outcomes rather than 6**20.
    """

    die: Die = RAF_DIE
    count: int = 0

    def outcomes(self) -> list[tuple[Action, Fraction]]:
        return list(_pool_outcomes(self.die, self.count))

    def _action(self, counts: Sequence[int]) -> Action:
        return _pool_action(self.die, counts)

    def sample(self, rng: random.Random) -> Action:
        die = self.die
        faces = die.faces
        rolled = [rng.choice(faces) for _ in range(self.count)]
        key = (die, tuple(map(rolled.count, _symbols(die))))
        action = _POOL_SAMPLES.get(key)
        if action is None:
            if len(_POOL_SAMPLES) >= 1 << 16:
                _POOL_SAMPLES.clear()
            action = _POOL_SAMPLES[key] = _pool_action(die, key[1])
        return action

    def is_outcome(self, action: Action) -> bool:
        # every symbol named once (an action's keys are distinct), each count whole, N in all:
        # one pass over the arguments, as ``apply`` checks every roll a game makes
        if action.kind != "roll":
            return False
        words = _symbol_words(self.die)
        if len(action.args) != len(words):
            return False
        total = 0
        for key, k in action.args:
            if key not in words or not isinstance(k, int) or k < 0:
                return False
            total += k
        return total == self.count

    def parse(self, text: str) -> Action:
        if text.strip().startswith("roll"):
            action = Action.parse(text)
        else:
            words = text.replace(",", " ").split()
            if len(words) != self.count:
                raise ValueError(f"type the {self.count} faces rolled: {self.expects}")
            tally = Counter(w.lower() for w in words)
            unknown = set(tally) - {str(s) for s in self.die.symbols}
            if unknown:
                raise ValueError(f"{sorted(unknown)} are not faces of the {self.die.name} die")
            action = self._action([tally[str(s)] for s in self.die.symbols])
        if not self.is_outcome(action):
            raise ValueError(f"{action} is not a possible roll of {self.count} dice")
        return action

    @property
    def expects(self) -> str:
        return f"{self.count} x <{'/'.join(map(str, self.die.symbols))}>"


@dataclass(frozen=True)
class Draw(Chance):
    """One item drawn uniformly from a collection (a card from a deck): ``draw item=X``."""

    items: tuple[str, ...] = ()
    # The items in words (id -> name, shared and never copied) for players typing what they drew
    # at a table; items with the same name must be interchangeable (the same card printed twice).
    names: Mapping[str, str] | None = field(default=None, kw_only=True, compare=False, repr=False)

    def __post_init__(self) -> None:
        problem = _items_problem(self.items)
        if problem:
            raise ValueError(f"'{self.label}': {problem}")

    def outcomes(self) -> list[tuple[Action, Fraction]]:
        counts = Counter(self.items)
        return [
            (Action("draw", item=item), Fraction(n, len(self.items))) for item, n in counts.items()
        ]

    def sample(self, rng: random.Random) -> Action:
        item = rng.choice(self.items)
        action = _DRAWS.get(item)
        if action is None:
            action = _DRAWS[item] = Action("draw", item=item)
        return action

    def is_outcome(self, action: Action) -> bool:
        return action.kind == "draw" and len(action.args) == 1 and action.get("item") in self.items

    def parse(self, text: str) -> Action:
        word = text.strip()
        if word.startswith("draw "):
            action = Action.parse(word)
            if self.is_outcome(action):
                return action
        elif word in self.items:
            return Action("draw", item=word)
        elif self.names is not None:
            said = _said(word)
            for item in self.items:
                name = self.names.get(item)
                if name is not None and said in _said_names(name):
                    return Action("draw", item=item)
        raise ValueError(f"{word!r} is not one of the items that can be drawn")

    @property
    def expects(self) -> str:
        if self.names is not None:
            return "the name of the item drawn, in words (as printed on it) or by its id"
        return "the name of the item drawn"


def _said(text: str) -> str:
    """A name as compared with what a player typed: case and spacing ignored."""
    return " ".join(text.casefold().split())


def _said_names(name: str) -> tuple[str, ...]:
    """'No. 87 Squadron (Hurricane)' may be typed whole or without what is in brackets."""
    return (_said(name), _said(name.split(" (")[0]), _said(name.rsplit(" (", 1)[0]))


# "draw item=X" by X, for sampling (items were checked when their Draw was made)
_DRAWS: dict[str, Action] = {}


def _items_problem(items: tuple[str, ...]) -> str:
    """Why one of ``items`` cannot be logged ('' when all can). Names already found good are
    remembered, as the same decks are drawn from again and again."""
    if _GOOD_ITEMS.issuperset(items):
        return ""
    for item in items:
        problem = _item_problem(item)
        if problem:
            return f"item {item!r} cannot be logged: {problem}"
        if len(_GOOD_ITEMS) < 1 << 16:
            _GOOD_ITEMS.add(item)
    return ""


_GOOD_ITEMS: set[str] = set()


@functools.lru_cache(maxsize=65536)
def _item_problem(item: str) -> str:
    """Why an item name cannot be a word in the log ('' when it can); cached, as decks repeat."""
    try:
        Action("draw", item=item)
    except ValueError as exc:
        return str(exc)
    return ""


def _roll_action(faces: tuple[Scalar, ...]) -> Action:
    return Action("roll", d=faces[0] if len(faces) == 1 else faces)


_ROLL_TABLES: dict[tuple[Die, ...], tuple[Action, ...] | None] = {}
_ROLL_TABLE_LIMIT = 6**4


def _roll_table(dice: tuple[Die, ...]) -> tuple[Action, ...] | None:
    """Every ordered roll of ``dice`` as a ready-made Action, for small sets of dice.

    Sampling then draws one index per die instead of building a new Action each time.
    """
    if dice not in _ROLL_TABLES:
        size = math.prod(len(die.faces) for die in dice)
        _ROLL_TABLES[dice] = (
            tuple(_roll_action(faces) for faces in itertools.product(*(die.faces for die in dice)))
            if size <= _ROLL_TABLE_LIMIT
            else None
        )
    return _ROLL_TABLES[dice]


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [
        (k, *rest) for k in range(total, -1, -1) for rest in _compositions(total - k, parts - 1)
    ]

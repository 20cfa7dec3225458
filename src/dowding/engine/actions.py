"""Actions and chance outcomes: small hashable values with a stable text form.

The text form is ``kind key=value key=value``; keys are sorted so that two equal
actions always print the same way. Values are ints, floats (kept to two decimals,
so that text round-trips exactly), words, or comma-separated tuples of those.
"""

from __future__ import annotations

import math
from typing import TypeAlias

Scalar: TypeAlias = int | float | str
Value: TypeAlias = Scalar | tuple[Scalar, ...]

_PRECISION = 2


def _check_word(word: str) -> str:
    """A word must survive the text form: no spaces, '=' or ',', and it must not read as a number."""
    if word in _GOOD_WORDS:
        return word
    if not word or any(c.isspace() or c in "=," for c in word):
        raise ValueError(f"{word!r} cannot be an action value: use one word without '=' or ','")
    try:
        float(word)
    except ValueError:
        if len(_GOOD_WORDS) < 1 << 16:
            _GOOD_WORDS.add(word)
        return word
    raise ValueError(f"{word!r} cannot be a word in an action: it reads as a number")


_GOOD_WORDS: set[str] = set()


def _norm(value: object) -> Value:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return _check_word(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{value} cannot be an action value: numbers must be finite")
        rounded = round(value, _PRECISION)
        return int(rounded) if rounded.is_integer() else rounded
    if isinstance(value, tuple | list):
        if not value:
            raise ValueError("an empty tuple cannot be an action value")
        items: list[Scalar] = []
        for item in value:
            normed = _norm(item)
            if isinstance(normed, tuple):
                raise TypeError("nested tuples are not allowed in an action")
            items.append(normed)
        return tuple(items)
    raise TypeError(f"unsupported action value {value!r}")


def number(value: float) -> int | float:
    """A number as actions keep it: two decimals, and whole numbers as ints."""
    rounded = round(value, _PRECISION)
    return int(rounded) if rounded.is_integer() else rounded


def _scalar_text(value: Scalar) -> str:
    return repr(value) if isinstance(value, float) else str(value)


def _value_text(value: Value) -> str:
    if isinstance(value, tuple):
        # a trailing comma keeps a one-element tuple a tuple when read back ("d=4,")
        return ",".join(_scalar_text(v) for v in value) + ("," if len(value) == 1 else "")
    return _scalar_text(value)


def _parse_scalar(text: str) -> Scalar:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return text
    if number != number or number in (float("inf"), float("-inf")):
        raise ValueError(f"{text!r} is not a finite number")
    normed = _norm(number)
    assert not isinstance(normed, tuple)
    return normed


_PLAIN = frozenset((int, str, float, bool))
_MADE_LIMIT = 1 << 16
_GOOD_KEYS: set[str] = set()


class Action:
    """An immutable ``kind`` with keyword arguments; hashable and ordered by text."""

    __slots__ = ("_hash", "_text", "args", "kind")

    kind: str
    args: tuple[tuple[str, Value], ...]
    _text: str
    _hash: int

    def __new__(cls, kind: str, /, **args: object) -> Action:
        # Rules build the same few actions again and again: equal arguments of the same plain
        # types always make the same text, so a made action is handed out again (it is immutable).
        # Tuples, lists and other types are checked and built every time.
        try:
            types = tuple(map(type, args.values()))
            if not _PLAIN.issuperset(types):
                return cls._build(kind, args)
            key = (kind, tuple(args.items()), types)
            action = _MADE.get(key)
        except TypeError:
            return cls._build(kind, args)
        if action is None:
            action = cls._build(kind, args)
            if len(_MADE) >= _MADE_LIMIT:
                _MADE.clear()
            _MADE[key] = action
        return action

    # no __init__: everything is done in ``__new__`` (object.__init__ ignores the arguments)

    @classmethod
    def _build(cls, kind: object, args: dict[str, object]) -> Action:
        # ``kind`` is positional-only, so that "kind" and "self" can be keys too ("pass kind=1")
        if (
            not isinstance(kind, str)
            or not kind
            or not kind.replace("-", "").replace("_", "").isalnum()
        ):
            raise ValueError(f"bad action kind {kind!r}")
        for key in args:
            if key not in _GOOD_KEYS:
                if not key or any(c.isspace() or c in "=," for c in key):
                    raise ValueError(f"{key!r} cannot be an action key")
                if len(_GOOD_KEYS) < _MADE_LIMIT:
                    _GOOD_KEYS.add(key)
        normed = tuple(sorted((key, _norm(value)) for key, value in args.items()))
        return cls.trusted(kind, *normed)

    @classmethod
    def trusted(cls, kind: str, *args: tuple[str, Value]) -> Action:
        """A fast constructor for hot paths: ``args`` sorted by key and already normal
        (words checked, floats through :func:`number`). Equal to ``Action(kind, **dict(args))``."""
        action = object.__new__(cls)
        object.__setattr__(action, "kind", kind)
        object.__setattr__(action, "args", args)
        text = " ".join([kind, *(f"{key}={_value_text(value)}" for key, value in args)])
        object.__setattr__(action, "_text", text)
        object.__setattr__(action, "_hash", hash(text))
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Action is immutable")

    def get(self, key: str, default: Value | None = None) -> Value | None:
        for name, value in self.args:
            if name == key:
                return value
        return default

    def number(self, key: str) -> float:
        """A numeric argument; raises ValueError with a readable message if absent."""
        value = self.get(key)
        if isinstance(value, int | float):
            return float(value)
        raise ValueError(f"'{self._text}' needs a number for {key}=")

    def word(self, key: str) -> str:
        value = self.get(key)
        if value is None or isinstance(value, tuple):
            raise ValueError(f"'{self._text}' needs {key}=<name>")
        return str(value)

    @property
    def text(self) -> str:
        return self._text

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other._text == self._text

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return self._text < other._text

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Action.parse, (self._text,))

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form; raises ValueError with a message a player can act on."""
        if not isinstance(text, str):
            raise ValueError("an action must be text")
        words = text.strip().split()
        if not words:
            raise ValueError(
                "empty input: type an option's number or an action such as 'move turn=30'"
            )
        kind, rest = words[0], words[1:]
        args: dict[str, object] = {}
        for word in rest:
            key, sep, raw = word.partition("=")
            if not sep or not key or not raw:
                raise ValueError(f"'{word}' is not of the form key=value")
            if key in args:
                raise ValueError(f"'{key}' is given twice")
            if "," in raw:
                args[key] = tuple(_parse_scalar(part) for part in raw.split(",") if part)
            else:
                args[key] = _parse_scalar(raw)
        return cls(kind, **args)


# actions made by ``Action(...)``, by (kind, arguments as given, their types); cleared when full
_MADE: dict[tuple[str, tuple[tuple[str, object], ...], tuple[type, ...]], Action] = {}

"""What decided the games: the rules' stated reasons, and counts read off the final position.

Nothing here names a ruleset. A game's end is a ``Terminal``: a winner, the scores and a
reason in words. ``cause`` turns the reason into a kind of ending by writing each number as
``#`` ("the factory is destroyed: 3 bomb hits" -> "the factory is destroyed: # bomb hits").
``tallies`` reads counts off the final state's ``to_dict()``, the same for every ruleset:

- every number (not a flag) found through objects, named by its path (``losses.raf``), and
  for an object of numbers their sum as well (``hits.*``, 0 for an empty one);
- every short list of numbers (at most ``LIST_LIMIT`` items), item by item (``lost[0]``);
- every list of words, as how many items hold each word (``mission_loc=raf``), a word of the
  form ``kind:detail`` counted under its kind (``card_loc=f`` for ``f:10A``), when the list
  holds at most ``WORDS_LIMIT`` different kinds.

The game's setup (``options``, ``scenario``) and its result (reported apart) are left out.
Summing over games (``summarise_tallies``), a count one game lacks is 0 there: objects and word
lists name only what happened.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .stats import spread

LIST_LIMIT = 16
WORDS_LIMIT = 32
DEPTH_LIMIT = 4
LEFT_OUT = frozenset({"options", "scenario", "result"})
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def cause(reason: str) -> str:
    """The kind of ending a reason states: its numbers written as ``#``."""
    return _NUMBER.sub("#", reason)


def tallies(state: Mapping[str, Any]) -> dict[str, float]:
    """The counts read off a final state's ``to_dict()`` (see the module's notes)."""
    found: dict[str, float] = {}
    for key, value in state.items():
        if key not in LEFT_OUT:
            _walk(str(key), value, found, 1)
    return found


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _walk(name: str, value: object, found: dict[str, float], depth: int) -> None:
    if _is_number(value):
        found[name] = float(value)  # type: ignore[arg-type]
    elif isinstance(value, Mapping) and depth < DEPTH_LIMIT:
        for key, item in value.items():
            _walk(f"{name}.{key}", item, found, depth + 1)
        if all(_is_number(item) for item in value.values()):
            found[f"{name}.*"] = float(sum(value.values()))
    elif isinstance(value, list | tuple) and value:
        if all(_is_number(item) for item in value):
            if len(value) <= LIST_LIMIT:
                for index, item in enumerate(value):
                    found[f"{name}[{index}]"] = float(item)
        elif all(isinstance(item, str) for item in value):
            kinds = Counter(str(item).partition(":")[0] for item in value)
            if len(kinds) <= WORDS_LIMIT:
                for kind, count in sorted(kinds.items()):
                    found[f"{name}={kind}"] = float(count)


def summarise_causes(reasons: Sequence[str]) -> dict[str, dict[str, float]]:
    """How many games ended each way, most frequent first, with the share of the games."""
    counted = Counter(cause(reason) for reason in reasons)
    total = len(reasons)
    return {
        kind: {"games": count, "share": count / total}
        for kind, count in sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))
    }


def summarise_tallies(
    games: Sequence[Mapping[str, float]], in_order: bool = False
) -> dict[str, dict[str, float]]:
    """Each count's mean, spread, least and most over the games (0 where a game lacks it);
    by name, or ``in_order`` first seen (a ruleset's report lists its counts in its order)."""
    seen = dict.fromkeys(key for game in games for key in game)
    keys = list(seen) if in_order else sorted(seen)
    return {key: spread([float(game.get(key, 0.0)) for game in games]) for key in keys}

"""Where chance outcomes come from: a seeded generator, players at a real table, or a script.

Seeded dice derive one generator per step from ``(seed, step)``, so a game resumed from
its log rolls exactly what it would have rolled had it never stopped.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Protocol

from .actions import Action
from .dice import Chance


class DiceSource(Protocol):
    def outcome(self, chance: Chance, step: int) -> Action: ...


class SeededDice:
    """The default: reproducible from the game's seed."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def outcome(self, chance: Chance, step: int) -> Action:
        return chance.sample(random.Random(self.seed * 1_000_003 + step))


class ScriptedDice:
    """Outcomes given in advance (tests); text is parsed by the chance event itself."""

    def __init__(self, outcomes: Iterable[Action | str]) -> None:
        self._outcomes: Iterator[Action | str] = iter(outcomes)

    def outcome(self, chance: Chance, step: int) -> Action:
        try:
            item = next(self._outcomes)
        except StopIteration:
            raise RuntimeError(f"the dice script ran out at '{chance.label}'") from None
        action = item if isinstance(item, Action) else chance.parse(item)
        if not chance.is_outcome(action):
            raise ValueError(f"scripted {action} is not an outcome of '{chance.label}'")
        return action


class ManualDice:
    """Faces typed in by players rolling real dice; asks again until the input is a legal roll."""

    def __init__(self, ask: Callable[[Chance], str], tell: Callable[[str], None] = print) -> None:
        self.ask = ask
        self.tell = tell

    def outcome(self, chance: Chance, step: int) -> Action:
        while True:
            text = self.ask(chance)
            try:
                return chance.parse(text)
            except ValueError as exc:
                self.tell(f"Not a roll I can use: {exc}")

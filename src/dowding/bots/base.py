"""The player protocol and the uniformly random player every ruleset gets for free."""

from __future__ import annotations

import importlib
import random
from typing import Any, Protocol

from dowding.engine import Action, Decision


class Player(Protocol):
    """Chooses an action for ``decision`` from the seat's view alone. A player may name view
    options it can do without as a class attribute ``view_options`` (``{"infostate": False}``:
    it never reads the infostate); the play-out loop and the web server's thinkers build its
    view so, and ``tests/bots/test_view_options.py`` holds it to the same picks."""

    def choose(self, view: dict[str, Any], decision: Decision) -> Action: ...


class RandomPlayer:
    """Uniformly random over the generated options."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        return self.rng.choice(decision.options)


def player_kinds(ruleset: str) -> list[str]:
    """Computer player kinds available for a ruleset (``human`` is handled by the front ends)."""
    from .ismcts import STRENGTHS

    kinds = ["random"]
    module = _bots_module(ruleset)
    if module is not None:
        kinds.extend(getattr(module, "PLAYERS", {}))
    kinds.extend(f"ismcts:{strength}" for strength in STRENGTHS)
    return kinds


def make_player(ruleset: str, kind: str, seat: str, seed: int = 0) -> Player:
    """A computer player of ``kind`` for ``seat``; ValueError names the kinds on offer."""
    name, _, strength = kind.partition(":")
    if name == "random":
        return RandomPlayer(seed)
    if name == "ismcts":  # the search player works for every ruleset through the engine alone
        from .ismcts import ismcts

        return ismcts(ruleset, seat, seed, strength or None)
    module = _bots_module(ruleset)
    factories = getattr(module, "PLAYERS", {}) if module is not None else {}
    if name not in factories:
        raise ValueError(
            f"no computer player {kind!r} for {ruleset}; choose from: {', '.join(player_kinds(ruleset))}"
        )
    player: Player = factories[name](seat=seat, seed=seed, strength=strength or None)
    return player


def _bots_module(ruleset: str) -> Any:
    name = f"dowding.rulesets.{ruleset.replace('-', '_')}.bots"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, name.rpartition(".")[0]):
            raise  # the bots exist but are broken: say so rather than hide them
        return None

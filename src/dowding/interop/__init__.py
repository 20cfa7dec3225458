"""Adapters to other game frameworks, each an optional extra (``pip install dowding[interop]``).

``dowding.interop.openspiel``: every ruleset as an OpenSpiel Python game.
``dowding.interop.pettingzoo``: every ruleset as a PettingZoo AEC environment.

Import the submodule you need; each imports its framework, which may not be installed. What
both share lives here and imports neither.
"""

from __future__ import annotations

import json

from dowding.engine import Terminal
from dowding.engine.game import Seat

# The action-id space both adapters declare (OpenSpiel's num_distinct_actions, PettingZoo's
# Discrete(n)). Random sweeps of every ruleset and scenario saw at most 61 options at a node.
MAX_ACTIONS = 1024
REWARDS = ("scores", "outcome")


class TooManyOptions(ValueError):
    """A node offers more options or outcomes than the adapter declared."""


def canonical(data: object) -> str:
    """The one string a JSON value prints as: sorted keys, no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def seat_reward(result: Terminal, seat: Seat, reward: str) -> float:
    """A seat's reward at the end: its score (or its side's), or +1/-1/0 for its side's outcome."""
    if reward == "outcome":
        if result.winner is None:
            return 0.0
        # rulesets name the winner by side or seat id; a toy one by display name
        won = result.winner.casefold() in (seat.id.casefold(), seat.side.casefold())
        return 1.0 if won else -1.0
    return float(result.scores.get(seat.id, result.scores.get(seat.side, 0.0)))


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    return reward

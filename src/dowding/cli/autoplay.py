"""Playing a match to the end with computer players only (selfplay)."""

from __future__ import annotations

from collections.abc import Mapping

from dowding.bots import Player
from dowding.engine import Chance, Match, Terminal

from .common import CLIError


def play_out(match: Match, players: Mapping[str, Player], max_steps: int) -> None:
    """Roll and let the bots choose until the game ends; CLIError if it runs past ``max_steps``."""
    while True:
        node = match.node()
        if isinstance(node, Terminal):
            return
        if len(match.steps) >= max_steps:
            raise CLIError(f"the game did not end within {max_steps} steps (raise --max-steps?)")
        if isinstance(node, Chance):
            match.roll()
        else:
            player = players.get(node.seat)
            if player is None:
                raise CLIError(f"no computer player sits in seat {node.seat!r}")
            match.play(player.choose(match.state.view(node.seat), node))

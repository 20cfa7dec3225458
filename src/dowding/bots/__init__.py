"""Computer players. They live around the engine and decide from ``view(state, seat)`` alone."""

from .base import Player, RandomPlayer, make_player, player_kinds
from .playout import PlayerError, PlayoutError, StepLimit, make_players, play_out

__all__ = [
    "Player",
    "PlayerError",
    "PlayoutError",
    "RandomPlayer",
    "StepLimit",
    "make_player",
    "make_players",
    "play_out",
    "player_kinds",
]

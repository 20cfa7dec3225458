"""Computer players. They live around the engine and decide from ``view(state, seat)`` alone."""

from .base import Player, RandomPlayer, make_player, player_kinds

__all__ = ["Player", "RandomPlayer", "make_player", "player_kinds"]

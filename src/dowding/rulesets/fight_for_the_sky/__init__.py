"""Fight for the Sky: the Basic, Intermediate and Campaign games over south-east England."""

from .game import FightGame

GAME = FightGame()

__all__ = ["GAME", "FightGame"]

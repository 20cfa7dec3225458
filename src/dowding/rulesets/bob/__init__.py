"""Battle of Britain (plotting-table edition, 2017 reprint): flights, squadron cards, missions."""

from .game import BobGame

GAME = BobGame()

__all__ = ["GAME", "BobGame"]

"""Mike Crane's Battle of Britain Wargame: a miniatures skirmish on an open table."""

from .game import CraneGame

GAME = CraneGame()

__all__ = ["GAME", "CraneGame"]

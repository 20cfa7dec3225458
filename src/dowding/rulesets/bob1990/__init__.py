"""Battle of Britain (1990), the Advanced Game: Group and Luftflotte displays, fuel gauges, stacks."""

from .game import Bob1990Game

GAME = Bob1990Game()

__all__ = ["GAME", "Bob1990Game"]

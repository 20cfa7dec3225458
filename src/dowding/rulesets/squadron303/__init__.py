"""303 Squadron (Hobbity 2021; Ares Games English edition): a cooperative game for 1-4 players
flying the Hurricanes of No. 303 (Polish) Squadron against a rule-driven Luftwaffe.

Rulebook: shared/seeds/003_*. Built so far: the components as schema-checked data
(``components.py``, ``data/*.json``), the board (``board.py``), the dice (``dice.py``) and the
rules that need no game state, in modules named after the rulebook's phases. Not yet a
playable ``GAME`` and not registered: docs/rules/squadron303.md lists what is left.
"""

from .game import GAME

__all__ = ["GAME"]

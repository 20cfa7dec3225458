"""What the search player (``dowding.bots.ismcts``) needs of bob: a rollout policy and a score
for a position it stops short of the end.

Both read the imagined state directly: in search every state is one the player sampled from
its own view (``Game.state_from_view``), so the other side's real cards are never in it.
"""

from __future__ import annotations

import math
import random
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import BobHeuristic
from .state import BobState
from .tables import LUFTWAFFE, RAF

# how far a lead in victory points is from a sure thing: a logistic scale, in points
VP_SCALE = 3.0
_players: dict[str, BobHeuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whoever decides. The players are shared between
    rollouts: what one remembers (raids met, planned paths) is a guess in any imagined world."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = BobHeuristic(node.seat)
    view: Any = state.view(node.seat, infostate=False)  # type: ignore[call-arg]
    return player.choose(view, node)


def evaluate(state: State) -> dict[str, float]:
    """Each side's chance from the victory points so far (Winning, Victory Points), with the
    raids still in the air counted at what they threaten."""
    assert isinstance(state, BobState)
    lw, raf = state.victory_points()
    if state.campaign:
        lw, raf = lw + state.campaign[1], raf + state.campaign[2]
    p_lw = 1.0 / (1.0 + math.exp(-(lw - raf) / VP_SCALE))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}

"""What the search player (``dowding.bots.ismcts``) needs of crane: a quick rollout policy and
a score for a position it stops short of the end.

Both read the imagined state directly: in search every state is one the player made up from
its own view (crane hides nothing anyway), so nothing here leaks.
"""

from __future__ import annotations

import math
import random
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import CraneHeuristic
from .state import DESTROYED, EXITED, LUFTWAFFE, RAF, CraneState

# the mean bomb hits of one bomber over the factory (VII.E; combat.bomb_roll_odds: 4/3)
HITS_PER_RUN = 4 / 3
_players: dict[str, CraneHeuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whoever decides (it keeps no memory between calls)."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = CraneHeuristic(node.seat)
    player.rng = rng
    view: Any = state.view(node.seat, infostate=False)  # type: ignore[call-arg]
    return player.choose(view, node)


def evaluate(state: State) -> dict[str, float]:
    """The chance that the Luftwaffe destroys the factory, from the hits scored and the bombers
    still able to bomb (a damaged one less likely to get through), on a logistic scale."""
    assert isinstance(state, CraneState)
    needed = state.comp.rules.bombs_needed
    expected = float(state.bomb_hits)
    for i in state.bomber_slots:
        p = state.planes[i]
        if p.status in (DESTROYED, EXITED) or p.bombed:
            continue
        expected += HITS_PER_RUN * (0.75 if p.damage == 0 else 0.45)
    raf_fighters = sum(
        1 for p in state.planes if p.side == RAF and p.status not in (DESTROYED, EXITED)
    )
    expected -= 0.15 * raf_fighters
    p_lw = 1.0 / (1.0 + math.exp(-2.0 * (expected - needed + 0.5)))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}

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
from .equipment import DESTROYED, EXITED, LUFTWAFFE, RAF
from .state import CraneState

_players: dict[str, CraneHeuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whoever decides (it keeps no memory between calls)."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = CraneHeuristic(node.seat)
    player.rng = rng
    view: Any = state.view(node.seat, infostate=False)
    return player.choose(view, node)


# The position's features and their weights on a logistic scale, fitted to heuristic games
# (benchmarks/fit_evaluation.py --ruleset crane --games 300): the chance that the Luftwaffe wins.
POSITIVE = LUFTWAFFE
# needed, whole, damaged, distance, RAF whole, RAF damaged, LW whole, LW damaged, turn; bias
WEIGHTS = (-0.7548, 0.809, 0.2583, -0.3327, -0.2797, -0.3693, -0.0177, -0.2394, -0.0232, 4.0051)


def features(state: State) -> tuple[float, ...]:
    """Bomb hits still needed; bombers able to bomb, whole and damaged, and how far they have
    to fly (in tens of inches); fighters of each side in the air or to come, whole and damaged;
    the turn."""
    assert isinstance(state, CraneState)
    fx = (state.factory[0] + state.factory[2]) / 2
    fy = (state.factory[1] + state.factory[3]) / 2
    whole = damaged = 0
    distance = 0.0
    fighters = {RAF: [0, 0], LUFTWAFFE: [0, 0]}
    bombers = set(state.bomber_slots)
    for i, p in enumerate(state.planes):
        if p.status in (DESTROYED, EXITED):
            continue
        if i in bombers:
            if p.bombed:
                continue
            if p.damage:
                damaged += 1
            else:
                whole += 1
            distance += math.hypot(p.x - fx, p.y - fy) / 10
        else:
            fighters[p.side][1 if p.damage else 0] += 1
    needed = max(0, state.comp.rules.bombs_needed - state.bomb_hits)
    return (
        float(needed),
        float(whole),
        float(damaged),
        distance / max(whole + damaged, 1),
        float(fighters[RAF][0]),
        float(fighters[RAF][1]),
        float(fighters[LUFTWAFFE][0]),
        float(fighters[LUFTWAFFE][1]),
        float(state.turn_no),
    )


def evaluate(state: State) -> dict[str, float]:
    """Each side's chance of winning from the position's features (weights fitted to games)."""
    z = WEIGHTS[-1] + sum(w * f for w, f in zip(WEIGHTS[:-1], features(state), strict=True))
    p_lw = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}

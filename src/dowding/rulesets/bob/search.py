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
from .state import BobState, box
from .tables import LUFTWAFFE, RAF

_players: dict[str, BobHeuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whoever decides. The players are shared between
    rollouts: what one remembers (raids met, planned paths) is a guess in any imagined world."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = BobHeuristic(node.seat)
    view: Any = state.view(node.seat, infostate=False)
    return player.choose(view, node)


# The position's features and their weights on a logistic scale, fitted to heuristic games
# (benchmarks/fit_evaluation.py --ruleset bob --games 120 --every 4: held-out log loss 0.350
# against 0.400 for the base rate): the chance that the Luftwaffe wins.
POSITIVE = LUFTWAFFE
# LW VP, RAF VP, turns left, LW cards flying, RAF cards flying, RAF cards ready; bias
WEIGHTS = (0.3539, -0.3655, -0.425, -0.0701, 0.1007, 0.0595, -4.3235)


def features(state: State) -> tuple[float, ...]:
    """Victory points so far (Winning, Victory Points; the campaign's carried over), the turns
    left, the cards in the air on each side and the RAF's cards ready in the combat ready
    boxes. (Raids still to bomb, or bombed, were tried and left out: they fit the games but
    would teach the search to avoid bombing.)"""
    assert isinstance(state, BobState)
    lw, raf = state.victory_points()
    if state.campaign:
        lw, raf = lw + state.campaign[1], raf + state.campaign[2]
    lw_cards = raf_cards = 0
    for f in state.flights.values():
        if f.status != "map":
            continue
        n = len(state.cards_in(box(f.id)))
        if f.side == LUFTWAFFE:
            lw_cards += n
        else:
            raf_cards += n
    ready = sum(len(state.crb_cards(RAF, g)) for g in (10, 11, 12, 13))
    return (
        float(lw),
        float(raf),
        float(max(0, state.last_turn - state.turn_no)),
        float(lw_cards),
        float(raf_cards),
        float(ready),
    )


def evaluate(state: State) -> dict[str, float]:
    """Each side's chance of winning from the position's features (weights fitted to games)."""
    z = WEIGHTS[-1] + sum(w * f for w, f in zip(WEIGHTS[:-1], features(state), strict=True))
    p_lw = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}

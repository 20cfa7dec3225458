"""What the search player (``dowding.bots.ismcts``) needs of bob1990: a rollout policy and a
score for a position it stops short of the end. Both read the imagined state, which the search
player sampled from its own view (``Game.state_from_view``)."""

from __future__ import annotations

import math
import random
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import Bob1990Heuristic
from .components import LUFTFLOTTEN
from .flights import LUFTWAFFE, MISSIONS_TO_WIN, RAF, TURNS
from .state import Bob1990State

_players: dict[str, Bob1990Heuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whoever decides."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = Bob1990Heuristic(node.seat)
    assert isinstance(state, Bob1990State)
    view: Any = state.view(node.seat, infostate=False, brief=True)
    return player.choose(view, node)


# hand-set weights on a logistic scale (not fitted): the chance the German player wins
# missions done against the 9 wanted, turns left, German cards, RAF cards ready; bias
WEIGHTS = (0.9, 0.3, 0.04, -0.05, 2.0)


def features(state: State) -> tuple[float, ...]:
    """Missions completed against the 9 wanted, turns left, cards left on each side."""
    assert isinstance(state, Bob1990State)
    lw = sum(len(state.unit_cards(lf)) for lf in LUFTFLOTTEN if state.lf_in_play(lf))
    raf = sum(len(state.pool(g)) for g in (10, 11, 12, 13))
    return (
        float(len(state.completed) - MISSIONS_TO_WIN),
        float(max(0, TURNS - state.turn_no)),
        float(lw),
        float(raf),
    )


def evaluate(state: State) -> dict[str, float]:
    z = WEIGHTS[-1] + sum(w * f for w, f in zip(WEIGHTS[:-1], features(state), strict=True))
    p_lw = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}

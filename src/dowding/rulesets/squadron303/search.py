"""What the search player (``dowding.bots.ismcts``) needs of 303 Squadron: a rollout policy and
a score for a position it stops short of the end. Both read the imagined state, which the search
player sampled from its own seat's view (``Game.state_from_view``).

The team is one side: every seat is a pilot of the side ``raf`` and the Luftwaffe has no seat, so
the search player of any seat plays the whole team's choices in its rollouts with the heuristic
player (``bots.py``) and scores a position for the side. The engine values a finished game 1
for the seats of the winning side and ½ for everyone when nobody wins, which is how a lost
cooperative game ends ("Winning and losing": the players win or nobody does); so the cut-off
score is ½ + ½·P(the team wins), on the same scale.
"""

from __future__ import annotations

import math
import random
from typing import Any

from dowding.engine import Action, Decision, State

from .bots import Squadron303Heuristic, _is_bomber
from .state import S303State

_players: dict[str, Squadron303Heuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's choice for whichever pilot decides."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = Squadron303Heuristic(node.seat)
    view: Any = state.view(node.seat, infostate=False)
    return player.choose(view, node)


# hand-set weights on a logistic scale (not fitted): the team's chance of winning from the
# target's margin against its Toughness, the bombers still flying to it, the planes shot
# down against the goal, the pilots lost, and the turns left (which favour the Luftwaffe when
# it has bombers in the air); bias
WEIGHTS = {
    "margin": 1.1,
    "bombers": -0.45,
    "kills_short": -0.35,
    "pilots_down": -0.7,
    "damage": -0.15,
    "bias": 0.2,
}


def features(state: S303State) -> dict[str, float]:
    """The position as the evaluation reads it, by the Scenario's goals ("End of the game")."""
    goal = state.scenario.players_goal
    lw_goal = state.scenario.luftwaffe_goal
    margin = 2.0
    area = goal.area or lw_goal.area
    if area:
        symbols = state.board.areas[area].symbols
        toughness = max((state.comp.rules.target_toughness[s] for s in symbols), default=1)
        margin = float(toughness - state.damage_of(area))
    bombers = sum(
        1 for g in state.germans if g.on_board and not g.bombed and _is_bomber_type(state, g.type)
    )
    short = 0.0
    if goal.kind == "shoot_down":
        short = float(max(0, goal.count - state.kills))
    damage = sum(len(p.damage) for p in state.planes if p.airborne)
    return {
        "margin": margin - 1.0,
        "bombers": float(bombers),
        "kills_short": short,
        "pilots_down": float(state.pilots_down),
        "damage": float(damage),
    }


def _is_bomber_type(state: S303State, kind: str) -> bool:
    return _is_bomber({"type": kind})


def evaluate(state: State) -> dict[str, float]:
    assert isinstance(state, S303State)
    f = features(state)
    z = WEIGHTS["bias"] + sum(WEIGHTS[k] * v for k, v in f.items())
    p_win = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {"raf": 0.5 + 0.5 * p_win}


__all__ = ["evaluate", "features", "rollout_policy"]

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

from .bots import Squadron303Heuristic
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


# The search leaves the heuristic's pick only for a choice whose mean is this much better
# (``ismcts.keep_margin``): the score is ½ + ½·P(the team wins), so 0.025 is the 0.05 of P(win)
# that crane and bob1990 keep. The fitted score is barely better than a constant, and a search
# that followed its noise lost games: regular, Attack on Biggin Hill, seeds 0-19, no time cap,
# 13 won with the margin, 7 without, the heuristic team 12 (docs/benchmarks.md, 303 Squadron).
KEEP_POLICY_MARGIN = 0.025

POSITIVE = "raf"  # the side the evaluation scores (benchmarks/fit_evaluation.py)
FEATURES = (
    "margin",  # the target's Toughness less its damage, less 1 (2 with no target)
    "bombers",  # German bombers on the board that have not bombed
    "kills_short",  # German aircraft still to shoot down for the goal
    "pilots_down",
    "damage",  # damage tokens on the pilots in the air
    "turns_left",
    "armed",  # pilots in play with ammunition
    "reserve",
    "far_from_home",  # Areas from the nearest airfield, summed (a goal of landing only)
)
# Fitted per Scenario by ``benchmarks/squadron303_fit.py`` (logistic regression on the
# positions of heuristic team games, won or lost); one weight per feature, then the bias.
# python benchmarks/squadron303_fit.py --games 150 (heuristic teams of 4; held-out log loss
# against a constant: Biggin Hill 0.500/0.522, Blitz 0.553/0.587, Home 0.427/0.441, Coming
# Home 0.547/0.663, Battle of Britain Day 0.519/0.727)
WEIGHTS: dict[str, tuple[float, ...]] = {
    "attack-on-biggin-hill": (1.415, -0.41, 0.0, -0.23, -0.217, -0.616, -0.051, 0.567, 0.0, 2.503),
    "blitz": (0.454, -0.357, 0.0, -0.557, -0.121, -0.334, 0.111, -0.15, 0.0, 1.801),
    "home-sweet-home": (0.99, -0.801, 0.0, -1.149, -0.143, -0.169, 0.04, -1.097, 0.0, 6.576),
    "coming-home": (0.0, -2.411, 0.0, 0.252, -0.053, -0.096, -0.008, -0.346, 0.022, 1.073),
    "battle-of-britain-day": (0.698, 0.254, -0.756, 0.238, -0.079, 0.411, 0.11, 0.382, 0.0, -2.226),
}
DEFAULT = (1.1, -0.45, -0.35, -0.7, -0.15, 0.0, 0.3, 0.2, -0.3, -1.0)


def features(state: State) -> list[float]:
    """The position as the evaluation reads it, by the Scenario's goals ("End of the game")."""
    assert isinstance(state, S303State)
    goal = state.players_goal
    lw_goal = state.scenario.luftwaffe_goal
    margin = 2.0
    area = goal.area or lw_goal.area
    if area:
        symbols = state.board.areas[area].symbols
        toughness = max((state.comp.rules.target_toughness[s] for s in symbols), default=1)
        margin = float(toughness - state.damage_of(area)) - 1.0
    bombers = sum(
        1
        for g in state.germans
        if g.on_board and not g.bombed and state.comp.aircraft[g.type].category == "bomber"
    )
    short = float(max(0, goal.count - state.kills)) if goal.kind == "shoot_down" else 0.0
    flying = [p for p in state.planes if p.airborne]
    far = 0.0
    if goal.kind == "land":
        airfields = state.comp.map.airfields
        far = float(sum(min(state.board.distance(p.area, a) for a in airfields) for p in flying))
    return [
        margin,
        float(bombers),
        short,
        float(state.pilots_down),
        float(sum(len(p.damage) for p in flying)),
        float(max(0, state.scenario.turns - state.turn_no)),
        float(sum(1 for p in flying if p.ammo > 0)),
        float(len(state.pilots)),
        far,
    ]


def evaluate(state: State) -> dict[str, float]:
    assert isinstance(state, S303State)
    weights = WEIGHTS.get(state.scenario_id, DEFAULT)
    z = weights[-1] + sum(w * f for w, f in zip(weights[:-1], features(state), strict=True))
    p_win = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {"raf": 0.5 + 0.5 * p_win}


__all__ = ["FEATURES", "POSITIVE", "WEIGHTS", "evaluate", "features", "rollout_policy"]

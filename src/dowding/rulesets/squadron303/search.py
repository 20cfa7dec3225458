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
# that crane and bob1990 keep. Chosen when the fitted score was barely better than a constant
# and a search that followed its noise lost games (regular, Attack on Biggin Hill, seeds 0-19, no
# time cap: 13 won with the margin, 7 without, the heuristic team 12); kept after the refit
# below, with which the team won 52 of 100 at regular and 19 of 30 at veteran against the
# heuristic team's 46 and 12 (docs/benchmarks.md, 303 Squadron).
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
# Refitted on 7 December 2026 (the first fit, of 1 December, predated the Scenarios' and the
# heuristic's changes and scored worse than a constant on today's games: held-out log loss on
# Biggin Hill 0.864 against the constant's 0.693; tests/bots/test_evaluation_fit.py now checks).
# python benchmarks/squadron303_fit.py --games 300 (heuristic teams of 4; held-out log loss
# against a constant: Biggin Hill 0.614/0.693, Blitz 0.698/0.698, Home 0.612/0.678, Coming
# Home 0.658/0.694, Battle of Britain Day 0.662/0.691). Blitz's outcome no feature tried tells
# (nor bombers' distance to London, their damage and tokens, German fighters, cards in hand):
# its score is near its base rate. A Campaign's legs are scored as their own Scenarios (the
# state names the leg's), for the leg, not the Campaign.
WEIGHTS: dict[str, tuple[float, ...]] = {
    "attack-on-biggin-hill": (0.425, -0.074, 0.0, -0.789, -0.165, -0.98, 0.07, 0.287, 0.0, 2.864),
    "blitz": (0.438, -0.244, 0.0, -0.846, -0.151, -0.493, -0.037, -0.263, 0.0, 3.807),
    "home-sweet-home": (0.288, -0.393, 0.0, -0.65, -0.158, -0.475, -0.012, -0.204, 0.0, 4.245),
    "coming-home": (0.0, -1.226, 0.0, -0.139, -0.0, 0.023, -0.129, -0.255, 0.016, 1.268),
    "battle-of-britain-day": (
        0.235,
        -0.116,
        -0.576,
        -0.568,
        -0.112,
        0.248,
        0.153,
        0.211,
        0.0,
        1.923,
    ),
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

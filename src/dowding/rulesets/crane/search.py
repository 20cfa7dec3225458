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

from . import geometry as geo
from .bots import CraneHeuristic, _kill_value_of
from .equipment import DESTROYED, EXITED, LUFTWAFFE, RAF, Plane
from .state import CraneState

_players: dict[str, CraneHeuristic] = {}


def rollout_policy(state: State, rng: random.Random) -> Action:
    """A quick policy for whoever decides, read from the state itself: the heuristic player's
    way of moving, selecting and firing (VI.A-B), cut down for speed (the nearest target
    only, what does not depend on the option computed once, no view built); the rare set-up
    choices go to the heuristic player itself."""
    node = state.next()
    assert isinstance(node, Decision) and isinstance(state, CraneState)
    kind = node.options[0].kind
    if kind == "move":
        return _move(state, node, rng)
    if kind == "select":
        return _select(state, node)
    if kind in ("fire", "hold") and state.moving is not None:
        return _fire(state, node)
    return heuristic_policy(state, rng)


def heuristic_policy(state: State, rng: random.Random) -> Action:
    """The heuristic player's own choice, from the seat's view (it keeps no memory)."""
    node = state.next()
    assert isinstance(node, Decision)
    player = _players.get(node.seat)
    if player is None:
        player = _players[node.seat] = CraneHeuristic(node.seat)
    player.rng = rng
    view: Any = state.view(node.seat, infostate=False)
    return player.choose(view, node)


def _gunners_on(
    bombers: list[tuple[float, float, float, bool, bool]], reach: float, arc: float, spot: geo.Point
) -> int:
    count = 0
    for bx, by, heading, nose, rear in bombers:
        if math.hypot(spot[0] - bx, spot[1] - by) > reach:
            continue
        off = geo.off_angle(heading, (bx, by), spot)
        if (nose and off <= arc) or (rear and off >= 180 - arc):
            count += 1
    return count


def _bomber_guns(state: CraneState) -> list[tuple[float, float, float, bool, bool]]:
    out = []
    for b in state.flying(LUFTWAFFE, "bomber"):
        gunners = state.types[b.type].gunners
        out.append((b.x, b.y, b.heading, "nose" in gunners, "rear" in gunners))
    return out


def _kill(state: CraneState, p: Plane) -> float:
    value = _kill_value_of(p.type, p.damage, 3, state.options["data"])
    return value * (1.5 if state.roles[p.type] == "bomber" else 1.0)


def _move(state: CraneState, node: Decision, rng: random.Random) -> Action:
    plane = state.plane(node.prompt.split()[1])
    total = state.allowance(plane)
    straight = state.straight_min(plane)
    width, length = state.width, state.length
    start = (plane.x, plane.y)
    paths = [
        (geo.Path(start, plane.heading, straight, a.number("turn"), total), a) for a in node.options
    ]
    scores: list[float]
    if state.roles[plane.type] == "bomber":
        fx = (state.factory[0] + state.factory[2]) / 2
        fy = (state.factory[1] + state.factory[3]) / 2
        half = state.types[plane.type].fuselage / 2
        scores = []
        for path, _ in paths:
            if path.exit_distance(width, length) is not None:
                scores.append(-1000.0)
            elif not plane.bombed and path.within_rect(state.factory, half, path.length):
                scores.append(1000.0)
            else:
                end = path.points[2]
                scores.append(
                    -math.hypot(end[0] - fx, end[1] - fy)
                    - 0.05 * geo.off_angle(path.end_heading, end, (fx, fy))
                )
    else:
        scores = _fighter_scores(state, plane, paths)
    best = max(scores)
    ties = [a for s, (_, a) in zip(scores, paths, strict=True) if s >= best - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


def _fighter_scores(
    state: CraneState, plane: Plane, paths: list[tuple[geo.Path, Action]]
) -> list[float]:
    rules = state.comp.rules
    reach, arc = rules.attack_range, rules.arc_degrees
    raf = plane.side == RAF
    here = (plane.x, plane.y)
    if raf:
        bombers = state.flying(LUFTWAFFE, "bomber")
        fighters = state.flying(LUFTWAFFE, "fighter")
        near_b = min((math.hypot(b.x - here[0], b.y - here[1]) for b in bombers), default=math.inf)
        near_f = min((math.hypot(f.x - here[0], f.y - here[1]) for f in fighters), default=math.inf)
        # a bomber that has bombed is worth nothing to shoot (VII.B: one load a bomber)
        live = [b for b in bombers if not b.bombed]
        targets = live if near_f >= near_b else live + fighters
        # only the gunners the move can come within range of
        span = reach + state.allowance(plane)
        guns = [
            g for g in _bomber_guns(state) if math.hypot(g[0] - here[0], g[1] - here[1]) <= span
        ]
    else:
        targets = state.flying(RAF)
        guns = []
    # the nearest only: a rollout needs a plausible move, not the best one
    targets = sorted(targets, key=lambda t: math.hypot(t.x - here[0], t.y - here[1]))[:1]
    values = []
    leads = []
    for t in targets:
        bomber = state.roles[t.type] == "bomber"
        value = _kill(state, t) + (0.2 * t.y / state.length if bomber else 0.0)
        if math.hypot(t.x - here[0], t.y - here[1]) <= reach + state.allowance(plane):
            values.append(((t.x, t.y), value))  # else out of range whatever the move
        step = state.allowance(t) if bomber else 0.0
        ux, uy = geo.unit(t.heading)
        leads.append((t.x + ux * step, t.y + uy * step))
    scores = []
    for path, _ in paths:
        exit_at = path.exit_distance(state.width, state.length)
        limit = path.length if exit_at is None else exit_at
        score = -60.0 if exit_at is not None else 0.0
        best_attack = 0.0
        for where, value in values:
            d, r = path.closest_approach(where, limit)
            if r <= reach:
                if raf:
                    value -= 0.15 * _gunners_on(guns, reach, arc, path.at(d)[:2])
                best_attack = max(best_attack, value)
        score += 10.0 * best_attack
        end = path.points[2] if exit_at is None else path.at(limit)[:2]
        if raf:
            score -= 1.5 * _gunners_on(guns, reach, arc, end)
        if leads:
            gap = min(math.hypot(end[0] - lx, end[1] - ly) for lx, ly in leads)
            score -= 0.08 * abs(gap - 3.0)
        scores.append(score)
    return scores


def _select(state: CraneState, node: Decision) -> Action:
    """The leading bomber first; a fighter nearest the enemy first."""
    side = state.plane(node.options[0].word("plane")).side
    enemies = state.flying(LUFTWAFFE if side == RAF else RAF)

    def urgency(action: Action) -> tuple[float, str]:
        p = state.plane(action.word("plane"))
        if state.roles[p.type] == "bomber":
            return -p.y, action.text
        near = min((math.hypot(p.x - e.x, p.y - e.y) for e in enemies), default=0.0)
        return near, action.text

    return min(node.options, key=urgency)


def _fire(state: CraneState, node: Decision) -> Action:
    """The best kill for the gunners it flies into; hold when nothing is worth it."""
    rules = state.comp.rules
    path = state._path_for_move()
    guns = _bomber_guns(state)
    best: tuple[float, str, Action] | None = None
    for action in node.options:
        if action.kind != "fire":
            continue
        target = state.plane(action.word("target"))
        if target.bombed:
            continue  # its load is gone: no longer worth a shot
        spot = path.at(action.number("at"))[:2]
        value = _kill(state, target) - 0.15 * _gunners_on(
            guns, rules.attack_range, rules.arc_degrees, spot
        )
        if best is None or (value, action.text) > best[:2]:
            best = (value, action.text, action)
    if best is not None and best[0] > 0:
        return best[2]
    return next((a for a in node.options if a.kind == "hold"), node.options[0])


# The position's features and their weights on a logistic scale, fitted to heuristic games on
# each table (benchmarks/fit_evaluation.py --ruleset crane --games N, run with that table the
# default): the chance that the Luftwaffe wins. A table's size changes what a distance and a
# turn are worth (docs/rules/crane.md, Balance).
POSITIVE = LUFTWAFFE
# needed, whole, damaged, distance, RAF whole, RAF damaged, LW whole, LW damaged, turn; bias
# II.A's ping-pong table, the default: 1,000 games, the Luftwaffe 75.8%, held-out log loss 0.447
# against the base rate's 0.545; the 6 ft x 4 ft wargames table: 300 games
# The pick a search node favours: the heuristic itself, free values and all (a RAF fighter's
# turn of 37 degrees, a burst fired part-way along the path), which the search now tries beside
# the listed options (``ismcts._candidates``). In 20 heuristic games a third of the RAF moves
# (427 of 1,251) and fires (209 of 729) were free values the lists do not hold; the cut-down
# rollout policy picks only listed ones, and searched from it the RAF won 8-10% at novice where
# the heuristic wins 22% (docs/benchmarks.md, "crane: the prior's free values").
prior_policy = heuristic_policy

# The search leaves the heuristic's pick only for a choice whose mean is this much better
# (``ismcts.keep_margin``): novice, 100 games, seeds 0-99, 0.05: RAF 24% / Luftwaffe 70%, 47%
# overall; 1.0 (always the heuristic's pick): 32% / 72%, 52%; the heuristic itself 22% / 70%.
# 0.05 lets the search leave it where it finds clearly better: veteran, 40 games, 45% (RAF 30%
# / Luftwaffe 60%) where the heuristic wins 37.5% (15% / 60%) on the same seeds.
KEEP_POLICY_MARGIN = 0.05

# From veteran's 300 simulations up the player makes the paired choice at the root instead of
# searching a tree (``ismcts.paired_root``): every choice played out on the same dice, the
# heuristic's pick kept unless another beats it by two standard errors. The tree could not tell
# the RAF's choices apart (gains of 0.003-0.05 under far noisier dice); on the same dice 9 of 81
# RAF positions had a better choice, each confirmed on fresh dice (``benchmarks/paired_gain.py``).
# Veteran against the heuristic, 100 games: 57.0% (RAF 40%, Luftwaffe 74%), the tree 49.0%
# (28% / 70%), the heuristic 46.0%; at novice it was worse, 44% (docs/benchmarks.md, "crane: the
# paired choice").
PAIRED_ROOT = 300

_PINGPONG = (-0.7742, 0.863, 0.6047, -0.1569, -0.2568, -0.1262, 0.1385, -0.1428, 0.1306, -0.2286)
_6X4 = (-0.7548, 0.809, 0.2583, -0.3327, -0.2797, -0.3693, -0.0177, -0.2394, -0.0232, 4.0051)
WEIGHTS: dict[str, tuple[float, ...]] = {"pingpong": _PINGPONG, "6x4": _6X4}
DEFAULT_TABLE = "pingpong"  # a table of a player's own data reads the default's weights


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
    assert isinstance(state, CraneState)
    weights = WEIGHTS.get(state.options["table"], WEIGHTS[DEFAULT_TABLE])
    z = weights[-1] + sum(w * f for w, f in zip(weights[:-1], features(state), strict=True))
    p_lw = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {LUFTWAFFE: p_lw, RAF: 1.0 - p_lw}

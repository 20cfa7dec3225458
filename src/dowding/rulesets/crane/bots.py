"""Heuristic players for crane, deciding from the seat's view alone.

They play the way the rules describe the pilots (VI.A-B): the Luftwaffe bombers make for
the factory while its fighters go for the closest British fighter; the RAF goes for the
bombers, breaks for fighters only when they are closer, and keeps out of gunners' arcs.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from typing import Any, ClassVar, NamedTuple

from dowding.engine import Action, Decision, data_folder

from . import geometry as geo
from .combat import attack_odds
from .components import AircraftType, load_components

RAF, LUFTWAFFE = "raf", "luftwaffe"
OFFENSE = {"spitfire": 3, "hurricane": 3, "me109": 3, "he111": 1, "ju87": 1}
BOMBERS = {"he111", "ju87"}


@functools.lru_cache(maxsize=8)
def _aircraft(data: str = "") -> dict[str, AircraftType]:
    """The aircraft's combat values (III), shipped or the player's own (``data``, the folder
    the view names: ``engine.data_folder``)."""
    return dict(load_components(data).aircraft)


def _kill_value(target: dict[str, Any], data: str = "", offense: int = 3) -> float:
    return _kill_value_of(target["type"], target["damage"], offense, data)


@functools.lru_cache(maxsize=256)
def _kill_value_of(kind: str, damage: int, offense: int, data: str = "") -> float:
    a = _aircraft(data)[kind]
    odds = attack_odds(offense, a.defense, damage, a.engines)
    return float(odds["destroyed"]) + 0.4 * float(odds["damaged"])


class _View:
    """Convenient access to a crane view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.v = view
        self.data = data_folder(view)  # the player's own components, where the game has them
        self.planes = {p["id"]: p for p in view["planes"]}
        self.width = view["table"]["width"]
        self.length = view["table"]["length"]
        f = view["factory"]
        self.factory: geo.Rect = (f["x0"], f["y0"], f["x1"], f["y1"])
        self.aim = ((f["x0"] + f["x1"]) / 2, (f["y0"] + f["y1"]) / 2)
        self.reach = view["attack_range"]
        self.arc = view["arc_degrees"]

    def flying(self, side: str, bombers: bool | None = None) -> list[dict[str, Any]]:
        return [
            p
            for p in self.v["planes"]
            if p["status"] == "flying"
            and p["side"] == side
            and (bombers is None or (p["type"] in BOMBERS) == bombers)
        ]

    def path(self, plane: dict[str, Any], action: Action) -> geo.Path:
        turn = action.number("turn")
        straight = action.get("straight")
        s = float(straight) if isinstance(straight, int | float) else plane["straight"]
        return geo.Path((plane["x"], plane["y"]), plane["heading"], s, turn, plane["allowance"])

    def current_path(self) -> list[geo.Point]:
        return [tuple(p) for p in self.v["current"]["path"]]

    def gunners_on(self, spot: geo.Point) -> int:
        count = 0
        for b in self.flying(LUFTWAFFE, bombers=True):
            where = (b["x"], b["y"])
            if geo.distance(where, spot) > self.reach:
                continue
            off = geo.off_angle(b["heading"], where, spot)
            if ("nose" in b["gunners"] and off <= self.arc) or (
                "rear" in b["gunners"] and off >= 180 - self.arc
            ):
                count += 1
        return count


def _point_on(points: list[geo.Point], d: float) -> geo.Point:
    for a, b in itertools.pairwise(points):
        seg = geo.distance(a, b)
        if d <= seg or b == points[-1]:
            f = 0.0 if seg == 0 else min(d / seg, 1.0)
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        d -= seg
    return points[-1]


# --- the RAF's reckoning (VI.B, VI.E) --------------------------------------------------
MOVE = {"spitfire": 14.0, "hurricane": 12.0, "me109": 14.0, "he111": 10.0, "ju87": 8.0}
BOMB_ROLLS = {"he111": 2, "ju87": 1}
# what one attack is worth, in pairs of bombing dice taken off the raid: a bomber's worth is
# its pairs (VII.C); a German fighter's is what it would cost the RAF's attacks on the bombers
FIGHTER_WORTH = 0.6
GUNNER_COST = 0.15  # one gunner's shot at the fighter (10/36 damaged, 2/36 destroyed)
W_NOW, W_NEXT = 10.0, 11.0
STRAIGHT_STEPS = (3.0, 6.0)  # later turning points tried besides the shortest straight leg
THREAT_COST = 0.1  # a German fighter that can reach where it ends (VI.A: it will come)


@functools.lru_cache(maxsize=256)
def _attack_worth(kind: str, damage: int, data: str = "") -> float:
    """One fighter's attack on ``kind``: the chance it destroys it, and a damaged result's
    share of the hits still needed (VI.E.4.d: each engine, then the plane)."""
    a = _aircraft(data)[kind]
    engines = a.engines
    odds = attack_odds(3, a.defense, damage, engines)
    still = engines + 1 - damage
    return float(odds["destroyed"]) + float(odds["damaged"]) / max(still, 1)


class _Target(NamedTuple):
    id: str
    x: float
    y: float
    value: float  # what one attack on it is worth now
    bomber: bool
    nx: float  # where it will be when this fighter next moves (bombers fly on)
    ny: float
    heading: float


def _raf_targets(v: _View, plane: dict[str, Any]) -> list[_Target]:
    """What ``plane`` may attack this move (VI.B, as the rule reads it at the start of the
    move) and what each attack is worth. Bombers that have bombed are worth nothing now."""
    here = (plane["x"], plane["y"])
    bombers = v.flying(LUFTWAFFE, bombers=True)
    fighters = v.flying(LUFTWAFFE, bombers=False)
    near_b = min((geo.distance(here, (b["x"], b["y"])) for b in bombers), default=math.inf)
    near_f = min((geo.distance(here, (f["x"], f["y"])) for f in fighters), default=math.inf)
    out = []
    for b in bombers:
        if b["bombed"]:
            continue
        where = (b["x"], b["y"])
        # the bomber flies on for the factory: up to 90 degrees off its heading (VI.D.2)
        want = geo.bearing(where, v.aim)
        turn = max(-90.0, min(90.0, geo.norm_turn(want - b["heading"])))
        ux, uy = geo.unit(b["heading"] + turn)
        step = MOVE[b["type"]] - 2.0 * b["damage"]
        value = BOMB_ROLLS.get(b["type"], 1) * _attack_worth(b["type"], b["damage"], v.data)
        out.append(
            _Target(
                b["id"],
                b["x"],
                b["y"],
                value,
                True,
                b["x"] + ux * step,
                b["y"] + uy * step,
                b["heading"],
            )
        )
    if near_f < near_b or not bombers:
        for f in fighters:
            value = FIGHTER_WORTH * _attack_worth(f["type"], f["damage"], v.data)
            out.append(_Target(f["id"], f["x"], f["y"], value, False, f["x"], f["y"], f["heading"]))
    return out


def _segment_gap(p: geo.Point, a: geo.Point, b: geo.Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    seg = dx * dx + dy * dy
    t = 0.0 if seg == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / seg))
    return math.hypot(a[0] + dx * t - p[0], a[1] + dy * t - p[1])


def _stop_cost(v: _View, spot: geo.Point, target: _Target) -> float:
    """The shots a fighter stopping at ``spot`` to attack ``target`` draws: the gunners whose
    arcs hold it (VI.E.5.a-d), and a German fighter attacked head-on firing back (VI.E.5.e)."""
    cost = GUNNER_COST * v.gunners_on(spot)
    if not target.bomber and geo.off_angle(target.heading, (target.x, target.y), spot) <= v.arc:
        cost += GUNNER_COST * 2  # a fighter's return fire: offence 3 against 2
    return cost


def _best_stop(
    v: _View, at: Any, limit: float, d0: float, target: _Target
) -> tuple[float, float] | None:
    """Of the stops near the closest approach ``d0`` within range of ``target``, the one
    drawing the least fire: (distance along the path, its worth)."""
    best: tuple[float, float] | None = None
    for off in (0.0, -1.5, 1.5, -3.0, 3.0):
        d = d0 + off
        if not 0.0 <= d <= limit:
            continue
        x, y = at(d)
        if math.hypot(x - target.x, y - target.y) > v.reach - 0.01:
            continue
        worth = target.value - _stop_cost(v, (x, y), target)
        if best is None or worth > best[1] + 1e-9:
            best = (d, worth)
    return best


def _raf_score(v: _View, plane: dict[str, Any], path: geo.Path, targets: list[_Target]) -> float:
    """A British fighter's move: the attack it offers now, the gunners where it ends, and the
    bombers it can reach on its next move from where it ends, heading as it ends."""
    exit_at = path.exit_distance(v.width, v.length)
    if exit_at is not None:
        return -100.0 - (path.length - exit_at)  # a fighter that leaves is out of the battle
    limit = path.length
    now = 0.0
    for t in targets:
        d, r = path.closest_approach((t.x, t.y), limit)
        if r > v.reach:
            continue
        stop = _best_stop(v, lambda e, path=path: path.at(e)[:2], limit, d, t)
        if stop is not None:
            now = max(now, stop[1])
    end = path.points[2]
    score = W_NOW * now - W_NOW * GUNNER_COST * v.gunners_on(end)
    # the next move: 6" straight on, then any turn (VI.D.1)
    reach_next = MOVE[plane["type"]] - 2.0 * plane["damage"]
    straight = min(6.0, reach_next)
    ux, uy = geo.unit(path.end_heading)
    turn_at = (end[0] + ux * straight, end[1] + uy * straight)
    if not geo.on_table(turn_at, v.width, v.length):
        score -= 50.0  # it would fly off the table on its next move
    best_next, nearest = 0.0, math.inf
    for t in targets:
        if not t.bomber:
            continue
        spot = (t.nx, t.ny)
        gap = min(
            _segment_gap(spot, end, turn_at),
            geo.distance(spot, turn_at) - (reach_next - straight),
        )
        nearest = min(nearest, gap)
        fit = max(0.0, min(1.0, (v.reach + 1.0 - gap) / 2.0))
        best_next = max(best_next, fit * t.value)
    score += W_NEXT * best_next
    score -= W_NOW * THREAT_COST * _threats(v, end)
    if nearest < math.inf:
        score -= 0.05 * max(0.0, nearest - v.reach)
    return score


def _threats(v: _View, spot: geo.Point) -> int:
    """The German fighters that could attack a fighter ending its move at ``spot`` (VI.A: 6"
    straight, a turn towards it, the rest of the move, a stop within range)."""
    count = 0
    for f in v.flying(LUFTWAFFE, bombers=False):
        start = (f["x"], f["y"])
        total = MOVE[f["type"]] - 2.0 * f["damage"]
        if geo.distance(start, spot) > total + v.reach:
            continue
        straight = min(6.0, total)
        ux, uy = geo.unit(f["heading"])
        turn_at = (start[0] + ux * straight, start[1] + uy * straight)
        rest = total - straight
        if _segment_gap(spot, start, turn_at) <= v.reach or (
            geo.distance(turn_at, spot) - rest <= v.reach
        ):
            count += 1
    return count


def _raf_fire(v: _View, plane: dict[str, Any], decision: Decision) -> Action:
    """The attack worth most for the fire it draws, at the best stop in range; hold when
    none is worth it."""
    points = v.current_path()
    total = sum(geo.distance(a, b) for a, b in itertools.pairwise(points))
    targets = {t.id: t for t in _raf_targets(v, plane)}
    best: tuple[float, str, Action] | None = None
    for action in decision.options:
        if action.kind != "fire":
            continue
        target_id = action.word("target")
        t = targets.get(target_id)
        if t is None:
            continue  # a bomber that has already bombed: no longer worth a shot
        stop = _best_stop(v, lambda e: _point_on(points, e), total, action.number("at"), t)
        if stop is None:
            continue
        d, worth = stop
        chosen = (
            action if d == action.number("at") else Action("fire", at=round(d, 2), target=target_id)
        )
        if best is None or (worth, chosen.text) > best[:2]:
            best = (worth, chosen.text, chosen)
    return best[2] if best is not None and best[0] > 0 else Action("hold")


class CraneHeuristic:
    """One heuristic player for either seat."""

    # it never reads the view's infostate (the whole state, the costly part of a crane view)
    view_options: ClassVar[dict[str, bool]] = {"infostate": False}

    def __init__(self, seat: str, seed: int = 0, strength: str | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        v = _View(view)
        kind = decision.options[0].kind
        handler = getattr(self, f"_{kind}", None)
        if handler is None:
            return decision.options[0]
        choice: Action = handler(v, decision)
        return choice

    # --- the Luftwaffe's set-up (V.B) -------------------------------------------
    def _place(self, v: _View, decision: Decision) -> Action:
        group = decision.prompt.split()[1]
        centre = v.width / 2
        wanted = {
            "S1": (centre - 12.0, 12.0),
            "S2": (centre + 12.0, 12.0),
            "B1": (centre - 4.0, 9.0),
            "B2": (centre + 4.0, 9.0),
        }.get(group, (centre, 9.0))
        return min(
            decision.options,
            key=lambda a: (geo.distance((a.number("x"), a.number("y")), wanted), a.text),
        )

    # --- choosing who moves next ---------------------------------------------------
    def _select(self, v: _View, decision: Decision) -> Action:
        enemies = v.flying(LUFTWAFFE if self.seat == RAF else RAF)

        def urgency(action: Action) -> tuple[float, str]:
            plane = v.planes[action.word("plane")]
            if plane["type"] in BOMBERS:
                return -plane["y"], action.text  # the leading bomber first
            here = (plane["x"], plane["y"])
            near = min((geo.distance(here, (e["x"], e["y"])) for e in enemies), default=0.0)
            return near, action.text

        return min(decision.options, key=urgency)

    # --- movement ----------------------------------------------------------------
    def _move(self, v: _View, decision: Decision) -> Action:
        plane_id = decision.prompt.split()[1]
        plane = v.planes[plane_id]
        scorer = self._bomber_score if plane["type"] in BOMBERS else self._fighter_score
        options = list(decision.options)
        if plane["side"] == RAF and plane["type"] not in BOMBERS:
            # VI.D.1: the turn may come later than the first 6" (any legal move is accepted)
            for extra in STRAIGHT_STEPS:
                straight = plane["straight"] + extra
                if straight < plane["allowance"] - 1.0:
                    options += [
                        Action("move", turn=a.number("turn"), straight=straight)
                        for a in decision.options
                    ]
        scored = [(scorer(v, plane, a), a.text, a) for a in options]
        best = max(s for s, _, _ in scored)
        ties = [a for s, _, a in scored if s >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    def _bomber_score(self, v: _View, plane: dict[str, Any], action: Action) -> float:
        path = v.path(plane, action)
        limit = path.exit_distance(v.width, v.length)
        if limit is not None:
            return -1000.0
        if not plane["bombed"] and path.within_rect(v.factory, plane["fuselage"] / 2, path.length):
            return 1000.0
        end = path.points[2]
        # approach the factory lined up with it, so a later move passes over it
        heading_error = geo.off_angle(path.end_heading, end, v.aim)
        return -geo.distance(end, v.aim) - 0.05 * heading_error

    def _fighter_score(self, v: _View, plane: dict[str, Any], action: Action) -> float:
        if plane["side"] == RAF:
            return _raf_score(v, plane, v.path(plane, action), _raf_targets(v, plane))
        path = v.path(plane, action)
        exit_at = path.exit_distance(v.width, v.length)
        limit = path.length if exit_at is None else exit_at
        score = -60.0 if exit_at is not None else 0.0
        here = (plane["x"], plane["y"])
        # VI.A: the closest British fighter
        targets = sorted(v.flying(RAF), key=lambda e: geo.distance(here, (e["x"], e["y"])))[:1]
        best_attack = 0.0
        for t in targets:
            _, r = path.closest_approach((t["x"], t["y"]), limit)
            if r <= v.reach:
                best_attack = max(best_attack, _kill_value(t, v.data))
        score += 10.0 * best_attack
        end = path.points[2] if exit_at is None else path.at(limit)[:2]
        if targets:
            t = targets[0]
            score -= 0.08 * abs(geo.distance(end, (t["x"], t["y"])) - 3.0)
        return score

    # --- firing and bombing --------------------------------------------------------
    def _fire(self, v: _View, decision: Decision) -> Action:
        mover = v.v["current"].get("plane") if v.v.get("current") else None
        if mover is not None and v.planes[mover]["side"] == RAF:
            return _raf_fire(v, v.planes[mover], decision)
        points = v.current_path()
        best: tuple[float, str, Action] | None = None
        for action in decision.options:
            if action.kind != "fire":
                continue
            target = v.planes[action.word("target")]
            spot = _point_on(points, action.number("at"))
            value = _kill_value(target, v.data) * (
                1.5 if target["type"] in BOMBERS else 1.0
            ) - 0.15 * v.gunners_on(spot)
            if best is None or (value, action.text) > best[:2]:
                best = (value, action.text, action)
        return best[2] if best is not None and best[0] > 0 else Action("hold")

    def _bomb(self, v: _View, decision: Decision) -> Action:
        return decision.options[0]  # VII: a bomber over the factory always drops

    def _hold(self, v: _View, decision: Decision) -> Action:
        return decision.options[0]


def heuristic(seat: str, seed: int = 0, strength: str | None = None) -> CraneHeuristic:
    return CraneHeuristic(seat, seed, strength)


PLAYERS = {"heuristic": heuristic}

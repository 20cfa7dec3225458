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
from typing import Any, ClassVar

from dowding.engine import Action, Decision

from . import geometry as geo
from .combat import attack_odds

RAF, LUFTWAFFE = "raf", "luftwaffe"
OFFENSE = {"spitfire": 3, "hurricane": 3, "me109": 3, "he111": 1, "ju87": 1}
DEFENSE = {"spitfire": 2, "hurricane": 2, "me109": 2, "he111": 3, "ju87": 1}
ENGINES = {"spitfire": 1, "hurricane": 1, "me109": 1, "he111": 2, "ju87": 1}
BOMBERS = {"he111", "ju87"}


def _kill_value(target: dict[str, Any], offense: int = 3) -> float:
    return _kill_value_of(target["type"], target["damage"], offense)


@functools.lru_cache(maxsize=64)
def _kill_value_of(kind: str, damage: int, offense: int) -> float:
    odds = attack_odds(offense, DEFENSE[kind], damage, ENGINES[kind])
    return float(odds["destroyed"]) + 0.4 * float(odds["damaged"])


class _View:
    """Convenient access to a crane view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.v = view
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
        return [tuple(p) for p in self.v["current"]["path"]]  # type: ignore[misc]

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
        scored = [(scorer(v, plane, a), a.text, a) for a in decision.options]
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
        path = v.path(plane, action)
        exit_at = path.exit_distance(v.width, v.length)
        limit = path.length if exit_at is None else exit_at
        score = -60.0 if exit_at is not None else 0.0
        enemy_side = LUFTWAFFE if plane["side"] == RAF else RAF
        here = (plane["x"], plane["y"])
        enemies = v.flying(enemy_side)
        if plane["side"] == RAF:
            bombers = v.flying(LUFTWAFFE, bombers=True)
            fighters = v.flying(LUFTWAFFE, bombers=False)
            near_b = min((geo.distance(here, (b["x"], b["y"])) for b in bombers), default=math.inf)
            near_f = min((geo.distance(here, (f["x"], f["y"])) for f in fighters), default=math.inf)
            # VI.B: bombers are the objective; fighters only when they come closer
            targets = bombers if near_f >= near_b else bombers + fighters
        else:
            # VI.A: the closest British fighter
            targets = sorted(enemies, key=lambda e: geo.distance(here, (e["x"], e["y"])))[:1]
        best_attack = 0.0
        for t in targets:
            d, r = path.closest_approach((t["x"], t["y"]), limit)
            if r <= v.reach:
                value = _kill_value(t) * (1.5 if t["type"] in BOMBERS else 1.0)
                if t["type"] in BOMBERS:
                    value += 0.2 * t["y"] / v.length  # the one nearest the factory matters most
                if plane["side"] == RAF:
                    value -= 0.15 * v.gunners_on(path.at(d)[:2])
                best_attack = max(best_attack, value)
        score += 10.0 * best_attack
        end = path.points[2] if exit_at is None else path.at(limit)[:2]
        if plane["side"] == RAF:
            score -= 1.5 * v.gunners_on(end)
        # close on the next target: where the bombers will be next turn
        if targets:

            def lead(t: dict[str, Any]) -> geo.Point:
                ux, uy = geo.unit(t["heading"])
                step = t["allowance"] if t["type"] in BOMBERS else 0.0
                return t["x"] + ux * step, t["y"] + uy * step

            gap = min(geo.distance(end, lead(t)) for t in targets)
            # a few inches off the bomber's beam is the best place to start the next pass
            score -= 0.08 * abs(gap - 3.0)
        return score

    # --- firing and bombing --------------------------------------------------------
    def _fire(self, v: _View, decision: Decision) -> Action:
        points = v.current_path()
        best: tuple[float, str, Action] | None = None
        for action in decision.options:
            if action.kind != "fire":
                continue
            target = v.planes[action.word("target")]
            spot = _point_on(points, action.number("at"))
            value = _kill_value(target) * (
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

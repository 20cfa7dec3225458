"""VI. Engagement, A and B: who goes for whom.

VI.A: German fighters automatically move to intercept the closest British fighters (with the
`auto_intercept` option). VI.B: the British go for the bombers, breaking away for dogfights only
when a German fighter is closer (with the `bomber_priority` option).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import atan2, cos, degrees, hypot, inf, radians, sin
from typing import TYPE_CHECKING

from dowding.engine import Action

from . import geometry as geo
from .equipment import LUFTWAFFE, RAF, Plane

if TYPE_CHECKING:
    from .state import CraneState


# --- VI.A German fighters intercept -----------------------------------------------------
def rule_path(state: CraneState, plane: Plane, straight: float) -> tuple[float, float]:
    """VI.A: German fighters make for the closest British fighter; with none, they keep station on
    the bombers. ``straight`` is the plane's straight leg (movement.straight_min)."""
    goal = intercept_goal(state, plane)
    if goal is None:
        return 0.0, straight
    # geo.unit, geo.bearing and geo.norm_turn inlined (the same arithmetic): every German
    # fighter's move under VI.A asks
    heading = plane.heading
    rad = radians(heading)
    tx, ty = plane.x + sin(rad) * straight, plane.y + cos(rad) * straight
    bearing = degrees(atan2(goal[0] - tx, goal[1] - ty)) % 360.0
    if bearing >= 360.0:
        bearing = 0.0
    turn = (bearing - heading + 180.0) % 360.0 - 180.0
    return round(180.0 if turn == -180.0 else turn), straight


def intercept_goal(state: CraneState, plane: Plane) -> geo.Point | None:
    raf = state.flying_now(RAF)
    if raf:
        hx, hy = plane.x, plane.y
        # the closest, the first id on a tie (geo.distance's arithmetic, inlined; a loop rather
        # than min() over a tuple a plane)
        best = raf[0]
        best_d = hypot(best.x - hx, best.y - hy)
        for p in raf[1:]:
            d = hypot(p.x - hx, p.y - hy)
            if d < best_d or (d == best_d and p.id < best.id):
                best, best_d = p, d
        return best.x, best.y
    bombers = state.flying_now(LUFTWAFFE, "bomber")
    if not bombers:
        return None
    # the lead bomber, furthest along (the last id on a tie): max() by (y, id) as a loop
    lead = bombers[0]
    for b in bombers[1:]:
        if b.y > lead.y or (b.y == lead.y and b.id > lead.id):
            lead = b
    ux, uy = geo.unit(lead.heading)
    return lead.x + ux * 6.0, lead.y + uy * 6.0


def rule_fire(state: CraneState, plane: Plane, options: list[Action]) -> Action | None:
    """VI.A: of the attacks open to it (combat.fire_options), the closest British fighter is the one to attack."""
    if not options:
        return None
    here = (plane.x, plane.y)
    return min(
        options,
        key=lambda a: (
            geo.distance(here, (state.plane(a.word("target")).x, state.plane(a.word("target")).y)),
            a.text,
        ),
    )


# --- VI.B The British go for the bombers ------------------------------------------------
def fire_targets(state: CraneState, plane: Plane) -> Sequence[Plane]:
    enemies = state.flying_now(LUFTWAFFE if plane.side == RAF else RAF)
    if plane.side == RAF and state.options["bomber_priority"]:
        # VI.B: the British go for the bombers, breaking for fighters only when one is closer
        hx, hy = plane.x, plane.y
        # the enemies of each role, in the same (slot) order as `enemies`
        bombers = state.flying_now(LUFTWAFFE, "bomber")
        fighters = state.flying_now(LUFTWAFFE, "fighter")
        # geo.distance's arithmetic, inlined
        nearest_bomber = min([hypot(e.x - hx, e.y - hy) for e in bombers], default=inf)
        nearest_fighter = min([hypot(e.x - hx, e.y - hy) for e in fighters], default=inf)
        if nearest_fighter >= nearest_bomber:
            return bombers
    return enemies

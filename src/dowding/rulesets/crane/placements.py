"""V. Placements: the factory (V.A), the German units (V.B), the British fighters (V.C) and the
altitude of each section of fighters (V.D).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import hypot
from typing import TYPE_CHECKING

from dowding.engine import D6, Action, Chance, Decision, Roll
from dowding.engine.actions import number

from . import geometry as geo
from .components import Components, formation_name
from .equipment import EPS, FLYING, LUFTWAFFE, RAF, Plane, Task, at_altitude, faces, on_table

if TYPE_CHECKING:
    from .state import CraneState


# --- V.A Placing the factory on the board -----------------------------------------------
def factory_rect(comp: Components, width: float, length: float) -> geo.Rect:
    """V.A: the factory is centred on the edge opposite the German entry."""
    fw, fd = comp.factory.width, comp.factory.depth
    return ((width - fw) / 2, length - fd, (width + fw) / 2, length)


# --- V.B Placing German units on the board ----------------------------------------------
def group_offsets(state: CraneState, group_id: str) -> tuple[tuple[float, float], ...]:
    group = next(g for g in state.comp.forces[state.scenario] if g.id == group_id)
    return state.comp.formations[formation_name(group.kind, group.count)]


def place_points(state: CraneState, group_id: str, x: float, y: float) -> list[geo.Point]:
    return geo.formation((x, y), 0.0, group_offsets(state, group_id))


def check_place(state: CraneState, group_id: str, action: Action) -> str | None:
    """V.B: 6-12" from the entry edge, at least 6" from the flanks (and clear of planes placed)."""
    if {k for k, _ in action.args} != {"x", "y"}:
        return "place takes x= and y= (inches)"
    x, y = action.number("x"), action.number("y")
    points = place_points(state, group_id, x, y)
    flying = [p for p in state.planes if p.status == FLYING]
    return _place_problem(state, points, flying)


def _place_problem(
    state: CraneState, points: Sequence[geo.Point], flying: list[Plane]
) -> str | None:
    """What is wrong with a group at ``points`` (None: nothing), given the planes already flying."""
    rules = state.rules
    sep = rules.placement_separation
    near_lo, near_hi = rules.entry_near - EPS, rules.entry_far + EPS
    flank_lo, flank_hi = rules.entry_flank - EPS, state.width - rules.entry_flank + EPS
    placed: list[tuple[str, float, float]] = []
    if flying:
        # only the planes within the separation of the group's box can be too close
        xs, ys = [px for px, _ in points], [py for _, py in points]
        x_lo, x_hi = min(xs) - sep, max(xs) + sep
        y_lo, y_hi = min(ys) - sep, max(ys) + sep
        placed = [(p.id, p.x, p.y) for p in flying if x_lo <= p.x <= x_hi and y_lo <= p.y <= y_hi]
    for px, py in points:
        if not (near_lo <= py <= near_hi):
            return f'every plane must be {rules.entry_near:g}-{rules.entry_far:g}" from the entry edge (V.B)'
        if not (flank_lo <= px <= flank_hi):
            return f'every plane must be at least {rules.entry_flank:g}" from the flank edges (V.B)'
        for other, ox, oy in placed:
            if hypot(ox - px, oy - py) < sep:  # geo.distance, inlined
                return f'too close to {other}: keep {sep:g}" apart'
    return None


def place_decision(state: CraneState, group_id: str) -> Decision:
    """V.B: "Schwarms may be placed in any order within the entry area"; the Luftwaffe places each group."""
    placed = tuple((p.x, p.y) for p in state.planes if p.status == FLYING)
    cache_key = (state.scenario, state.options["table"], state.options["data"], group_id, placed)
    cache = state.game.place_cache
    cached: Decision | None = cache.get(cache_key)
    if cached is None:
        cached = compute_place_decision(state, group_id)
        if len(cache) > 4096:
            cache.clear()
        cache[cache_key] = cached
    return cached


def compute_place_decision(state: CraneState, group_id: str) -> Decision:
    x_lo, x_hi, y_lo, y_hi = _entry_area(state, group_id)
    # check_place on each spot: the spots are in the entry area already (_spots), so only the
    # spacing from the planes already placed is left to check
    placed = [(p.x, p.y) for p in state.planes if p.status == FLYING]
    sep = state.rules.placement_separation
    options = [
        action
        for points, box, action in _spots(state, group_id)
        if _spaced(points, box, placed, sep)
    ]
    return Decision(
        LUFTWAFFE,
        f"Place {group_id} in the entry area (V.B)",
        tuple(options),
        free=f"place x=<{x_lo:.2f}..{x_hi:.2f}> y=<{y_lo:.2f}..{y_hi:.2f}>",
    )


def _entry_area(state: CraneState, group_id: str) -> tuple[float, float, float, float]:
    """Where the group's lead may go for every plane to be in the entry area (V.B)."""
    rules = state.rules
    offsets = group_offsets(state, group_id)
    xs = [o[0] for o in offsets]
    ys = [o[1] for o in offsets]
    x_lo, x_hi = rules.entry_flank - min(xs), state.width - rules.entry_flank - max(xs)
    y_lo, y_hi = rules.entry_near - min(ys), rules.entry_far - max(ys)
    return x_lo, x_hi, y_lo, y_hi


def _spaced(
    points: Sequence[geo.Point], box: geo.Rect, placed: Sequence[geo.Point], sep: float
) -> bool:
    """Whether every point is at least ``sep`` from every plane placed (_place_problem's
    spacing test): only a plane inside ``box``, the points' bounding box grown by ``sep``, can be
    too close."""
    x_lo, y_lo, x_hi, y_hi = box
    for ox, oy in placed:
        if x_lo <= ox <= x_hi and y_lo <= oy <= y_hi:
            for px, py in points:
                if hypot(ox - px, oy - py) < sep:  # geo.distance, inlined
                    return False
    return True


def _spots(
    state: CraneState, group_id: str
) -> tuple[tuple[tuple[geo.Point, ...], geo.Rect, Action], ...]:
    """The grid of spots offered for a group, each with its planes' points, their bounding box
    grown by the placement separation and its action, less those outside the entry area: the
    same for every game (the shared memos), so only the spacing from the planes already placed
    is left to check."""
    known = state.memo.place_spots.get(group_id)
    if known is not None:
        return known
    x_lo, x_hi, y_lo, y_hi = _entry_area(state, group_id)
    offsets = group_offsets(state, group_id)
    sep = state.rules.placement_separation
    spots = []
    steps = max(1, round((x_hi - x_lo) / 4.0))
    for i in range(steps + 1):
        x = x_lo + (x_hi - x_lo) * i / steps
        for y in sorted({y_lo, (y_lo + y_hi) / 2, y_hi}):
            # the spot as the action holds it (two decimals)
            points = tuple(geo.formation((float(number(x)), float(number(y))), 0.0, offsets))
            if _place_problem(state, points, []) is None:
                xs, ys = [px for px, _ in points], [py for _, py in points]
                box = (min(xs) - sep, min(ys) - sep, max(xs) + sep, max(ys) + sep)
                spots.append((points, box, Action("place", x=x, y=y)))
    found = state.memo.place_spots[group_id] = tuple(spots)
    return found


def do_place(state: CraneState, task: Task, action: Action | None) -> None:
    assert action is not None
    x, y = action.number("x"), action.number("y")
    points = place_points(state, task[1], x, y)
    state._put_many(
        on_table(plane, px, py, 0.0)
        for plane, (px, py) in zip(state._section(task[1]), points, strict=True)
    )
    state._say(f"{task[1]} takes position at ({x:.1f}, {y:.1f}).")


# --- V.C Placing British fighters on the board ------------------------------------------
def arrive_roll(state: CraneState, task: Task) -> Chance:
    return Roll(f"Does vic {task[1]} arrive? Even: it enters (V.C)", dice=(D6,), roller=RAF)


def do_arrive(state: CraneState, task: Task, action: Action | None) -> None:
    """V.C: a vic enters on the turn it rolls an even number on 1 D6."""
    assert action is not None
    face = faces(action)[0]
    if face % 2 == 0:
        state._say(f"Vic {task[1]} rolls {face}: it arrives.")
        state.queue = (("entry", task[1]), ("alt", task[1]), *state.queue)
    else:
        state._say(f"Vic {task[1]} rolls {face}: not yet.")


def entry_roll(state: CraneState, task: Task) -> Chance:
    return Roll(
        f"Entry point of vic {task[1]}: 2d6 on the clock face (V.C)", dice=(D6, D6), roller=RAF
    )


def do_entry(state: CraneState, task: Task, action: Action | None) -> None:
    """V.C: 2 D6 give the point of entry on the clock face (Figure 2)."""
    assert action is not None
    hour = sum(faces(action))
    point, heading = clock_entry(state, hour)
    offsets = state.comp.formations["vic"]
    # the leader enters far enough in for the whole vic to be on the table
    depth = max(-f for _, f in offsets)
    ux, uy = geo.unit(heading)
    rx, ry = uy, -ux
    others = [(p.x, p.y) for p in state.planes if p.status == FLYING]
    spots: list[geo.Point] = []
    # a second vic at the same hour comes in alongside the first, not on top of it
    for shift in (0.0, 4.0, -4.0, 8.0, -8.0, 12.0, -12.0):
        anchor = (point[0] + ux * depth + rx * shift, point[1] + uy * depth + ry * shift)
        spots = [
            (min(max(px, 0.0), state.width), min(max(py, 0.0), state.length))
            for px, py in geo.formation(anchor, heading, offsets)
        ]
        if _clear_of(spots, others, state.rules.placement_separation):
            break
    state._put_many(
        on_table(plane, px, py, heading)
        for plane, (px, py) in zip(state._section(task[1]), spots, strict=True)
    )
    state._say(f"Vic {task[1]} enters at {hour} o'clock, heading {heading:.0f}°.")


def _clear_of(spots: Sequence[geo.Point], others: Sequence[geo.Point], sep: float) -> bool:
    """Whether every spot is at least ``sep`` from every other plane (loops: cheaper than all()
    over a generator)."""
    for sx, sy in spots:
        for ox, oy in others:
            if hypot(ox - sx, oy - sy) < sep:  # geo.distance, inlined
                return False
    return True


def clock_entry(state: CraneState, hour: int) -> tuple[geo.Point, float]:
    """V.C, Figure 2: a clock face centred on the table, 12 towards the factory."""
    cx, cy = state.width / 2, state.length / 2
    angle = (hour % 12) * 30.0
    ux, uy = geo.unit(angle)
    scale = min(
        (cx / abs(ux)) if abs(ux) > EPS else float("inf"),
        (cy / abs(uy)) if abs(uy) > EPS else float("inf"),
    )
    point = (cx + ux * scale, cy + uy * scale)
    return point, geo.norm_heading(angle + 180.0)


# --- V.D Determine the altitude of fighters ---------------------------------------------
def alt_roll(state: CraneState, task: Task) -> Chance:
    side = state._section(task[1])[0].side  # each side rolls for its own sections
    return Roll(
        f"Altitude of {task[1]}: 1-2 below, 3-4 level, 5-6 above (V.D)", dice=(D6,), roller=side
    )


def do_alt(state: CraneState, task: Task, action: Action | None) -> None:
    """V.D: 1, 2 below; 3, 4 even; 5, 6 above (the dive or climb is in CraneState.allowance)."""
    assert action is not None
    face = faces(action)[0]
    altitude = "below" if face <= 2 else "level" if face <= 4 else "above"
    state._put_many(at_altitude(plane, altitude) for plane in state._section(task[1]))
    effect = {
        "below": f'-{state.rules.climb_penalty:g}" climb',
        "level": "a regular move",
        "above": f'+{state.rules.dive_bonus:g}" dive',
    }[altitude]
    state._say(f"{task[1]} rolls {face}: {altitude} the bombers ({effect} on its first move).")

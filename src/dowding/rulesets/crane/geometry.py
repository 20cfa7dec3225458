"""Plane geometry on the open table: headings, two-leg moves, arcs, ranges.

Coordinates are inches: x across the table, y from the German entry edge towards
the factory edge. Headings are degrees clockwise with 0 pointing along +y.

The methods run on every move write ``min(a, b)`` as ``b if b < a else a`` and ``max(a, b)`` as
``b if b > a else a``: the same value (the builtins keep the first of equals), without CPython
3.11's keyword parsing on every call of ``min``/``max``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1


def unit(heading: float) -> Point:
    rad = math.radians(heading)
    return math.sin(rad), math.cos(rad)


def norm_heading(heading: float) -> float:
    """Into [0, 360)."""
    h = heading % 360.0
    return 0.0 if h >= 360.0 else h


def norm_turn(turn: float) -> float:
    """Into (-180, 180]."""
    t = (turn + 180.0) % 360.0 - 180.0
    return 180.0 if t == -180.0 else t


def bearing(a: Point, b: Point) -> float:
    return norm_heading(math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])))


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def off_angle(heading: float, a: Point, b: Point) -> float:
    """Unsigned angle between a heading at a and the direction from a to b (0..180)."""
    return abs(norm_turn(bearing(a, b) - heading))


class Path:
    """A move: ``straight`` inches ahead, then a turn, then the rest of the allowance."""

    __slots__ = ("_exit", "_segments", "_units", "end_heading", "legs", "length", "points")

    def __init__(
        self, start: Point, heading: float, straight: float, turn: float, total: float
    ) -> None:
        # unit() and norm_heading() inlined (the same arithmetic): a path is built on every move
        straight = total if total < straight else straight  # min(straight, total)
        rad = math.radians(heading)
        ux, uy = math.sin(rad), math.cos(rad)
        p1 = (start[0] + ux * straight, start[1] + uy * straight)
        rest = total - straight
        h2 = ((heading + turn) if rest > 0 else heading) % 360.0
        if h2 >= 360.0:
            h2 = 0.0
        rad = math.radians(h2)
        vx, vy = math.sin(rad), math.cos(rad)
        p2 = (p1[0] + vx * rest, p1[1] + vy * rest)
        self.points: tuple[Point, Point, Point] = (start, p1, p2)
        self.legs: tuple[tuple[float, float], tuple[float, float]] = (
            (straight, heading),
            (rest, h2),
        )
        self.length = total
        self.end_heading = h2
        # each leg's direction, as `at` needs it (the same floats `unit` gives)
        self._units = ((ux, uy), (vx, vy))
        self._segments: tuple[tuple[float, float, Point, Point], ...]
        if rest > 0:
            second = (straight, rest, p1, p2)
            self._segments = ((0.0, straight, start, p1), second) if straight > 0 else (second,)
        else:
            self._segments = ((0.0, straight, start, p1),) if straight > 0 else ()
        # the last table asked about and where the path leaves it: (width, length, distance)
        self._exit: tuple[float, float, float | None] | None = None

    def at(self, d: float) -> tuple[float, float, float]:
        """Position and heading after flying ``d`` inches along the path."""
        (s1, h1), (_, h2) = self.legs
        p0, p1, _ = self.points
        if d <= s1:
            ux, uy = self._units[0]
            return p0[0] + ux * d, p0[1] + uy * d, h1
        vx, vy = self._units[1]
        e = d - s1
        return p1[0] + vx * e, p1[1] + vy * e, h2

    def segments(self) -> tuple[tuple[float, float, Point, Point], ...]:
        """(start distance, length, from, to) of each non-empty leg."""
        return self._segments

    def exit_distance(self, width: float, length: float) -> float | None:
        """How far the plane flies before crossing the table edge, or None if it stays on."""
        known = self._exit
        if known is not None and known[0] == width and known[1] == length:
            return known[2]
        found = None
        for start, seg_len, a, b in self._segments:
            if 0.0 <= b[0] <= width and 0.0 <= b[1] <= length:
                continue  # the leg ends on the table (_segment_exit's first test, inlined)
            t = _segment_exit(a, b, width, length)
            if t is not None:
                found = start + t * seg_len
                break
        self._exit = (width, length, found)
        return found

    def closest_approach(self, target: Point, limit: float) -> tuple[float, float]:
        """(distance along path, range) of the nearest point to ``target`` within the first ``limit`` inches."""
        tx, ty = target
        p0 = self.points[0]
        best_at, best = 0.0, math.hypot(tx - p0[0], ty - p0[1])  # distance(), inlined
        for start, seg_len, a, b in self._segments:
            if start > limit:
                break
            rest = limit - start
            span = rest if rest < seg_len else seg_len  # min(seg_len, limit - start)
            dx, dy = (b[0] - a[0]) / seg_len, (b[1] - a[1]) / seg_len
            t = (tx - a[0]) * dx + (ty - a[1]) * dy
            t = t if t < span else span  # min(span, t)
            t = t if t > 0.0 else 0.0  # max(0.0, t)
            r = math.hypot(a[0] + dx * t - tx, a[1] + dy * t - ty)
            if r < best:
                best_at, best = start + t, r
        return best_at, best

    def first_within(self, rect: Rect, radius: float, limit: float) -> float | None:
        """The first distance along the path at which the plane is within ``radius`` of ``rect``."""
        for start, seg_len, a, b in self._segments:
            if start > limit:
                break
            short = rect[1] - radius - 1e-6
            if a[1] < short and b[1] < short:  # max(a[1], b[1]) < short
                continue  # short of the rectangle by more than the radius (_bbox_gap's usual case)
            if _bbox_gap(a, b, rect) > radius:
                continue  # the whole leg stays out of reach: skip the search

            def dist_at(t: float, a: Point = a, b: Point = b, seg_len: float = seg_len) -> float:
                f = t / seg_len
                return rect_distance((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), rect)

            if dist_at(0.0) <= radius:
                return start
            rest = limit - start
            span = rest if rest < seg_len else seg_len  # min(seg_len, limit - start)
            lo, hi = 0.0, span
            for _ in range(40):  # distance to a convex set is convex along a line
                m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
                if dist_at(m1) <= dist_at(m2):
                    hi = m2
                else:
                    lo = m1
            t_min = (lo + hi) / 2
            if dist_at(t_min) > radius:
                continue
            lo, hi = 0.0, t_min
            for _ in range(30):
                mid = (lo + hi) / 2
                if dist_at(mid) <= radius:
                    hi = mid
                else:
                    lo = mid
            return start + hi
        return None

    def within_rect(
        self, rect: Rect, half_length: float, limit: float
    ) -> list[tuple[float, float]]:
        """Intervals of distance along the path where a fuselage of ``2*half_length`` lies wholly in ``rect``."""
        out = []
        for start, seg_len, a, b in self._segments:
            if start > limit:
                break
            short, beyond = rect[1] - 1e-6, rect[3] + 1e-6
            if (a[1] < short and b[1] < short) or (a[1] > beyond and b[1] > beyond):
                continue  # the leg stays short of (or beyond) the rectangle: nothing to clip
            rest = limit - start
            span = rest if rest < seg_len else seg_len  # min(seg_len, limit - start)
            dx, dy = (b[0] - a[0]) / seg_len, (b[1] - a[1]) / seg_len
            # the centre must stay inside the rectangle shrunk by the fuselage's half extent
            shrunk = (
                rect[0] + abs(dx) * half_length,
                rect[1] + abs(dy) * half_length,
                rect[2] - abs(dx) * half_length,
                rect[3] - abs(dy) * half_length,
            )
            if shrunk[0] > shrunk[2] or shrunk[1] > shrunk[3]:
                continue
            clipped = _clip_line(a, (dx, dy), span, shrunk)
            if clipped is not None:
                out.append((start + clipped[0], start + clipped[1]))
        return out


def rect_distance(p: Point, rect: Rect) -> float:
    # max(rect[0] - x, 0.0, x - rect[2]) and the same across y, written out (the flak search
    # asks a hundred times a leg)
    x, y = p
    d, e = rect[0] - x, x - rect[2]
    d = d if d > 0.0 else 0.0
    dx = e if e > d else d
    d, e = rect[1] - y, y - rect[3]
    d = d if d > 0.0 else 0.0
    dy = e if e > d else d
    return math.hypot(dx, dy)


def _bbox_gap(a: Point, b: Point, rect: Rect) -> float:
    """A lower bound on the distance between segment ab and rect (their bounding boxes' gap)."""
    gx = max(rect[0] - max(a[0], b[0]), 0.0, min(a[0], b[0]) - rect[2])
    gy = max(rect[1] - max(a[1], b[1]), 0.0, min(a[1], b[1]) - rect[3])
    return math.hypot(gx, gy)


def on_table(p: Point, width: float, length: float) -> bool:
    return 0.0 <= p[0] <= width and 0.0 <= p[1] <= length


def _segment_exit(a: Point, b: Point, width: float, length: float) -> float | None:
    """Fraction of the segment at which it leaves the table (a is on the table)."""
    if on_table(b, width, length):
        return None
    t_exit = 1.0
    for lo, hi, pa, pb in ((0.0, width, a[0], b[0]), (0.0, length, a[1], b[1])):
        delta = pb - pa
        if pb < lo:
            t_exit = min(t_exit, (lo - pa) / delta)
        elif pb > hi:
            t_exit = min(t_exit, (hi - pa) / delta)
    return max(0.0, t_exit)


def _clip_line(a: Point, u: Point, span: float, rect: Rect) -> tuple[float, float] | None:
    """Liang-Barsky: the sub-interval of a + t*u, 0 <= t <= span, inside rect."""
    t0, t1 = 0.0, span
    for p, q in (
        (-u[0], a[0] - rect[0]),
        (u[0], rect[2] - a[0]),
        (-u[1], a[1] - rect[1]),
        (u[1], rect[3] - a[1]),
    ):
        if abs(p) < 1e-12:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return t0, t1


def formation(anchor: Point, heading: float, offsets: Sequence[tuple[float, float]]) -> list[Point]:
    """Positions of a formation whose offsets are (right, ahead) of the anchor along ``heading``."""
    fx, fy = unit(heading)
    rx, ry = fy, -fx  # right of the heading
    return [(anchor[0] + rx * r + fx * f, anchor[1] + ry * r + fy * f) for r, f in offsets]

"""The crane table in inches as an SVG document, for the browser.

Drawn from ``view(state, seat)`` alone. Landscape like the terminal map: the German entry
edge (y=0) on the left, the factory edge on the right, x growing downwards, so headings turn
clockwise on screen (0° points right, towards the factory).

Clickable options carry ``data-action="<exact action text>"``: a plane to move next, the end
of each offered turn, a target to fire at, a point of the path to bomb at, an offered place
in the entry area. Free values are described by data attributes on one element each, so a
client can drag and then send the text, which the engine validates:

- ``data-free="move"``: ``data-origin="x,y"`` (inches), ``data-heading``, ``data-straight``
  (the least straight leg), ``data-total``, ``data-max-turn``; the client sends
  ``move turn=<degrees> [straight=<inches>]``.
- ``data-free="place"``: ``data-x-range="lo,hi"``, ``data-y-range="lo,hi"``; the client
  sends ``place x=<x> y=<y>``.
- ``data-free="along"``: ``data-path="x0,y0 x1,y1 x2,y2"`` and ``data-template`` with
  ``{at}`` for the inches along the path (``bomb at={at}``).

The root carries ``data-inch`` (pixels an inch), ``data-ox``/``data-oy`` (where the table's
corner is) and ``data-axes="yx"`` (screen x is the table's y), so pointer positions convert.

The 6-inch grid and the rulers are the same in every game and for every seat: ``render_static()``
draws them once, without any view, over the largest table (``GET /api/maps/crane``), each clipped
to a clip path the map defines for the table played on (``#on-table``, ``#on-rulers``), and
``render_dynamic(view, seat, decision)`` draws the rest with an empty ``<g data-static-map>``;
``render_svg`` is the two together.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from .components import load_components
from .geometry import Path

View = Mapping[str, Any]

INCH: float = 13  # pixels an inch
OX: float = 34  # the table's (0, 0) corner on screen
OY: float = 40
PANEL_W = 330
NAMES = {
    "spitfire": "Spitfire",
    "hurricane": "Hurricane",
    "me109": "Me 109",
    "he111": "He 111",
    "ju87": "Ju 87",
}
RAF_FILL, LW_FILL = "#1f5fa8", "#8a1c1c"


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def option_texts(decision: Any) -> list[str]:
    if decision is None:
        return []
    options = decision.get("options") if isinstance(decision, Mapping) else decision.options
    out = []
    for o in options or ():
        out.append(str(o.get("text", "")) if isinstance(o, Mapping) else str(getattr(o, "text", o)))
    return out


def free_of(decision: Any) -> str:
    if decision is None:
        return ""
    free = decision.get("free") if isinstance(decision, Mapping) else decision.free
    return str(free or "")


def prompt_of(decision: Any) -> str:
    if decision is None:
        return ""
    prompt = decision.get("prompt") if isinstance(decision, Mapping) else decision.prompt
    return str(prompt or "")


def _short(value: float) -> float:
    """``value`` to 2 decimals, whole numbers as ints: written ``34``, not ``34.0``."""
    value = round(float(value), 2)
    return int(value) if value.is_integer() else value


def sx(x: float, y: float) -> float:
    """Screen x of a table point (the table's y runs across the screen)."""
    return _short(OX + y * INCH)


def sy(x: float, y: float) -> float:
    return _short(OY + x * INCH)


def pt(x: float, y: float) -> str:
    return f"{sx(x, y)},{sy(x, y)}"


def heading_vec(heading: float) -> tuple[float, float]:
    rad = math.radians(heading)
    return math.sin(rad), math.cos(rad)  # (dx, dy) in table inches


def num(value: float) -> str:
    """A number as the engine's action text writes it (2 decimals, no trailing zeros)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# --- layers ------------------------------------------------------------------------------------
def grid_path(width: float, length: float) -> str:
    """The 6-inch squares of a table ``width`` by ``length`` inches."""
    lines = []
    for y in range(0, int(length) + 1, 6):
        lines.append(f"M{sx(0, y)} {sy(0, y)}V{sy(width, y)}")
    for x in range(0, int(width) + 1, 6):
        lines.append(f"M{sx(x, 0)} {sy(x, 0)}H{sx(x, length)}")
    return f'<path d="{"".join(lines)}" stroke="#9aa88a" stroke-width="0.6" fill="none"/>'


def rulers(width: float, length: float) -> str:
    """The inches along the table's edges, every 6 inches."""
    labels = []
    for y in range(0, int(length) + 1, 6):
        labels.append(f'<text x="{sx(0, y)}" y="{OY - 6}">{y}"</text>')
    for x in range(6, int(width) + 1, 6):
        labels.append(f'<text x="{OX - 14}" y="{sy(x, 0) + 3}">{x}"</text>')
    return f'<g font-size="9" text-anchor="middle" fill="#333">{"".join(labels)}</g>'


def board_layer(width: float, length: float) -> str:
    """The grid and the rulers of a table ``width`` by ``length`` inches, each clipped to the
    table played on (``#on-table``, ``#on-rulers``: the map defines them)."""
    return (
        f'<g clip-path="url(#on-table)">{grid_path(width, length)}</g>'
        f'<g clip-path="url(#on-rulers)">{rulers(width, length)}</g>'
    )


def table_layer(view: View, board: str) -> str:
    """The table, its edges and the factory; ``board`` (the grid, the rulers) is put over the
    cloth."""
    table = view.get("table") or {}
    width, length = float(table.get("width", 48)), float(table.get("length", 72))
    parts = [
        f'<rect x="{OX}" y="{OY}" width="{length * INCH}" height="{width * INCH}" fill="#dfe8d0" '
        f'stroke="#333" stroke-width="1.5"/>'
    ]
    parts.append(board)
    parts.append(
        f'<text x="{OX}" y="{OY + width * INCH + 16}" font-size="11">◀ German entry edge</text>'
        f'<text x="{OX + length * INCH}" y="{OY + width * INCH + 16}" font-size="11" '
        f'text-anchor="end">factory edge ▶</text>'
    )
    factory = view.get("factory")
    if isinstance(factory, Mapping):
        x0, y0 = float(factory["x0"]), float(factory["y0"])
        x1, y1 = float(factory["x1"]), float(factory["y1"])
        reach = float(view.get("flak_range", 0.0))
        if reach > 0:
            # the flak zone: everything within reach of the factory (VII.A), a dashed rounded box
            parts.append(
                f'<rect class="flak" clip-path="url(#on-table)" x="{sx(x0, y0 - reach)}" y="{sy(x0 - reach, y0)}" '
                f'width="{(y1 - y0 + 2 * reach) * INCH}" height="{(x1 - x0 + 2 * reach) * INCH}" '
                f'rx="{reach * INCH}" fill="#ffd24d" fill-opacity="0.08" stroke="#a07800" '
                f'stroke-dasharray="6 4"><title>flak range {reach:g}" of the factory</title></rect>'
            )
        parts.append(
            f'<g class="factory"><title>the factory ({view.get("bomb_hits", 0)} of '
            f"{view.get('bombs_needed', '?')} hits)</title>"
            f'<rect x="{sx(x0, y0)}" y="{sy(x0, y0)}" width="{(y1 - y0) * INCH}" '
            f'height="{(x1 - x0) * INCH}" fill="url(#factory)" stroke="#000" stroke-width="1.5"/>'
            f'<text x="{sx((x0 + x1) / 2, (y0 + y1) / 2)}" y="{sy((x0 + x1) / 2, y0) + 4}" '
            f'font-size="10" font-weight="bold" text-anchor="middle" '
            f'transform="rotate(-90 {sx((x0 + x1) / 2, (y0 + y1) / 2)} {sy((x0 + x1) / 2, y0)})">'
            f"FACTORY {esc(view.get('bomb_hits', 0))}/{esc(view.get('bombs_needed', '?'))}</text></g>"
        )
    return "".join(parts)


def arc_path(x: float, y: float, heading: float, half: float, radius: float) -> str:
    """A wedge ``radius`` inches long, ``half`` degrees either side of ``heading``."""
    a = heading_vec(heading - half)
    b = heading_vec(heading + half)
    ax, ay = x + a[0] * radius, y + a[1] * radius
    bx, by = x + b[0] * radius, y + b[1] * radius
    large = 1 if half * 2 > 180 else 0
    # heading - half to heading + half is clockwise on screen, SVG sweep flag 1
    return f"M{pt(x, y)}L{pt(ax, ay)}A{radius * INCH},{radius * INCH} 0 {large} 1 {pt(bx, by)}Z"


def arc_svg(p: Mapping[str, Any], view: View, moving: bool) -> str:
    """A fighter's fire arc (it fires ahead): drawn under every plane and never clickable, so a
    click on a plane inside another's wedge reaches that plane."""
    if p.get("status") != "flying" or p.get("gunners"):
        return ""
    x, y, heading = float(p["x"]), float(p["y"]), float(p.get("heading", 0.0))
    fill = RAF_FILL if p.get("side") == "raf" else LW_FILL
    arc = float(view.get("arc_degrees", 45.0))
    reach = float(view.get("attack_range", 4.0))
    return (
        f'<path class="arc" data-arc="{esc(p["id"])}" clip-path="url(#on-table)" '
        f'd="{arc_path(x, y, heading, arc, reach)}" fill="{fill}" '
        f'fill-opacity="{0.18 if moving else 0.06}" stroke="{fill}" stroke-opacity="0.5" '
        f'stroke-width="0.7" pointer-events="none"/>'
    )


def plane_svg(p: Mapping[str, Any], view: View, action: str, moving: bool) -> str:
    x, y, heading = float(p["x"]), float(p["y"]), float(p.get("heading", 0.0))
    raf = p.get("side") == "raf"
    kind = str(p.get("type", ""))
    pid = str(p["id"])
    dx, dy = heading_vec(heading)
    size = 0.9
    nose = (x + dx * size, y + dy * size)
    left = (x - dx * size * 0.6 - dy * size * 0.7, y - dy * size * 0.6 + dx * size * 0.7)
    right = (x - dx * size * 0.6 + dy * size * 0.7, y - dy * size * 0.6 - dx * size * 0.7)
    fill = RAF_FILL if raf else LW_FILL
    words = (
        f"{pid}: {'RAF' if raf else 'Luftwaffe'} {NAMES.get(kind, kind)}, heading "
        f"{heading:g}°, damage {p.get('damage', 0)}"
        + (f", {p['altitude']}" if p.get("altitude") else "")
        + (", has moved" if p.get("moved") else "")
    )
    parts = []
    # RAF: an arrow with a roundel; Luftwaffe: an arrow with a square cross, so shape tells too
    badge = (
        f'<circle cx="{sx(x, y)}" cy="{sy(x, y)}" r="3" fill="#fff" stroke="{fill}" stroke-width="1.5"/>'
        if raf
        else f'<rect x="{sx(x, y) - 3}" y="{sy(x, y) - 3}" width="6" height="6" fill="#fff" '
        f'stroke="#000" stroke-width="1.5"/>'
    )
    label = pid if raf else pid.lower()
    damage = int(p.get("damage", 0) or 0)
    if damage:
        label += f" ✕{damage}"
    mark = (
        f'<circle class="opt-mark" cx="{sx(x, y)}" cy="{sy(x, y)}" r="{INCH * 1.3}"/>'
        if action
        else ""
    )
    if moving:
        mark += (
            f'<circle cx="{sx(x, y)}" cy="{sy(x, y)}" r="{INCH * 1.2}" fill="none" '
            f'stroke="#000" stroke-width="1.5"/>'
        )
    parts.append(
        f'<polygon points="{pt(*nose)} {pt(*left)} {pt(*right)}" fill="{fill}" stroke="#000" '
        f'stroke-width="0.6"/>{badge}'
        f'<text x="{sx(x, y)}" y="{sy(x, y) - INCH * 0.9}" font-size="9" text-anchor="middle" '
        f'font-weight="{"bold" if raf else "normal"}" font-style="{"normal" if raf else "italic"}">'
        f"{esc(label)}</text>{mark}"
    )
    cls = "plane " + ("raf" if raf else "luftwaffe") + (" opt" if action else "")
    attr = f' data-action="{esc(action)}" tabindex="0" role="button"' if action else ""
    at = f' data-at="{sx(x, y)} {sy(x, y)}"'  # where the plane is: the page draws its moves
    return (
        f'<g class="{cls}" data-plane="{esc(pid)}"{at}{attr}><title>{esc(words)}</title>'
        f"{''.join(parts)}</g>"
    )


def planes_layer(view: View, acts: set[str], moving_id: str | None) -> str:
    arcs = "".join(arc_svg(p, view, str(p["id"]) == moving_id) for p in view.get("planes") or [])
    parts = [f'<g class="arcs" pointer-events="none">{arcs}</g>']
    for p in view.get("planes") or []:
        status = p.get("status")
        if status == "destroyed":
            x, y = float(p["x"]), float(p["y"])
            parts.append(
                f'<g class="wreck"><title>{esc(p["id"])} destroyed</title>'
                f'<path d="M{sx(x, y) - 4} {sy(x, y) - 4}l8 8m0 -8l-8 8" stroke="#555" '
                f'stroke-width="1.5"/></g>'
            )
            continue
        if status != "flying":
            continue
        pid = str(p["id"])
        action = ""
        for text in (f"select plane={pid}",):
            if text in acts:
                acts.discard(text)
                action = text
        for text in sorted(acts):
            if text.startswith("fire ") and text.endswith(f" target={pid}"):
                acts.discard(text)
                action = text
                break
        parts.append(plane_svg(p, view, action, pid == moving_id))
    return "".join(parts)


def current_layer(view: View, texts: Sequence[str], acts: set[str], free: str) -> str:
    """The path of the plane now moving, its stop marker, bombing points along it."""
    current = view.get("current")
    if not isinstance(current, Mapping):
        return ""
    points = [(float(a), float(b)) for a, b in current.get("path") or []]
    if len(points) < 2:
        return ""
    d = "M" + "L".join(pt(x, y) for x, y in points)
    parts = [
        f'<path class="move-path" d="{d}" stroke="#000" stroke-width="2" fill="none" '
        f'stroke-dasharray="5 3"><title>the path of {esc(current.get("plane"))}</title></path>'
    ]
    if free.startswith("bomb "):
        path_attr = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        parts.append(
            f'<path class="free" d="{d}" stroke="#000" stroke-opacity="0.01" stroke-width="14" '
            f'fill="none" data-free="along" data-path="{path_attr}" '
            f'data-template="bomb at={{at}}"><title>drag along the path to choose where to bomb'
            f"</title></path>"
        )
    for text in texts:
        match = re.fullmatch(r"bomb at=(-?[\d.]+)", text)
        if match and text in acts:
            acts.discard(text)
            bx, by = along(points, float(match.group(1)))
            parts.append(
                f'<g class="opt bomb-point" data-action="{esc(text)}" tabindex="0" role="button">'
                f"<title>{esc(text)}</title>"
                f'<circle cx="{sx(bx, by)}" cy="{sy(bx, by)}" r="6" fill="#ffd24d" stroke="#000"/>'
                f'<text x="{sx(bx, by)}" y="{sy(bx, by) + 3}" font-size="8" text-anchor="middle">B'
                f'</text><circle class="opt-mark" cx="{sx(bx, by)}" cy="{sy(bx, by)}" r="9"/></g>'
            )
    return "".join(parts)


def along(points: Sequence[tuple[float, float]], d: float) -> tuple[float, float]:
    """The point ``d`` inches along a polyline."""
    for (ax, ay), (bx, by) in itertools.pairwise(points):
        seg = math.hypot(bx - ax, by - ay)
        if d <= seg or (bx, by) == points[-1]:
            t = 0.0 if seg == 0 else min(1.0, d / seg)
            return ax + (bx - ax) * t, ay + (by - ay) * t
        d -= seg
    return points[-1]


def move_layer(
    view: View, decision: Any, texts: Sequence[str], acts: set[str], free: str
) -> tuple[str, str | None]:
    """A move decision: the end of each offered turn, and the free drag of a heading."""
    match = re.match(r"Move (\S+)", prompt_of(decision))
    if not match or not free.startswith("move "):
        return "", None
    pid = match.group(1)
    plane = next((p for p in view.get("planes") or [] if p.get("id") == pid), None)
    if plane is None:
        return "", None
    x, y, heading = float(plane["x"]), float(plane["y"]), float(plane.get("heading", 0))
    total = float(plane.get("allowance", 0.0))
    straight = float(plane.get("straight", 0.0))
    limits = re.search(r"turn=<-?([\d.]+)\.\.", free)
    max_turn = float(limits.group(1)) if limits else 180.0
    table = view.get("table") or {}
    width, length = float(table.get("width", 48)), float(table.get("length", 72))
    parts = [
        f'<rect class="free" x="{OX}" y="{OY}" width="{length * INCH}" height="{width * INCH}" '
        f'fill="#000" fill-opacity="0" data-free="move" data-plane="{esc(pid)}" '
        f'data-origin="{num(x)},{num(y)}" data-heading="{num(heading)}" '
        f'data-straight="{num(straight)}" data-total="{num(total)}" data-max-turn="{num(max_turn)}">'
        f"<title>drag to choose {esc(pid)}'s turn</title></rect>"
    ]
    # the least straight leg, then a fan of the offered turns
    ux, uy = heading_vec(heading)
    p1 = (x + ux * straight, y + uy * straight)
    parts.append(
        f'<path d="M{pt(x, y)}L{pt(*p1)}" stroke="#000" stroke-width="2" stroke-dasharray="4 2"/>'
    )
    for text in texts:
        m = re.fullmatch(r"move turn=(-?[\d.]+)", text)
        if not m or text not in acts:
            continue
        acts.discard(text)
        turn = float(m.group(1))
        end = Path((x, y), heading, straight, turn, total).points[2]
        parts.append(
            f'<g class="opt turn-end" data-action="{esc(text)}" tabindex="0" role="button">'
            f"<title>turn {num(turn)}°</title>"
            f'<path d="M{pt(*p1)}L{pt(*end)}" stroke="#333" stroke-opacity="0.35" '
            f'stroke-width="1"/><circle cx="{sx(*end)}" cy="{sy(*end)}" r="4.5" fill="#fff" '
            f'stroke="#000"/><circle class="opt-mark" cx="{sx(*end)}" cy="{sy(*end)}" r="6"/></g>'
        )
    parts.append(
        f'<path class="drag-preview" d="" stroke="#d40" stroke-width="2.5" fill="none" '
        f'data-for="{esc(pid)}"/>'
    )
    return "".join(parts), pid


def place_layer(texts: Sequence[str], acts: set[str], free: str) -> str:
    match = re.fullmatch(r"place x=<([\d.]+)\.\.([\d.]+)> y=<([\d.]+)\.\.([\d.]+)>", free)
    if not match:
        return ""
    x0, x1, y0, y1 = (float(g) for g in match.groups())
    parts = [
        f'<rect class="free entry-area" x="{sx(x0, y0) - 4}" y="{sy(x0, y0) - 4}" '
        f'width="{(y1 - y0) * INCH + 8}" height="{(x1 - x0) * INCH + 8}" fill="#ffd400" '
        f'fill-opacity="0.15" stroke="#000" stroke-dasharray="4 3" data-free="place" '
        f'data-x-range="{num(x0)},{num(x1)}" data-y-range="{num(y0)},{num(y1)}">'
        f"<title>entry area: click to place the group's leader here</title></rect>"
    ]
    for text in texts:
        m = re.fullmatch(r"place x=(-?[\d.]+) y=(-?[\d.]+)", text)
        if not m or text not in acts:
            continue
        acts.discard(text)
        x, y = float(m.group(1)), float(m.group(2))
        # the point drawn once (DEFS, PLACE_POINT), its ring stroked as the <use> is (the
        # style's hover, focus and the page's highlight); no <title>: the page says the
        # option's own words ("Place at 7.5" across, 8.5" down")
        parts.append(
            f'<use href="#{PLACE_POINT}" class="opt place-point" data-action="{esc(text)}" '
            f'tabindex="0" role="button" x="{sx(x, y)}" y="{sy(x, y)}"/>'
        )
    return "".join(parts)


def panel(view: View, seat: str | None) -> str:
    """The roster beside the table, its lines from x=0 (the panel's group is moved there)."""
    lines: list[tuple[str, int, bool]] = []
    lines.append(("Crane: " + str(view.get("scenario", "")).replace("-", " "), 15, True))
    lines.append((f"Turn {view.get('turn', 0)} · {view.get('phase', '')}", 11, False))
    who = {"raf": "RAF", "luftwaffe": "Luftwaffe"}.get(seat or "", "spectator")
    lines.append((f"You are: {who}", 11, False))
    lines.append(
        (f"Factory hits {view.get('bomb_hits', 0)} of {view.get('bombs_needed', '?')}", 11, True)
    )
    losses = view.get("losses") or {}
    if losses:
        lines.append(
            ("Losses: " + ", ".join(f"{k} {v}" for k, v in sorted(losses.items())), 10, False)
        )
    result = view.get("result")
    if isinstance(result, Mapping):
        winner = {"raf": "the RAF", "luftwaffe": "the Luftwaffe"}.get(result.get("winner") or "")
        lines.append((f"Game over: {'won by ' + winner if winner else 'a draw'}", 12, True))
        lines.append((str(result.get("reason", ""))[:60], 10, False))
    lines.append(("", 6, False))
    for side, title in (("raf", "RAF"), ("luftwaffe", "Luftwaffe")):
        lines.append((title, 12, True))
        ids: list[str] = []
        alike, section = "", None
        for p in view.get("planes") or []:
            if p.get("side") != side:
                continue
            bits = [str(p.get("status"))]
            if p.get("status") == "flying":
                bits.append(f"{p.get('heading'):g}°")
                if p.get("altitude"):
                    bits.append(str(p["altitude"]))
            if p.get("damage"):
                bits.append(f"damage {p['damage']}")
            if p.get("moved"):
                bits.append("moved")
            kind = NAMES.get(str(p.get("type")), str(p.get("type")))
            said = f"{kind}: {', '.join(bits)}"
            if said == alike and p.get("section") == section:  # the same as the line above:
                ids.append(str(p["id"]))  # one line ("V1-1, V1-2, V1-3 Spitfire: waiting")
                lines[-1] = (f"{', '.join(ids)} {said}", 10, False)
                continue
            ids, alike, section = [str(p["id"])], said, p.get("section")
            lines.append((f"{p['id']} {said}", 10, False))
    lines.append(("", 6, False))
    lines.append(("Key: arrow + roundel RAF, arrow + square Luftwaffe", 9, False))
    lines.append(("(ids in lower case, italic); wedge: fire arc and range;", 9, False))
    lines.append(("dashed box: flak range; ✕n: damage; X: wreck", 9, False))
    out = []
    y = 14
    for words, size, bold in lines:
        y += size + 3
        if not words:  # a gap
            continue
        weight = ' font-weight="bold"' if bold else ""
        font = "" if size == 10 else f' font-size="{size}"'  # 10: the panel's
        out.append(f'<text y="{y}"{font}{weight}>{esc(words)}</text>')
    return "".join(out)


PLACE_POINT = "pp"  # short: its <use> comes once for each of up to 36 entry points a push
DEFS = (
    "<defs>"
    f'<g id="{PLACE_POINT}"><circle r="4" fill="#fff" stroke="#000" stroke-width="1"/>'
    '<circle r="6" fill="none" stroke-dasharray="3 2" pointer-events="all"/></g>'
    '<pattern id="factory" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#c8b27a"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#6b5a2a" stroke-width="2"/></pattern>'
    "</defs>"
    "<style>"
    "text{font-family:system-ui,sans-serif;fill:#1b1b1b}"
    ".opt{cursor:pointer}"
    ".opt-mark{fill:none;stroke:#000;stroke-width:2;stroke-dasharray:3 2;pointer-events:all}"
    "g.opt:hover .opt-mark,g.opt:focus .opt-mark{stroke:#d40;stroke-width:3}"
    "use.place-point{stroke:#000;stroke-width:2}"
    "use.place-point:hover,use.place-point:focus,use.place-point.hl"
    "{stroke:var(--focus,#d40);stroke-width:3}"
    "</style>"
)


STATIC_SLOT = '<g class="board" data-static-map="crane"></g>'


@lru_cache(maxsize=1)
def static_layer() -> str:
    """The 6-inch grid and the rulers over the largest table the rules offer, the same in every
    game and for every seat; the map clips them to the table played on."""
    tables = load_components().tables.values()
    return board_layer(max(t.width for t in tables), max(t.length for t in tables))


def render_static(options: Mapping[str, Any] | None = None) -> str:
    """The board alone, drawn without any view: the same for every game and seat."""
    tables = load_components().tables.values()
    width, length = max(t.width for t in tables), max(t.length for t in tables)
    w, h = int(OX + length * INCH + 20), int(OY + width * INCH + 30)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table crane board" '
        f'viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="the crane grid">'
        f'<g class="board" data-static-board="crane">{static_layer()}</g></svg>'
    )


def _covered(view: View) -> bool:
    """Whether the static grid spans this view's table (a table from the ``data`` option may
    be larger: its grid is then drawn with the map)."""
    table = view.get("table") or {}
    tables = load_components().tables.values()
    return float(table.get("width", 48)) <= max(t.width for t in tables) and float(
        table.get("length", 72)
    ) <= max(t.length for t in tables)


def render_dynamic(view: View, seat: str | None, decision: Any = None) -> str:
    """What changes, as ``render_svg`` draws it, the grid left as an empty ``STATIC_SLOT``."""
    if not _covered(view):
        return render_svg(view, seat, decision)
    return _render(view, seat, decision, STATIC_SLOT)


def render_svg(view: View, seat: str | None, decision: Any = None) -> str:
    """The table as ``seat`` sees it (crane hides nothing), options clickable."""
    if not _covered(view):
        table = view.get("table") or {}
        own = board_layer(float(table.get("width", 48)), float(table.get("length", 72)))
        return _render(view, seat, decision, f'<g class="board">{own}</g>')
    return _render(view, seat, decision, f'<g class="board">{static_layer()}</g>')


def _render(view: View, seat: str | None, decision: Any, board: str) -> str:
    texts = option_texts(decision)
    acts = set(texts)
    free = free_of(decision)
    table = view.get("table") or {}
    width, length = float(table.get("width", 48)), float(table.get("length", 72))
    move, moving = move_layer(view, decision, texts, acts, free)
    current = view.get("current")
    if isinstance(current, Mapping):
        moving = str(current.get("plane"))
    clip = (
        f'<clipPath id="on-table"><rect x="{OX}" y="{OY}" width="{length * INCH}" '
        f'height="{width * INCH}"/></clipPath>'
        # the rulers' labels of this table, not those of a larger one beyond it
        f'<clipPath id="on-rulers"><rect width="{OX + length * INCH + 12:g}" '
        f'height="{OY + width * INCH + 6:g}"/></clipPath>'
    )
    layers = [
        clip,
        table_layer(view, board),
        place_layer(texts, acts, free),
        move,
        current_layer(view, texts, acts, free),
        planes_layer(view, acts, moving),
    ]
    table_w = OX + length * INCH + 20
    total_w = int(table_w + PANEL_W)
    height = int(max(OY + width * INCH + 30, 560))
    # the two regions a page may show apart (a tab each): the table, the roster beside it
    regions = (
        f'data-map="0 0 {table_w:g} {OY + width * INCH + 24:g}" '
        f'data-panel="{table_w - 8:g} 0 {PANEL_W + 8:g} {height}" data-panel-name="Roster"'
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table crane" '
        f'viewBox="0 0 {total_w} {height}" width="{total_w}" height="{height}" role="img" '
        f'aria-label="the crane table in inches" data-inch="{INCH:g}" data-ox="{OX:g}" '
        f'data-oy="{OY:g}" data-axes="yx" {regions}>{DEFS}'
        f'<g class="map">{"".join(layers)}</g>'
        f'<g class="panel" font-size="10" transform="translate({table_w:g} 0)">'
        f"{panel(view, seat)}</g></svg>"
    )

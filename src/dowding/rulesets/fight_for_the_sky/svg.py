"""The Fight for the Sky hex map as an SVG document, for the browser.

``render_svg(view, seat, decision)`` draws from the view and the static board alone. Hexes A..U
by rows, terrain by fill and a letter (S sea, E England, F France, A assembly) so nothing is told
by colour alone; targets and bases named; flight-path arrows; RAF squadrons as rounded blue tags
with their number, formations as square red tags with their counters (a '?' when face down).

Clickable options: each legal option that names a hex or a counter is one element carrying
``data-action="<the action's exact text>"`` (a hex to fly to, land at, assemble on, attack, aim
at or patrol; a squadron to select; a unit to lose a flight). Options with nothing to point at
(``end``, ``done``, ``form``...) are left to the client's list. There are no free values.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from html import escape
from typing import Any

from dowding.engine import Action

from .board import Board, load_board

View = Mapping[str, Any]
SIZE = 22.0  # centre to corner
_FILL = {
    "sea": "#cfe3f5",
    "coast": "#d9ead0",
    "land": "#e8f0d8",
    "france": "#f3e6c4",
    "assembly": "#f5c6c6",
}
_LETTER = {"sea": "S", "coast": "E", "land": "E", "france": "F", "assembly": "A"}


def _centre(board: Board, h: str) -> tuple[float, float]:
    c, r = board.coords[h]
    x = SIZE * 1.5 * c + SIZE + 10
    y = math.sqrt(3) * SIZE * (r + (0.5 if c % 2 == 0 else 0)) + SIZE + 24
    return x, y


def _corners(x: float, y: float, size: float = SIZE) -> str:
    return " ".join(
        f"{x + size * math.cos(math.radians(60 * i)):.1f},{y + size * math.sin(math.radians(60 * i)):.1f}"
        for i in range(6)
    )


def _hex_of(board: Board, action: Action) -> str | None:
    for key in ("to", "at"):
        value = action.get(key)
        if isinstance(value, str):
            if value in board.coords:
                return value
            if value in board.target_hex:
                return board.target_hex[value]
            if value in board.bases:
                return board.bases[value].hex
    return None


def render_svg(view: View, seat: str | None, decision: Any = None) -> str:
    board = load_board()
    grid = board.data.grid
    width = SIZE * 1.5 * grid.columns + SIZE + 30
    height = math.sqrt(3) * SIZE * (grid.rows + 0.5) + SIZE + 60
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'class="ffs-map" role="img" aria-label="Fight for the Sky, turn {view["turn"]}">',
        f'<text x="10" y="16" font-size="13">{escape(view["date"])}, turn {view["turn"]}, '
        f"weather {escape(view['weather'])}</text>",
    ]
    for c in range(grid.columns):
        x, _ = _centre(board, f"{chr(ord('A') + c)}1")
        out.append(
            f'<text x="{x:.1f}" y="34" font-size="10" text-anchor="middle">'
            f"{chr(ord('A') + c)}</text>"
        )
    for h in board.hexes:
        x, y = _centre(board, h)
        terrain = board.terrain[h]
        out.append(
            f'<g class="hex {terrain}" data-hex="{h}"><polygon points="{_corners(x, y)}" '
            f'fill="{_FILL[terrain]}" stroke="#888" stroke-width="0.6"/>'
            f'<text x="{x - 12:.1f}" y="{y - 8:.1f}" font-size="6" fill="#666">{h} '
            f"{_LETTER[terrain]}</text></g>"
        )
    for a, ends in board.edges.items():
        x1, y1 = _centre(board, a)
        for b in ends:
            x2, y2 = _centre(board, b)
            out.append(
                f'<line class="path" x1="{x1:.1f}" y1="{y1:.1f}" x2="{(x1 + x2) / 2:.1f}" '
                f'y2="{(y1 + y2) / 2:.1f}" stroke="#a33" stroke-width="1" opacity="0.5"/>'
            )
    for t, h in board.target_hex.items():
        x, y = _centre(board, h)
        hits = view["damage"].get(t, 0)
        out.append(
            f'<text class="target" x="{x:.1f}" y="{y + 14:.1f}" font-size="7" text-anchor="middle">'
            f"{escape(board.targets[t].place.split(' ')[0])} AA{board.targets[t].aa}"
            f"{' hits ' + str(hits) if hits else ''}</text>"
        )
    options: tuple[Action, ...] = tuple(getattr(decision, "options", ()) or ())
    clickable_units = {
        str(o.get("unit")): o for o in options if o.kind in ("select", "allot") and o.get("unit")
    }
    stacks: dict[str, int] = {}
    for r in view["raf"]:
        if not r["hex"]:
            continue
        x, y = _centre(board, r["hex"])
        k = stacks[r["hex"]] = stacks.get(r["hex"], 0) + 1
        action = clickable_units.get(str(r["sqn"]))
        extra = f' data-action="{escape(action.text)}" tabindex="0" role="button"' if action else ""
        out.append(
            f'<g class="raf"{extra}><rect x="{x - 14:.1f}" y="{y - 16 + 9 * k:.1f}" width="18" '
            f'height="9" rx="3" fill="#2d5fa8"/><text x="{x - 5:.1f}" y="{y - 9 + 9 * k:.1f}" '
            f'font-size="7" fill="white" text-anchor="middle">{escape(str(r["sqn"]))}</text></g>'
        )
    for f in view["formations"]:
        if not f["hex"]:
            continue
        x, y = _centre(board, f["hex"])
        sign = "" if f["face_up"] else "?"
        out.append(
            f'<g class="formation"><rect x="{x + 2:.1f}" y="{y - 10:.1f}" width="14" height="12" '
            f'fill="#b33"/><text x="{x + 9:.1f}" y="{y - 1:.1f}" font-size="8" fill="white" '
            f'text-anchor="middle">{sign}{f["counters"]}</text></g>'
        )
    for uid, action in clickable_units.items():
        if action.kind == "allot":
            out.append(
                f'<text class="allot" data-action="{escape(action.text)}" tabindex="0" '
                f'role="button" x="10" y="{height - 8:.0f}" font-size="9">lose a flight: {uid}</text>'
            )
    seen: dict[str, int] = {}
    for o in options:
        spot = _hex_of(board, o)
        if spot is None or o.kind in ("select", "allot"):
            continue
        x, y = _centre(board, spot)
        k = seen[spot] = seen.get(spot, 0) + 1
        out.append(
            f'<polygon class="option" data-action="{escape(o.text)}" tabindex="0" role="button" '
            f'points="{_corners(x, y, SIZE * (0.9 / k))}" fill="#ffd54f" fill-opacity="0.25" '
            f'stroke="#c90" stroke-width="1"><title>{escape(o.text)}</title></polygon>'
        )
    turn = view["turn"]
    track = " ".join(f"[{t}]" if t == turn else str(t) for t in range(1, 17))
    losses = view["loss_track"]
    out.append(
        f'<text class="tracks" x="10" y="{height - 22:.0f}" font-size="9">Turn {track}   '
        f"Losses: RAF box {losses['raf'] or '-'}, Luftwaffe box {losses['luftwaffe'] or '-'}   "
        f"Score RAF {view['scores']['raf']:g}, Luftwaffe {view['scores']['luftwaffe']:g}</text>"
    )
    out.append("</svg>")
    return "\n".join(out)

"""The Fight for the Sky hex map as an SVG document, for the browser.

``render_svg(view, seat, decision)`` draws from the view and the static board alone. Hexes A..U
by rows, terrain by fill and a letter (S sea, E England, F France, A assembly) so nothing is told
by colour alone; targets and bases named; flight-path arrows; RAF squadrons as rounded blue tags
with their number, formations as square red tags with their counters (a '?' when face down).

Clickable options: each legal option that names a hex or a counter is one element carrying
``data-action="<the action's exact text>"`` (a hex to fly to, land at, assemble on, attack, aim
at or patrol; a squadron to select; a unit to lose a flight). Options with nothing to point at
(``end``, ``done``, ``form``...) are left to the client's list. There are no free values.

Beside the map, the rosters: the RAF's squadrons by sector (on the ground at their airfield,
aloft over a hex, refuelling, lost), the formations as this view knows them (face down: only
their counters; known: their aircraft) and, for the Luftwaffe, its units. A squadron or unit
that is an option is clickable there too, so a squadron on the ground can be chosen.

The board (hexes, terrain, column letters, flight paths, targets' names) is the same in every game
and for every seat: ``render_static()`` draws it alone, without any view, for the server to send
once (``GET /api/maps/fight-for-the-sky``), and ``render_dynamic(view, seat, decision)`` draws
the rest with an empty ``<g data-static-map>`` where the board goes; ``render_svg`` is the two
together.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import lru_cache
from html import escape
from typing import Any

from dowding.engine import Action, data_folder

from .board import Board, load_board
from .words import aircraft, formation, place, squadron, squadron_state, unit

View = Mapping[str, Any]
SIZE = 22.0  # centre to corner
TOP = 38.0  # the date and the column letters above the first row
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
    y = math.sqrt(3) * SIZE * (r + (0.5 if c % 2 == 0 else 0)) + SIZE + TOP
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


STATIC_SLOT = '<g class="board" data-static-map="fight-for-the-sky"></g>'
OPTION_HEX = "ffs-opt"
OPTION_DEFS = (
    f'<defs><polygon id="{OPTION_HEX}" points="{_corners(0, 0, SIZE * 0.9)}"/></defs>'
    # a <use> is only ever a hex option: styled here once rather than on each
    "<style>.ffs-map use{fill:#ffd54f;fill-opacity:.25;stroke:#c90;stroke-width:1}"
    ".ffs-map use:hover,.ffs-map use:focus{fill-opacity:.55}</style>"
)


def _size(board: Board) -> tuple[float, float]:
    grid = board.data.grid
    width = SIZE * 1.5 * grid.columns + SIZE + 30
    height = math.sqrt(3) * SIZE * (grid.rows + 0.5) + SIZE + TOP + 28
    return width, height


@lru_cache(maxsize=4)
def static_layer(data: str = "") -> str:
    """The hexes, their terrain, the column letters, the flight paths and the targets' names:
    the same in every game and for every seat (of the shipped map, or a player's own in
    ``data``)."""
    board = load_board(data)
    out: list[str] = []
    for c in range(board.data.grid.columns):
        x, _ = _centre(board, f"{chr(ord('A') + c)}1")
        out.append(
            f'<text x="{x:.1f}" y="{TOP - 2:.0f}" font-size="12" text-anchor="middle">'
            f"{chr(ord('A') + c)}</text>"
        )
    for h in board.hexes:
        x, y = _centre(board, h)
        terrain = board.terrain[h]
        out.append(
            f'<g class="hex {terrain}" data-hex="{h}"><polygon points="{_corners(x, y)}" '
            f'fill="{_FILL[terrain]}" stroke="#888" stroke-width="0.6"/>'
            f'<text x="{x - 12:.1f}" y="{y - 8:.1f}" font-size="8" fill="#555">{h} '
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
        out.append(
            f'<text class="target" x="{x:.1f}" y="{y + 15:.1f}" font-size="8" '
            f'text-anchor="middle">{escape(map_label(board.targets[t].place))} '
            f"AA{board.targets[t].aa}</text>"
        )
    return "\n".join(out)


_COMPASS = frozenset({"North", "South", "East", "West"})


def map_label(place: str) -> str:
    """A target's name short enough for its hex: the first word ("Biggin", "Stapleford"), but
    a compass word keeps the name it qualifies ("West Malling" -> "W. Malling", not "West")."""
    words = place.split(" ")
    if words[0] in _COMPASS and len(words) > 1:
        return f"{words[0][0]}. {words[1]}"
    return words[0]


def render_static(options: Mapping[str, Any] | None = None) -> str:
    """The board alone, drawn without any view: the same for every game and seat."""
    width, height = _size(load_board())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'class="ffs-map board" role="img" aria-label="Fight for the Sky map">'
        f'<g class="board" data-static-board="fight-for-the-sky">{static_layer()}</g></svg>'
    )


def render_dynamic(view: View, seat: str | None, decision: Any = None) -> str:
    """What changes, as ``render_svg`` draws it, the board left as an empty ``STATIC_SLOT`` (a
    player's own map, not the one drawn apart, is drawn whole)."""
    if data_folder(view):
        return render_svg(view, seat, decision)
    return _render(view, seat, decision, STATIC_SLOT)


def render_svg(view: View, seat: str | None, decision: Any = None) -> str:
    """The map and rosters as ``seat`` sees them, options clickable."""
    board = static_layer(data_folder(view))
    return _render(view, seat, decision, f'<g class="board">{board}</g>')


def _render(view: View, seat: str | None, decision: Any, board_layer: str) -> str:
    board = load_board(data_folder(view))
    width, height = _size(board)
    options: tuple[Action, ...] = tuple(getattr(decision, "options", ()) or ())
    panel, panel_height = _rosters(board, view, options, width + 10)
    total_height = max(height, panel_height)
    # the two regions the page shows apart (a tab each, mapview.js): the hex map with its date
    # and tracks, drawn to fill the window at Fit; the rosters beside it
    map_w, map_h = width - MAP_MARGIN, height - MAP_MARGIN
    regions = (
        f'data-map="0 0 {map_w:.0f} {map_h:.0f}" '
        f'data-panel="{width:.0f} {ROSTER_TOP:.0f} {PANEL:.0f} {panel_height - ROSTER_TOP:.0f}" '
        'data-panel-name="Rosters"'
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width + PANEL:.0f} '
        f'{total_height:.0f}" class="ffs-map" role="img" {regions} '
        f'aria-label="Fight for the Sky, turn {view["turn"]}">',
        OPTION_DEFS,
        '<g class="map">',
        f'<text x="10" y="16" font-size="13">{escape(view["date"])}, turn {view["turn"]}, '
        f"weather {escape(view['weather'])}</text>",
        board_layer,
    ]
    for t, h in board.target_hex.items():
        hits = view["damage"].get(t, 0)
        if hits:
            x, y = _centre(board, h)
            out.append(
                f'<text class="target-hits" x="{x:.1f}" y="{y + 23:.1f}" font-size="8" '
                f'text-anchor="middle">hits {hits}</text>'
            )
    # the hexes' options under the pieces, so that a piece in such a hex shows its own details
    # under the pointer; it carries its hex's (first) option, so a click on it chooses that
    seen: dict[str, int] = {}
    at_hex: dict[str, Action] = {}
    for o in options:
        spot = _hex_of(board, o)
        if spot is None or o.kind in ("select", "allot"):
            continue
        x, y = _centre(board, spot)
        k = seen[spot] = seen.get(spot, 0) + 1
        at_hex.setdefault(spot, o)
        # one shape drawn once and used at each hex (a move offers up to ~120 hexes); the option
        # list names each in words and lights up under the pointer
        at = (
            f'x="{round(x, 1):g}" y="{round(y, 1):g}"'
            if k == 1
            else f'transform="translate({x:.1f} {y:.1f}) scale({1 / k:.2f})"'
        )
        out.append(
            f'<use href="#{OPTION_HEX}" data-action="{escape(o.text)}" '
            f'tabindex="0" role="button" {at}/>'
        )
    clickable_units = {
        str(o.get("unit")): o for o in options if o.kind in ("select", "allot") and o.get("unit")
    }
    stacks: dict[str, int] = {}
    turn = int(view["turn"])
    for r in view["raf"]:
        if not r["hex"]:
            continue
        x, y = _centre(board, r["hex"])
        k = stacks[r["hex"]] = stacks.get(r["hex"], 0) + 1
        action = clickable_units.get(str(r["sqn"]))
        extra = f' data-action="{escape(action.text)}" tabindex="0" role="button"' if action else ""
        if action is None and r["hex"] in at_hex:
            extra = f' data-action="{escape(at_hex[r["hex"]].text)}"'
        # data-piece and data-at: moves.js draws what moved since a person's last decision,
        # from the hex's squadron column (not the counter's place in a stack, which shifts as
        # others come and go)
        # its details under the pointer: the squadron, then where it is and what it must do
        words = f"{squadron(r)}: {squadron_state(board, r, turn)}"
        out.append(
            f'<g class="raf" data-piece="{escape(str(r["sqn"]))}" '
            f'data-at="{x - 7:.1f} {y - 2:.1f}"{extra}>'
            f"<title>{escape(words)}</title>"
            f'<rect x="{x - 17:.1f}" y="{y - 17 + 10 * k:.1f}" width="20" '
            f'height="10" rx="3" fill="#2d5fa8"/><text x="{x - 7:.1f}" y="{y - 9 + 10 * k:.1f}" '
            f'font-size="8" fill="white" text-anchor="middle">{escape(str(r["sqn"]))}</text></g>'
        )
    for f in view["formations"]:
        if not f["hex"]:
            continue
        x, y = _centre(board, f["hex"])
        sign = "" if f["face_up"] else "?"
        # a formation is named only where the seat's view names it (the Luftwaffe's): its
        # number says which of the Basic Game's formations it is, hidden from the RAF
        piece = (
            f' data-piece="formation-{int(f["id"])}" data-at="{x + 11:.1f} {y - 4:.1f}"'
            if f.get("id") is not None
            else ""
        )
        if f["hex"] in at_hex:
            piece += f' data-action="{escape(at_hex[f["hex"]].text)}"'
        out.append(
            f'<g class="formation"{piece}><title>{escape(formation(board, f))}</title>'
            f'<rect x="{x + 3:.1f}" y="{y - 11:.1f}" width="16" height="13" '
            f'fill="#b33"/><text x="{x + 11:.1f}" y="{y - 1:.1f}" font-size="9" fill="white" '
            f'text-anchor="middle">{sign}{f["counters"]}</text></g>'
        )
    track = " ".join(f"[{t}]" if t == turn else str(t) for t in range(1, 17))
    losses = view["loss_track"]
    out.append(
        f'<text class="tracks" x="10" y="{height - 18:.0f}" font-size="10">Turn {track}   '
        f"Losses: RAF box {losses['raf'] or '-'}, Luftwaffe box {losses['luftwaffe'] or '-'}   "
        f"Score RAF {view['scores']['raf']:g}, Luftwaffe {view['scores']['luftwaffe']:g}</text>"
    )
    out.append("</g>")
    out.extend(panel)
    out.append("</svg>")
    return "\n".join(out)


PANEL = 360.0  # the rosters' width beside the map
MAP_MARGIN = 12.0  # the blank right of the last column and under the tracks, left out of Fit
ROSTER_TOP = 22.0  # the rosters' first line's top
LINE = 12.0


def _rosters(
    board: Board, view: View, options: tuple[Action, ...], left: float
) -> tuple[list[str], float]:
    """The rosters beside the map, and how tall they are."""
    clickable = {
        (o.kind, str(o.get("unit"))): o
        for o in options
        if o.kind in ("select", "allot", "add") and o.get("unit") is not None
    }
    out: list[str] = ['<g class="rosters panel" font-size="9">']
    y = ROSTER_TOP + 2

    def line(text: str, css: str, action: Action | None = None, bold: bool = False) -> None:
        nonlocal y
        y += LINE
        weight = ' font-weight="bold"' if bold else ""
        if action is None:
            out.append(
                f'<text class="{css}" x="{left:.0f}" y="{y:.0f}"{weight}>{escape(text)}</text>'
            )
            return
        out.append(
            f'<g class="{css} option" data-action="{escape(action.text)}" tabindex="0" '
            f'role="button"><rect x="{left - 2:.0f}" y="{y - 9:.0f}" width="{PANEL - 16:.0f}" '
            f'height="11" rx="2" fill="#ffd54f" fill-opacity="0.35" stroke="#c90" '
            f'stroke-width="0.6"/><text x="{left:.0f}" y="{y:.0f}"{weight}>{escape(text)}</text></g>'
        )

    def chips(items: list[tuple[str, str, Action | None]], columns: int = 3) -> None:
        """Many clickable units in a grid, each a short chip with its words as a tooltip."""
        nonlocal y
        wide = (PANEL - 16) / columns
        for k, (short, words, action) in enumerate(items):
            if k % columns == 0:
                y += LINE
            x = left + wide * (k % columns)
            attrs = (
                f' data-action="{escape(action.text)}" tabindex="0" role="button"'
                if action is not None
                else ""
            )
            out.append(
                f'<g class="roster-lw option"{attrs}><title>{escape(words)}</title>'
                f'<rect x="{x - 2:.0f}" y="{y - 9:.0f}" width="{wide - 4:.0f}" height="11" rx="2" '
                f'fill="#ffd54f" fill-opacity="0.35" stroke="#c90" stroke-width="0.6"/>'
                f'<text x="{x:.0f}" y="{y:.0f}">{escape(short)}</text></g>'
            )

    turn = int(view.get("turn") or 0)
    line("RAF squadrons", "roster-head", bold=True)
    sectors: dict[str, list[Mapping[str, Any]]] = {}
    for r in view.get("raf", ()):
        sectors.setdefault(str(r.get("sector") or r.get("base")), []).append(r)
    for sector, squadrons in sectors.items():
        line(f"{place(board, sector)} sector", "roster-sector")
        for r in squadrons:
            action = clickable.get(("select", str(r["sqn"]))) or clickable.get(
                ("allot", str(r["sqn"]))
            )
            line(f"  {squadron(r)}: {squadron_state(board, r, turn)}", "roster-raf", action)
    forms = list(view.get("formations", ()))
    line("Formations", "roster-head", bold=True)
    if not forms:
        line("  none in the air", "roster-form")
    for f in forms:
        line(f"  {formation(board, f)}", "roster-form")
    units = list(view.get("luftwaffe", ()))
    if units:
        line(f"Luftwaffe units ({view.get('pool', 0)} in the pool)", "roster-head", bold=True)
        chosen = [
            u
            for u in units
            if ("add", str(u["id"])) in clickable or ("allot", str(u["id"])) in clickable
        ]
        chips(
            [
                (
                    f"{u['id']} {aircraft(u['type'])} ({u['flights']})",
                    unit(u),
                    clickable.get(("add", str(u["id"]))) or clickable.get(("allot", str(u["id"]))),
                )
                for u in chosen
            ]
        )
        counts: dict[tuple[str, str], int] = {}
        for u in units:
            if u in chosen:
                continue
            key = (aircraft(u["type"]), str(u.get("status")))
            counts[key] = counts.get(key, 0) + 1
        for (name, status), n in sorted(counts.items()):
            line(f"  {n} {name} unit{'s' if n != 1 else ''}, {status}", "roster-lw")
    out.append("</g>")
    return out, y + 16

"""The bob plotting table as an SVG document, for the browser.

``render_svg(view, seat, decision)`` draws from ``view(state, seat)`` and the static board
alone, never from the state, so a face-down card is a patterned back with no id or type.

Clickable options: every legal option that names something on the table is one element
carrying ``data-action="<the action's exact text>"`` (a space to move to or resolve, a flight
to fly or intercept with, a mission card to assign, a squadron card to pick or repair, a
knocked-out target to repair, a Group to send production dice to). Options with nothing to
point at (``stop``, ``done``, ``fuel tokens=1``, ``lose cards=...``) are left to the client's
list. An option made of two things on the table (Squadron Alert's ``place card=C flight=F``)
marks each with ``data-part="card=C"`` / ``data-part="flight=F"``: the client sends the option
once the clicked parts name exactly one. bob has no free values.

The board (sea, land, coast, grid, Group areas, the Norway box) is the same in every game and
for every seat: ``render_static()`` draws it alone, without any view, for the server to send once
(``GET /api/maps/bob``), and ``render_dynamic(view, seat, decision)`` draws the rest with an empty
``<g data-static-map>`` where the board goes; ``render_svg`` is the two together.

Side is never shown by colour alone: RAF flights are rounded blue tags in capitals (``11B``),
Luftwaffe flights square red tags in lower case (``2a``) with a marker glyph; knocked-out
targets carry a cross and the letters KO; face-down cards a hatched back and a ``?``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import Any

from dowding.engine import data_folder
from dowding.gazetteer import column_letters

from .adapters import slug as slugify
from .board import BOX, parse_space_id
from .render import (
    SCENARIO_TITLES,
    TYPE_NAMES,
    base_of,
    flights_of,
    place_name,
    static,
    target_state,
)
from .tables import GROUPS, LUFTFLOTTEN, LUFTWAFFE, LW_FLIGHTS, RAF, RAF_FLIGHTS
from .words import AIRCRAFT

View = Mapping[str, Any]

CELL = 18  # pixels a grid space
MARGIN = 22  # room for the column letters and row numbers
PANEL_X = 600  # the displays start here
WIDTH = 1400
CARD_W, CARD_H = 40, 30
COLUMN_W = 395  # each of the two display columns
LABEL_W = 122  # a flight's words before its cards

SEA = "#bcd3e4"
LAND = {10: "#e6e2c4", 11: "#eadcb8", 12: "#dfe5c0", 13: "#d9e2cc", None: "#e2ddd0"}
CONTINENT = "#e7cfc0"
RAF_FILL, RAF_INK = "#1f5fa8", "#ffffff"
LW_FILL, LW_INK = "#a82424", "#ffffff"
KO_INK = "#b00000"

COMBAT_GLYPH = {"dogfight": "D", "intercept": "I", "bigwing": "W"}
STATUS_WORDS = {"box": "on display", "grounded": "grounded"}


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def option_texts(decision: Any) -> list[str]:
    """The option texts of an engine Decision, a payload dict, or None."""
    if decision is None:
        return []
    options = decision.get("options") if isinstance(decision, Mapping) else decision.options
    out = []
    for o in options or ():
        if isinstance(o, Mapping):
            out.append(str(o.get("text", "")))
        else:
            out.append(str(getattr(o, "text", o)))
    return out


def side_of(seat: str | None) -> str | None:
    if seat is None:
        return None
    return RAF if seat.startswith("raf") else LUFTWAFFE


# --- geometry --------------------------------------------------------------------------------
def cell_xy(space: str) -> tuple[float, float]:
    """Top-left corner of a grid space, or of the Norway box."""
    if space == BOX:
        return NORWAY[0] + NORWAY[2] / 2 - CELL / 2, NORWAY[1] + 26
    col, row = parse_space_id(space)
    return MARGIN + col * CELL, MARGIN + row * CELL


def centre(space: str) -> tuple[float, float]:
    x, y = cell_xy(space)
    return x + CELL / 2, y + CELL / 2


def map_size(data: str = "") -> tuple[int, int]:
    grid = static(data).board.grid
    return MARGIN * 2 + grid.columns * CELL, MARGIN * 2 + grid.rows * CELL


NORWAY = (MARGIN + 25 * CELL + 30, MARGIN, 96, 64)  # x, y, w, h of the Norway box


# --- the static layer (drawn once) ---------------------------------------------------------------
# Each static helper takes ``data`` (``engine.data_folder``): the shipped board is drawn once for
# every game, a player's own board and cards with each map of that game (``render_dynamic``).
@lru_cache(maxsize=8)
def static_layer(data: str = "") -> str:
    st = static(data)
    board = st.board
    grid = board.grid
    out: list[str] = []
    w, h = map_size(data)
    out.append(f'<rect x="0" y="0" width="{w}" height="{h}" fill="{SEA}"/>')
    # one path per shade (and one for the coastal hatch) keeps the document small
    shades: dict[tuple[str, bool], list[str]] = {}
    coastal: list[str] = []
    for space in board.spaces.values():
        if space.box or space.terrain == "sea":
            continue
        x, y = cell_xy(space.id)
        fill = LAND.get(space.raf_group, LAND[None])
        if space.country in ("france", "belgium", "netherlands"):
            fill = CONTINENT
        square = f"M{x:g} {y:g}h{CELL}v{CELL}h-{CELL}z"
        shades.setdefault((fill, space.terrain == "both"), []).append(square)
        if space.terrain == "both":
            # a coastal space: land and sea, shown by a wave hatch as well as by shade
            coastal.append(square)
    for (fill, coast), squares in sorted(shades.items()):
        opacity = ' fill-opacity="0.75"' if coast else ""
        out.append(f'<path d="{"".join(squares)}" fill="{fill}"{opacity}/>')
    out.append(f'<path d="{"".join(coastal)}" fill="url(#coast)"/>')
    out.append(_coastline(data))
    out.append(_group_borders(data))
    # the grid and its labels
    lines = []
    for c in range(grid.columns + 1):
        x = MARGIN + c * CELL
        lines.append(f"M{x} {MARGIN}V{MARGIN + grid.rows * CELL}")
    for r in range(grid.rows + 1):
        y = MARGIN + r * CELL
        lines.append(f"M{MARGIN} {y}H{MARGIN + grid.columns * CELL}")
    out.append(f'<path d="{"".join(lines)}" stroke="#6c7f8f" stroke-width="0.3" fill="none"/>')
    labels = []
    for c in range(grid.columns):
        x = MARGIN + c * CELL + CELL / 2
        letter = column_letters(c)
        labels.append(f'<text x="{x}" y="{MARGIN - 7}">{letter}</text>')
        labels.append(f'<text x="{x}" y="{h - 8}">{letter}</text>')
    for r in range(grid.rows):
        y = MARGIN + r * CELL + CELL / 2 + 3
        labels.append(f'<text x="{MARGIN / 2}" y="{y}">{r + 1}</text>')
        labels.append(f'<text x="{w - MARGIN / 2}" y="{y}">{r + 1}</text>')
    out.append(f'<g class="grid-labels" font-size="8" text-anchor="middle">{"".join(labels)}</g>')
    for group, (gx, gy) in _group_label_spots().items():
        out.append(
            f'<text x="{gx}" y="{gy}" class="area-label" font-size="11" text-anchor="middle" '
            f'fill="#50604a" font-style="italic">{group} Group</text>'
        )
    nx, ny, nw, nh = NORWAY
    out.append(
        f'<g class="norway"><rect x="{nx}" y="{ny}" width="{nw}" height="{nh}" fill="{CONTINENT}" '
        f'stroke="#333" stroke-width="1"/><text x="{nx + nw / 2}" y="{ny + 12}" font-size="10" '
        f'text-anchor="middle" font-weight="bold">NOR Norway box</text>'
        f'<text x="{nx + nw / 2}" y="{ny + nh + 11}" font-size="8" text-anchor="middle">'
        f"links {esc(_box_links_text(data))}</text></g>"
    )
    out.append(_static_targets(data))
    out.append(_legend())
    out.append(_shapes(data))
    return DEFS + "".join(out)


def _box_links_text(data: str = "") -> str:
    links = static(data).board.box_links
    return f"{links[0]}-{links[-1]}" if len(links) > 1 else links[0]


def _edges(same: Any, data: str = "") -> str:
    """A path along every cell edge where ``same(a, b)`` is false between neighbours."""
    board = static(data).board
    grid = board.grid
    d = []
    for r in range(grid.rows):
        for c in range(grid.columns):
            a = board.spaces[f"{column_letters(c)}{r + 1}"]
            if c + 1 < grid.columns:
                b = board.spaces[f"{column_letters(c + 1)}{r + 1}"]
                if not same(a, b):
                    x = MARGIN + (c + 1) * CELL
                    d.append(f"M{x} {MARGIN + r * CELL}v{CELL}")
            if r + 1 < grid.rows:
                b = board.spaces[f"{column_letters(c)}{r + 2}"]
                if not same(a, b):
                    y = MARGIN + (r + 1) * CELL
                    d.append(f"M{MARGIN + c * CELL} {y}h{CELL}")
    return "".join(d)


def _coastline(data: str = "") -> str:
    d = _edges(lambda a, b: (a.terrain == "sea") == (b.terrain == "sea"), data)
    return f'<path class="coast" d="{d}" stroke="#2c4a63" stroke-width="1.4" fill="none"/>'


def _group_borders(data: str = "") -> str:
    def same(a: Any, b: Any) -> bool:
        if a.terrain == "sea" or b.terrain == "sea":
            return True
        return bool(a.raf_group == b.raf_group)

    d = _edges(same, data)
    return (
        f'<path class="group-border" d="{d}" stroke="#5b4a2a" stroke-width="1.2" '
        f'stroke-dasharray="4 2" fill="none"/>'
    )


def _group_label_spots() -> dict[int, tuple[float, float]]:
    # an inland spot in each Group area, away from the busy south coast
    spots = {10: "J35", 11: "P33", 12: "P27", 13: "K15"}
    out = {}
    for g, s in spots.items():
        x, y = cell_xy(s)
        out[g] = (x + CELL / 2, y - 2)
    return out


FACE_DOWN = "bob-cd"  # a face-down squadron card
RAF_TAG, LW_TAG = "bob-tr", "bob-tl"  # the bodies of a flight's tag on the map
MISSION_FACE = "bob-mf"
RADAR_LINE = "bob-rc"  # every station's cover: the radar line with none knocked out


def _face_id(
    raf: bool, kind: str, dice: object, damage: object, bombs: object, data: str = ""
) -> str:
    """The id of a card face in the static board: ``bob-f3``, by its place among the faces the
    deck holds, so that the board's ids name no aircraft type (a seat that has seen no He 111
    reads no ``he111`` in what it receives); a face the deck does not hold (other data) is
    drawn in place and keeps a name of its values, never sent as an id."""
    key = _face_key(raf, kind, dice, damage, bombs, data)
    return _deck_faces(data).get(key, key)


def _face_key(
    raf: bool, kind: str, dice: object, damage: object, bombs: object, data: str = ""
) -> str:
    """``bob-spitfire`` for the face the deck prints for a type (every shipped card of a type
    has the same values), else one naming its values too."""
    if _type_faces(data).get(slugify(kind)) == (raf, dice, damage, bombs or 0):
        return f"bob-{slugify(kind)}"
    return f"bob-c-{'r' if raf else 'l'}-{slugify(kind)}-{dice}-{damage}-{bombs or 0}"


@lru_cache(maxsize=8)
def _deck_faces(data: str = "") -> dict[str, str]:
    keys = sorted(
        {
            _face_key(c.side == RAF, c.type, c.dice, c.damage, c.bombs, data)
            for c in static(data).tables.cards
        }
    )
    return {key: f"bob-f{n}" for n, key in enumerate(keys)}


@lru_cache(maxsize=8)
def _type_faces(data: str = "") -> dict[str, tuple[bool, int, int, int]]:
    """Each aircraft type's values, as the deck prints them on most of its cards."""
    counts: dict[str, dict[tuple[bool, int, int, int], int]] = {}
    for c in static(data).tables.cards:
        values = (c.side == RAF, c.dice, c.damage, c.bombs or 0)
        by = counts.setdefault(slugify(c.type), {})
        by[values] = by.get(values, 0) + 1
    return {kind: max(by, key=lambda v: by[v]) for kind, by in counts.items()}


def _face(raf: bool, kind: str, dice: object, damage: object, bombs: object) -> str:
    """A squadron card's face at (0, 0): its type, dogfight dice / damage [/ bombing dice]."""
    values = f"{dice}/{damage}" + (f"/{bombs}" if bombs else "")
    name = TYPE_NAMES.get(kind, kind.title())
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="{6 if raf else 0}" fill="#fffdf4" '
        f'stroke="{RAF_FILL if raf else LW_FILL}" stroke-width="1.6"/>'
        f'<text x="{CARD_W / 2}" y="12" font-size="9" text-anchor="middle" '
        f'font-weight="bold">{esc(name)}</text>'
        f'<text x="{CARD_W / 2}" y="24" font-size="9" text-anchor="middle">{esc(values)}</text>'
    )


@lru_cache(maxsize=8)
def card_faces(data: str = "") -> frozenset[str]:
    """The ids of the faces the static board draws: one per kind of card the deck holds."""
    return frozenset(
        _face_id(c.side == RAF, c.type, c.dice, c.damage, c.bombs, data)
        for c in static(data).tables.cards
    )


@lru_cache(maxsize=8)
def card_symbols(data: str = "") -> dict[str, tuple[str, tuple[str, str]]]:
    """Each card of the deck as the static board draws it: its id there (by its place in the
    deck: the board names no card id), and the title and face it shows."""
    return {
        c.id: (
            f"bk{n}",
            (c.name, _face_id(c.side == RAF, c.type, c.dice, c.damage, c.bombs, data)),
        )
        for n, c in enumerate(static(data).tables.cards)
    }


def _card_symbol(cid: str, data: str = "") -> str:
    """A card of the deck drawn once: its squadron's name on its type's face."""
    sid, (name, face) = card_symbols(data)[cid]
    return f'<g id="{sid}"><title>{esc(name)}</title><use href="#{face}"/></g>'


@lru_cache(maxsize=8)
def card_defs(data: str = "") -> str:
    """Every card of the deck, for the board the page fetches once (``render_static``)."""
    return f"<defs>{''.join(_card_symbol(c.id, data) for c in static(data).tables.cards)}</defs>"


def _shapes(data: str = "") -> str:
    """What the dynamic layer places with ``<use>``, drawn once: each radar station's cover,
    each kind of squadron card's face (the deck's, public: which cards a side holds is never
    here), a face-down card, the flights' tags and a mission card's frame."""
    st = static(data)
    board = st.board
    out = ["<defs>"]
    band = 'fill="none" stroke="#c99a00" stroke-width="1.2" stroke-dasharray="1.5 1.5"'
    covered: set[str] = set()
    for station, cells in sorted(board.radar_stations.items()):
        out.append(f'<path id="{_radar_id(station, data)}" d="{_cells_path(cells, 1.5)}" {band}/>')
        covered.update(cells)
    out.append(f'<path id="{RADAR_LINE}" d="{_cells_path(covered, 1.5)}" {band}/>')
    kinds = {(c.side == RAF, c.type, c.dice, c.damage, c.bombs) for c in st.tables.cards}
    for face in sorted(kinds):
        out.append(f'<g id="{_face_id(*face, data)}">{_face(*face)}</g>')
    for fid in RAF_FLIGHTS + LW_FLIGHTS:  # the first line of each flight's row
        out.append(
            f'<text id="{_row_id(fid)}" font-size="10" font-weight="bold">'
            f"{esc(_row_label(fid, data))}</text>"
        )
    for fid in RAF_FLIGHTS + LW_FLIGHTS:  # each flight's tag, its label on it
        raf = fid in RAF_FLIGHTS
        w = 26 if raf else 24
        out.append(
            f'<g id="{_tag_id(fid)}" class="{"tag-raf" if raf else "tag-lw"}">'
            f'<use href="#{RAF_TAG if raf else LW_TAG}"/><text x="{w / 2:g}" y="8.5" '
            f'font-size="8" font-weight="bold" text-anchor="middle" fill="#fff">'
            f"{_tag_label(fid, raf)}</text></g>"
        )
    out.append(
        f'<g id="{FACE_DOWN}"><rect width="{CARD_W}" height="{CARD_H}" rx="3" '
        f'fill="url(#facedown)" stroke="#222"/><text x="{CARD_W / 2}" y="19" font-size="13" '
        f'text-anchor="middle" fill="#fff" font-weight="bold">?</text></g>'
        + "".join(
            f'<g id="{FACE_DOWN}{n}">'
            + "".join(f'<use href="#{FACE_DOWN}" x="{i * (CARD_W + 4)}"/>' for i in range(n))
            + "</g>"
            for n in range(2, MAX_DOWN + 1)
        )
        + f'<rect id="{RAF_TAG}" width="26" height="11" rx="5" fill="{RAF_FILL}" stroke="#fff" '
        f'stroke-width="0.8"/>'
        f'<rect id="{LW_TAG}" width="24" height="11" fill="{LW_FILL}" stroke="#000" '
        f'stroke-width="0.8"/>'
        # its edge is STYLE's: dashed on a card to choose, as an option's mark is
        f'<rect id="{MISSION_FACE}" width="100" height="28" fill="#fff7e0"/>'
        "</defs>"
    )
    return "".join(out)


DEFS = (
    "<defs>"
    '<pattern id="coast" width="6" height="6" patternUnits="userSpaceOnUse">'
    '<path d="M0 4 q1.5 -2 3 0 t3 0" stroke="#6f97b8" stroke-width="0.6" fill="none"/></pattern>'
    '<pattern id="facedown" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#55506a"/>'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#8a84a8" stroke-width="2"/></pattern>'
    '<pattern id="radar-gap" width="5" height="5" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="5" stroke="#b00000" '
    'stroke-width="1.6"/></pattern>'
    "</defs>"
)

TEXT_SIZES = (9, 10, 11, 12, 13, 16)  # the panel's sizes of text, each a class of STYLE


def text_class(size: int, bold: bool = False) -> str:
    """``t11 b``: a size and weight of the panel's text, as STYLE's classes (shorter than
    attributes, as the displays are most of what a push carries)."""
    return f"t{size}" + (" b" if bold else "")


STYLE = (
    "<style>"
    "text{font-family:system-ui,sans-serif;fill:#1b1b1b}"
    ".opt{cursor:pointer}"
    ".opt-space{fill:#ffd400;fill-opacity:.25;stroke:#000;stroke-width:1.5;stroke-dasharray:3 2}"
    ".opt-space:hover,.opt-space:focus{fill-opacity:.6}"
    ".opt-mark{fill:none;stroke:#000;stroke-width:2;stroke-dasharray:3 2;pointer-events:all}"
    "g.opt:hover .opt-mark,g.opt:focus .opt-mark{stroke:#d40;stroke-width:3}"
    ".tag-raf text,.tag-lw text{font-weight:700;font-size:8px;text-anchor:middle;fill:#fff}"
    ".tag-raf .mk,.tag-lw .mk{text-anchor:end}"
    ".mission text{font-size:9px}"
    f".mission use{{stroke:{LW_FILL}}}.mission.opt use{{stroke:#000;stroke-width:2;"
    "stroke-dasharray:3 2}.mission.opt:hover use,.mission.opt:focus use{stroke:#d40;"
    "stroke-width:3}"
    + "".join(f".t{size}{{font-size:{size}px}}" for size in TEXT_SIZES)
    + ".b{font-weight:700}"
    "</style>"
)


# --- the dynamic layer -------------------------------------------------------------------------------
class Actions:
    """The decision's options, handed out once each to the element that shows them."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.left = set(texts)
        # options made of two clicks (Squadron Alert: a drawn card, then a flight's box):
        # each part is marked data-part="key=value" and the client sends the option they make
        self.parts: dict[str, set[str]] = {}
        for text in texts:
            verb, _, rest = text.partition(" ")
            args = [a.split("=", 1) for a in rest.split()]
            if verb == "place" and {k for k, _ in args} == {"card", "flight"}:
                for key, value in args:
                    self.parts.setdefault(key, set()).add(value)

    def part(self, key: str, value: str) -> str:
        if value in self.parts.get(key, ()):
            return f' data-part="{esc(key)}={esc(value)}" tabindex="0" role="button"'
        return ""

    def take(self, text: str) -> str | None:
        if text in self.left:
            self.left.discard(text)
            return text
        return None

    def attr(self, text: str) -> str:
        taken = self.take(text)
        return f' data-action="{esc(taken)}" tabindex="0" role="button"' if taken else ""


def _radar_id(station: str, data: str = "") -> str:
    """A station's cover by its place among the stations (the board names no target in an id:
    a mission's target is a secret a report's text is checked for)."""
    return f"bob-rc{sorted(static(data).board.radar_stations).index(station)}"


def _cells_path(cells: Iterable[str], inset: float = 0) -> str:
    """Squares of the grid as one path, each a short move from the one before it."""
    d, at = [], (0.0, 0.0)
    size = CELL - 2 * inset
    for cell in sorted(cells, key=lambda c: cell_xy(c)[::-1]):
        x, y = cell_xy(cell)
        x, y = x + inset, y + inset
        # a square's z returns to its corner, so the next square is a move from there
        d.append(f"m{x - at[0]:g} {y - at[1]:g}h{size:g}v{size:g}h-{size:g}z")
        at = (x, y)
    return ("M" + "".join(d)[1:]) if d else ""


def radar_layer(view: View) -> str:
    """The radar line: working cover as a gold dotted band (each station's cells a path of the
    static board, used here), gaps of knocked-out stations hatched (Step 5, British Radar)."""
    data = data_folder(view)
    board = static(data).board
    working: set[str] = set()
    dead: set[str] = set()
    uses = []
    for station, cells in sorted(board.radar_stations.items()):
        out = target_state(view, slugify(station))[1]
        (dead if out else working).update(cells)
        if not out:
            uses.append(f'<use href="#{_radar_id(station, data)}"/>')
    if not dead:  # the whole line at work: one shape
        uses = [f'<use href="#{RADAR_LINE}"/>']
    gaps = dead - working
    gap = ""
    if gaps:
        where = ", ".join(sorted(gaps))
        gap = (
            f'<path d="{_cells_path(gaps)}" fill="url(#radar-gap)"><title>radar gaps at '
            f"{esc(where)}: their stations are knocked out</title></path>"
        )
    return f'<g class="radar">{"".join(uses)}{gap}</g>'


def _target_title(slug: str, kind: str, space: str, state_words: str = "", data: str = "") -> str:
    return f"<title>{esc(place_name(slug, data))} ({kind}, {space}){esc(state_words)}</title>"


def _static_targets(data: str = "") -> str:
    """Airfields, cities, London and radar stations as printed, and the Luftwaffe's airfields:
    the board's; what happens to them is ``target_layer``'s."""
    st = static(data)
    parts = []
    for slug, target in sorted(st.tables.targets.items()):
        if target.space == BOX:
            continue
        cx, cy = centre(target.space)
        title = _target_title(slug, target.kind, target.space, data=data)
        if target.kind == "airfield":
            letter = esc(target.flight[-1:] or "?")
            shape = (
                f'<circle cx="{cx}" cy="{cy}" r="6" fill="#fff" stroke="{RAF_FILL}" '
                f'stroke-width="1.5"/><text x="{cx}" y="{cy + 3}" font-size="8" '
                f'text-anchor="middle" fill="{RAF_FILL}">{letter}</text>'
            )
        elif target.kind == "radar":
            shape = (
                f'<path d="M{cx} {cy - 7}L{cx + 6} {cy + 5}H{cx - 6}Z" fill="#ffe680" '
                f'stroke="#6b5300"/><text x="{cx}" y="{cy + 4}" font-size="7" '
                f'text-anchor="middle">R</text>'
            )
        else:
            shape = _city(slug, cx, cy, "#fff", data)
        parts.append(f'<g class="target" data-space="{target.space}">{title}{shape}</g>')
    for flight, space in sorted(st.tables.lw_base.items()):
        if space == BOX:
            continue
        cx, cy = centre(space)
        parts.append(
            f'<g class="lw-base"><title>Luftwaffe airfield of {flight}: '
            f"{esc(st.base_names.get(flight, ''))} ({space})</title>"
            f'<path d="M{cx} {cy - 6}L{cx + 6} {cy + 5}H{cx - 6}Z" fill="#fff" stroke="{LW_FILL}" '
            f'stroke-width="1.5"/><text x="{cx}" y="{cy + 4}" font-size="7" text-anchor="middle" '
            f'fill="{LW_FILL}">{esc(flight[-1].lower())}</text></g>'
        )
    return f'<g class="targets">{"".join(parts)}</g>'


def _city(slug: str, cx: float, cy: float, fill: str, data: str = "") -> str:
    st = static(data)
    label = "L" if slug in st.london else str(st.tables.targets[slug].production)
    size = 12 if slug in st.london else 10
    return (
        f'<rect x="{cx - size / 2}" y="{cy - size / 2}" width="{size}" height="{size}" '
        f'fill="{fill}" stroke="#222"/><text x="{cx}" y="{cy + 3}" font-size="8" '
        f'text-anchor="middle" font-weight="bold">{esc(label)}</text>'
    )


def target_layer(view: View, acts: Actions) -> str:
    """What happened to the targets the board prints: bomb hits, knocked-out crosses, and the
    targets to repair (an option each); a target as printed is the static board's."""
    data = data_folder(view)
    st = static(data)
    parts = []
    for slug, target in sorted(st.tables.targets.items()):
        if target.space == BOX:
            continue
        hits, out = target_state(view, slug)
        repair = acts.attr(f"repair {target.kind}={slug}")
        if not (hits or out or repair):
            continue
        cx, cy = centre(target.space)
        cls = "target" + (" opt" if repair else "")
        state_words = " knocked out" if out else (f", {hits} bomb hit(s)" if hits else "")
        # a disc to point at, so the words of its state are found over the printed target
        shape = f'<circle cx="{cx}" cy="{cy}" r="8" fill="#fff" fill-opacity="0"/>'
        if hits and not out and target.kind not in ("airfield", "radar"):
            shape += _city(slug, cx, cy, "#ffb347", data) + (
                f'<text x="{cx + 7}" y="{cy - 3}" font-size="7" fill="#8a3b00" '
                f'font-weight="bold">b{hits}</text>'
            )
        if out:
            shape += (
                f'<path d="M{cx - 7} {cy - 7}L{cx + 7} {cy + 7}M{cx + 7} {cy - 7}L{cx - 7} {cy + 7}" '
                f'stroke="{KO_INK}" stroke-width="2.2"/><text x="{cx}" y="{cy + 12}" '
                f'font-size="6" text-anchor="middle" fill="{KO_INK}" font-weight="bold">KO</text>'
            )
        if repair:
            shape += f'<circle class="opt-mark" cx="{cx}" cy="{cy}" r="9"/>'
        title = _target_title(slug, target.kind, target.space, state_words, data)
        parts.append(f'<g class="{cls}" data-space="{target.space}"{repair}>{title}{shape}</g>')
    return f'<g class="targets">{"".join(parts)}</g>'


def lw_marker(flight: Mapping[str, Any]) -> tuple[str, str]:
    """The glyph on a Luftwaffe tag and its words."""
    if flight.get("bombrun"):
        return "!", "bombing run"
    if flight.get("nondetect"):
        return "?", "non-detected"
    if flight.get("detected"):
        return "*", "detected"
    return "", ""


def flight_layer(view: View, acts: Actions) -> str:
    """Flights in the air (and at base on the map), and the air combat markers."""
    by_space: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for fid, f in flights_of(view).items():
        if f.get("status") == "map" and f.get("space"):
            by_space.setdefault(str(f["space"]), []).append((fid, f))
    tags = []
    for space, here in sorted(by_space.items()):
        x, y = cell_xy(space)
        here.sort(key=lambda item: (item[1].get("side") != LUFTWAFFE, item[0]))
        for i, (fid, flight) in enumerate(here):
            tag = flight_tag(fid, flight, x + 1 + (i % 2) * 4, y - 4 + i * 8, acts)
            tags.append((flight.get("side") != LUFTWAFFE, tag))
    # a side's tags together (a flight's place, not the order drawn, keeps tags in a space
    # apart): each is then sent as a change of the one before it
    parts = [tag for _, tag in sorted(tags, key=lambda t: t[0])]
    combats = (view.get("markers") or {}).get("combats") or {}
    for space, kind in sorted(combats.items()):
        x, y = cell_xy(space)
        glyph = COMBAT_GLYPH.get(kind, "X")
        parts.append(
            f'<g class="combat-marker"><title>{esc(kind)} marker at {esc(space)}</title>'
            f'<circle cx="{x + CELL}" cy="{y}" r="5.5" fill="#000" stroke="#fff"/>'
            f'<text x="{x + CELL}" y="{y + 3}" font-size="8" text-anchor="middle" fill="#fff" '
            f'font-weight="bold">{glyph}</text></g>'
        )
    return f'<g class="flights">{"".join(parts)}</g>'


def flight_action(fid: str, acts: Actions) -> str:
    for verb in ("fly", "intercept"):
        attr = acts.attr(f"{verb} flight={fid}")
        if attr:
            return attr
    return ""


def _row_id(fid: str) -> str:
    return f"bob-fr-{fid.lower()}"


def _row_label(fid: str, data: str = "") -> str:
    """A flight's row in the displays starts with it: ``11B Biggin Hill Q34``."""
    base_name, base_space = base_of(fid, data)
    label = fid if fid in RAF_FLIGHTS else fid[:-1] + fid[-1].lower()
    return f"{label} {base_name[:11]} {base_space}"


def _tag_id(fid: str) -> str:
    return f"bob-t-{fid.lower()}"


def _tag_label(fid: str, raf: bool) -> str:
    """``11B`` for an RAF flight, ``2a`` for a Luftwaffe one."""
    return fid if raf else fid[:-1] + fid[-1].lower()


def flight_tag(fid: str, f: Mapping[str, Any], x: float, y: float, acts: Actions) -> str:
    raf = f.get("side") == RAF
    action = flight_action(fid, acts)
    w = 26 if raf else 24
    if raf:
        label = fid
        words = f"RAF flight {fid} at {f.get('space')}"
    else:
        glyph, marker = lw_marker(f)
        label = fid[:-1] + fid[-1].lower() + glyph
        words = f"Luftwaffe flight {fid} at {f.get('space')}, fuel {f.get('fuel')}" + (
            f", {marker}" if marker else ""
        )
    if f.get("ace"):
        words += ", with an ace"
        label += "A"
    # the flight's own tag is the static board's; a marker or an ace is written over its end
    extra = (
        ""
        if label == _tag_label(fid, raf)
        else f'<text x="{w - 1}" y="8.5" class="mk">{esc(label[len(_tag_label(fid, raf)) :])}'
        "</text>"
    )
    mark = f'<rect class="opt-mark" x="-2" y="-2" width="{w + 4}" height="15"/>' if action else ""
    cls = ("tag-raf" if raf else "tag-lw") + (" opt" if action else "")
    if not action and not extra:  # the tag as the board draws it, one element
        return (
            f'<use class="{cls}" data-flight="{esc(fid)}" href="#{_tag_id(fid)}" '
            f'transform="translate({x:g} {y:g})" data-at="{w / 2:g} 5.5">'
            f"<title>{esc(words)}</title></use>"
        )
    return (
        # placed by a translation, so a tag's insides are another tag's; data-at: the flight's
        # point in the tag's own units, so the page can draw its moves
        f'<g class="{cls}" data-flight="{esc(fid)}" transform="translate({x:g} {y:g})" '
        f'data-at="{w / 2:g} 5.5"{action}><title>{esc(words)}</title>'
        f'<use href="#{_tag_id(fid)}"/>{extra}{mark}</g>'
    )


def option_spaces(texts: Iterable[str], acts: Actions, data: str = "") -> str:
    """The spaces a flight may move to, and the spaces to resolve: outlined, on top, clickable."""
    parts = []
    for text in texts:
        verb, _, rest = text.partition(" ")
        if verb not in ("move", "resolve") or "=" not in rest:
            continue
        space = rest.split("=", 1)[1]
        if space != BOX and not _is_grid_space(space, data):
            continue
        if acts.take(text) is None:
            continue
        x, y = cell_xy(space)
        size = CELL
        if space == BOX:
            x, y, size = NORWAY[0] + 4, NORWAY[1] + 16, NORWAY[2] - 8
        words = f"{'move to' if verb == 'move' else 'resolve the air combat at'} {space}"
        height = CELL if space != BOX else NORWAY[3] - 20
        parts.append(
            f'<rect class="opt opt-space" x="{x}" y="{y}" width="{size}" height="{height}" '
            f'data-action="{esc(text)}" data-space="{esc(space)}" tabindex="0" role="button">'
            f"<title>{esc(words)}</title></rect>"
        )
    return f'<g class="options">{"".join(parts)}</g>'


def _is_grid_space(space: str, data: str = "") -> bool:
    return space in static(data).board.spaces


# --- the panel: header, displays, tracks, missions ------------------------------------------------
class Panel:
    """Rows of text and cards down the right of the map; y grows as things are added."""

    def __init__(self, x: float, y: float, width: float) -> None:
        self.x = x
        self.y = y
        self.width = width
        self.parts: list[str] = []

    def text(self, words: str, size: int = 11, bold: bool = False, dx: float = 0) -> None:
        self.y += size + 4
        self.parts.append(
            f'<text x="{self.x + dx:g}" y="{self.y:g}" class="{text_class(size, bold)}">'
            f"{esc(words)}</text>"
        )

    def gap(self, h: float = 6) -> None:
        self.y += h

    def svg(self) -> str:
        return "".join(self.parts)


def card_svg(
    card: Mapping[str, Any],
    x: float,
    y: float,
    acts: Actions,
    verbs: Sequence[str],
    data: str = "",
) -> str:
    """A squadron card face up (type, dogfight dice / damage [/ bombs]) or face down: a ``<use>``
    of its face, drawn once in the static board (a face the deck does not hold, from other
    data, drawn here)."""
    if card.get("hidden") or not card.get("id"):
        # one element, its words a data-tip (the page's details on hover read it as a title)
        return (
            f'<use class="card card-down" href="#{FACE_DOWN}" x="{x:g}" y="{y:g}" '
            'data-tip="a face-down squadron card"/>'
        )
    cid = str(card["id"])
    action = ""
    for verb in verbs:
        action = acts.attr(f"{verb} card={cid}")
        if action:
            break
    action = action or acts.part("card", cid)
    kind = str(card.get("type", ""))
    raf = cid.startswith("raf")
    face = (raf, kind, card.get("dice", "?"), card.get("damage", "?"), card.get("bombs"))
    face_id = _face_id(*face, data)
    drawn = (
        f'<use href="#{face_id}" x="{x:g}" y="{y:g}"/>'
        if face_id in card_faces(data)
        else f'<g transform="translate({x:g} {y:g})">{_face(*face)}</g>'
    )
    mark = (
        f'<rect class="opt-mark" x="{x - 2:g}" y="{y - 2:g}" width="{CARD_W + 4}" '
        f'height="{CARD_H + 4}"/>'
        if action
        else ""
    )
    # the card by its squadron's name, as the log names it (not its id); its values are on its
    # face, read by the key under the displays
    title = str(card.get("name") or f"{cid} ({AIRCRAFT.get(kind, kind)})")
    own = card_symbols(data).get(cid)
    if not action and own is not None and own[1] == (title, face_id):
        # one element: the card as the board the page fetches draws it, its words with it
        # (the page's details on hover read the title of what a <use> places); a whole map
        # (``with_board``) draws the cards it places and no other
        return f'<use class="card card-up" data-card="{esc(cid)}" href="#{own[0]}" x="{x:g}" y="{y:g}"/>'
    return (
        f'<g class="card card-up{" opt" if action else ""}" data-card="{esc(cid)}"{action}>'
        f"<title>{esc(title)}</title>{drawn}{mark}</g>"
    )


def cards_row(
    cards: Sequence[Mapping[str, Any]],
    x: float,
    y: float,
    acts: Actions,
    verbs: Sequence[str],
    data: str = "",
) -> tuple[str, float]:
    """Cards left to right; returns the svg and the x after the last."""
    parts = []
    down = 0  # face-down cards in a row so far: drawn together, as one element
    for i, card in enumerate(cards):
        if card.get("hidden") or not card.get("id"):
            down += 1
            last = i + 1 == len(cards) or not (
                cards[i + 1].get("hidden") or not cards[i + 1].get("id")
            )
            if last or down == MAX_DOWN:
                parts.append(face_down(down, x - (down - 1) * (CARD_W + 4), y))
                down = 0
        else:
            parts.append(card_svg(card, x, y, acts, verbs, data))
        x += CARD_W + 4
    return "".join(parts), x


MAX_DOWN = 12  # the longest row of face-down cards drawn as one


def face_down(n: int, x: float, y: float) -> str:
    """``n`` face-down cards side by side (none is ever an option), one element."""
    words = "a face-down squadron card" if n == 1 else f"{n} face-down squadron cards"
    return (
        f'<use class="card card-down" href="#{FACE_DOWN}{n if n > 1 else ""}" x="{x:g}" '
        f'y="{y:g}" data-tip="{words}"/>'
    )


def header(view: View, seat: str | None, panel: Panel) -> None:
    scenario = str(view.get("stage") or view.get("scenario") or "")
    title = SCENARIO_TITLES.get(scenario, scenario.replace("-", " ").title())
    panel.text(f"Battle of Britain: {title}", 16, bold=True)
    turn, last = int(view.get("turn", 0)), int(view.get("last_turn", 4))
    # the turn track: a box per turn, the current one filled and marked
    y = panel.y + 6
    panel.parts.append(f'<text x="{panel.x}" y="{y + 12}" class="t11 b">Turn track</text>')
    for t in range(1, last + 1):
        bx = panel.x + 70 + (t - 1) * 28
        now = t == turn
        fill = "#333" if now else ("#aaa" if t < turn else "#fff")
        ink = "#fff" if now or t < turn else "#000"
        # a turn now or past is filled; the line under the track says which turn it is
        panel.parts.append(
            f'<g class="turn-box{" current" if now else ""}"><rect x="{bx}" y="{y}" width="24" '
            f'height="16" fill="{fill}" stroke="#000"/><text x="{bx + 12}" y="{y + 12}" '
            f'class="t10" text-anchor="middle" fill="{ink}">{t}</text></g>'
        )
    panel.y = y + 16
    side = side_of(seat)
    who = {RAF: "RAF", LUFTWAFFE: "Luftwaffe"}.get(side or "", "spectator")
    panel.text(f"Turn {min(turn, last)} of {last} · {view.get('step') or ''} · you see: {who}", 11)
    markers = view.get("markers") or {}
    aces = view.get("aces") or {}
    vp = view.get("victory_points") or {}
    words = (
        f"Victory points RAF {vp.get(RAF, 0)}, Luftwaffe {vp.get(LUFTWAFFE, 0)} · air combat "
        f"markers left {markers.get('air_combat', '?')}"
    )
    if markers.get("big_wing"):
        words += f", Big Wing {markers['big_wing']}"
    words += f" · aces RAF {aces.get(RAF, 0)}, Luftwaffe {aces.get(LUFTWAFFE, 0)}"
    panel.text(words, 10)
    campaign = view.get("campaign")
    if isinstance(campaign, Mapping):
        panel.text(
            f"Campaign scenario {campaign.get('scenario')} of 3: RAF {campaign.get(RAF)}, "
            f"Luftwaffe {campaign.get(LUFTWAFFE)}",
            10,
        )
    result = view.get("result")
    if isinstance(result, Mapping):
        winner = {RAF: "the RAF", LUFTWAFFE: "the Luftwaffe"}.get(result.get("winner") or "", "")
        panel.text(
            f"Game over: {'won by ' + winner if winner else 'a draw'} ({result.get('reason', '')})",
            12,
            bold=True,
        )


def displays(view: View, side: str, panel: Panel, acts: Actions) -> None:
    """A side's Group or Luftflotte displays: each flight's row with its cards."""
    flights = flights_of(view)
    ready = view.get("combat_ready") or {}
    units = GROUPS if side == RAF else LUFTFLOTTEN
    ids = RAF_FLIGHTS if side == RAF else LW_FLIGHTS
    ink = RAF_FILL if side == RAF else LW_FILL
    panel.gap(4)
    title = "RAF Group displays" if side == RAF else "Luftflotte displays"
    panel.parts.append(
        f'<rect x="{panel.x}" y="{panel.y + 2}" width="{panel.width}" height="2" fill="{ink}"/>'
    )
    panel.text(title, 13, bold=True)
    for unit in units:
        name = f"{unit} Group" if side == RAF else f"Luftflotte {unit}"
        count = ready.get(f"{side}-{unit}", "?")
        assist = acts.attr(f"assist to={unit}") if side == RAF else ""
        panel.y += 15
        dice = ""
        if side == RAF:
            dice = (
                " · production dice "
                f"<tspan>{esc((view.get('production') or {}).get(str(unit), '?'))}</tspan>"
            )
        mark = ' text-decoration="underline"' if assist else ""
        panel.parts.append(
            f'<g class="unit{" opt" if assist else ""}" data-unit="{unit}"{assist}>'
            f'<text x="{panel.x}" y="{panel.y}" class="t11 b"{mark}>'
            # the numbers in tspans: a push sends them, not the line
            f"{esc(name)} · combat ready box: <tspan>{esc(count)}</tspan> card(s)"
            f"{dice}</text></g>"
        )
        for fid in ids:
            if int(fid[:-1]) != unit or fid not in flights:
                continue
            flight_row(fid, flights[fid], side, panel, acts, view)
        if side == RAF:  # each Group keeps its own damaged box
            damaged_box(
                [c for c in damaged_of(view, RAF) if c.get("unit") == unit],
                f"{unit} Group damaged box",
                f"{RAF}-{unit}",
                panel,
                acts,
                data_folder(view),
            )
    if side == LUFTWAFFE:  # the Luftwaffe's damaged cards, together (as the terminal shows them)
        damaged_box(
            damaged_of(view, LUFTWAFFE),
            "Luftwaffe damaged box",
            LUFTWAFFE,
            panel,
            acts,
            data_folder(view),
        )


def damaged_of(view: View, side: str) -> list[Mapping[str, Any]]:
    """The damaged cards of ``side`` (all face up): a card's id names its side."""
    prefix = "raf" if side == RAF else "lw"
    return [c for c in view.get("damaged") or [] if str(c.get("id") or "").startswith(prefix)]


def damaged_box(
    cards: Sequence[Mapping[str, Any]],
    title: str,
    key: str,
    panel: Panel,
    acts: Actions,
    data: str = "",
) -> None:
    """A damaged box: its count, then its cards in rows (a repair option on each, when offered)."""
    start = len(panel.parts)
    panel.text(f"{title}: {len(cards)}", 10, bold=bool(cards), dx=6)
    per_row = max(1, int((panel.width - 6) // (CARD_W + 4)))
    for i in range(0, len(cards), per_row):
        svg, _ = cards_row(
            cards[i : i + per_row], panel.x + 6, panel.y + 3, acts, ("repair",), data
        )
        panel.parts.append(svg)
        panel.y += CARD_H + 5
    inner = "".join(panel.parts[start:])
    panel.parts[start:] = [f'<g class="damaged-box" data-damaged="{esc(key)}">{inner}</g>']


def flight_row(
    fid: str, f: Mapping[str, Any], side: str, panel: Panel, acts: Actions, view: View
) -> None:
    data = data_folder(view)
    base_name, base_space = base_of(fid, data)
    status = str(f.get("status"))
    space = f.get("space")
    if status == "map":
        where = "at base" if space == base_space else f"aloft at {space}"
    else:
        where = STATUS_WORDS.get(status, status)
    bits = [where]
    if side == LUFTWAFFE and status == "map":
        bits.append(f"fuel {f.get('fuel')}")
    for key, words in (
        ("ace", "ace"),
        ("bombrun", "bombing run"),
        ("detected", "detected"),
        ("nondetect", "non-detected"),
        ("intercepted", "intercepting"),
    ):
        if f.get(key):
            bits.append(words)
    y0 = panel.y + 4
    on_map = status == "map" and bool(space)
    action = ("" if on_map else flight_action(fid, acts)) or acts.part("flight", fid)
    cls = "flight-row" + (" opt" if action else "")
    mark = (
        f'<rect class="opt-mark" x="{panel.x + 2}" y="{y0 - 1}" width="{LABEL_W}" height="{CARD_H + 2}"/>'
        if action
        else ""
    )
    state_words = ", ".join(bits)
    short = state_words if len(state_words) <= 26 else state_words[:25] + "…"
    lines = [_row_label(fid, data), short]
    if side == LUFTWAFFE:
        mission = f.get("mission")
        if mission == "hidden":
            lines.append("mission face down")
        elif mission:
            target = f.get("target")
            lines.append(
                f"{mission}" + (f" {place_name(str(target), data)[:14]}" if target else "")
            )
    # the first line (the flight, its airfield) is the board's, placed
    text = f'<use href="#{_row_id(fid)}" x="{panel.x + 6:g}" y="{y0 + 10:g}"/>' + "".join(
        f'<text x="{panel.x + 6:g}" y="{y0 + 10 + i * 10:g}" class="{text_class(9)}">'
        f"{esc(line)}</text>"
        for i, line in enumerate(lines)
        if i
    )
    cards, _ = cards_row(
        list(f.get("cards") or []), panel.x + LABEL_W + 4, y0, acts, ("pick",), data
    )
    # its words a title (the page's details on hover)
    title = f"<title>{esc(fid)} {esc(base_name)} ({esc(base_space)}): {esc(state_words)}</title>"
    panel.parts.append(
        f'<g class="{cls}" data-flight="{esc(fid)}"{action}>{title}{mark}{text}</g>{cards}'
    )
    panel.y = y0 + max(CARD_H, 10 * len(lines) + 2) + 2


def fight_box(view: View, panel: Panel, acts: Actions) -> None:
    fight = view.get("air_combat")
    if not isinstance(fight, Mapping):
        return
    panel.gap(4)
    if fight.get("kind") == "intercept":
        panel.text(
            f"Intercept over {fight.get('space')}: RAF {', '.join(fight.get('raf') or [])} "
            f"against {', '.join(fight.get('luftwaffe') or [])}; hits on the Luftwaffe "
            f"{fight.get('hits_on_luftwaffe')}, on the RAF {fight.get('hits_on_raf')}",
            11,
            bold=True,
        )
    else:
        panel.text(
            f"Dogfight over {fight.get('space')}: RAF card {fight.get('raf_card') or '-'} "
            f"({fight.get('raf_in_hand')} in hand, {fight.get('raf_wins')} win(s)) against "
            f"{fight.get('luftwaffe_card') or '-'} ({fight.get('luftwaffe_in_hand')} in hand, "
            f"{fight.get('luftwaffe_wins')} win(s))",
            11,
            bold=True,
        )


def loose_cards(view: View, panel: Panel, acts: Actions) -> None:
    """The cards drawn at Squadron Alert (the damaged boxes are in each side's displays)."""
    drawn = list(view.get("drawn") or [])
    for title, cards, verbs in (("Drawn at Squadron Alert", drawn, ()),):
        if not cards:
            continue
        panel.text(f"{title}: {len(cards)}", 11, bold=True)
        per_row = int((panel.width) // (CARD_W + 4))
        for i in range(0, len(cards), per_row):
            svg, _ = cards_row(
                cards[i : i + per_row], panel.x, panel.y + 3, acts, verbs, data_folder(view)
            )
            panel.parts.append(svg)
            panel.y += CARD_H + 5


def production_track(view: View, panel: Panel) -> None:
    data = data_folder(view)
    tables = static(data).tables
    panel.gap(4)
    panel.text("German target & British production track", 13, bold=True)
    for group in GROUPS:
        words = []
        for slug in tables.group_cities.get(group, ()):
            hits, out = target_state(view, slug)
            mark = " KO" if out else (f" bombed {hits}" if hits else "")
            words.append(f"{place_name(slug, data)} {tables.targets[slug].production}{mark}")
        panel.text(f"{group} Group: " + ", ".join(words), 9)


def missions_box(view: View, seat: str | None, panel: Panel, acts: Actions) -> None:
    missions = view.get("missions") or {}
    hand = missions.get("hand")
    panel.gap(4)
    panel.text(f"Mission cards · deck {missions.get('deck', '?')}", 13, bold=True)
    if isinstance(hand, list):
        panel.text(f"Luftwaffe pending hand: {len(hand)}", 10, bold=True)
        x, y = panel.x, panel.y + 3
        per_row = 6
        for i, mid in enumerate(hand):
            if i and i % per_row == 0:
                x, y = panel.x, y + 34
            panel.parts.append(mission_card(str(mid), x, y, acts, data_folder(view)))
            x += 104
        panel.y = y + 32
    else:
        n = int(hand or 0)
        panel.text(f"Luftwaffe pending hand: {n} card(s), face down", 10)
        x = panel.x
        for _ in range(min(n, 12)):
            panel.parts.append(
                f'<rect x="{x}" y="{panel.y + 3}" width="20" height="28" fill="url(#facedown)" '
                f'stroke="#222"><title>a face-down mission card</title></rect>'
            )
            x += 24
        if n:
            panel.y += 33
    for side, label in ((LUFTWAFFE, "Won by the Luftwaffe"), (RAF, "Taken by the RAF")):
        held = list(missions.get(side) or [])
        if held:
            panel.text(f"{label}: " + ", ".join(str(m) for m in held), 9)


def mission_card(mid: str, x: float, y: float, acts: Actions, data: str = "") -> str:
    st = static(data)
    info = st.missions.get(mid)
    target = info[0] if info else ""
    kind = info[1] if info else ""
    space = st.tables.targets[target].space if target in st.tables.targets else ""
    action = acts.attr(f"assign mission={mid}")
    return (
        f'<g class="mission{" opt" if action else ""}" data-mission="{esc(mid)}"{action}>'
        f"<title>{esc(mid)}: {esc(place_name(target, data))} ({esc(kind)}, {esc(space)})</title>"
        f'<use href="#{MISSION_FACE}" x="{x}" y="{y}"/>'
        f'<text x="{x + 4}" y="{y + 11}" font-weight="bold">{esc(mid)} {esc(space)}</text>'
        f'<text x="{x + 4}" y="{y + 23}">{esc(place_name(target, data)[:18])}</text></g>'
    )


LEGEND = (
    "Key: rounded blue tag RAF flight (11B) · square red tag Luftwaffe flight (2a); "
    "! bombing run, * detected, ? non-detected, A ace",
    "a squadron card: its aircraft, dogfight dice / damage (/ bombing dice); hatched ?: face down",
    "circle RAF airfield · triangle Luftwaffe airfield · square city (production), "
    "L London · R radar station",
    "dotted gold ring: radar cover · red hatch: radar gap · X and KO: knocked out · "
    "black disc D/I/W: dogfight, intercept, Big Wing marker",
)
LEGEND_H = 13 * len(LEGEND) + 6  # the displays start under it


def _legend() -> str:
    """The key, the same in every game: the board's, at the top of the displays."""
    return "".join(
        f'<text x="{PANEL_X}" y="{4 + 13 * (i + 1)}" font-size="9">{esc(line)}</text>'
        for i, line in enumerate(LEGEND)
    )


STATIC_SLOT = '<g class="board" data-static-map="bob"></g>'


def render_static(options: Mapping[str, Any] | None = None) -> str:
    """The board alone, drawn without any view: the same for every game and seat (the shipped
    board: a game with the player's own components draws its board with each map)."""
    w, h = map_size()
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table bob board" viewBox="0 0 {w} {h}" '
        f'width="{w}" height="{h}" role="img" aria-label="Battle of Britain plotting table">'
        f'{STYLE}<g class="board" data-static-board="bob">{static_layer()}{card_defs()}</g></svg>'
    )


def render_dynamic(view: View, seat: str | None, decision: Any = None) -> str:
    """What changes, as ``render_svg`` draws it, the board left as an empty ``STATIC_SLOT`` (a
    player's own components, not the shipped board drawn apart, are drawn whole)."""
    if data_folder(view):
        return render_svg(view, seat, decision)
    return _render(view, seat, decision, STATIC_SLOT)


def render_svg(view: View, seat: str | None, decision: Any = None) -> str:
    """The plotting table and displays as ``seat`` sees them, options clickable."""
    return with_board(_render(view, seat, decision, STATIC_SLOT), data_folder(view))


PLACED_CARD = re.compile(r'href="#(bk\d+)"')


def with_board(dynamic: str, data: str = "") -> str:
    """A map from ``render_dynamic`` made whole: the board in its slot, with the cards the map
    places and no other (a map alone, as an after-action report keeps it, names no card its
    seat has not seen)."""
    by_symbol = {sid: cid for cid, (sid, _) in card_symbols(data).items()}
    placed = sorted(set(PLACED_CARD.findall(dynamic)), key=lambda sid: int(sid[2:]))
    cards = "".join(_card_symbol(by_symbol[sid], data) for sid in placed if sid in by_symbol)
    board = f'<g class="board">{static_layer(data)}{f"<defs>{cards}</defs>" if cards else ""}</g>'
    return dynamic.replace(STATIC_SLOT, board, 1)


def _render(view: View, seat: str | None, decision: Any, board: str) -> str:
    data = data_folder(view)
    texts = option_texts(decision)
    acts = Actions(texts)
    _w, h = map_size(data)
    map_parts = [
        board,
        radar_layer(view),
        target_layer(view, acts),
        flight_layer(view, acts),
        option_spaces(texts, acts, data),
    ]
    panel = Panel(PANEL_X, 4 + LEGEND_H, WIDTH - PANEL_X - 10)
    header(view, seat, panel)
    fight_box(view, panel, acts)
    # the seat's own displays on the left, the other side's on the right
    mine = side_of(seat) or RAF
    other = LUFTWAFFE if mine == RAF else RAF
    left = Panel(PANEL_X, panel.y, COLUMN_W)
    right = Panel(PANEL_X + COLUMN_W + 5, panel.y, COLUMN_W)
    displays(view, mine, left, acts)
    displays(view, other, right, acts)
    low = left if left.y <= right.y else right
    loose_cards(view, low, acts)
    panel.parts.extend(left.parts + right.parts)
    panel.y = max(left.y, right.y)
    missions_box(view, seat, panel, acts)
    production_track(view, panel)
    height = max(h, int(panel.y) + 12)
    # the two regions a page may show apart (a tab each): the plotting table, the displays
    regions = f'data-map="0 0 {PANEL_X - 2} {h}" data-panel="{PANEL_X - 4} 0 {WIDTH - PANEL_X + 4} {int(panel.y) + 12}"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="table bob" viewBox="0 0 {WIDTH} {height}" '
        f'width="{WIDTH}" height="{height}" {regions} role="img" '
        'aria-label="Battle of Britain plotting table">'
        f"{STYLE}"  # the patterns are the board's (DEFS, in its static layer)
        f'<g class="map">{"".join(map_parts)}</g>'
        f'<g class="panel">{panel.svg()}</g></svg>'
    )

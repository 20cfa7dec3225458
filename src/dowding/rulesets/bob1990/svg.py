"""bob1990's map for the browser: ``render_svg(view, seat, decision)``.

The 50 km (or 25 km) board drawn from the view: spaces by terrain and Group, airfields, cities,
radar-scanned spaces, destroyed targets, the flights; each option that names a space is that
space (``data-action``), every other option a button in the side panel. Drawn from the seat's
view alone.

The board (spaces by terrain and Group, radar-scanned borders, the features as printed, the
column letters and row numbers) is the same in every game and for every seat: ``render_static()``
draws the 50 km board alone, without any view, for the server to send once
(``GET /api/maps/bob1990``), and ``render_dynamic(view, seat, decision)`` draws the rest with an
empty ``<g data-static-map>`` where it goes (a destroyed target's letter, the options, the flights,
the panel); ``render_svg`` is the two together. The 25 km board (option ``cell_km``) is drawn
with its map each time. Each flight on the map carries ``data-flight`` and ``data-at``, its
point, so the page can draw what moved since a person's last decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from html import escape
from textwrap import wrap
from typing import Any

from dowding.engine import data_folder
from dowding.rulesets.coastline import coast_path, sea_path

from .components import Components, components_for, load_components
from .render import _cards_in_words
from .words import labels, mission_name, missions_done

View = Mapping[str, Any]
CELL = {50: 26, 25: 14}
PANEL_W = 340
WRAP = 62  # characters a panel line holds
GROUP_FILL = {10: "#e8dcc0", 11: "#f0d0c0", 12: "#d8e4c0", 13: "#e3d5f0"}
SEA = "#c8dcec"
CONTINENT = "#d9d4cc"


def esc(value: object) -> str:
    return escape(str(value), quote=True)


def _decision_parts(decision: Any) -> tuple[list[Any], str]:
    if decision is None:
        return [], ""
    if isinstance(decision, Mapping):
        return list(decision.get("options") or ()), str(decision.get("prompt") or "")
    return list(decision.options), str(decision.prompt)


STATIC_KM = 50  # the board drawn apart: the rules' own 50 km one
STATIC_SLOT = '<g class="board" data-static-map="bob1990"></g>'
OX, OY = 30, 40  # the board's top-left corner


def _size(c: Components) -> tuple[int, int, int]:
    """A space's side, and the map's width and height before the panel's."""
    size = CELL.get(c.cell_km, 20)
    g = c.board.grid
    return size, OX + g.columns * size + 20 + PANEL_W, max(OY + g.rows * size + 60, 760)


@lru_cache(maxsize=4)
def _board(cell_km: int, data: str = "") -> str:
    """The spaces, the features as printed and the axes, without any view."""
    c = load_components(data, cell_km)
    size = _size(c)[0]
    return "".join(_cells(c, OX, OY, size) + _coast(c, OX, OY, size) + _axes(c, OX, OY, size))


def static_layer() -> str:
    return _board(STATIC_KM)


def render_static(options: Mapping[str, Any] | None = None) -> str:
    """The 50 km board alone, drawn without any view: the same for every game and seat."""
    _, width, height = _size(load_components("", STATIC_KM))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bob1990-map board" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="10">'
        f'<g class="board" data-static-board="bob1990">{static_layer()}</g></svg>'
    )


def render_dynamic(view: View, seat: str | None, decision: Any = None) -> str:
    """What changes, as ``render_svg`` draws it, the board left as an empty ``STATIC_SLOT`` (the
    25 km board or a player's own, not the one drawn apart, is drawn whole)."""
    if int(view.get("cell_km", 50)) != STATIC_KM or data_folder(view):
        return render_svg(view, seat, decision)
    return _render(view, seat, decision, STATIC_SLOT)


def render_svg(view: View, seat: str | None, decision: Any = None) -> str:
    """The map and its panel as ``seat`` sees them, options clickable."""
    board = _board(int(view.get("cell_km", 50)), data_folder(view))
    return _render(view, seat, decision, f'<g class="board">{board}</g>')


def _render(view: View, seat: str | None, decision: Any, board: str) -> str:
    c = components_for(view)
    size, width, height = _size(c)
    g = c.board.grid
    ox, oy = OX, OY
    options, prompt = _decision_parts(decision)
    texts = [str(o.get("text", "")) if isinstance(o, Mapping) else o.text for o in options]
    said: list[str] = []
    if decision is not None and not isinstance(decision, Mapping):
        try:
            said = labels(view, decision)
        except Exception:  # words are a courtesy here: the action texts still work
            said = []
    by_space: dict[str, list[tuple[str, str]]] = {}
    buttons: list[tuple[str, str]] = []
    for i, (o, text) in enumerate(zip(options, texts, strict=True)):
        label = said[i] if i < len(said) else text
        args = o.get("args", {}) if isinstance(o, Mapping) else dict(o.args)
        space = args.get("to") or args.get("space")
        if space is not None and str(space) in c.board.spaces:
            by_space.setdefault(str(space), []).append((text, label))
        else:
            buttons.append((text, label))
    panel = 16 + 18 * min(len(buttons), 30) + 13 * (4 + len(view["missions"]["assigned"]))
    panel += (18 + 13 * 8 if view.get("fight") else 0) + 18 + 12 * len(view["flights"]) + 20
    panel += 12 * (
        len(", ".join(view.get("destroyed", ()))) // WRAP + len(view["missions"]["assigned"])
    )
    panel += sum(30 for p in view.get("cards", {}) if p[:3] == "fb:") + 18
    height = max(height, oy + panel)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bob1990-map" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" font-size="10">',
        f'<text x="{ox}" y="22" font-size="14">Turn {esc(view.get("turn"))}, Mission Stage '
        f"{esc(view.get('stage'))}: {missions_done(len(view['missions']['completed']))}</text>",
        board,
    ]
    parts += _destroyed(view, c, ox, oy, size)
    parts += _options(c, ox, oy, size, by_space)
    parts += _flights(view, c, ox, oy, size, _acting(options))
    parts += _legend(ox, oy + g.rows * size + 16)
    parts += _panel(view, c, ox + g.columns * size + 20, oy, prompt, buttons)
    parts.append("</svg>")
    return "".join(parts)


def _acting(options: list[Any]) -> set[str]:
    """The flights the decision's options name (the one moving, reinforced, attacking)."""
    found: set[str] = set()
    for o in options:
        args = o.get("args", {}) if isinstance(o, Mapping) else dict(o.args)
        if args.get("flight"):
            found.add(str(args["flight"]))
    return found


def _xy(c: Components, space: str, ox: int, oy: int, size: int) -> tuple[int, int]:
    if space == "NOR":
        return ox + (c.board.grid.columns - 1) * size, oy - size
    s = c.board.spaces[space]
    return ox + s.col * size, oy + s.row * size


def _fill(c: Components, sid: str) -> str:
    s = c.board.spaces[sid]
    if s.box:
        return CONTINENT
    if s.terrain == "sea":
        return SEA
    return GROUP_FILL[s.raf_group] if s.raf_group is not None else CONTINENT


def _marks(c: Components, sid: str, destroyed: set[str]) -> str:
    """A space's features as letters: A RAF airfield, L German airfield, r radar, C city; a
    destroyed one in small letters."""
    marks = []
    for name in c.board.spaces[sid].features:
        kind = c.board.features[name].kind
        glyph = {"raf_airfield": "A", "lw_airfield": "L", "radar": "r"}.get(kind, "C")
        marks.append(glyph.lower() if name in destroyed else glyph)
    return "".join(sorted(set(marks)))


def _cells(c: Components, ox: int, oy: int, size: int) -> list[str]:
    """The spaces by terrain and Group (their edges and marks are drawn over the coast)."""
    out: list[str] = []
    for sid, s in c.board.spaces.items():
        x, y = _xy(c, sid, ox, oy, size)
        out.append(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{_fill(c, sid)}">'
            f"<title>{esc(sid)}{esc(': ' + ', '.join(s.features)) if s.features else ''}"
            "</title></rect>"
        )
    return out


COAST = "#24506f"  # the shore's line


def _coast(c: Components, ox: int, oy: int, size: int) -> list[str]:
    """The coastline bob's board is drawn from (``rulesets/coastline.py``): the sea washed over
    the spaces' shades up to the shore, the shore as a line, then the grid, the radar-scanned
    spaces' borders and the features as printed, over both."""
    g = c.board.grid
    w, h = g.columns * size, g.rows * size
    clip = f"bob1990-board-{int(g.cell_km)}"
    out = [
        f'<clipPath id="{clip}"><rect x="{ox}" y="{oy}" width="{w}" height="{h}"/></clipPath>'
        f'<g class="coastline" clip-path="url(#{clip})" pointer-events="none">'
        f'<path class="sea" d="{sea_path(g, ox, oy, size)}" fill="{SEA}" fill-opacity="0.82" '
        f'fill-rule="evenodd"/>'
        f'<path class="coast" d="{coast_path(g, ox, oy, size)}" fill="none" stroke="{COAST}" '
        f'stroke-width="1.3" stroke-linejoin="round"/></g>'
    ]
    lines = [f"M{ox + i * size} {oy}v{h}" for i in range(g.columns + 1)]
    lines += [f"M{ox} {oy + r * size}h{w}" for r in range(g.rows + 1)]
    out.append(
        f'<path class="grid" d="{"".join(lines)}" stroke="#8a949c" stroke-width="0.4" '
        f'fill="none" pointer-events="none"/>'
    )
    scanned = []
    for sid in c.board.spaces:
        if sid in c.rs:
            x, y = _xy(c, sid, ox, oy, size)
            scanned.append(f"M{x + 0.75} {y + 0.75}h{size - 1.5}v{size - 1.5}h{1.5 - size}Z")
    out.append(
        f'<path class="radar-scanned" d="{"".join(scanned)}" stroke="#5a9a78" '
        f'stroke-width="1.5" fill="none" pointer-events="none"/>'
    )
    for sid in c.board.spaces:
        marks = _marks(c, sid, set())
        if marks:
            x, y = _xy(c, sid, ox, oy, size)
            out.append(
                f'<text x="{x + 2}" y="{y + size - 3}" font-size="8" fill="#333" '
                f'pointer-events="none">{esc(marks)}</text>'
            )
    return out


def _destroyed(view: View, c: Components, ox: int, oy: int, size: int) -> list[str]:
    """The letters of a space with a destroyed target, written again over the printed ones."""
    destroyed = set(view.get("destroyed", ()))
    out: list[str] = []
    for sid, s in c.board.spaces.items():
        if not destroyed.intersection(s.features):
            continue
        x, y = _xy(c, sid, ox, oy, size)
        out.append(
            f'<rect x="{x + 1}" y="{y + size - 11}" width="{size - 2}" height="10" '
            f'fill="{_fill(c, sid)}"/><text x="{x + 2}" y="{y + size - 3}" font-size="8" '
            f'fill="#444">{esc(_marks(c, sid, destroyed))}</text>'
        )
    return out


def _options(
    c: Components, ox: int, oy: int, size: int, by_space: dict[str, list[tuple[str, str]]]
) -> list[str]:
    """Each option that names a space, as that space."""
    out: list[str] = []
    for sid in c.board.spaces:
        x, y = _xy(c, sid, ox, oy, size)
        for text, label in by_space.get(sid, ()):
            out.append(
                f'<rect class="option" data-action="{esc(text)}" x="{x + 1}" y="{y + 1}" '
                f'width="{size - 2}" height="{size - 2}" fill="#ffd24d" fill-opacity="0.45" '
                f'stroke="#c90" cursor="pointer"><title>{esc(label)}</title></rect>'
            )
    return out


def _axes(c: Components, ox: int, oy: int, size: int) -> list[str]:
    """Column letters and row numbers, so a space's name ('D15') can be found."""
    g = c.board.grid
    out = [
        f'<text x="{ox + i * size + size // 2}" y="{oy - 3}" text-anchor="middle" '
        f'font-size="9" fill="#555">{chr(65 + i)}</text>'
        for i in range(g.columns)
    ]
    out += [
        f'<text x="{ox - 3}" y="{oy + r * size + size // 2 + 3}" text-anchor="end" '
        f'font-size="9" fill="#555">{r + 1}</text>'
        for r in range(g.rows)
    ]
    return out


def _legend(x: int, y: int) -> list[str]:
    lines = (
        "Blue: British flights; black: German flights; ringed in orange: the one to decide for.",
        "A RAF airfield, L German airfield, C city, r radar station; small letters: destroyed.",
        "Green border: a radar-scanned space; yellow: where an option takes you (click it).",
        "Dark blue line: the coast (pale blue beyond it: the sea).",
    )
    return [
        f'<text x="{x}" y="{y + i * 13}" font-size="10" fill="#333">{esc(line)}</text>'
        for i, line in enumerate(lines)
    ]


def _flights(view: View, c: Components, ox: int, oy: int, size: int, acting: set[str]) -> list[str]:
    """Each flight on the map as a tag with its name (2 to a row, 3 rows to a space at 50 km;
    a dot on the 25 km board's small spaces); the flight a decision is about ringed."""
    out: list[str] = []
    stacked: dict[str, int] = {}
    tags = size >= 20
    for f, fl in view["flights"].items():
        pos = fl.get("pos")
        if not pos or fl.get("status") not in ("map", "landed"):
            continue
        n = stacked.get(pos, 0)
        stacked[pos] = n + 1
        x, y = _xy(c, pos, ox, oy, size)
        raf = int(f[:-1]) >= 10
        colour = "#1f4e9c" if raf else "#333"
        ring = (
            'stroke="#f80" stroke-width="1.8"'
            if f in acting
            else 'stroke="#fff" stroke-width="0.6"'
        )
        side = "raf" if raf else "luftwaffe"
        title = (
            f"<title>{'RAF' if raf else 'Luftwaffe'} flight {esc(f)} at {esc(pos)}: "
            f"{esc(fl.get('cards'))} cards{' (the choice now is about it)' if f in acting else ''}</title>"
        )
        if tags:
            tx, ty = x + 0.5 + (n % 2) * 13, y + 1 + (n // 2) * 8.5
            cx, cy = tx + 6, ty + 4
            # data-flight and data-at: the page draws what moved since a person's last decision
            out.append(
                f'<g class="flight {side}" data-flight="{esc(f)}" data-at="{cx:g} {cy:g}">{title}'
                f'<rect x="{tx:g}" y="{ty:g}" width="12" height="8" rx="1.5" fill="{colour}" '
                f"{ring}/>"
                f'<text x="{cx:g}" y="{ty + 6.3:g}" font-size="6.4" font-weight="bold" '
                f'fill="#fff" text-anchor="middle">{esc(f)}</text></g>'
            )
            continue
        cx, cy = x + 6 + (n % 3) * 7, y + 7 + (n // 3) * 7
        out.append(
            f'<circle class="flight {side}" data-flight="{esc(f)}" data-at="{cx:g} {cy:g}" '
            f'cx="{cx:g}" cy="{cy:g}" r="4" fill="{colour}" {ring}>{title}</circle>'
        )
    return out


def _flight_line(f: str, fl: Mapping[str, Any]) -> str:
    """'10A at D15, 3 cards, moved 2' / '2A at J17, 6 cards, fuel 1,2 used, landed'."""
    where = f"at {fl.get('pos')}" if fl.get("pos") else "off the map"
    n = int(fl.get("cards") or 0)
    text = f"{f} {where}, {n} card{'' if n == 1 else 's'}"
    if int(f[:-1]) >= 10:
        if fl.get("marker"):
            text += f", moved {fl.get('marker')}"
    elif fl.get("fuel_used"):
        text += f", fuel {','.join(map(str, fl['fuel_used']))} used"
    if fl.get("status") not in ("map",):
        text += f" ({fl.get('status')})"
    return text


def _panel(
    view: View, c: Components, x: int, y: int, prompt: str, buttons: list[tuple[str, str]]
) -> list[str]:
    out = [f'<text x="{x}" y="{y}" font-size="12" font-weight="bold">{esc(prompt)}</text>']
    row = y + 16
    for text, label in buttons[:30]:
        out.append(
            f'<g class="option" data-action="{esc(text)}" cursor="pointer">'
            f'<rect x="{x}" y="{row - 11}" width="{PANEL_W - 10}" height="15" rx="3" fill="#eef" '
            f'stroke="#99b"/><text x="{x + 4}" y="{row}">{esc(label)}</text></g>'
        )
        row += 18

    def line(text: str, bold: bool = False, gap: int = 13) -> None:
        nonlocal row
        weight = ' font-weight="bold"' if bold else ""
        for i, part in enumerate(wrap(text, WRAP, subsequent_indent="  ") or [""]):
            row += gap if i == 0 else 12
            out.append(f'<text x="{x}" y="{row}"{weight}>{esc(part)}</text>')

    missions = view["missions"]
    line("Missions", bold=True, gap=10)
    for lf, m in missions["assigned"].items():
        said = mission_name(c, m) if m in c.missions else str(m)
        target = missions["targets"].get(lf)
        hits = missions["hits"].get(m)
        more = (f", target {target}" if target else "") + (f", {hits} hit(s)" if hits else "")
        line(f"Luftflotte {lf}: {said}{more}")
    line(
        f"Completed: {missions_done(len(missions['completed']))}; "
        f"Mission box: {missions['deck']} cards"
    )
    line(f"Destroyed: {', '.join(view.get('destroyed', ())) or 'none'}")
    fight = view.get("fight")
    if fight:
        line(f"Dogfight at {fight['space']}: {fight['flight']}", bold=True, gap=18)
        for k in range(1, int(fight["stacks"]) + 1):
            up = view["cards"].get(f"stack:{k}", [])
            down = int(view.get("face_down", {}).get(f"stack:{k}", 0))
            what = "; ".join(
                [
                    *([_cards_in_words(up, c)] if up else []),
                    *([f"{down} face down"] if down else []),
                ]
            )
            against = [f for f, n in fight["pairs"] if n == k]
            line(f"stack {k}: {what or 'empty'}" + (f" vs {', '.join(against)}" if against else ""))
    for place, ids in view.get("cards", {}).items():
        if place.startswith("hand:") and ids:
            line(f"{place[5:]} drew: {_cards_in_words(ids, c)}")
    line("Flights", bold=True, gap=18)
    for f, fl in view["flights"].items():
        line(_flight_line(f, fl), gap=12)
    boxes = [(p[3:], ids) for p, ids in view.get("cards", {}).items() if p[:3] == "fb:" and ids]
    if boxes:
        line("Flight boxes (cards face up to you)", bold=True, gap=18)
        for f, ids in boxes:
            line(f"{f}: {_cards_in_words(ids, c)}", gap=12)
    return out

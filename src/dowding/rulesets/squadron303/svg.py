"""303 Squadron's map for the browser: ``render_svg(view, seat, decision)``, from the view alone.

The Areas stand at their gazetteer points (``board.latlon``), joined to their neighbours,
coloured by Sector, named in words, the targets with their damage against their Toughness. On
them: the pilots' Hurricanes (blue, with initials), the German aircraft in sight (bombers as
triangles, fighters as dots, in their squadron's colour, damage and Maneuver tokens marked), a
Hidden squadron's token, and each squadron's route ahead as a dashed line to its target. Beside
the map: the decision and its options, the pilots' boards with their hands and damage, the
Fight's dice. An option that names an Area, a German aircraft or a card in the deciding pilot's
hand is that thing on the map (``data-action``) when it is the only option naming it; every
other option is a button in the panel (a long list is left to the page's own list of
options). Labels come from ``words.py``.

The board (the sea, the Areas joined to their neighbours, coloured by Sector and named, the key)
is the same in every game and for every seat: ``render_static()`` draws it alone, without any
view, for the server to send once (``GET /api/maps/squadron303``), and ``render_dynamic(view,
seat, decision)`` draws the rest with an empty ``<g data-static-map>`` where it goes;
``render_svg`` is the two together. Each pilot's Hurricane and German aircraft on the map carries
``data-piece`` (its id) and ``data-at`` (its point), and a pilot ``data-name`` (a German
aircraft's name is its title's first words), so the page can draw what moved since a person's last
decision and point at what a line of the log names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from html import escape
from typing import Any

from dowding.engine import data_folder
from dowding.rulesets.textfit import text_width, wrap_to

from . import words
from .board import Board
from .bots import fight_in
from .components import Components, load_components

View = Mapping[str, Any]
MAP_W, MAP_H, MARGIN = 660, 480, 40
PANEL_X = MAP_W + 20
PANEL_W = 430
SECTOR_FILL = {
    "red": "#f3c9c4",
    "green": "#cfe8c6",
    "yellow": "#f5e6a8",
    "blue": "#c8d8f0",
    "brown": "#e2cfb8",
}
SQUADRON_FILL = {
    "brown": "#8b5a2b",
    "black": "#222",
    "white": "#f4f4f4",
    "red": "#c62828",
    "green": "#2e7d32",
    "blue": "#1565c0",
    "yellow": "#f9a825",
    "grey": "#888",
}
AREA_KEYS = ("to", "at")
GERMAN_KEYS = ("target", "to")
CARD_KINDS = ("discard", "boost", "take")
MAX_BUTTONS = 12  # more options than this are left to the page's list
CARD_W, CARD_H = 134, 24  # a Combat card in a hand: its name on one line or two
CARD_ROW = CARD_H + 3


def esc(value: object) -> str:
    return escape(str(value), quote=True)


@lru_cache(maxsize=8)
def _static(data: str = "") -> tuple[Components, Board]:
    """The components and board, shipped or the player's own (``data``: ``engine.data_folder``)."""
    comp = load_components(data)
    return comp, Board(comp.map)


@lru_cache(maxsize=8)
def points(data: str = "") -> dict[str, tuple[float, float]]:
    """Each Area's (x, y) on the map, from its gazetteer point (lon scaled by cos 51°)."""
    _, board = _static(data)
    ll = {a: board.latlon(a) for a in board.areas}
    xs = {a: lon * 0.63 for a, (_, lon) in ll.items()}
    ys = {a: lat for a, (lat, _) in ll.items()}
    x0, x1, y0, y1 = min(xs.values()), max(xs.values()), min(ys.values()), max(ys.values())
    scale = min((MAP_W - 2 * MARGIN) / (x1 - x0 or 1), (MAP_H - 2 * MARGIN) / (y1 - y0 or 1))
    return {
        a: (
            round(MARGIN + (xs[a] - x0) * scale, 1),
            round(MARGIN + 20 + (y1 - ys[a]) * scale, 1),
        )
        for a in board.areas
    }


def _decision_parts(decision: Any) -> tuple[list[tuple[str, dict[str, Any], str]], str]:
    """(text, args, label) for each option, and the prompt."""
    if decision is None:
        return [], ""
    if isinstance(decision, Mapping):
        out = []
        for o in decision.get("options") or ():
            text = str(o.get("text", ""))
            out.append((text, _args(text), str(o.get("label") or text)))
        return out, str(decision.get("prompt") or "")
    return [], str(decision.prompt)


def _args(text: str) -> dict[str, Any]:
    from dowding.engine import Action

    try:
        return dict(Action.parse(text).args)
    except Exception:
        return {}


STATIC_SLOT = '<g class="board" data-static-map="squadron303"></g>'
SEA = "#e4eef6"
STYLE = (
    "<style>.german{stroke:#000;stroke-width:.8}.german.hurt{stroke:#d00;stroke-width:1.6}</style>"
)
KEY = (
    "Blue circles: pilots; triangles: bombers, dots: fighters, in their squadron's colour (red "
    "edge: damaged,",
    "M: a Maneuver token); ?: a Hidden squadron; dashed: a squadron's route ahead; under a "
    "target: damage/Toughness.",
)


@lru_cache(maxsize=8)
def static_layer(data: str = "") -> str:
    """The sea, the Areas and their links, named and coloured by Sector, and the key."""
    comp, board = _static(data)
    pts = points(data)
    out = [f'<rect x="0" y="0" width="{MAP_W}" height="{MAP_H + 130}" fill="{SEA}"/>']
    for a, near in sorted(board.neighbours.items()):
        for b in sorted(near):
            if a < b:
                (x1, y1), (x2, y2) = pts[a], pts[b]
                out.append(
                    f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#9ab" '
                    f'stroke-width="0.8"/>'
                )
    for area in comp.map.areas:
        x, y = pts[area.id]
        fill = SECTOR_FILL.get(comp.map.sectors[area.sector].colour, "#ddd")
        sector = comp.map.sectors[area.sector].name
        symbols = ", ".join(area.symbols)
        title = f"{area.name} (Sector {area.sector}: {sector})"
        if symbols:
            title += f"; {symbols}"
        if area.note:
            title += f"; {area.note}"
        stroke = "#246" if area.sea else "#555"
        out.append(
            f'<circle cx="{x}" cy="{y}" r="17" fill="{fill}" stroke="{stroke}" '
            f'stroke-dasharray="{"3 2" if area.sea else "none"}"><title>{esc(title)}</title>'
            f"</circle>"
        )
        out.append(
            f'<text x="{x}" y="{y + 28}" text-anchor="middle" font-size="10" fill="#222">'
            f"{esc(area.name)}</text>"
        )
        if area.symbols:  # its target undamaged (the map writes a damaged one over it)
            out.append(_target_label(comp, area, x, y, 0))
    y = MAP_H + 20
    for i, line in enumerate(KEY):
        out.append(
            f'<text x="12" y="{y + 16 + 12 * i}" font-size="10" fill="#444">{esc(line)}</text>'
        )
    return "".join(out)


def render_static(options: Mapping[str, Any] | None = None) -> str:
    """The board alone, drawn without any view: the same for every game and seat."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="squadron303-map board" '
        f'viewBox="0 0 {MAP_W} {MAP_H + 130}" width="{MAP_W}" height="{MAP_H + 130}" '
        f'font-family="sans-serif" font-size="11">'
        f'<g class="board" data-static-board="squadron303">{static_layer()}{card_defs()}</g>'
        "</svg>"
    )


def render_dynamic(view: View, seat: str | None, decision: Any = None) -> str:
    """What changes, as ``render_svg`` draws it, the board left as an empty ``STATIC_SLOT`` (a
    player's own components, not the board drawn apart, are drawn whole)."""
    if data_folder(view):
        return render_svg(view, seat, decision)
    return _render(view, seat, decision, STATIC_SLOT)


def render_svg(view: View, seat: str | None, decision: Any = None) -> str:
    """The map and its panel as ``seat`` sees them, options clickable."""
    return with_board(_render(view, seat, decision, STATIC_SLOT), data_folder(view))


def _render(view: View, seat: str | None, decision: Any, board: str) -> str:
    data = data_folder(view)
    comp, _ = _static(data)
    pts = points(data)
    options, prompt = _decision_parts(decision)
    if decision is not None and not isinstance(decision, Mapping):
        said = words.labels(view, decision)
        options = [
            (o.text, dict(o.args), said[i] if i < len(said) and said[i] else o.text)
            for i, o in enumerate(decision.options)
        ]
    germans = {g["id"] for g in view.get("germans", ())}
    deciding = _deciding_plane(view, prompt, seat)
    keys: list[tuple[str, str] | None] = []
    for text, args, _label in options:
        kind = text.split(" ", 1)[0]
        key: tuple[str, str] | None = None
        if kind in CARD_KINDS and args.get("card") and deciding is not None:
            key = ("card", str(args["card"]))
        elif any(str(args.get(k)) in germans for k in GERMAN_KEYS):
            key = ("german", next(str(args[k]) for k in GERMAN_KEYS if str(args.get(k)) in germans))
        elif any(str(args.get(k)) in pts for k in AREA_KEYS):
            key = ("area", next(str(args[k]) for k in AREA_KEYS if str(args.get(k)) in pts))
        keys.append(key)
    counts: dict[tuple[str, str], int] = {}
    for key in keys:
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    on_map: dict[tuple[str, str], tuple[str, str]] = {}
    buttons: list[tuple[str, str]] = []
    for (text, _, label), key in zip(options, keys, strict=True):
        # a German aircraft offered with and without the yellow die: the plain attack on it
        plain = key is not None and key[0] == "german" and "yellow=" not in text
        if key is not None and key not in on_map and (counts[key] == 1 or plain):
            on_map[key] = (text, label)
        else:
            buttons.append((text, label))
    panel, panel_h = _panel(view, prompt, buttons, deciding, on_map)
    height = max(MAP_H + 140, panel_h + 20)
    width = PANEL_X + PANEL_W
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="squadron303-map" '
        f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
        f'font-family="sans-serif" font-size="11">',
        board,
        STYLE,
        f'<text x="12" y="22" font-size="15" font-weight="bold">'
        f"{esc(words.scenario(view.get('scenario'), data))}: turn {esc(view.get('turn'))} of "
        f"{esc(view.get('turns'))}, {esc(view.get('phase'))}</text>",
    ]
    parts += _targets(view, comp, on_map)
    parts += _routes(view)
    parts += _germans(view, on_map)
    parts += _planes(view)
    parts += _status(view)
    parts += panel
    parts.append("</svg>")
    return "".join(parts)


def _deciding_plane(view: View, prompt: str, seat: str | None) -> Mapping[str, Any] | None:
    head = prompt.split(" ", 1)[0].rstrip(":,")
    data = data_folder(view)
    for p in view.get("planes", ()):
        # the prompt as the rules wrote it ("p1: ...") or in words ("Jan Zumbach: ...")
        if p["id"] == head or (p.get("pilot") and prompt.startswith(words.pilot(p["pilot"], data))):
            return p
    return None


def _target_label(comp: Components, area: Any, x: float, y: float, hurt: int) -> str:
    """``radar 0/2``: a target's kind, its damage and its Toughness, under its Area."""
    mark = {"airfield": "airfield", "radar": "radar", "city": "city", "port": "port"}
    tag = mark.get(area.symbols[0], area.symbols[0])
    toughness = max(comp.rules.target_toughness.get(s, 1) for s in area.symbols)
    return (
        f'<text x="{x}" y="{y + 38}" text-anchor="middle" font-size="8" '
        f'fill="{"#b00" if hurt else "#555"}">{esc(tag)} {hurt}/{toughness}</text>'
    )


def _targets(
    view: View, comp: Components, on_map: Mapping[tuple[str, str], tuple[str, str]]
) -> list[str]:
    """Each target's damage against its Toughness, and the Areas an option names."""
    pts = points(data_folder(view))
    out: list[str] = []
    damage = dict(view.get("target_damage") or {})
    for area in comp.map.areas:
        x, y = pts[area.id]
        hurt = damage.get(area.id, 0)
        if area.symbols and hurt:  # over the board's undamaged label, on the sea's colour
            out.append(
                f'<rect x="{x - 24}" y="{y + 31}" width="48" height="9" fill="{SEA}"/>'
                f"{_target_label(comp, area, x, y, hurt)}"
            )
        option = on_map.get(("area", area.id))
        if option is not None:
            text, label = option
            out.append(
                f'<circle class="option" data-action="{esc(text)}" cx="{x}" cy="{y}" r="19" '
                f'fill="#ffd24d" fill-opacity="0.45" stroke="#c90" stroke-width="2" '
                f'cursor="pointer"><title>{esc(label)}</title></circle>'
            )
    return out


def _routes(view: View) -> list[str]:
    """Each squadron's route ahead, from where its first aircraft is to the end."""
    data = data_folder(view)
    pts = points(data)
    out: list[str] = []
    where: dict[str, str] = {}
    target: dict[str, str] = {}
    for g in view.get("germans", ()):
        if g["area"]:
            where.setdefault(g["squadron"], g["area"])
            if g.get("target"):
                target.setdefault(g["squadron"], str(g["target"]))
    for sq, path in sorted((view.get("routes") or {}).items()):
        here = where.get(sq)
        if here is None or here not in path:
            continue
        ahead = [here, *path[path.index(here) + 1 :]]
        goal = target.get(sq)
        if goal in ahead:
            ahead = ahead[: ahead.index(goal) + 1]
        if len(ahead) < 2:
            continue
        line = " ".join(f"{pts[a][0]},{pts[a][1]}" for a in ahead if a in pts)
        colour = SQUADRON_FILL.get(sq, "#555")
        route = " > ".join(words.area(a, data) for a in ahead)
        out.append(
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2" '
            f'stroke-dasharray="6 4" opacity="0.8"><title>{esc(words.squadron(sq, data))}: '
            f"{esc(route)}</title></polyline>"
        )
    return out


def _germans(view: View, on_map: Mapping[tuple[str, str], tuple[str, str]]) -> list[str]:
    data = data_folder(view)
    comp, _ = _static(data)
    pts = points(data)
    out: list[str] = []
    stacked: dict[str, int] = {}
    for g in view.get("germans", ()):
        if not g["area"] or g["area"] not in pts:
            continue
        n = stacked.get(g["area"], 0)
        stacked[g["area"]] = n + 1
        x0, y0 = pts[g["area"]]
        x, y = x0 + 14 + (n % 4) * 10, y0 - 14 + (n // 4) * 10
        colour = SQUADRON_FILL.get(g["squadron"], "#777")
        kind = comp.aircraft.get(str(g["type"]))
        bomber = kind is not None and kind.category == "bomber"
        name = words.german(view, g["id"])
        title = f"{name}, {words.MODES.get(g['mode'], g['mode'])}"
        if g["damage"]:
            title += f", {g['damage']} damage"
        if g["tokens"]:
            title += f", {g['tokens']} Maneuver token(s)"
        # data-piece, data-name and data-at: the page draws what moved since a person's last
        # decision and points at what a line of the log names
        hurt = " hurt" if g["damage"] else ""  # a damaged aircraft: a thicker red edge
        # (its name, as the log says it, is its title's first words)
        piece = f'class="german{hurt}" data-piece="{esc(g["id"])}" data-at="{x} {y}"'
        shape = (
            f'<polygon {piece} points="{x},{y - 5} {x - 5},{y + 4} {x + 5},{y + 4}"'
            if bomber
            else f'<circle {piece} cx="{x}" cy="{y}" r="4"'
        )
        out.append(
            f'{shape} fill="{colour}"><title>{esc(title)}</title>'
            f"{'</polygon>' if bomber else '</circle>'}"
        )
        if g["tokens"]:
            out.append(
                f'<text x="{x}" y="{y + 12}" font-size="7" text-anchor="middle">'
                f"{'M' * int(g['tokens'])}</text>"
            )
        option = on_map.get(("german", g["id"]))
        if option is not None:
            text, label = option
            out.append(
                f'<circle class="option" data-action="{esc(text)}" cx="{x}" cy="{y}" r="6" '
                f'fill="#ffd24d" fill-opacity="0.5" stroke="#c90" cursor="pointer">'
                f"<title>{esc(label)}</title></circle>"
            )
    for sq, area in sorted((view.get("hidden") or {}).items()):
        if area in pts:
            x, y = pts[area]
            out.append(
                f'<g><circle cx="{x - 14}" cy="{y - 14}" r="6" fill="#555"/>'
                f'<text x="{x - 14}" y="{y - 11}" font-size="9" fill="#fff" text-anchor="middle">'
                f"?</text><title>{esc(words.squadron(sq, data))}: a Hidden squadron</title></g>"
            )
    return out


def _planes(view: View) -> list[str]:
    data = data_folder(view)
    pts = points(data)
    out: list[str] = []
    stacked: dict[str, int] = {}
    for p in view.get("planes", ()):
        if p["status"] not in ("flying", "landed") or p["area"] not in pts:
            continue
        n = stacked.get(p["area"], 0)
        stacked[p["area"]] = n + 1
        x0, y0 = pts[p["area"]]
        x, y = x0 - 10 + (n % 2) * 12, y0 - 2 + (n // 2) * 11
        name = words.pilot(p["pilot"], data)
        initials = "".join(part[0] for part in name.split()[:2])
        landed = p["status"] == "landed"
        out.append(
            f'<g class="pilot" data-piece="{esc(p["id"])}" data-name="{esc(name)}" '
            f'data-at="{x} {y}"><circle cx="{x}" cy="{y}" r="6" '
            f'fill="{"#9bb" if landed else "#1f4e9c"}" '
            f'stroke="#fff"/><text x="{x}" y="{y + 3}" font-size="7" fill="#fff" '
            f'text-anchor="middle">{esc(initials)}</text><title>{esc(name)} '
            f"(Player {esc(str(p['seat']).removeprefix('p'))}), "
            f"{esc(words.STATUS.get(p['status'], p['status']))}</title></g>"
        )
    return out


def _status(view: View) -> list[str]:
    data = data_folder(view)
    y = MAP_H + 20
    out = [
        f'<text x="12" y="{y}">Shot down: {esc(view.get("kills", 0))}; pilots lost: '
        f"{esc(view.get('pilots_down', 0))}; Reserve: {esc(view.get('reserve', 0))}; "
        f"Combat deck: {esc(view.get('deck', 0))}; discard pile: "
        f"{len(view.get('discards') or ())}</text>",
    ]  # the key under it is the board's (KEY)
    revealed = [words.event(e[0], data) for e in view.get("revealed") or ()]
    if revealed:
        out.append(f'<text x="12" y="{y + 46}">Events: {esc("; ".join(revealed))}</text>')
    result = view.get("result")
    if result:
        out.append(
            f'<text x="12" y="{y + 64}" font-size="13" font-weight="bold" fill="#805">'
            f"{esc(result.get('reason'))}</text>"
        )
    return out


def _lines(
    out: list[str],
    x: float,
    y: float,
    text: str,
    width: float,
    size: int,
    *,
    bold: bool = False,
    fill: str = "",
    step: int = 0,
) -> float:
    """``text`` wrapped to ``width`` at ``size``, its first baseline at ``y``; the next line's
    baseline."""
    step = step or size + 3
    attrs = f' font-size="{size}"' + (' font-weight="bold"' if bold else "")
    attrs += f' fill="{fill}"' if fill else ""
    for line in wrap_to(text, width, size, bold) or [""]:
        out.append(f'<text x="{x}" y="{y}"{attrs}>{esc(line)}</text>')
        y += step
    return y


def _panel(
    view: View,
    prompt: str,
    buttons: list[tuple[str, str]],
    deciding: Mapping[str, Any] | None,
    on_map: Mapping[tuple[str, str], tuple[str, str]],
) -> tuple[list[str], int]:
    """The decision, its buttons, the Fight's dice and each pilot's board, every line wrapped
    to the panel's width (``textfit``) so that none is cut."""
    x = PANEL_X
    data = data_folder(view)
    inner = PANEL_W - 8  # a line's room: the panel less a margin
    y: float = 24
    out: list[str] = ['<g class="panel">']
    y = _lines(out, x, y, words.prompt(view, prompt), inner, 11, bold=True, step=14) + 4
    if len(buttons) > MAX_BUTTONS:  # a long list reads better in the page's own option list
        y = (
            _lines(
                out,
                x,
                y,
                f"{len(buttons)} options: choose in the list of options beside the map.",
                inner,
                10,
                fill="#444",
            )
            + 4
        )
        buttons = []
    for text, label in buttons:
        said = wrap_to(label, PANEL_W - 12 - 8, 10)
        out.append(
            f'<g class="option button" data-action="{esc(text)}" cursor="pointer">'
            f'<rect x="{x}" y="{y - 11}" width="{PANEL_W - 12}" height="{3 + 12 * len(said)}" '
            f'rx="3" fill="#eef" stroke="#99b"/>'
            + "".join(
                f'<text x="{x + 4}" y="{y + 12 * i}" font-size="10">{esc(line)}</text>'
                for i, line in enumerate(said)
            )
            + f"<title>{esc(label)}</title></g>"
        )
        y += 6 + 12 * len(said)
    y += 8
    fight = fight_in(view)
    if fight is not None:
        y = _lines(
            out,
            x,
            y,
            f"Fight against the {words.german(view, fight.target)}, round "
            f"{fight.round} of {fight.rounds}",
            inner,
            11,
            bold=True,
            step=16,
        )
        y = _dice(out, x, y, "Your dice", fight.faces, fight.used, "#1f4e9c")
        y = _dice(out, x, y, "Its dice", fight.gfaces, (), "#333")
    for p in view.get("planes", ()):
        role = f" ({p['role']})" if p.get("role") in ("leader", "wingman") else ""
        seat = str(p["seat"]).removeprefix("p")
        y = (
            _lines(
                out,
                x,
                y + 4,
                f"{words.pilot(p['pilot'], data)}{role}, Player {seat}",
                inner,
                11,
                bold=True,
                step=14,
            )
            + 0
        )
        where = words.area(p["area"], data) if p["area"] else "-"
        y = (
            _lines(
                out,
                x + 8,
                y,
                f"{where}, {words.STATUS.get(p['status'], p['status'])}; ammo "
                f"{p['ammo']}; damage {len(p['damage'])}; Maneuver tokens {p['tokens']}; Medals "
                f"{p['medals']}; kills {len(p['kills'])}",
                inner - 8,
                10,
                step=13,
            )
            + 1
        )
        if p["damage"]:
            hurt = ", ".join(words.DAMAGE.get(d, d) for d in p["damage"])
            y = _lines(out, x + 8, y, f"Damage: {hurt}", inner - 8, 9, fill="#b00", step=13)
        hand = p.get("hand")
        if hand is None:
            y = _lines(out, x + 8, y, f"{p.get('cards', 0)} cards, hidden", inner - 8, 9)
            continue
        mine = deciding is not None and deciding["id"] == p["id"]
        col = 0
        out.append('<g class="hand" fill="#fff">')
        for card in hand:
            cx = x + 8 + col * 140
            option = on_map.get(("card", str(card))) if mine else None
            attrs = (
                f' class="option card" data-action="{esc(option[0])}" cursor="pointer"'
                if option is not None
                else ""
            )
            placed = card_symbols(data).get(str(card))
            if placed is not None:  # the card as the board draws it: its name and its text
                fill = ' fill="#ffd24d"' if option else ""  # else the hand's white
                drawn = f'<use href="#{placed}" x="{cx}" y="{y - 10}"{fill}/>'
                out.append(
                    f"<g{attrs}><title>{esc(option[1])}</title>{drawn}</g>"
                    if option is not None
                    else drawn
                )
            else:
                title = option[1] if option is not None else _card_title(str(card), data)
                out.append(
                    f'<g{attrs} transform="translate({cx} {y - 10})">'
                    f"{_card_face(words.card(card, data), '#ffd24d' if option else '#fff')}"
                    f"<title>{esc(title)}</title></g>"
                )
            if option is not None:
                on_map = {k: v for k, v in on_map.items() if k != ("card", str(card))}
            col += 1
            if col == 3:
                col = 0
                y += CARD_ROW
        out.append("</g>")
        y += CARD_ROW if col else 0
        y += 4
    out.append("</g>")
    return out, int(y)


def _card_face(said: str, fill: str = "") -> str:
    """A Combat card at (0, 0): its name wrapped on two lines at most (a third is shrunk)."""
    name = said.strip("“”")
    lines = wrap_to(name, CARD_W - 6, 9)
    if len(lines) > 2:  # no name of the deck needs it: kept whole, smaller
        lines = [name]
    size = 9 if len(lines) < 3 and all(text_width(t, 9) <= CARD_W - 6 for t in lines) else 7
    top = 10 if len(lines) == 2 else 15
    texts = "".join(
        f'<text x="3" y="{top + 10 * i}" font-size="{size}" fill="#222">{esc(line)}</text>'
        for i, line in enumerate(lines)
    )
    paint = f' fill="{fill}"' if fill else ""
    return f'<rect width="{CARD_W}" height="{CARD_H}" rx="2" stroke="#888"{paint}/>{texts}'


@lru_cache(maxsize=8)
def card_symbols(data: str = "") -> dict[str, str]:
    """Each Combat card's id in the board the page fetches (by its place in the deck)."""
    comp, _ = _static(data)
    return {c.id: f"s3k{n}" for n, c in enumerate(comp.cards)}


def _card_symbol(card_id: str, data: str = "") -> str:
    """A Combat card at (0, 0) as a hand shows it: its name, its text as its title; its
    fill is the hand's (white, or yellow when it is an option)."""
    return (
        f'<g id="{card_symbols(data)[card_id]}"><title>{esc(_card_title(card_id, data))}</title>'
        f"{_card_face(words.card(card_id, data))}</g>"
    )


@lru_cache(maxsize=1)
def card_defs() -> str:
    """Every Combat card, for the board the page fetches once (``render_static``)."""
    comp, _ = _static()
    return f"<defs>{''.join(_card_symbol(c.id) for c in comp.cards)}</defs>"


def with_board(dynamic: str, data: str = "") -> str:
    """A map from ``render_dynamic`` made whole: the board in its slot, with the cards the map
    places and no other (a map alone names no card in a hand its seat cannot see)."""
    by_symbol = {sid: cid for cid, sid in card_symbols(data).items()}
    placed = sorted(set(re.findall(r'href="#(s3k\d+)"', dynamic)), key=lambda i: int(i[3:]))
    cards = "".join(_card_symbol(by_symbol[sid], data) for sid in placed if sid in by_symbol)
    layer = static_layer(data)
    board = f'<g class="board">{layer}{f"<defs>{cards}</defs>" if cards else ""}</g>'
    return dynamic.replace(STATIC_SLOT, board, 1)


def _card_title(card_id: str, data: str = "") -> str:
    comp, _ = _static(data)
    c = comp.card(card_id)
    return (
        f"{c.name}: Movement {c.move}; Support {', '.join(c.support)}; Defence "
        f"{', '.join(c.defence)}; {c.ability.text}"
    )


def _dice(
    out: list[str], x: int, y: float, title: str, faces: tuple[str, ...], used: Any, fill: str
) -> float:
    """A row of dice, each as wide as its face's words; a row that runs out of room goes on
    under the first die."""
    out.append(f'<text x="{x + 8}" y="{y}" font-size="10">{esc(title)}:</text>')
    cx = x + 70
    for i, face in enumerate(faces):
        said = words.face(face)
        w = max(82.0, round(text_width(said, 9) + 8))
        if cx > x + 70 and cx + w > x + PANEL_W:
            cx, y = x + 70, y + 18
        spent = i in tuple(used or ())
        out.append(
            f'<g><rect x="{cx}" y="{y - 11}" width="{w:g}" height="15" rx="3" fill="{fill}" '
            f'opacity="{0.4 if spent else 1}"/><text x="{cx + w / 2:g}" y="{y}" font-size="9" '
            f'fill="#fff" text-anchor="middle">{esc(said)}</text>'
            f"<title>{esc(said)}{' (used)' if spent else ''}</title></g>"
        )
        cx += w + 4
    return y + 20


__all__ = ["points", "render_dynamic", "render_static", "render_svg"]

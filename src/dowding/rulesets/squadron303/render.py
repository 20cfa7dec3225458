"""303 Squadron at the terminal, from a seat's view alone, in 80 columns: the Scenario and its
goal, the Area map drawn from the board's gazetteer points with a legend, the pilots' boards
(hands by card name), the German squadrons with their routes, and the Fight under way."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from dowding.engine import data_folder

from ..flowed import Flowed
from . import words
from .board import Board
from .components import Components, load_components

View = Mapping[str, Any]
WIDTH = 78  # map columns (the terminal is 80)
HEIGHT = 17  # map rows


@lru_cache(maxsize=8)
def _static(data: str = "") -> tuple[Components, Board]:
    """The components and board, shipped or the player's own (``data``: ``engine.data_folder``)."""
    comp = load_components(data)
    return comp, Board(comp.map)


@lru_cache(maxsize=8)
def codes(data: str = "") -> dict[str, str]:
    """A two-letter code for each Area on the map: lettered Areas keep their name (``A5``), a
    named one gets its initials or first and last letters (Biggin Hill ``BH``, Dover ``DR``)."""
    comp, _ = _static(data)
    out: dict[str, str] = {}
    for a in comp.map.areas:
        parts = a.name.split()
        if len(a.name) <= 3:
            code = a.name
        elif len(parts) > 1:
            code = "".join(p[0] for p in parts[:2]).upper()
        else:
            code = (a.name[0] + a.name[-1]).upper()
        if code in out.values():
            code = a.id[:2].upper()
        out[a.id] = code
    return out


@lru_cache(maxsize=8)
def positions(data: str = "") -> dict[str, tuple[int, int]]:
    """Each Area's (column, row) on the terminal map, from its gazetteer point."""
    _, board = _static(data)
    points = {a: board.latlon(a) for a in board.areas}
    lats = [p[0] for p in points.values()]
    lons = [p[1] for p in points.values()]
    lat0, lat1, lon0, lon1 = min(lats), max(lats), min(lons), max(lons)
    out = {}
    for a, (lat, lon) in points.items():
        col = round((lon - lon0) / (lon1 - lon0 or 1) * (WIDTH - 4))
        row = round((lat1 - lat) / (lat1 - lat0 or 1) * (HEIGHT - 1))
        out[a] = (col, row)
    return out


def render(view: dict[str, Any], seat: str | None = None) -> RenderableType:
    parts: list[RenderableType] = [header(view, seat), area_map(view), legend(data_folder(view))]
    parts += [pilots(view), germans(view)]
    fight = fight_panel(view)
    if fight is not None:
        parts.append(fight)
    return Group(*parts)


def header(view: View, seat: str | None) -> Group:
    data = data_folder(view)
    comp, _ = _static(data)
    name = words.scenario(view.get("scenario"), data)
    text = Text(
        f"303 Squadron: {name}, turn {view.get('turn')} of {view.get('turns')}, "
        f"phase: {view.get('phase')}",
        style="bold",
    )
    who = "spectator" if seat is None else f"Player {seat.removeprefix('p')}"
    text.append(f" ({who})\n")
    try:
        scenario = comp.scenario(str(view.get("scenario")))
        players = int(view.get("players") or 4)
        goal = comp.players_goal(scenario.id, players)
        text.append(f"Goal: {goal_words(goal, data)}.\n")  # a line each side
        text.append(f"The Luftwaffe wins if it {lw_goal_words(scenario.luftwaffe_goal, data)}.\n")
    except KeyError:
        pass
    damage = dict(view.get("target_damage") or {})
    hurt = ", ".join(f"{words.area(a, data)} {n}" for a, n in sorted(damage.items())) or "none"
    stats = [
        f"Shot down: {view.get('kills', 0)};",
        f"pilots lost: {view.get('pilots_down', 0)};",
        f"Reserve: {view.get('reserve', 0)};",
        f"Combat deck: {view.get('deck', 0)} cards;",
        f"target damage: {hurt}",
    ]
    text.rstrip()  # the goal's line ends the Text; the counts flow below it
    parts: list[RenderableType] = [text, Flowed(stats)]
    revealed = [words.event(e[0], data) for e in view.get("revealed") or ()]
    if revealed:
        parts.append(Text(f"Events: {'; '.join(revealed)}"))
    result = view.get("result")
    if result:
        parts.append(Text(f"{result.get('reason')}", style="bold magenta"))
    return Group(*parts)


def goal_words(goal: Any, data: str = "") -> str:
    if goal.kind == "protect":
        return f"keep {words.area(goal.area, data)} below its Toughness to the last turn"
    if goal.kind == "shoot_down":
        return f"shoot down {goal.count} German aircraft"
    if goal.kind == "land":
        return "every pilot in play on an airfield at the end"
    if goal.kind == "hold":
        return f"a pilot over {words.area(goal.area, data)}"
    return goal.kind.replace("_", " ")


def lw_goal_words(goal: Any, data: str = "") -> str:
    if goal.kind == "bomb":
        return f"bombs {words.area(goal.area, data)} to its Toughness"
    if goal.kind == "shoot_down":
        return f"shoots down {goal.count} pilots"
    return goal.kind.replace("_", " ")


def area_map(view: View) -> Text:
    """The Areas at their gazetteer points: each code, then ``+`` pilots, ``x`` Germans, ``*``
    both, ``?`` a Hidden squadron's token; an airfield's code in cyan, a target's in yellow."""
    data = data_folder(view)
    comp, _ = _static(data)
    raf: dict[str, int] = {}
    for p in view.get("planes", ()):
        if p["status"] in ("flying", "landed") and p["area"]:
            raf[p["area"]] = raf.get(p["area"], 0) + 1
    lw: dict[str, int] = {}
    for g in view.get("germans", ()):
        if g["area"]:
            lw[g["area"]] = lw.get(g["area"], 0) + 1
    hidden = {a for a in (view.get("hidden") or {}).values() if a}
    grid = [[(" ", "")] * WIDTH for _ in range(HEIGHT)]
    targets = {str(g.get("target")) for g in view.get("germans", ()) if g.get("target")}
    for a, (col, row) in positions(data).items():
        code = codes(data)[a]
        style = "cyan" if a in comp.map.airfields else ("yellow" if a in targets else "dim")
        mark, mark_style = " ", ""
        if raf.get(a) and lw.get(a):
            mark, mark_style = "*", "bold magenta"
        elif raf.get(a):
            mark, mark_style = "+", "bold cyan"
        elif lw.get(a):
            mark, mark_style = "x", "bold red"
        elif a in hidden:
            mark, mark_style = "?", "bold red"
        for i, ch in enumerate(code):
            if col + i < WIDTH:
                grid[row][col + i] = (ch, style)
        if col + len(code) < WIDTH:
            grid[row][col + len(code)] = (mark, mark_style)
    out = Text()
    for line in grid:
        for ch, style in line:
            out.append(ch, style)
        out.append("\n")
    return out


def legend(data: str = "") -> Flowed:
    """What the codes of the named Areas stand for, and the marks, flowed to the width."""
    comp, _ = _static(data)
    code = codes(data)
    named = [f"{code[a.id]} {a.name}" for a in comp.map.areas if code[a.id] != a.name]
    marks = ["+ pilots,", "x Germans,", "* both,", "? a Hidden squadron;", "cyan airfields,"]
    keys = [f"{name}," for name in named[:-1]] + named[-1:]
    return Flowed([*marks, "yellow targets.", *keys], style="dim")


def pilots(view: View) -> Group:
    """The pilots' boards: a row each, then each one's hand and damage tokens in words."""
    table = Table(
        "pilot", "player", "where", "ammo", "damage", "tokens", "medals", "kills", box=None
    )
    lines = Text()
    data = data_folder(view)
    for p in view.get("planes", ()):
        where = words.area(p["area"], data) if p["area"] else "-"
        if p["status"] != "flying":
            where = f"{where}, {words.STATUS.get(p['status'], p['status'])}"
        role = f" ({p['role']})" if p.get("role") in ("leader", "wingman") else ""
        # before the pilots are drawn (Setup) a plane has no pilot yet: its player names it
        name = (
            words.pilot(p["pilot"], data)
            if p["pilot"]
            else f"Player {str(p['seat']).removeprefix('p')}"
        )
        table.add_row(
            f"{name}{role}",
            str(p["seat"]).removeprefix("p"),
            where,
            str(p["ammo"]),
            str(len(p["damage"])),
            str(p["tokens"]),
            str(p["medals"]),
            str(len(p["kills"])),
        )
        hand = p.get("hand")
        cards = (
            ", ".join(words.card(c, data).strip("“”") for c in hand) or "no cards"
            if hand is not None
            else f"{p.get('cards', 0)} cards, hidden"
        )
        lines.append(f"{name.split()[-1]}: ", style="bold")
        lines.append(cards)
        if p["damage"]:
            lines.append(f"; damage: {', '.join(words.DAMAGE.get(d, d) for d in p['damage'])}")
        lines.append("\n")
    return Group(table, lines)


def germans(view: View) -> Table:
    """Each German squadron in sight: its aircraft, mode, where it is and where it is going."""
    table = Table("squadron", "aircraft", "mode", "where", "route ahead", box=None)
    by_squadron: dict[str, list[Mapping[str, Any]]] = {}
    for g in view.get("germans", ()):
        by_squadron.setdefault(g["squadron"], []).append(g)
    routes = view.get("routes") or {}
    data = data_folder(view)
    for sq, planes in by_squadron.items():
        kinds: dict[str, int] = {}
        for g in planes:
            kinds[words.aircraft(g["type"], data)] = (
                kinds.get(words.aircraft(g["type"], data), 0) + 1
            )
        aircraft = ", ".join(f"{n} {k}" for k, n in kinds.items())
        hurt = sum(1 for g in planes if g["damage"])
        pinned = sum(g["tokens"] for g in planes)
        if hurt:
            aircraft += f" ({hurt} damaged)"
        if pinned:
            aircraft += f" ({pinned} Maneuver tokens)"
        areas = sorted({g["area"] for g in planes if g["area"]})
        where = ", ".join(words.area(a, data) for a in areas) or "gone"
        path = list(routes.get(sq) or ())
        ahead = path[path.index(areas[0]) + 1 :] if areas and areas[0] in path else path
        target = planes[0].get("target")
        outbound = target in ahead
        if outbound:  # out to the target; the way home is the same in reverse
            ahead = ahead[: ahead.index(target) + 1]
        route = " > ".join(words.area(a, data) for a in ahead[:4]) or "-"
        if target:
            route += f" (target {words.area(target, data)})" if outbound else " (homeward)"
        table.add_row(
            words.squadron(sq, data).removeprefix("the "),
            aircraft,
            words.MODES.get(planes[0]["mode"], planes[0]["mode"]),
            where,
            route,
        )
    for sq, area in sorted((view.get("hidden") or {}).items()):
        table.add_row(
            words.squadron(sq, data).removeprefix("the "),
            "hidden",
            "?",
            words.area(area, data),
            "?",
        )
    return table


def fight_panel(view: View) -> Text | None:
    """The Fight under way: the round, the player's dice and the target's."""
    from .bots import fight_in

    f = fight_in(view)
    if f is None:
        return None
    plane = next((p for p in view.get("planes", ()) if p["id"] == f.plane), None)
    data = data_folder(view)
    who = words.pilot(plane["pilot"], data) if plane else "a pilot"
    text = Text(f"Fight: {who} against the {words.german(view, f.target)}, ", style="bold")
    text.append(f"round {f.round} of {f.rounds}\n")
    mine = [words.face(face) + (" (used)" if i in f.used else "") for i, face in enumerate(f.faces)]
    text.append(f"Your dice: {', '.join(mine) or 'not rolled'}; ")
    text.append(f"its dice: {', '.join(words.face(x) for x in f.gfaces) or 'not rolled'}")
    if f.carry:
        kept = ", ".join(words.FACES.get(str(c).split(":")[1], str(c)) for c in f.carry)
        text.append(f"; kept from the last round: {kept}")
    return text


__all__ = ["codes", "positions", "render"]

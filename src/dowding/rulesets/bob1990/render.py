"""bob1990 at the terminal: the board, two characters a space, and the displays (from a view)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .components import load_components

TERRAIN = {"sea": ("·", "blue"), "land": ("#", "green"), "both": (":", "yellow")}


def render(view: dict[str, Any], seat: str | None = None) -> RenderableType:
    return Group(header(view, seat), board(view), flights(view), missions(view))


def header(view: dict[str, Any], seat: str | None) -> Text:
    m = view["missions"]
    who = {"raf": "the British player", "luftwaffe": "the German player"}.get(
        str(seat), "spectator"
    )
    text = Text(
        f"Battle of Britain (1990): turn {view['turn']} of 8, Mission Stage {view['stage']}; "
        f"{len(m['completed'])} of 9 missions completed; view of {who}",
        style="bold",
    )
    if view.get("result"):
        text.append(f"\n{view['result']['reason']}", style="bold magenta")
    return text


def board(view: dict[str, Any]) -> Text:
    c = load_components("", int(view.get("cell_km", 50)))
    g = c.board.grid
    here: dict[str, list[str]] = {}
    for f, fl in view["flights"].items():
        if fl.get("pos") and fl.get("status") in ("map", "landed"):
            here.setdefault(fl["pos"], []).append(f)
    destroyed = set(view.get("destroyed", ()))
    out = Text()
    out.append("    " + "".join(f"{chr(65 + i):2}" for i in range(g.columns)) + "\n")
    for r in range(g.rows):
        out.append(f"{r + 1:3} ")
        for col in range(g.columns):
            sid = f"{chr(65 + col)}{r + 1}"
            s = c.board.spaces[sid]
            fs = here.get(sid, [])
            if fs:
                raf = any(int(f[:-1]) >= 10 for f in fs)
                lw = any(int(f[:-1]) < 10 for f in fs)
                glyph = "XX" if raf and lw else ("RR" if raf else "GG")
                out.append(glyph[:1] + str(len(fs))[:1], "bold red" if lw else "bold cyan")
                continue
            ch, style = TERRAIN[s.terrain]
            mark = " "
            for name in s.features:
                kind = c.board.features[name].kind
                mark = {"raf_airfield": "a", "lw_airfield": "l", "radar": "r"}.get(kind, "c")
                if name in destroyed:
                    mark = "x"
            if sid in c.rs and mark == " ":
                mark = "~"
            out.append(ch + mark, style)
        out.append("\n")
    out.append(
        "R/G/X flights (RAF, German, both) with their number; a airfield, l German airfield, "
    )
    out.append(
        "c city, r radar, x destroyed, ~ radar-scanned; Luftflotte 5 in the Norway box (NOR)\n"
    )
    return out


def flights(view: dict[str, Any]) -> Table:
    table = Table("flight", "where", "status", "cards", "fuel used / marker", box=None)
    for f, fl in view["flights"].items():
        side_fuel = (
            ",".join(map(str, fl["fuel_used"])) or "-"
            if int(f[:-1]) < 10
            else (str(fl["marker"]) if fl["marker"] else "-")
        )
        table.add_row(f, str(fl["pos"] or "off"), fl["status"], str(fl["cards"]), side_fuel)
    return table


def missions(view: dict[str, Any]) -> Text:
    m = view["missions"]
    lines = [f"Mission box: {m['deck']} cards"]
    for lf, mission in m["assigned"].items():
        target = m["targets"].get(lf)
        lines.append(f"Luftflotte {lf}: {mission}" + (f" -> {target}" if target else ""))
    if m["completed"]:
        lines.append("Completed: " + ", ".join(m["completed"]))
    if view.get("destroyed"):
        lines.append("Destroyed: " + ", ".join(view["destroyed"]))
    return Text("\n".join(lines))

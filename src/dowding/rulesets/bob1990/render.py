"""bob1990 at the terminal: the board, two characters a space, and the displays (from a view)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..flowed import Flowed
from .components import Components, components_for
from .words import mission_name, missions_done

TERRAIN = {"sea": ("·", "blue"), "land": ("#", "green"), "both": (":", "yellow")}


def render(view: dict[str, Any], seat: str | None = None) -> RenderableType:
    return Group(
        header(view, seat),
        board(view),
        key(),
        flights(view),
        boxes(view),
        dogfight(view),
        missions(view),
    )


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
    c = components_for(view)
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
    out.rstrip()
    return out


KEY = (
    "Key: R/G/X flights (RAF, German, both) with their number;",
    "· sea,",
    "# land,",
    ": coast (sea and land);",
    "a RAF airfield,",
    "l German airfield,",
    "c city,",
    "r radar,",
    "x destroyed,",
    "~ radar-scanned;",
    "Luftflotte 5 in the Norway box (NOR)",
)


def key() -> Flowed:
    """What the board's marks mean, flowed to the width."""
    return Flowed(KEY, end="\n")


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


def _cards_in_words(ids: list[str], c: Components) -> str:
    """'3 Bf 109 (4 dice), 2 He 111 (1 die, bombs 2)': a box's face-up cards by type."""
    kinds: dict[str, int] = {}
    for cid in ids:
        card = c.cards[cid]
        dice = f"{card.dogfight} {'die' if card.dogfight == 1 else 'dice'}"
        bombs = f", bombs {card.bombing}" if card.bombing else ""
        key = f"{card.aircraft} ({dice}{bombs})"
        kinds[key] = kinds.get(key, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in kinds.items())


PLACES = {"fb": "Flight box", "hand": "drawn for the dogfight", "dmg": "Damaged RAF box"}


def boxes(view: dict[str, Any]) -> Text:
    """The Flight boxes, drawn hands and Damaged boxes whose cards this seat sees face up."""
    c = components_for(view)
    lines: list[str] = []
    for place, ids in view.get("cards", {}).items():
        kind, _, who = place.partition(":")
        if kind in PLACES and ids:
            owner = f"Group {who}" if kind == "dmg" else who
            lines.append(f"{owner} {PLACES[kind]}: {_cards_in_words(ids, c)}")
    shot = sum(len(ids) for p, ids in view.get("cards", {}).items() if p.startswith("shot:"))
    if shot:
        lines.append(f"German squadrons shot down so far: {shot}")
    return Text("\n".join(lines))


def dogfight(view: dict[str, Any]) -> Text:
    """B.II: the dogfight under way: the German flight's stacks and the British flights matched."""
    fight = view.get("fight")
    if not fight:
        return Text("")
    c = components_for(view)
    lines = [f"Dogfight at {fight['space']}: {fight['flight']} in {fight['stacks']} stack(s)"]
    for k in range(1, int(fight["stacks"]) + 1):
        up = view["cards"].get(f"stack:{k}", [])
        down = int(view.get("face_down", {}).get(f"stack:{k}", 0))
        parts = [_cards_in_words(up, c)] if up else []
        if down:
            parts.append(f"{down} face down")
        against = [f for f, s in fight["pairs"] if s == k]
        vs = f" <- {', '.join(against)}" if against else ""
        lines.append(f"  stack {k}: {'; '.join(parts) or 'empty'}{vs}")
    return Text("\n".join(lines), style="bold")


def missions(view: dict[str, Any]) -> Text:
    m = view["missions"]
    lines = [f"Mission box: {m['deck']} cards"]
    c = components_for(view)
    for lf, mission in m["assigned"].items():
        target = m["targets"].get(lf)
        said = f"{mission}, {mission_name(c, mission)}" if mission in c.missions else mission
        hits = m["hits"].get(mission)
        lines.append(
            f"Luftflotte {lf}: {said}"
            + (f" -> {target}" if target else "")
            + (f"; {hits} hit(s)" if hits else "")
        )
    if m["completed"]:
        done = [c.names.get(mid, mid) for mid in m["completed"]]  # in words, as on the map
        lines.append(f"Completed, {missions_done(len(done))}: " + "; ".join(done))
    if view.get("destroyed"):
        lines.append("Destroyed: " + ", ".join(view["destroyed"]))
    return Text("\n".join(lines))

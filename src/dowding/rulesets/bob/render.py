"""The bob table in a terminal: the plotting table, the displays, the track and the missions.

Drawn from ``state.view(seat)`` and the static board alone, never from the state, so a seat
sees on screen exactly what its view holds: a card the view hides is a ``?`` here.

The plotting table is the board's grid, three characters a space, with the space ids round
the edge (columns A-Y, rows 1-47) so a player can type ``K14``. Rows north of Glasgow are
left off unless a flight is up there. Side is shown by more than colour: an RAF flight is
upper case and three characters (``11B``), a Luftwaffe flight lower case and two (``2a``)
followed by its marker (``2a!`` on a bombing run).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from dowding.engine import data_folder
from dowding.gazetteer import column_letters

from .adapters import slug as slugify
from .board import BOX, Board, Space, load_board, parse_space_id
from .game import BobGame
from .tables import (
    GROUPS,
    LUFTFLOTTEN,
    LUFTWAFFE,
    LW_FLIGHTS,
    RAF,
    RAF_FLIGHTS,
    Tables,
    load_tables,
)

View = Mapping[str, Any]

# --- look ---------------------------------------------------------------------------------------
SEA_BG = "#16324f"
GROUP_BG = {10: "#2d4f3a", 11: "#4a5a2a", 12: "#3a5530", 13: "#2f4640"}
FLEET_BG = {2: "#5a4636", 3: "#4d4438"}
RAF_STYLE = "bold black on #8fd3ff"
LW_STYLE = "bold white on #b02020"
KO_STYLE = "bold #ff5050 on grey11"
BOMBED_STYLE = "bold #ffd24d on #5a1a1a"
SIDE_STYLE = {RAF: "bold #8fd3ff", LUFTWAFFE: "bold #ff6b6b"}
SIDE_NAME = {RAF: "RAF", LUFTWAFFE: "Luftwaffe"}
TYPE_NAMES = {  # short enough for three RAF cards on one line
    "spitfire": "Spit",
    "hurricane": "Hurri",
    "defiant": "Defi",
    "bf109": "Bf109",
    "bf110": "Bf110",
    "do17": "Do17",
    "he111": "He111",
    "ju88": "Ju88",
    "ju87": "Ju87",
}
COMBAT_MARK = {"dogfight": "D", "intercept": "I", "bigwing": "W"}
DICE = {"cross": "✚", "roundel": "◉", "blank": "·"}
SCENARIO_TITLES = {s.id: s.title for s in BobGame.scenarios}
TOP_ROW = 12  # 0-based: row 13, one above Glasgow and Edinburgh; rows above only when needed
CELL = 3
SIDE_WIDTH = 17
SHORT_NAMES = {
    "london-docks-surrey-commercial-west-india": "Port of London",
    "bristol-aeroplane-company-filton": "BAC Filton",
    "dunkirk-kent": "Dunkirk (Kent)",
    "kingston-upon-hull": "Hull",
    "newcastle-upon-tyne": "Newcastle",
}
LEGEND: tuple[tuple[tuple[str, str], ...], ...] = (  # items: (sample, style) then words
    (("11B", RAF_STYLE), (" RAF flight", "")),
    (("2a!", LW_STYLE), (" Luftwaffe flight and marker:", "")),
    (("!", "bold"), (" bombing run  ", ""), ("*", "bold"), (" detected", "")),
    (("?", "bold"), (" non-detected", "")),
    (("+", "bold"), (" RAF there too", "")),
    (("D I W", "bold"), (" dogfight, intercept, Big Wing marker", "")),
    (("(B)", "bold #8fd3ff"), (" RAF airfield (flight B)", "")),
    (("<A>", "bold #ff6b6b"), (" Luftwaffe airfield", "")),
    (("c3", "bold white"), (" city of production 3", "")),
    (("LDN", "bold white"), (" London", "")),
    (("(r)", "bold #e8c547"), (" radar station", "")),
    (("~", "bold #e8c547"), (" radar line", "")),
    (("b3", BOMBED_STYLE), (" bombed city", "")),
    (("x3 xBx xrx -", KO_STYLE), (" knocked out: city, airfield, radar, radar gap", "")),
    ((".", "bold"), (" Britain  ", ""), (",", "bold"), (" France", "")),
)
MAP_LEFT = CELL  # the row number and a space before column A
WIDE = MAP_LEFT + 25 * CELL + CELL + 1 + SIDE_WIDTH  # the map, its right-hand numbers, the panel


class Fit:
    """A renderable drawn for the width it is given: side by side when wide, stacked when not."""

    def __init__(self, build: Callable[[int], RenderableType]) -> None:
        self.build = build

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.build(options.max_width)


# --- the static board -------------------------------------------------------------------------
@dataclass(frozen=True)
class Static:
    board: Board
    tables: Tables
    features: dict[str, tuple[tuple[str, str], ...]]  # space -> (kind, key), most important first
    names: dict[str, str]  # target slug -> the name to print
    base_names: dict[str, str]  # flight -> its airfield's name
    missions: dict[str, tuple[str, str, int]]  # mission id -> (target slug, kind, Group)
    london: tuple[str, ...]  # the sections of London (London, Port of London)


FEATURE_ORDER = {"airfield": 0, "lw_base": 1, "london": 2, "city": 3, "radar": 4}


@lru_cache(maxsize=8)
def static(data: str = "") -> Static:
    """The board as printed: shipped, or the player's own (``data``: ``engine.data_folder``), so
    a game with its own board or cards is drawn with them, never with the shipped values."""
    board = load_board(data)
    tables = load_tables(data)
    found: dict[str, list[tuple[str, str]]] = {}
    london = {m.target for m in tables.missions if m.kind in ("london", "port_of_london")}
    for slug, target in tables.targets.items():
        kind = "london" if slug in london else target.kind
        found.setdefault(target.space, []).append((kind, slug))
    for flight, space in tables.lw_base.items():
        if space != BOX:
            found.setdefault(space, []).append(("lw_base", flight))
    features = {
        space: tuple(sorted(items, key=lambda item: FEATURE_ORDER[item[0]]))
        for space, items in found.items()
    }
    names = {slug: SHORT_NAMES.get(slug, _short(name)) for slug, name in tables.display.items()}
    base_names = {f.flight: _short(f.name) for f in board.features.values() if f.flight}
    missions = {m.id: (m.target, m.kind, m.group) for m in tables.missions}
    return Static(board, tables, features, names, base_names, missions, tuple(sorted(london)))


def _short(name: str) -> str:
    """A place's name without its bracketed detail: 'Saint-Omer (Longuenesse)' -> 'Saint-Omer'."""
    return re.sub(r"\s*\(.*?\)", "", name).strip()


# --- small readers of the view -------------------------------------------------------------------
def side_of(seat: str | None) -> str | None:
    if seat is None:
        return None
    return RAF if seat.startswith("raf") else LUFTWAFFE


def flights_of(view: View) -> dict[str, dict[str, Any]]:
    flights: dict[str, dict[str, Any]] = view.get("flights") or {}
    return flights


def target_state(view: View, slug: str) -> tuple[int, bool]:
    """(hits, knocked out) of a target; a target the view leaves out is whole."""
    entry = (view.get("targets") or {}).get(slug) or {}
    return int(entry.get("hits", 0)), bool(entry.get("knocked_out", False))


def flight_label(fid: str, side: str) -> str:
    return fid if side == RAF else fid[:-1] + fid[-1].lower()


def place_name(slug: str, data: str = "") -> str:
    return static(data).names.get(slug, slug.replace("-", " ").title())


def mission_text(mission_id: str, data: str = "") -> str:
    """'M11-04 Biggin Hill (airfield, Q34)'; the id alone for a card the board lacks."""
    st = static(data)
    info = st.missions.get(mission_id)
    if info is None:
        return mission_id
    slug, kind, _ = info
    target = st.tables.targets.get(slug)
    where = f", {target.space}" if target else ""
    kind_name = {"port_of_london": "city", "london": "city"}.get(kind, kind)
    return f"{mission_id} {place_name(slug, data)} ({kind_name}{where})"


def card_name(card: Mapping[str, Any]) -> str:
    """The squadron's name as the options call it (words.py), shortened: 'No. 92 Squadron' ->
    '92 Sqn', '2./KG 51' as it is; the card id when the card has no name."""
    name = str(card.get("name") or card.get("id"))
    squadron = re.fullmatch(r"No\. (\d+) Squadron", name)
    return f"{squadron[1]} Sqn" if squadron else name


def card_text(card: Mapping[str, Any]) -> str:
    """'92 Sqn Spit 4/4' (dogfight dice / damage [/ bombing dice]), '?' when hidden.

    Named as the options name it ('Play No. 92 Squadron (Spitfire, 4 dice, damage 4)'), so a
    player finds the card an option offers in its box."""
    if card.get("hidden") or card.get("id") is None:
        return "?"
    kind = str(card.get("type", ""))
    name = TYPE_NAMES.get(kind, kind.title())
    values = f"{card.get('dice', '?')}/{card.get('damage', '?')}"
    if card.get("bombs"):
        values += f"/{card['bombs']}"
    return f"{card_name(card)} {name} {values}"


def dice_text(cross: int = 0, roundel: int = 0, blank: int = 0) -> str:
    """A roll as the dice show it: ✚ cross, ◉ roundel, · blank."""
    return DICE["cross"] * cross + DICE["roundel"] * roundel + DICE["blank"] * blank


# --- the plotting table ------------------------------------------------------------------------------
Cell = tuple[str, str]  # three characters and their style


def ground_cell(space: Space, view: View) -> Cell:
    """Sea, land or the radar line, shaded by area (RAF Group or Luftflotte)."""
    bg = background(space)
    stations = static(data_folder(view)).board.radar_covering(space.id)
    if stations:
        working = any(not target_state(view, slugify(s))[1] for s in stations)
        return (" ~ ", f"bold #e8c547 on {bg}") if working else (" - ", f"bold #ff5050 on {bg}")
    if space.terrain == "sea":
        return "   ", f"on {bg}"
    return (" . " if space.raf_group else " , "), f"#9aa88a on {bg}"


def background(space: Space) -> str:
    if space.raf_group is not None:
        return GROUP_BG.get(space.raf_group, SEA_BG)
    if space.luftflotte is not None:
        return FLEET_BG.get(space.luftflotte, SEA_BG)
    return SEA_BG


def feature_cell(space: Space, view: View) -> Cell | None:
    """The most telling feature of a space: knocked-out first, then airfields, cities, radar."""
    items = static(data_folder(view)).features.get(space.id)
    if not items:
        return None
    ranked = sorted(items, key=lambda item: -damage_rank(view, item))
    kind, key = ranked[0]
    bg = background(space)
    return FEATURE_GLYPHS[kind](key, view, bg)


def damage_rank(view: View, item: tuple[str, str]) -> int:
    kind, key = item
    if kind == "lw_base":
        return 0
    hits, out = target_state(view, key)
    return 2 if out else (1 if hits else 0)


def _airfield(slug: str, view: View, bg: str) -> Cell:
    letter = static(data_folder(view)).tables.targets[slug].flight[-1:] or "?"
    if target_state(view, slug)[1]:
        return f"x{letter}x", KO_STYLE
    return f"({letter})", f"bold #8fd3ff on {bg}"


def _lw_base(flight: str, view: View, bg: str) -> Cell:
    return f"<{flight[-1]}>", f"bold #ff6b6b on {bg}"


def _london(slug: str, view: View, bg: str) -> Cell:
    sections = [target_state(view, s) for s in static(data_folder(view)).london]
    if any(out for _, out in sections):
        return "LDx", KO_STYLE
    if any(hits for hits, _ in sections):
        return "LDb", BOMBED_STYLE
    return "LDN", f"bold white on {bg}"


def _city(slug: str, view: View, bg: str) -> Cell:
    production = static(data_folder(view)).tables.targets[slug].production
    hits, out = target_state(view, slug)
    if out:
        return f" x{production}", KO_STYLE
    if hits:
        return f" b{production}", BOMBED_STYLE
    return f" c{production}", f"bold white on {bg}"


def _radar(slug: str, view: View, bg: str) -> Cell:
    if target_state(view, slug)[1]:
        return "xrx", KO_STYLE
    return "(r)", f"bold #e8c547 on {bg}"


FEATURE_GLYPHS = {
    "airfield": _airfield,
    "lw_base": _lw_base,
    "london": _london,
    "city": _city,
    "radar": _radar,
}


@dataclass(frozen=True)
class Occupants:
    """Who is in each grid space: flights by side, and the air combat markers."""

    raf: dict[str, list[str]]
    lw: dict[str, str]
    combats: dict[str, str]

    @classmethod
    def of(cls, view: View) -> Occupants:
        raf: dict[str, list[str]] = {}
        lw: dict[str, str] = {}
        for fid, f in flights_of(view).items():
            space = f.get("space")
            if f.get("status") != "map" or not space:
                continue
            if f.get("side") == RAF:
                raf.setdefault(space, []).append(fid)
            else:
                lw[space] = fid
        combats = dict((view.get("markers") or {}).get("combats") or {})
        return cls(raf, lw, combats)


def lw_mark(flight: Mapping[str, Any], space: str, occ: Occupants) -> str:
    """The one marker a Luftwaffe flight shows on the map (the side list gives them all)."""
    if space in occ.combats:
        return COMBAT_MARK.get(occ.combats[space], "X")
    if space in occ.raf:
        return "+"
    if flight.get("bombrun"):
        return "!"
    if flight.get("nondetect"):
        return "?"
    if flight.get("detected"):
        return "*"
    return " "


def flight_cell(space: str, view: View, occ: Occupants) -> Cell | None:
    fid = occ.lw.get(space)
    if fid is not None:
        flight = flights_of(view)[fid]
        return flight_label(fid, LUFTWAFFE) + lw_mark(flight, space, occ), LW_STYLE
    raf = occ.raf.get(space)
    if raf:
        return raf[0], RAF_STYLE
    return None


def map_rows(view: View, occ: Occupants) -> range:
    """Row 13 to the bottom edge, or further north when a flight or combat is up there."""
    rows = static(data_folder(view)).board.grid.rows
    top = TOP_ROW
    for space in [*occ.raf, *occ.lw, *occ.combats]:
        if space != BOX:
            top = min(top, parse_space_id(space)[1] - 1)
    return range(max(0, top), rows)


def column_header(data: str = "") -> Text:
    cols = static(data).board.grid.columns
    head = "".join(column_letters(c).center(CELL) for c in range(cols))
    return Text(" " * CELL + head, style="bold")


def map_text(view: View, right: bool = True) -> Text:
    """The grid with column letters above and below and row numbers on the left (and the
    right, when ``right`` and the width allows: 81 cells with them, 78 without)."""
    data = data_folder(view)
    board = static(data).board
    occ = Occupants.of(view)
    lines = Text(no_wrap=True, overflow="crop")
    lines.append_text(column_header(data))
    lines.append("\n")
    for r in map_rows(view, occ):
        lines.append(f"{r + 1:>2} ", style="bold")
        for c in range(board.grid.columns):
            space = board.spaces[f"{column_letters(c)}{r + 1}"]
            text, style = (
                flight_cell(space.id, view, occ)
                or feature_cell(space, view)
                or ground_cell(space, view)
            )
            lines.append(text, style=style)
        if right:
            lines.append(f" {r + 1:<2}", style="bold")
        lines.append("\n")
    lines.append_text(column_header(data))
    return lines


def norway_box(view: View) -> Text:
    """The Norway box, Luftflotte 5's airfield off the grid, and the edge spaces it links to."""
    flight = flights_of(view).get("5A", {})
    inside = flight.get("status") == "map" and flight.get("space") == BOX
    width = SIDE_WIDTH - 2
    body = (
        f"{flight_label('5A', LUFTWAFFE)} here {fuel_gauge(flight)}" if inside else "<A> Stavanger"
    )
    text = Text(no_wrap=True)
    text.append("┌" + " NOR Norway ".center(width, "─") + "┐\n")
    text.append("│")
    text.append(f" {body}".ljust(width), style=LW_STYLE if inside else "bold #ff6b6b")
    text.append("│\n")
    for line in box_links(data_folder(view)):
        text.append("│" + f" {line}".ljust(width) + "│\n")
    text.append("└" + "─" * width + "┘")
    return text


def box_links(data: str = "") -> list[str]:
    """'links L1-Y1', 'and Y2-Y18': the box's links as runs along the top and east edges."""
    links = static(data).board.box_links
    top = [s for s in links if parse_space_id(s)[1] == 0]
    east = [s for s in links if s not in top]
    runs = [f"{run[0]}-{run[-1]}" if len(run) > 1 else run[0] for run in (top, east) if run]
    return [("links " if i == 0 else "and ") + run for i, run in enumerate(runs)]


def aloft_text(view: View, wide: bool = False) -> Text:
    """Every flight on the map with its space and markers, and each air combat: in the side
    panel's 17 cells, or (``wide``, below the map) several to a line."""
    occ = Occupants.of(view)
    cut = 60 if wide else SIDE_WIDTH
    text = Text(no_wrap=True)
    text.append("LUFTWAFFE ON MAP\n", style=SIDE_STYLE[LUFTWAFFE])
    lw = [(fid, f) for fid, f in flights_of(view).items() if fid in occ.lw.values()]
    items = []
    for fid, f in sorted(lw):
        marks = "".join(
            m for m, key in (("!", "bombrun"), ("*", "detected"), ("?", "nondetect")) if f.get(key)
        )
        items.append(
            f"{flight_label(fid, LUFTWAFFE):<3}{f['space']:<4}{fuel_gauge(f):<4}{marks:<3}"
        )
    _lines(text, items, 4 if wide else 1, cut)
    text.append("RAF ON MAP\n", style=SIDE_STYLE[RAF])
    raf = sorted((fid, space) for space, fids in occ.raf.items() for fid in fids)
    _lines(text, [f"{fid} {space:<4}" for fid, space in raf], 6 if wide else 2, cut)
    text.append_text(combats_text(occ, 3 if wide else 1, cut))
    return text


def _lines(text: Text, items: Sequence[str], per_line: int, cut: int) -> None:
    for i in range(0, len(items), per_line):
        text.append("  ".join(items[i : i + per_line]).rstrip()[:cut] + "\n")
    if not items:
        text.append("none\n", style="dim")


def combats_text(occ: Occupants, per_line: int = 1, cut: int = SIDE_WIDTH) -> Text:
    """Spaces with an air combat marker, or flights of both sides: 'S35 D 2c 11C'."""
    text = Text(no_wrap=True)
    shared = sorted(set(occ.combats) | (set(occ.lw) & set(occ.raf)))
    if not shared:
        return text
    text.append("AIR COMBAT\n", style="bold magenta")
    items = []
    for space in shared:
        kind = occ.combats.get(space)
        lw = [flight_label(occ.lw[space], LUFTWAFFE)] if space in occ.lw else []
        who = " ".join([*lw, *occ.raf.get(space, [])])
        mark = COMBAT_MARK.get(kind, "X") if kind else "-"
        items.append(f"{space:<4}{mark} {who}"[:SIDE_WIDTH].ljust(SIDE_WIDTH))
    _lines(text, items, per_line, cut)
    return text


def fuel_gauge(flight: Mapping[str, Any]) -> str:
    fuel = max(0, min(3, int(flight.get("fuel", 0))))
    return "●" * fuel + "○" * (3 - fuel)


def legend(rows: range, width: int = 200) -> Text:
    """What each mark on the map means, its items flowed into lines of ``width`` cells."""
    text = Text(no_wrap=True, overflow="crop")
    text.append("Key: ", style="bold")
    used = len("Key: ")
    for item in LEGEND:
        size = sum(len(words) for words, _ in item)
        if used > len("Key: ") and used + 3 + size > width:
            text.append("\n")
            used = 0
        elif used > len("Key: "):
            text.append("   ")
            used += 3
        for words, style in item:
            text.append(words, style=style or "dim")
        used += size
    text.append("\nDice: ", style="dim")
    text.append(f"RAF white {dice_text(3, 1, 2)}", style="bold")
    text.append("  Luftwaffe black ", style="dim")
    text.append(dice_text(1, 3, 2), style="bold")
    text.append("\n" if width < 80 else "   ")
    text.append("(✚ cross  ◉ roundel  · blank)", style="dim")
    if rows.start > 0:
        text.append(f"\nRows 1-{rows.start} (the Highlands and open sea) are left off while empty.")
    return text


def plotting_table(view: View) -> RenderableType:
    """The map with the Norway box and the list of flights aloft beside it when the width
    allows (``WIDE`` cells), below it when not; never a map column lost."""
    rows = map_rows(view, Occupants.of(view))

    def build(width: int) -> RenderableType:
        grid = Table.grid(padding=(0, 1))
        if width >= WIDE:
            grid.add_column(no_wrap=True)
            grid.add_column(width=SIDE_WIDTH, no_wrap=True)
            side = Text(no_wrap=True)
            side.append_text(norway_box(view))
            side.append("\n")
            side.append_text(aloft_text(view))
            grid.add_row(map_text(view), side)
            return Group(grid, legend(rows, width))
        right = width >= MAP_LEFT + 26 * CELL
        below = Table.grid(padding=(0, 2))
        below.add_column(width=SIDE_WIDTH, no_wrap=True)
        below.add_column(no_wrap=True)
        below.add_row(norway_box(view), aloft_text(view, wide=True))
        return Group(map_text(view, right), below, legend(rows, width))

    return Fit(build)


# --- the displays ---------------------------------------------------------------------------------
def where_text(
    flight: Mapping[str, Any], base_space: str, *, fuel: bool = False, base_out: bool = False
) -> Text:
    """Where a flight is (display, base, aloft, grounded), its fuel gauges and its markers."""
    status = flight.get("status")
    space = flight.get("space")
    if status == "grounded":
        words, style = "grounded", "bold #ff5050"
    elif status == "map" and space == base_space:
        words, style = f"at base {space}", ""
    elif status == "map":
        words, style = f"aloft {space}", "bold"
    else:
        words, style = "on display", "dim"
    text = Text(words, style=style)
    if base_out:
        text.append(" airfield-KO", style=KO_STYLE)
    if fuel and status == "map":
        text.append(" fuel ")
        text.append(fuel_gauge(flight), style="bold #e8c547")
    for key, label in FLIGHT_MARKERS:
        if flight.get(key):
            text.append(f" {label}", style="bold yellow" if key == "ace" else "yellow")
    return text


FLIGHT_MARKERS = (
    ("ace", "ACE"),
    ("bombrun", "bombing-run"),
    ("detected", "detected"),
    ("nondetect", "non-detected"),
    ("intercepted", "intercepting"),
)


def displays_table(side: str) -> Table:
    table = Table(
        box=box.SIMPLE_HEAD, expand=True, padding=(0, 1), show_edge=False, collapse_padding=True
    )
    # fixed widths, so a flight that takes off moves no other line (compact play redraws
    # only the lines that changed)
    if side == RAF:
        table.add_column("Flight and airfield", width=22, no_wrap=True)
        table.add_column("Where", width=12)
        table.add_column("Squadron cards (dice/damage)", ratio=1)
    else:
        table.add_column("Flight, airfield / where", width=28)
        table.add_column("Mission", width=14)
        table.add_column("Squadron cards (dice/damage/bombs)", ratio=1, min_width=42)
    return table


def base_of(fid: str, data: str = "") -> tuple[str, str]:
    """(airfield name, space) of a flight; the space is NOR for 5A."""
    st = static(data)
    space = st.tables.raf_base.get(fid) or st.tables.lw_base.get(fid, "")
    return st.base_names.get(fid, "?"), space


def flight_cell_text(fid: str, side: str, data: str = "") -> Text:
    """'11B Biggin Hill Q34'."""
    name, space = base_of(fid, data)
    text = Text(fid, style=SIDE_STYLE[side])
    text.append(f" {name} {space}")
    return text


def base_out(view: View, fid: str) -> bool:
    """Whether an RAF flight's airfield is knocked out."""
    slug = static(data_folder(view)).tables.raf_base_name.get(fid, "")
    return bool(slug) and target_state(view, slug)[1]


def unit_header(title: str, note: str, columns: int) -> list[Text]:
    """A Group's or Luftflotte's row: its name, then its combat ready (and damaged) boxes."""
    return [
        Text(title, style="bold underline"),
        *(Text("") for _ in range(columns - 2)),
        Text(note, style="bold"),
    ]


def raf_display(view: View) -> Table:
    table = displays_table(RAF)
    data = data_folder(view)
    flights = flights_of(view)
    ready = view.get("combat_ready") or {}
    for group in GROUPS:
        lost = [
            c for c in view.get("damaged") or [] if card_side(c) == RAF and c.get("unit") == group
        ]
        note = f"combat ready {ready.get(f'{RAF}-{group}', '?')}   damaged {len(lost)}"
        table.add_row(*unit_header(f"{group} Group", note, 3))
        if lost:
            table.add_row(Text("  damaged box", style="#ff5050"), Text(""), cards_cell(lost))
        for fid in RAF_FLIGHTS:
            if int(fid[:-1]) == group and fid in flights:
                flight = flights[fid]
                table.add_row(
                    flight_cell_text(fid, RAF, data),
                    where_text(flight, base_of(fid, data)[1], base_out=base_out(view, fid)),
                    cards_cell(flight.get("cards") or []),
                )
        table.add_section()
    return table


def card_side(card: Mapping[str, Any]) -> str:
    return RAF if str(card.get("id") or "").startswith("raf") else LUFTWAFFE


def lw_display(view: View) -> Table:
    table = displays_table(LUFTWAFFE)
    data = data_folder(view)
    flights = flights_of(view)
    ready = view.get("combat_ready") or {}
    for fleet in LUFTFLOTTEN:
        note = f"combat ready {ready.get(f'{LUFTWAFFE}-{fleet}', '?')}"
        table.add_row(*unit_header(f"Luftflotte {fleet}", note, 3))
        for fid in LW_FLIGHTS:
            if int(fid[:-1]) == fleet and fid in flights:
                flight = flights[fid]
                cell = flight_cell_text(fid, LUFTWAFFE, data)
                cell.append("\n")
                cell.append(f"{flight_label(fid, LUFTWAFFE)} ", style="dim")  # a line alone says
                cell.append_text(where_text(flight, base_of(fid, data)[1], fuel=True))
                table.add_row(
                    cell, mission_cell(flight, data), cards_cell(flight.get("cards") or [])
                )
        table.add_section()
    return table


def cards_cell(cards: Sequence[Mapping[str, Any]]) -> RenderableType:
    """A flight's squadron card box: each card whole on a line, hidden ones as '?'."""
    if not cards:
        return Text("(empty)", style="dim")
    shown = [Text(card_text(c)) for c in cards if card_text(c) != "?"]
    hidden = len(cards) - len(shown)
    if hidden:
        shown.append(Text(" ".join("?" * hidden), style="bold magenta"))
    return Columns(shown, padding=(0, 2))


def mission_cell(flight: Mapping[str, Any], data: str = "") -> Text:
    """The flight's current mission box: the card for its own side, else face down."""
    mission = flight.get("mission")
    if mission is None:
        return Text("none", style="dim")
    if mission == "hidden":
        return Text("face down", style="magenta")
    st = static(data)
    info = st.missions.get(str(mission))
    if info is None:
        return Text(str(mission))
    target = st.tables.targets.get(info[0])
    text = Text(f"{mission} ")
    text.append(place_name(info[0], data), style="bold")
    text.append(f" {target.space}" if target else "")
    return text


def lw_damaged(view: View) -> RenderableType:
    """The Damaged Aircraft space on the map: the Luftwaffe's lost squadrons, face up."""
    lost = [c for c in view.get("damaged") or [] if card_side(c) == LUFTWAFFE]
    title = Text(f"Damaged Aircraft space on the map: {len(lost)}", style="bold")
    lines: list[RenderableType] = [title]
    for fleet in LUFTFLOTTEN:
        cards = [c for c in lost if c.get("unit") == fleet]
        if cards:
            lines.append(Text(f"  Luftflotte {fleet}: {type_counts(cards)}"))
    return Group(*lines)


def type_counts(cards: Iterable[Mapping[str, Any]]) -> str:
    counts: dict[str, int] = {}
    for card in cards:
        name = TYPE_NAMES.get(str(card.get("type")), str(card.get("type")))
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(f"{n} {name}" for name, n in counts.items())


# --- the German Target & British Production Track -------------------------------------------------
def track_table(view: View) -> Table:
    table = Table(box=box.SIMPLE_HEAD, expand=True, show_edge=False, padding=(0, 1))
    table.add_column("Group", no_wrap=True, style="bold")
    table.add_column("Dice", no_wrap=True, justify="right")
    table.add_column("Cities (production) and bomb markers; knocked-out airfields and radar")
    tables = static(data_folder(view)).tables
    for group in GROUPS:
        cities = tables.group_cities.get(group, ())
        dice = sum(tables.targets[c].production for c in cities if not target_state(view, c)[0])
        cell: list[RenderableType] = [Columns([city_box(view, c) for c in cities], padding=(0, 2))]
        knocked = knocked_out_in(view, group)
        if knocked:
            line = Text("knocked out: ", style="bold #ff5050")
            line.append(", ".join(knocked))
            cell.append(line)
        table.add_row(f"{group} Group", str(dice), Group(*cell))
    return table


def city_box(view: View, slug: str) -> Text:
    data = data_folder(view)
    production = static(data).tables.targets[slug].production
    hits, out = target_state(view, slug)
    text = Text(f"{place_name(slug, data)} {production}")
    if out:
        text.append(" [KO]", style=KO_STYLE)
    elif hits:
        text.append(f" [bomb {hits}]", style=BOMBED_STYLE)
    return text


def knocked_out_in(view: View, group: int) -> list[str]:
    data = data_folder(view)
    out = []
    for slug, target in static(data).tables.targets.items():
        if target.group == group and target.kind != "city" and target_state(view, slug)[1]:
            what = f"airfield {target.flight}" if target.kind == "airfield" else "radar"
            out.append(f"{place_name(slug, data)} ({what}, {target.space})")
    return out


# --- missions, turn track, markers, victory points ------------------------------------------------
def missions_text(view: View) -> RenderableType:
    """The mission deck, the Luftwaffe's pending hand (or its size) and the cards each side holds."""
    data = data_folder(view)
    missions = view.get("missions") or {}
    hand = missions.get("hand")
    title = Text("MISSIONS", style="bold")
    title.append(f"   deck {missions.get('deck', '?')}   ")
    if isinstance(hand, list):
        title.append(f"Luftwaffe pending hand {len(hand)}:", style=SIDE_STYLE[LUFTWAFFE])
        parts: list[RenderableType] = [title, mission_list(hand, data)]
    else:
        title.append(f"Luftwaffe pending hand {hand}, face down", style=SIDE_STYLE[LUFTWAFFE])
        parts = [title]
    for side in (LUFTWAFFE, RAF):
        held = list(missions.get(side) or [])
        parts.append(Text(f"Held by the {SIDE_NAME[side]}: {len(held)}", style=SIDE_STYLE[side]))
        if held:
            parts.append(mission_list(held, data))
    return Group(*parts)


def mission_list(ids: Iterable[str], data: str = "") -> RenderableType:
    return Columns([Text(mission_text(m, data)) for m in ids], padding=(0, 3))


def header(view: View, seat: str | None) -> Text:
    turn, last = int(view.get("turn", 0)), int(view.get("last_turn", 4))
    scenario = str(view.get("stage") or view.get("scenario") or "")
    title = SCENARIO_TITLES.get(scenario, scenario.replace("-", " ").title())
    text = Text()
    text.append("BATTLE OF BRITAIN ", style="bold")
    text.append(title, style="bold")
    text.append("   turn ")
    text.append(turn_track(turn, last), style="bold #e8c547")
    text.append(f" {min(turn, last)} of {last}")
    text.append("   view: ")
    text.append(seat or "public", style=SIDE_STYLE.get(side_of(seat) or "", "bold"))
    return text


def turn_track(turn: int, last: int) -> str:
    return "".join("■" if t <= turn else "□" for t in range(1, last + 1))


def status_line(view: View) -> Text:
    markers = view.get("markers") or {}
    aces = view.get("aces") or {}
    vp = view.get("victory_points") or {}
    text = Text()
    text.append(f"Air combat markers left {markers.get('air_combat', '?')}")
    if markers.get("big_wing"):
        text.append(f" + Big Wing {markers['big_wing']}")
    text.append(f"   Ace markers in the pool: RAF {aces.get(RAF, '?')}, ")
    text.append(f"Luftwaffe {aces.get(LUFTWAFFE, '?')}")
    text.append("   VP ", style="bold")
    text.append(f"RAF {vp.get(RAF, '?')}", style=SIDE_STYLE[RAF])
    text.append(" · ")
    text.append(f"Luftwaffe {vp.get(LUFTWAFFE, '?')}", style=SIDE_STYLE[LUFTWAFFE])
    campaign = view.get("campaign")
    if isinstance(campaign, Mapping):
        text.append(
            f"\nCampaign scenario {campaign.get('scenario', '?')} of 3; points so far: "
            f"RAF {campaign.get(RAF, '?')}, Luftwaffe {campaign.get(LUFTWAFFE, '?')}"
        )
    result = view.get("result")
    if isinstance(result, Mapping):
        winner = result.get("winner")
        text.append(
            f"\nGAME OVER: {SIDE_NAME.get(winner, 'nobody') if winner else 'a draw'}"
            f" — {result.get('reason', '')}",
            style="bold green",
        )
    return text


def rule(title: str, style: str = "bold") -> Text:
    return Text(
        f"── {title} " + "─" * max(0, 96 - len(title)), style=style, no_wrap=True, overflow="crop"
    )


def raf_section(view: View) -> list[RenderableType]:
    return [rule("RAF GROUP DISPLAYS", SIDE_STYLE[RAF]), raf_display(view)]


def lw_section(view: View) -> list[RenderableType]:
    return [rule("LUFTFLOTTE DISPLAYS", SIDE_STYLE[LUFTWAFFE]), lw_display(view), lw_damaged(view)]


def render(view: dict[str, Any], seat: str | None) -> RenderableType:
    """The whole table as ``seat`` sees it (None: what everyone sees); its own displays first."""
    displays = raf_section(view) + lw_section(view)
    if side_of(seat) == LUFTWAFFE:
        displays = lw_section(view) + raf_section(view)
    return Group(
        header(view, seat),
        status_line(view),
        rule("PLOTTING TABLE"),
        plotting_table(view),
        *displays,
        rule("GERMAN TARGET & BRITISH PRODUCTION TRACK"),
        track_table(view),
        missions_text(view),
    )

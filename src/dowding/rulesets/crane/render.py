"""The crane table in a terminal: a character map of the open table and a table of aircraft.

Drawn from ``state.view(seat)`` alone. The map is landscape, as a terminal is: the German
entry edge (y=0) on the left, the factory edge on the right, x growing downwards. That
keeps headings clockwise on screen: 0° (towards the factory) is →, 90° (+x) is ↓. Side is
shown by case as well as colour: RAF letters are upper case, Luftwaffe lower case.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..flowed import Flowed
from .geometry import Point, Rect, distance, off_angle, rect_distance

GLYPHS = {"spitfire": "S", "hurricane": "H", "me109": "m", "he111": "b", "ju87": "j"}
NAMES = {
    "spitfire": "Spitfire",
    "hurricane": "Hurricane",
    "me109": "Me 109",
    "he111": "He 111",
    "ju87": "Ju 87",
}
BOMBERS = frozenset({"he111", "ju87"})
# the gunners each bomber carries when a view does not say (components.json: "gunners")
DEFAULT_GUNNERS = {"he111": ("nose", "rear"), "ju87": ("rear",)}
SIDE_STYLE = {"raf": "bold cyan", "luftwaffe": "bold red"}
SIDE_NAME = {"raf": "RAF", "luftwaffe": "Luftwaffe"}
# screen arrows for headings 0, 45, ... 315 in this orientation (0 = +y = right, 90 = +x = down)
ARROWS = "→↘↓↙←↖↑↗"
FACTORY, FLAK, PATH, MARKER = "▒", "·", "•", "◎"
STATUS_ORDER = {"flying": 0, "waiting": 1, "exited": 2, "destroyed": 3}


def arrow(heading: float) -> str:
    return ARROWS[round(heading / 45.0) % 8]


@dataclass(frozen=True)
class Grid:
    """Inches to character cells: columns run along y, rows along x, two inches of x per inch of y
    per cell so that a cell (twice as tall as wide) stays square on screen."""

    width: float  # inches across (x)
    length: float  # inches entry edge to factory edge (y)
    cols: int
    rows: int

    @classmethod
    def fit(cls, width: float, length: float, cols: int) -> Grid:
        rows = max(4, round(width * cols / (2.0 * length)))
        return cls(width, length, cols, rows)

    def cell(self, x: float, y: float) -> tuple[int, int]:
        row = min(self.rows - 1, max(0, int(x / self.width * self.rows)))
        col = min(self.cols - 1, max(0, int(y / self.length * self.cols)))
        return row, col

    def centre(self, row: int, col: int) -> Point:
        return (row + 0.5) * self.width / self.rows, (col + 0.5) * self.length / self.cols


class Canvas:
    """A grid of (character, style) cells, painted in layers."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.cells: list[list[tuple[str, str]]] = [
            [(" ", "")] * grid.cols for _ in range(grid.rows)
        ]

    def put(self, row: int, col: int, char: str, style: str) -> None:
        if 0 <= row < self.grid.rows and 0 <= col < self.grid.cols:
            self.cells[row][col] = (char, style)

    def line(self, row: int) -> Text:
        text = Text()
        for char, style in self.cells[row]:
            text.append(char, style)
        return text


def render(view: dict[str, Any], seat: str | None = None, columns: int = 72) -> RenderableType:
    """The header, the map, its legend and the aircraft table for one seat's view."""
    table = view["table"]
    grid = Grid.fit(float(table["width"]), float(table["length"]), columns)
    planes = list(view.get("planes", []))
    return Group(
        header(view, seat),
        draw_map(view, grid, planes),
        legend(grid),
        aircraft_table(view, planes, seat),
        *off_table_lines(planes),
    )


# --- header --------------------------------------------------------------------------
def header(view: dict[str, Any], seat: str | None) -> Flowed:
    losses = view.get("losses", {})
    pieces = [
        Text(f"Turn {view.get('turn', 0)}", "bold"),
        Text(str(view.get("phase", ""))),
        Text(
            f"bomb hits {view.get('bomb_hits', 0)}/{view.get('bombs_needed', '?')}", "bold yellow"
        ),
    ]
    lost = Text("losses ")
    lost.append(f"RAF {losses.get('raf', 0)}", SIDE_STYLE["raf"])
    lost.append(", ")
    lost.append(f"Luftwaffe {losses.get('luftwaffe', 0)}", SIDE_STYLE["luftwaffe"])
    pieces.append(lost)
    current = view.get("current")
    if current:
        pieces.append(Text(f"moving {current['plane']}", "reverse"))
    if seat:
        pieces.append(Text(f"you: {SIDE_NAME.get(seat, seat)}", "dim"))
    result = view.get("result")
    after = None
    if result:
        winner = SIDE_NAME.get(result.get("winner") or "", "nobody")
        after = Text(f"Game over: {winner} wins. {result.get('reason', '')}", "bold green")
    return Flowed(pieces, sep=" · ", after=after)


# --- the map -------------------------------------------------------------------------
def draw_map(view: dict[str, Any], grid: Grid, planes: Sequence[dict[str, Any]]) -> Text:
    canvas = Canvas(grid)
    factory = view.get("factory")
    rect: Rect | None = None
    if factory:
        rect = (
            float(factory["x0"]),
            float(factory["y0"]),
            float(factory["x1"]),
            float(factory["y1"]),
        )
        paint_flak(canvas, rect, float(view.get("flak_range", 0.0)))
        paint_factory(canvas, rect)
    paint_move(canvas, view.get("current"))
    paint_planes(canvas, planes, (view.get("current") or {}).get("plane"))
    return frame(canvas)


def paint_factory(canvas: Canvas, rect: Rect) -> None:
    grid = canvas.grid
    painted = False
    for row in range(grid.rows):
        for col in range(grid.cols):
            x, y = grid.centre(row, col)
            if rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]:
                canvas.put(row, col, FACTORY, "yellow")
                painted = True
    if not painted:  # smaller than a cell: still show where it is
        row, col = grid.cell((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
        canvas.put(row, col, FACTORY, "yellow")


def paint_flak(canvas: Canvas, rect: Rect, reach: float) -> None:
    """The dotted edge of the flak zone: cells inside it with a neighbour outside (VII.A)."""
    if reach <= 0:
        return
    grid = canvas.grid
    inside = [
        [rect_distance(grid.centre(row, col), rect) <= reach for col in range(grid.cols)]
        for row in range(grid.rows)
    ]
    for row in range(grid.rows):
        for col in range(grid.cols):
            if not inside[row][col]:
                continue
            neighbours = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if any(
                0 <= r < grid.rows and 0 <= c < grid.cols and not inside[r][c]
                for r, c in neighbours
            ):
                canvas.put(row, col, FLAK, "yellow dim")


def paint_move(canvas: Canvas, current: dict[str, Any] | None) -> None:
    """The committed path of the plane in motion, and the washer at its end (VI.D.3.b)."""
    if not current:
        return
    points = [(float(x), float(y)) for x, y in current.get("path") or []]
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        steps = max(1, math.ceil(distance((x0, y0), (x1, y1)) / 0.25))
        for i in range(steps + 1):
            t = i / steps
            canvas.put(*canvas.grid.cell(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), PATH, "green")
    marker = current.get("marker")
    if marker:
        canvas.put(*canvas.grid.cell(float(marker[0]), float(marker[1])), MARKER, "bold green")


def paint_planes(canvas: Canvas, planes: Iterable[dict[str, Any]], moving: str | None) -> None:
    """Each plane's letter with its heading arrow in the next cell; a digit where planes stack."""
    stacks: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for plane in planes:
        if plane.get("status") == "flying":
            stacks.setdefault(canvas.grid.cell(plane["x"], plane["y"]), []).append(plane)
    for (row, col), stack in stacks.items():
        if len(stack) == 1:
            canvas.put(
                row, col + 1, arrow(stack[0]["heading"]), SIDE_STYLE.get(stack[0]["side"], "")
            )
    # letters last, so an arrow never hides a plane
    for (row, col), stack in stacks.items():
        sides = {p["side"] for p in stack}
        style = SIDE_STYLE.get(stack[0]["side"], "") if len(sides) == 1 else "bold magenta"
        if any(p["id"] == moving for p in stack):
            style += " reverse"
        char = glyph(stack[0]) if len(stack) == 1 else str(min(len(stack), 9))
        canvas.put(row, col, char, style)


def glyph(plane: dict[str, Any]) -> str:
    char = GLYPHS.get(plane.get("type", ""), "?")
    return char.upper() if plane.get("side") == "raf" else char.lower()


def frame(canvas: Canvas) -> Text:
    """The map inside a border, with inch rulers: y along the top, x down the left."""
    grid = canvas.grid
    margin = 4
    text = Text()
    ruler = [" "] * (grid.cols + 2)
    step = 12 if grid.cols / grid.length * 12 >= 6 else 24
    for inches in range(0, int(grid.length) + 1, step):
        label = str(inches)
        col = min(round(inches / grid.length * grid.cols), grid.cols + 2 - len(label))
        if all(ch == " " for ch in ruler[col : col + len(label) + 1]):
            ruler[col : col + len(label)] = list(label)
    text.append(" " * (margin - 2) + "y ", "dim")
    text.append("".join(ruler).rstrip() + "\n", "dim")
    text.append(" x" + " " * (margin - 2) + "┌" + "─" * grid.cols + "┐\n", "dim")
    row_height = grid.width / grid.rows
    for row in range(grid.rows):
        label = ""
        for inches in range(0, int(grid.width) + 1, 6):
            if row * row_height <= inches < (row + 1) * row_height:
                label = str(inches)
        text.append(label.rjust(margin - 1) + " │", "dim")
        text.append_text(canvas.line(row))
        text.append("│\n", "dim")
    text.append(" " * margin + "└" + "─" * grid.cols + "┘", "dim")
    return text


LEGEND = (
    ("RAF in upper case:", (("S", "raf", "Spitfire"), ("H", "raf", "Hurricane"))),
    (
        "Luftwaffe in lower case:",
        (("m", "luftwaffe", "Me 109"), ("b", "luftwaffe", "He 111"), ("j", "luftwaffe", "Ju 87")),
    ),
    (
        "",
        (
            ("→", "bold", "heading (0° towards the factory, 90° down)"),
            ("2", "bold magenta", "planes stacked"),
        ),
    ),
    (
        "",
        (
            (FACTORY, "yellow", "factory"),
            (FLAK, "yellow", "flak range"),
            (PATH, "green", "path of the plane moving"),
            (MARKER, "bold green", "end of its move"),
        ),
    ),
)


def legend(grid: Grid) -> Text:
    text = Text(style="dim")
    text.append("    ◀ German entry edge (y=0)" + "factory edge ▶".rjust(grid.cols - 25))
    for title, keys in LEGEND:
        text.append("\n    " + (f"{title} " if title else ""))
        for index, (char, style, name) in enumerate(keys):
            text.append("  " if index else "")
            text.append(char, SIDE_STYLE.get(style, style))
            text.append(f" {name}")
    return text


# --- the aircraft table --------------------------------------------------------------
def aircraft_table(
    view: dict[str, Any], planes: Sequence[dict[str, Any]], seat: str | None
) -> Table:
    """One row a plane in the air: where it is, how hurt, how close the nearest enemy is,
    and which bomber gunners (nose or rear arc, within attack range) cover it."""
    reach = float(view.get("attack_range", 4.0))
    arc = float(view.get("arc_degrees", 45.0))
    flying = [p for p in planes if p.get("status") == "flying"]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), header_style="bold")
    for column in ("plane", "type", "x,y", "hdg", "dmg", "alt", "status", "nearest", "arcs"):
        table.add_column(column, no_wrap=column != "arcs")
    for plane in flying:
        style = SIDE_STYLE.get(plane["side"], "")
        foe = nearest_foe(plane, flying)
        foe_text = Text("—", "dim")
        if foe is not None:
            foe_plane, gap = foe
            foe_text = Text(f"{foe_plane['id']} {gap:.1f}″", "bold" if gap <= reach else "")
        arcs = gunner_arcs(plane, flying, reach, arc)
        name = Text(f"{glyph(plane)} ", style)
        name.append(plane["id"], "bold" if seat == plane["side"] else "")
        damage = plane.get("damage", 0)
        table.add_row(
            name,
            Text(NAMES.get(plane["type"], plane["type"])),
            Text(f"{plane['x']:.1f},{plane['y']:.1f}"),
            Text(f"{plane['heading']:03.0f}°{arrow(plane['heading'])}"),
            Text(f"{damage}/{plane.get('engines', 1)}", "red" if damage else ""),
            Text(plane.get("altitude") or "—"),
            Text(plane_status(plane)),
            foe_text,
            Text(", ".join(arcs) or "—", "bold red" if arcs else "dim"),
        )
    return table


def plane_status(plane: dict[str, Any]) -> str:
    if plane.get("bombed"):
        return "bombed"  # a bomber that has bombed has nothing left to do but fly on
    return "moved" if plane.get("moved") else "ready"


def nearest_foe(
    plane: dict[str, Any], flying: Sequence[dict[str, Any]]
) -> tuple[dict[str, Any], float] | None:
    here = (plane["x"], plane["y"])
    foes = [(p, distance(here, (p["x"], p["y"]))) for p in flying if p["side"] != plane["side"]]
    return min(foes, key=lambda item: (item[1], item[0]["id"])) if foes else None


def gunner_arcs(
    plane: dict[str, Any], flying: Sequence[dict[str, Any]], reach: float, arc: float
) -> list[str]:
    """Enemy bombers within ``reach`` whose nose or rear gunner's arc holds this plane (VI.E.5)."""
    if plane["type"] in BOMBERS:
        return []
    spot = (plane["x"], plane["y"])
    found = []
    for bomber in flying:
        if bomber["side"] == plane["side"] or bomber["type"] not in BOMBERS:
            continue
        where = (bomber["x"], bomber["y"])
        if distance(where, spot) > reach:
            continue
        gunners = bomber.get("gunners") or DEFAULT_GUNNERS.get(bomber["type"], ())
        off = off_angle(bomber["heading"], where, spot) if spot != where else 0.0
        if "nose" in gunners and off <= arc:
            found.append(f"{bomber['id']} nose")
        elif "rear" in gunners and off >= 180.0 - arc:
            found.append(f"{bomber['id']} rear")
    return found


def off_table_lines(planes: Sequence[dict[str, Any]]) -> list[Text]:
    """Planes not in the air, one line per status, so the table stays short."""
    lines = []
    for status in ("waiting", "exited", "destroyed"):
        ids = [p for p in planes if p.get("status") == status]
        if not ids:
            continue
        line = Text(f"{status.capitalize()}: ", "bold")
        for i, plane in enumerate(ids):
            if i:
                line.append(" ")
            line.append(f"{glyph(plane)} {plane['id']}", SIDE_STYLE.get(plane["side"], ""))
        lines.append(line)
    return lines


__all__ = ["arrow", "gunner_arcs", "nearest_foe", "render"]

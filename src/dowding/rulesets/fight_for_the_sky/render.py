"""The terminal picture of a Fight for the Sky view: the hex map with units, paths and tracks.

Each hex is three characters; even columns sit half a row lower, drawn as every hex taking two
text lines. Sea is '.', England ',', France ':', assembly hexes 'A'. A formation shows as its
counters ('F6', face down '?6'), RAF squadrons as 'r' and their number, targets as their initial,
flight paths as the arrow out of each hex (^ v / \\).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from .board import Board, load_board

_TERRAIN = {"sea": " . ", "coast": " , ", "land": " , ", "france": " : ", "assembly": " A "}
_STYLE = {"sea": "blue", "coast": "green", "land": "green", "france": "yellow", "assembly": "red"}


def render(view: dict[str, Any], seat: str | None = None) -> RenderableType:
    return Group(header(view, seat), draw_map(view), tracks(view), rosters(view))


def header(view: dict[str, Any], seat: str | None) -> Text:
    text = Text()
    text.append(f"Fight for the Sky ({view['scenario']})", style="bold")
    text.append(f"  {view['date']}  turn {view['turn']}  weather {view['weather']}")
    if seat:
        text.append(f"  you: {seat}", style="bold")
    if view.get("over"):
        text.append(f"  game over: {view['over']}", style="bold red")
    return text


def draw_map(view: dict[str, Any]) -> Text:
    board = load_board()
    grid = board.data.grid
    marks: dict[str, tuple[str, str]] = {}
    for a, ends in board.edges.items():
        if board.terrain[a] != "assembly":
            marks[a] = (f" {_arrow(board, a, ends[0])} ", _STYLE[board.terrain[a]])
    for t, h in board.target_hex.items():
        marks[h] = (f" {board.targets[t].place[0]} ", "bold")
    for r in view["raf"]:
        if r["hex"]:
            marks[r["hex"]] = (f"r{r['sqn']}"[:3].ljust(3), "bold cyan")
    for f in view["formations"]:
        if f["hex"]:
            sign = "F" if f["face_up"] else "?"
            marks[f["hex"]] = (f"{sign}{f['counters']}".ljust(3), "bold red")
    text = Text()
    letters = "".join(f" {chr(ord('A') + c)} " for c in range(grid.columns))
    text.append("    " + letters + "\n")
    for line in range(grid.rows * 2 + 1):
        text.append(f"{line // 2 + 1:>3} " if line % 2 == 0 else "    ")
        for c in range(grid.columns):
            shifted = c % 2 == 0
            r = (line - 1) // 2 if shifted else line // 2
            if r < 0 or r >= grid.rows:
                text.append("   ")
                continue
            h = f"{chr(ord('A') + c)}{r + 1}"
            terrain = board.terrain[h]
            cell, style = marks.get(h, (_TERRAIN[terrain], _STYLE[terrain]))
            text.append(cell, style=style)
        text.append("\n")
    return text


def _arrow(board: Board, a: str, b: str) -> str:
    """The flight path's arrow out of ``a`` towards neighbour ``b``."""
    (ca, ra), (cb, rb) = board.coords[a], board.coords[b]
    ya = ra + (0.5 if ca % 2 == 0 else 0)
    yb = rb + (0.5 if cb % 2 == 0 else 0)
    if cb == ca:
        return "v" if yb > ya else "^"
    if cb < ca:
        return "\\" if yb < ya else "/"
    return "/" if yb < ya else "\\"


def tracks(view: dict[str, Any]) -> Text:
    text = Text()
    turn = view["turn"]
    text.append("Turn  " + " ".join(f"[{t}]" if t == turn else f" {t} " for t in range(1, 17)))
    text.append("\n")
    for side, name in (("raf", "RAF losses"), ("luftwaffe", "Luftwaffe losses")):
        box = view["loss_track"][side]
        text.append(
            f"{name:<17}" + " ".join(f"[{b}]" if b == box else f" {b} " for b in range(1, 5))
        )
        text.append("\n")
    lost = view["flights_lost"]
    text.append(
        f"flights lost: RAF {lost['raf']}, Luftwaffe fighters {lost['lw_fighters']}, "
        f"bombers {lost['lw_bombers']}   score RAF {view['scores']['raf']:g} "
        f"Luftwaffe {view['scores']['luftwaffe']:g}\n"
    )
    if view["damage"]:
        text.append("bomb damage: " + ", ".join(f"{t} {h}" for t, h in view["damage"].items()))
        text.append("\n")
    return text


def rosters(view: dict[str, Any]) -> Text:
    """The squadrons by sector with their state, and the formations as this view knows them."""
    from .words import formation, squadron, squadron_state

    board = load_board()
    turn = int(view.get("turn") or 0)
    text = Text()
    for r in view["raf"]:
        if r["status"] == "lost":
            continue
        text.append(f"{squadron(r)}: {squadron_state(board, r, turn)}\n", style="cyan")
    for f in view["formations"]:
        text.append(f"{formation(board, f)}\n", style="red")
    return text

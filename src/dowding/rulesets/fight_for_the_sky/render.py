"""The terminal picture of a Fight for the Sky view: the hex map with units, paths and tracks.

Each hex is three characters; even columns sit half a row lower, drawn as every hex taking two
text lines. Sea is '.', England ',', France ':', assembly hexes 'A'. A formation shows as its
counters ('F6', face down '?6'), an RAF squadron as its whole number over 'sqn' (or over '+1'
when one more squadron shares the hex), targets as their initial, flight paths as the arrow out
of each hex (^ v / \\). A key under the map says so.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from dowding.engine import data_folder

from .board import Board, load_board

_TERRAIN = {"sea": " . ", "coast": " , ", "land": " , ", "france": " : ", "assembly": " A "}
_STYLE = {"sea": "blue", "coast": "green", "land": "green", "france": "yellow", "assembly": "red"}


RAF_STYLE = "bold cyan"
LW_STYLE = "bold red"
KEY: tuple[tuple[tuple[str, str], ...], ...] = (  # items: (sample, style) then words
    (("610", RAF_STYLE), (" above ", ""), ("sqn", RAF_STYLE), (": RAF squadron 610", "")),
    (("+1", RAF_STYLE), (" one more squadron in the hex", "")),
    (("F6", LW_STYLE), (" raid, 6 counters", "")),
    (("?6", LW_STYLE), (" raid face down", "")),
    (("D", "bold"), (" target (initial)", "")),
    (("^ v / \\", "green"), (" flight path", "")),
    ((".", "blue"), (" sea", "")),
    ((",", "green"), (" England", "")),
    ((":", "yellow"), (" France", "")),
    (("A", "red"), (" assembly", "")),
)


def render(view: dict[str, Any], seat: str | None = None) -> RenderableType:
    return Group(header(view, seat), draw_map(view), key(), tracks(view), rosters(view))


def key(width: int = 78) -> Text:
    """What each mark on the map means, flowed into lines of ``width`` cells."""
    text = Text("Key: ", style="bold")
    used = len("Key: ")
    for item in KEY:
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
    text.append("\n")
    return text


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
    board = load_board(data_folder(view))
    grid = board.data.grid
    # hex -> (its top line, its bottom line, style): a hex is three cells on two text lines
    marks: dict[str, tuple[str, str, str]] = {}
    for a, ends in board.edges.items():
        if board.terrain[a] != "assembly":
            arrow = f" {_arrow(board, a, ends[0])} "
            marks[a] = (arrow, arrow, _STYLE[board.terrain[a]])
    for t, h in board.target_hex.items():
        initial = f" {board.targets[t].place[0]} "
        marks[h] = (initial, initial, "bold")
    squadrons: dict[str, list[str]] = {}
    for r in view["raf"]:
        if r["hex"]:
            squadrons.setdefault(r["hex"], []).append(str(r["sqn"]))
    for h, numbers in squadrons.items():
        under = "sqn" if len(numbers) == 1 else f"+{len(numbers) - 1}"
        marks[h] = (numbers[0].rjust(3)[-3:], under.center(3), RAF_STYLE)
    for f in view["formations"]:
        if f["hex"]:
            sign = "F" if f["face_up"] else "?"
            counters = f"{sign}{f['counters']}".ljust(3)
            marks[f["hex"]] = (counters, counters, LW_STYLE)
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
            plain = _TERRAIN[terrain]
            top, bottom, style = marks.get(h, (plain, plain, _STYLE[terrain]))
            text.append(top if line == 2 * r + (1 if shifted else 0) else bottom, style=style)
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

    board = load_board(data_folder(view))
    turn = int(view.get("turn") or 0)
    text = Text()
    for r in view["raf"]:
        if r["status"] == "lost":
            continue
        text.append(f"{squadron(r)}: {squadron_state(board, r, turn)}\n", style="cyan")
    for f in view["formations"]:
        text.append(f"{formation(board, f)}\n", style="red")
    return text

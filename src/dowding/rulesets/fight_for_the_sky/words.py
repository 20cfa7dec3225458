"""Fight for the Sky in words: each option, squadron, unit and formation as a person reads it.

``labels(view, decision)`` gives one label per option, from the deciding seat's view and the
static board alone: a formation's target or units appear only when the view holds them.
``squadron``, ``unit`` and ``formation`` describe counters for the map and the terminal.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from dowding.engine import Action, Decision, data_folder

from .board import Board, load_board
from .components import load_components

View = Mapping[str, Any]


@lru_cache(maxsize=1)
def _aircraft() -> dict[str, str]:
    return {k: a.name for k, a in load_components().aircraft.items()}


def aircraft(kind: object) -> str:
    """``me109`` -> ``Me 109``."""
    return _aircraft().get(str(kind), str(kind))


def place(board: Board, where: object) -> str:
    """A target, base or hex in words: ``biggin-hill`` -> ``Biggin Hill``; hexes stay hexes."""
    key = str(where)
    if key in board.bases:
        return board.bases[key].name
    if key in board.targets:
        return board.targets[key].place
    return key


def hex_words(board: Board, h: object) -> str:
    """``O7`` -> ``O7 (Manston)`` when a target or base lies there."""
    key = str(h)
    named = board.hex_target.get(key) or board.base_at.get(key)
    return f"{key} ({place(board, named)})" if named else key


def squadron(r: Mapping[str, Any]) -> str:
    """``65 Squadron (Spitfire, 4 flights)``."""
    flights = r.get("flights")
    many = f", {flights} flight{'s' if flights != 1 else ''}" if flights is not None else ""
    return f"{r['sqn']} Squadron ({aircraft(r['type'])}{many})"


def unit(u: Mapping[str, Any]) -> str:
    """``unit 38 (Do 17, 4 flights)``."""
    flights = u.get("flights")
    many = f", {flights} flight{'s' if flights != 1 else ''}" if flights is not None else ""
    return f"unit {u['id']} ({aircraft(u['type'])}{many})"


def formation(board: Board, f: Mapping[str, Any]) -> str:
    """A formation as this view knows it: ``raid on Q10 (6 Do 17, bound for Manston)``; face
    down, only its counters: ``face-down formation on Q10 (6 counters)``. The Luftwaffe's own
    Preplanning sheet adds a planned formation's take-off turn and a patrol its patrol area:
    ``patrol taking off on turn 10 (3 Me 109, patrol area T7)``."""
    if f.get("hex"):
        where = f"on {hex_words(board, f['hex'])}"
    elif f.get("launch"):
        where = f"taking off on turn {f['launch']}"  # Optional Rules, Preplanning
    else:
        where = "not yet placed"
    units = f.get("units")
    if units:
        counts: dict[str, int] = {}
        for u in units:
            name = aircraft(u["type"])
            counts[name] = counts.get(name, 0) + 1
        what = str(f.get("kind") or "formation")
        made = ", ".join(f"{n} {name}" for name, n in counts.items())
    elif units is not None:  # known, and being made up
        what, made = str(f.get("kind") or "formation"), "no units yet"
    else:
        what = "face-down formation" if not f.get("face_up") else "formation"
        made = f"{f['counters']} counter{'s' if f['counters'] != 1 else ''}"
    target = f", bound for {place(board, f['target'])}" if f.get("target") else ""
    if f.get("patrol") and f.get("kind") == "patrol":  # Optional Rules, Hunter Packs
        target += f", patrol area {hex_words(board, f['patrol'])}"
    return f"{what} {where} ({made}{target})"


def squadron_state(board: Board, r: Mapping[str, Any], turn: int) -> str:
    """``aloft over I4``, ``at Biggin Hill, ready``, ``at Kenley, refuelling until turn 5``."""
    if r["status"] == "lost":
        return "lost"
    if r.get("hex"):
        engaged = f", in the dogfight on {r['engaged']}" if r.get("engaged") else ""
        land = f", must land by turn {r['land_by']}" if r.get("land_by") else ""
        return f"aloft over {hex_words(board, r['hex'])}{engaged}{land}"
    at = place(board, r.get("at") or r["base"])
    ready = r.get("ready") or 0
    return f"at {at}, refuelling until turn {ready}" if ready > turn else f"at {at}, ready"


def _index(view: View) -> tuple[dict[str, Mapping[str, Any]], dict[str, Mapping[str, Any]]]:
    raf = {str(r["sqn"]): r for r in view.get("raf", ())}
    units: dict[str, Mapping[str, Any]] = {str(u["id"]): u for u in view.get("luftwaffe", ())}
    for f in view.get("formations", ()):
        for u in f.get("units") or ():
            units.setdefault(str(u["id"]), u)
    return raf, units


def labels(view: View, decision: Decision) -> list[str]:
    board = load_board(data_folder(view))
    raf, units = _index(view)
    forms = {str(f["hex"]): f for f in view.get("formations", ()) if f.get("hex")}

    def sqn(a: Action) -> str:
        key = str(a.get("unit"))
        return squadron(raf[key]) if key in raf else f"{key} Squadron"

    def lw(a: Action) -> str:
        key = str(a.get("unit"))
        return unit(units[key]) if key in units else f"unit {key}"

    def one(a: Action) -> str:
        k = a.kind
        at, to = a.get("at"), a.get("to")
        if k == "target":
            return f"Aim the formation at {place(board, at)} ({board.target_hex.get(str(at), '?')})"
        if k == "assemble":
            return f"Assemble the formation on {hex_words(board, at)}"
        if k == "patrol":
            return f"Patrol over {hex_words(board, at)}"
        if k == "launch":
            return f"Take off on turn {a.get('turn')}"
        if k == "form":
            return f"Make up a {a.get('type')} formation"
        if k == "done":
            return "No more formations this turn"
        if k == "finish":
            return "No more formations today"
        if k == "add":
            return f"Add {lw(a)} to the formation"
        if k == "close":
            return "The formation is complete"
        if k == "cancel":
            return "Break up this formation"
        if k == "fly" and a.get("unit") is not None:
            return f"Fly {sqn(a)} to {hex_words(board, to)}"
        if k == "fly" and a.get("from") is not None:
            start = str(a.get("from"))
            known = forms.get(start)
            what = formation(board, known) if known else f"{a.get('type')} formation on {start}"
            return f"Fly the {what} to {hex_words(board, to)}"
        if k == "fly":
            return "Fly today"
        if k == "stop":
            return "Fly no more missions"
        if k == "top":
            return f"Put {lw(a)} on top of the formation on {hex_words(board, at)}"
        if k == "select":
            r = raf.get(str(a.get("unit")))
            where = (
                f"over {hex_words(board, r['hex'])}"
                if r and r.get("hex")
                else f"on the ground at {place(board, r['at'])}"
                if r and r.get("at")
                else ""
            )
            return f"Move {sqn(a)} {where}".rstrip()
        if k == "end":
            return "End the RAF's movement"
        if k == "back":
            return f"Leave {sqn(a)} where it is"
        if k == "land":
            return f"Land {sqn(a)} at {place(board, at)}"
        if k == "hold":
            return f"The patrol on {hex_words(board, a.get('from'))} holds"
        if k == "strike":
            return (
                f"The patrol on {hex_words(board, a.get('from'))} attacks the RAF over "
                f"{hex_words(board, at)}"
            )
        if k == "attack":
            known = forms.get(str(at))
            return f"Attack the {formation(board, known)}" if known else f"Attack over {at}"
        if k == "allot":
            key = str(a.get("unit"))
            who = squadron(raf[key]) if key in raf else lw(a)
            return f"{who[0].upper()}{who[1:]} loses a flight"
        if k == "insist":
            return (
                "Allot the losses to the Ju 87s"
                if a.get("on") == "stukas"
                else "Allot the losses to the escorts"
            )
        return ""

    return [one(o) for o in decision.options]

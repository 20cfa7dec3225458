"""Crane's miniatures rules in words: each option and plane as a person reads it.

``labels(view, decision)`` gives one label per option from the view (every plane is in sight:
the game has no hidden information) and the aircraft types.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from dowding.engine import Action, Decision, data_folder

from .components import load_components

View = Mapping[str, Any]


@lru_cache(maxsize=8)
def _aircraft(data: str = "") -> dict[str, str]:
    return {k: a.name for k, a in load_components(data).aircraft.items()}


def aircraft_name(kind: object, data: str = "") -> str:
    """``he111`` -> ``He 111`` (``data``: the player's own components, ``engine.data_folder``)."""
    return _aircraft(data).get(str(kind), str(kind))


def plane(p: Mapping[str, Any], data: str = "") -> str:
    """``V4-3 (Hurricane)``."""
    return f"{p['id']} ({aircraft_name(p['type'], data)})"


def _inches(value: object) -> str:
    return f'{float(str(value)):g}"'


def labels(view: View, decision: Decision) -> list[str]:
    planes = {str(p["id"]): p for p in view.get("planes", ())}
    data = data_folder(view)

    def named(pid: object) -> str:
        key = str(pid)
        return plane(planes[key], data) if key in planes else key

    def one(a: Action) -> str:
        k = a.kind
        if k == "place":
            # the prompt names the entry area; short, for up to 36 of them in one push
            return f"Place at {_inches(a.get('x'))} across, {_inches(a.get('y'))} down"
        if k == "select":
            return f"Move {named(a.get('plane'))} next"
        if k == "move":
            turn = float(str(a.get("turn", 0)))
            how = (
                "Fly straight on"
                if turn == 0
                else f"Turn {abs(turn):g}° {'left' if turn < 0 else 'right'}"
            )
            straight = a.get("straight")
            return f"{how} after {_inches(straight)} straight" if straight is not None else how
        if k == "fire":
            return f"Fire at {named(a.get('target'))}, stopping {_inches(a.get('at'))} along"
        if k == "bomb":
            return f"Drop the bombs {_inches(a.get('at'))} along the path"
        if k == "hold":
            return "Do not bomb" if "bomb" in decision.prompt else "Hold fire and fly on"
        return ""

    return [one(o) for o in decision.options]

"""What crane's after-action report charts by turn (``dowding.analysis.after_action``), read
from a seat's view alone: the planes each side has lost, the planes lost by type and the bomb
hits on the factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dowding.engine import data_folder

from .words import aircraft_name


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    losses = view.get("losses") or {}
    by_type: dict[str, float] = {}
    for plane in view.get("planes") or []:  # a type on the table with none lost shows 0
        name = aircraft_name(plane.get("type"), data_folder(view))
        by_type[name] = by_type.get(name, 0.0) + (plane.get("status") == "destroyed")
    return {
        "Planes lost": {
            "RAF": float(losses.get("raf", 0)),
            "Luftwaffe": float(losses.get("luftwaffe", 0)),
        },
        "Planes lost by type": by_type,
        "Bomb hits on the factory": {
            "hits": float(view.get("bomb_hits") or 0),
            "needed": float(view.get("bombs_needed") or 0),
        },
    }

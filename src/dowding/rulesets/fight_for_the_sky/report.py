"""What Fight for the Sky's after-action report charts by turn
(``dowding.analysis.after_action``), read from a seat's view alone: the victory points, the
flights lost and the damage to targets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    scores = view.get("scores") or {}
    lost = view.get("flights_lost") or {}
    damage = view.get("damage") or {}
    return {
        "Victory points": {
            "RAF": float(scores.get("raf", 0)),
            "Luftwaffe": float(scores.get("luftwaffe", 0)),
        },
        "Flights lost": {
            "RAF": float(lost.get("raf", 0)),
            "Luftwaffe fighters": float(lost.get("lw_fighters", 0)),
            "Luftwaffe bombers": float(lost.get("lw_bombers", 0)),
        },
        "Damage to targets": {"hits": float(sum(damage.values()))},
    }

"""What crane's after-action report charts by turn (``dowding.analysis.after_action``), read
from a seat's view alone: the planes each side has lost and the bomb hits on the factory."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    losses = view.get("losses") or {}
    return {
        "Planes lost": {
            "RAF": float(losses.get("raf", 0)),
            "Luftwaffe": float(losses.get("luftwaffe", 0)),
        },
        "Bomb hits on the factory": {
            "hits": float(view.get("bomb_hits") or 0),
            "needed": float(view.get("bombs_needed") or 0),
        },
    }

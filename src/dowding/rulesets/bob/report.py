"""What bob's after-action report charts by turn (``dowding.analysis.after_action``), read from
a seat's view alone: each side's victory points, the squadron cards in the damaged aircraft
boxes (face up to both sides), those cards by aircraft type, and the hits on targets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .words import aircraft

RAF_GROUPS = frozenset({10, 11, 12, 13})


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    points = view.get("victory_points") or {}
    damaged = view.get("damaged") or []
    raf = sum(1 for card in damaged if card.get("unit") in RAF_GROUPS)
    by_type: dict[str, float] = {}
    for card in damaged:
        name = aircraft(card.get("type"))
        by_type[name] = by_type.get(name, 0.0) + 1.0
    targets = view.get("targets") or {}
    return {
        "Victory points": {
            "RAF": float(points.get("raf", 0)),
            "Luftwaffe": float(points.get("luftwaffe", 0)),
        },
        "Squadron cards damaged": {"RAF": float(raf), "Luftwaffe": float(len(damaged) - raf)},
        "Squadron cards damaged by type": by_type,
        "Targets": {
            "hits": float(sum(t.get("hits", 0) for t in targets.values())),
            "knocked out": float(sum(1 for t in targets.values() if t.get("knocked_out"))),
        },
    }

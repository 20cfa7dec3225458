"""What Fight for the Sky's after-action report charts by turn
(``dowding.analysis.after_action``), read from a seat's view alone: the victory points, the
flights lost and the damage to targets, in all and by target (where the bombs fell: what a
designer weighs a target's supplied AA and boxes by, ``dowding balance``'s "Hits by target")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dowding.engine import data_folder

from .board import load_board
from .words import place


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    scores = view.get("scores") or {}
    lost = view.get("flights_lost") or {}
    damage = view.get("damage") or {}
    board = load_board(data_folder(view))  # the names, from the map the game was played on
    charts: dict[str, dict[str, float]] = {
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
    if damage:  # only the targets hit: a count a game lacks reads 0 (``summarise_tallies``)
        charts["Hits by target"] = {place(board, t): float(h) for t, h in damage.items()}
    return charts

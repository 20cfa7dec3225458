"""What 303 Squadron's after-action report charts by turn (``dowding.analysis.after_action``),
read from a seat's view alone: the Germans shot down against the pilots lost, the damage to the
targets, and each pilot's kills."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dowding.engine import data_folder

from . import words


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    data = data_folder(view)  # the names of the player's own pilots and Areas, if any
    germans = [g for g in view.get("germans") or () if g.get("area")]
    squadron = {
        "German aircraft shot down": float(view.get("kills") or 0),
        "pilots lost": float(view.get("pilots_down") or 0),
        "Reserve pilots": float(view.get("reserve") or 0),
        "German aircraft in sight": float(len(germans)),
    }
    targets = {
        words.area(area, data): float(damage)
        for area, damage in dict(view.get("target_damage") or {}).items()
    }
    # by pilot (a player flies a new one after a loss; the lost pilot's line keeps his kills)
    kills = {
        words.pilot(p["pilot"], data): float(len(p.get("kills") or ()))
        for p in view.get("planes") or ()
        if p.get("pilot")
    }
    charts: dict[str, dict[str, float]] = {"The squadron and the Luftwaffe": squadron}
    if targets:
        charts["Damage to the targets"] = targets
    if kills:
        charts["Kills by pilot"] = kills
    return charts

"""What bob1990's after-action report charts by turn (``dowding.analysis.after_action``), read
from a seat's view alone: the German missions completed, the targets destroyed and the squadron
cards each side has lost: the RAF's in its Groups' damaged boxes, the Luftwaffe's shot down
(a German card hit is gone for good, B.II.5; the Luftwaffe has no damaged box), and those cards
by aircraft type where the view names them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .components import components_for

RAF_GROUPS = frozenset({"10", "11", "12", "13"})


def tallies(view: Mapping[str, Any]) -> dict[str, dict[str, float]]:
    missions = view.get("missions") or {}
    cards = view.get("cards") or {}
    lost = {"RAF (damaged)": 0.0, "Luftwaffe (shot down)": 0.0}
    by_type: dict[str, float] = {}
    known = components_for(view).cards
    for box, held in cards.items():
        where, _, unit = str(box).partition(":")
        if where in ("dmg", "shot") and isinstance(held, list | int):
            count = float(held if isinstance(held, int) else len(held))
            lost["RAF (damaged)" if unit in RAF_GROUPS else "Luftwaffe (shot down)"] += count
            for cid in held if isinstance(held, list) else ():  # a count alone names no type
                card = known.get(str(cid))
                if card is not None:
                    by_type[card.aircraft] = by_type.get(card.aircraft, 0.0) + 1.0
    return {
        "The Luftwaffe's objectives": {
            "missions completed": float(len(missions.get("completed") or [])),
            "targets destroyed": float(len(view.get("destroyed") or [])),
        },
        "Squadron cards lost": lost,
        "Squadron cards lost by type": by_type,
    }

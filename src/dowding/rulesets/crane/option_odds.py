"""The odds beside crane's choices: each ``fire`` option (VI.E.4) and each ``bomb`` option (VII.C-D).

Every plane is on the open table, so the figures come straight from the view: the firing plane
(the one moving), its target's type and damaged engines, the factory's hits so far. They are the
``attack`` and ``bomb`` procedures of ``odds.py``, exact over the 36 pairs of dice.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dowding.engine import Decision, data_folder
from dowding.engine.option_odds import OptionOdds, mean, percent

from .odds import attack, bomb

View = Mapping[str, Any]


def attack_odds(shooter: str, target: str, damage: int, data: str = "") -> OptionOdds:
    odds = attack(shooter, target, damage, data)
    destroyed, damaged = odds["destroyed"], odds["damaged"]
    summary = f"Destroy: {percent(destroyed)}"
    if damaged:
        summary += f", damage an engine: {percent(damaged)}"
    summary += f", no effect: {percent(odds['no_effect'])}"
    return OptionOdds(
        summary,
        odds,
        procedure="attack",
        params={
            "attacker": shooter,
            "defender": target,
            "damage": damage,
            **({"data": data} if data else {}),
        },
    )


def bomb_odds(bomber: str, factory_hits: int, data: str = "") -> OptionOdds:
    odds = bomb(bomber, factory_hits, data)
    hits = {int(k): p for k, p in odds["hits"].items()}
    at_least = sum((p for k, p in hits.items() if k >= 1), Fraction(0))
    summary = (
        f"Factory destroyed: {percent(odds['factory_destroyed'])}; ≥1 hit: {percent(at_least)}, "
        f"expected hits {float(mean(hits)):.1f}"
    )
    return OptionOdds(
        summary,
        odds,
        procedure="bomb",
        params={
            "bomber": bomber,
            "factory_hits": factory_hits,
            **({"data": data} if data else {}),
        },
    )


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    planes = {str(p["id"]): p for p in view.get("planes", ())}
    current = view.get("current") or {}
    mover = planes.get(str(current.get("plane")))
    if mover is None:
        return {}
    out: dict[str, OptionOdds] = {}
    needed = int(view.get("bombs_needed") or 0)
    hits = int(view.get("bomb_hits") or 0)
    data = data_folder(view)  # the player's own aircraft values, where the game has them
    for option in decision.options:
        if option.kind == "fire":
            target = planes.get(str(option.get("target")))
            if target is not None:
                out[option.text] = attack_odds(
                    str(mover["type"]), str(target["type"]), int(target.get("damage") or 0), data
                )
        elif option.kind == "bomb" and hits < needed:
            out[option.text] = bomb_odds(str(mover["type"]), hits, data)
    return out

"""The odds beside 303 Squadron's choice to Fight: each ``fight`` option's first round.

From the deciding seat's view alone, with the ``fight`` procedure of ``odds.py``: the target's
type, its damage so far, its untokened mates of the same type in its squadron and Area (a He 111
shares black dice, digest M3) and whether the yellow die replaces a blue one. The card is
chosen after the dice are rolled, so the figures assume none, and say so; Support, card
abilities and the second round are left out and said to be.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dowding.engine import Decision
from dowding.engine.option_odds import OptionOdds, percent

from .odds import fight_round

View = Mapping[str, Any]
ASSUMES = "no card played, the better die placed; Support, abilities and round 2 not counted"


def _mates(view: View, target: Mapping[str, Any]) -> int:
    return sum(
        1
        for g in view.get("germans", ())
        if g["id"] != target["id"]
        and g["type"] == target["type"]
        and g["squadron"] == target["squadron"]
        and g["area"] == target["area"]
        and not g["tokens"]
    )


def fight_odds(view: View, target_id: str, yellow: bool) -> OptionOdds | None:
    target = next((g for g in view.get("germans", ()) if g["id"] == target_id), None)
    if target is None:
        return None
    params = {
        "aircraft": str(target["type"]),
        "yellow": yellow,
        "card": "none",
        "damage": int(target["damage"]),
        "mates": _mates(view, target),
    }
    try:
        odds = fight_round(**params)  # type: ignore[arg-type]
    except ValueError:
        return None
    taken = {int(k): p for k, p in odds["damage_taken"].items()}
    hurt = sum((p for k, p in taken.items() if k >= 1), Fraction(0))
    dealt = {int(k): p for k, p in odds["damage_dealt"].items()}
    some = sum((p for k, p in dealt.items() if k >= 1), Fraction(0))
    summary = (
        f"Round 1: shoot down {percent(odds['shot_down'])}, damage it {percent(some)}, "
        f"take damage {percent(hurt)}"
    )
    return OptionOdds(summary, odds, assumes=ASSUMES, procedure="fight", params=params)


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    out: dict[str, OptionOdds] = {}
    for option in decision.options:
        if option.kind != "fight":
            continue
        found = fight_odds(view, str(option.get("target")), bool(option.get("yellow")))
        if found is not None:
            out[option.text] = found
    return out


__all__ = ["fight_odds", "odds_for"]

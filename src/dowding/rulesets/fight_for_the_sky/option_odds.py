"""The odds beside Fight for the Sky's choices: announcing a dogfight, a patrol's strike.

From the deciding seat's view alone, with the ``attack`` procedure of ``odds.py`` (the attack
table over the six faces of the die). Announcing a dogfight (How to Attack) shows the RAF's first
attack: on the escorts at strength flights + 2 (Step 1), or, with no escort, on the bombers at
flights + 4 (Step 6). A face-down formation's make-up is hidden from the RAF, so its odds assume
it is escorted and say so; a hunter pack's strike shows the patrol's attack on the RAF at its
flights, and the RAF's on the patrol. Weather contact and Tactical Advantages (dice still to be
rolled) are left out, and said to be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dowding.engine import Decision
from dowding.engine.option_odds import OptionOdds, percent

from .components import load_components
from .odds import attack

View = Mapping[str, Any]
AIR = "air"


def _weakest(types: Sequence[str]) -> str:
    """Notes on Attack: a mixed force reads the inferior type's column."""
    kinds = load_components().aircraft
    return min(types, key=lambda t: kinds[t].rank)


def attack_odds(aircraft: str, strength: int) -> dict[str, Any]:
    """The ``attack`` procedure: aircraft shot down, and their mean."""
    return dict(attack(aircraft, strength, 0, ""))


def _line(who: str, odds: Mapping[str, Any]) -> str:
    down = {int(k): p for k, p in odds["shot_down"].items()}
    some = sum((p for k, p in down.items() if k >= 1), Fraction(0))
    return f"{who} ≥1: {percent(some)}, expected {float(odds['mean']):.1f}"


def _raf_at(view: View, h: str) -> list[Mapping[str, Any]]:
    return [r for r in view.get("raf", ()) if r.get("status") == AIR and r.get("hex") == h]


def _announce(view: View, h: str) -> OptionOdds | None:
    rules = load_components().rules
    kinds = load_components().aircraft
    rafs = _raf_at(view, h)
    if not rafs:
        return None
    flights = sum(int(r["flights"]) for r in rafs)
    column = _weakest([str(r["type"]) for r in rafs])
    forms = [f for f in view.get("formations", ()) if f.get("hex") == h]
    assumes: list[str] = []
    units = next((f.get("units") for f in forms if f.get("units") is not None), None)
    if units is None:
        on, strength = "the escorts", flights + rules.escort_bonus
        assumes.append("the face-down formation is escorted")
    else:
        roles = [kinds[str(u["type"])].role for u in units]
        kind = next((f.get("kind") for f in forms if f.get("units") is not None), None)
        if "fighter" in roles or kind == "patrol":
            on, strength = "the escorts", flights + rules.escort_bonus
        else:
            on, strength = "the bombers", flights + rules.bomber_bonus
    if view.get("weather") not in (None, "clear"):
        assumes.append("every squadron makes contact")
    odds = attack_odds(column, strength)
    return OptionOdds(
        _line("Shoot down", odds) + f" (first attack, on {on}, strength {strength})",
        odds,
        assumes="; ".join(assumes),
        procedure="attack",
        params={"aircraft": column, "strength": strength},
    )


def _strike(view: View, h: str, start: str) -> OptionOdds | None:
    rules = load_components().rules
    patrol = next(
        (f for f in view.get("formations", ()) if f.get("hex") == start and f.get("units")),
        None,
    )
    rafs = [r for r in view.get("raf", ()) if r.get("status") == AIR and r.get("hex") == h]
    if patrol is None or not rafs:
        return None
    units = patrol["units"]
    strength = sum(int(u["flights"]) for u in units)
    column = _weakest([str(u["type"]) for u in units])
    theirs = sum(int(r["flights"]) for r in rafs) + rules.escort_bonus
    raf_column = _weakest([str(r["type"]) for r in rafs])
    mine = attack_odds(column, strength)
    back = attack_odds(raf_column, theirs)
    return OptionOdds(
        f"{_line('Shoot down', mine)}; {_line('RAF shoots down', back)}",
        {"patrol_shoots_down": mine, "raf_shoots_down": back},
        assumes="no Tactical Advantage roll counted",
        procedure="attack",
        params={"aircraft": column, "strength": strength},
    )


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    out: dict[str, OptionOdds] = {}
    for option in decision.options:
        found: OptionOdds | None = None
        if option.kind == "attack":
            found = _announce(view, str(option.get("at")))
        elif option.kind == "strike":
            found = _strike(view, str(option.get("at")), str(option.get("from")))
        if found is not None:
            out[option.text] = found
    return out

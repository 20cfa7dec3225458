"""The odds beside 303 Squadron's choice to Fight: each ``fight`` option's first round, and each
``next`` option's round 2 (the same target or another).

From the deciding seat's view alone, with the ``fight`` procedure of ``odds.py``: the target's
type, its damage so far, its untokened mates of the same type in its squadron and Area (a He 111
shares black dice, digest M3) and whether the yellow die replaces a blue one. The card is
chosen after the dice are rolled, so the figures assume none, and say so; Support, card
abilities and the second round are left out and said to be.

Round 2 is known better: the player's dice were rolled for the whole Fight, so the die left is
on view, and against the same target the last round's symbols carry over ("The player attacks
the same opponent"); only the target's dice are still to roll, each settled after its reroll
(``dice.settled_odds``; a Fighter Ace's fighters reroll their blanks too, add a die or a free
Evade, as the view shows the Ace face up), and the round resolves by ``combat.resolve_round``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from dowding.engine import Decision, data_folder
from dowding.engine.option_odds import OptionOdds, percent

from .combat import FightState, best_round, german_dice
from .components import load_components
from .dice import face_odds, make_dice, settled_odds
from .odds import fight_round

View = Mapping[str, Any]
ASSUMES = "no card played, the better die placed; Support, abilities and round 2 not counted"
NEXT_ASSUMES = "no card played, the best die placed; Support and abilities not counted"


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
    if data_folder(view):  # the player's own dice and aircraft, where the game has them
        params["data"] = data_folder(view)
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


def _ace(view: View, squadron: str, benefit: str) -> bool:
    """German Aces (L8): a squadron's face-up Ace gives this benefit (``aces.active``)."""
    ace = (view.get("aces") or {}).get(squadron) or {}
    return ace.get("ace") == benefit and bool(ace.get("plane"))


def _settled(colour: str, blanks: bool, data: str = "") -> dict[str, Fraction]:
    """One target die's symbol after its reroll; with ``blanks`` (Fighter Ace (b)) a blank is
    rerolled once too, a Reroll rolled then a miss (``combat.after_reroll``)."""
    die = make_dice(load_components(data).dice)[colour]
    if not blanks:
        return settled_odds(die)
    once = face_odds(die)
    again = once.get("reroll", Fraction(0)) + once.get("blank", Fraction(0))
    out = {k: p * (1 + again) for k, p in once.items() if k not in ("reroll", "blank")}
    out["blank"] = again * again
    return out


def _target_pool(
    colours: Mapping[str, int], blanks: bool, data: str = ""
) -> dict[tuple[int, int], Fraction]:
    """The target's dice as (Hits, Evades), each die settled."""
    out: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for colour, n in colours.items():
        settled = _settled(colour, blanks, data)
        for _ in range(n):
            nxt: dict[tuple[int, int], Fraction] = {}
            for (h, e), p in out.items():
                for name, q in settled.items():
                    key = (h + (name == "hit"), e + (name == "evade"))
                    nxt[key] = nxt.get(key, Fraction(0)) + p * q
            out = nxt
    return out


def next_odds(view: View, target_id: str) -> OptionOdds | None:
    """Round 2 against ``target_id``: the die left, the carried symbols if the target stays."""
    raw = view.get("fight")
    target = next((g for g in view.get("germans", ()) if g["id"] == target_id), None)
    if not raw or target is None:
        return None
    f = FightState(*raw)
    data = data_folder(view)
    comp = load_components(data)
    kind = comp.aircraft[str(target["type"])]
    same = target_id == f.target
    carry = Counter(c.split(":")[1] for c in f.carry) if same else Counter[str]()
    free = [i for i in range(len(f.faces)) if i not in f.used] if len(f.used) < 2 else []
    fighter = kind.category != "bomber"
    squadron = str(target["squadron"])
    if same:
        colours = Counter(f.gcolours)  # the rules counted its dice as the Fight began
    else:
        extra = 1 if fighter and _ace(view, squadron, "extra_die") else 0  # Fighter Ace (d)
        mates = _mates(view, target) if kind.shares_dice else 0
        colours = Counter(german_dice(kind, mates, ace_extra=extra))
    blanks = fighter and _ace(view, squadron, "reroll_blanks")  # Fighter Ace (b)
    free_evade = ["evade"] if fighter and _ace(view, squadron, "free_evade") else []  # (c)
    damage = int(target["damage"])
    down = Fraction(0)
    dealt: dict[int, Fraction] = {}
    taken: dict[int, Fraction] = {}
    for (hits, evades), p in _target_pool(colours, blanks, data).items():
        faces = ["hit"] * hits + ["evade"] * evades + free_evade
        faces_left = [str(f.faces[die]) for die in free] or [""]
        out = best_round(
            faces_left,
            carry,
            faces,
            kind.toughness,
            damage,
            comp.rules.yellow_failure_damage,
        )
        down += p * out.shot_down
        k = out.target_damage - damage
        dealt[k] = dealt.get(k, Fraction(0)) + p
        taken[out.damage_taken] = taken.get(out.damage_taken, Fraction(0)) + p
    odds = {
        "shot_down": down,
        "damage_dealt": {str(k): dealt[k] for k in sorted(dealt)},
        "damage_taken": {str(k): taken[k] for k in sorted(taken)},
    }
    hurt = sum((p for k, p in taken.items() if k >= 1), Fraction(0))
    some = sum((p for k, p in dealt.items() if k >= 1), Fraction(0))
    summary = (
        f"Round 2: shoot down {percent(down)}, damage it {percent(some)}, "
        f"take damage {percent(hurt)}"
    )
    params = {"aircraft": str(target["type"]), "damage": damage, "same_target": same}
    if data:
        params["data"] = data
    return OptionOdds(summary, odds, assumes=NEXT_ASSUMES, procedure="fight", params=params)


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    out: dict[str, OptionOdds] = {}
    for option in decision.options:
        if option.kind == "next":
            found = next_odds(view, str(option.get("target")))
        elif option.kind == "fight":
            found = fight_odds(view, str(option.get("target")), bool(option.get("yellow")))
        else:
            continue
        if found is not None:
            out[option.text] = found
    return out


__all__ = ["fight_odds", "next_odds", "odds_for"]

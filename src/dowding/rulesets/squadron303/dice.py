"""The five dice ("Combat": RAF dice, the Special die, Luftwaffe dice) as engine dice.

Face counts are not in the text; ``data/dice.json`` holds the design argued in
docs/rules/squadron303.md, "The dice". A face reads as a word: ``hit``, ``evade``, ``maneuver``,
``reroll``, ``blank``, ``success``, ``failure``; a Luftwaffe Hit carries its propeller's blades
(``hit2``, ``hit3``, ``hit4``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from dowding.engine.dice import Die

from .components import Dice

COLOURS = ("blue", "yellow", "red", "white", "black")


def make_dice(spec: Dice) -> dict[str, Die]:
    return {c: Die(c, tuple(f.text for f in spec.spec(c).faces)) for c in COLOURS}


def symbol(face: str) -> str:
    """The symbol of a face, without its propeller: ``hit3`` -> ``hit``."""
    return face.rstrip("234")


def propeller(face: str) -> int:
    """The blades of a face's propeller, 0 for none ("Phase IV: Counterattack")."""
    return int(face[-1]) if face[-1:] in ("2", "3", "4") else 0


def face_odds(die: Die) -> dict[str, Fraction]:
    """Each symbol's chance on one roll (propellers folded into their symbol)."""
    counts = Counter(symbol(str(f)) for f in die.faces)
    return {s: Fraction(n, len(die.faces)) for s, n in counts.items()}


def settled_odds(die: Die) -> dict[str, Fraction]:
    """Each symbol's chance once a Reroll has been rolled again ("Dice symbols": one reroll per
    die; a second Reroll is a miss, counted as ``blank``). The yellow die is never rerolled."""
    once = face_odds(die)
    again = once.get("reroll", Fraction(0))
    out: dict[str, Fraction] = {}
    for name, p in once.items():
        if name == "reroll":
            continue
        out[name] = p + again * p
    if again:
        out["blank"] = out.get("blank", Fraction(0)) + again * again
    return out


def propeller_odds(die: Die) -> dict[int, Fraction]:
    """Each propeller's chance on one roll of a Luftwaffe die (0: no propeller). A Counterattack
    roll is not rerolled in the text; rerolls belong to the Fight (reading in the docs)."""
    counts = Counter(propeller(str(f)) for f in die.faces)
    return {blades: Fraction(n, len(die.faces)) for blades, n in sorted(counts.items())}

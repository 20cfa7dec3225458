"""Exact odds of the squadron303 dice: one die's symbols, and a Counterattack's damage.

Every figure enumerates the shipped dice (``data/dice.json``) exactly, as ``Fraction``s.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from dowding.engine.game import OptionSpec
from dowding.engine.odds import Odds, Procedure

from .components import load_components
from .counterattack import damage_after_defence
from .dice import COLOURS, make_dice, settled_odds


def die_odds(colour: str) -> Odds:
    """One die's symbols after its reroll (the yellow die: success or failure)."""
    die = make_dice(load_components().dice)[colour]
    return {name: p for name, p in sorted(settled_odds(die).items())}


def counterattack_odds(colour: str, dice: int, defences: str) -> Odds:
    """Damage each player plane in the Area takes from ``dice`` Luftwaffe dice of ``colour``
    when the players hold these Defence propellers (comma-separated, one per player; each
    cancels one die), ``P(damage = k)``."""
    if not 0 <= dice <= 8:
        raise ValueError("between 0 and 8 dice")
    chosen = [d.strip() for d in defences.split(",") if d.strip()]
    for d in chosen:
        if d not in ("2", "3", "4", "wild"):
            raise ValueError(f"a Defence propeller is 2, 3, 4 or wild, not {d!r}")
    die = make_dice(load_components().dice)[colour]
    probs = Counter(str(f) for f in die.faces)
    n = len(die.faces)
    out: Counter[int] = Counter()
    for faces in itertools.product(sorted(probs), repeat=dice):
        p = Fraction(1)
        for f in faces:
            p *= Fraction(probs[f], n)
        out[damage_after_defence(faces, chosen)] += p
    return {f"damage={k}": out[k] for k in sorted(out)}


PROCEDURES: dict[str, Procedure] = {
    "die": Procedure(
        "die",
        "One die's symbols once a Reroll is rolled again (a second Reroll misses).",
        (OptionSpec("colour", "blue", "the die", choices=COLOURS),),
        die_odds,
        examples=("dowding odds squadron303 die --colour red",),
    ),
    "counterattack": Procedure(
        "counterattack",
        "Damage to each plane in the Area from a Counterattack roll, after Defence cards.",
        (
            OptionSpec("colour", "red", "the Luftwaffe dice", choices=("red", "white", "black")),
            OptionSpec("dice", 2, "how many dice the squadron pools", minimum=0, maximum=8),
            OptionSpec("defences", "", "the players' Defence propellers, e.g. 3,wild"),
        ),
        counterattack_odds,
        examples=("dowding odds squadron303 counterattack --dice 6 --defences 4",),
    ),
}

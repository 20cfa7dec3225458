"""Exact odds of the attack, anti-aircraft and bombing tables (``dowding odds fight-for-the-sky``).

Each procedure gives the result of one die face when ``--die`` is given, otherwise the exact
distribution over the six faces, as ``Fraction``. The tables are the reconstructed ones in
``data/components.json`` (or a ``--data`` folder's).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from dowding.engine.game import OptionSpec
from dowding.engine.odds import Odds, Procedure

from .components import load_components
from .tables import aa_result, attack_result, bombing_result

SIXTH = Fraction(1, 6)
AIRCRAFT = ("spitfire", "hurricane", "me109", "me110", "ju87", "he111", "do17", "ju88")


def _distribution(results: list[object]) -> dict[str, Fraction]:
    counts = Counter(str(r) for r in results)
    return {key: SIXTH * n for key, n in sorted(counts.items())}


def attack(aircraft: str, strength: int, die: int, data: str) -> Odds:
    """Aircraft shot down by ``aircraft`` attacking at ``strength`` (How to Attack, Steps 2-3)."""
    comp = load_components(data)
    column = comp.aircraft[aircraft].column
    faces = [attack_result(comp, column, strength, d) for d in range(1, 7)]
    if die:
        return {"shot_down": Fraction(faces[die - 1])}
    mean = sum((Fraction(x) for x in faces), Fraction(0)) / 6
    return {"shot_down": _distribution(list(faces)), "mean": mean}


def anti_aircraft(flights: int, aa: int, die: int, data: str) -> Odds:
    """(aircraft hit, flights aborted) when ``flights`` bomber flights meet AA ``aa``."""
    comp = load_components(data)
    faces = [aa_result(comp, flights, aa, d) for d in range(1, 7)]
    if die:
        hit, abort = faces[die - 1]
        return {"hit": Fraction(hit), "abort": Fraction(abort)}
    return {
        "hit": _distribution([h for h, _ in faces]),
        "abort": _distribution([a for _, a in faces]),
    }


def bombing(strength: int, ju87: bool, die: int, data: str) -> Odds:
    """Hits scored by ``strength`` bomber flights (with the Ju 87 bonus: one column to the right)."""
    comp = load_components(data)
    bonus = comp.rules.ju87_bomb_bonus if ju87 else 0
    faces = [bombing_result(comp, strength, d + bonus) for d in range(1, 7)]
    if die:
        return {"hits": Fraction(faces[die - 1])}
    return {"hits": _distribution(list(faces))}


_DIE = OptionSpec(
    "die", 0, "the die rolled (1-6); 0 for the whole distribution", minimum=0, maximum=6
)
_DATA = OptionSpec("data", "", "a folder with your own components.json")

PROCEDURES: dict[str, Procedure] = {
    "attack": Procedure(
        "attack",
        "aircraft shot down on the attack table",
        (
            OptionSpec("aircraft", "hurricane", "the attacking type", choices=AIRCRAFT),
            OptionSpec("strength", 10, "attack strength in flights", minimum=0, maximum=99),
            _DIE,
            _DATA,
        ),
        attack,
        ("--aircraft hurricane --strength 10 --die 2", "--aircraft me109 --strength 12"),
    ),
    "aa": Procedure(
        "aa",
        "anti-aircraft hits and aborts",
        (
            OptionSpec("flights", 11, "bomber flights in the formation", minimum=0, maximum=99),
            OptionSpec("aa", 1, "the hex's anti-aircraft value", minimum=0, maximum=6),
            _DIE,
            _DATA,
        ),
        anti_aircraft,
        ("--flights 11 --aa 1 --die 4",),
    ),
    "bombing": Procedure(
        "bombing",
        "hits on the target",
        (
            OptionSpec("strength", 9, "bomber flights that bomb", minimum=0, maximum=99),
            OptionSpec("ju87", False, "Intermediate Game: Ju 87s alone add 1 to the die"),
            _DIE,
            _DATA,
        ),
        bombing,
        ("--strength 9 --die 5",),
    ),
}

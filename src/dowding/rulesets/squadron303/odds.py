"""Exact odds of the squadron303 dice: one die's symbols, and a Counterattack's damage.

Every figure enumerates the dice exactly, as ``Fraction``s: the shipped ones
(``data/dice.json``), or a player's own with ``--data DIR``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from dowding.engine.game import OptionSpec
from dowding.engine.odds import Odds, Procedure

from .combat import best_round, german_dice
from .components import load_components
from .counterattack import damage_after_defence
from .dice import COLOURS, make_dice, settled_odds


def die_odds(colour: str, data: str = "") -> Odds:
    """One die's symbols after its reroll (the yellow die: success or failure)."""
    die = make_dice(load_components(data).dice)[colour]
    return {name: p for name, p in sorted(settled_odds(die).items())}


def counterattack_odds(colour: str, dice: int, defences: str, data: str = "") -> Odds:
    """Damage each player plane in the Area takes from ``dice`` Luftwaffe dice of ``colour``
    when the players hold these Defence propellers (comma-separated, one per player; each
    cancels one die), ``P(damage = k)``."""
    if not 0 <= dice <= 8:
        raise ValueError("between 0 and 8 dice")
    chosen = [d.strip() for d in defences.split(",") if d.strip()]
    for d in chosen:
        if d not in ("2", "3", "4", "wild"):
            raise ValueError(f"a Defence propeller is 2, 3, 4 or wild, not {d!r}")
    die = make_dice(load_components(data).dice)[colour]
    probs = Counter(str(f) for f in die.faces)
    n = len(die.faces)
    out: Counter[int] = Counter()
    for faces in itertools.product(sorted(probs), repeat=dice):
        p = Fraction(1)
        for f in faces:
            p *= Fraction(probs[f], n)
        out[damage_after_defence(faces, chosen)] += p
    return {f"damage={k}": out[k] for k in sorted(out)}


def _pool(colours: dict[str, int], data: str = "") -> dict[tuple[int, int], Fraction]:
    """The Luftwaffe dice of a round as (Hits, Evades), each die settled after its reroll."""
    dice = make_dice(load_components(data).dice)
    out: dict[tuple[int, int], Fraction] = {(0, 0): Fraction(1)}
    for colour, n in colours.items():
        settled = settled_odds(dice[colour])
        for _ in range(n):
            nxt: dict[tuple[int, int], Fraction] = {}
            for (h, e), p in out.items():
                for name, q in settled.items():
                    key = (h + (name == "hit"), e + (name == "evade"))
                    nxt[key] = nxt.get(key, Fraction(0)) + p * q
            out = nxt
    return out


def fight_round(
    aircraft: str, yellow: bool, card: str, damage: int, mates: int, data: str = ""
) -> Odds:
    """The first Combat round of a Fight against one German aircraft ("Phase III: Combat"): two
    RAF dice (the second the yellow die with ``yellow``), each settled after its one reroll, the
    target's dice by its Help card (a He 111 adds a black die per untokened mate, digest M3);
    the player places the better die (a yellow Success read as the best symbol) with a card of
    symbol ``card`` (no ability counted). ``P(shot down)``, the damage points dealt and the
    damage the player takes (a yellow Failure 2, reading S6)."""
    comp = load_components(data)
    if aircraft not in comp.aircraft or comp.aircraft[aircraft].side != "luftwaffe":
        raise ValueError(f"no German aircraft {aircraft!r}")
    kind = comp.aircraft[aircraft]
    if not 0 <= damage < len(kind.toughness):
        raise ValueError(f"a {kind.name} takes damage 0 to {len(kind.toughness) - 1}")
    if card not in ("none", "hit", "evade", "maneuver"):
        raise ValueError("the card's symbol is none, hit, evade or maneuver")
    dice = make_dice(comp.dice)
    mine = [settled_odds(dice["blue"]), settled_odds(dice["yellow" if yellow else "blue"])]
    theirs = _pool(german_dice(kind, mates if kind.shares_dice else 0), data)
    down = Fraction(0)
    dealt: Counter[int] = Counter()
    taken: Counter[int] = Counter()
    for (a, pa), (b, pb) in itertools.product(mine[0].items(), mine[1].items()):
        for (hits, evades), pg in theirs.items():
            faces = ["hit"] * hits + ["evade"] * evades
            out = best_round(
                (a, b),
                Counter() if card == "none" else Counter({card: 1}),
                faces,
                kind.toughness,
                damage,
                comp.rules.yellow_failure_damage,
            )
            p = pa * pb * pg
            down += p * out.shot_down
            dealt[out.target_damage - damage] += p
            taken[out.damage_taken] += p
    return {
        "shot_down": down,
        "damage_dealt": {str(k): dealt[k] for k in sorted(dealt)},
        "damage_taken": {str(k): taken[k] for k in sorted(taken)},
    }


GERMAN_TYPES = tuple(k for k, a in load_components().aircraft.items() if a.side == "luftwaffe")
_DATA = OptionSpec("data", "", "a folder with your own dice.json or aircraft.json")

PROCEDURES: dict[str, Procedure] = {
    "fight": Procedure(
        "fight",
        "A Fight's first round against one German aircraft: shot down, damage dealt and taken.",
        (
            OptionSpec("aircraft", "bf109", "the target", choices=GERMAN_TYPES),
            OptionSpec("yellow", False, "the yellow die in place of the second blue one"),
            OptionSpec(
                "card",
                "none",
                "the symbol of the card played",
                choices=("none", "hit", "evade", "maneuver"),
            ),
            OptionSpec("damage", 0, "the target's damage so far", minimum=0, maximum=3),
            OptionSpec(
                "mates",
                0,
                "untokened aircraft of its type in its squadron here",
                minimum=0,
                maximum=6,
            ),
            _DATA,
        ),
        fight_round,
        examples=(
            "dowding odds squadron303 fight --aircraft bf109",
            "dowding odds squadron303 fight --aircraft bf110 --card hit",
            "dowding odds squadron303 fight --aircraft he111 --mates 1 --yellow true",
        ),
    ),
    "die": Procedure(
        "die",
        "One die's symbols once a Reroll is rolled again (a second Reroll misses).",
        (OptionSpec("colour", "blue", "the die", choices=COLOURS), _DATA),
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
            _DATA,
        ),
        counterattack_odds,
        examples=("dowding odds squadron303 counterattack --dice 6 --defences 4",),
    ),
}

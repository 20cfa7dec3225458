"""Exact odds of bob1990's dice (000's white and black dice, ``RAF_DIE`` and ``LUFTWAFFE_DIE``):
a dogfight (B.II.5), a bombing run (B.III.2), a German reinforcement (A.II), a fuel crash
(C.III.1) and a repair roll (C.II). Every figure is a ``Fraction`` by convolution."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from dowding.engine import LUFTWAFFE_DIE, RAF_DIE, Die
from dowding.engine.game import OptionSpec
from dowding.engine.odds import Odds, Procedure

from .flights import REINFORCE_DICE, shot_down

Dist = dict[tuple[int, int], Fraction]  # (roundels, crosses) -> probability


@cache
def symbols(die: Die, n: int) -> Mapping[tuple[int, int], Fraction]:
    """The (roundels, crosses) of ``n`` dice of one colour."""
    p = die.face_probabilities()
    dist: Dist = {(0, 0): Fraction(1)}
    for _ in range(n):
        nxt: Dist = {}
        for (r, c), q in dist.items():
            for face, pf in p.items():
                key = (r + (face == "roundel"), c + (face == "cross"))
                nxt[key] = nxt.get(key, Fraction(0)) + q * pf
        dist = nxt
    return dist


def both(raf_dice: int, luftwaffe_dice: int) -> Dist:
    """B.II.5: the roundels and crosses of white and black dice together."""
    out: Dist = {}
    for (r1, c1), p1 in symbols(RAF_DIE, raf_dice).items():
        for (r2, c2), p2 in symbols(LUFTWAFFE_DIE, luftwaffe_dice).items():
            key = (r1 + r2, c1 + c2)
            out[key] = out.get(key, Fraction(0)) + p1 * p2
    return out


def _by_key(pairs: Mapping[int, Fraction]) -> dict[str, Fraction]:
    return {str(k): pairs[k] for k in sorted(pairs)}


def dogfight(raf_dice: int, luftwaffe_dice: int, raf_cards: int, luftwaffe_cards: int) -> Odds:
    """Squadrons shot down on each side: every roundel hits the RAF, every cross the Luftwaffe,
    on both colours; 3 hits for the first card, 2 for each more (0 cards: no cap)."""
    raf: dict[int, Fraction] = {}
    lw: dict[int, Fraction] = {}
    for (r, c), p in both(raf_dice, luftwaffe_dice).items():
        a = shot_down(r) if not raf_cards else min(shot_down(r), raf_cards)
        b = shot_down(c) if not luftwaffe_cards else min(shot_down(c), luftwaffe_cards)
        raf[a] = raf.get(a, Fraction(0)) + p
        lw[b] = lw.get(b, Fraction(0)) + p
    return {
        "raf_cards_lost": _by_key(raf),
        "luftwaffe_cards_lost": _by_key(lw),
        "expected_raf_cards_lost": sum((k * p for k, p in raf.items()), Fraction(0)),
        "expected_luftwaffe_cards_lost": sum((k * p for k, p in lw.items()), Fraction(0)),
    }


def bombing(dice: int, bombs: int, bombers: int = 0) -> Odds:
    """B.III.2: black dice for the bombing strength; roundels hit, every two crosses down a
    bomber (B7); ``bombs`` the hits the target still needs (0: not asked); ``bombers`` the
    bomber cards that can be lost (0: no cap)."""
    hits: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    for (r, c), p in symbols(LUFTWAFFE_DIE, dice).items():
        hits[r] = hits.get(r, Fraction(0)) + p
        down = c // 2 if not bombers else min(c // 2, bombers)
        lost[down] = lost.get(down, Fraction(0)) + p
    out: dict[str, object] = {"hits": _by_key(hits), "bombers_lost": _by_key(lost)}
    if bombs:
        out["destroyed"] = sum((p for h, p in hits.items() if h >= bombs), Fraction(0))
    return out


def reinforcement(dice: int) -> Odds:
    """A.II: a squadron card for every cross on the black dice."""
    crosses: dict[int, Fraction] = {}
    for (_, c), p in symbols(LUFTWAFFE_DIE, dice).items():
        crosses[c] = crosses.get(c, Fraction(0)) + p
    return {
        "cards_added": _by_key(crosses),
        "mean": sum((k * p for k, p in crosses.items()), Fraction(0)),
    }


def fuel_crash(distance: int, cards: int) -> Odds:
    """C.III.1: each squadron rolls a black die per space from home; any cross loses it."""
    lost_one = 1 - Fraction(5, 6) ** distance
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(cards):
        nxt: dict[int, Fraction] = {}
        for k, p in dist.items():
            nxt[k] = nxt.get(k, Fraction(0)) + p * (1 - lost_one)
            nxt[k + 1] = nxt.get(k + 1, Fraction(0)) + p * lost_one
        dist = nxt
    return {"per_squadron": lost_one, "squadrons_lost": _by_key(dist)}


def repair(dice: int) -> Odds:
    """C.II: white dice, one repair for every roundel."""
    out: dict[int, Fraction] = {}
    for (r, _), p in symbols(RAF_DIE, dice).items():
        out[r] = out.get(r, Fraction(0)) + p
    return {"repairs": _by_key(out)}


def _n(name: str, default: int, help: str, minimum: int = 0) -> OptionSpec:
    return OptionSpec(name, default, help, minimum=minimum, maximum=60)


PROCEDURES: dict[str, Procedure] = {
    "dogfight": Procedure(
        "dogfight",
        "one British flight's cards against one German stack: squadrons shot down (B.II.5)",
        (
            _n("raf_dice", 8, "white dice (the British cards' dogfight strength)"),
            _n("luftwaffe_dice", 8, "black dice (the German stack's dogfight strength)"),
            _n("raf_cards", 0, "British cards in the attack (0: no cap)"),
            _n("luftwaffe_cards", 0, "German cards in the stack (0: no cap)"),
        ),
        dogfight,
        ("--raf-dice 8 --luftwaffe-dice 7", "--raf-dice 4 --luftwaffe-dice 3 --luftwaffe-cards 1"),
    ),
    "bombing": Procedure(
        "bombing",
        "a flight's bombing run: hits on the target and bombers lost to AA (B.III.2)",
        (
            _n("dice", 4, "black dice (the bombers' bombing strength)", 1),
            _n("bombs", 1, "hits the target still needs (0: not asked)"),
            _n("bombers", 0, "bomber cards in the flight (0: no cap)"),
        ),
        bombing,
        ("--dice 6 --bombs 3", "--dice 6 --bombs 3 --bombers 3"),
    ),
    "reinforcement": Procedure(
        "reinforcement",
        "German reinforcement: cards added to a Flight box (A.II)",
        (_n("dice", REINFORCE_DICE, "black dice", 1),),
        reinforcement,
    ),
    "fuel_crash": Procedure(
        "fuel_crash",
        "a stranded German flight's squadrons lost in fuel crashes (C.III.1)",
        (
            _n("distance", 3, "spaces to the nearest German airfield", 1),
            _n("cards", 6, "squadrons in the flight", 1),
        ),
        fuel_crash,
    ),
    "repair": Procedure(
        "repair",
        "a Group's repair roll: repairs made (C.II)",
        (_n("dice", 8, "white dice (the Group's production)", 1),),
        repair,
    ),
}

"""Exact odds of the Battle of Britain dice, as ``Fraction``.

Pure functions, used to set and check the squadron card values (``docs/rules/bob-cards.md``)
and by anyone who wants the odds of a combat without sampling it.

"Dice": a white RAF die has three crosses, two blanks, one roundel; a black Luftwaffe die three
roundels, two blanks, one cross. A roundel is a hit on the RAF, a cross a hit on the Luftwaffe,
whoever rolled it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Literal, NamedTuple

Side = Literal["raf", "luftwaffe"]

# (cross, roundel, blank) per face of one die.
_FACES: dict[Side, tuple[Fraction, Fraction, Fraction]] = {
    "raf": (Fraction(3, 6), Fraction(1, 6), Fraction(2, 6)),
    "luftwaffe": (Fraction(1, 6), Fraction(3, 6), Fraction(2, 6)),
}

ZERO = Fraction(0)
ONE = Fraction(1)


def face_odds(side: Side) -> tuple[Fraction, Fraction, Fraction]:
    """One die of ``side``: the chances of (cross, roundel, blank)."""
    return _FACES[side]


@lru_cache(maxsize=256)
def _roll(n: int, side: Side) -> tuple[tuple[int, int, Fraction], ...]:
    if n < 0:
        raise ValueError(f"cannot roll {n} dice")
    pc, pr, pb = _FACES[side]
    out = []
    for crosses in range(n + 1):
        for roundels in range(n - crosses + 1):
            blanks = n - crosses - roundels
            ways = comb(n, crosses) * comb(n - crosses, roundels)
            out.append((crosses, roundels, ways * pc**crosses * pr**roundels * pb**blanks))
    return tuple(out)


def roll(n: int, side: Side) -> dict[tuple[int, int], Fraction]:
    """The joint distribution of (crosses, roundels) when ``n`` dice of ``side`` are rolled."""
    return {(c, r): p for c, r, p in _roll(n, side)}


def symbol_count(n: int, side: Side, symbol: Literal["cross", "roundel"]) -> dict[int, Fraction]:
    """How many ``symbol`` faces ``n`` dice of ``side`` show: a binomial distribution."""
    p = _FACES[side][0 if symbol == "cross" else 1]
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def combined(raf_dice: int, luftwaffe_dice: int) -> dict[tuple[int, int], Fraction]:
    """(hits on the Luftwaffe, hits on the RAF) when both sides roll together: all crosses
    and all roundels, whoever rolled them (Air Combat: "each symbol indicates one hit")."""
    return dict(_combined(raf_dice, luftwaffe_dice))


@lru_cache(maxsize=1024)
def _combined(raf_dice: int, luftwaffe_dice: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    out: dict[tuple[int, int], Fraction] = {}
    for c1, r1, p1 in _roll(raf_dice, "raf"):
        for c2, r2, p2 in _roll(luftwaffe_dice, "luftwaffe"):
            key = (c1 + c2, r1 + r2)
            out[key] = out.get(key, ZERO) + p1 * p2
    return tuple(sorted(out.items()))


class Duel(NamedTuple):
    """The three ways one squadron card against one ends (Dogfight Procedure)."""

    raf_down: Fraction
    luftwaffe_down: Fraction
    neither: Fraction


@lru_cache(maxsize=4096)
def dogfight(
    raf_dice: int,
    raf_damage: int,
    luftwaffe_dice: int,
    luftwaffe_damage: int,
    raf_ace: bool = False,
    luftwaffe_ace: bool = False,
) -> Duel:
    """One RAF card against one Luftwaffe card. Only the card with more hits can fall, and
    only when its hits reach its damage strength; equal hits shoot down nobody. An Ace rolls
    one more die (Ace Squadron Dogfight)."""
    raf_down = luftwaffe_down = ZERO
    for (crosses, roundels), p in _combined(raf_dice + raf_ace, luftwaffe_dice + luftwaffe_ace):
        if crosses > roundels and crosses >= luftwaffe_damage:
            luftwaffe_down += p
        elif roundels > crosses and roundels >= raf_damage:
            raf_down += p
    return Duel(raf_down, luftwaffe_down, ONE - raf_down - luftwaffe_down)


def at_least(distribution: Mapping[int, Fraction], k: int) -> Fraction:
    """P(X >= k) for a distribution of counts."""
    return sum((p for x, p in distribution.items() if x >= k), ZERO)


def fewest_cards_lost(hits: int, damages: Iterable[int]) -> int:
    """Intercept losses: every hit must be taken, so the cards lost must between them be able to
    take all the hits ("all hits must be accounted for"); the fewest such cards, or every card
    when even all of them cannot. The strongest cards absorb the most, so take them first."""
    lost = 0
    absorbed = 0
    for damage in sorted(damages, reverse=True):
        if absorbed >= hits:
            break
        absorbed += damage
        lost += 1
    return lost


def intercept(
    raf_damages: tuple[int, ...],
    raf_dice: int,
    luftwaffe_damages: tuple[int, ...],
    luftwaffe_dice: int,
) -> dict[tuple[int, int], Fraction]:
    """The distribution of (RAF cards lost, Luftwaffe cards lost) in one intercept roll, each side
    losing as few cards as the hits allow (the owner chooses; fewest is the usual choice)."""
    out: dict[tuple[int, int], Fraction] = {}
    for (crosses, roundels), p in _combined(raf_dice, luftwaffe_dice):
        key = (
            fewest_cards_lost(roundels, raf_damages),
            fewest_cards_lost(crosses, luftwaffe_damages),
        )
        out[key] = out.get(key, ZERO) + p
    return out


def mean(distribution: Mapping[int, Fraction]) -> Fraction:
    """The expected count of a distribution of counts."""
    return sum((x * p for x, p in distribution.items()), ZERO)


def bombing_run(dice: int) -> dict[tuple[int, int], Fraction]:
    """A bombing run of ``dice`` black dice: the joint distribution of (hits on the target,
    crosses). Each roundel is a hit; each cross lets the RAF roll one Ack-Ack die."""
    return {(roundels, crosses): p for crosses, roundels, p in _roll(dice, "luftwaffe")}


def ack_ack(crosses: int) -> dict[int, Fraction]:
    """Bombers shot down by Ack-Ack: the RAF rolls one white die per cross in the bombing run,
    and every two crosses on those dice shoot down one bomber."""
    out: dict[int, Fraction] = {}
    for k, p in symbol_count(crosses, "raf", "cross").items():
        out[k // 2] = out.get(k // 2, ZERO) + p
    return out


def bombing_run_outcome(dice: int) -> dict[tuple[int, int], Fraction]:
    """(hits on the target, bombers shot down by Ack-Ack) for a run of ``dice`` black dice,
    before capping the losses at the bombers present."""
    out: dict[tuple[int, int], Fraction] = {}
    for (hits, crosses), p in bombing_run(dice).items():
        for down, q in ack_ack(crosses).items():
            out[(hits, down)] = out.get((hits, down), ZERO) + p * q
    return out


def p_bomb_hits(dice: int, needed: int) -> Fraction:
    """The chance a run of ``dice`` black dice scores at least ``needed`` hits (1 for an
    airfield or radar station, 3 for a city)."""
    return at_least(symbol_count(dice, "luftwaffe", "roundel"), needed)


def reach_for_home_loss(role: Literal["fighter", "bomber"], fuel: int) -> Fraction:
    """The chance one Luftwaffe card is lost reaching for home with ``fuel`` tokens left:
    bombers roll 1 die with no fuel, none with 1 or 2; fighters 2 dice with none, 1 with one,
    none with 2. Any cross loses the card (black dice, 1 cross in 6)."""
    if fuel < 0:
        raise ValueError(f"fuel cannot be {fuel}")
    dice = (1 if fuel == 0 else 0) if role == "bomber" else max(0, 2 - fuel)
    return 1 - (1 - _FACES["luftwaffe"][0]) ** dice


def __getattr__(name: str) -> object:
    """``PROCEDURES``, what ``dowding odds bob`` runs, is built on first use (it reads the cards),
    so the bots that import this module for its dice pay nothing for it."""
    if name == "PROCEDURES":
        from .odds_procedures import PROCEDURES

        return PROCEDURES
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

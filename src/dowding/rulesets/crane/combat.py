"""Section VI.E.4 and VII.D: how one pair of dice decides an attack or a bombing roll.

Pure functions, so the exact odds can be enumerated without a game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

AttackResult = Literal["no_effect", "damaged", "destroyed"]


def attack_result(
    attack_die: int, offense: int, defense_die: int, defense: int, damage: int, engines: int
) -> AttackResult:
    """VI.E.4: attacker's die + offensive value against defender's die + defensive value."""
    attack = attack_die + offense
    guard = defense_die + defense
    if guard >= attack:  # c. equal or more: no damage
        return "no_effect"
    if attack >= 2 * guard:  # e. doubled or more: destroyed
        return "destroyed"
    # d. less but not doubled: an engine is damaged, or destroyed if all engines already are
    return "destroyed" if damage >= engines else "damaged"


def bomb_hits(bomber_die: int, target_die: int) -> int:
    """VII.D: no modifiers; doubled or more is 2 hits, more is 1 (a tie scores nothing, see rules notes)."""
    if bomber_die <= target_die:
        return 0
    return 2 if bomber_die >= 2 * target_die else 1


def attack_odds(offense: int, defense: int, damage: int, engines: int) -> dict[str, Fraction]:
    """Exact probabilities of each attack result over the 36 equally likely pairs of dice."""
    odds = {"no_effect": Fraction(0), "damaged": Fraction(0), "destroyed": Fraction(0)}
    for a in range(1, 7):
        for d in range(1, 7):
            odds[attack_result(a, offense, d, defense, damage, engines)] += Fraction(1, 36)
    return odds


def bomb_roll_odds() -> dict[int, Fraction]:
    """Exact distribution of bomb hits from one bomber die against the factory's die."""
    odds: dict[int, Fraction] = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for a in range(1, 7):
        for d in range(1, 7):
            odds[bomb_hits(a, d)] += Fraction(1, 36)
    return odds

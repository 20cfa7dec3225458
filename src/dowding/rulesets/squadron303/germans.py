"""Phase V: The German Phase. Movement order, Maneuver tokens, bombing (L6, L7 in the digest).

"Phase V: The German Phase", "German modes", "Maneuver tokens".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Squadron:
    id: str
    has_bombers: bool
    individual: bool = False  # planes outside squadrons (from Events)


def movement_order(squadrons: Sequence[Squadron]) -> tuple[str, ...]:
    """ "Phase V": squadrons with bombers move first, then fighter-only squadrons, then
    individual planes; within a category in the Scenario's listing order (digest M16)."""

    def rank(s: Squadron) -> int:
        return 2 if s.individual else (0 if s.has_bombers else 1)

    return tuple(s.id for s in sorted(squadrons, key=rank))


def tokens_to_stop(is_bomber: bool, bomber_ace: bool) -> int:
    """A plane with a Maneuver token does not move; a Bomber Ace (f) makes its bombers need one
    more token to be stopped."""
    return 2 if (is_bomber and bomber_ace) else 1


def moves(tokens: int, is_bomber: bool = False, bomber_ace: bool = False) -> bool:
    """Whether a plane moves this German Phase; one that does not discards a token instead."""
    return tokens < tokens_to_stop(is_bomber, bomber_ace)


def bomb(target_damage: int, bombs: int, toughness: int) -> int:
    """ "Bombing" (L7): each bomber reaching its target adds its bombs (digest M11) to the
    target's damage; damage past the Toughness is wasted."""
    return min(toughness, target_damage + bombs)


def destroyed(target_damage: int, toughness: int) -> bool:
    return target_damage >= toughness

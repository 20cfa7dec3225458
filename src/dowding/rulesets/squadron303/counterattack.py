"""Phase IV: Counterattack. Who counterattacks, with how many dice, and what Defence cards
cancel ("Phase IV: Counterattack", "Defence section of the Combat Card")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .dice import propeller


@dataclass(frozen=True)
class Fighter:
    """A German fighter as the Counterattack sees it."""

    dice: int  # its Help card's dice (Bf 109: 2 red)
    fought: bool = False  # the target of at least one Combat round this turn (reading S17)
    tokens: int = 0
    shot_down: bool = False


def counterattack_dice(fighters: Iterable[Fighter]) -> int:
    """The squadron's pooled dice: fighters not shot down, not tied up in a Phase III Combat,
    without a Maneuver token. (Bombers never counterattack; pass fighters only.)"""
    return sum(f.dice for f in fighters if not (f.fought or f.tokens or f.shot_down))


def cancels(defence: str, face: str) -> bool:
    """A Defence propeller cancels a die's Hit on an exact blade match; Wild matches any."""
    blades = propeller(face)
    return blades > 0 and (defence == "wild" or defence == str(blades))


def damage_after_defence(faces: Sequence[str], defences: Sequence[str], extra_hits: int = 0) -> int:
    """Uncancelled Hits: the damage each player plane in the Area takes. ``defences`` is the
    propeller each player chose on their one Defence card; each cancels one die for everyone.
    Extra Hits (a Fighter Ace's, reading S11) have no propeller: only a Wild cancels them.
    Cancels are matched to dice so as to cancel the most (exact blades first, Wild last)."""
    hits = [f for f in faces if propeller(f)]
    pending = list(hits)
    wilds = 0
    for d in defences:
        if d == "wild":
            wilds += 1
            continue
        match = next((f for f in pending if cancels(d, f)), None)
        if match is not None:
            pending.remove(match)
    left = len(pending) + extra_hits
    return max(0, left - wilds)

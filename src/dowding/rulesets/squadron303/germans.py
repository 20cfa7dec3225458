"""Phase V: The German Phase. Movement order, Maneuver tokens, bombing (L6, L7 in the digest).

"Phase V: The German Phase", "German modes", "Maneuver tokens".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .components import Components
from .pieces import German, Squadron


@dataclass(frozen=True)
class Mover:
    """A squadron as the movement order sees it."""

    id: str
    has_bombers: bool
    individual: bool = False  # planes outside squadrons (from Events)


def movement_order(squadrons: Sequence[Mover]) -> tuple[str, ...]:
    """ "Phase V": squadrons with bombers move first, then fighter-only squadrons, then
    individual planes; within a category in the Scenario's listing order (digest M16)."""

    def rank(s: Mover) -> int:
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


# --- movement over the pieces ("Phase V: 1. Movement", "German modes") -------------------------


@dataclass(frozen=True)
class Moved:
    """What a German Phase (or an extra move) did: the aircraft after it, and what followed."""

    aircraft: tuple[German, ...]
    bombings: tuple[tuple[str, str], ...]  # (aircraft id, target Area), in order
    patrol_attacks: tuple[tuple[str, str], ...]  # (squadron, Area): Counterattack, 1 die fewer


def is_bomber(comp: Components, plane: German) -> bool:
    return comp.aircraft[plane.type].category == "bomber"


def _advance(
    comp: Components, sq: Squadron, plane: German, steps: int, bombings: list[tuple[str, str]]
) -> German:
    """Fly ``steps`` Areas along the path; a bomber bombs its target as soon as it gets there
    ("2. Bombing attacks"), once ("only one target and then return to their base")."""
    for _ in range(steps):
        if plane.leg >= len(sq.path):
            break
        plane = plane._replace(leg=plane.leg + 1)
        here = plane.area(sq)
        if here is not None and here == sq.target and not plane.bombed and is_bomber(comp, plane):
            plane = plane._replace(bombed=True)
            bombings.append((plane.id, here))
    return plane


def move_squadron(
    comp: Components,
    sq: Squadron,
    planes: tuple[German, ...],
    steps: int = 1,
    bomber_ace: bool = False,
) -> tuple[tuple[German, ...], tuple[tuple[str, str], ...]]:
    """One move of a squadron's aircraft along its path (a Phase V move or the extra move after
    a pilot is shot down). A plane with a Maneuver token does not move and discards one token
    instead ("Maneuver tokens"). Close-escort fighters go where a bomber of theirs that shared
    their Area goes; if every such bomber is stopped they stay ("Close escort")."""
    bombings: list[tuple[str, str]] = []
    moved: dict[str, German] = {}
    stopped: set[str] = set()
    for p in planes:
        if p.squadron != sq.id:
            continue
        bomber = is_bomber(comp, p)
        if bomber or sq.mode != "close_escort":
            if moves(p.tokens, bomber, bomber_ace):
                moved[p.id] = _advance(comp, sq, p, steps, bombings)
            else:
                moved[p.id] = p._replace(tokens=p.tokens - 1)
                stopped.add(p.id)
    for p in planes:
        if p.squadron != sq.id or p.id in moved:
            continue
        # a close-escort fighter
        if p.tokens:
            moved[p.id] = p._replace(tokens=p.tokens - 1)
            continue
        mates = [q for q in planes if q.squadron == sq.id and is_bomber(comp, q) and q.leg == p.leg]
        going = [moved[q.id] for q in mates if q.id not in stopped]
        if going:
            moved[p.id] = p._replace(leg=going[0].leg)
        elif mates:
            moved[p.id] = p  # every bomber stopped: stay with them
        else:
            moved[p.id] = _advance(comp, sq, p, steps, bombings)
    return tuple(moved.get(p.id, p) for p in planes), tuple(bombings)


def squadrons_with_bombers(
    comp: Components, squadrons: Sequence[Squadron], planes: Sequence[German]
) -> tuple[str, ...]:
    return tuple(
        s.id
        for s in squadrons
        if any(p.squadron == s.id and is_bomber(comp, p) and p.leg < len(s.path) for p in planes)
    )

"""II. Equipment: the model planes on the table, the washer that marks the end of a move, the dice.

What every step of the rules shares: the sides, a plane's record, the committed move and the
faces of a roll. The rules themselves are in the modules named after the rulebook's sections
(`organization.py` III, `objectives.py` IV and VII.E, `placements.py` V, `engagement.py`
VI.A-B, `movement.py` VI.C-D, `combat.py` VI.E, `bomb_run.py` VII).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from dowding.engine import Action

from . import geometry as geo

RAF, LUFTWAFFE = "raf", "luftwaffe"
WAITING, FLYING, DESTROYED, EXITED = "waiting", "flying", "destroyed", "exited"
EPS = 1e-9

Task = tuple[Any, ...]


class Plane(NamedTuple):
    """II.A: one small model plane (1/285) and what stands beside it on the table."""

    id: str
    type: str
    side: str
    section: str
    x: float
    y: float
    heading: float
    damage: int  # II.A: a pipe cleaner per damage point
    status: str
    altitude: str  # "", "above", "level", "below" (V.D: the coin beside the section)
    fresh: bool  # its first move is still to come (V.D: dive or climb)
    moved: bool
    bombed: bool


_new_tuple = tuple.__new__


# The hot replacements of a plane's record, without NamedTuple._replace's keyword machinery
# (the same Plane values).
def at_spot(p: Plane, x: float, y: float, heading: float) -> Plane:
    """The plane moved to (x, y) facing ``heading``."""
    return _new_tuple(Plane, (p[0], p[1], p[2], p[3], x, y, heading, *p[7:]))


def flown(p: Plane) -> Plane:
    """The plane once its move is committed: moved, no longer fresh (V.D)."""
    return _new_tuple(Plane, (*p[:10], False, True, p[12]))


def on_table(p: Plane, x: float, y: float, heading: float) -> Plane:
    """The plane placed or entering at (x, y) facing ``heading``: flying (V.B, V.C)."""
    return _new_tuple(Plane, (*p[:4], x, y, heading, p[7], FLYING, *p[9:]))


def at_altitude(p: Plane, altitude: str) -> Plane:
    """The plane with its section's altitude (V.D)."""
    return _new_tuple(Plane, (*p[:9], altitude, *p[10:]))


def rested(p: Plane) -> Plane:
    """The plane at the start of a turn: free to move again (III)."""
    return _new_tuple(Plane, (*p[:11], False, p[12]))


class Move(NamedTuple):
    """The plane being moved: its committed path (VI.D.3.b: measured before any stop)."""

    plane: str
    x: float
    y: float
    heading: float
    straight: float
    turn: float
    total: float

    def path(self) -> geo.Path:
        return geo.Path((self.x, self.y), self.heading, self.straight, self.turn, self.total)


def faces(action: Action) -> tuple[int, ...]:
    """II.A: the faces of the D6s rolled, from a `roll d=...` action."""
    rolled = action.get("d")
    if not isinstance(rolled, tuple):
        rolled = (rolled,)  # type: ignore[assignment]
    assert isinstance(rolled, tuple)
    return tuple(int(f) for f in rolled)

"""II. Equipment: the model planes on the table, the washer that marks the end of a move, the dice.

What every step of the rules shares: the sides, a plane's record, the committed move and the
faces of a roll. The rules themselves are in the modules named after the rulebook's sections
(`organization.py` III, `objectives.py` IV and VII.E, `placements.py` V, `engagement.py`
VI.A-B, `movement.py` VI.C-D, `combat.py` VI.E, `bomb_run.py` VII).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from dowding.engine import Action

from . import geometry as geo

RAF, LUFTWAFFE = "raf", "luftwaffe"
WAITING, FLYING, DESTROYED, EXITED = "waiting", "flying", "destroyed", "exited"
EPS = 1e-9

Task = tuple[Any, ...]


PLANE_FIELDS = (
    "id",
    "type",
    "side",
    "section",
    "x",
    "y",
    "heading",
    "damage",
    "status",
    "altitude",
    "fresh",
    "bombed",
)
# How the state's key and to_dict hold a plane: its fields with, between ``fresh`` and ``bombed``,
# whether it has moved this turn (the state keeps that: CraneState.moved, VI.D).
HELD_FIELDS = (*PLANE_FIELDS[:-1], "moved", PLANE_FIELDS[-1])


class Plane:
    """II.A: one small model plane (1/285) and what stands beside it on the table.

    A slotted record that is never changed once made: copies of a state share their planes, and
    every change makes a new record (the functions below, or ``_replace``). The rules read these
    fields on every step, and a slot is read several times faster than a NamedTuple's field
    (whose descriptor CPython 3.11 cannot specialise). Two records are equal only when they are
    the same record: the rules' memos compare tuples of planes, and an identity test is the
    cheapest there is; ``held`` gives the fields as the NamedTuple it replaced held them (the
    state's key compares those). Whether it has moved this turn is the state's (CraneState.moved):
    a move then makes no new record but for a plane's first (V.D), nor the end of a turn one for
    every plane.
    """

    __slots__ = PLANE_FIELDS

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
    bombed: bool

    def __init__(
        self,
        id: str,
        type: str,
        side: str,
        section: str,
        x: float,
        y: float,
        heading: float,
        damage: int,
        status: str,
        altitude: str,
        fresh: bool,
        bombed: bool,
    ) -> None:
        self.id = id
        self.type = type
        self.side = side
        self.section = section
        self.x = x
        self.y = y
        self.heading = heading
        self.damage = damage
        self.status = status
        self.altitude = altitude
        self.fresh = fresh
        self.bombed = bombed

    @classmethod
    def from_held(cls, values: Sequence[Any]) -> tuple[Plane, bool]:
        """The plane and whether it has moved this turn, from its ``held`` values."""
        fields = [*values[:11], values[12]]
        return cls(*fields), bool(values[11])

    def held(self, moved: bool) -> tuple[Any, ...]:
        """The plane as the state's key and to_dict hold it (HELD_FIELDS), ``moved`` this turn."""
        return (
            self.id,
            self.type,
            self.side,
            self.section,
            self.x,
            self.y,
            self.heading,
            self.damage,
            self.status,
            self.altitude,
            self.fresh,
            moved,
            self.bombed,
        )

    def astuple(self) -> tuple[Any, ...]:
        """The fields as a plain tuple, in the order of PLANE_FIELDS."""
        return (
            self.id,
            self.type,
            self.side,
            self.section,
            self.x,
            self.y,
            self.heading,
            self.damage,
            self.status,
            self.altitude,
            self.fresh,
            self.bombed,
        )

    def _replace(self, **changes: Any) -> Plane:
        """A new record with ``changes`` (NamedTuple's name for it, kept for callers of old)."""
        unknown = set(changes) - set(PLANE_FIELDS)
        if unknown:
            raise ValueError(f"Plane has no fields {sorted(unknown)}")
        fields = dict(zip(PLANE_FIELDS, self.astuple(), strict=True))
        fields.update(changes)
        return Plane(**fields)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.astuple())

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(PLANE_FIELDS, self, strict=True)
        )
        return f"Plane({fields})"


_new_plane = object.__new__


# The hot replacements of a plane's record, without __init__'s or _replace's call machinery
# (the same Plane values). Each fills a record no one else holds yet.
def at_spot(p: Plane, x: float, y: float, heading: float) -> Plane:
    """The plane moved to (x, y) facing ``heading``."""
    q = _new_plane(Plane)
    q.id = p.id
    q.type = p.type
    q.side = p.side
    q.section = p.section
    q.x = x
    q.y = y
    q.heading = heading
    q.damage = p.damage
    q.status = p.status
    q.altitude = p.altitude
    q.fresh = p.fresh
    q.bombed = p.bombed
    return q


def flown(p: Plane) -> Plane:
    """The plane once its first move is committed: no longer fresh (V.D)."""
    q = at_spot(p, p.x, p.y, p.heading)
    q.fresh = False
    return q


def on_table(p: Plane, x: float, y: float, heading: float) -> Plane:
    """The plane placed or entering at (x, y) facing ``heading``: flying (V.B, V.C)."""
    q = at_spot(p, x, y, heading)
    q.status = FLYING
    return q


def at_altitude(p: Plane, altitude: str) -> Plane:
    """The plane with its section's altitude (V.D)."""
    q = at_spot(p, p.x, p.y, p.heading)
    q.altitude = altitude
    return q


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
        _, x, y, heading, straight, turn, total = self  # one unpacking: no field descriptors
        return geo.Path((x, y), heading, straight, turn, total)


def new_move(
    plane: str, x: float, y: float, heading: float, straight: float, turn: float, total: float
) -> Move:
    """``Move(...)`` without the NamedTuple's Python-level ``__new__`` (a move is made every step)."""
    return _new_tuple(Move, (plane, x, y, heading, straight, turn, total))


_new_tuple = tuple.__new__


def faces(action: Action) -> tuple[int, ...]:
    """II.A: the faces of the D6s rolled, from a `roll d=...` action."""
    rolled = action.get("d")
    if not isinstance(rolled, tuple):
        rolled = (rolled,)  # type: ignore[assignment]
    assert isinstance(rolled, tuple)
    return tuple([int(f) for f in rolled])  # a list comprehension: cheaper than a generator

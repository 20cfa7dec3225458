"""The counters of Fight for the Sky (How to Set Up the Basic Game: "these are called counters"):
an RAF squadron, a Luftwaffe unit and a Luftwaffe formation as the state holds them, with
their statuses. Shared by the state and every step module.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

Task = tuple[Any, ...]

GROUND, AIR, LOST, OUT = "ground", "air", "lost", "out"
POOL, RETURNING, MAINT, GROUNDED = "pool", "returning", "maint", "grounded"
RAID, PATROL, HOME = "raid", "patrol", "home"


class Raf(NamedTuple):
    sqn: str
    type: str
    base: str  # home base
    sector: str
    flights: int
    status: str  # ground, air, lost, out
    at: str  # the base it is on when on the ground
    hex: str  # where it flies
    land_by: int  # Intermediate: the turn by which it must land (0: none)
    ready: int  # the first turn it may take off
    moved: bool
    engaged: int  # optional Sector Airfields: the formation it must stay with
    contact: int  # Weather: the formation it is in contact with (negative: failed this turn)


# a squadron's fields by place, for the hot loops over every squadron: a NamedTuple field read by
# name is a descriptor call the interpreter does not specialise, a read by place is cheaper
# (tests/rulesets/fight_for_the_sky/test_fast_paths.py holds them to Raf's fields)
R_SQN: Final = 0
R_SECTOR: Final = 3
R_STATUS: Final = 5
R_HEX: Final = 7
R_READY: Final = 9
R_MOVED: Final = 10
R_ENGAGED: Final = 11


class Lw(NamedTuple):
    id: int
    type: str
    group: int
    flights: int
    status: str  # pool, air, returning, maint, grounded, lost, out
    missions: int
    ready: int
    land_by: int


class Form(NamedTuple):
    id: int
    units: tuple[int, ...]
    hex: str  # "" while being made up or preplanned and not yet placed
    target: str  # target id for a raid
    kind: str  # raid, patrol, home (fighters turned back for fuel)
    face_up: bool
    seen: bool  # the RAF has looked through it (coast crossed or a dogfight)
    top: int
    bombed: bool
    moved: bool
    patrol: str  # a patrol's hex
    struck: bool  # a patrol that moved to attack this turn
    launch: int  # Preplanning: the turn it takes off (0: placed already)
    topped: bool
    aborts: int  # flights aborted by the AA this turn
    revealed: bool  # its target is known to the RAF
    placed: int = 0  # the turn it assembled (0: not yet); what the RAF saw, fixing land-by turns


def _replace_fields(counter: Any, **changes: Any) -> Any:
    """``NamedTuple._replace`` for the counters: every step replaces a few of their fields, and
    the library's ``_replace`` passes through ``_make`` and pops every field name; this one
    sets the named fields by place (the same tuple, the same refusal of an unknown name)."""
    values = list(counter)
    places = _PLACES[type(counter)]
    try:
        for name, value in changes.items():
            values[places[name]] = value
    except KeyError:
        raise ValueError(f"Got unexpected field names: {list(changes)!r}") from None
    return tuple.__new__(type(counter), values)


_PLACES: dict[type, dict[str, int]] = {}
for _counter in (Raf, Lw, Form):
    _PLACES[_counter] = {name: i for i, name in enumerate(_counter._fields)}
    # typing.NamedTuple refuses a _replace in the class body: set after the class is made
    setattr(_counter, "_replace", _replace_fields)  # noqa: B010

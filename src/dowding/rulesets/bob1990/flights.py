"""Flights (the plastic planes) and the small helpers every stage uses (Setup)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

RAF = "raf"
LUFTWAFFE = "luftwaffe"
ON_MAP, LANDED, DOWN, WAITING, OUT = "map", "landed", "down", "waiting", "out"
FUEL_MARKERS = (1, 2, 3, 4, 5)  # B.I.1: "a limited amount of markers (1-5) for each Flight/Turn"
RAF_FB = 3  # A.II: "BP deals 3 SC to each FB"
LW_FB = 6  # A.II: "GP deals 6 SC to each FB"
REINFORCE_DICE = 6  # A.II: "rolls 6 black dice for every FB he wants to reinforce"
RAF_MOVE = 3  # B.I.3: "Each British Flight can move 0-3 spaces"
LW_MOVE = 5  # B.I.1: "GP can move up to 5 spaces"
TURNS = 8  # "The game takes 8 turns or 9 German missions"
MISSIONS_TO_WIN = 9
STUKA_TURN = 5  # "At the start of turn 5 remove Ju87 from all squadron cards"
FIGHTERS_LEAVE_AFTER = 4  # B.I.1: "At the end of 4th move, remove all German fighters"
WORKING = {2: 18, 3: 18, 5: 6}  # C.I: a working Luftflotte's cards


class Flight(NamedTuple):
    """One flight. ``fuel`` is the set of used fuel markers as bits (bit k-1 for marker k);
    ``marker`` the British movement marker this stage (0: none)."""

    pos: str | None
    status: str
    fuel: int = 0
    rs: bool = False  # B.I.1: has entered a radar-scanned space this turn
    rs_stop: bool = False  # has had its one stop at a working RS this turn (B16)
    nofighters: bool = False  # its fighters have left (4th move, 12 Group)
    marker: int = 0
    attacked: bool = False  # this Mission stage: British attacked / German was attacked
    bombed: bool = False  # this turn (B26)
    airborne: bool = False  # has taken off this turn
    base: str = ""  # a British flight's airfield (C.III.2), by gazetteer name


# who sees a German deal or a fuel crash's card (shared: a frozenset is immutable)
ONLY_LUFTWAFFE = frozenset({LUFTWAFFE})
ONLY_RAF = frozenset({RAF})


def count(value: object) -> int:
    """An action's or outcome's number (``roll cross=2``), 0 when absent."""
    return value if isinstance(value, int) else 0


@cache
def command(flight: str) -> int:
    """'11B' -> 11, '2A' -> 2."""
    return int(flight[:-1])


def side_of(flight: str) -> str:
    return RAF if command(flight) >= 10 else LUFTWAFFE


def shot_down(hits: int) -> int:
    """B.II.5: 3 hits for the first SC, each 2 more another (8 hits shoot down 3)."""
    return 0 if hits < 3 else 1 + (hits - 3) // 2


def dogfight_cards(marker: int) -> int | None:
    """B.II.3: cards taken from the top of a British FB by its movement marker (None: all)."""
    return None if marker == 0 else (2 if marker == 1 else 1)


def _fuel_marker(used: int, spaces: int) -> int | None:
    for k in range(max(spaces, 1), 6):
        if not used & (1 << (k - 1)):
            return k
    return None


def _max_move(used: int) -> int:
    for k in range(5, 0, -1):
        if not used & (1 << (k - 1)):
            return k
    return -1


# both read from a table of every set of markers (asked several times a German move)
_MARKERS = tuple(tuple(_fuel_marker(used, d) for d in range(6)) for used in range(32))
_MAX_MOVES = tuple(_max_move(used) for used in range(32))


def fuel_marker(used: int, spaces: int) -> int | None:
    """B.I.1: the lowest unused marker >= the spaces moved (standing still is marked by 1)."""
    if 0 <= used < 32 and 0 <= spaces < 6:
        return _MARKERS[used][spaces]
    return _fuel_marker(used, spaces)


def max_move(used: int) -> int:
    """The most spaces a flight may still move in one step (its highest unused marker; -1: none)."""
    return _MAX_MOVES[used] if 0 <= used < 32 else _max_move(used)


# Flights built field by field, without ``_replace``'s keyword handling: these are the changes
# made at almost every step (tests/rulesets/bob1990/test_fast_paths.py holds them to _replace).
_new_flight = tuple.__new__


def raf_moved(flight: Flight, pos: str, marker: int, airborne: bool) -> Flight:
    """``flight._replace(pos=pos, marker=marker, airborne=airborne)`` (B.I.3)."""
    _, status, fuel, rs, rs_stop, nofighters, _, attacked, bombed, _, base = flight
    values = (pos, status, fuel, rs, rs_stop, nofighters, marker, attacked, bombed, airborne, base)
    return _new_flight(Flight, values)


def lw_moved(
    flight: Flight, pos: str, fuel: int, rs: bool, rs_stop: bool, airborne: bool
) -> Flight:
    """``flight._replace(pos=pos, fuel=fuel, rs=rs, rs_stop=rs_stop, airborne=airborne)`` (B.I.1)."""
    _, status, _, _, _, nofighters, marker, attacked, bombed, _, base = flight
    values = (pos, status, fuel, rs, rs_stop, nofighters, marker, attacked, bombed, airborne, base)
    return _new_flight(Flight, values)


def stage_cleared(flight: Flight) -> Flight:
    """``flight._replace(attacked=False, marker=0)`` (a new Mission Stage)."""
    pos, status, fuel, rs, rs_stop, nofighters, _, _, bombed, airborne, base = flight
    values = (pos, status, fuel, rs, rs_stop, nofighters, 0, False, bombed, airborne, base)
    return _new_flight(Flight, values)

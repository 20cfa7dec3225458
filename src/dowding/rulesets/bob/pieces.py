"""What the steps share: the flights, the air combats under way, where cards lie, and the
markers' counts (Components). The rules themselves are in the step modules."""

from __future__ import annotations

from typing import Any, NamedTuple

from dowding.engine import Action

Task = tuple[Any, ...]
NON_DETECT_MARKERS = 5  # Components: 5 Non-Detect markers
LW_FULL = 6  # German Squadron Alert: "full strength of 6 squadron cards"

# card locations
CRB = "crb"  # the Group's or Luftflotte's combat ready box
DAMAGED = "dmg"  # the damaged aircraft box
OUT = "out"  # set aside for the scenario


_MOVES: dict[str, Action] = {}


def move_to(space: str) -> Action:
    """'move to=K14', built once per space: step options are generated on every move."""
    action = _MOVES.get(space)
    if action is None:
        action = _MOVES[space] = Action("move", to=space)
    return action


_MADE: dict[tuple[str, str, type, object], Action] = {}


def one_arg(kind: str, key: str, value: str | int) -> Action:
    """``Action(kind, key=value)``, built once: options are made again for every decision."""
    k = (kind, key, type(value), value)
    action = _MADE.get(k)
    if action is None:
        if len(_MADE) >= 1 << 16:  # other data folders name other cards and spaces
            _MADE.clear()
        action = _MADE[k] = Action(kind, **{key: value})
    return action


# the flights' Groups and Luftflotten ("10A" -> 10), read on every decision
_UNITS: dict[str, int] = {}


def box(flight: str) -> str:
    return f"f:{flight}"


class Flight(NamedTuple):
    id: str
    side: str
    space: str  # "" while on its squadron card box on the display
    status: str  # "box", "map", "grounded"
    fuel: int
    mission: int  # index into tables.missions, -1 for none
    detected: bool
    nondetect: bool
    bombrun: bool
    intercepted: bool  # an RAF flight that moved to intercept this turn
    ace: bool
    escort_home: bool  # its Bf 109s turned for home early this turn
    bombed: bool  # made its bombing run this turn


class Intercept(NamedTuple):
    """Intercept Procedure: three Luftwaffe cards at random against the whole RAF flight."""

    space: str
    raf_cards: tuple[int, ...]
    lw_cards: tuple[int, ...]
    hits_lw: int = 0
    hits_raf: int = 0


class Duel(NamedTuple):
    """Dogfight Procedure: card against card until one side has none left."""

    space: str
    raf_hand: tuple[int, ...]
    lw_hand: tuple[int, ...]
    raf_card: int = -1  # the card in the air, -1 for none
    lw_card: int = -1
    raf_wins: int = 0  # consecutive wins of the card in the air
    lw_wins: int = 0
    raf_kills: int = 0  # squadrons shot down in this dogfight, for the Ace award
    lw_kills: int = 0
    raf_ace: bool = False  # the card in the air carries its flight's ace
    lw_ace: bool = False
    sent: tuple[str, ...] = ()  # flights that have sent their first card into this dogfight


def unit_of(flight: str) -> int:
    unit = _UNITS.get(flight)
    if unit is None:
        unit = _UNITS[flight] = int(flight[:-1])
    return unit

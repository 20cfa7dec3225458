"""What is on the board, as small immutable values a game state can hold in tuples.

A German aircraft flies its squadron's ``path``: the Scenario's route from the deployment Area to
its end (the target, when it has one), then back the same way (digest M12: bombers return to
base along their route, still attackable) and off the board past its first Area. ``leg`` is the
index of the last path point it reached; ``area`` is where it is, which a Patrol's attack or an
escort's search may take off the path (it then flies back toward ``path[leg + 1]``). An empty
``area`` means it has left the board.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from .components import Components, Slot

_P = TypeVar("_P", bound=NamedTuple)


def quick_replace(cls: type[_P]) -> type[_P]:
    """Give a NamedTuple a ``_replace`` that sets only the fields named, by index: the stock one
    pops every field name (a Plane has 26), and the rules replace a piece on most steps. Same
    answer, and an unknown field is still a ValueError."""
    index = {name: i for i, name in enumerate(cls._fields)}
    make = tuple.__new__

    def _replace(self: _P, /, **changes: Any) -> _P:
        values = list(self)
        try:
            for name, value in changes.items():
                values[index[name]] = value
        except KeyError:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}") from None
        return make(cls, values)

    setattr(cls, "_replace", _replace)  # noqa: B010  (a NamedTuple's own may not be overridden)
    return cls


@quick_replace
class Squadron(NamedTuple):
    id: str  # its route colour ("brown"), or "event-<id>"
    card: str  # the Deployment card
    mode: str  # "close_escort", "patrol", "escape", "offensive", "hun_in_the_sun", "hunting"
    path: tuple[str, ...]
    target: str | None = None
    hidden: bool = False
    counterattacked: bool = False  # Phase IV: once a turn (Phase IV example)
    attacked: bool = False  # Escape: attacked in a Fight, so it moves 2 Areas from now on
    sun: bool = False  # revealed by a plane flying in: Hun in the Sun this turn
    prey: str = ""  # Hunting: the RAF plane whose pilot it hunts
    ace: str = ""  # its German Ace token ("Aces", L8), face down until ``ace_plane`` is set
    ace_plane: str = ""  # the aircraft the Ace flies, once an RAF plane came into its Area


OFF_BOARD = ""


@quick_replace
class German(NamedTuple):
    id: str  # "<squadron>-<n>"
    type: str  # "bf109", "he111", ...
    squadron: str
    area: str
    leg: int = 0
    damage: int = 0
    tokens: int = 0  # Maneuver tokens assigned to it
    fought: bool = False  # the target of a Combat round this turn ("tied up")
    bombed: bool = False  # it has bombed its target and flies home

    @property
    def on_board(self) -> bool:
        return self.area != OFF_BOARD


def flight_path(area: str, route: tuple[str, ...]) -> tuple[str, ...]:
    """Out along the route and back the same way (digest M12)."""
    out = (area, *route)
    return out + tuple(reversed(out[:-1]))


def deploy(
    comp: Components, card_id: str, slot: Slot, squadron_id: str, hidden: bool = False
) -> tuple[Squadron, tuple[German, ...]]:
    """ "Game setup" 7: a Deployment card on its Area becomes a squadron of models, in the
    card's order (fighters and bombers as listed)."""
    card = comp.deployment_card(card_id)
    squadron = Squadron(
        squadron_id, card_id, card.mode, flight_path(slot.area, slot.route), slot.target, hidden
    )
    planes = []
    for kind, count in card.aircraft.items():
        for _ in range(count):
            planes.append(German(f"{squadron_id}-{len(planes) + 1}", kind, squadron_id, slot.area))
    return squadron, tuple(planes)


FLYING, LANDED, DOWN, WITHDRAWN = "flying", "landed", "down", "withdrawn"


@quick_replace
class Plane(NamedTuple):
    """An RAF Hurricane and the pilot flying it. In a solo game one seat flies two: the Leader
    and the Wingman ("Solo game")."""

    id: str  # "p1", or "p1w" for the solo Wingman
    seat: str
    pilot: str
    area: str
    ammo: int
    hand: tuple[str, ...] = ()  # Combat cards (the Wingman's lie on the table)
    damage: tuple[str, ...] = ()  # damage tokens drawn, left to right; more than 4 is down
    tokens: int = 0  # Maneuver tokens on the player board (they last to the next Movement, S23)
    medals: int = 0
    kills: tuple[str, ...] = ()  # aircraft types shot down
    status: str = FLYING
    fought: bool = False  # fought in this turn's Phase III
    fought_last: tuple[str, ...] = ()  # squadrons fought last turn (Withdraw)
    moves_left: int = 0  # Movement points left in this Movement step
    card_move: bool = False  # has played its one Movement card this step
    yellow: bool = True  # may swap a blue die for the yellow this turn (ability declined)
    role: str = "player"  # "player", "leader" or "wingman"
    ability: bool = False  # using the pilot's ability this turn (Phase II.1)
    fought_now: tuple[str, ...] = ()  # squadrons fought this turn (next turn's ``fought_last``)
    barred: tuple[str, ...] = ()  # squadrons it revealed by Reconnaissance this turn
    medal_used: bool = False  # "one Pilot can use only one Medal per turn"
    borrowed: str = ""  # another pilot whose ability it bought with a Medal this turn
    choice: str = ""  # the variant of an ability taken this turn (Feric: "token")
    gift: str = ""  # a die face Urbanowicz kept for this plane's Fight this turn
    spec: str = ""  # the Specialization chosen: an aircraft category ("Specialization")
    clock: int = 0  # the Specialization clock's red fields left (0: green, usable)

    @property
    def airborne(self) -> bool:
        return self.status == FLYING

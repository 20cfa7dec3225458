"""Phase I: Events. Which Event decks a turn draws from, and how the decks are built.

"Phase I: Events": each line of the Scenario card's Events section due this turn reveals one
Event from the deck of the colours it shows ("Game setup" 9-10: decks by colour code).
"""

from __future__ import annotations

from .components import Event, EventLine, Scenario


def lines_due(scenario: Scenario, turn: int) -> tuple[EventLine, ...]:
    """The Events lines that reveal an Event on ``turn``, in the card's order."""
    return tuple(line for line in scenario.events if line.turn == turn)


def deck_for(
    line: EventLine, events: tuple[Event, ...], expansion: bool = False
) -> tuple[str, ...]:
    """The ids of the Events in the deck a line draws from (its colours), in data order."""
    return tuple(
        e.id for e in events if e.colour in line.colours and (expansion or not e.expansion)
    )


def decks(scenario: Scenario, events: tuple[Event, ...]) -> tuple[tuple[str, ...], ...]:
    """One deck per Events line ("Game setup" 9: shuffle the Events into decks by colour): an
    Event goes into the first line whose colours it has, so no Event is revealed twice."""
    used: set[str] = set()
    result = []
    for line in scenario.events:
        deck = tuple(e for e in deck_for(line, events) if e not in used)
        used.update(deck)
        result.append(deck)
    return tuple(result)

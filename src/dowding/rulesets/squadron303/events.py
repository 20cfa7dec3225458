"""Phase I: Events. Which Event decks a turn draws from, and how the decks are built.

"Phase I: Events": each line of the Scenario card's Events section due this turn reveals one
Event from the deck of the colours it shows ("Game setup" 9-10: decks by colour code).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action, Chance
from dowding.engine.tasks import Task

from .components import Event, EventLine, Scenario
from .pieces import deploy

if TYPE_CHECKING:
    from .state import S303State


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


# --- Phase I as tasks ------------------------------------------------------------------------


def step_tasks(st: S303State) -> list[Task]:
    """One reveal per Events line due this turn."""
    return [
        ("event", i)
        for i, line in enumerate(st.scenario.events)
        if line.turn == st.turn_no and st.face_down[i]
    ]


def event_deal_draw(st: S303State, task: Task) -> Chance:
    from .state import draw_from

    # face down: nobody sees which Event it is until Phase I reveals it
    return draw_from("an Event card, face down", st.event_decks[task[1]], visible_to=frozenset())


def do_event_deal(st: S303State, task: Task, action: Action) -> None:
    event_id = str(action.get("item"))
    i = task[1]
    st.event_decks = tuple(
        tuple(e for e in deck if e != event_id) if n == i else deck
        for n, deck in enumerate(st.event_decks)
    )
    st.face_down = tuple(event_id if n == i else e for n, e in enumerate(st.face_down))


def prey(st: S303State) -> str:
    """ "Hunting": the Luftwaffe hunts one particular pilot. Ours, a stated rule: the airborne
    pilot with the most kills, ties to the first plane in seat order ("" when none is up)."""
    flying = [p for p in st.planes if p.airborne]
    if not flying:
        return ""
    return max(flying, key=lambda p: (len(p.kills), -st.planes.index(p))).id


def do_event(st: S303State, task: Task) -> None:
    """ "Phase I": reveal the Event and bring in its planes, on their slots and routes."""
    event_id = st.face_down[task[1]]
    st.face_down = tuple("" if n == task[1] else e for n, e in enumerate(st.face_down))
    st.revealed = (*st.revealed, (event_id, st.turn_no))
    event = next(e for e in st.comp.events if e.id == event_id)
    st.say(f"Event: {event.name}. {event.text}")
    for n, (card, slot) in enumerate(zip(event.deployment, event.slots, strict=True)):
        squadron, planes = deploy(st.comp, card, slot, f"{event.id}-{n + 1}")
        if event.mode is not None:
            squadron = squadron._replace(mode=event.mode)
        if squadron.mode == "hunting":
            squadron = squadron._replace(prey=prey(st))
            if squadron.prey:
                st.say(f"the {squadron.id} squadron hunts {squadron.prey}'s pilot")
        st.squadrons = (*st.squadrons, squadron)
        st.germans = (*st.germans, *planes)

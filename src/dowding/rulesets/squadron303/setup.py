"""Game setup ("Game setup" 1-16; "Solo game"; player counts): the planes and their pilots,
the Deployment cards shuffled onto the Scenario's Areas, the Event decks, the Combat deck and
the hands. Every shuffle is a chain of ``Draw`` chance events."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action, Chance
from dowding.engine.tasks import Task

from .events import decks
from .pieces import Plane, deploy

if TYPE_CHECKING:
    from .state import S303State


def seat_ids(players: int) -> tuple[str, ...]:
    return tuple(f"p{i}" for i in range(1, players + 1))


def begin(st: S303State, keep_pilots: bool = False) -> None:
    """Lay out the game and queue its chance events. ``keep_pilots``: the next Scenario of a
    Campaign, the players keeping their pilots and records (``campaign.do_nextleg``)."""
    from .campaign import aces_now, factory_penalty, london_losses

    comp, sc = st.comp, st.scenario
    setup = comp.setup(sc.id, st.players)
    ammo = sc.ammo
    starts = list(setup.starting_areas)
    planes = []
    ids = ["p1", "p1w"] if st.players == 1 else list(seat_ids(st.players))
    for i, pid in enumerate(ids):
        seat = pid[:2]
        role = ("leader" if pid == "p1" else "wingman") if st.players == 1 else "player"
        area = starts[i] if i < len(starts) else sc.starting_airfield
        if keep_pilots:
            planes.append(st.plane(pid)._replace(area=area, ammo=ammo))
        else:
            planes.append(Plane(pid, seat, "", area, ammo, role=role))
    st.planes = tuple(planes)
    if not keep_pilots:
        st.pilots = tuple(sorted(p.id for p in comp.pilots if not p.expansion))
    st.undeployed = tuple(sorted(setup.cards))
    st.deck = tuple(sorted(comp.deck()))
    st.event_decks = decks(sc, comp.events)
    st.face_down = tuple("" for _ in st.event_decks)
    removed = comp.rules.reserve_removed[str(st.players)]  # type: ignore[index]
    removed += london_losses(st)  # Campaign, London damaged: a Reserve pilot lost
    tasks: list[Task] = [] if keep_pilots else [("pilot", p.id) for p in st.planes]
    tasks += [("remove_pilot",)] * removed
    tasks += [("deploy", i) for i in range(len(setup.slots))]
    if sc.aces or aces_now(st):  # "Aces": one token per squadron, face down
        tasks += [("ace", slot.colour) for slot in setup.slots]
    # "Game setup" 10: the Scenario's Events drawn face down, one per Events line
    tasks += [("event_deal", i) for i, deck in enumerate(st.event_decks) if deck]
    cards = 3 if factory_penalty(st) else sc.cards  # Campaign, a Factory damaged: 3 cards
    for p in st.planes:
        count = 4 if p.role == "wingman" else cards
        tasks += [("deal", p.id)] * count
    tasks.append(("turn",))
    st.queue = (*tasks, *st.queue)


# --- the chance events -------------------------------------------------------------------


def pilot_draw(st: S303State, task: Task) -> Chance:
    from .state import draw_from

    return draw_from(f"pilot for {task[1]}", st.pilots)


def do_pilot(st: S303State, task: Task, action: Action) -> None:
    pilot = str(action.get("item"))
    st.pilots = _without(st.pilots, pilot)
    st.put(st.plane(task[1])._replace(pilot=pilot))
    st.say(f"{task[1]} flies with {_pilot_name(st, pilot)}")


def remove_ready(st: S303State, task: Task) -> bool:
    return bool(st.pilots)


def remove_pilot_draw(st: S303State, task: Task) -> Chance:
    from .state import draw_from

    return draw_from("pilot removed from the game", st.pilots)


def do_remove_pilot(st: S303State, task: Task, action: Action) -> None:
    pilot = str(action.get("item"))
    st.pilots = _without(st.pilots, pilot)
    st.say(f"{_pilot_name(st, pilot)} is out of this Scenario")


def deploy_draw(st: S303State, task: Task) -> Chance:
    from .state import draw_from

    slot = st.comp.setup(st.scenario_id, st.players).slots[task[1]]
    if _hidden_slot(st, slot.area):  # "Hidden Squadrons": the card stays face down
        return draw_from(
            f"a Deployment card face down on {slot.area}", st.undeployed, visible_to=frozenset()
        )
    return draw_from(f"Deployment card for {slot.area}", st.undeployed)


def _hidden_slot(st: S303State, area: str) -> bool:
    from .campaign import hidden_sectors

    sectors = (*st.scenario.hidden_sectors, *hidden_sectors(st))  # Campaign: radars knocked out
    return st.board.sector(area) in sectors


def do_deploy(st: S303State, task: Task, action: Action) -> None:
    card = str(action.get("item"))
    slot = st.comp.setup(st.scenario_id, st.players).slots[task[1]]
    st.undeployed = _without(st.undeployed, card)
    hidden = _hidden_slot(st, slot.area)
    squadron, planes = deploy(st.comp, card, slot, slot.colour, hidden=hidden)
    st.squadrons = (*st.squadrons, squadron)
    st.germans = (*st.germans, *planes)
    if hidden:
        st.say(f"a squadron token marks the {slot.colour} squadron in {slot.area}")
        return
    kinds = ", ".join(
        f"{n} {st.comp.aircraft[k].name}" for k, n in st.comp.deployment_card(card).aircraft.items()
    )
    st.say(f"the {slot.colour} squadron ({kinds}) appears in {slot.area}")


def deal_draw(st: S303State, task: Task) -> Chance:
    from .state import draw_from

    plane = st.plane(task[1])
    return draw_from(f"Combat card for {plane.id}", st.deck, visible_to=st.hand_visible_to(plane))


def do_deal(st: S303State, task: Task, action: Action) -> None:
    give_card(st, task[1], str(action.get("item")))


def give_card(st: S303State, plane_id: str, card: str) -> None:
    plane = st.plane(plane_id)
    st.deck = _without(st.deck, card)
    st.put(plane._replace(hand=tuple(sorted((*plane.hand, card)))))
    if not st.deck:  # M14: an empty deck is the discard pile shuffled
        st.deck, st.discards = tuple(sorted(st.discards)), ()


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _pilot_name(st: S303State, pilot: str) -> str:
    return next(p.name for p in st.comp.pilots if p.id == pilot)

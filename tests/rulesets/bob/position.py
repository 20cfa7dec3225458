"""Build bob positions by hand for rule tests: the flights, cards, missions and hits we want,
the step under test at the head of the queue, and the dice and draws fixed by the test."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dowding.engine import Action, Chance, Decision, Draw, SymbolPool, Terminal
from dowding.rulesets.bob import GAME
from dowding.rulesets.bob.state import CRB, DAMAGED, BobState, Flight, box
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF

Task = tuple[Any, ...]

# A chance node the tests never resolve: the queue stops here once the step under test is done.
BARRIER: Task = ("observe", "barrier")


def blank(turn: int = 2, scenario: str = "channel-battle", **options: object) -> BobState:
    """Every flight on its squadron card box with no cards and no mission, every card in its
    combat ready box, the whole mission deck undrawn, no hits anywhere, five markers."""
    state = GAME.new_state(scenario, options)
    t = state.t
    state.turn_no = turn
    state.card_loc = tuple(CRB for _ in t.cards)
    state.mission_loc = tuple("deck" for _ in t.missions)
    state.bottom = ()
    state.hits = {}
    state.markers = 5
    state.big_wing = 1 if scenario == "london-burning" else 0
    state.combat = {}
    state.aces = {RAF: 7, LUFTWAFFE: 7}
    state.flights = {
        fid: Flight(fid, f.side, "", "box", 0, -1, False, False, False, False, False, False, False)
        for fid, f in state.flights.items()
    }
    state.fight = None
    state.scratch = ()
    state.assists = ()
    state.pending_home = ()
    state.result = None
    state.queue = (BARRIER,)
    state._node = None
    return state


def side_of(unit: int) -> str:
    return RAF if unit >= 10 else LUFTWAFFE


def take(state: BobState, unit: int, **types: int) -> list[str]:
    """Ids of cards of ``unit`` still in its combat ready box: ``take(s, 2, bf109=2, do17=1)``."""
    out: list[str] = []
    for kind, n in types.items():
        found = [
            card.id
            for i, card in enumerate(state.t.cards)
            if card.unit == unit
            and card.side == side_of(unit)
            and card.type == kind
            and state.card_loc[i] == CRB
            and card.id not in out
        ][:n]
        assert len(found) == n, f"only {len(found)} {kind} left in {unit}'s combat ready box"
        out += found
    return out


def move_cards(state: BobState, cards: Iterable[str], where: str) -> None:
    locs = list(state.card_loc)
    for c in cards:
        locs[state.t.card_index[c]] = where
    state.card_loc = tuple(locs)


def damage(state: BobState, cards: Iterable[str]) -> None:
    move_cards(state, cards, DAMAGED)


def mission_id(state: BobState, target: str) -> str:
    return next(m.id for m in state.t.missions if m.target == target)


def mission_index(state: BobState, target: str) -> int:
    return next(i for i, m in enumerate(state.t.missions) if m.target == target)


def set_mission(state: BobState, target: str, where: str) -> None:
    locs = list(state.mission_loc)
    locs[mission_index(state, target)] = where
    state.mission_loc = tuple(locs)


def put(
    state: BobState,
    flight: str,
    space: str | None = None,
    cards: Iterable[str] = (),
    mission: str | None = None,
    **fields: Any,
) -> None:
    """Cards into the flight's box; the flight on the map at ``space`` (or on its box), with its
    current mission against ``mission`` (a target) and any other Flight fields given."""
    move_cards(state, cards, box(flight))
    f = state.flights[flight]
    if space is not None:
        f = f._replace(space=space, status="map")
    if mission is not None:
        f = f._replace(mission=mission_index(state, mission))
        set_mission(state, mission, f"flight:{flight}")
    if f.side == LUFTWAFFE and f.status == "map" and "fuel" not in fields:
        fields["fuel"] = 3
    state.flights = {**state.flights, flight: f._replace(**fields)}


def run(state: BobState, *tasks: Task) -> BobState:
    """Put ``tasks`` at the head of the queue (then the barrier) and let the rules run."""
    state.queue = (*tasks, BARRIER)
    state._node = None
    state._advance()
    return state


def at_barrier(state: BobState) -> bool:
    return state.result is None and state.queue[0] == BARRIER


def decision(state: BobState) -> Decision:
    node = state.next()
    assert isinstance(node, Decision), f"expected a decision, got {node}"
    return node


def options(state: BobState) -> set[str]:
    return {str(o) for o in decision(state).options}


def decide(state: BobState, action: Action | str) -> None:
    decision(state)
    state.apply(action)


def no_marker(state: BobState, flight: str | None = None) -> None:
    """Answer the Bomb Run Marker question, put after every Luftwaffe flight's move: none."""
    node = decision(state)
    assert "(Step 5, Bomb Run Marker)" in node.prompt, node.prompt
    assert flight is None or node.prompt.startswith(f"Luft. {flight} "), node.prompt
    state.apply(Action("hold"))


def pool(state: BobState) -> SymbolPool:
    node = state.next()
    assert isinstance(node, SymbolPool), f"expected dice, got {node}"
    return node


def roll(state: BobState, cross: int = 0, roundel: int = 0, dice: int | None = None) -> int:
    """Roll the pool at the head of the queue with these crosses and roundels, the rest blank;
    returns how many dice were rolled (checked against ``dice`` when given)."""
    node = pool(state)
    if dice is not None:
        assert node.count == dice, f"{node.label}: {node.count} dice, expected {dice}"
    blank_ = node.count - cross - roundel
    assert blank_ >= 0, f"{node.label}: only {node.count} dice"
    state.apply(Action("roll", blank=blank_, cross=cross, roundel=roundel))
    return node.count


def draw(state: BobState, item: str) -> None:
    node = state.next()
    assert isinstance(node, Draw), f"expected a draw, got {node}"
    state.apply(Action("draw", item=item))


def draws(state: BobState) -> list[str]:
    """Draw the first item offered until the next node is not a draw; the items drawn."""
    out = []
    while isinstance(state.next(), Draw):
        node = state.next()
        assert isinstance(node, Draw)
        out.append(node.items[0])
        state.apply(Action("draw", item=node.items[0]))
    return out


def cards_of(state: BobState, flight: str) -> list[str]:
    return [state.t.cards[c].id for c in state.cards_in(box(flight))]


def types_of(state: BobState, cards: Iterable[str]) -> list[str]:
    return sorted(state.t.cards[state.t.card_index[c]].type for c in cards)


def loc(state: BobState, card: str) -> str:
    return state.card_loc[state.t.card_index[card]]


def mission_loc(state: BobState, target: str) -> str:
    return state.mission_loc[mission_index(state, target)]


def is_chance(state: BobState) -> bool:
    return not at_barrier(state) and isinstance(state.next(), Chance)


def rolling(state: BobState) -> bool:
    """Dice to roll next (and not the barrier)."""
    return not at_barrier(state) and isinstance(state.next(), SymbolPool)


def terminal(state: BobState) -> Terminal:
    node = state.next()
    assert isinstance(node, Terminal), f"expected the end, got {node}"
    return node

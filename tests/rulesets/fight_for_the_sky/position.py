"""Build Fight for the Sky positions by hand for rule tests: formations and squadrons where we
want them, the task under test at the head of the queue, and a barrier after it."""

from __future__ import annotations

from typing import Any

from dowding.engine import Chance, Decision
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.state import AIR, FightState, Form

# A chance node the tests never resolve: the queue stops here once the task under test is done.
BARRIER: tuple[Any, ...] = ("tactical",)


def blank(scenario: str = "intermediate", turn: int = 3, **options: object) -> FightState:
    """No formation on the map, every squadron on its base, the given turn."""
    state = GAME.new_state(scenario, options)
    state.forms = ()
    state.turn_no = turn
    state.queue = (BARRIER,)
    state._node = None
    return state


def formation(
    state: FightState,
    units: tuple[int, ...],
    hex_: str,
    target: str = "",
    kind: str = "raid",
    **changes: Any,
) -> Form:
    f = Form(
        state.next_form,
        units,
        hex_,
        target,
        kind,
        False,
        False,
        units[0],
        False,
        False,
        "",
        False,
        0,
        False,
        0,
        False,
    )._replace(**changes)
    state.next_form += 1
    state.forms = (*state.forms, f)
    launch = state.turn_no - 1
    for uid in units:
        u = state.unit(uid)
        endurance = state.types[u.type].endurance
        land_by = launch + endurance - 1 if endurance and not state.basic else 0
        state._put_lw(u._replace(status=AIR, missions=1, land_by=land_by))
    return f


def fly(state: FightState, sqn: str, hex_: str, **changes: Any) -> None:
    r = state.sqn(sqn)
    state._put_raf(r._replace(status=AIR, hex=hex_, at="", **changes))


def run(state: FightState, *tasks: tuple[Any, ...]) -> Decision | Chance:
    """Put ``tasks`` at the head of the queue (before the barrier) and run to the first stop."""
    state.queue = (*tasks, BARRIER)
    state._node = None
    state._advance()
    node = state.next()
    assert isinstance(node, Decision | Chance)
    return node


def at_barrier(state: FightState) -> bool:
    return state.queue == (BARRIER,)

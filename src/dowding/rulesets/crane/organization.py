"""III. Organization: the forces, and the order of the set-up and of each turn.

German fighters in two schwarms of four and bombers in groups of four (or six) are placed before
the game begins; British fighters enter in vics of three on the turn they roll an even number.
The order within a turn is V.C's "the British move first", then VI.A's German fighters, then
the bombers (docs/rules/crane.md, readings V.C, V.D).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action

from .equipment import LUFTWAFFE, RAF, WAITING, Plane, Task

if TYPE_CHECKING:
    from .state import CraneState


def forces(state: CraneState) -> tuple[Plane, ...]:
    """II.A.1-2, III: the four British vics of three, then the scenario's German sections."""

    def waiting(plane_id: str, kind: str, side: str, section: str) -> Plane:
        return Plane(plane_id, kind, side, section, 0.0, 0.0, 0.0, 0, WAITING, "", True, False)

    planes = [
        waiting(f"{v.id}-{n}", v.type, RAF, v.id) for v in state.comp.raf_vics for n in range(1, 4)
    ]
    planes += [
        waiting(f"{g.id}-{n}", g.type, LUFTWAFFE, g.id)
        for g in state.comp.forces[state.scenario]
        for n in range(1, g.count + 1)
    ]
    return tuple(planes)


def setup_tasks(state: CraneState) -> tuple[Task, ...]:
    """III: the Germans are placed before the game begins (V.B), each schwarm rolling its altitude as placed (V.D)."""
    groups = state.comp.forces[state.scenario]
    tasks: list[Task] = [("place", g.id) for g in groups]
    tasks += [("alt", g.id) for g in groups if g.kind == "schwarm"]
    return (*tasks, ("endturn",))  # the end of set-up starts turn 1


def turn_tasks(state: CraneState) -> tuple[Task, ...]:
    """V.C: the British move first, rolling for each vic still to arrive; then VI.A the German fighters, then the bombers."""
    arrivals = tuple([("arrive", vic) for vic in state.memo.vics if state._section_waiting(vic)])
    return (
        *arrivals,
        ("select", RAF),
        ("select", "fighters"),
        ("select", "bombers"),
        ("endturn",),
    )


def do_endturn(state: CraneState, task: Task, action: Action | None) -> None:
    state.moved = 0  # every plane is free to move again
    state.turn_no += 1
    state.queue = (*turn_tasks(state), *state.queue)
    if state.turn_no <= state.options["max_turns"]:
        state._say(f"Turn {state.turn_no} begins.")


def auto_endturn(state: CraneState, task: Task) -> bool:
    state.queue = state.queue[1:]
    do_endturn(state, task, None)
    return True

"""VII. The Bomb Run: flak (VII.A), the drop over the factory (VII.B) and the bombing dice
(VII.C-D). VII.E, the three hits that win, is in objectives.py.

A bomber's move runs `path` (movement.py), then `flight` (flak), `bombrun` (drop or hold),
`bomb` (the dice) and `resume` (flying on to the end of its move).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import D6, Action, Chance, Decision, Roll

from .combat import bomb_hits
from .equipment import FLYING, LUFTWAFFE, Plane, Task, at_spot, faces

if TYPE_CHECKING:
    from .state import CraneState


# --- VII.A AA fire ----------------------------------------------------------------------
def do_flight(state: CraneState, task: Task, action: Action | None) -> None:
    """VII.A: flak fires once as a bomber comes within 12" of the factory's edge, before it can bomb."""
    bomber = state.plane(task[1])
    path = state._path_for_move()
    rules = state.rules
    bombrun: Task = ("bombrun", bomber.id)
    resume: Task = ("resume", bomber.id)
    if rules.flak_range > 0 and not bomber.bombed:
        d = path.first_within(state.factory, rules.flak_range, state._flight_limit(path))
        if d is not None:
            x, y, h = path.at(d)
            state._put(at_spot(bomber, x, y, h))
            # VII.A.2-3: resolved as an attack (combat.do_attack)
            state.queue = (("attack", "AA", bomber.id, "flak"), bombrun, resume, *state.queue)
            return
    if bombrun_decision(state, bomber) is None:
        state._run_now(resume)  # VII.B: nothing to drop here, it flies on at once
    else:
        state.queue = (bombrun, resume, *state.queue)


def auto_flight(state: CraneState, task: Task) -> bool:
    state.queue = state.queue[1:]
    do_flight(state, task, None)
    return True


# --- VII.B The entire fuselage over the factory -----------------------------------------
def bomb_intervals(state: CraneState, plane: Plane) -> list[tuple[float, float]]:
    path = state._path_for_move()
    return path.within_rect(
        state.factory, state.kind(plane).fuselage / 2, state._flight_limit(path)
    )


def bombrun_decision(state: CraneState, plane: Plane) -> Decision | None:
    if plane.status != FLYING or plane.bombed:
        return None
    options = []
    for lo, hi in bomb_intervals(state, plane):
        action = Action("bomb", at=(lo + hi) / 2)
        if check_bomb(state, plane, action) is None:
            options.append(action)
    if not options:
        return None
    return Decision(
        LUFTWAFFE,
        f"{state.name(plane)} is over the factory: drop the bombs? (VII.B)",
        (*options, Action("hold")),
        free="bomb at=<inches along the path, whole fuselage over the factory>",
    )


def check_bomb(state: CraneState, plane: Plane, action: Action) -> str | None:
    if {k for k, _ in action.args} != {"at"}:
        return "bomb takes at="
    d = action.number("at")
    if any(lo - 1e-6 <= d <= hi + 1e-6 for lo, hi in bomb_intervals(state, plane)):
        return None
    return "the whole fuselage must be over the factory there (VII.B)"


def do_bombrun(state: CraneState, task: Task, action: Action | None) -> None:
    bomber = state.plane(task[1])
    if action is None or action.kind == "hold":
        return
    d = action.number("at")
    x, y, h = state._path_for_move().at(d)
    state._put(at_spot(bomber, x, y, h))
    state._say(f"{state.name(bomber)} starts its bomb run over the factory.")
    state.queue = (("bomb", bomber.id), *state.queue)


# --- VII.C-D Bombing dice and hits ------------------------------------------------------
def bomb_roll(state: CraneState, task: Task) -> Chance:
    """VII.C: one roll per engine, damaged or not (He-111 twice, Stuka once), each against the factory's die."""
    b = state.plane(task[1])
    n = state.kind(b).bomb_rolls
    return Roll(
        f"{state.name(b)} bombs: {n} pair(s) of bomber die against factory die (VII.C-D)",
        dice=(D6,) * (2 * n),
        roller=b.side,  # the bomber's player rolls, the factory's die with it
    )


def do_bomb(state: CraneState, task: Task, action: Action | None) -> None:
    """VII.D: each pair scores 0, 1 or 2 hits (combat.bomb_hits); each bomber carries one load."""
    assert action is not None
    bomber = state.plane(task[1])
    rolled = faces(action)
    parts, total = [], 0
    for i in range(0, len(rolled), 2):
        hits = bomb_hits(rolled[i], rolled[i + 1])
        total += hits
        parts.append(f"{rolled[i]} against {rolled[i + 1]}: {hits}")
    state.bomb_hits += total
    unloaded = at_spot(bomber, bomber.x, bomber.y, bomber.heading)
    unloaded.bombed = True  # a record no one else holds yet
    state._put(unloaded)
    state._say(
        f"{state.name(bomber)} bombs ({'; '.join(parts)}): {total} hit(s), {state.bomb_hits} in all."
    )

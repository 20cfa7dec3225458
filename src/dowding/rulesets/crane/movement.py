"""VI. Engagement, C and D: Movement (how far each plane flies) and Maneuvering (how it turns,
and how a fighter stops to fire on the way).

A move is chosen in three tasks: `select` (which plane moves next), `path` (the whole move,
committed with the washer at its end, VI.D.3.b), then for a fighter `fire` (combat.py) or for a
bomber `flight` (bomb_run.py), and `resume` (flying on to the washer).

Most of those tasks need no one's choice and no dice: a German fighter flies by rule (VI.A), most
moves pass no one in range and most bombers nowhere near the factory. Such a task is run at once
by the one before it (CraneState._run_now) rather than put at the head of the queue for the queue
runner's next turn; a task is queued only where a decision or dice come before it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dowding.engine import Action, Decision, Event

from .combat import gunners_at
from .engagement import rule_path
from .equipment import EPS, EXITED, FLYING, LUFTWAFFE, RAF, Plane, Task, at_spot, flown, new_move

if TYPE_CHECKING:
    from .state import CraneState

FIGHTER_TURNS = tuple(range(-165, 181, 15))
BOMBER_TURN_STEP = 15
# option tuples are immutable values: build each once
_TURN_OPTIONS: dict[tuple[int, ...], tuple[Action, ...]] = {}
_SELECT_ACTIONS: dict[str, Action] = {}


def _select_action(plane_id: str) -> Action:
    action = _SELECT_ACTIONS.get(plane_id)
    if action is None:
        action = _SELECT_ACTIONS[plane_id] = Action("select", plane=plane_id)
    return action


def _turn_options(turns: tuple[int, ...]) -> tuple[Action, ...]:
    options = _TURN_OPTIONS.get(turns)
    if options is None:
        options = _TURN_OPTIONS[turns] = tuple(Action("move", turn=t) for t in turns)
    return options


# --- VI.C Movement ----------------------------------------------------------------------
def allowance(state: CraneState, plane: Plane) -> float:
    """VI.C movement, less 2" a damage point (VI.D.1.c, 2.b); V.D dive or climb on the first move."""
    return move_allowance(state, plane)[0]


def move_allowance(state: CraneState, plane: Plane) -> tuple[float, float]:
    """The plane's allowance (VI.C) and the straight leg it must fly first (VI.D.1.a, 2.a), worked
    out once for each (type, damage, first move, altitude): the type fixes the role."""
    key = (plane.type, plane.damage, plane.fresh, plane.altitude)
    allowances = state.memo.allowances
    known = allowances.get(key)
    if known is None:
        total = _allowance(state, plane)
        known = allowances[key] = (total, _straight_min(state, plane, total))
    return known


def _allowance(state: CraneState, plane: Plane) -> float:
    rules = state.rules
    total = state.kind(plane).move - rules.damage_slowdown * plane.damage
    if plane.fresh and plane.altitude == "above":
        total += rules.dive_bonus
    elif plane.fresh and plane.altitude == "below":
        total -= rules.climb_penalty
    return max(total, 0.0)


# --- VI.D Maneuvering -------------------------------------------------------------------
def straight_min(state: CraneState, plane: Plane) -> float:
    """VI.D.1.a: fighters fly 6" straight before turning; VI.D.2.a: bombers 3"."""
    return move_allowance(state, plane)[1]


def _straight_min(state: CraneState, plane: Plane, total: float) -> float:
    rules = state.rules
    need = rules.fighter_straight if state.roles[plane.type] == "fighter" else rules.bomber_straight
    return min(need, total)


def select_pool(state: CraneState, which: str) -> tuple[Plane, ...]:
    planes = state.planes
    moved = state.moved
    # the last pool found, for these very planes: selecting a plane asks three times (whether it
    # runs by itself, the decision, the choice), with no plane changed in between
    known = state._pool
    if known is not None and known[0] is planes and known[1] == moved and known[2] == which:
        return known[3]
    if which == RAF:
        flying = state.flying_now(RAF)
    elif which == "fighters":
        flying = state.flying_now(LUFTWAFFE, "fighter")
    else:
        flying = state.flying_now(LUFTWAFFE, "bomber")
    index = state.index
    pool = tuple([p for p in flying if not moved >> index[p.id] & 1]) if moved else flying
    state._pool = (planes, moved, which, pool)
    return pool


def _first_to_move(state: CraneState, flying: tuple[Plane, ...]) -> Plane | None:
    """The first of ``flying`` that has not moved this turn."""
    moved, index = state.moved, state.index
    for p in flying:
        if not moved >> index[p.id] & 1:
            return p
    return None


def select_decision(state: CraneState, which: str) -> Decision | None:
    """V.C: the RAF moves its fighters in the order it chooses; VI.A: German fighters by rule; then the bombers."""
    pool = select_pool(state, which)
    if len(pool) <= 1 or (which == "fighters" and state.options["auto_intercept"]):
        return None
    key = (RAF if which == RAF else LUFTWAFFE, tuple([p.id for p in pool]))
    decision = _SELECT_DECISIONS.get(key)
    if decision is None:
        if len(_SELECT_DECISIONS) >= 4096:
            _SELECT_DECISIONS.clear()
        decision = _SELECT_DECISIONS[key] = _select_decision(*key)
    return decision


# the choice among the planes still to move, by (seat, plane ids): an immutable value made once
# (a dict, cleared when full: cheaper to read than an lru_cache's ordered links)
_SELECT_DECISIONS: dict[tuple[str, tuple[str, ...]], Decision] = {}


def _select_decision(seat: str, plane_ids: tuple[str, ...]) -> Decision:
    return Decision(
        seat, "Choose the next plane to move", tuple(_select_action(i) for i in plane_ids)
    )


def do_select(state: CraneState, task: Task, action: Action | None) -> None:
    pool = select_pool(state, task[1])
    if not pool:
        return  # everyone of this kind has moved: the phase is over
    chosen = state.plane(action.word("plane")) if action is not None else pool[0]
    state.queue = (("path", chosen.id), task, *state.queue)


def auto_select(state: CraneState, task: Task) -> bool:
    if task[1] == "fighters" and state.options["auto_intercept"]:
        # VI.A: the first German fighter still to move (select_pool's first, without the pool) is
        # flown by rule (path_decision has none), at once; this task stays at the head, for the
        # next plane
        plane = _first_to_move(state, state.flying_now(LUFTWAFFE, "fighter"))
        if plane is None:
            state.queue = state.queue[1:]
        else:
            state._run_now(("path", plane.id))
        return True
    pool = select_pool(state, task[1])
    if not pool:
        state.queue = state.queue[1:]
        return True
    if len(pool) == 1:
        state.queue = (("path", pool[0].id), *state.queue)
        return True
    return False


def path_decision(state: CraneState, plane: Plane) -> Decision | None:
    """VI.D.1-2: a straight leg, then one turn (fighters any direction, bombers up to 90 degrees)."""
    # the decision depends on the plane's type, side, damage, altitude and first move alone (and
    # on the game's options and components, shared by every copy of a state): built once
    key = (plane.id, plane.damage, plane.fresh, plane.altitude)
    decisions = state.memo.path_decisions
    known = decisions.get(key, _UNKNOWN)
    if known is _UNKNOWN:
        known = decisions[key] = _plane_path_decision(state, plane)
    return known


_UNKNOWN = Decision("", "", ())  # path_decision's memo has no entry yet


def _plane_path_decision(state: CraneState, plane: Plane) -> Decision | None:
    if (
        plane.side == LUFTWAFFE
        and state.kind(plane).role == "fighter"
        and state.options["auto_intercept"]
    ):
        return None
    total = state.allowance(plane)
    straight = state.straight_min(plane)
    if total - straight <= EPS:
        turns: tuple[int, ...] = (0,)
    elif state.kind(plane).role == "fighter":
        turns = FIGHTER_TURNS
    else:
        limit = int(state.rules.bomber_max_turn)
        turns = tuple(range(-limit, limit + 1, BOMBER_TURN_STEP))
    seat = plane.side
    mod = ""
    if plane.fresh and plane.altitude in ("above", "below"):
        mod = " (diving)" if plane.altitude == "above" else " (climbing)"
    max_turn = 180 if state.kind(plane).role == "fighter" else state.rules.bomber_max_turn
    return _path_decision(seat, state.name(plane), total, mod, straight, max_turn, turns)


@lru_cache(maxsize=4096)
def _path_decision(
    seat: str,
    name: str,
    total: float,
    mod: str,
    straight: float,
    max_turn: float,
    turns: tuple[int, ...],
) -> Decision:
    """A move's decision (an immutable value), written once for each plane and allowance."""
    return Decision(
        seat,
        f'Move {name} {total:g}"{mod}: {straight:g}" straight, then turn',
        _turn_options(turns),
        free=f"move turn=<-{max_turn:g}..{max_turn:g}> [straight=<{straight:g}..{total:g}>]",
    )


def check_move(state: CraneState, plane: Plane, action: Action) -> str | None:
    keys = {k for k, _ in action.args}
    if not keys <= {"turn", "straight"} or "turn" not in keys:
        return "move takes turn= (degrees, + is to the right) and optionally straight= (inches)"
    turn = action.number("turn")
    total = state.allowance(plane)
    s_min = state.straight_min(plane)
    straight = action.number("straight") if "straight" in keys else s_min
    if not (s_min - EPS <= straight <= total + EPS):
        return f'the straight leg must be {s_min:g}-{total:g}" (VI.D)'
    if state.kind(plane).role == "fighter":
        if not -180 <= turn <= 180:
            return "a turn is between -180 and 180 degrees"
    elif abs(turn) > state.rules.bomber_max_turn + EPS:
        return f"a bomber turns at most {state.rules.bomber_max_turn:g} degrees (VI.D.2.a)"
    if total - straight <= EPS and abs(turn) > EPS:
        return "no distance is left to fly after the turn"
    return None


def do_path(state: CraneState, task: Task, action: Action | None) -> None:
    """VI.D.3.b: the complete move is measured and the washer placed before any stop to fire."""
    slot = state.index[task[1]]
    plane = state.planes[slot]
    total, s_min = move_allowance(state, plane)
    if action is None:
        turn, straight = rule_path(state, plane, s_min)
    else:
        # turn= and straight= in one pass over the arguments (Action.number's float; the move is
        # one of the options or passed check_move, so both are numbers and turn= is there)
        turn, straight = 0.0, s_min
        for arg, value in action.args:
            if arg == "turn":
                turn = float(value)  # type: ignore[arg-type]
            elif arg == "straight":
                straight = float(value)  # type: ignore[arg-type]
    state.moving = new_move(plane.id, plane.x, plane.y, plane.heading, straight, turn, total)
    state._path = None
    state.moved |= 1 << slot
    if plane.fresh:
        state._put(flown(plane))  # V.D: its first move is made
    key = (state.name(plane), total, straight, turn)
    event = _FLIES_EVENTS.get(key)
    if event is None:
        if len(_FLIES_EVENTS) >= 8192:
            _FLIES_EVENTS.clear()
        event = _FLIES_EVENTS[key] = _flies_event(*key)
    state._log.append(event)
    # what follows runs at once where no one decides (the committed move ends no game)
    if state.roles[plane.type] != "fighter":
        state._run_now(("flight", plane.id))  # VII.A-B, by itself
        return
    fire: Task = ("fire", plane.id)
    if plane.side == LUFTWAFFE and state.options["auto_intercept"]:
        state._run_now(fire)  # VI.A: whether it stops to fire is the rule's (rule_fire)
    else:
        state.queue = (fire, *state.queue)  # VI.E.3: the player may choose a stop


# the line narrating a committed move, by (name, allowance, straight leg, turn): an immutable
# value made once (a dict, cleared when full: cheaper to read than an lru_cache's ordered links)
_FLIES_EVENTS: dict[tuple[str, float, float, float], Event] = {}


def _flies_event(name: str, total: float, straight: float, turn: float) -> Event:
    """The line narrating a committed move."""
    turn_text = f", turns {turn:+.0f}°" if abs(turn) > EPS and total - straight > EPS else ""
    return Event(f'{name} flies {total:g}": {min(straight, total):g}" straight{turn_text}.')


def do_resume(state: CraneState, task: Task, action: Action | None) -> None:
    """VI.D.3: the plane flies the rest of its move; a stop ends it in the gunners' sights."""
    plane = state.planes[state.index[task[1]]]
    path = state._path or state._path_for_move()
    state.moving = None
    state._path = None
    if plane.status != FLYING:
        return
    exit_at = path.exit_distance(state.width, state.length)
    if exit_at is not None:
        x, y, h = path.at(exit_at)
        gone = at_spot(plane, x, y, h)
        gone.status = EXITED  # a record no one else holds yet
        state._put(gone)
        state._say(f"{state.name(plane)} flies off the table and leaves the battle.")
        return
    x, y = path.points[2]
    moved = at_spot(plane, x, y, path.end_heading)
    state._put(moved)
    if moved.side != RAF:
        return  # VI.E.5: the gunners fire at British fighters only (gunners_at)
    shooters = gunners_at(state, moved, (x, y))
    if shooters:
        state.queue = (*shooters, *state.queue)


def auto_resume(state: CraneState, task: Task) -> bool:
    state.queue = state.queue[1:]
    do_resume(state, task, None)
    return True

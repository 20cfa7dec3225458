"""VI.E Combat: attacks (VI.E.3), resolving attacks (VI.E.4) and defensive fire (VI.E.5).

The dice arithmetic of VI.E.4, and of VII.D's bombing roll which is "determined in the same
manner as combat hits", is kept in pure functions so the exact odds can be enumerated without a
game (`odds.py`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import hypot
from typing import TYPE_CHECKING, Literal

from dowding.engine import D6, Action, Chance, Decision, Roll
from dowding.engine.actions import number

from . import geometry as geo
from .engagement import fire_targets, rule_fire
from .equipment import DESTROYED, EPS, FLYING, LUFTWAFFE, RAF, Plane, Task, at_spot, faces

if TYPE_CHECKING:
    from .state import CraneState

AttackResult = Literal["no_effect", "damaged", "destroyed"]


# --- VI.E.3 Attacks ---------------------------------------------------------------------
def fire_options(state: CraneState, plane: Plane) -> list[Action]:
    """VI.E.3.a: a stop on the committed path within 4" of a target (VI.B: one it may attack)."""
    enemies = state.flying_now(LUFTWAFFE if plane.side == RAF else RAF)
    if not enemies:
        return []
    path = state._path or state._path_for_move()
    limit = state._flight_limit(path)
    reach = state.rules.attack_range
    # The geometry first, over every flying enemy: most moves pass no one in range, and then
    # VI.B's choice of targets (engagement.fire_targets) need not be worked out at all. A target
    # off the move's bounding box by more than the range is out of reach of the whole move.
    (x0, y0), (x1, y1), (x2, y2) = path.points
    margin = reach + 1e-6
    # min() and max() of the three points written out (the same values, without CPython 3.11's
    # keyword parsing on every call of the builtins)
    x_lo = x1 if x1 < x0 else x0
    x_lo = (x2 if x2 < x_lo else x_lo) - margin
    x_hi = x1 if x1 > x0 else x0
    x_hi = (x2 if x2 > x_hi else x_hi) + margin
    y_lo = y1 if y1 < y0 else y0
    y_lo = (y2 if y2 < y_lo else y_lo) - margin
    y_hi = y1 if y1 > y0 else y0
    y_hi = (y2 if y2 > y_hi else y_hi) + margin
    sx, sy = x0, y0
    span = limit + reach
    stops = []
    for target in enemies:
        tx, ty = target.x, target.y
        if tx < x_lo or tx > x_hi or ty < y_lo or ty > y_hi:
            continue
        if abs(tx - sx) > span or abs(ty - sy) > span:
            continue  # out of reach of the whole move
        d, r = path.closest_approach((tx, ty), limit)
        if r <= reach:
            at = number(d)
            x, y, _ = path.at(at)  # the rounded stop must still be in range
            if geo.distance((x, y), (tx, ty)) <= reach + 1e-6:
                stops.append((target, at))
    if not stops:
        return []
    targets = fire_targets(state, plane)
    return [
        _fire_action(at, target.id)  # ids are checked words
        for target, at in stops
        if target in targets
    ]


# fire options are immutable values: each (stop, target) is written once
_FIRE_ACTIONS: dict[tuple[int | float, str], Action] = {}


def _fire_action(at: int | float, target: str) -> Action:
    action = _FIRE_ACTIONS.get((at, target))
    if action is None:
        if len(_FIRE_ACTIONS) >= 1 << 16:
            _FIRE_ACTIONS.clear()
        action = _FIRE_ACTIONS[at, target] = Action.trusted("fire", ("at", at), ("target", target))
    return action


def fire_decision(state: CraneState, plane: Plane) -> Decision | None:
    """VI.E.3.b: a fighter may attack one time during its move (VI.D.3.a: it stops to fire)."""
    if plane.side == LUFTWAFFE and state.options["auto_intercept"]:
        return None  # VI.A decides; see engagement.rule_fire
    options = fire_options(state, plane)
    if not options:
        return None
    return Decision(
        plane.side,
        _fire_prompt(state.name(plane), state.rules.attack_range),
        (*options, _HOLD),
        free="fire target=<id> at=<inches along the path>",
    )


_HOLD = Action("hold")  # an immutable value: built once


@lru_cache(maxsize=1024)
def _fire_prompt(name: str, attack_range: float) -> str:
    return f'{name} may stop once to fire (range {attack_range:g}", VI.E.3)'


def check_fire(state: CraneState, plane: Plane, action: Action) -> str | None:
    if {k for k, _ in action.args} != {"target", "at"}:
        return "fire takes target= and at="
    target_id = action.word("target")
    if target_id not in state.index:
        return f"there is no plane {target_id}"
    target = state.plane(target_id)
    if target not in fire_targets(state, plane):
        return f"{target_id} is not a target {plane.id} may attack now (VI.B)"
    path = state._path_for_move()
    d = action.number("at")
    limit = state._flight_limit(path)
    if not -EPS <= d <= limit + EPS:
        return f'at= must be between 0 and {limit:.2f}" along the path'
    x, y, _ = path.at(d)
    r = geo.distance((x, y), (target.x, target.y))
    if r > state.rules.attack_range + 1e-6:
        return f'{target_id} would be {r:.2f}" away: out of range (VI.E.3.a)'
    return None


def do_fire(state: CraneState, task: Task, action: Action | None) -> None:
    plane = state.planes[state.index[task[1]]]
    if action is None and plane.side == LUFTWAFFE and state.options["auto_intercept"]:
        action = rule_fire(state, plane, fire_options(state, plane))
    resume: Task = ("resume", plane.id)
    if action is None or action.kind == "hold":
        state._run_now(resume)  # VI.D.3: it flies on at once (holding fire ends no game)
        return
    target = state.plane(action.word("target"))
    d = action.number("at")
    x, y, h = state._path_for_move().at(d)
    state._put(at_spot(plane, x, y, h))
    state._say(f'{state.name(plane)} stops after {d:.1f}" to fire at {state.name(target)}.')
    tasks: list[Task] = [("attack", plane.id, target.id, "attack")]
    arc = state.rules.arc_degrees
    # VI.E.5.e: a fighter attacked head-on fires back
    head_on = geo.off_angle(target.heading, (target.x, target.y), (x, y)) <= arc
    if state.roles[target.type] == "fighter" and head_on:
        tasks.append(("attack", target.id, plane.id, "return"))
    tasks += gunners_at(state, plane, (x, y), first=target.id)
    state.queue = (*tasks, resume, *state.queue)


# --- VI.E.4 Resolving attacks -----------------------------------------------------------
def attack_result(
    attack_die: int, offense: int, defense_die: int, defense: int, damage: int, engines: int
) -> AttackResult:
    """VI.E.4: attacker's die + offensive value against defender's die + defensive value."""
    attack = attack_die + offense
    guard = defense_die + defense
    if guard >= attack:  # c. equal or more: no damage
        return "no_effect"
    if attack >= 2 * guard:  # e. doubled or more: destroyed
        return "destroyed"
    # d. less but not doubled: an engine is damaged, or destroyed if all engines already are
    return "destroyed" if damage >= engines else "damaged"


def attack_odds(offense: int, defense: int, damage: int, engines: int) -> dict[str, Fraction]:
    """Exact probabilities of each attack result over the 36 equally likely pairs of dice."""
    odds = {"no_effect": Fraction(0), "damaged": Fraction(0), "destroyed": Fraction(0)}
    for a in range(1, 7):
        for d in range(1, 7):
            odds[attack_result(a, offense, d, defense, damage, engines)] += Fraction(1, 36)
    return odds


def attack_roll(state: CraneState, task: Task) -> Chance:
    """VI.E.4.a: 1 D6 for the attacker, 1 D6 for the defender (VII.A.2: flak the same way)."""
    # the roll depends on who attacks whom and how, nothing that changes: written once
    rolls = state.memo.rolls
    roll = rolls.get(task)
    if roll is None:
        roll = rolls[task] = _attack_roll(state, task)
    return roll


def _attack_roll(state: CraneState, task: Task) -> Chance:
    _, attacker, target, how = task
    t = state.plane(target)
    # the attacker's player rolls (the defender's die with his own at a screen); flak is the
    # factory's, so the RAF's
    roller = RAF if attacker == "AA" else state.plane(attacker).side
    if attacker == "AA":
        label = f"Flak fires at {state.name(t)}: 1d6+{state.rules.flak_offense} against 1d6+{state.kind(t).defense} (VII.A)"
    else:
        a = state.plane(attacker)
        verb = {
            "attack": "attacks",
            "defensive": "gunner fires at",
            "return": "returns fire at",
        }[how]
        label = (
            f"{state.name(a)} {verb} {state.name(t)}: "
            f"1d6+{state.kind(a).offense} against 1d6+{state.kind(t).defense} (VI.E.4)"
        )
    return Roll(label, dice=(D6, D6), roller=roller)


def do_attack(state: CraneState, task: Task, action: Action | None) -> None:
    assert action is not None
    _, attacker, target_id, _how = task
    a_die, d_die = faces(action)
    target = state.plane(target_id)
    offense = (
        state.rules.flak_offense if attacker == "AA" else state.kind(state.plane(attacker)).offense
    )
    kind = state.kind(target)
    outcome = attack_result(a_die, offense, d_die, kind.defense, target.damage, kind.engines)
    who = "Flak" if attacker == "AA" else state.plane(attacker).id
    score = (
        f"{a_die}+{offense}={a_die + offense} against {d_die}+{kind.defense}={d_die + kind.defense}"
    )
    if outcome == "no_effect":
        state._say(f"{who} at {target.id}: {score}, no damage.")
        return
    if outcome == "damaged":
        damaged = at_spot(target, target.x, target.y, target.heading)
        damaged.damage = target.damage + 1  # a record no one else holds yet
        state._put(damaged)
        state._say(f"{who} at {target.id}: {score}, an engine is damaged.")
        return
    destroyed = at_spot(target, target.x, target.y, target.heading)
    destroyed.status = DESTROYED  # a record no one else holds yet
    state._put(destroyed)
    state.losses[target.side] += 1
    state._say(f"{who} at {target.id}: {score}, {state.name(target)} is destroyed!")


# --- VI.E.5 Defensive fire --------------------------------------------------------------
def gunners_at(
    state: CraneState, fighter: Plane, spot: geo.Point, first: str | None = None
) -> list[Task]:
    """VI.E.5.a-d: every bomber gunner in range whose arc holds the stopped fighter fires."""
    if fighter.side != RAF:
        return []
    reach = state.rules.attack_range
    arc = state.rules.arc_degrees
    sx, sy = spot
    shooters = []
    for bomber in state.flying_now(None, "bomber"):  # the flying bombers, in slot order
        if bomber.side == fighter.side:
            continue
        if hypot(sx - bomber.x, sy - bomber.y) > reach:  # geo.distance, inlined
            continue
        if gunner_covers(state, bomber, spot, arc):
            shooters.append(bomber.id)
    if len(shooters) > 1:
        shooters.sort(key=lambda s: (s != first, s))
    return [("attack", s, fighter.id, "defensive") for s in shooters]


def gunner_covers(state: CraneState, bomber: Plane, spot: geo.Point, arc: float) -> bool:
    """VI.E.5.c-d: nose gunners 45 degrees either side of the nose, rear gunners of the tail."""
    off = geo.off_angle(bomber.heading, (bomber.x, bomber.y), spot)
    gunners = state.kind(bomber).gunners
    return ("nose" in gunners and off <= arc) or ("rear" in gunners and off >= 180.0 - arc)


def attack_still_on(state: CraneState, task: Task) -> bool:
    _, attacker, target, how = task
    if state.plane(target).status != FLYING:
        return False
    if attacker == "AA":
        return True
    shooter = state.plane(attacker)
    # VI.E.5.b and e: the attacked bomber or head-on fighter fires back even if just destroyed
    return shooter.status == FLYING or (
        how in ("defensive", "return") and shooter.status == DESTROYED
    )


# --- VII.D Bombing hits ("in the same manner as combat hits but without modifiers") -----
def bomb_hits(bomber_die: int, target_die: int) -> int:
    """VII.D: no modifiers; doubled or more is 2 hits, more is 1 (a tie scores nothing, see rules notes)."""
    if bomber_die <= target_die:
        return 0
    return 2 if bomber_die >= 2 * target_die else 1


def bomb_roll_odds() -> dict[int, Fraction]:
    """Exact distribution of bomb hits from one bomber die against the factory's die."""
    odds: dict[int, Fraction] = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for a in range(1, 7):
        for d in range(1, 7):
            odds[bomb_hits(a, d)] += Fraction(1, 36)
    return odds

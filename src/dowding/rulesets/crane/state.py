"""The crane game state: one node of a miniatures game on the open table.

The turn is a queue of small tasks (place a group, roll for a vic, move a plane, fire,
resolve an attack...). The head of the queue is what happens next; tasks that need no
one's choice run by themselves. Section numbers refer to Mike Crane's rules (Lone
Warrior 139); readings where the rules are silent are in docs/rules/crane.md.

This class keeps only what every step shares: the planes and their lookups, the committed
move, the queue runner, narration, views and serialisation. The rules are in modules named
after the rulebook's sections, and each task kind is dispatched to one of them:

- `equipment.py`     II    the planes, the committed move, the dice (shared by every step)
- `organization.py`  III   the forces, the set-up queue, each turn's queue, the end of a turn
- `objectives.py`    IV    who has won (with VII.E)
- `placements.py`    V     A the factory, B the German units, C the British vics, D altitude
- `engagement.py`    VI.A-B German fighters intercept; British fighters go for the bombers
- `movement.py`      VI.C-D Movement and Maneuvering: allowances, choosing and flying a move
- `combat.py`        VI.E  attacks, resolving attacks, defensive fire
- `bomb_run.py`      VII   flak, the drop over the factory, the bombing dice
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from dowding.engine import Action, Chance, Decision, Event, Terminal
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import TaskQueueState

from . import geometry as geo
from .bomb_run import (
    auto_flight,
    bomb_roll,
    bombrun_decision,
    check_bomb,
    do_bomb,
    do_bombrun,
    do_flight,
)
from .combat import (
    attack_roll,
    attack_still_on,
    check_fire,
    do_attack,
    do_fire,
    fire_decision,
)
from .components import AircraftType, Components, RuleValues
from .equipment import (
    DESTROYED,
    EPS,
    EXITED,
    FLYING,
    LUFTWAFFE,
    RAF,
    WAITING,
    Move,
    Plane,
    Task,
)
from .movement import (
    allowance,
    auto_resume,
    auto_select,
    check_move,
    do_path,
    do_resume,
    do_select,
    path_decision,
    select_decision,
    straight_min,
)
from .objectives import check_end
from .organization import auto_endturn, do_endturn, forces, setup_tasks
from .placements import (
    alt_roll,
    arrive_roll,
    check_place,
    do_alt,
    do_arrive,
    do_entry,
    do_place,
    entry_roll,
    factory_rect,
    place_decision,
)

if TYPE_CHECKING:
    from .game import CraneGame

__all__ = [
    "DESTROYED",
    "EPS",
    "EXITED",
    "FLYING",
    "LUFTWAFFE",
    "RAF",
    "WAITING",
    "CraneState",
    "Move",
    "Plane",
    "Task",
]


def _getter(slots: list[int]) -> Callable[[tuple[Plane, ...]], tuple[Plane, ...]]:
    """The planes at ``slots`` as a tuple, in one call: a slice where the slots run on."""
    if not slots:
        return itemgetter(slice(0, 0))
    if slots == list(range(slots[0], slots[-1] + 1)):
        return itemgetter(slice(slots[0], slots[-1] + 1))
    return itemgetter(*slots)  # two slots or more: a tuple


CHANCE_TASKS = frozenset({"alt", "arrive", "entry", "attack", "bomb"})
_EVENTS: dict[str, Event] = {}  # narration by its words (CraneState._say)


class SharedMemos:
    """What states work out from immutable values alone, shared by every state of one scenario,
    options and components (CraneGame.shared_memos), and so by every copy of a state: a plane's
    id fixes its type and side.

    One attribute on the state for all of them: CPython 3.11 reads an instance's attributes fast
    only while it has fewer than 30 (its dict shares its keys with the class's other instances),
    and every step of the rules reads the state's attributes.
    """

    __slots__ = (
        "allowances",
        "bomber_set",
        "comp",
        "lookups",
        "names",
        "path_decisions",
        "place_spots",
        "rolls",
        "rules",
        "sections",
        "vics",
    )

    def __init__(self, comp: Components) -> None:
        self.comp = comp  # the components these were worked out from
        self.rules = RuleValues.of(comp.rules)  # their rules, quick to read
        self.vics = tuple(vic.id for vic in comp.raf_vics)  # the British vics, in order
        # the forces at set-up and the lookups by plane: (planes, index, slots, bomber slots)
        self.lookups: tuple[Any, ...] | None = None
        self.bomber_set: frozenset[int] = frozenset()  # the bombers' slots (CraneState._put)
        self.sections: dict[str, tuple[int, ...]] = {}  # the slots of each section's planes
        # "id (type)" of each plane, written once (a plane's type never changes)
        self.names: dict[str, str] = {}
        # (allowance, straight leg) by (type, damage, fresh, altitude): movement.move_allowance
        self.allowances: dict[tuple[str, int, bool, str], tuple[float, float]] = {}
        # move decisions by (plane, damage, fresh, altitude): movement.path_decision
        self.path_decisions: dict[tuple[str, int, bool, str], Decision | None] = {}
        # the spots in the entry area offered to each group: placements._spots
        self.place_spots: dict[str, tuple[tuple[tuple[geo.Point, ...], geo.Rect, Action], ...]] = {}
        # the dice of each chance task, by the task: CraneState._chance, combat.attack_roll
        self.rolls: dict[Task, Chance] = {}


class CraneState(TaskQueueState):
    chance_tasks = CHANCE_TASKS
    game: CraneGame

    def __init__(
        self, game: CraneGame, scenario: str, options: dict[str, Any], comp: Components
    ) -> None:
        self.game = game
        self.scenario = scenario
        self.options = options
        self.comp = comp
        table = comp.tables[options["table"]]
        self.width, self.length = table.width, table.length
        self.factory: geo.Rect = factory_rect(comp, self.width, self.length)  # V.A
        self.planes: tuple[Plane, ...] = ()
        self.index: dict[str, int] = {}
        self.bomber_slots: tuple[int, ...] = ()
        # the slots of the planes of each (side, role), flying or not (never changed)
        self.slots: dict[tuple[str | None, str | None], tuple[int, ...]] = {}
        self.roles = {name: kind.role for name, kind in comp.aircraft.items()}
        self.types = comp.aircraft
        self.queue: tuple[Task, ...] = ()
        self.moving: Move | None = None
        # VI.D: bit i is set once the plane in slot i has moved this turn (III: cleared at its
        # end); kept here rather than on each plane, so a move makes no new record of the plane
        self.moved = 0
        self.turn_no = 0
        self.bomb_hits = 0
        self.losses = {RAF: 0, LUFTWAFFE: 0}
        self.result: Terminal | None = None
        self.events = ()
        self._node: Node | None = None
        self._path: geo.Path | None = None
        self._log: list[Event] = []
        # (planes, getters): a getter of the flying planes of each (side, role), filled in as
        # asked for, good for every planes tuple whose statuses are those of ``planes`` (_put
        # moves it on to the new planes when no status changed; copies share it)
        self._flying_at: tuple[tuple[Plane, ...], dict[tuple[str | None, str | None], Any]] | None
        self._flying_at = None
        # the last (planes, bomb hits, turn) found going on (objectives.check_end)
        self._going: tuple[tuple[Plane, ...], int, int] | None = None
        # the planes still to move that were last found: (planes, moved, which, pool),
        # movement.select_pool
        self._pool: tuple[tuple[Plane, ...], int, str, tuple[Plane, ...]] | None = None
        self.memo = game.shared_memos(scenario, options, comp)
        self.rules = self.memo.rules  # comp.rules, as a plain record read on every move

    # --- construction -------------------------------------------------------------
    def setup(self) -> None:
        if self.memo.lookups is None:
            planes = forces(self)  # III
            self.memo.lookups = self._lookups(planes)
            self.memo.bomber_set = frozenset(self.memo.lookups[3])
            for i, p in enumerate(planes):
                self.memo.sections[p.section] = (*self.memo.sections.get(p.section, ()), i)
        self.planes, self.index, self.slots, self.bomber_slots = self.memo.lookups
        self.queue = setup_tasks(self)
        self.turn_no = 0
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    def _lookups(self, planes: tuple[Plane, ...]) -> tuple[Any, ...]:
        """Each plane's slot by id, and the slots of each side and role (never changed)."""
        index = {p.id: i for i, p in enumerate(planes)}
        slots = {
            (side, role): tuple(
                i
                for i, p in enumerate(planes)
                if side in (None, p.side) and role in (None, self.kind(p).role)
            )
            for side in (None, RAF, LUFTWAFFE)
            for role in (None, "fighter", "bomber")
        }
        bomber_slots = tuple(i for i, p in enumerate(planes) if self.kind(p).role == "bomber")
        return planes, index, slots, bomber_slots

    # --- lookups ------------------------------------------------------------------
    def plane(self, plane_id: str) -> Plane:
        return self.planes[self.index[plane_id]]

    def kind(self, plane: Plane) -> AircraftType:
        return self.types[plane.type]

    def _put(self, plane: Plane) -> None:
        i = self.index[plane.id]
        before = self.planes
        new = list(before)  # a list and back: cheaper than joining two slices
        new[i] = plane
        planes = self.planes = tuple(new)
        old = before[i]
        same_status = old.status == plane.status
        if same_status:  # the same planes fly: flying_now's getters hold for the new planes
            flying_at = self._flying_at
            if flying_at is not None and flying_at[0] is before:
                self._flying_at = (planes, flying_at[1])
        # IV, VII.E read only the bombers' status and load: when neither changed, the game goes on
        # as check_end last found it, so its memo moves on to the new planes (no search again)
        going = self._going
        if (
            going is not None
            and going[0] is before
            and ((same_status and old.bombed == plane.bombed) or i not in self.memo.bomber_set)
        ):
            self._going = (planes, going[1], going[2])

    def _put_many(self, planes: Iterable[Plane]) -> None:
        """Several planes at once (a section placed, entering or rolling its altitude)."""
        new = list(self.planes)
        index = self.index
        for plane in planes:
            new[index[plane.id]] = plane
        self.planes = tuple(new)

    def _section(self, section: str) -> list[Plane]:
        planes = self.planes
        return [planes[i] for i in self.memo.sections[section]]

    def _section_waiting(self, section: str) -> bool:
        planes = self.planes
        # a list comprehension: cheaper than any() of a generator
        return WAITING in [planes[i].status for i in self.memo.sections[section]]

    def flying(self, side: str | None = None, role: str | None = None) -> list[Plane]:
        return list(self.flying_now(side, role))

    def flying_now(self, side: str | None = None, role: str | None = None) -> tuple[Plane, ...]:
        """The flying planes of a side and role, in slot order (the rules' own lookups)."""
        # Statuses change far less often than planes move: which slots fly is found once for
        # the statuses of these planes, and the planes in those slots are taken in one call.
        planes = self.planes
        flying_at = self._flying_at
        if flying_at is None or flying_at[0] is not planes:
            flying_at = self._flying_at = (planes, {})
        getters = flying_at[1]
        key = (side, role)
        getter = getters.get(key)
        if getter is None:
            getter = getters[key] = _getter(
                [i for i in self.slots[key] if planes[i].status == FLYING]
            )
        return getter(planes)

    # VI.C-D (movement.py), shared by the moves, the German fighters' rule (VI.A) and the view
    allowance = allowance
    straight_min = straight_min

    @property
    def turn(self) -> int:
        return self.turn_no

    # --- the move being flown (VI.D.3), shared by movement, combat and the bomb run --------
    def _path_for_move(self) -> geo.Path:
        if self._path is None:
            assert self.moving is not None
            self._path = self.moving.path()
        return self._path

    def _flight_limit(self, path: geo.Path) -> float:
        exit_at = path.exit_distance(self.width, self.length)
        return path.length if exit_at is None else exit_at

    # --- the engine contract ------------------------------------------------------
    def check_free(self, action: Action, decision: Decision) -> str | None:
        task = self.queue[0]
        try:
            if task[0] == "place" and action.kind == "place":
                return check_place(self, task[1], action)
            if task[0] == "path" and action.kind == "move":
                return check_move(self, self.plane(task[1]), action)
            if task[0] == "fire" and action.kind == "fire":
                return check_fire(self, self.plane(task[1]), action)
            if task[0] == "bombrun" and action.kind == "bomb":
                return check_bomb(self, self.plane(task[1]), action)
        except ValueError as exc:
            return str(exc)
        return "not one of the listed options"

    def copy(self) -> CraneState:
        other = object.__new__(CraneState)
        other.__dict__.update(self.__dict__)
        other.losses = dict(self.losses)
        other._log = []
        return other

    def key(self) -> tuple[Any, ...]:
        return (
            self.scenario,
            tuple(sorted(self.options.items())),
            self.turn_no,
            self._held_planes(),
            self.queue,
            None if self.moving is None else tuple(self.moving),
            self.bomb_hits,
            (self.losses[RAF], self.losses[LUFTWAFFE]),
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    def _held_planes(self) -> tuple[tuple[Any, ...], ...]:
        """Each plane as the key holds it (Plane.held): plain tuples, with a cheap repr."""
        moved = self.moved
        return tuple([p.held(moved >> i & 1 == 1) for i, p in enumerate(self.planes)])

    # --- narration ------------------------------------------------------------------
    def _say(self, text: str) -> None:
        # an Event is an immutable value: the same words are one Event, made once
        event = _EVENTS.get(text)
        if event is None:
            if len(_EVENTS) >= 1 << 14:
                _EVENTS.clear()
            event = _EVENTS[text] = Event(text)
        self._log.append(event)

    def name(self, plane: Plane) -> str:
        names = self.memo.names
        text = names.get(plane.id)
        if text is None:
            text = names[plane.id] = f"{plane.id} ({self.kind(plane).name})"
        return text

    # --- the queue runner ---------------------------------------------------------
    def _advance(self) -> None:
        """Run every task that needs no decision or dice, until one does or the game ends."""
        self._node = None
        while True:
            going = self._going
            if (
                going is None
                or going[0] is not self.planes
                or going[1] != self.bomb_hits
                or going[2] != self.turn_no
                or self.result is not None
            ) and check_end(self):  # IV, VII.E (check_end's own memo, read here first)
                return
            task = self.queue[0]
            kind = task[0]
            if kind in CHANCE_TASKS:
                if kind == "attack" and not attack_still_on(self, task):
                    self.queue = self.queue[1:]
                    continue
                return
            auto = _AUTO.get(kind)
            if auto is not None and auto(self, task):
                continue
            decision = self._decision(task)
            if decision is not None:
                self._node = decision
                return
            # a decision with nothing to decide runs as its default
            self.queue = self.queue[1:]
            _DO[kind](self, task, None)

    def _run_now(self, task: Task) -> None:
        """Run ``task``, one that needs no decision and no dice, at once instead of from the head
        of the queue on the runner's next turn: the same run, less a turn of the loop and two new
        queues. Only after a change that cannot end the game: the runner checks the end (IV,
        VII.E: the bombers' status and load, the bomb hits, the turn) before each task. (Putting
        the task at the head of the queue instead plays the same game: a test holds it.)"""
        _DO[task[0]](self, task, None)

    def _decision(self, task: Task) -> Decision | None:
        kind = task[0]
        if kind == "place":
            return place_decision(self, task[1])  # V.B
        if kind == "select":
            return select_decision(self, task[1])  # VI.D
        if kind == "path":
            return path_decision(self, self.planes[self.index[task[1]]])  # VI.D
        if kind == "fire":
            return fire_decision(self, self.planes[self.index[task[1]]])  # VI.E.3
        if kind == "bombrun":
            return bombrun_decision(self, self.planes[self.index[task[1]]])  # VII.B
        raise AssertionError(f"unknown task {task}")

    def _chance(self, task: Task) -> Chance:
        # every roll is worked out from its task and the shared components alone (who rolls which
        # dice, and the label): an immutable value, made once for each task
        rolls = self.memo.rolls
        roll = rolls.get(task)
        if roll is None:
            roll = rolls[task] = _CHANCE[task[0]](self, task)
        return roll

    # --- views and serialisation --------------------------------------------------
    def phase(self) -> str:
        if self.result is not None:
            return "game over"
        task = self.queue[0]
        if self.turn_no == 0:
            return "set-up"
        kind = task[0]
        if kind in ("arrive", "entry", "alt") and self.turn_no > 0:
            return "british arrivals"
        if kind == "select":
            return {
                RAF: "british movement",
                "fighters": "german fighters",
                "bombers": "german bombers",
            }[task[1]]
        plane_id = task[1] if len(task) > 1 else None
        if plane_id in self.index:
            plane = self.plane(plane_id)
            if plane.side == RAF:
                return "british movement"
            return "german fighters" if self.kind(plane).role == "fighter" else "german bombers"
        if self.moving is not None:
            plane = self.plane(self.moving.plane)
            return "british movement" if plane.side == RAF else "german movement"
        return "end of turn"

    def view(self, seat: str | None, infostate: bool = True) -> JSON:
        # Every plane is on the open table: both seats (and spectators) see the same.
        rules = self.comp.rules
        current = None
        if self.moving is not None:
            path = self._path_for_move()
            current = {
                "plane": self.moving.plane,
                "path": [[round(x, 2), round(y, 2)] for x, y in path.points],
                "marker": [round(path.points[2][0], 2), round(path.points[2][1], 2)],
            }
        return self.with_own_data(
            {
                "ruleset": "crane",
                "scenario": self.scenario,
                "turn": self.turn_no,
                "phase": self.phase(),
                "table": {"width": self.width, "length": self.length},
                "factory": dict(zip(("x0", "y0", "x1", "y1"), self.factory, strict=True)),
                "flak_range": rules.flak_range,
                "attack_range": rules.attack_range,
                "arc_degrees": rules.arc_degrees,
                "planes": [
                    self._plane_view(p, self.moved >> i & 1 == 1) for i, p in enumerate(self.planes)
                ],
                "bomb_hits": self.bomb_hits,
                "bombs_needed": rules.bombs_needed,
                "current": current,
                "losses": dict(self.losses),
                "result": None if self.result is None else self.result.to_json(),
                # for search players (Game.state_from_view): nothing is hidden on the open table
                "infostate": self.to_dict() if infostate else None,
            }
        )

    def _plane_view(self, p: Plane, moved: bool) -> JSON:
        kind = self.types[p.type]
        view: JSON = {
            "id": p.id,
            "type": p.type,
            "side": p.side,
            "section": p.section,
            "x": round(p.x, 2),
            "y": round(p.y, 2),
            "heading": round(p.heading, 1),
            "damage": p.damage,
            "engines": kind.engines,
            "status": p.status,
            "altitude": p.altitude or None,
            "bombed": p.bombed,
            "moved": moved,
            "fuselage": kind.fuselage,
            "gunners": list(kind.gunners),
            "allowance": 0.0,
            "straight": 0.0,
        }
        if p.status == FLYING:
            allowance = self.allowance(p)
            rules = self.comp.rules
            need = rules.fighter_straight if kind.role == "fighter" else rules.bomber_straight
            view["allowance"] = allowance
            view["straight"] = min(need, allowance)
        return view

    def to_dict(self) -> JSON:
        return {
            "scenario": self.scenario,
            "options": dict(self.options),
            "turn": self.turn_no,
            "planes": [list(p) for p in self._held_planes()],
            "queue": [list(t) for t in self.queue],
            "moving": None if self.moving is None else list(self.moving),
            "bomb_hits": self.bomb_hits,
            "losses": dict(self.losses),
            "result": None if self.result is None else self.result.to_json(),
        }


# every task kind, dispatched to the section of the rules that runs it
_DO: dict[str, Callable[[CraneState, Task, Action | None], None]] = {
    "place": do_place,  # V.B
    "arrive": do_arrive,  # V.C
    "entry": do_entry,  # V.C
    "alt": do_alt,  # V.D
    "select": do_select,  # VI.D
    "path": do_path,  # VI.D
    "resume": do_resume,  # VI.D.3
    "fire": do_fire,  # VI.E.3
    "attack": do_attack,  # VI.E.4 (and VII.A flak)
    "flight": do_flight,  # VII.A
    "bombrun": do_bombrun,  # VII.B
    "bomb": do_bomb,  # VII.C-D
    "endturn": do_endturn,  # III
}
CraneState.handlers = _DO
# tasks that may run by themselves: True when they did
_AUTO: dict[str, Callable[[CraneState, Task], bool]] = {
    "select": auto_select,
    "resume": auto_resume,
    "flight": auto_flight,
    "endturn": auto_endturn,
}
_CHANCE: dict[str, Callable[[CraneState, Task], Chance]] = {
    "alt": alt_roll,  # V.D
    "arrive": arrive_roll,  # V.C
    "entry": entry_roll,  # V.C
    "attack": attack_roll,  # VI.E.4, VII.A
    "bomb": bomb_roll,  # VII.C
}

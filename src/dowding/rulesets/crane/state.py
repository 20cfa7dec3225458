"""The crane game state: one node of a miniatures game on the open table.

The turn is a queue of small tasks (place a group, roll for a vic, move a plane, fire,
resolve an attack...). The head of the queue is what happens next; tasks that need no
one's choice run by themselves. Section numbers refer to Mike Crane's rules (Lone
Warrior 139); readings where the rules are silent are in docs/rules/crane.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from dowding.engine import D6, Action, Chance, Decision, Event, Roll, Terminal
from dowding.engine.actions import number
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import TaskQueueState, handlers_of

from . import geometry as geo
from .combat import attack_result, bomb_hits
from .components import AircraftType, Components, formation_name

if TYPE_CHECKING:
    from .game import CraneGame

RAF, LUFTWAFFE = "raf", "luftwaffe"
WAITING, FLYING, DESTROYED, EXITED = "waiting", "flying", "destroyed", "exited"
FIGHTER_TURNS = tuple(range(-165, 181, 15))
BOMBER_TURN_STEP = 15
CHANCE_TASKS = frozenset({"alt", "arrive", "entry", "attack", "bomb"})
EPS = 1e-9
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


class Plane(NamedTuple):
    id: str
    type: str
    side: str
    section: str
    x: float
    y: float
    heading: float
    damage: int
    status: str
    altitude: str  # "", "above", "level", "below"
    fresh: bool  # its first move is still to come (V.D: dive or climb)
    moved: bool
    bombed: bool


Task = tuple[Any, ...]


class Move(NamedTuple):
    """The plane being moved: its committed path (VI.D.3.b: measured before any stop)."""

    plane: str
    x: float
    y: float
    heading: float
    straight: float
    turn: float
    total: float

    def path(self) -> geo.Path:
        return geo.Path((self.x, self.y), self.heading, self.straight, self.turn, self.total)


class CraneState(TaskQueueState):
    chance_tasks = CHANCE_TASKS

    def __init__(
        self, game: CraneGame, scenario: str, options: dict[str, Any], comp: Components
    ) -> None:
        self.game = game
        self.scenario = scenario
        self.options = options
        self.comp = comp
        table = comp.tables[options["table"]]
        self.width, self.length = table.width, table.length
        fw, fd = comp.factory.width, comp.factory.depth
        # V.A: the factory is centred on the edge opposite the German entry
        self.factory: geo.Rect = (
            (self.width - fw) / 2,
            self.length - fd,
            (self.width + fw) / 2,
            self.length,
        )
        self.planes: tuple[Plane, ...] = ()
        self.index: dict[str, int] = {}
        self.bomber_slots: tuple[int, ...] = ()
        self.slots: dict[tuple[str | None, str | None], tuple[int, ...]] = {}
        self.roles = {name: kind.role for name, kind in comp.aircraft.items()}
        self.types = comp.aircraft
        self.queue: tuple[Task, ...] = ()
        self.moving: Move | None = None
        self.turn_no = 0
        self.bomb_hits = 0
        self.losses = {RAF: 0, LUFTWAFFE: 0}
        self.result: Terminal | None = None
        self.events = ()
        self._node: Node | None = None
        self._path: geo.Path | None = None
        self._log: list[Event] = []

    # --- construction -------------------------------------------------------------
    def setup(self) -> None:
        def waiting(plane_id: str, kind: str, side: str, section: str) -> Plane:
            return Plane(
                plane_id, kind, side, section, 0.0, 0.0, 0.0, 0, WAITING, "", True, False, False
            )

        planes = [
            waiting(f"{v.id}-{n}", v.type, RAF, v.id)
            for v in self.comp.raf_vics
            for n in range(1, 4)
        ]
        groups = self.comp.forces[self.scenario]
        planes += [
            waiting(f"{g.id}-{n}", g.type, LUFTWAFFE, g.id)
            for g in groups
            for n in range(1, g.count + 1)
        ]
        self.planes = tuple(planes)
        self.index = {p.id: i for i, p in enumerate(planes)}
        self.slots = {
            (side, role): tuple(
                i
                for i, p in enumerate(planes)
                if side in (None, p.side) and role in (None, self.kind(p).role)
            )
            for side in (None, RAF, LUFTWAFFE)
            for role in (None, "fighter", "bomber")
        }
        self.bomber_slots = tuple(i for i, p in enumerate(planes) if self.kind(p).role == "bomber")
        # V.B: the Germans are placed before the game; V.D: schwarms roll their altitude as placed
        tasks: list[Task] = [("place", g.id) for g in groups]
        tasks += [("alt", g.id) for g in groups if g.kind == "schwarm"]
        self.queue = (*tasks, ("endturn",))  # the end of set-up starts turn 1
        self.turn_no = 0
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    def _turn_tasks(self) -> tuple[Task, ...]:
        # V.C: the British move first, rolling for each vic still to arrive
        arrivals = tuple(
            ("arrive", v.id) for v in self.comp.raf_vics if self._section_waiting(v.id)
        )
        return (
            *arrivals,
            ("select", RAF),
            ("select", "fighters"),
            ("select", "bombers"),
            ("endturn",),
        )

    # --- lookups ------------------------------------------------------------------
    def plane(self, plane_id: str) -> Plane:
        return self.planes[self.index[plane_id]]

    def kind(self, plane: Plane) -> AircraftType:
        return self.types[plane.type]

    def _put(self, plane: Plane) -> None:
        i = self.index[plane.id]
        self.planes = (*self.planes[:i], plane, *self.planes[i + 1 :])

    def _section(self, section: str) -> list[Plane]:
        return [p for p in self.planes if p.section == section]

    def _section_waiting(self, section: str) -> bool:
        return any(p.status == WAITING for p in self._section(section))

    def flying(self, side: str | None = None, role: str | None = None) -> list[Plane]:
        planes = self.planes
        return [planes[i] for i in self.slots[side, role] if planes[i].status == FLYING]

    def allowance(self, plane: Plane) -> float:
        """VI.C movement, less 2" a damage point (VI.D.1.c, 2.b); V.D dive or climb on the first move."""
        rules = self.comp.rules
        total = self.kind(plane).move - rules.damage_slowdown * plane.damage
        if plane.fresh and plane.altitude == "above":
            total += rules.dive_bonus
        elif plane.fresh and plane.altitude == "below":
            total -= rules.climb_penalty
        return max(total, 0.0)

    def straight_min(self, plane: Plane) -> float:
        rules = self.comp.rules
        need = (
            rules.fighter_straight if self.kind(plane).role == "fighter" else rules.bomber_straight
        )
        return min(need, self.allowance(plane))

    @property
    def turn(self) -> int:
        return self.turn_no

    # --- the engine contract ------------------------------------------------------
    def check_free(self, action: Action, decision: Decision) -> str | None:
        task = self.queue[0]
        try:
            if task[0] == "place" and action.kind == "place":
                return self._check_place(task[1], action)
            if task[0] == "path" and action.kind == "move":
                return self._check_move(self.plane(task[1]), action)
            if task[0] == "fire" and action.kind == "fire":
                return self._check_fire(self.plane(task[1]), action)
            if task[0] == "bombrun" and action.kind == "bomb":
                return self._check_bomb(self.plane(task[1]), action)
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
            tuple(
                map(tuple, self.planes)
            ),  # plain tuples: their repr is far cheaper than a NamedTuple's
            self.queue,
            None if self.moving is None else tuple(self.moving),
            self.bomb_hits,
            (self.losses[RAF], self.losses[LUFTWAFFE]),
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    # --- narration ------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self._log.append(Event(text))

    def name(self, plane: Plane) -> str:
        return f"{plane.id} ({self.kind(plane).name})"

    # --- the queue runner ---------------------------------------------------------
    def _advance(self) -> None:
        """Run every task that needs no decision or dice, until one does or the game ends."""
        while True:
            self._node = None
            if self._check_end():
                return
            task = self.queue[0]
            kind = task[0]
            if kind in CHANCE_TASKS:
                if kind == "attack" and not self._attack_still_on(task):
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

    def _check_end(self) -> bool:
        if self.result is not None:
            return True
        needed = self.comp.rules.bombs_needed
        planes = self.planes
        reason = winner = None
        if self.bomb_hits >= needed:
            # VII.E: three bomb hits destroy the factory
            winner, reason = LUFTWAFFE, f"the factory is destroyed: {self.bomb_hits} bomb hits"
        elif not any(
            planes[i].status in (WAITING, FLYING) and not planes[i].bombed
            for i in self.bomber_slots
        ):
            winner, reason = (
                RAF,
                f"no bomber left to bomb; the factory took {self.bomb_hits} of {needed} hits",
            )
        elif self.turn_no > self.options["max_turns"]:
            winner, reason = (
                RAF,
                f"the raid ran out of time after {self.options['max_turns']} turns",
            )
        if reason is None:
            return False
        scores = {RAF: float(self._bombers_destroyed()), LUFTWAFFE: float(self.bomb_hits)}
        self.result = Terminal(winner, scores, reason)
        self.moving = None  # a move cut short by the end of the game is not shown
        self._path = None
        self._say(f"Game over: {reason}. {str(winner).upper()} wins.")
        return True

    def _bombers_destroyed(self) -> int:
        return sum(
            1 for p in self.planes if p.status == DESTROYED and self.kind(p).role == "bomber"
        )

    # --- decisions ----------------------------------------------------------------
    def _decision(self, task: Task) -> Decision | None:
        kind = task[0]
        if kind == "place":
            return self._place_decision(task[1])
        if kind == "select":
            return self._select_decision(task[1])
        if kind == "path":
            return self._path_decision(self.plane(task[1]))
        if kind == "fire":
            return self._fire_decision(self.plane(task[1]))
        if kind == "bombrun":
            return self._bombrun_decision(self.plane(task[1]))
        raise AssertionError(f"unknown task {task}")

    # V.B: placing German groups in the entry area
    def _group_offsets(self, group_id: str) -> tuple[tuple[float, float], ...]:
        group = next(g for g in self.comp.forces[self.scenario] if g.id == group_id)
        return self.comp.formations[formation_name(group.kind, group.count)]

    def _place_points(self, group_id: str, x: float, y: float) -> list[geo.Point]:
        return geo.formation((x, y), 0.0, self._group_offsets(group_id))

    def _check_place(self, group_id: str, action: Action) -> str | None:
        if {k for k, _ in action.args} != {"x", "y"}:
            return "place takes x= and y= (inches)"
        x, y = action.number("x"), action.number("y")
        rules = self.comp.rules
        points = self._place_points(group_id, x, y)
        sep = rules.placement_separation
        x_lo, x_hi = min(px for px, _ in points) - sep, max(px for px, _ in points) + sep
        y_lo, y_hi = min(py for _, py in points) - sep, max(py for _, py in points) + sep
        placed = [
            p
            for p in self.planes
            if p.status == FLYING and x_lo <= p.x <= x_hi and y_lo <= p.y <= y_hi
        ]
        for px, py in points:
            if not (rules.entry_near - EPS <= py <= rules.entry_far + EPS):
                return f'every plane must be {rules.entry_near:g}-{rules.entry_far:g}" from the entry edge (V.B)'
            if not (rules.entry_flank - EPS <= px <= self.width - rules.entry_flank + EPS):
                return f'every plane must be at least {rules.entry_flank:g}" from the flank edges (V.B)'
            for other in placed:
                if geo.distance((px, py), (other.x, other.y)) < rules.placement_separation:
                    return f'too close to {other.id}: keep {rules.placement_separation:g}" apart'
        return None

    def _place_decision(self, group_id: str) -> Decision:
        placed = tuple((p.x, p.y) for p in self.planes if p.status == FLYING)
        cache_key = (self.scenario, self.options["table"], self.options["data"], group_id, placed)
        cached = self.game.place_cache.get(cache_key)
        if cached is None:
            cached = self._compute_place_decision(group_id)
            if len(self.game.place_cache) > 4096:
                self.game.place_cache.clear()
            self.game.place_cache[cache_key] = cached
        return cached

    def _compute_place_decision(self, group_id: str) -> Decision:
        rules = self.comp.rules
        offsets = self._group_offsets(group_id)
        xs = [o[0] for o in offsets]
        ys = [o[1] for o in offsets]
        x_lo, x_hi = rules.entry_flank - min(xs), self.width - rules.entry_flank - max(xs)
        y_lo, y_hi = rules.entry_near - min(ys), rules.entry_far - max(ys)
        options = []
        steps = max(1, round((x_hi - x_lo) / 4.0))
        for i in range(steps + 1):
            x = x_lo + (x_hi - x_lo) * i / steps
            for y in sorted({y_lo, (y_lo + y_hi) / 2, y_hi}):
                action = Action("place", x=x, y=y)
                if self._check_place(group_id, action) is None:
                    options.append(action)
        return Decision(
            LUFTWAFFE,
            f"Place {group_id} in the entry area (V.B)",
            tuple(options),
            free=f"place x=<{x_lo:.2f}..{x_hi:.2f}> y=<{y_lo:.2f}..{y_hi:.2f}>",
        )

    def _select_pool(self, which: str) -> list[Plane]:
        if which == RAF:
            pool = self.flying(RAF)
        elif which == "fighters":
            pool = self.flying(LUFTWAFFE, "fighter")
        else:
            pool = self.flying(LUFTWAFFE, "bomber")
        return [p for p in pool if not p.moved]

    def _select_decision(self, which: str) -> Decision | None:
        pool = self._select_pool(which)
        if len(pool) <= 1 or (which == "fighters" and self.options["auto_intercept"]):
            return None
        seat = RAF if which == RAF else LUFTWAFFE
        return Decision(
            seat, "Choose the next plane to move", tuple(_select_action(p.id) for p in pool)
        )

    def _path_decision(self, plane: Plane) -> Decision | None:
        if (
            plane.side == LUFTWAFFE
            and self.kind(plane).role == "fighter"
            and self.options["auto_intercept"]
        ):
            return None
        total = self.allowance(plane)
        straight = self.straight_min(plane)
        if total - straight <= EPS:
            turns: tuple[int, ...] = (0,)
        elif self.kind(plane).role == "fighter":
            turns = FIGHTER_TURNS
        else:
            limit = int(self.comp.rules.bomber_max_turn)
            turns = tuple(range(-limit, limit + 1, BOMBER_TURN_STEP))
        seat = plane.side
        mod = ""
        if plane.fresh and plane.altitude in ("above", "below"):
            mod = " (diving)" if plane.altitude == "above" else " (climbing)"
        max_turn = 180 if self.kind(plane).role == "fighter" else self.comp.rules.bomber_max_turn
        return Decision(
            seat,
            f'Move {self.name(plane)} {total:g}"{mod}: {straight:g}" straight, then turn',
            _turn_options(turns),
            free=f"move turn=<-{max_turn:g}..{max_turn:g}> [straight=<{straight:g}..{total:g}>]",
        )

    def _check_move(self, plane: Plane, action: Action) -> str | None:
        keys = {k for k, _ in action.args}
        if not keys <= {"turn", "straight"} or "turn" not in keys:
            return "move takes turn= (degrees, + is to the right) and optionally straight= (inches)"
        turn = action.number("turn")
        total = self.allowance(plane)
        s_min = self.straight_min(plane)
        straight = action.number("straight") if "straight" in keys else s_min
        if not (s_min - EPS <= straight <= total + EPS):
            return f'the straight leg must be {s_min:g}-{total:g}" (VI.D)'
        if self.kind(plane).role == "fighter":
            if not -180 <= turn <= 180:
                return "a turn is between -180 and 180 degrees"
        elif abs(turn) > self.comp.rules.bomber_max_turn + EPS:
            return f"a bomber turns at most {self.comp.rules.bomber_max_turn:g} degrees (VI.D.2.a)"
        if total - straight <= EPS and abs(turn) > EPS:
            return "no distance is left to fly after the turn"
        return None

    def _path_for_move(self) -> geo.Path:
        if self._path is None:
            assert self.moving is not None
            self._path = self.moving.path()
        return self._path

    def _flight_limit(self, path: geo.Path) -> float:
        exit_at = path.exit_distance(self.width, self.length)
        return path.length if exit_at is None else exit_at

    def fire_targets(self, plane: Plane) -> list[Plane]:
        enemies = self.flying(LUFTWAFFE if plane.side == RAF else RAF)
        if plane.side == RAF and self.options["bomber_priority"]:
            # VI.B: the British go for the bombers, breaking for fighters only when one is closer
            here = (plane.x, plane.y)
            bombers = [e for e in enemies if self.kind(e).role == "bomber"]
            fighters = [e for e in enemies if self.kind(e).role == "fighter"]
            nearest_bomber = min(
                (geo.distance(here, (e.x, e.y)) for e in bombers), default=float("inf")
            )
            nearest_fighter = min(
                (geo.distance(here, (e.x, e.y)) for e in fighters), default=float("inf")
            )
            if nearest_fighter >= nearest_bomber:
                return bombers
        return enemies

    def _fire_options(self, plane: Plane) -> list[Action]:
        path = self._path_for_move()
        limit = self._flight_limit(path)
        reach = self.comp.rules.attack_range
        options = []
        sx, sy = path.points[0]
        for target in self.fire_targets(plane):
            if abs(target.x - sx) > limit + reach or abs(target.y - sy) > limit + reach:
                continue  # out of reach of the whole move
            d, r = path.closest_approach((target.x, target.y), limit)
            if r <= reach:
                at = number(d)
                action = Action.trusted(
                    "fire", ("at", at), ("target", target.id)
                )  # ids are checked words
                x, y, _ = path.at(at)  # the rounded stop must still be in range
                if geo.distance((x, y), (target.x, target.y)) <= reach + 1e-6:
                    options.append(action)
        return options

    def _fire_decision(self, plane: Plane) -> Decision | None:
        if plane.side == LUFTWAFFE and self.options["auto_intercept"]:
            return None  # VI.A decides; see _rule_fire
        options = self._fire_options(plane)
        if not options:
            return None
        return Decision(
            plane.side,
            f'{self.name(plane)} may stop once to fire (range {self.comp.rules.attack_range:g}", VI.E.3)',
            (*options, Action("hold")),
            free="fire target=<id> at=<inches along the path>",
        )

    def _check_fire(self, plane: Plane, action: Action) -> str | None:
        if {k for k, _ in action.args} != {"target", "at"}:
            return "fire takes target= and at="
        target_id = action.word("target")
        if target_id not in self.index:
            return f"there is no plane {target_id}"
        target = self.plane(target_id)
        if target not in self.fire_targets(plane):
            return f"{target_id} is not a target {plane.id} may attack now (VI.B)"
        path = self._path_for_move()
        d = action.number("at")
        limit = self._flight_limit(path)
        if not -EPS <= d <= limit + EPS:
            return f'at= must be between 0 and {limit:.2f}" along the path'
        x, y, _ = path.at(d)
        r = geo.distance((x, y), (target.x, target.y))
        if r > self.comp.rules.attack_range + 1e-6:
            return f'{target_id} would be {r:.2f}" away: out of range (VI.E.3.a)'
        return None

    def _bomb_intervals(self, plane: Plane) -> list[tuple[float, float]]:
        path = self._path_for_move()
        return path.within_rect(
            self.factory, self.kind(plane).fuselage / 2, self._flight_limit(path)
        )

    def _bombrun_decision(self, plane: Plane) -> Decision | None:
        if plane.status != FLYING or plane.bombed:
            return None
        options = []
        for lo, hi in self._bomb_intervals(plane):
            action = Action("bomb", at=(lo + hi) / 2)
            if self._check_bomb(plane, action) is None:
                options.append(action)
        if not options:
            return None
        return Decision(
            LUFTWAFFE,
            f"{self.name(plane)} is over the factory: drop the bombs? (VII.B)",
            (*options, Action("hold")),
            free="bomb at=<inches along the path, whole fuselage over the factory>",
        )

    def _check_bomb(self, plane: Plane, action: Action) -> str | None:
        if {k for k, _ in action.args} != {"at"}:
            return "bomb takes at="
        d = action.number("at")
        if any(lo - 1e-6 <= d <= hi + 1e-6 for lo, hi in self._bomb_intervals(plane)):
            return None
        return "the whole fuselage must be over the factory there (VII.B)"

    # --- chance events ------------------------------------------------------------
    def _chance(self, task: Task) -> Chance:
        kind = task[0]
        if kind == "alt":
            return Roll(f"Altitude of {task[1]}: 1-2 below, 3-4 level, 5-6 above (V.D)", dice=(D6,))
        if kind == "arrive":
            return Roll(f"Does vic {task[1]} arrive? Even: it enters (V.C)", dice=(D6,))
        if kind == "entry":
            return Roll(f"Entry point of vic {task[1]}: 2d6 on the clock face (V.C)", dice=(D6, D6))
        if kind == "attack":
            _, attacker, target, how = task
            t = self.plane(target)
            if attacker == "AA":
                label = f"Flak fires at {self.name(t)}: 1d6+{self.comp.rules.flak_offense} against 1d6+{self.kind(t).defense} (VII.A)"
            else:
                a = self.plane(attacker)
                verb = {
                    "attack": "attacks",
                    "defensive": "gunner fires at",
                    "return": "returns fire at",
                }[how]
                label = (
                    f"{self.name(a)} {verb} {self.name(t)}: "
                    f"1d6+{self.kind(a).offense} against 1d6+{self.kind(t).defense} (VI.E.4)"
                )
            return Roll(label, dice=(D6, D6))
        if kind == "bomb":
            b = self.plane(task[1])
            n = self.kind(b).bomb_rolls
            return Roll(
                f"{self.name(b)} bombs: {n} pair(s) of bomber die against factory die (VII.C-D)",
                dice=(D6,) * (2 * n),
            )
        raise AssertionError(task)

    def _attack_still_on(self, task: Task) -> bool:
        _, attacker, target, how = task
        if self.plane(target).status != FLYING:
            return False
        if attacker == "AA":
            return True
        shooter = self.plane(attacker)
        # VI.E.5.b and e: the attacked bomber or head-on fighter fires back even if just destroyed
        return shooter.status == FLYING or (
            how in ("defensive", "return") and shooter.status == DESTROYED
        )

    # --- task handlers ------------------------------------------------------------
    def _do_place(self, task: Task, action: Action | None) -> None:
        assert action is not None
        x, y = action.number("x"), action.number("y")
        points = self._place_points(task[1], x, y)
        for plane, (px, py) in zip(self._section(task[1]), points, strict=True):
            self._put(plane._replace(x=px, y=py, heading=0.0, status=FLYING))
        self._say(f"{task[1]} takes position at ({x:.1f}, {y:.1f}).")

    def _do_alt(self, task: Task, action: Action | None) -> None:
        assert action is not None
        face = _faces(action)[0]
        altitude = "below" if face <= 2 else "level" if face <= 4 else "above"
        for plane in self._section(task[1]):
            self._put(plane._replace(altitude=altitude))
        effect = {
            "below": f'-{self.comp.rules.climb_penalty:g}" climb',
            "level": "a regular move",
            "above": f'+{self.comp.rules.dive_bonus:g}" dive',
        }[altitude]
        self._say(f"{task[1]} rolls {face}: {altitude} the bombers ({effect} on its first move).")

    def _do_arrive(self, task: Task, action: Action | None) -> None:
        assert action is not None
        face = _faces(action)[0]
        if face % 2 == 0:
            self._say(f"Vic {task[1]} rolls {face}: it arrives.")
            self.queue = (("entry", task[1]), ("alt", task[1]), *self.queue)
        else:
            self._say(f"Vic {task[1]} rolls {face}: not yet.")

    def _do_entry(self, task: Task, action: Action | None) -> None:
        assert action is not None
        hour = sum(_faces(action))
        point, heading = self.clock_entry(hour)
        offsets = self.comp.formations["vic"]
        # the leader enters far enough in for the whole vic to be on the table
        depth = max(-f for _, f in offsets)
        ux, uy = geo.unit(heading)
        rx, ry = uy, -ux
        others = [(p.x, p.y) for p in self.planes if p.status == FLYING]
        spots: list[geo.Point] = []
        # a second vic at the same hour comes in alongside the first, not on top of it
        for shift in (0.0, 4.0, -4.0, 8.0, -8.0, 12.0, -12.0):
            anchor = (point[0] + ux * depth + rx * shift, point[1] + uy * depth + ry * shift)
            spots = [
                (min(max(px, 0.0), self.width), min(max(py, 0.0), self.length))
                for px, py in geo.formation(anchor, heading, offsets)
            ]
            if all(
                geo.distance(s, o) >= self.comp.rules.placement_separation
                for s in spots
                for o in others
            ):
                break
        for plane, (px, py) in zip(self._section(task[1]), spots, strict=True):
            self._put(plane._replace(x=px, y=py, heading=heading, status=FLYING))
        self._say(f"Vic {task[1]} enters at {hour} o'clock, heading {heading:.0f}°.")

    def clock_entry(self, hour: int) -> tuple[geo.Point, float]:
        """V.C, Figure 2: a clock face centred on the table, 12 towards the factory."""
        cx, cy = self.width / 2, self.length / 2
        angle = (hour % 12) * 30.0
        ux, uy = geo.unit(angle)
        scale = min(
            (cx / abs(ux)) if abs(ux) > EPS else float("inf"),
            (cy / abs(uy)) if abs(uy) > EPS else float("inf"),
        )
        point = (cx + ux * scale, cy + uy * scale)
        return point, geo.norm_heading(angle + 180.0)

    def _do_select(self, task: Task, action: Action | None) -> None:
        pool = self._select_pool(task[1])
        if not pool:
            return  # everyone of this kind has moved: the phase is over
        chosen = self.plane(action.word("plane")) if action is not None else pool[0]
        self.queue = (("path", chosen.id), task, *self.queue)

    def _auto_select(self, task: Task) -> bool:
        pool = self._select_pool(task[1])
        if not pool:
            self.queue = self.queue[1:]
            return True
        if len(pool) == 1 or (task[1] == "fighters" and self.options["auto_intercept"]):
            self.queue = (("path", pool[0].id), *self.queue)
            return True
        return False

    def _do_path(self, task: Task, action: Action | None) -> None:
        plane = self.plane(task[1])
        if action is None:
            turn, straight = self._rule_path(plane)
        else:
            turn = action.number("turn")
            straight = (
                action.number("straight")
                if action.get("straight") is not None
                else self.straight_min(plane)
            )
        total = self.allowance(plane)
        self.moving = Move(plane.id, plane.x, plane.y, plane.heading, straight, turn, total)
        self._path = None
        self._put(plane._replace(moved=True, fresh=False))
        turn_text = f", turns {turn:+.0f}°" if abs(turn) > EPS and total - straight > EPS else ""
        self._say(
            f'{self.name(plane)} flies {total:g}": {min(straight, total):g}" straight{turn_text}.'
        )
        role = self.kind(plane).role
        follow: tuple[Task, ...] = (
            (("fire", plane.id),) if role == "fighter" else (("flight", plane.id),)
        )
        self.queue = (*follow, *self.queue)

    def _rule_path(self, plane: Plane) -> tuple[float, float]:
        """VI.A: German fighters make for the closest British fighter; with none, they keep station on the bombers."""
        straight = self.straight_min(plane)
        goal = self._intercept_goal(plane)
        if goal is None:
            return 0.0, straight
        ux, uy = geo.unit(plane.heading)
        turn_at = (plane.x + ux * straight, plane.y + uy * straight)
        return round(geo.norm_turn(geo.bearing(turn_at, goal) - plane.heading)), straight

    def _intercept_goal(self, plane: Plane) -> geo.Point | None:
        here = (plane.x, plane.y)
        raf = self.flying(RAF)
        if raf:
            target = min(raf, key=lambda p: (geo.distance(here, (p.x, p.y)), p.id))
            return target.x, target.y
        bombers = [b for b in self.flying(LUFTWAFFE, "bomber")]
        if not bombers:
            return None
        lead = max(bombers, key=lambda b: (b.y, b.id))
        ux, uy = geo.unit(lead.heading)
        return lead.x + ux * 6.0, lead.y + uy * 6.0

    def _do_fire(self, task: Task, action: Action | None) -> None:
        plane = self.plane(task[1])
        if action is None and plane.side == LUFTWAFFE and self.options["auto_intercept"]:
            action = self._rule_fire(plane)
        resume: Task = ("resume", plane.id)
        if action is None or action.kind == "hold":
            self.queue = (resume, *self.queue)
            return
        target = self.plane(action.word("target"))
        d = action.number("at")
        x, y, h = self._path_for_move().at(d)
        self._put(plane._replace(x=x, y=y, heading=h))
        self._say(f'{self.name(plane)} stops after {d:.1f}" to fire at {self.name(target)}.')
        tasks: list[Task] = [("attack", plane.id, target.id, "attack")]
        arc = self.comp.rules.arc_degrees
        # VI.E.5.e: a fighter attacked head-on fires back
        head_on = geo.off_angle(target.heading, (target.x, target.y), (x, y)) <= arc
        if self.kind(target).role == "fighter" and head_on:
            tasks.append(("attack", target.id, plane.id, "return"))
        tasks += self._gunners_at(plane, (x, y), first=target.id)
        self.queue = (*tasks, resume, *self.queue)

    def _rule_fire(self, plane: Plane) -> Action | None:
        options = self._fire_options(plane)
        if not options:
            return None
        here = (plane.x, plane.y)
        # VI.A: the closest British fighter is the one to attack
        return min(
            options,
            key=lambda a: (
                geo.distance(
                    here, (self.plane(a.word("target")).x, self.plane(a.word("target")).y)
                ),
                a.text,
            ),
        )

    def _gunners_at(self, fighter: Plane, spot: geo.Point, first: str | None = None) -> list[Task]:
        """VI.E.5.a-d: every bomber gunner in range whose arc holds the stopped fighter fires."""
        if fighter.side != RAF:
            return []
        reach = self.comp.rules.attack_range
        arc = self.comp.rules.arc_degrees
        shooters = []
        for bomber in self.planes:
            if (
                bomber.status != FLYING
                or self.kind(bomber).role != "bomber"
                or bomber.side == fighter.side
            ):
                continue
            where = (bomber.x, bomber.y)
            if geo.distance(where, spot) > reach:
                continue
            if self.gunner_covers(bomber, spot, arc):
                shooters.append(bomber.id)
        shooters.sort(key=lambda s: (s != first, s))
        return [("attack", s, fighter.id, "defensive") for s in shooters]

    def gunner_covers(self, bomber: Plane, spot: geo.Point, arc: float) -> bool:
        off = geo.off_angle(bomber.heading, (bomber.x, bomber.y), spot)
        gunners = self.kind(bomber).gunners
        return ("nose" in gunners and off <= arc) or ("rear" in gunners and off >= 180.0 - arc)

    def _do_attack(self, task: Task, action: Action | None) -> None:
        assert action is not None
        _, attacker, target_id, _how = task
        a_die, d_die = _faces(action)
        target = self.plane(target_id)
        offense = (
            self.comp.rules.flak_offense
            if attacker == "AA"
            else self.kind(self.plane(attacker)).offense
        )
        kind = self.kind(target)
        outcome = attack_result(a_die, offense, d_die, kind.defense, target.damage, kind.engines)
        who = "Flak" if attacker == "AA" else self.plane(attacker).id
        score = f"{a_die}+{offense}={a_die + offense} against {d_die}+{kind.defense}={d_die + kind.defense}"
        if outcome == "no_effect":
            self._say(f"{who} at {target.id}: {score}, no damage.")
            return
        if outcome == "damaged":
            self._put(target._replace(damage=target.damage + 1))
            self._say(f"{who} at {target.id}: {score}, an engine is damaged.")
            return
        self._put(target._replace(status=DESTROYED))
        self.losses[target.side] += 1
        self._say(f"{who} at {target.id}: {score}, {self.name(target)} is destroyed!")

    def _do_resume(self, task: Task, action: Action | None) -> None:
        """VI.D.3: the plane flies the rest of its move; a stop ends it in the gunners' sights."""
        plane = self.plane(task[1])
        path = self._path_for_move()
        self.moving = None
        self._path = None
        if plane.status != FLYING:
            return
        exit_at = path.exit_distance(self.width, self.length)
        if exit_at is not None:
            x, y, h = path.at(exit_at)
            self._put(plane._replace(x=x, y=y, heading=h, status=EXITED))
            self._say(f"{self.name(plane)} flies off the table and leaves the battle.")
            return
        x, y = path.points[2]
        moved = plane._replace(x=x, y=y, heading=path.end_heading)
        self._put(moved)
        self.queue = (*self._gunners_at(moved, (x, y)), *self.queue)

    def _do_flight(self, task: Task, action: Action | None) -> None:
        """VII.A: flak fires once as a bomber comes within 12" of the factory's edge, before it can bomb."""
        bomber = self.plane(task[1])
        path = self._path_for_move()
        rules = self.comp.rules
        follow: list[Task] = [("bombrun", bomber.id), ("resume", bomber.id)]
        if rules.flak_range > 0 and not bomber.bombed:
            d = path.first_within(self.factory, rules.flak_range, self._flight_limit(path))
            if d is not None:
                x, y, h = path.at(d)
                self._put(bomber._replace(x=x, y=y, heading=h))
                follow.insert(0, ("attack", "AA", bomber.id, "flak"))
        self.queue = (*follow, *self.queue)

    def _auto_flight(self, task: Task) -> bool:
        self.queue = self.queue[1:]
        self._do_flight(task, None)
        return True

    def _auto_resume(self, task: Task) -> bool:
        self.queue = self.queue[1:]
        self._do_resume(task, None)
        return True

    def _do_bombrun(self, task: Task, action: Action | None) -> None:
        bomber = self.plane(task[1])
        if action is None or action.kind == "hold":
            return
        d = action.number("at")
        x, y, h = self._path_for_move().at(d)
        self._put(bomber._replace(x=x, y=y, heading=h))
        self._say(f"{self.name(bomber)} starts its bomb run over the factory.")
        self.queue = (("bomb", bomber.id), *self.queue)

    def _do_bomb(self, task: Task, action: Action | None) -> None:
        assert action is not None
        bomber = self.plane(task[1])
        faces = _faces(action)
        parts, total = [], 0
        for i in range(0, len(faces), 2):
            hits = bomb_hits(faces[i], faces[i + 1])
            total += hits
            parts.append(f"{faces[i]} against {faces[i + 1]}: {hits}")
        self.bomb_hits += total
        self._put(bomber._replace(bombed=True))
        self._say(
            f"{self.name(bomber)} bombs ({'; '.join(parts)}): {total} hit(s), {self.bomb_hits} in all."
        )

    def _do_endturn(self, task: Task, action: Action | None) -> None:
        self.planes = tuple(p._replace(moved=False) if p.moved else p for p in self.planes)
        self.turn_no += 1
        self.queue = (*self._turn_tasks(), *self.queue)
        if self.turn_no <= self.options["max_turns"]:
            self._say(f"Turn {self.turn_no} begins.")

    def _auto_endturn(self, task: Task) -> bool:
        self.queue = self.queue[1:]
        self._do_endturn(task, None)
        return True

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
        return {
            "ruleset": "crane",
            "scenario": self.scenario,
            "turn": self.turn_no,
            "phase": self.phase(),
            "table": {"width": self.width, "length": self.length},
            "factory": dict(zip(("x0", "y0", "x1", "y1"), self.factory, strict=True)),
            "flak_range": rules.flak_range,
            "attack_range": rules.attack_range,
            "arc_degrees": rules.arc_degrees,
            "planes": [self._plane_view(p) for p in self.planes],
            "bomb_hits": self.bomb_hits,
            "bombs_needed": rules.bombs_needed,
            "current": current,
            "losses": dict(self.losses),
            "result": None
            if self.result is None
            else {
                "winner": self.result.winner,
                "reason": self.result.reason,
                "scores": dict(self.result.scores),
            },
            # for search players (Game.state_from_view): nothing is hidden on the open table
            "infostate": self.to_dict() if infostate else None,
        }

    def _plane_view(self, p: Plane) -> JSON:
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
            "moved": p.moved,
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
            "planes": [list(p) for p in self.planes],
            "queue": [list(t) for t in self.queue],
            "moving": None if self.moving is None else list(self.moving),
            "bomb_hits": self.bomb_hits,
            "losses": dict(self.losses),
            "result": None
            if self.result is None
            else {
                "winner": self.result.winner,
                "scores": dict(self.result.scores),
                "reason": self.result.reason,
            },
        }


_DO = handlers_of(CraneState)
CraneState.handlers = _DO
_AUTO = {name[6:]: fn for name, fn in vars(CraneState).items() if name.startswith("_auto_")}


def _faces(action: Action) -> tuple[int, ...]:
    faces = action.get("d")
    if not isinstance(faces, tuple):
        faces = (faces,)  # type: ignore[assignment]
    assert isinstance(faces, tuple)
    return tuple(int(f) for f in faces)

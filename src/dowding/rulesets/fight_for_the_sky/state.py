"""The Fight for the Sky game state: one node of a Basic, Intermediate or Campaign game.

A game turn is a queue of small tasks (move a formation, move a squadron, roll an attack, allot a
lost flight...). The head of the queue is what happens next; tasks that need nobody run by
themselves. Comments cite the rulebook's sections by their headings; readings where the text is
silent are listed in docs/rules/fight-for-the-sky.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from dowding.engine import D6, Action, Chance, Decision, Event, Roll, Terminal
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import TaskQueueState, handlers_of

from .board import Board, west_of
from .components import LUFTWAFFE, RAF, Components
from .tables import aa_result, attack_result, bombing_result

if TYPE_CHECKING:
    from .game import FightGame

Task = tuple[Any, ...]

GROUND, AIR, LOST, OUT = "ground", "air", "lost", "out"
POOL, RETURNING, MAINT, GROUNDED = "pool", "returning", "maint", "grounded"
RAID, PATROL, HOME = "raid", "patrol", "home"
CHANCE_TASKS = frozenset(
    {"shoot", "aa", "bomb", "urban_aa", "contact", "tactical", "weather", "availability"}
)
_ROLL = Roll("d6", dice=(D6,))


class Raf(NamedTuple):
    sqn: str
    type: str
    base: str  # home base
    sector: str
    flights: int
    status: str  # ground, air, lost, out
    at: str  # the base it is on when on the ground
    hex: str  # where it flies
    land_by: int  # Intermediate: the turn by which it must land (0: none)
    ready: int  # the first turn it may take off
    moved: bool
    engaged: int  # optional Sector Airfields: the formation it must stay with
    contact: int  # Weather: the formation it is in contact with (negative: failed this turn)


class Lw(NamedTuple):
    id: int
    type: str
    group: int
    flights: int
    status: str  # pool, air, returning, maint, grounded, lost, out
    missions: int
    ready: int
    land_by: int


class Form(NamedTuple):
    id: int
    units: tuple[int, ...]
    hex: str  # "" while being made up or preplanned and not yet placed
    target: str  # target id for a raid
    kind: str  # raid, patrol, home (fighters turned back for fuel)
    face_up: bool
    seen: bool  # the RAF has looked through it (coast crossed or a dogfight)
    top: int
    bombed: bool
    moved: bool
    patrol: str  # a patrol's hex
    struck: bool  # a patrol that moved to attack this turn
    launch: int  # Preplanning: the turn it takes off (0: placed already)
    topped: bool
    aborts: int  # flights aborted by the AA this turn
    revealed: bool  # its target is known to the RAF
    placed: int = 0  # the turn it assembled (0: not yet); what the RAF saw, fixing land-by turns


_PATHS: dict[tuple[Any, ...], list[tuple[str, ...]]] = {}


def _outbound(board: Board, start: str, steps: int, target: str) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []

    def walk(h: str, path: tuple[str, ...]) -> None:
        if h == target and path:
            found.append(path)
            return
        if len(path) == steps:
            if board.reaches(h, target):
                found.append(path)
            return
        for n in board.edges.get(h, ()):
            if board.reaches(n, target):
                walk(n, (*path, n))

    walk(start, ())
    return found


def _direct(board: Board, start: str, steps: int, goal: str | None) -> list[tuple[str, ...]]:
    def dist(h: str) -> int:
        return board.home_distance(h) if goal is None else board.distance(h, goal)

    found: list[tuple[str, ...]] = []

    def walk(h: str, path: tuple[str, ...]) -> None:
        d = dist(h)
        if len(path) == steps or d == 0:
            found.append(path)
            return
        for n in board.neighbours[h]:
            if dist(n) == d - 1:
                walk(n, (*path, n))

    walk(start, ())
    return found


class FightState(TaskQueueState):
    chance_tasks = CHANCE_TASKS

    def __init__(
        self,
        game: FightGame,
        scenario: str,
        options: dict[str, Any],
        comp: Components,
        board: Board,
    ) -> None:
        self.game = game
        self.scenario = scenario
        self.options = options
        self.comp = comp
        self.board = board
        self.rules = comp.rules
        self.types = comp.aircraft
        self.turn_no = 1
        self.day = 0
        self.weather = "clear"
        self.avail = -1  # units the Luftwaffe may still fly today (-1: no limit)
        self.raf: tuple[Raf, ...] = ()
        self.lw: tuple[Lw, ...] = ()
        self.forms: tuple[Form, ...] = ()
        self.next_form = 1
        self.marks = (0, 0)  # aircraft shot down: RAF's, Luftwaffe's (the Losses Track)
        self.lost = (0, 0, 0)  # flights lost: RAF, Luftwaffe fighters, Luftwaffe bombers
        self.damage: tuple[int, ...] = tuple(0 for _ in board.targets)
        self.stukas_lost = 0
        self.formed = 0  # formations put together this turn
        self.finished = False  # the Luftwaffe flies no more raids today
        self.fight: tuple[Any, ...] = ()  # (hex, raid id, patrol id, raf squadrons, bonus)
        self.queue: tuple[Task, ...] = ()
        self.result: Terminal | None = None
        self.events = ()
        self._node: Node | None = None
        self._log: list[Event] = []
        self.target_ids = tuple(board.targets)
        self.target_index = {t: i for i, t in enumerate(self.target_ids)}
        self.unit_index: dict[int, int] = {}
        self.sqn_index: dict[str, int] = {}

    # --- set-up ------------------------------------------------------------------------------
    @property
    def basic(self) -> bool:
        return self.scenario == "basic"

    @property
    def campaign(self) -> bool:
        return self.scenario == "campaign"

    def setup(self) -> None:
        comp = self.comp
        basic_sqns = set(comp.basic.squadrons)
        raf = []
        for sq in comp.squadrons:
            # How to Set Up: each unit face down (on the ground) on its home base
            status = GROUND if (not self.basic or sq.sqn in basic_sqns) else OUT
            raf.append(
                Raf(
                    sq.sqn,
                    sq.type,
                    sq.base,
                    sq.sector,
                    comp.flights_per_unit,
                    status,
                    sq.base,
                    "",
                    0,
                    1,
                    False,
                    0,
                    0,
                )
            )
        self.raf = tuple(raf)
        basic_units = {u for f in comp.basic.formations for u in f}
        lw = []
        for u in comp.luftwaffe_units:
            status = POOL if (not self.basic or u.id in basic_units) else OUT
            lw.append(Lw(u.id, u.type, u.group, comp.flights_per_unit, status, 0, 1, 0))
        self.lw = tuple(lw)
        self._index()
        tasks: list[Task] = []
        if self.basic:
            # How to Play: the four formations made up exactly as listed
            forms = []
            for units in comp.basic.formations:
                forms.append(self._new_form(units, RAID))
                self.next_form += 1
            self.forms = tuple(forms)
            for f in self.forms:
                self._set_units(f.units, status=AIR, missions=1)
            # the Luftwaffe notes each target secretly, then places the formations (turn 1)
            tasks += [("aim", f.id) for f in self.forms]
            tasks += [("place", f.id) for f in self.forms]
            tasks += self._turn_tail()
        else:
            tasks += self._day_start()
        self.queue = tuple(tasks)
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    def _index(self) -> None:
        self.unit_index = {u.id: i for i, u in enumerate(self.lw)}
        self.sqn_index = {r.sqn: i for i, r in enumerate(self.raf)}

    def _new_form(self, units: tuple[int, ...], kind: str) -> Form:
        return Form(
            self.next_form,
            tuple(units),
            "",
            "",
            kind,
            False,
            False,
            units[0] if units else 0,
            False,
            False,
            "",
            False,
            0,
            False,
            0,
            False,
        )

    def _day_start(self) -> list[Task]:
        tasks: list[Task] = []
        if self.options["availability"] and self.campaign:
            tasks.append(("availability",))
        if self.options["weather"]:
            tasks.append(("weather",))
        if self.campaign and self.day > 0:
            tasks.append(("go",))
        return [*tasks, *self._turn_head(), *self._turn_tail()]

    def _turn_head(self) -> list[Task]:
        tasks: list[Task] = [("turnback",), ("lw_move",)]
        if not self.basic:
            tasks.append(("launch",))
            tasks.append(("form",))
        return tasks

    def _turn_tail(self) -> list[Task]:
        tasks: list[Task] = [("follow",), ("raf_move",)]
        if self.options["hunter_packs"] and not self.basic:
            tasks.append(("strike",))
        tasks += [("contacts",), ("combat",), ("bombing",), ("end_turn",)]
        return tasks

    # --- lookups -----------------------------------------------------------------------------
    def unit(self, uid: int) -> Lw:
        return self.lw[self.unit_index[uid]]

    def sqn(self, sqn: str) -> Raf:
        return self.raf[self.sqn_index[sqn]]

    def form(self, fid: int) -> Form | None:
        for f in self.forms:
            if f.id == fid:
                return f
        return None

    def form_at(self, h: str) -> Form | None:
        for f in self.forms:
            if f.hex == h and f.kind != PATROL:
                return f
        return None

    def patrol_at(self, h: str) -> Form | None:
        for f in self.forms:
            if f.hex == h and f.kind == PATROL:
                return f
        return None

    def on_map(self) -> list[Form]:
        return [f for f in self.forms if f.hex]

    def role(self, uid: int) -> str:
        return self.types[self.unit(uid).type].role

    def allowance_of(self, units: tuple[int, ...]) -> int:
        """Notes on Movement: the slowest unit governs; Weather: -1 in poor weather."""
        move = min(self.types[self.unit(u).type].move for u in units)
        if self.weather == "poor":
            move -= 1
        return max(1, move)

    def raf_allowance(self, r: Raf) -> int:
        move = self.types[r.type].move
        return max(1, move - 1) if self.weather == "poor" else move

    def flights_of(self, units: tuple[int, ...], role: str | None = None) -> int:
        return sum(self.unit(u).flights for u in units if role is None or self.role(u) == role)

    def _put_raf(self, r: Raf) -> None:
        i = self.sqn_index[r.sqn]
        self.raf = (*self.raf[:i], r, *self.raf[i + 1 :])

    def _put_lw(self, u: Lw) -> None:
        i = self.unit_index[u.id]
        self.lw = (*self.lw[:i], u, *self.lw[i + 1 :])

    def _set_units(self, uids: tuple[int, ...], **changes: Any) -> None:
        lw = list(self.lw)
        for uid in uids:
            i = self.unit_index[uid]
            lw[i] = lw[i]._replace(**changes)
        self.lw = tuple(lw)

    def _put_form(self, f: Form) -> None:
        self.forms = tuple(f if g.id == f.id else g for g in self.forms)

    def _drop_form(self, fid: int) -> None:
        self.forms = tuple(g for g in self.forms if g.id != fid)

    def say(self, text: str, seats: frozenset[str] | None = None) -> None:
        self._log.append(Event(text, seats))

    def lw_only(self, text: str) -> None:
        self.say(text, frozenset({LUFTWAFFE}))

    def hits_on(self, target: str) -> int:
        return self.damage[self.target_index[target]]

    def destroyed(self, target: str) -> bool:
        return self.hits_on(target) >= self.board.targets[target].boxes

    # --- chance and decisions ----------------------------------------------------------------
    def _chance(self, task: Task) -> Chance:
        labels: dict[str, Callable[[], str]] = {
            "shoot": lambda: f"attack: {task[1]} fires at the {task[2]}",
            "aa": lambda: "anti-aircraft fire over the target",
            "bomb": lambda: "bombing",
            "urban_aa": lambda: f"anti-aircraft fire over {task[2]}",
            "contact": lambda: f"weather: contact at {task[2]}",
            "tactical": lambda: "tactical advantage",
            "weather": lambda: "weather for the day",
            "availability": lambda: "Luftwaffe availability for the day",
        }
        return Roll(labels[task[0]](), dice=(D6,))

    def _decision(self, task: Task) -> Decision | None:
        maker = _DECISIONS.get(task[0])
        return None if maker is None else maker(self, task)

    def _advance(self) -> None:
        while self.result is None:
            self._node = None
            if not self.queue:
                self._finish("no more tasks")
                return
            task = self.queue[0]
            kind = task[0]
            auto = _AUTO.get(kind)
            if auto is not None:
                self.queue = self.queue[1:]
                auto(self, task)
                continue
            if kind in CHANCE_TASKS:
                if _LIVE[kind](self, task):
                    return
                self.queue = self.queue[1:]
                continue
            decision = self._decision(task)
            if decision is not None:
                self._node = decision
                return
            self.queue = self.queue[1:]

    def _push(self, *tasks: Task) -> None:
        self.queue = (*tasks, *self.queue)

    # --- Luftwaffe: making up formations (Intermediate Game) ---------------------------------
    def free_assembly(self) -> list[str]:
        used = {f.hex for f in self.forms}
        return [h for h in self.board.assembly if h not in used]

    def _available(self, u: Lw) -> bool:
        kind = self.types[u.type]
        if u.status not in (POOL, RETURNING) or u.ready > self.turn_no:
            return False
        limit = (
            self.rules.fighter_missions if kind.role == "fighter" else self.rules.bomber_missions
        )
        if u.missions >= limit:
            return False
        if self.avail >= 0 and u.missions == 0 and self.avail <= 0:
            return False
        # Stukas: grounded once three Ju 87 flights are lost. (Campaign: units flown yesterday
        # are in maintenance, not in the pool, so need no check here.)
        grounded = self.options["stukas"] and self.stukas_lost >= self.rules.stuka_flights_ground
        return not (u.type == "ju87" and grounded)

    def _in_build(self) -> set[int]:
        return {uid for f in self.forms if not f.hex and f.launch == 0 for uid in f.units}

    def _planned(self) -> set[int]:
        return {uid for f in self.forms if not f.hex for uid in f.units}

    def can_add(self, f: Form, u: Lw) -> bool:
        """How to Make Up Your Formations: the organisation's restrictions."""
        rules = self.rules
        kind = self.types[u.type]
        if len(f.units) >= rules.max_units_per_formation:
            return False
        members = [self.unit(x) for x in f.units]
        if f.kind == PATROL:
            # Hunter Packs: air patrols of up to 3 fighter units
            return kind.role == "fighter" and len(members) < rules.patrol_size
        if kind.role == "fighter":
            return sum(1 for m in members if self.types[m.type].role == "fighter") < (
                rules.max_fighters_per_formation
            )
        for m in members:
            mk = self.types[m.type]
            if mk.role != "bomber":
                continue
            if m.group != u.group:
                return False  # bombers from different groups may not mix
            if (mk.move == 3) != (kind.move == 3):
                return False  # allowance 4 bombers may not fly with allowance 3
        return True

    # --- flight-path movement -----------------------------------------------------------------
    def _outbound_paths(self, start: str, steps: int, target: str) -> list[tuple[str, ...]]:
        """Paths along the arrows of exactly ``steps`` hexes towards ``target`` (a path stops
        early on the target itself). The board never changes, so each answer is kept."""
        key = (id(self.board), "out", start, steps, target)
        found = _PATHS.get(key)
        if found is None:
            found = _PATHS[key] = _outbound(self.board, start, steps, target)
        return found

    def _direct_paths(self, start: str, steps: int, goal: str | None) -> list[tuple[str, ...]]:
        """The most direct route: every hex entered is one nearer ``goal`` (or, with no goal, the
        nearest raid assembly hex)."""
        key = (id(self.board), "direct", start, steps, goal)
        found = _PATHS.get(key)
        if found is None:
            found = _PATHS[key] = _direct(self.board, start, steps, goal)
        return found

    def home_bound(self, f: Form) -> bool:
        return f.kind == HOME or (f.kind == RAID and f.bombed)

    def move_options(self, f: Form) -> dict[str, tuple[str, ...]]:
        """Endpoint -> the path taken, for one formation's move this turn."""
        allowance = self.allowance_of(f.units)
        board = self.board
        blocked = {g.hex for g in self.forms if g.id != f.id and g.hex and g.kind != PATROL}
        if f.kind == PATROL:
            blocked = {g.hex for g in self.forms if g.id != f.id and g.kind == PATROL and g.hex}
        for steps in range(allowance, -1, -1):
            if self.home_bound(f):
                paths = self._direct_paths(f.hex, min(steps, board.home_distance(f.hex)), None)
            elif f.kind == PATROL:
                d = board.distance(f.hex, f.patrol)
                paths = self._direct_paths(f.hex, min(steps, d), f.patrol)
            else:
                paths = self._outbound_paths(f.hex, steps, board.target_hex[f.target])
            best: dict[str, tuple[str, ...]] = {}
            for path in paths:
                end = path[-1] if path else f.hex
                if end in blocked and board.terrain[end] != "assembly":
                    continue
                if end in board.assembly and not self.home_bound(f) and path:
                    continue
                urban = sum(1 for h in path if h in board.urban_aa)
                if end not in best or (urban, path) < (
                    sum(1 for h in best[end] if h in board.urban_aa),
                    best[end],
                ):
                    best[end] = path
            if best:
                return best
            if steps == 0:
                break
        return {f.hex: ()}

    # --- RAF movement -------------------------------------------------------------------------
    def sector_capacity(self, sector: str) -> int:
        """Sector Airfields: 3 units, less 1 for every 2 hits on the sector airfield."""
        hits = self.hits_on(sector) if sector in self.target_index else 0
        return max(0, self.rules.sector_control - hits // self.rules.hits_per_control)

    def can_take_off(self, r: Raf) -> bool:
        if r.status != GROUND or r.ready > self.turn_no:
            return False
        if self.options["sector_airfields"] and not self.basic:
            aloft = sum(1 for x in self.raf if x.status == AIR and x.sector == r.sector)
            if aloft >= self.sector_capacity(r.sector):
                return False
        return True

    def may_disengage(self, r: Raf) -> bool:
        f = self.form(r.engaged)
        if f is None or not f.hex:
            return True
        if self.home_bound(f) and not self.board.england(f.hex):
            return True
        return bool(r.land_by) and r.land_by - self.turn_no <= 1

    def raf_start(self, r: Raf) -> tuple[str, int]:
        """Where a unit starts its move and what is left of its allowance (off-map bases cost 3)."""
        allowance = self.raf_allowance(r)
        if r.status == AIR:
            return r.hex, allowance
        base = self.board.bases[r.at]
        if base.offmap:
            return base.hex, allowance - self.rules.offmap_cost
        return base.hex, allowance

    def raf_destinations(self, r: Raf) -> list[str]:
        start, left = self.raf_start(r)
        if left < 0:
            return []
        sector_rule = self.options["sector_airfields"] and not self.basic
        reach = self.board.within(start, left)
        crowd: dict[str, list[Raf]] = {}
        for x in self.raf:
            # engaged squadrons count too: they end the movement on the hex like any other
            # (Sector Airfields: "only units controlled by the same airfield may be on the same
            # hex at the end of movement"; Notes on Movement: no more than two a hex)
            if x.status == AIR and x.sqn != r.sqn:
                crowd.setdefault(x.hex, []).append(x)
        found = []
        for h in reach:
            there = crowd.get(h, ())
            # Notes on Movement: no more than two RAF units a hex at the end of movement
            if len(there) >= self.rules.raf_per_hex:
                continue
            if sector_rule and any(x.sector != r.sector for x in there):
                continue
            found.append(h)
        return sorted(found, key=self.board.coords.__getitem__)

    def landing_bases(self, r: Raf) -> list[str]:
        """Intermediate Game: any friendly airbase in reach; off-map ones cost 3 to enter."""
        if self.basic or r.status != AIR:
            return []
        left = self.raf_allowance(r)
        reach = self.board.within(r.hex, left)
        found = []
        for base in self.board.bases.values():
            cost = reach.get(base.hex)
            if cost is None:
                continue
            if base.offmap and cost + self.rules.offmap_cost > left:
                continue
            if self.options["airfield_capacity"]:
                grounded = sum(1 for x in self.raf if x.status == GROUND and x.at == base.id)
                if grounded >= base.capacity:
                    continue
            found.append(base.id)
        return sorted(found)

    # --- combat helpers -----------------------------------------------------------------------
    def fighting_raf(self, h: str, fid: int) -> list[Raf]:
        """RAF units in contact with the formation on ``h``."""
        weather = self.options["weather"] and self.weather != "clear"
        return [
            r
            for r in self.raf
            if r.status == AIR and r.hex == h and (not weather or r.contact == fid)
        ]

    def raf_column(self, units: list[Raf]) -> str:
        """Notes on Attack: a mixed force reads the inferior type's column."""
        kinds = [self.types[r.type] for r in units]
        return min(kinds, key=lambda k: k.rank).column

    def lw_column(self, uids: tuple[int, ...]) -> str:
        kinds = [self.types[self.unit(u).type] for u in uids]
        return min(kinds, key=lambda k: k.rank).column

    def ju87_only(self, f: Form) -> bool:
        """Intermediate Game: the Ju 87 modifiers hold unless other bombers fly with them."""
        if self.basic:
            return False
        bombers = [self.unit(u).type for u in f.units if self.role(u) == "bomber"]
        return bool(bombers) and all(t == "ju87" for t in bombers)

    def _lose_aircraft(self, side: str, count: int) -> int:
        """Step (4): the loss marker moves a box an aircraft; a flight is lost at every fourth."""
        per = self.rules.aircraft_per_flight_lost
        i = 0 if side == RAF else 1
        before = self.marks[i]
        after = before + count
        self.marks = (after, self.marks[1]) if i == 0 else (self.marks[0], after)
        return after // per - before // per

    def _take_flight_raf(self, sqn: str) -> None:
        r = self.sqn(sqn)
        flights = r.flights - 1
        self.lost = (self.lost[0] + 1, self.lost[1], self.lost[2])
        if flights <= 0:
            self._put_raf(r._replace(flights=0, status=LOST, hex="", engaged=0))
            self.say(f"{sqn} Squadron has lost its last flight")
            self.campaign_over()
        else:
            self._put_raf(r._replace(flights=flights))
            self.say(f"{sqn} Squadron loses a flight ({flights} left)")

    def _take_flight_lw(self, uid: int) -> None:
        u = self.unit(uid)
        role = self.types[u.type].role
        self.lost = (
            self.lost[0],
            self.lost[1] + (role == "fighter"),
            self.lost[2] + (role == "bomber"),
        )
        if u.type == "ju87":
            self.stukas_lost += 1
        flights = u.flights - 1
        if flights <= 0:
            self._put_lw(u._replace(flights=0, status=LOST))
            self._remove_units((uid,))
            self.say(f"unit {uid} has lost its last flight")
            self.campaign_over()
        else:
            self._put_lw(u._replace(flights=flights))
            self.say(f"unit {uid} loses a flight ({flights} left)")

    def _remove_units(self, uids: tuple[int, ...]) -> None:
        gone = set(uids)
        forms = []
        for f in self.forms:
            units = tuple(u for u in f.units if u not in gone)
            if not units:
                if f.hex:
                    self.say(f"the formation on {f.hex} is gone")
                continue
            top = f.top if f.top in units else units[0]
            kind = f.kind
            if kind == RAID and not any(self.role(u) == "bomber" for u in units):
                kind = HOME  # no bombers left: the escorts go home
            forms.append(f._replace(units=units, top=top, kind=kind))
        self.forms = tuple(forms)

    # --- scores and the end -------------------------------------------------------------------
    def scores(self) -> dict[str, float]:
        """How to Win: the RAF 1 a fighter flight, 2 a bomber flight; the Luftwaffe 2 an RAF
        flight plus its bombing points, which differ by game."""
        raf = self.lost[1] + 2 * self.lost[2]
        lw = 2 * self.lost[0]
        board = self.board
        for t, hits in zip(self.target_ids, self.damage, strict=True):
            target = board.targets[t]
            if self.basic:
                lw += min(hits, target.aa)  # capped at the target hex's AA value
            elif self.campaign:
                lw += target.vp if hits >= target.boxes else 0
            elif target.kind == "radar" or west_of(
                board, board.target_hex[t], board.data.vp_west_of
            ):
                lw += hits
        return {RAF: float(raf), LUFTWAFFE: float(lw)}

    def campaign_over(self) -> bool:
        """The Campaign Game ends as soon as (1) every RAF unit or (2) every Luftwaffe unit has
        been shot down, whenever in the day that happens."""
        if not self.campaign or self.result is not None:
            return self.result is not None
        if not any(r.status not in (LOST, OUT) for r in self.raf):
            self._finish("every RAF unit has been shot down")
        elif not any(u.status not in (LOST, OUT) for u in self.lw):
            self._finish("every Luftwaffe unit has been shot down")
        return self.result is not None

    def _finish(self, reason: str) -> None:
        scores = self.scores()
        if scores[RAF] > scores[LUFTWAFFE]:
            winner: str | None = RAF
        elif scores[LUFTWAFFE] > scores[RAF]:
            winner = LUFTWAFFE
        else:
            winner = None
        self.result = Terminal(winner, scores, reason)
        self.queue = ()
        self.say(f"game over ({reason}): RAF {scores[RAF]:g}, Luftwaffe {scores[LUFTWAFFE]:g}")

    @property
    def turn(self) -> int:
        return self.day * 100 + self.turn_no

    # --- handlers: Luftwaffe set-up and forming ----------------------------------------------
    def _do_aim(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        assert f is not None
        if action.kind == "patrol":
            self._put_form(f._replace(patrol=action.word("at")))
            self.lw_only(f"a patrol will fly to {action.word('at')}")
        else:
            self._put_form(f._replace(target=action.word("at")))
            self.lw_only(
                f"formation {f.id} will bomb {self.board.targets[action.word('at')].place}"
            )
        if not self.basic and self.options["preplanning"]:
            self._push(("when", f.id))
        elif not self.basic:
            self._push(("place", f.id))

    def _do_place(self, task: Task, action: Action) -> None:
        # How to Move: assembling takes a formation's whole allowance on its first turn
        f = self.form(task[1])
        assert f is not None
        h = action.word("at")
        launch = self.turn_no
        land = {}
        for uid in f.units:
            u = self.unit(uid)
            endurance = self.types[u.type].endurance
            land[uid] = launch + endurance - 1 if endurance and not self.basic else 0
            first = u.missions == 0
            self._put_lw(
                u._replace(status=AIR, missions=u.missions + (not self.basic), land_by=land[uid])
            )
            if first and self.avail > 0:
                self.avail -= 1
        self._put_form(f._replace(hex=h, moved=True, launch=0, placed=self.turn_no))
        if not self.basic:
            self.say(f"a formation of {len(f.units)} units assembles on {h}")
            return
        # Basic Game: the RAF "is not told what formation is being placed on each assembly hex";
        # the four go down together, so their order must not tell which is which
        self.lw_only(f"formation {f.id} assembles on {h}")
        if not any(t[0] == "place" for t in self.queue):
            hexes = ", ".join(sorted(g.hex for g in self.forms if g.hex))
            self.say(f"the formations assemble on {hexes}")

    def _do_when(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        assert f is not None
        self._put_form(f._replace(launch=int(action.number("turn"))))
        self.lw_only(f"formation {f.id} will take off on turn {int(action.number('turn'))}")

    def _do_form(self, task: Task, action: Action) -> None:
        if action.kind == "done":
            return
        if action.kind == "finish":
            # The announcement is made to the table: the RAF has this turn's move to land before
            # the day ends (Intermediate Game, How to Move, Notes: a unit that fails to land by
            # the end of the game is treated as shot down)
            self.finished = True
            self.say("the Luftwaffe announces it flies no more raids today")
            return
        kind = action.word("type")
        f = self._new_form((), PATROL if kind == "patrol" else RAID)
        self.next_form += 1
        self.forms = (*self.forms, f)
        self.formed += 1
        self._push(("pick", f.id), ("form",))

    def _do_pick(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        assert f is not None
        if action.kind == "add":
            uid = int(action.number("unit"))
            self._put_form(f._replace(units=(*f.units, uid), top=f.units[0] if f.units else uid))
            self._push(("pick", f.id))
            return
        if action.kind == "cancel":
            # a make-up begun and given up still counts against the 4 a turn (How to Make Up
            # Your Formations), so a turn's forming always comes to an end
            self._drop_form(f.id)
            return
        self._push(("aim", f.id))

    def _do_top(self, f: Form, uid: int) -> None:
        self._put_form(f._replace(top=uid, topped=True))

    def _do_go(self, task: Task, action: Action) -> None:
        if action.kind == "stop":
            # The Campaign Game, end condition (3)
            self._finish("the Luftwaffe flies no more missions")

    # --- handlers: movement -------------------------------------------------------------------
    def _do_lw_move(self, task: Task, action: Action) -> None:
        if action.kind == "top":
            f = self.form_at(action.word("at")) or self.patrol_at(action.word("at"))
            assert f is not None
            self._do_top(f, int(action.number("unit")))
            self._push(("lw_move",))
            return
        start = action.word("from")
        kind = action.word("type")
        f = next(g for g in self.forms if g.hex == start and g.kind == kind and not g.moved)
        end = action.word("to")
        path = self.move_options(f)[end]
        self._fly(f, end, path)
        self._push(("lw_move",))

    def _fly(self, f: Form, end: str, path: tuple[str, ...]) -> None:
        board = self.board
        home = self.home_bound(f)
        spotted = f.face_up or any(board.england(h) for h in path)
        if spotted and not f.face_up:
            self.say(f"the formation crosses the English coast and is spotted on {end}")
        f = f._replace(
            hex=end,
            moved=True,
            face_up=spotted,
            seen=f.seen or spotted,
            struck=False if f.kind == PATROL else f.struck,
        )
        self._put_form(f)
        if path:
            self.say(f"a formation flies to {end}")
        if home and end in board.assembly:
            self._land_formation(f)
            return
        if home:
            # Notes on Movement: AA over urban hexes strayed onto on the way home
            for h in path:
                if h in board.urban_aa and board.urban_aa[h] > 0:
                    self._push(("urban_aa", f.id, h))
                    if self.options["weather"] and self.weather != "clear":
                        self._push(("contact", "urban", h, f.id))

    def _land_formation(self, f: Form) -> None:
        """Luftwaffe units have landed once back on a raid assembly hex: the Returning box."""
        for uid in f.units:
            u = self.unit(uid)
            ready = self.turn_no + self.rules.refuel_home + 1
            status = RETURNING
            if (
                u.type == "ju87"
                and self.options["stukas"]
                and (self.stukas_lost >= self.rules.stuka_flights_ground)
            ):
                status = GROUNDED
            self._put_lw(u._replace(status=status, ready=ready, land_by=0))
        self._drop_form(f.id)
        self.say(f"a formation of {len(f.units)} units returns to France")

    def _do_raf_move(self, task: Task, action: Action) -> None:
        if action.kind == "end":
            return
        r = self.sqn(str(action.get("unit")))
        self._push(("raf_dest", r.sqn), ("raf_move",))

    def _do_raf_dest(self, task: Task, action: Action) -> None:
        r = self.sqn(task[1])
        if action.kind == "back":
            self._put_raf(r._replace(moved=True))
            return
        if action.kind == "land":
            base = action.word("at")
            # Intermediate Game: 2 turns to refuel at home, 4 elsewhere, +1 a bomb hit on the base
            refuel = self.rules.refuel_home if base == r.base else self.rules.refuel_away
            if base in self.target_index:
                refuel += self.hits_on(base)
            self._put_raf(
                r._replace(
                    status=GROUND,
                    at=base,
                    hex="",
                    moved=True,
                    land_by=0,
                    ready=self.turn_no + refuel + 1,
                    engaged=0,
                    contact=0,
                )
            )
            self.say(f"{r.sqn} Squadron lands at {self.board.bases[base].name}")
            return
        h = action.word("to")
        if r.status == GROUND:
            # How to Move and Intercept: take off by turning the counter face up
            endurance = self.types[r.type].endurance
            land_by = self.turn_no + endurance - 1 if endurance and not self.basic else 0
            r = r._replace(status=AIR, land_by=land_by, at="")
            self.say(f"{r.sqn} Squadron takes off")
        engaged = r.engaged
        if engaged and h != r.hex:
            engaged = 0
        self._put_raf(r._replace(hex=h, moved=True, engaged=engaged))
        self.say(f"{r.sqn} Squadron flies to {h}")

    def _do_strike(self, task: Task, action: Action) -> None:
        # Hunter Packs: after all normal movement a patrol may attack RAF units up to 3 hexes away
        f = self.patrol_at(action.word("from"))
        assert f is not None
        if action.kind == "strike":
            # one strike a turn, from where the patrol stood when all other movement ended
            # ("a further 3 to intercept when all other movement has ceased")
            h = action.word("at")
            self._put_form(f._replace(hex=h, struck=True, topped=True))
            self.say(f"a patrol dives on the RAF at {h}")
        else:
            self._put_form(f._replace(struck=False, topped=True))
        self._push(("strike",))

    # --- handlers: combat ---------------------------------------------------------------------
    def _do_pick_fight(self, task: Task, action: Action) -> None:
        self._push(("combat",))
        self._start_fight(action.word("at"))

    def _start_fight(self, h: str) -> None:
        raid = self.form_at(h)
        patrol = self.patrol_at(h)
        weather = self.options["weather"] and self.weather != "clear"
        rafs = [r.sqn for r in self.raf if r.status == AIR and r.hex == h]
        raid_id = 0
        if raid is not None and self.fighting_raf(h, raid.id):
            raid_id = raid.id
            self._put_form(raid._replace(seen=True, face_up=True))
        patrol_id = 0
        if patrol is not None and rafs and not (weather and patrol.struck and patrol.aborts < 0):
            patrol_id = patrol.id
        done = self.fight[5] if self.fight else frozenset()
        self.fight = (h, raid_id, patrol_id, tuple(rafs), 0, done)
        self.say(f"dogfight on {h}")
        tasks: list[Task] = []
        if patrol_id:
            if self.options["tactical_advantage"]:
                tasks.append(("tactical",))
            tasks += [("shoot", RAF, "patrol"), ("shoot", "patrol", RAF)]
        if raid_id:
            tasks += [("shoot", RAF, "escort"), ("shoot", "escort", RAF)]
            tasks += [("shoot", RAF, "bomber"), ("shoot", "bomber", RAF)]
        tasks.append(("fight_end",))
        self._push(*tasks)

    def fight_raf(self, against: str) -> list[Raf]:
        h, raid_id = self.fight[0], self.fight[1]
        if against == "patrol":
            return [r for r in self.raf if r.status == AIR and r.hex == h]
        return self.fighting_raf(h, raid_id)

    def fight_lw(self, role: str) -> tuple[int, ...]:
        h, raid_id, patrol_id = self.fight[0], self.fight[1], self.fight[2]
        if role == "patrol":
            f = self.form(patrol_id)
            return () if f is None or f.hex != h else tuple(u for u in f.units)
        f = self.form(raid_id)
        if f is None or f.hex != h:
            return ()
        want = "fighter" if role == "escort" else "bomber"
        return tuple(u for u in f.units if self.role(u) == want)

    def strength(self, attacker: str, defender: str) -> tuple[int, str]:
        """Attack strength and column for one of Steps (1)-(7), or (0, "") when none."""
        bonus = self.fight[4]
        if attacker == RAF:
            units = self.fight_raf(defender)
            targets = self.fight_lw(defender)
            if not units or not targets:
                return 0, ""
            flights = sum(r.flights for r in units)
            if defender == "bomber":
                # Step (6): at least a third of the surviving escort flights screen the escorts
                escorts = self.flights_of(self.fight_lw("escort"))
                flights -= -(-escorts // 3)
                if flights <= 0:
                    return 0, ""
                flights += self.rules.bomber_bonus
            else:
                # Step (1): the bonus of 2 for attacking escorts (and, by our reading, patrols)
                flights += self.rules.escort_bonus
            if defender == "patrol":
                flights += max(bonus, 0)
            return flights, self.raf_column(units)
        shooters = self.fight_lw(attacker)
        rafs = self.fight_raf(attacker)
        if not shooters or not rafs:
            return 0, ""
        flights = self.flights_of(shooters)
        if attacker == "patrol":
            flights += max(-bonus, 0)
        return flights, self.lw_column(shooters)

    def _do_shoot(self, task: Task, action: Action) -> None:
        attacker, defender = task[1], task[2]
        strength, column = self.strength(attacker, defender)
        die = int(action.number("d"))
        down = attack_result(self.comp, column, strength, die)
        self.say(
            f"{attacker} attacks the {defender} at strength {strength} ({column}), "
            f"rolls {die}: {down} shot down"
        )
        if down <= 0:
            return
        if attacker == RAF:
            flights = self._lose_aircraft(LUFTWAFFE, down)
            if flights:
                tasks: list[Task] = [("allot", LUFTWAFFE, defender)] * flights
                f = self.form(self.fight[1])
                if (
                    defender == "escort"
                    and self.options["stukas"]
                    and not self.basic
                    and f is not None
                    and any(self.unit(u).type == "ju87" for u in f.units)
                ):
                    tasks = [("insist", flights)]
                self._push(*tasks)
        else:
            flights = self._lose_aircraft(RAF, down)
            if flights:
                self._push(*([("allot", RAF, attacker)] * flights))

    def _do_insist(self, task: Task, action: Action) -> None:
        # Stukas: the RAF may insist the flights lost come off the Ju 87s
        group = "stuka" if action.word("on") == "stukas" else "escort"
        self._push(*([("allot", LUFTWAFFE, group)] * task[1]))

    def allot_candidates(self, side: str, group: str) -> list[str]:
        if side == RAF:
            h = self.fight[0] if self.fight else ""
            names = set(self.fight[3]) if self.fight else set()
            return [r.sqn for r in self.raf if r.status == AIR and r.hex == h and r.sqn in names]
        if group == "stuka":
            f = self.form(self.fight[1])
            units = () if f is None else tuple(u for u in f.units if self.unit(u).type == "ju87")
        elif group.startswith("form:"):
            f = self.form(int(group[5:]))
            units = (
                ()
                if f is None
                else tuple(u for u in f.units if self.role(u) == "bomber") or f.units
            )
        else:
            units = self.fight_lw(group)
        return [str(u) for u in units if self.unit(u).flights > 0]

    def _do_allot(self, task: Task, action: Action) -> None:
        who = str(action.get("unit"))
        if task[1] == RAF:
            self._take_flight_raf(who)
        else:
            self._take_flight_lw(int(who))

    def _do_tactical(self, task: Task, action: Action) -> None:
        # Tactical Advantages: 1-4 the RAF gains a flight, 5 nobody, 6 the Luftwaffe
        die = int(action.number("d"))
        bonus = 1 if die <= 4 else (0 if die == 5 else -1)
        self.fight = (*self.fight[:4], bonus, self.fight[5])
        self.say(f"tactical advantage roll {die}")

    def _do_contact(self, task: Task, action: Action) -> None:
        # Weather: cloudy 1-4 makes contact, poor 1-2
        die = int(action.number("d"))
        made = die <= self.comp.contact[self.weather]  # type: ignore[index]
        what = task[1]
        if what == "raf":
            r = self.sqn(task[3])
            self._put_raf(r._replace(contact=task[4] if made else -task[4]))
            self.say(
                f"{r.sqn} Squadron {'makes' if made else 'fails to make'} contact on {task[2]}"
            )
        elif what == "patrol":
            f = self.form(task[3])
            if f is not None:
                self._put_form(f._replace(aborts=0 if made else -1))
            self.say(f"the patrol on {task[2]} {'makes' if made else 'fails to make'} contact")
        elif what == "target":
            f = self.form(task[3])
            if not made and f is not None:
                self._put_form(f._replace(bombed=True, aborts=-1))
                self.say(f"the formation on {task[2]} cannot find its target")
                self.queue = tuple(
                    t for t in self.queue if not (t[0] in ("aa", "bomb") and t[1] == task[3])
                )
        elif what == "urban" and not made:
            self.queue = tuple(
                t
                for t in self.queue
                if not (t[0] == "urban_aa" and t[1] == task[3] and t[2] == task[2])
            )

    def _do_aa(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        if f is None:
            return
        value = self.aa_value(f)
        flights = self.flights_of(f.units, "bomber")
        die = int(action.number("d"))
        hit, abort = aa_result(self.comp, flights, value, die)
        self.say(
            f"AA {value} against {flights} bomber flights, roll {die}: {hit} hit, {abort} abort"
        )
        self._put_form(f._replace(aborts=min(abort, flights)))
        self._aa_losses(f, hit)

    def _aa_losses(self, f: Form, hit: int) -> None:
        if hit <= 0:
            return
        flights = self._lose_aircraft(LUFTWAFFE, hit)
        self._push(*([("allot", LUFTWAFFE, f"form:{f.id}")] * flights))

    def aa_value(self, f: Form) -> int:
        h = f.hex
        target = self.board.hex_target.get(h)
        value = self.board.urban_aa.get(h, 0)
        if target is not None and (self.basic or not self.destroyed(target)):
            # Intermediate: a destroyed target's AA is lost, except Dover's urban guns
            value = max(value, self.board.targets[target].aa)
        if self.ju87_only(f):
            value = min(value + self.rules.ju87_aa_bonus, self.rules.max_aa)
        return value

    def _do_bomb(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        if f is None:
            return
        strength = max(0, self.flights_of(f.units, "bomber") - max(f.aborts, 0))
        die = int(action.number("d"))
        column = die + (self.rules.ju87_bomb_bonus if self.ju87_only(f) else 0)
        hits = bombing_result(self.comp, strength, column)
        target = f.target
        i = self.target_index[target]
        room = self.board.targets[target].boxes - self.damage[i]
        scored = max(0, min(hits, room))  # overkill is ignored
        self.damage = (*self.damage[:i], self.damage[i] + scored, *self.damage[i + 1 :])
        self.say(
            f"the formation bombs {self.board.targets[target].place} at strength "
            f"{strength}, roll {die}: {hits} hit(s)"
        )
        if scored and target in self.board.bases:
            # units refuelling there are delayed a turn a hit
            for r in self.raf:
                if r.status == GROUND and r.at == target and r.ready > self.turn_no:
                    self._put_raf(r._replace(ready=r.ready + scored))
        self._put_form(f._replace(bombed=True, aborts=0))

    def _do_urban_aa(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        if f is None:
            return
        h = task[2]
        flights = self.flights_of(f.units, "bomber") or self.flights_of(f.units)
        die = int(action.number("d"))
        hit, _ = aa_result(self.comp, flights, self.board.urban_aa[h], die)
        self.say(f"the guns over {h} fire, roll {die}: {hit} hit")
        self._aa_losses(f, hit)

    def _do_weather(self, task: Task, action: Action) -> None:
        row = int(action.number("d")) - 1
        self.weather = self.comp.weather_table[row][min(self.day, len(self.comp.days) - 1)]
        self.say(f"the weather today is {self.weather}")

    def _do_availability(self, task: Task, action: Action) -> None:
        row = int(action.number("d")) - 1
        self.avail = self.comp.availability_table[row][self.day]
        self.say(f"the Luftwaffe may fly {self.avail} units today")

    # --- copies, identity, serialisation, views -----------------------------------------------
    _FIELDS = (
        "turn_no",
        "day",
        "weather",
        "avail",
        "raf",
        "lw",
        "forms",
        "next_form",
        "marks",
        "lost",
        "damage",
        "stukas_lost",
        "formed",
        "finished",
        "fight",
        "queue",
        "result",
    )

    def copy(self) -> FightState:
        twin = object.__new__(FightState)
        twin.__dict__.update(self.__dict__)
        twin._log = []
        return twin

    def key(self) -> tuple[Any, ...]:
        fight = self.fight
        if fight:
            fight = (*fight[:5], tuple(sorted(fight[5])))
        return (
            self.scenario,
            tuple(sorted(self.options.items())),
            self.turn_no,
            self.day,
            self.weather,
            self.avail,
            self.raf,
            self.lw,
            self.forms,
            self.next_form,
            self.marks,
            self.lost,
            self.damage,
            self.stukas_lost,
            self.formed,
            self.finished,
            fight,
            self.queue,
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    def to_dict(self) -> JSON:
        fight: Any = list(self.fight)
        if fight:
            fight = [*fight[:3], list(fight[3]), fight[4], sorted(fight[5])]
        return {
            "scenario": self.scenario,
            "options": dict(self.options),
            "turn": self.turn_no,
            "day": self.day,
            "weather": self.weather,
            "avail": self.avail,
            "raf": [list(r) for r in self.raf],
            "lw": [list(u) for u in self.lw],
            "forms": [[*f[:1], list(f.units), *f[2:]] for f in self.forms],
            "next_form": self.next_form,
            "marks": list(self.marks),
            "lost": list(self.lost),
            "damage": list(self.damage),
            "stukas_lost": self.stukas_lost,
            "formed": self.formed,
            "finished": self.finished,
            "fight": fight,
            "queue": [list(t) for t in self.queue],
            "result": None
            if self.result is None
            else {
                "winner": self.result.winner,
                "scores": dict(self.result.scores),
                "reason": self.result.reason,
            },
        }

    def load(self, data: JSON) -> None:
        self.turn_no = int(data["turn"])
        self.day = int(data["day"])
        self.weather = str(data["weather"])
        self.avail = int(data["avail"])
        self.raf = tuple(Raf(*r) for r in data["raf"])
        self.lw = tuple(Lw(*u) for u in data["lw"])
        self.forms = tuple(Form(f[0], tuple(f[1]), *f[2:]) for f in data["forms"])
        self.next_form = int(data["next_form"])
        self.marks = (int(data["marks"][0]), int(data["marks"][1]))
        self.lost = tuple(int(x) for x in data["lost"])  # type: ignore[assignment]
        self.damage = tuple(int(x) for x in data["damage"])
        self.stukas_lost = int(data["stukas_lost"])
        self.formed = int(data["formed"])
        self.finished = bool(data["finished"])
        fight = data["fight"]
        self.fight = (
            (fight[0], fight[1], fight[2], tuple(fight[3]), fight[4], frozenset(fight[5]))
            if fight
            else ()
        )
        self.queue = tuple(_task(t) for t in data["queue"])
        result = data["result"]
        self.result = (
            None
            if result is None
            else Terminal(result["winner"], dict(result["scores"]), result["reason"])
        )
        self._index()
        self.events = ()
        self._node = None
        self._log = []

    def view(self, seat: str | None, infostate: bool = True) -> JSON:
        return _view(self, seat, infostate)

    def determinize(self, seat: str, rng: Any) -> FightState:
        return _determinize(self, seat, rng)


# --- automatic tasks -------------------------------------------------------------------------
def _auto_turnback(s: FightState, task: Task) -> None:
    """Intermediate Game: escorts stay with their formation until fuel obliges them home."""
    if s.basic:
        return
    board = s.board
    forms = list(s.forms)
    for f in forms:
        if not f.hex or s.home_bound(f) or (f.hex in board.assembly and f.kind != PATROL):
            continue
        need_home = []
        for uid in f.units:
            u = s.unit(uid)
            if not u.land_by or (s.role(uid) != "fighter" and f.kind != PATROL):
                continue
            allowance = s.allowance_of((uid,))
            need = -(-board.home_distance(f.hex) // allowance)
            if need >= u.land_by - s.turn_no + 1:
                need_home.append(uid)
        if not need_home:
            continue
        if f.kind == PATROL or len(need_home) == len(f.units):
            s._put_form(f._replace(kind=HOME))
            _merge_home(s, f.hex)
            continue
        rest = tuple(u for u in f.units if u not in need_home)
        s._put_form(f._replace(units=rest, top=f.top if f.top in rest else rest[0]))
        split = s._new_form(tuple(need_home), HOME)._replace(
            hex=f.hex, face_up=f.face_up, seen=f.seen, placed=f.placed
        )
        s.next_form += 1
        s.forms = (*s.forms, split)
        s.say(f"escorts turn back for France from {f.hex}")
        _merge_home(s, f.hex)


def _merge_home(s: FightState, h: str) -> None:
    """Fighters heading home from one hex fly home together (one formation a hex)."""
    homes = [f for f in s.forms if f.hex == h and f.kind == HOME]
    if len(homes) < 2:
        return
    first = homes[0]
    units = tuple(u for f in homes for u in f.units)
    s._put_form(
        first._replace(
            units=units, seen=all(f.seen for f in homes), face_up=all(f.face_up for f in homes)
        )
    )
    for f in homes[1:]:
        s._drop_form(f.id)


def _auto_launch(s: FightState, task: Task) -> None:
    """Preplanning: formations planned for this turn take off now."""
    for f in s.forms:
        if not f.hex and f.launch and f.launch <= s.turn_no:
            s._push(("place", f.id))


def _auto_follow(s: FightState, task: Task) -> None:
    """Sector Airfields: squadrons engaged with a formation move with it."""
    for r in s.raf:
        if not r.engaged or r.status != AIR:
            continue
        f = s.form(r.engaged)
        if f is None or not f.hex or f.hex in s.board.assembly:
            s._put_raf(r._replace(engaged=0))
        else:
            s._put_raf(r._replace(hex=f.hex, contact=f.id))


def _auto_contacts(s: FightState, task: Task) -> None:
    """Weather: RAF fighters moving onto a formation roll for contact, unless already in it."""
    if not (s.options["weather"] and s.weather != "clear"):
        return
    tasks: list[Task] = []
    for r in s.raf:
        if r.status != AIR:
            continue
        f = s.form_at(r.hex)
        if f is None:
            if r.contact:
                s._put_raf(r._replace(contact=0))
            continue
        if r.contact != f.id:
            tasks.append(("contact", "raf", r.hex, r.sqn, f.id))
    for f in s.forms:
        if f.kind == PATROL and f.struck and f.hex:
            tasks.append(("contact", "patrol", f.hex, f.id))
    s._push(*tasks)


def _auto_combat_end(s: FightState, task: Task) -> None:
    h, raid_id = s.fight[0], s.fight[1]
    if raid_id and s.options["sector_airfields"] and not s.basic:
        for r in s.raf:
            if r.status == AIR and r.hex == h and r.sqn in s.fight[3]:
                s._put_raf(r._replace(engaged=raid_id))
    done = set(s.fight[5]) | {h}
    s.fight = ("", 0, 0, (), 0, frozenset(done))


def _pending_fights(s: FightState) -> list[str]:
    done = s.fight[5] if s.fight else frozenset()
    found = []
    for f in s.forms:
        if not f.hex or f.hex in done:
            continue
        if f.kind == PATROL:
            if f.aborts < 0:
                continue
            if any(r.status == AIR and r.hex == f.hex for r in s.raf):
                found.append(f.hex)
        elif s.fighting_raf(f.hex, f.id):
            found.append(f.hex)
    return sorted(set(found), key=s.board.coords.__getitem__)


def _auto_bombing(s: FightState, task: Task) -> None:
    """How to Bomb: formations on their target hex after all dogfights."""
    tasks: list[Task] = []
    weather = s.options["weather"] and s.weather != "clear"
    for f in s.forms:
        if f.kind != RAID or f.bombed or not f.hex or s.board.target_hex[f.target] != f.hex:
            continue
        s._put_form(f._replace(revealed=True))
        s.say(f"a formation bombs {s.board.targets[f.target].place}")
        if weather:
            tasks.append(("contact", "target", f.hex, f.id))
        tasks += [("aa", f.id), ("bomb", f.id)]
    s._push(*tasks)


def _auto_end_turn(s: FightState, task: Task) -> None:
    rules = s.rules
    # Intermediate Game: a unit that fails to land by its turn is shot down
    if not s.basic:
        for r in s.raf:
            if r.status == AIR and r.land_by and r.land_by <= s.turn_no:
                s.lost = (s.lost[0] + r.flights, s.lost[1], s.lost[2])
                s._put_raf(r._replace(status=LOST, hex="", flights=0, engaged=0))
                s.say(f"{r.sqn} Squadron fails to land and is lost")
        late = [
            u.id
            for u in s.lw
            if u.status == AIR
            and u.land_by
            and u.land_by <= s.turn_no
            and any(u.id in f.units and f.hex for f in s.forms)
        ]
        for uid in late:
            _lose_unit(s, uid)
        if late:
            s._remove_units(tuple(late))
            s.say(f"{len(late)} Luftwaffe unit(s) fail to land and are lost")
        if s.campaign_over():
            return
    s.raf = tuple(r._replace(moved=False, contact=r.contact if r.contact > 0 else 0) for r in s.raf)
    s.forms = tuple(
        f._replace(
            moved=False, topped=False, aborts=0 if f.aborts < 0 and f.kind == PATROL else f.aborts
        )
        for f in s.forms
    )
    s.fight = ()
    s.formed = 0
    placed = [f for f in s.forms if f.hex]
    if s.basic:
        if not s.forms:
            s._finish("every formation has bombed and returned to France")
            return
        if s.turn_no >= s.comp.basic.max_turns:
            s._finish("the turn limit")
            return
    else:
        last = s.turn_no >= rules.turns_per_day
        idle = not placed and (s.finished or not _can_fly(s)) and s.turn_no > 1
        if last or idle:
            _end_day(s)
            return
    s.turn_no += 1
    s.say(f"turn {s.turn_no}")
    s._push(*s._turn_head(), *s._turn_tail())


def _lose_unit(s: FightState, uid: int) -> None:
    u = s.unit(uid)
    role = s.types[u.type].role
    s.lost = (
        s.lost[0],
        s.lost[1] + u.flights * (role == "fighter"),
        s.lost[2] + u.flights * (role == "bomber"),
    )
    s._put_lw(u._replace(status=LOST, flights=0))


def _can_fly(s: FightState) -> bool:
    unplaced = any(not f.hex for f in s.forms)
    return (
        unplaced
        or any(s._available(u) and s.types[u.type].role == "bomber" for u in s.lw)
        or (s.options["hunter_packs"] and any(s._available(u) for u in s.lw))
    )


def _end_day(s: FightState) -> None:
    """The end of an Intermediate Game, or of a Campaign day turn."""
    # Intermediate Game, How to Move, Notes: "A unit that fails to land by the end of the game
    # is treated in the same way" (shot down, every flight counting for victory points)
    for r in s.raf:
        if r.status == AIR:
            s.lost = (s.lost[0] + r.flights, s.lost[1], s.lost[2])
            s._put_raf(r._replace(status=LOST, hex="", flights=0, engaged=0))
            s.say(f"{r.sqn} Squadron is still in the air when the day ends and is lost")
    stranded = tuple(uid for f in s.forms for uid in f.units if f.hex)
    for uid in stranded:
        _lose_unit(s, uid)
    if stranded:
        s.say(f"{len(stranded)} Luftwaffe unit(s) still in the air when the day ends are lost")
    s.forms = ()
    if not s.campaign:
        s._finish("the day is over")
        return
    # The Campaign Game: returning units go into maintenance, maintained ones come back
    returning = [u for u in s.lw if u.status == RETURNING]
    keep: set[int] = set()
    if s.options["maintenance"]:
        # Maintenance: only half the Me 109s need it; an odd one stays available
        me109 = sorted(u.id for u in returning if u.type == "me109")
        keep = set(me109[len(me109) // 2 :])
    lw = []
    for u in s.lw:
        if u.status == MAINT or u.status == POOL:
            lw.append(u._replace(status=POOL, missions=0, ready=1, land_by=0))
        elif u.status == RETURNING:
            lw.append(
                u._replace(status=POOL if u.id in keep else MAINT, missions=0, ready=1, land_by=0)
            )
        else:
            lw.append(u)
    s.lw = tuple(lw)
    s.raf = tuple(
        r._replace(at=r.base, hex="", ready=1, land_by=0, moved=False, engaged=0, contact=0)
        if r.status == GROUND
        else r
        for r in s.raf
    )
    if s.campaign_over():
        return
    if s.day + 1 >= min(s.rules.campaign_days, len(s.comp.days)):
        s._finish("the last day turn is over")
        return
    s.day += 1
    s.turn_no = 1
    s.finished = False
    s.avail = -1
    s.weather = "clear"
    s.say(f"day turn {s.day + 1}: {s.comp.days[s.day]}")
    s._push(*s._day_start())


_AUTO: dict[str, Callable[[FightState, Task], None]] = {
    "turnback": _auto_turnback,
    "launch": _auto_launch,
    "follow": _auto_follow,
    "contacts": _auto_contacts,
    "fight_end": _auto_combat_end,
    "bombing": _auto_bombing,
    "end_turn": _auto_end_turn,
}


def _live_shoot(s: FightState, task: Task) -> bool:
    strength, _ = s.strength(task[1], task[2])
    return strength > 0


def _live_form(s: FightState, task: Task) -> bool:
    f = s.form(task[1])
    if f is None or not f.hex:
        return False
    if task[0] == "aa":
        return s.aa_value(f) > 0 and s.flights_of(f.units, "bomber") > 0
    if task[0] == "bomb":
        return s.flights_of(f.units, "bomber") - max(f.aborts, 0) > 0 and f.aborts >= 0
    return f.hex != "" and (s.flights_of(f.units) > 0)


def _live_contact(s: FightState, task: Task) -> bool:
    if task[1] == "raf":
        r = s.sqn(task[3])
        return r.status == AIR and r.hex == task[2]
    f = s.form(task[3])
    return f is not None and f.hex != ""


_LIVE: dict[str, Callable[[FightState, Task], bool]] = {
    "shoot": _live_shoot,
    "aa": _live_form,
    "bomb": _live_form,
    "urban_aa": _live_form,
    "contact": _live_contact,
    "tactical": lambda s, t: True,
    "weather": lambda s, t: True,
    "availability": lambda s, t: True,
}


FightState.handlers = {
    **handlers_of(FightState),
    "combat": FightState._do_pick_fight,
}


def _task(raw: list[Any]) -> Task:
    return tuple(tuple(x) if isinstance(x, list) else x for x in raw)


def _view(s: FightState, seat: str | None, infostate: bool = True) -> JSON:
    from .views import view

    return view(s, seat, infostate)


def _determinize(s: FightState, seat: str, rng: Any) -> FightState:
    from .views import determinize

    return determinize(s, seat, rng)


def _cache(name: str, /, **args: object) -> Action:
    key = (name, tuple(sorted(args.items())))
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(name, **args)
    return action


_ACTIONS: dict[tuple[str, tuple[tuple[str, object], ...]], Action] = {}
# filled in by decisions.py
_DECISIONS: dict[str, Any] = {}

"""How to Move and Intercept, Notes on Movement and the Intermediate Game's How to Move (landing
by a turn, refuelling, off-map bases, the Returning box), with the optional Sector Airfields
and Airfield Capacity where they limit the RAF's movement.

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import is_not
from typing import TYPE_CHECKING, Any

from dowding.engine import Action

from .board import Board
from .counters import (
    AIR,
    GROUND,
    GROUNDED,
    HOME,
    LOST,
    PATROL,
    R_HEX,
    R_SECTOR,
    R_SQN,
    R_STATUS,
    RAID,
    RETURNING,
    Form,
    Raf,
    Task,
)

if TYPE_CHECKING:
    from .state import FightState

_PATHS: dict[tuple[Any, ...], list[tuple[str, ...]]] = {}


def _outbound(board: Board, start: str, steps: int, target: str) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    _walk_out(board, start, (), steps, target, found)
    return found


def _walk_out(
    board: Board,
    h: str,
    path: tuple[str, ...],
    steps: int,
    target: str,
    found: list[tuple[str, ...]],
) -> None:
    # (a module function rather than a nested one: a nested walk refers to itself, a cycle
    # left to the garbage collector after every search)
    if h == target and path:
        found.append(path)
        return
    if len(path) == steps:
        if board.reaches(h, target):
            found.append(path)
        return
    for n in board.edges.get(h, ()):
        if board.reaches(n, target):
            _walk_out(board, n, (*path, n), steps, target, found)


def _direct(board: Board, start: str, steps: int, goal: str | None) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    _walk_direct(board, start, (), steps, goal, found)
    return found


def _walk_direct(
    board: Board,
    h: str,
    path: tuple[str, ...],
    steps: int,
    goal: str | None,
    found: list[tuple[str, ...]],
) -> None:
    # every hex entered one nearer the goal (or, with none, the nearest raid assembly hex)
    d = _goal_distance(board, h, goal)
    if len(path) == steps or d == 0:
        found.append(path)
        return
    for n in board.neighbours[h]:
        if _goal_distance(board, n, goal) == d - 1:
            _walk_direct(board, n, (*path, n), steps, goal, found)


def _goal_distance(board: Board, h: str, goal: str | None) -> int:
    return board.home_distance(h) if goal is None else board.distance(h, goal)


def _paths(
    board: Board, key: str, start: str, steps: int, goal: str | None
) -> list[tuple[str, ...]]:
    """Paths along the arrows of exactly ``steps`` hexes towards ``goal`` ("out": ``_outbound``;
    a path stops early on the target itself), or the most direct route, every hex entered one
    nearer ``goal`` (or, with no goal, the nearest raid assembly hex): ``_direct``. The board
    never changes, so each answer is kept."""
    cached = (id(board), key, start, steps, goal)
    found = _PATHS.get(cached)
    if found is None:
        if key == "out":
            assert goal is not None
            found = _outbound(board, start, steps, goal)
        else:
            found = _direct(board, start, steps, goal)
        _PATHS[cached] = found
    return found


def formation_paths(
    board: Board, start: str, allowance: int, mode: str, goal: str | None, blocked: frozenset[str]
) -> dict[str, tuple[str, ...]]:
    """Endpoint -> the path taken, for a formation on ``start`` flying ``mode`` ("out" towards
    its target hex ``goal``, "home", or "patrol" towards its patrol hex ``goal``), the hexes
    ``blocked`` by other formations; the fewest urban hexes on the way (Notes on Movement).
    A function of the board and what is on it alone, so a seat's odds can ask it too; each
    answer is kept (callers only read it)."""
    key = (id(board), start, allowance, mode, goal, blocked)
    found = _FORMATION_PATHS.get(key)
    if found is None:
        if len(_FORMATION_PATHS) >= 100_000:
            _FORMATION_PATHS.clear()
        found = _FORMATION_PATHS[key] = _formation_paths(
            board, start, allowance, mode, goal, blocked
        )
    return found


_FORMATION_PATHS: dict[tuple[Any, ...], dict[str, tuple[str, ...]]] = {}


def _formation_paths(
    board: Board, start: str, allowance: int, mode: str, goal: str | None, blocked: frozenset[str]
) -> dict[str, tuple[str, ...]]:
    for steps in range(allowance, -1, -1):
        best = _best_paths(board, start, steps, mode, goal)
        if blocked:
            terrain = board.terrain
            best = {
                end: path
                for end, path in best.items()
                if end not in blocked or terrain[end] == "assembly"
            }
        if best:
            return best
        if steps == 0:
            break
    return {start: ()}


def _best_paths(
    board: Board, start: str, steps: int, mode: str, goal: str | None
) -> dict[str, tuple[str, ...]]:
    """Endpoint -> the path with the fewest urban hexes of ``steps`` hexes (see
    :func:`formation_paths`), before the hexes blocked by other formations are taken out: those
    take out whole endpoints, so the best path to every other endpoint stays the same. A
    function of the board alone, so each answer is kept (callers only read it)."""
    if mode == "home":
        steps = min(steps, board.home_distance(start))
    elif mode == "patrol":
        assert goal is not None
        steps = min(steps, board.distance(start, goal))
    key = (id(board), start, steps, mode, goal)
    best = _BEST_PATHS.get(key)
    if best is None:
        if mode == "home":
            paths = _paths(board, "direct", start, steps, None)
        elif mode == "patrol":
            paths = _paths(board, "direct", start, steps, goal)
        else:
            paths = _paths(board, "out", start, steps, goal)
        best = {}
        urban_of: dict[str, int] = {}
        for path in paths:
            end = path[-1] if path else start
            if end in board.assembly and mode != "home" and path:
                continue
            urban = sum(1 for h in path if h in board.urban_aa)
            if end not in best or (urban, path) < (urban_of[end], best[end]):
                best[end] = path
                urban_of[end] = urban
        _BEST_PATHS[key] = best
    return best


_BEST_PATHS: dict[tuple[Any, ...], dict[str, tuple[str, ...]]] = {}


def _bases_in_reach(board: Board, start: str, left: int, offmap_cost: int) -> tuple[str, ...]:
    """The airbases a unit on ``start`` with ``left`` to move can land at, before Airfield
    Capacity (sorted); a function of the board alone, so each answer is kept."""
    key = (id(board), start, left, offmap_cost)
    found = _BASES_IN_REACH.get(key)
    if found is None:
        # with no assembly hex within reach to fly around, a hex's cost is its distance
        reach = None if 0 <= left < board.home_distance(start) else board.within(start, left)
        bases = []
        for base in board.bases.values():
            if reach is None:
                cost = board.distance(start, base.hex)
                if cost > left:
                    continue
            else:
                found_cost = reach.get(base.hex)
                if found_cost is None:
                    continue
                cost = found_cost
            if base.offmap and cost + offmap_cost > left:
                continue
            bases.append(base.id)
        found = _BASES_IN_REACH[key] = tuple(sorted(bases))
    return found


_BASES_IN_REACH: dict[tuple[int, str, int, int], tuple[str, ...]] = {}


class _Aloft:
    """The squadrons in the air, by hex and by sector, read from one tuple of squadrons, and the
    hexes they block for a squadron not among them, by (limit a hex, sector): see ``_aloft``."""

    __slots__ = ("_blocked", "by_sector", "crowd", "raf")

    def __init__(
        self, raf: tuple[Raf, ...], crowd: dict[str, list[Raf]], by_sector: dict[str, int]
    ) -> None:
        self.raf = raf
        self.crowd = crowd
        self.by_sector = by_sector
        self._blocked: dict[tuple[int, str | None], frozenset[str]] = {}

    @classmethod
    def read(cls, raf: tuple[Raf, ...]) -> _Aloft:
        crowd: dict[str, list[Raf]] = {}
        by_sector: dict[str, int] = {}
        for x in raf:
            if x[R_STATUS] == AIR:
                crowd.setdefault(x[R_HEX], []).append(x)
                sector = x[R_SECTOR]
                by_sector[sector] = by_sector.get(sector, 0) + 1
        return cls(raf, crowd, by_sector)

    def after(self, raf: tuple[Raf, ...]) -> _Aloft | None:
        """This picture for ``raf`` where it differs from the tuple read in one squadron only (a
        squadron's move, take-off or landing), None otherwise: the one squadron taken out of
        the crowd as it was and put back as it is, on copies (this one is shared)."""
        before = self.raf
        if len(raf) != len(before):
            return None
        changed = list(map(is_not, raf, before))
        if changed.count(True) != 1:
            return None
        i = changed.index(True)
        was, now = before[i], raf[i]
        was_up, now_up = was[R_STATUS] == AIR, now[R_STATUS] == AIR
        if not was_up and not now_up:
            return _Aloft(raf, self.crowd, self.by_sector)  # no change in the air
        crowd = dict(self.crowd)
        by_sector = dict(self.by_sector)
        if was_up:
            there = [x for x in crowd[was[R_HEX]] if x is not was]
            if there:
                crowd[was[R_HEX]] = there
            else:
                del crowd[was[R_HEX]]
            by_sector[was[R_SECTOR]] -= 1
            if not by_sector[was[R_SECTOR]]:
                del by_sector[was[R_SECTOR]]
        if now_up:
            crowd[now[R_HEX]] = [*crowd.get(now[R_HEX], ()), now]
            by_sector[now[R_SECTOR]] = by_sector.get(now[R_SECTOR], 0) + 1
        return _Aloft(raf, crowd, by_sector)

    def blocked(self, limit: int, sector: str | None) -> frozenset[str]:
        """The hexes a squadron on the ground may not end its move on: ``limit`` squadrons
        there, or (``sector`` given: Sector Airfields) a squadron of another sector."""
        key = (limit, sector)
        found = self._blocked.get(key)
        if found is None:
            found = self._blocked[key] = frozenset(
                h
                for h, there in self.crowd.items()
                if len(there) >= limit or (sector is not None and _foreign(there, sector))
            )
        return found


def _foreign(there: list[Raf], sector: str) -> bool:
    return any(x[R_SECTOR] != sector for x in there)


# One entry: what the squadrons in the air block, with the tuple it was read from. The tuple is
# replaced whenever a squadron changes, and the RAF's movement decision and the squadron's
# destinations after it read the same tuple; a state's copies share the entry only while they
# share the tuple (it is checked by identity, and held, so that identity is never reused).
# Between two moves one squadron changes: the next entry is made from the last.
_ALOFT: list[_Aloft | None] = [None]


def _aloft(raf: tuple[Raf, ...]) -> _Aloft:
    last = _ALOFT[0]
    if last is not None and last.raf is raf:
        return last
    found = None if last is None else last.after(raf)
    if found is None:
        found = _Aloft.read(raf)
    _ALOFT[0] = found
    return found


class Movement:
    # --- allowances ---------------------------------------------------------------------------
    def allowance_of(self, units: tuple[int, ...]) -> int:
        """Notes on Movement: the slowest unit governs; Weather: -1 in poor weather."""
        move = min(map(self.unit_move.__getitem__, units))
        if self.weather == "poor":
            move -= 1
        return max(1, move)

    def raf_allowance(self, r: Raf) -> int:
        move = self.types[r.type].move
        return max(1, move - 1) if self.weather == "poor" else move

    # --- flight-path movement -----------------------------------------------------------------
    def home_bound(self, f: Form) -> bool:
        return f.kind == HOME or (f.kind == RAID and f.bombed)

    def move_options(self, f: Form) -> dict[str, tuple[str, ...]]:
        """Endpoint -> the path taken, for one formation's move this turn."""
        fid = f.id
        if f.kind == PATROL:
            blocked = frozenset(
                g.hex for g in self.forms if g.kind == PATROL and g.hex and g.id != fid
            )
            goal: str | None = f.patrol
            mode = "patrol"
        else:
            blocked = frozenset(
                g.hex for g in self.forms if g.kind != PATROL and g.hex and g.id != fid
            )
            home = self.home_bound(f)
            goal = None if home else self.board.target_hex[f.target]
            mode = "home" if home else "out"
        return formation_paths(self.board, f.hex, self.allowance_of(f.units), mode, goal, blocked)

    # --- RAF movement -------------------------------------------------------------------------
    def sector_capacity(self, sector: str) -> int:
        """Sector Airfields: 3 units, less 1 for every 2 hits on the sector airfield."""
        hits = self.hits_on(sector) if sector in self.target_index else 0
        return max(0, self.rules.sector_control - hits // self.rules.hits_per_control)

    def can_take_off(self, r: Raf, aloft: dict[str, int] | None = None) -> bool:
        """``aloft``, when given, is :meth:`aloft_by_sector` (the same for every unit)."""
        if r.status != GROUND or r.ready > self.turn_no:
            return False
        if self.options["sector_airfields"] and not self.basic:
            if aloft is None:
                aloft = self.aloft_by_sector()
            if aloft.get(r.sector, 0) >= self.sector_capacity(r.sector):
                return False
        return True

    def aloft_by_sector(self) -> dict[str, int]:
        """The RAF units in the air, counted by sector."""
        aloft: dict[str, int] = {}
        for x in self.raf:
            if x.status == AIR:
                aloft[x.sector] = aloft.get(x.sector, 0) + 1
        return aloft

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
        blocked = self._raf_blocked(r)
        if blocked is None:
            return []
        ordered = self.board.within_ordered(start, left)
        if not blocked:
            return list(ordered)
        return [h for h in ordered if h not in blocked]

    def can_fly(
        self,
        r: Raf,
        crowd: dict[str, list[Raf]] | None = None,
        blocked_by_sector: dict[str, frozenset[str] | set[str] | None] | None = None,
    ) -> bool:
        """Whether :meth:`raf_destinations` has any hex for ``r``; ``crowd``, when given, is
        :meth:`raf_crowd` for a unit that is not in the air (the same for every such unit), and
        ``blocked_by_sector`` keeps what that crowd blocks for each sector's units ("": for every
        unit, without Sector Airfields)."""
        start, left = self.raf_start(r)
        if left < 0:
            return False
        if r.status != AIR and crowd is not None and blocked_by_sector is not None:
            # the sector matters only under Sector Airfields (see _raf_blocked)
            sector = r.sector if self.options["sector_airfields"] and not self.basic else ""
            if sector in blocked_by_sector:
                blocked = blocked_by_sector[sector]
            else:
                blocked = blocked_by_sector[sector] = self._raf_blocked(r, crowd)
        else:
            blocked = self._raf_blocked(r, crowd if r.status != AIR else None)
        if blocked is None:
            return False
        if not blocked:
            return True  # the hexes within reach always hold the start hex
        return any(h not in blocked for h in self.board.within_ordered(start, left))

    def ground_fliers(self) -> Callable[[Raf], bool]:
        """``can_take_off(r) and can_fly(r)`` for any unit not in the air, with the units in the
        air looked at once per tuple of squadrons (``_aloft``): the RAF's movement decision asks
        it of every squadron on the ground after each squadron's move."""
        turn = self.turn_no
        limit = self.rules.raf_per_hex
        sector_rule = self.options["sector_airfields"] and not self.basic
        aloft = _aloft(self.raf)
        by_sector = aloft.by_sector
        capacity: dict[str, int] = {}
        # without Sector Airfields a hex is blocked only by `limit` units on it
        crowded = aloft.blocked(limit, None)
        bases = self.board.bases
        types = self.types
        poor = self.weather == "poor"
        offmap_cost = self.rules.offmap_cost
        within_ordered = self.board.within_ordered

        def flies(r: Raf) -> bool:
            # can_take_off
            if r.status != GROUND or r.ready > turn:
                return False
            if sector_rule:
                sector = r.sector
                room = capacity.get(sector)
                if room is None:
                    room = capacity[sector] = self.sector_capacity(sector)
                if by_sector.get(sector, 0) >= room:
                    return False
            # can_fly: raf_start and raf_destinations
            move = types[r.type].move
            left = max(1, move - 1) if poor else move
            base = bases[r.at]
            if base.offmap:
                left -= offmap_cost
            if left < 0 or limit <= 0:
                return False
            blocked = aloft.blocked(limit, r.sector) if sector_rule else crowded
            if not blocked:
                return True  # the hexes within reach always hold the start hex
            reach = within_ordered(base.hex, left)
            # more hexes in reach than are blocked: one is free
            return len(reach) > len(blocked) or any(h not in blocked for h in reach)

        return flies

    def raf_crowd(self, sqn: str | None = None) -> dict[str, list[Raf]]:
        """The RAF units in the air other than ``sqn``, by hex."""
        crowd: dict[str, list[Raf]] = {}
        for x in self.raf:
            # engaged squadrons count too: they end the movement on the hex like any other
            # (Sector Airfields: "only units controlled by the same airfield may be on the same
            # hex at the end of movement"; Notes on Movement: no more than two a hex)
            if x.status == AIR and x.sqn != sqn:
                crowd.setdefault(x.hex, []).append(x)
        return crowd

    def _raf_blocked(
        self, r: Raf, crowd: dict[str, list[Raf]] | None = None
    ) -> frozenset[str] | set[str] | None:
        """The hexes ``r`` may not end its move on (None: every hex)."""
        limit = self.rules.raf_per_hex
        if limit <= 0:
            return None
        sector_rule = self.options["sector_airfields"] and not self.basic
        if crowd is None:
            # the crowd read once per tuple of squadrons, less ``r`` itself where it flies
            aloft = _aloft(self.raf)
            sector = r.sector if sector_rule else None
            blocked = aloft.blocked(limit, sector)
            if r.status != AIR:
                return blocked
            there = [x for x in aloft.crowd.get(r.hex, ()) if x[R_SQN] != r.sqn]
            if len(there) >= limit or (sector is not None and _foreign(there, sector)):
                return blocked if r.hex in blocked else blocked | {r.hex}
            return blocked - {r.hex} if r.hex in blocked else blocked
        # Notes on Movement: no more than two RAF units a hex at the end of movement
        return {
            h
            for h, there in crowd.items()
            if len(there) >= limit or (sector_rule and any(x.sector != r.sector for x in there))
        }

    def landing_bases(self, r: Raf) -> list[str]:
        """Intermediate Game: any friendly airbase in reach; off-map ones cost 3 to enter."""
        if self.basic or r.status != AIR:
            return []
        found = _bases_in_reach(self.board, r.hex, self.raf_allowance(r), self.rules.offmap_cost)
        if self.options["airfield_capacity"]:
            bases = self.board.bases
            found = tuple(
                b
                for b in found
                if sum(1 for x in self.raf if x.status == GROUND and x.at == b) < bases[b].capacity
            )
        return list(found)

    # --- handlers: movement -------------------------------------------------------------------
    def _do_top(self, f: Form, uid: int) -> None:
        self._put_form(f._replace(top=uid, topped=True))

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
        engaged = r.engaged
        if engaged and h != r.hex:
            engaged = 0
        if r.status == GROUND:
            # How to Move and Intercept: take off by turning the counter face up
            endurance = self.types[r.type].endurance
            land_by = self.turn_no + endurance - 1 if endurance and not self.basic else 0
            self.say(f"{r.sqn} Squadron takes off")
            # (one _replace for the take-off and the move: the same counter as two)
            r = r._replace(status=AIR, land_by=land_by, at="", hex=h, moved=True, engaged=engaged)
        else:
            r = r._replace(hex=h, moved=True, engaged=engaged)
        self._put_raf(r)
        self.say(f"{r.sqn} Squadron flies to {h}")


# --- automatic tasks -------------------------------------------------------------------------
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


def _lose_unit(s: FightState, uid: int) -> None:
    u = s.unit(uid)
    role = s.types[u.type].role
    s.lost = (
        s.lost[0],
        s.lost[1] + u.flights * (role == "fighter"),
        s.lost[2] + u.flights * (role == "bomber"),
    )
    s._put_lw(u._replace(status=LOST, flights=0))

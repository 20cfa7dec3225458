"""The Luftwaffe's formations: the Basic Game's four (How to Play; How to Win the Basic Game:
secret targets, any assembly hex), assembling on turn 1 (How to Move and Intercept), the
Intermediate Game's How to Make Up Your Formations and How to Plan Your Raids, escorts turning
back for fuel, and the optional Preplanning.

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from dowding.engine import Action

from .counters import AIR, HOME, PATROL, POOL, RAID, RETURNING, Form, Lw, Task

if TYPE_CHECKING:
    from .state import FightState


class MakingUpFormations:
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

    def availability(self) -> Callable[[Lw], bool]:
        """:meth:`_available` for any unit, what depends on the turn alone looked at once (a
        formation's make-up asks it of all 76 units after each unit added)."""
        rules = self.rules
        types = self.types
        turn = self.turn_no
        fighter_missions, bomber_missions = rules.fighter_missions, rules.bomber_missions
        no_new = self.avail == 0  # no unit may fly its first mission today
        grounded = self.options["stukas"] and self.stukas_lost >= rules.stuka_flights_ground

        def available(u: Lw) -> bool:
            status = u.status
            if (status != POOL and status != RETURNING) or u.ready > turn:
                return False
            missions = u.missions
            fighter = types[u.type].role == "fighter"
            if missions >= (fighter_missions if fighter else bomber_missions):
                return False
            if no_new and missions == 0:
                return False
            return not (grounded and u.type == "ju87")

        return available

    def _in_build(self) -> set[int]:
        return {uid for f in self.forms if not f.hex and f.launch == 0 for uid in f.units}

    def takeoffs(self) -> dict[int, int]:
        """Preplanning: the formations on the sheet for each take-off turn, those that have
        taken off counted on the turn they did (four a turn at most)."""
        planned: dict[int, int] = {}
        for f in self.forms:
            turn = f.launch or (f.placed if f.hex else 0)
            if turn:
                planned[turn] = planned.get(turn, 0) + 1
        return planned

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

    def available_units(self) -> tuple[tuple[int, int, str, bool], ...]:
        """(id, group, role, allowance 3) of every unit :meth:`_available` now, in order.

        A formation's make-up asks for them after each unit added, and the units do not change
        while formations are made up: the answer is kept with the tuple of units it was read
        from (an immutable value, held by the memo, so a copy or a changed state can never
        read a stale answer) and what else availability reads."""
        key = (self.turn_no, self.avail, self.stukas_lost)
        memo = self._available_memo
        if memo is not None and memo[0] is self.lw and memo[1] == key:
            return memo[2]
        available = self.availability()
        types = self.types
        found = []
        for u in self.lw:
            if available(u):
                kind = types[u.type]
                found.append((u.id, u.group, kind.role, kind.move == 3))
        units = tuple(found)
        self._available_memo = (self.lw, key, units)
        return units

    def addable_units(self, f: Form) -> list[int]:
        """The units that may join ``f`` now, in order: available (:meth:`_available`), in no
        formation not yet on the map (:meth:`_planned`) and allowed by the organisation's
        restrictions (:meth:`can_add`). A formation's make-up asks this after each unit added,
        so it is one pass over the available units with the formation's members read once."""
        rules = self.rules
        types = self.types
        if len(f.units) >= rules.max_units_per_formation:
            return []
        members = [self.unit(x) for x in f.units]
        if f.kind == PATROL:
            # Hunter Packs: air patrols of up to 3 fighter units
            fighters_room = len(members) < rules.patrol_size
            bombers_room = False
            match = None
        else:
            fighters_room = sum(1 for m in members if types[m.type].role == "fighter") < (
                rules.max_fighters_per_formation
            )
            # a bomber joins only bombers of its group, allowance 3 with allowance 3: it must
            # match every bomber in it, so two that differ already let no bomber in
            bombers = {
                (m.group, types[m.type].move == 3)
                for m in members
                if types[m.type].role == "bomber"
            }
            bombers_room = len(bombers) <= 1
            match = next(iter(bombers)) if len(bombers) == 1 else None
        planned = self._planned()
        found = []
        for uid, group, role, slow in self.available_units():
            if uid in planned:
                continue
            # can_add
            if role == "fighter":
                if not fighters_room:
                    continue
            elif not bombers_room or (match is not None and match != (group, slow)):
                continue
            found.append(uid)
        return found

    # --- handlers: Luftwaffe set-up and forming ----------------------------------------------
    def _do_aim(self, task: Task, action: Action) -> None:
        f = self.form(task[1])
        assert f is not None
        if action.kind == "patrol":
            self._put_form(f._replace(patrol=action.word("at")))
            self.lw_only(f"a patrol will fly to {action.word('at')}")
        else:
            self._put_form(f._replace(target=action.word("at")))
            place = self.board.targets[action.word("at")].place
            # the Intermediate and Campaign games plan a raid's target on the roster sheet (How
            # to Plan Your Raids); the Basic Game picks one of its six (How to Win the Basic Game)
            where = "" if self.basic else " (on the roster)"
            self.lw_only(f"formation {f.id} will bomb {place}{where}")
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
        turn = int(action.number("turn"))
        self._put_form(f._replace(launch=turn))
        self.lw_only(f"formation {f.id} will take off on turn {turn}")
        if turn <= self.turn_no:
            self._push(("place", f.id))  # planned to take off now (and, kept, again next turn)

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
    """Preplanning: formations planned for this turn take off now, in the sheet's order."""
    s._push(*(("place", f.id) for f in s.forms if not f.hex and f.launch and f.launch <= s.turn_no))

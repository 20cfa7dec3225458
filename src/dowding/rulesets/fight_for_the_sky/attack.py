"""How to Attack and Notes on Attack: the dogfights (A)-(E), Steps (1)-(7), the Losses Track;
with Hunter Packs' altered attack sequence, Tactical Advantages, Sector Airfields' engaged
squadrons and the Stukas' insisting on Ju 87 losses.

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action

from .components import LUFTWAFFE, RAF
from .counters import AIR, HOME, LOST, PATROL, RAID, Raf, Task
from .movement import _aloft
from .tables import attack_result

if TYPE_CHECKING:
    from .state import FightState


class Attack:
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


# --- automatic tasks and chance checks ------------------------------------------------------
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
    # the squadrons aloft by hex, kept with the squadron tuple (movement._aloft), rather than
    # every squadron looked at for every formation: any squadron on a patrol's hex, and for any
    # other formation those in contact with it (fighting_raf)
    crowd = _aloft(s.raf).crowd
    weather = s.options["weather"] and s.weather != "clear"
    found = []
    for f in s.forms:
        if not f.hex or f.hex in done:
            continue
        there = crowd.get(f.hex)
        if not there:
            continue
        if f.kind == PATROL:
            if f.aborts < 0:
                continue
            found.append(f.hex)
        elif not weather or any(r.contact == f.id for r in there):
            found.append(f.hex)
    return sorted(set(found), key=s.board.coords.__getitem__)


def _live_shoot(s: FightState, task: Task) -> bool:
    strength, _ = s.strength(task[1], task[2])
    return strength > 0

"""The Campaign Game: the day turns and their start (the optional availability roll and
Weather, whether the Luftwaffe flies), end conditions (1)-(4), the end of a day (also the end
of an Intermediate Game) with the Notes' maintenance and the optional Maintenance.

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action

from .counters import AIR, GROUND, LOST, MAINT, OUT, POOL, RETURNING, Task
from .movement import _lose_unit

if TYPE_CHECKING:
    from .state import FightState


class CampaignGame:
    def _day_start(self) -> list[Task]:
        tasks: list[Task] = []
        if self.options["availability"] and self.campaign:
            tasks.append(("availability",))
        if self.options["weather"]:
            tasks.append(("weather",))
        if self.campaign and self.day > 0:
            tasks.append(("go",))
        return [*tasks, *self._turn_head(), *self._turn_tail()]

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

    def _do_go(self, task: Task, action: Action) -> None:
        if action.kind == "stop":
            # The Campaign Game, end condition (3)
            self._finish("the Luftwaffe flies no more missions")

    def _do_availability(self, task: Task, action: Action) -> None:
        row = int(action.number("d")) - 1
        self.avail = self.comp.availability_table[row][self.day]
        self.say(f"the Luftwaffe may fly {self.avail} units today")


# --- the end of a day -----------------------------------------------------------------------
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
            # only the counters that change are rebuilt (the same values either way): most of
            # the pool has not flown
            if u.status == POOL and u.missions == 0 and u.ready == 1 and u.land_by == 0:
                lw.append(u)
            else:
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
        and (
            r.at != r.base
            or r.hex
            or r.ready != 1
            or r.land_by
            or r.moved
            or r.engaged
            or r.contact
        )
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

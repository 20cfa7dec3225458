"""The Campaign Game's optional Weather: the day's weather and the contact rolls in cloudy and
poor weather (its Notes). The -1 allowance in poor weather is in movement.py.

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action

from .counters import AIR, PATROL, Task

if TYPE_CHECKING:
    from .state import FightState


class Weather:
    def _do_weather(self, task: Task, action: Action) -> None:
        row = int(action.number("d")) - 1
        self.weather = self.comp.weather_table[row][min(self.day, len(self.comp.days) - 1)]
        self.say(f"the weather today is {self.weather}")

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


# --- automatic tasks and chance checks ------------------------------------------------------
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


def _live_contact(s: FightState, task: Task) -> bool:
    if task[1] == "raf":
        r = s.sqn(task[3])
        return r.status == AIR and r.hex == task[2]
    f = s.form(task[3])
    return f is not None and f.hex != ""

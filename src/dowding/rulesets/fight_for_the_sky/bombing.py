"""How to Bomb: anti-aircraft fire, Steps (1)-(3), and the bombing, Steps (4)-(7); the urban
hexes strayed onto on the way home (Notes on Movement); the Intermediate Game's How to Attack
and Bomb (the Ju 87 modifiers, overkill, a destroyed target's AA).

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dowding.engine import Action

from .board import Board
from .components import LUFTWAFFE, Rules
from .counters import GROUND, RAID, Form, Task
from .tables import aa_result, bombing_result

if TYPE_CHECKING:
    from .state import FightState


class Bombing:
    def ju87_only(self, f: Form) -> bool:
        """Intermediate Game: the Ju 87 modifiers hold unless other bombers fly with them."""
        if self.basic:
            return False
        bombers = [self.unit(u).type for u in f.units if self.role(u) == "bomber"]
        return bool(bombers) and all(t == "ju87" for t in bombers)

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
        target = self.board.hex_target.get(f.hex)
        lost = target is not None and not self.basic and self.destroyed(target)
        return aa_value_at(self.board, self.rules, f.hex, lost, self.ju87_only(f))

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


def aa_value_at(board: Board, rules: Rules, h: str, target_lost: bool, ju87_only: bool) -> int:
    """The AA value over hex ``h``: its urban guns or its target's AA, whichever is higher;
    ``target_lost``: Intermediate, a destroyed target's AA is lost, except Dover's urban guns;
    ``ju87_only``: the Ju 87 modifier. A function of the board alone, for the odds too."""
    target = board.hex_target.get(h)
    value = board.urban_aa.get(h, 0)
    if target is not None and not target_lost:
        value = max(value, board.targets[target].aa)
    if ju87_only:
        value = min(value + rules.ju87_aa_bonus, rules.max_aa)
    return value


# --- automatic tasks and chance checks ------------------------------------------------------
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


def _live_form(s: FightState, task: Task) -> bool:
    f = s.form(task[1])
    if f is None or not f.hex:
        return False
    if task[0] == "aa":
        return s.aa_value(f) > 0 and s.flights_of(f.units, "bomber") > 0
    if task[0] == "bomb":
        return s.flights_of(f.units, "bomber") - max(f.aborts, 0) > 0 and f.aborts >= 0
    return f.hex != "" and (s.flights_of(f.units) > 0)

"""How to Play: the game turn (Luftwaffe movement, RAF movement and interception, the
dogfights, bombing, the turn marker moved on) and the end of each turn: the Intermediate
Game's units that fail to land, and the end of a Basic Game (How to Win the Basic Game) or of a
day (the Intermediate Game's How to Win; the Campaign Game's day turns).

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .campaign import _end_day
from .counters import AIR, LOST, PATROL, Task
from .movement import _lose_unit

if TYPE_CHECKING:
    from .state import FightState


class GameTurn:
    # --- How to Play: the order of a game turn ------------------------------------------------
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


# --- the end of a game turn ---------------------------------------------------------------
def _auto_end_turn(s: FightState, task: Task) -> None:
    # Intermediate Game: a unit that fails to land by its turn is shot down
    if not s.basic:
        for r in s.raf:
            if r.status == AIR and r.land_by and r.land_by <= s.turn_no:
                s.lost = (s.lost[0] + r.flights, s.lost[1], s.lost[2])
                s._put_raf(r._replace(status=LOST, hex="", flights=0, engaged=0))
                s.say(f"{r.sqn} Squadron fails to land and is lost")
        late = _late_units(s)
        for uid in late:
            _lose_unit(s, uid)
        if late:
            s._remove_units(tuple(late))
            s.say(f"{len(late)} Luftwaffe unit(s) fail to land and are lost")
        if s.campaign_over():
            return
    # only the counters that change are rebuilt (the same values either way)
    s.raf = tuple(
        r._replace(moved=False, contact=max(r.contact, 0)) if r.moved or r.contact < 0 else r
        for r in s.raf
    )
    s.forms = tuple(
        f._replace(
            moved=False, topped=False, aborts=0 if f.aborts < 0 and f.kind == PATROL else f.aborts
        )
        if f.moved or f.topped or (f.aborts < 0 and f.kind == PATROL)
        else f
        for f in s.forms
    )
    s.fight = ()
    s.formed = 0
    if s.basic:
        if not s.forms:
            s._finish("every formation has bombed and returned to France")
            return
        if s.turn_no >= s.comp.basic.max_turns:
            s._finish("the turn limit")
            return
    elif day_ends_this_turn(s):
        _end_day(s)
        return
    s.turn_no += 1
    s.say(f"turn {s.turn_no}")
    s._push(*s._turn_head(), *s._turn_tail())


def _late_units(s: FightState) -> list[int]:
    """The Luftwaffe units in the air on the map past their land-by turn, in the units' order:
    read from the formations on the map (a few units) rather than all 76 units."""
    turn = s.turn_no
    late = set()
    for f in s.forms:
        if f.hex:
            for uid in f.units:
                u = s.unit(uid)
                if u.status == AIR and u.land_by and u.land_by <= turn:
                    late.add(uid)
    return sorted(late, key=s.unit_index.__getitem__)


def day_ends_this_turn(s: FightState) -> bool:
    """Intermediate Game, Sequence of Play: whether the day ends when this turn does. It does on
    its last turn, or after the first once nothing of the Luftwaffe is on the map and no more
    raids are to come (it has said it flies no more, or has no bomber left to fly). The rule
    reads it at the turn's end; the players read it earlier, where formations still on the map
    keep the day going."""
    if s.basic:
        return False
    if s.turn_no >= s.rules.turns_per_day:
        return True
    return s.turn_no > 1 and not any(f.hex for f in s.forms) and (s.finished or not _can_fly(s))


def _can_fly(s: FightState) -> bool:
    unplaced = any(not f.hex for f in s.forms)
    available = s.availability()
    return (
        unplaced
        or any(available(u) and s.types[u.type].role == "bomber" for u in s.lw)
        or (s.options["hunter_packs"] and any(available(u) for u in s.lw))
    )

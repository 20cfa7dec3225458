"""Optional Rules, Hunter Packs: a patrol's strike on RAF units within 3 hexes once all normal
movement has finished. (Making up a patrol is in formations.py, its flight to the patrol hex in
movement.py, the altered attack sequence in attack.py.)

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from dowding.engine import Action

from .counters import Task


class HunterPacks:
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

"""Step 1, Advance the Scenario Turn Marker (the rules of ``shared/seeds/000_*``): the turn's
steps queued in the rulebook's order, or the scenario's end.

A mixin of :class:`dowding.rulesets.bob.state.BobState`; the task queue finds ``_auto_turn``
here by its name.
"""

from __future__ import annotations

from .pieces import Task


class TurnMarkerStep:
    def _auto_turn(self, task: Task) -> None:
        # Step 1, Advance the Scenario Turn Marker
        self.turn_no += 1
        if self.turn_no > self.last_turn:
            if self.campaign and self.campaign[0] < 2:
                self._next_campaign_scenario()
            else:
                self._finish()
            return
        self._say(f"Turn {self.turn_no} of {self.last_turn} begins.")
        self.queue = (
            ("production",),  # Step 2
            ("missions",),  # Step 3
            ("alert",),  # Step 4
            ("lw_phase",),  # Step 5
            ("raf_phase",),  # Step 6
            ("battle",),  # Step 7
            ("end_turn",),
            ("turn",),
            *self.queue,
        )

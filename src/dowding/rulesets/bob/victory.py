"""Winning: victory points, the end of a scenario and the campaign (the rules of ``shared/seeds/000_*``, as cited in each comment).

A mixin of :class:`dowding.rulesets.bob.state.BobState`: the methods read and replace the state's
fields; the task queue finds the ``_auto_``/``_do_`` handlers here by their names.
"""

from __future__ import annotations

from dowding.engine import Terminal

from .pieces import (
    DAMAGED,
)
from .tables import LUFTWAFFE, RAF
from .words import stage as stage_name


class VictoryRules:
    def _next_campaign_scenario(self) -> None:
        """The campaign: victory points carry over, and each scenario is set up anew."""
        lw, raf = self.victory_points()
        stage, lw_total, raf_total, _, _ = self.campaign
        gained = tuple(m for m, loc in enumerate(self.mission_loc) if loc == "lw")
        damaged = tuple(
            c
            for c, loc in enumerate(self.card_loc)
            if loc == DAMAGED and self.t.cards[c].side == LUFTWAFFE
        )
        self._say(f"{stage_name(self.stage)} ends: Luftwaffe {lw}, RAF {raf} victory points.")
        self.campaign = (stage + 1, lw_total + lw, raf_total + raf, gained, damaged)
        self._start_scenario(self.stage)
        self._say(f"The campaign goes on with {stage_name(self.stage)}.")

    def _finish(self) -> None:
        lw, raf = self.victory_points()
        if self.campaign:
            _, lw_total, raf_total, _, _ = self.campaign
            self._say(f"{stage_name(self.stage)} ends: Luftwaffe {lw}, RAF {raf} victory points.")
            lw, raf = lw + lw_total, raf + raf_total
        winner = LUFTWAFFE if lw > raf else RAF if raf > lw else None
        self.result = Terminal(
            winner,
            {RAF: float(raf), LUFTWAFFE: float(lw)},
            f"{'the campaign' if self.campaign else f'after {self.last_turn} turns'}: "
            f"Luftwaffe {lw}, RAF {raf} victory points",
        )
        self._say(f"Game over: {self.result.reason}.")
        self.queue = (("over",),)

    def victory_points(self) -> tuple[int, int]:
        """Winning, Victory Points."""
        lw = sum(1 for loc in self.mission_loc if loc == "lw")
        raf = 2 * sum(1 for loc in self.mission_loc if loc == "raf")
        for c, loc in enumerate(self.card_loc):
            if loc == DAMAGED:
                if self.t.cards[c].side == RAF:
                    lw += 1
                else:
                    raf += 1
        for name, target in self.t.targets.items():
            hits = self.hits.get(name, 0)
            if target.kind == "city":
                lw += 3 if hits >= target.hits else hits  # bomb 1 and bomb 2 markers, knocked out
            elif hits >= target.hits:
                lw += 1
        for f in self.flights.values():
            if f.ace:
                if f.side == RAF:
                    raf += 1
                else:
                    lw += 1
        return lw, raf

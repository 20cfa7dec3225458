"""How to Win the Basic Game and the Intermediate Game's How to Win: victory points and the
result (the Campaign Game's points are counted here too; its end conditions are in
campaign.py).

A mixin of :class:`dowding.rulesets.fight_for_the_sky.state.FightState`: the methods read and
replace the state's fields; the task queue finds the ``_do_`` handlers here by their names,
and state.py dispatches the automatic tasks and chance checks below by kind.
"""

from __future__ import annotations

from dowding.engine import Terminal

from .board import west_of
from .components import LUFTWAFFE, RAF


class Winning:
    # --- scores and the end -------------------------------------------------------------------
    def scores(self) -> dict[str, float]:
        """How to Win: the RAF 1 a fighter flight, 2 a bomber flight; the Luftwaffe 2 an RAF
        flight plus its bombing points, which differ by game."""
        raf = self.lost[1] + 2 * self.lost[2]
        lw = 2 * self.lost[0]
        board = self.board
        for t, hits in zip(self.target_ids, self.damage, strict=True):
            target = board.targets[t]
            if self.basic:
                lw += min(hits, target.aa)  # capped at the target hex's AA value
            elif self.campaign:
                lw += target.vp if hits >= target.boxes else 0
            elif target.kind == "radar" or west_of(
                board, board.target_hex[t], board.data.vp_west_of
            ):
                lw += hits
        return {RAF: float(raf), LUFTWAFFE: float(lw)}

    def _finish(self, reason: str) -> None:
        scores = self.scores()
        if scores[RAF] > scores[LUFTWAFFE]:
            winner: str | None = RAF
        elif scores[LUFTWAFFE] > scores[RAF]:
            winner = LUFTWAFFE
        else:
            winner = None
        self.result = Terminal(winner, scores, reason)
        self.queue = ()
        self.say(f"game over ({reason}): RAF {scores[RAF]:g}, Luftwaffe {scores[LUFTWAFFE]:g}")

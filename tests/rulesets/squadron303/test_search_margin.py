"""303 Squadron's search keeps the heuristic's pick unless another choice is clearly better."""

from __future__ import annotations

from dataclasses import replace

import pytest

from dowding.bots import make_player
from dowding.bots.ismcts import STRENGTHS, ISMCTSPlayer


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_every_strength_keeps_the_heuristics_pick_by_the_same_margin_of_p_win(
    strength: str,
) -> None:
    # the score is ½ + ½·P(the team wins): 0.025 is the 0.05 of P(win) crane and bob1990 keep
    player = make_player("squadron303", f"ismcts:{strength}", "p1", 1)
    assert isinstance(player, ISMCTSPlayer)
    assert player.budget == replace(STRENGTHS[strength], keep_margin=0.025)

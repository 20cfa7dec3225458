"""The fitted scores a truncated rollout ends on (issue 15): found by the search player for
every ruleset that offers one, chances that add up to one, and a lead on the points scoring
better for the side that holds it."""

from __future__ import annotations

import pytest

from dowding.bots.ismcts import _hooks
from dowding.engine import get_game
from dowding.rulesets.fight_for_the_sky import search as fight_search
from dowding.rulesets.fight_for_the_sky.components import LUFTWAFFE, RAF


@pytest.mark.parametrize("ruleset", ["bob", "crane", "fight-for-the-sky"])
def test_the_search_player_finds_a_fitted_score(ruleset: str) -> None:
    rollout, evaluate = _hooks(ruleset)
    assert rollout is not None and evaluate is not None
    game = get_game(ruleset)
    for scenario in game.scenarios:
        state = game.new_state(scenario.id, {})
        scored = evaluate(state)
        values = [v for k, v in scored.items() if k in (RAF, LUFTWAFFE)]
        assert len(values) == 2 and min(values) > 0.0 and abs(sum(values) - 1.0) < 1e-9


@pytest.mark.parametrize("scenario", ["basic", "intermediate"])
def test_fight_for_the_sky_bombing_points_favour_the_luftwaffe(scenario: str) -> None:
    # How to Win: a target's hits are the Luftwaffe's points (in the Basic Game up to its AA)
    game = get_game("fight-for-the-sky")
    state = game.new_state(scenario, {})
    before = fight_search.evaluate(state)[LUFTWAFFE]
    hit = state.copy()
    radar = next(
        i
        for i, t in enumerate(hit.target_ids)  # type: ignore[attr-defined]
        if hit.board.targets[t].kind == "radar"  # type: ignore[attr-defined]
    )
    damage = list(hit.damage)  # type: ignore[attr-defined]
    damage[radar] += 1
    hit.damage = tuple(damage)  # type: ignore[attr-defined]
    assert fight_search.margin(hit) == fight_search.margin(state) + 1
    assert fight_search.evaluate(hit)[LUFTWAFFE] > before

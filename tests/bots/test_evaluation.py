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


@pytest.mark.parametrize("scenario", ["basic", "intermediate"])
def test_fight_for_the_sky_start_is_near_even(scenario: str) -> None:
    # Intermediate: the Luftwaffe may announce no raids on turn 1 and so force a 0-0 day (a
    # draw, worth a half to each side): a fit that read the start as lost for it (the old margin
    # fit: 0.00001) made the search Luftwaffe take that draw in every game. Basic: a fit made when
    # the heuristic Luftwaffe won 86% read the start 0.89 and every RAF choice as lost. The
    # heuristic Luftwaffe's share of the games each is fitted to: 50.7% and 48.0%
    state = get_game("fight-for-the-sky").new_state(scenario, {})
    assert 0.4 < fight_search.evaluate(state)[LUFTWAFFE] < 0.6


def test_fight_for_the_sky_bombers_on_their_way_are_a_feature() -> None:
    # a raid made up and placed: its bombers' flights are the seventh feature
    game = get_game("fight-for-the-sky")
    state = game.new_state("basic", {})
    features = fight_search.features(state)
    assert len(features) == 7
    assert features[6] == features[5]  # every Basic bomber starts in a raid on its way

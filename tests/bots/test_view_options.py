"""A player that names ``view_options`` is handed a smaller view (the play-out loop and the web
server's thinkers build it so); it must pick as it would from the whole view.

Every ruleset's heuristic that declares them is played from both views side by side, two
players seeded alike, over whole games: the smaller view is the whole one less what the options
leave out, and each decision's pick is the same.
"""

from __future__ import annotations

import random

import pytest

from dowding.bots import make_player, player_kinds
from dowding.engine import Chance, Decision, Terminal, get_game, ruleset_ids

GAMES = 2
# the Scenarios where a view leaves out most: 303 Squadron's German Aces are re-dealt in the
# infostate of Battle of Britain Day
SCENARIOS = {"squadron303": ("attack-on-biggin-hill", "battle-of-britain-day")}


def _cases() -> list[tuple[str, str]]:
    cases = []
    for ruleset in ruleset_ids():
        game = get_game(ruleset)
        seat = game.seat_ids(None)[0]
        if "heuristic" in player_kinds(ruleset) and getattr(
            make_player(ruleset, "heuristic", seat, 0), "view_options", None
        ):
            for scenario in SCENARIOS.get(ruleset, (game.default_scenario,)):
                cases.append((ruleset, scenario))
    return cases


CASES = _cases()


def test_the_heuristics_that_save_on_views_are_checked() -> None:
    assert {"crane", "bob", "bob1990", "squadron303"} <= {r for r, _ in CASES}


@pytest.mark.parametrize(("ruleset", "scenario"), CASES)
def test_the_smaller_view_gives_the_same_picks(ruleset: str, scenario: str) -> None:
    game = get_game(ruleset)
    for seed in range(GAMES):
        state = game.new_state(scenario, {})
        dice = random.Random(seed)
        seats = state.seat_ids()
        whole = {s: make_player(ruleset, "heuristic", s, seed) for s in seats}
        slim = {s: make_player(ruleset, "heuristic", s, seed) for s in seats}
        decisions = 0
        while not isinstance(node := state.next(), Terminal):
            if isinstance(node, Chance):
                state.apply(node.sample(dice))
                continue
            assert isinstance(node, Decision)
            options = slim[node.seat].view_options  # type: ignore[attr-defined]
            full_view = state.view(node.seat)
            small_view = state.view(node.seat, **options)
            if options.get("infostate") is False:  # the same view, with no infostate in it
                assert small_view.get("infostate") is None
                assert _less_infostate(small_view) == _less_infostate(full_view)
            picked = whole[node.seat].choose(full_view, node)
            assert slim[node.seat].choose(small_view, node) == picked, (
                f"{ruleset} {scenario} seed {seed}, decision {decisions} ({node.prompt})"
            )
            state.apply(picked)
            decisions += 1
        assert decisions > 0


def _less_infostate(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k != "infostate"}

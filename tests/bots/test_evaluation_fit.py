"""The fitted scores still fit the games they stand for (issue 15).

A ruleset's ``search.evaluate`` is fitted to heuristic games (``benchmarks/fit_evaluation.py``),
and goes stale when a heuristic changes: bob's, fitted while its heuristic Luftwaffe won about a
tenth of Channel Battles, read the start as 0.01 for a side that now wins three in five, and
Fight for the Sky's Basic score read 0.89 for one that wins under half. A stale score misleads
every truncated rollout the search player makes. Here fresh heuristic games, on seeds the fits
never used, must be told apart better by the score than by the games' own base rate; a failure
means: refit, and paste the new weights into the ruleset's ``search.py``.
"""

from __future__ import annotations

import importlib
import math
import os
import random
from collections.abc import Callable

import pytest

from dowding.bots import make_player, play_out
from dowding.engine import Decision, State, Terminal, get_game

# ruleset, scenario, games (short form, DOWDING_SLOW=1 form), one decision in N sampled, the
# seat whose own policy and score are checked (None: the heuristic on both sides, the ruleset's
# ``evaluate``), and the game's options where a score has weights for each (crane's tables)
CASES: list[tuple[str, str, tuple[int, int], int, str | None, dict[str, str]]] = [
    ("fight-for-the-sky", "basic", (30, 100), 3, None, {}),
    ("fight-for-the-sky", "intermediate", (4, 30), 8, None, {}),
    ("fight-for-the-sky", "intermediate", (30, 100), 8, "luftwaffe", {}),
    ("fight-for-the-sky", "intermediate", (30, 100), 8, "raf", {}),
    ("bob", "channel-battle", (12, 60), 4, None, {}),
    ("bob", "london-burning", (12, 40), 4, None, {}),
    ("bob1990", "advanced", (8, 60), 4, None, {}),
    ("crane", "eight-heinkels", (12, 60), 4, None, {}),  # II.A's ping-pong table, the default
    ("crane", "eight-heinkels", (12, 60), 4, None, {"table": "6x4"}),
    # 303 Squadron's score is ½ + ½·P(the team wins) and a lost game is ½ to every seat, so
    # the score and the results are on the same scale; one case a Scenario (heuristic team
    # games take a twentieth of a second). Not Blitz, whose outcome no feature tried tells
    # (its fit is its base rate), nor the Campaign, whose legs are scored as their Scenarios
    # for the leg, not for the Campaign.
    *(
        ("squadron303", scenario, (30, 150), 4, None, {})
        for scenario in (
            "attack-on-biggin-hill",
            "home-sweet-home",
            "coming-home",
            "battle-of-britain-day",
        )
    ),
]
FIRST_SEED = 1000  # the fits used seeds from 0


def _log_loss(p: float, won: float) -> float:
    p = min(max(p, 1e-6), 1.0 - 1e-6)
    return -(won * math.log(p) + (1.0 - won) * math.log(1.0 - p))


class _Every:
    """A play-out's stop hook that never stops: scores one decision in ``every``."""

    def __init__(self, score: Callable[[State], float], every: int) -> None:
        self.score, self.every, self.step = score, every, 0
        self.rows: list[float] = []

    def __call__(self, position: State, decision: Decision) -> bool:
        if self.step % self.every == 0:
            self.rows.append(self.score(position))
        self.step += 1
        return False


def scored_positions(
    ruleset: str,
    scenario: str,
    games: int,
    every: int,
    own: str | None = None,
    options: dict[str, str] | None = None,
) -> tuple[list[float], list[float]]:
    """The score's chance for its fitted side at one decision in ``every`` of heuristic games,
    and each position's result for that side (a half where nobody won). With ``own``, that seat
    plays the search player's own policy and the score is its rollout player's
    (``search.py: rollout_player(own).evaluate``)."""
    search = importlib.import_module(f"dowding.rulesets.{ruleset.replace('-', '_')}.search")
    game = get_game(ruleset)
    bots = importlib.import_module(f"dowding.rulesets.{ruleset.replace('-', '_')}.bots")
    evaluate = search.evaluate if own is None else search.rollout_player(own).evaluate
    chances: list[float] = []
    results: list[float] = []
    for seed in range(FIRST_SEED, FIRST_SEED + games):
        state = game.new_state(scenario, dict(options or {}))
        players = {s: make_player(ruleset, "heuristic", s, seed) for s in state.seat_ids()}
        if own is not None:  # Fight for the Sky's: its heuristic with the own settings
            players[own] = bots.HeuristicPlayer(own, seed, **search.own_settings(scenario))
        sampler = _Every(lambda position: evaluate(position)[search.POSITIVE], every)
        node = play_out(state, players, dice=random.Random(seed), stop=sampler)
        assert isinstance(node, Terminal)
        won = 1.0 if node.winner == search.POSITIVE else 0.5 if node.winner is None else 0.0
        chances += sampler.rows
        results += [won] * len(sampler.rows)
    return chances, results


@pytest.mark.parametrize(("ruleset", "scenario", "games", "every", "own", "options"), CASES)
def test_the_fitted_score_beats_the_base_rate(
    ruleset: str,
    scenario: str,
    games: tuple[int, int],
    every: int,
    own: str | None,
    options: dict[str, str],
) -> None:
    n = games[1] if os.environ.get("DOWDING_SLOW") == "1" else games[0]
    chances, results = scored_positions(ruleset, scenario, n, every, own, options)
    base = sum(results) / len(results)
    fitted = sum(map(_log_loss, chances, results)) / len(results)
    constant = sum(_log_loss(base, r) for r in results) / len(results)
    assert fitted < constant, (
        f"{ruleset} {scenario} {own or ''}: the fitted score's log loss {fitted:.3f} over {n} heuristic games "
        f"is no better than the base rate's {constant:.3f} (its side's mean result {base:.0%}): "
        f"refit it ({_refit(ruleset, scenario, own, options)})"
    )


def _refit(ruleset: str, scenario: str, own: str | None, options: dict[str, str]) -> str:
    """The command that fits the score again."""
    if ruleset == "squadron303":  # every Scenario in one run, a team of heuristic pilots
        return "python3 benchmarks/squadron303_fit.py --games 300"
    return (
        f"python3 benchmarks/fit_evaluation.py --ruleset {ruleset} --scenario {scenario}"
        f"{'' if own is None else ' --own ' + own}"
        f"{''.join(f' with {k}={v}' for k, v in options.items())}"
    )

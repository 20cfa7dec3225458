"""Every optional rule, alone and all together, plays to its end with the computer players.

Parametrised over every registered ruleset's boolean and choice options (``Game.option_specs``):
each boolean flipped from its default and each other choice on its own, then all of them at once,
in every scenario, with both seats random and both seats heuristic (where the ruleset has one).
A game that loops fails here under the step bound instead of hanging a user's game. The CI form
plays one seed and leaves the heuristic's long scenarios (a campaign) to the slow form, which
plays three seeds of everything (DOWDING_SLOW=1).
"""

from __future__ import annotations

from typing import Any

import pytest

from dowding.bots import make_player, player_kinds
from dowding.engine import Terminal, get_game
from dowding.engine.registry import ruleset_ids
from tests.support import play

STEP_BOUND = 20_000
SLOW_SEEDS = (2, 3, 4)


def variants(ruleset: str) -> list[tuple[str, dict[str, object]]]:
    """(name, options): each yes/no or choice option alone, then all of them together (numbers,
    the players and the scale, have tests of their own)."""
    return get_game(ruleset).option_variants(numbers=False)


def _kinds(ruleset: str) -> list[str]:
    return [k for k in ("random", "heuristic") if k in player_kinds(ruleset)]


def _cases(slow: bool) -> list[Any]:
    params: list[Any] = []
    for ruleset in ruleset_ids():
        game = get_game(ruleset)
        for name, options in variants(ruleset):
            for scenario in (s.id for s in game.scenarios):
                for kind in _kinds(ruleset):
                    long = kind != "random" and "campaign" in scenario
                    if long and not slow:
                        continue
                    seeds = SLOW_SEEDS if slow else (1,)
                    for seed in seeds:
                        params.append(
                            pytest.param(
                                ruleset,
                                scenario,
                                options,
                                kind,
                                seed,
                                id=f"{ruleset}-{scenario}-{name}-{kind}-{seed}",
                            )
                        )
    return params


def _play(ruleset: str, scenario: str, options: dict[str, object], kind: str, seed: int) -> None:
    seats = get_game(ruleset).seat_ids(options)
    players = {
        seat: make_player(ruleset, kind, seat, seed * 31 + i) for i, seat in enumerate(seats)
    }
    match = play(ruleset, scenario, seed, players, max_steps=STEP_BOUND, options=options)
    assert isinstance(match.node(), Terminal)


@pytest.mark.parametrize(("ruleset", "scenario", "options", "kind", "seed"), _cases(slow=False))
def test_every_option_plays_to_the_end(
    ruleset: str, scenario: str, options: dict[str, object], kind: str, seed: int
) -> None:
    _play(ruleset, scenario, options, kind, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "scenario", "options", "kind", "seed"), _cases(slow=True))
def test_every_option_plays_to_the_end_long(
    ruleset: str, scenario: str, options: dict[str, object], kind: str, seed: int
) -> None:
    _play(ruleset, scenario, options, kind, seed)

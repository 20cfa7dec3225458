"""The long form of the conformance suite: 1000 seeds per ruleset and scenario (DOWDING_SLOW=1)."""

from __future__ import annotations

import itertools
import json

import pytest

from dowding.bots import make_player, player_kinds
from dowding.engine import Action, Decision, Match, Node, Terminal, get_game, replay
from tests.support import (
    BIG_SEED,
    cases,
    check_copy,
    check_dict,
    check_node,
    check_refusals,
    check_views,
    play,
)

SWEEP_SEEDS = range(1000)
BOT_SEEDS = range(100)


@pytest.mark.slow
@pytest.mark.parametrize("case", cases())
def test_sweep(case: tuple[str, str]) -> None:
    """Every seed is played; the failures are collected so one run names all the bad seeds."""
    failures: list[str] = []
    for seed in SWEEP_SEEDS:
        try:
            sweep_one(case, seed)
        except Exception as exc:  # a crash in the rules is as much a finding as a failed check
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} of {len(SWEEP_SEEDS)} seeds failed:\n" + "\n".join(
        failures[:20]
    )


@pytest.mark.slow
@pytest.mark.parametrize("case", cases())
def test_bot_sweep(case: tuple[str, str]) -> None:
    """Each computer player kind against each (random included), 100 seeds: legal to the end."""
    kinds = player_kinds(case[0])
    seats = get_game(case[0]).seat_ids()
    failures: list[str] = []
    for kind_a, kind_b, seed in itertools.product(kinds, kinds, BOT_SEEDS):
        line_up = dict(zip(seats, itertools.cycle((kind_a, kind_b)), strict=False))
        players = {seat: make_player(case[0], k, seat, seed) for seat, k in line_up.items()}
        try:
            play(*case, seed, players=players)
        except Exception as exc:
            failures.append(f"{line_up} seed {seed}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} games failed:\n" + "\n".join(failures[:20])


def sweep_one(case: tuple[str, str], seed: int) -> None:
    game = get_game(case[0])
    last_option: list[Action] = []

    def hook(match: Match, node: Node, step: int) -> None:
        state = match.state
        check_node(game, state, node)
        if isinstance(node, Decision):
            last_option[:] = [node.options[-1]]
        if step % 25 == 0 or isinstance(node, Terminal):
            check_refusals(state, node, last_option[0] if last_option else None)
            check_copy(state, node)
            check_dict(game, state, node)
            check_views(game, state, node, BIG_SEED + seed, tries=2)

    match = play(*case, seed, hook=hook)
    records = [json.loads(line) for line in match.log_lines()]
    again = replay(records[0], records[1:-1], records[-1])
    assert again.log_lines() == match.log_lines()

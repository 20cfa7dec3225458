"""The search player on every ruleset and scenario: legal choices, from the view alone.

It reaches rulesets only through the engine (``state_from_view``, ``determinize``, options,
chance outcomes), so each new ruleset is covered as soon as it is registered. Budgets are tiny:
this checks the contract, not the play (benchmarks/strength.py measures that).
"""

from __future__ import annotations

import json
import random

import pytest

from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Chance, Decision, Terminal, get_game, view
from tests.support import cases

CASES = cases()


def _tiny(ruleset: str, seat: str, seed: int) -> ISMCTSPlayer:
    return ISMCTSPlayer(ruleset, seat, seed, "novice", simulations=3, depth=3, seconds=5.0)


def _advance(ruleset: str, scenario: str, seed: int, decisions: int):  # type: ignore[no-untyped-def]
    """A random game of ``decisions`` choices; the state it reaches."""
    game = get_game(ruleset)
    state = game.new_state(scenario, {})
    rng = random.Random(seed)
    made = 0
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
            continue
        if made == decisions:
            break
        state.apply(rng.choice(node.options))
        made += 1
    return state


@pytest.mark.parametrize("case", CASES)
def test_search_player_chooses_legal_options(case: tuple[str, str]) -> None:
    ruleset, scenario = case
    state = get_game(ruleset).new_state(scenario, {})
    players: dict[str, ISMCTSPlayer] = {}
    rng = random.Random(3)
    searched = 0
    while searched < 25:
        node = state.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
            continue
        player = players.setdefault(node.seat, _tiny(ruleset, node.seat, 11))
        # the player gets a JSON copy of the view: no object of the state can reach it
        seen = json.loads(json.dumps(view(state, node.seat)))
        action = player.choose(seen, node)
        assert action in node.options
        searched += len(node.options) > 1
        state.apply(action)


@pytest.mark.parametrize("case", CASES)
def test_search_player_ignores_what_it_cannot_see(case: tuple[str, str]) -> None:
    """Two states that differ only in what the deciding seat cannot see (its unknowns
    re-dealt) give it the same view, so the same choice; and the view is all it is given."""
    ruleset, scenario = case
    compared = 0
    for seed in range(40):
        state = _advance(ruleset, scenario, seed, decisions=seed * 3 % 50)
        node = state.next()
        if not isinstance(node, Decision) or len(node.options) < 2:
            continue
        scrambled = state.determinize(node.seat, random.Random(seed + 99))
        assert scrambled.next() == node
        mine = view(state, node.seat)
        assert view(scrambled, node.seat) == mine
        first = _tiny(ruleset, node.seat, seed).choose(json.loads(json.dumps(mine)), node)
        again = _tiny(ruleset, node.seat, seed).choose(view(scrambled, node.seat), node)
        assert first == again
        compared += 1
        if compared >= 3:
            break
    assert compared, "no decision with a choice was reached"

"""The search player on every ruleset and scenario: legal choices, from the view alone.

It reaches rulesets only through the engine (``state_from_view``, ``determinize``, options,
chance outcomes), so each new ruleset is covered as soon as it is registered. Budgets are tiny:
this checks the contract, not the play (benchmarks/strength.py measures that).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dowding.bots.ismcts import ISMCTSPlayer
from dowding.bots.playout import play_out
from dowding.engine import Action, Decision, State, get_game, view
from tests.support import cases

CASES = cases()


def _tiny(ruleset: str, seat: str, seed: int) -> ISMCTSPlayer:
    return ISMCTSPlayer(ruleset, seat, seed, "novice", simulations=3, depth=3, seconds=5.0)


class _SharedRandom:
    """Chooses uniformly with the generator the dice roll from (one stream for both)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, seen: dict[str, Any], decision: Decision) -> Action:
        return self.rng.choice(decision.options)


class _Checked:
    """A search player handed a JSON copy of the view (no object of the state can reach it),
    whose every choice is checked to be legal and counted when it had a choice: a listed
    option, or a free value the position accepts (the search may play its prior's)."""

    def __init__(self, player: ISMCTSPlayer, state: State) -> None:
        self.player = player
        self.state = state  # the position play_out decides at, read only to check legality
        self.searched = 0

    def choose(self, seen: dict[str, Any], decision: Decision) -> Action:
        action = self.player.choose(json.loads(json.dumps(seen)), decision)
        assert action in decision.options or (decision.free and self.state.is_legal(action))
        self.searched += len(decision.options) > 1
        return action


def _advance(ruleset: str, scenario: str, seed: int, decisions: int) -> State:
    """A random game of ``decisions`` choices; the state it reaches."""
    state = get_game(ruleset).new_state(scenario, {})
    rng = random.Random(seed)
    chooser = _SharedRandom(rng)
    made = 0

    def enough(position: State, decision: Decision) -> bool:
        nonlocal made
        made += 1
        return made > decisions

    play_out(state, dict.fromkeys(state.seat_ids(), chooser), dice=rng, stop=enough)
    return state


@pytest.mark.parametrize("case", CASES)
def test_search_player_chooses_legal_options(case: tuple[str, str]) -> None:
    ruleset, scenario = case
    state = get_game(ruleset).new_state(scenario, {})
    players = {seat: _Checked(_tiny(ruleset, seat, 11), state) for seat in state.seat_ids()}

    def searched_enough(position: State, decision: Decision) -> bool:
        return sum(p.searched for p in players.values()) >= 25

    play_out(state, players, dice=random.Random(3), stop=searched_enough)


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

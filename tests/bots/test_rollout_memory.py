"""The search player's rollout policy remembers the real game only: what one imagined world
planned or saw never steers the next world, the next real decision, or the next game.

bob's heuristic keeps memory (the paths its flights planned, the RAF's keenness, the cards it
saw). Shared between every search in the process, that memory was written by imagined
worlds: a path planned in a branch with less fuel was followed at the next real decision, and
the novice Luftwaffe won 3 of 60 Channel Battles against the heuristic RAF, whose own
Luftwaffe won 43 (docs/benchmarks.md, 4 December 2026)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from dowding.bots import make_player
from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Chance, Decision, Terminal, get_game
from dowding.rulesets.bob import search as search_module
from dowding.rulesets.bob.bots import BobHeuristic


def _follow_heuristic_game(
    seed: int, side: str, decisions: int
) -> tuple[Counter[str], Counter[str]]:
    """Play a heuristic Channel Battle; at each of ``side``'s decisions a novice search player
    in that seat thinks about it (its choice not played), then its rollout policy is asked in
    a fresh world sampled from the view, for up to ``decisions`` decisions with a choice or to
    the end. Counts, by kind, the decisions asked and where the policy differs from the
    heuristic in the seat (the heuristic with the search's own settings, ``OWN_POLICY``, and
    the same memory of the real game)."""
    game = get_game("bob")
    state = game.new_state("channel-battle", {})
    players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
    players[side] = BobHeuristic(side, seed, **search_module.OWN_POLICY)
    search = ISMCTSPlayer("bob", side, seed, "novice", seconds=60.0)
    assert search.rollout is not None
    rng = random.Random(seed)
    differ: Counter[str] = Counter()
    asked: Counter[str] = Counter()
    seen = 0
    while seen < decisions and not isinstance(node := state.next(), Terminal):
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
            continue
        assert isinstance(node, Decision)
        view = state.view(node.seat)
        act = players[node.seat].choose(view, node)
        if node.seat == side:
            search.choose(view, node)
            if len(node.options) > 1:
                seen += 1
                asked[act.kind] += 1
                world = game.state_from_view(view, side, random.Random(seen))
                if search.rollout(world, rng) != act:
                    differ[act.kind] += 1
        state.apply(act)
    return asked, differ


def test_the_luftwaffe_search_policy_follows_its_heuristic_after_every_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the old shared memory differed at 25 of 336 moves over 20 games, one flight's planned
    # path taken from a world where it had 3 spaces left. With the heuristic's own settings,
    # whose Luftwaffe flies more raids than the search's (OWN_POLICY: one a game, 11 moves)
    monkeypatch.setattr(search_module, "OWN_POLICY", {})
    asked, differ = _follow_heuristic_game(seed=41, side="luftwaffe", decisions=60)
    assert sum(asked.values()) == 60 and asked["move"] >= 12, asked
    assert differ["move"] == 0 and differ["assign"] == 0 and differ["ground"] == 0, differ


def test_the_luftwaffe_search_policy_with_its_own_settings_follows_them() -> None:
    asked, differ = _follow_heuristic_game(seed=41, side="luftwaffe", decisions=60)
    assert asked["move"] >= 10 and asked["ground"] >= 20, asked
    assert not differ, differ


def test_the_raf_search_policy_keeps_its_own_plans() -> None:
    asked, differ = _follow_heuristic_game(seed=41, side="raf", decisions=160)
    assert sum(asked.values()) >= 150, asked
    assert differ["stop"] == 0 and sum(differ.values()) <= 8, differ


def test_each_search_player_has_its_own_rollout_memory() -> None:
    a = ISMCTSPlayer("bob", "luftwaffe", 1, "novice")
    b = ISMCTSPlayer("bob", "luftwaffe", 2, "novice")
    assert a.rollout is not b.rollout
    assert hasattr(a.rollout, "observe")

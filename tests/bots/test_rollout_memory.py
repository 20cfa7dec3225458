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

from dowding.bots import make_player
from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Chance, Decision, Terminal, get_game


def _follow_heuristic_game(seed: int, side: str, decisions: int) -> Counter[str]:
    """Play a heuristic Channel Battle; at each of ``side``'s decisions a novice search player
    in that seat thinks about it (its choice not played), then its rollout policy is asked in
    a fresh world sampled from the view. Counts, by kind, where the policy differs from the
    heuristic in the seat (the same heuristic with the same memory of the real game)."""
    game = get_game("bob")
    state = game.new_state("channel-battle", {})
    players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
    search = ISMCTSPlayer("bob", side, seed, "novice", seconds=60.0)
    assert search.rollout is not None
    rng = random.Random(seed)
    differ: Counter[str] = Counter()
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
                world = game.state_from_view(view, side, random.Random(seen))
                if search.rollout(world, rng) != act:
                    differ[act.kind] += 1
        state.apply(act)
    assert seen == decisions, "the game ended before the decisions were seen"
    return differ


def test_the_luftwaffe_search_policy_follows_its_heuristic_after_every_search() -> None:
    # the old shared memory differed at 25 of 336 moves over 20 games, one flight's planned
    # path taken from a world where it had 3 spaces left
    differ = _follow_heuristic_game(seed=41, side="luftwaffe", decisions=60)
    assert differ["move"] == 0 and differ["assign"] == 0 and differ["ground"] == 0, differ


def test_the_raf_search_policy_keeps_its_own_plans() -> None:
    differ = _follow_heuristic_game(seed=41, side="raf", decisions=160)
    assert differ["stop"] == 0 and sum(differ.values()) <= 8, differ


def test_each_search_player_has_its_own_rollout_memory() -> None:
    a = ISMCTSPlayer("bob", "luftwaffe", 1, "novice")
    b = ISMCTSPlayer("bob", "luftwaffe", 2, "novice")
    assert a.rollout is not b.rollout
    assert hasattr(a.rollout, "observe")

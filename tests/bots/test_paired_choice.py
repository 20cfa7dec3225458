"""The paired choice at the root (``ISMCTSPlayer._paired_choice``): every choice is played out on
the same dice, so the dice cancel out of the differences and a choice better by less than the
dice's noise is still found; without a clear gain the prior's pick stands."""

from __future__ import annotations

import random
from collections.abc import Mapping

from dowding.bots.ismcts import (
    PAIRED_FINALISTS,
    STRENGTHS,
    ISMCTSPlayer,
    _candidates,
    paired_root,
)
from dowding.engine import Action, State, get_game, view
from tests.bots.test_free_prior import _raf_move


def _player(seat: str, prior: Action, base: Mapping[str, float], noise: float) -> ISMCTSPlayer:
    """A paired player whose playouts score each position ``base`` (by its hash) plus a draw
    of the playout's own dice times ``noise``: the same draw for every choice on one seed."""
    player = ISMCTSPlayer("crane", seat, 5, "veteran", paired=True, seconds=60)
    player.prior = lambda state, rng: prior

    def playout(world: State, sides: Mapping[str, str], rng: random.Random) -> dict[str, float]:
        return {seat: base[world.hash()] + noise * rng.random()}

    player._playout = playout  # type: ignore[method-assign]
    return player


def _outcomes(state: State, prior: Action) -> tuple[tuple[Action, ...], dict[Action, str]]:
    """The choices the player weighs, and the position each leads to (by hash)."""
    node = state.next()
    pool = _candidates(state, node, prior)  # type: ignore[arg-type]
    after = {}
    for a in pool:
        world = state.copy()
        world.apply_trusted(a)
        after[a] = world.hash()
    return pool, after


def test_a_gain_far_smaller_than_the_dice_is_found_on_the_same_dice() -> None:
    state, node = _raf_move()
    prior = node.options[0]
    pool, after = _outcomes(state, prior)
    assert len(pool) > PAIRED_FINALISTS  # the screen and the test both play
    best = pool[-1]
    # every choice but one as good as the prior's pick; that one better by 0.01, where the
    # dice move a playout's result by up to 1
    base = {h: 0.5 for h in after.values()}
    base[after[best]] = 0.51
    assert after[best] != after[prior]
    player = _player(node.seat, prior, base, noise=1.0)
    assert player.choose(view(state, node.seat), node) == best
    assert 0 < player.last_simulations <= player.budget.simulations + len(pool)


def test_the_priors_pick_stands_without_a_clear_gain() -> None:
    state, node = _raf_move()
    prior = node.options[1]
    _, after = _outcomes(state, prior)
    worse = {h: 0.4 for h in after.values()}
    worse[after[prior]] = 0.5
    assert _player(node.seat, prior, worse, noise=1.0).choose(view(state, node.seat), node) == prior
    level = {h: 0.5 for h in after.values()}
    assert _player(node.seat, prior, level, noise=1.0).choose(view(state, node.seat), node) == prior


def test_the_paired_choice_is_the_same_for_the_same_seed() -> None:
    state, node = _raf_move()
    a = ISMCTSPlayer("crane", node.seat, 9, "novice", paired=True, seconds=60)
    b = ISMCTSPlayer("crane", node.seat, 9, "novice", paired=True, seconds=60)
    seen = view(state, node.seat)
    assert a.choose(seen, node) == b.choose(seen, node)
    assert a.last_simulations == b.last_simulations > 0


def test_only_a_game_of_perfect_information_plays_the_paired_choice() -> None:
    assert get_game("crane").perfect_information
    assert ISMCTSPlayer("crane", "raf", 0, "novice", paired=True).paired
    assert not ISMCTSPlayer("bob", "raf", 0, "novice", paired=True).paired
    assert paired_root("bob") is None


def test_crane_plays_it_from_the_budget_its_search_module_names() -> None:
    least = paired_root("crane")
    assert least is not None
    for strength, budget in STRENGTHS.items():
        player = ISMCTSPlayer("crane", "raf", 0, strength)
        assert player.paired == (budget.simulations >= least)
    assert not ISMCTSPlayer("crane", "raf", 0, "veteran", paired=False).paired


def test_a_free_value_the_engine_refuses_is_never_played() -> None:
    state, node = _raf_move()
    wild = Action.parse("move turn=400")
    assert not state.is_legal(wild)
    player = ISMCTSPlayer("crane", node.seat, 2, "novice", paired=True, seconds=60)
    player.prior = lambda state, rng: wild
    assert player.choose(view(state, node.seat), node) in node.options

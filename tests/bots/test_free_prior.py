"""The search player searches, and can play, its prior's pick where that is a free value the
decision does not list (crane's heuristic turns and fires at any value), but never an illegal one."""

from __future__ import annotations

import random
from dataclasses import replace

from dowding.bots import make_player
from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Action, Chance, Decision, State, get_game, view


def _raf_move() -> tuple[State, Decision]:
    """The first RAF move of a heuristic game of crane."""
    game = get_game("crane")
    state = game.new_state(None, {})
    rng = random.Random(3)
    players = {
        s.id: make_player("crane", "heuristic", s.id, 3) for s in game.seats_for(state.options)
    }
    while True:
        node = state.next()
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
            continue
        assert isinstance(node, Decision)
        if node.seat == "raf" and node.options[0].kind == "move" and len(node.options) > 1:
            return state, node
        state.apply(players[node.seat].choose(view(state, node.seat), node))


def _player_preferring(action: Action, seat: str) -> ISMCTSPlayer:
    player = ISMCTSPlayer("crane", seat, 1, simulations=40, seconds=60, depth=0)
    player.prior = lambda state, rng: action
    player.budget = replace(player.budget, keep_margin=1.0)  # always keep the prior's pick
    return player


def test_a_free_value_the_prior_picks_is_searched_and_kept() -> None:
    state, node = _raf_move()
    free = Action.parse("move turn=37")
    assert free not in node.options and state.is_legal(free)
    player = _player_preferring(free, node.seat)
    assert player.choose(view(state, node.seat), node) == free
    state.apply(free)  # the engine's normal path takes it


def test_an_illegal_free_value_is_never_played() -> None:
    state, node = _raf_move()
    wild = Action.parse("move turn=400")
    assert not state.is_legal(wild)
    player = _player_preferring(wild, node.seat)
    assert player.choose(view(state, node.seat), node) in node.options

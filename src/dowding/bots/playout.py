"""Playing a game out: computer players decide, chance is sampled, until the game ends.

This is the one loop every caller uses (``dowding selfplay``, the analysis bench, the
benchmarks, the conformance suite), on a ``Match`` (the dice come from the match's dice source
and every step goes into its log) or on a bare ``State`` (the dice come from a given
generator: quicker, no log, no state hash after each step). ``make_players`` seats a computer
player in every seat from a game seed, so one seed always gives one game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from dowding.engine import Chance, Decision, Game, Match, Node, State, Terminal

from .base import Player, make_player

HUMAN = "human"
# Bots are seeded from the game seed and their seat's place, so one seed always gives one game.
BOT_SEED_FACTOR = 7919

Stop = Callable[[State, Decision], bool]


class PlayoutError(RuntimeError):
    """A play-out that cannot go on: past its step limit, or a seat with no player in it."""


class StepLimit(PlayoutError):
    """The game did not end within the steps allowed."""

    def __init__(self, max_steps: int) -> None:
        super().__init__(f"the game did not end within {max_steps} steps")
        self.max_steps = max_steps


class PlayerError(ValueError):
    """A computer player that cannot be made (an unknown kind, a bad strength)."""


def bot_seed(seed: int, index: int) -> int:
    """The seed of the computer player in the ``index``-th seat of a game played from ``seed``."""
    return seed * BOT_SEED_FACTOR + index


def make_players(
    game: Game, seats: Mapping[str, str], seed: int, options: Mapping[str, object] | None = None
) -> dict[str, Player]:
    """A computer player for every seat not marked ``human`` (a seat left out counts as human),
    each seeded from the game seed and its seat's place; PlayerError if one cannot be made."""
    players: dict[str, Player] = {}
    for index, seat in enumerate(game.seat_ids(options)):
        kind = seats.get(seat, HUMAN)
        if kind == HUMAN:
            continue
        try:
            players[seat] = make_player(game.id, kind, seat, bot_seed(seed, index))
        except Exception as exc:  # a bad strength, or a bot that fails to build
            raise PlayerError(f"cannot make a {kind!r} player for {seat}: {exc}") from None
    return players


def play_out(
    table: Match | State,
    players: Mapping[str, Player],
    *,
    dice: random.Random | None = None,
    max_steps: int | None = None,
    stop: Stop | None = None,
) -> Node:
    """Let ``players`` decide and sample chance until the game ends; the node it stopped at.

    ``table`` is a ``Match`` (its dice source rolls, each step is logged; ``dice`` must be None)
    or a bare ``State``, played in place, whose chance events are sampled from ``dice``.
    Each player is handed ``view(state, seat)`` and the decision, nothing else (the view less
    what the player's ``view_options`` say it never reads).
    ``max_steps`` bounds the match's log (with a Match: steps played before the call count) or
    the steps taken by this call (with a State); past it, StepLimit (a PlayoutError). ``stop(state,
    decision)``, asked before each decision, may end the play-out there (True: that decision is
    returned unplayed); it may also just look at the position (features, timings).
    """
    if isinstance(table, Match):
        if dice is not None:
            raise ValueError("a Match rolls its own dice; give dice only with a bare State")
        return _play_match(table, players, max_steps, stop)
    if dice is None:
        raise ValueError("a bare State needs dice: a random.Random to sample chance from")
    return _play_state(table, players, dice, max_steps, stop)


def _play_match(
    match: Match, players: Mapping[str, Player], max_steps: int | None, stop: Stop | None
) -> Node:
    while True:
        node = match.node()
        if isinstance(node, Terminal):
            return node
        if max_steps is not None and len(match.steps) >= max_steps:
            raise StepLimit(max_steps)
        if isinstance(node, Chance):
            match.roll()
            continue
        if stop is not None and stop(match.state, node):
            return node
        player = _player(players, node)
        match.play(player.choose(_view(match.state, node.seat, player), node))


def _play_state(
    state: State,
    players: Mapping[str, Player],
    dice: random.Random,
    max_steps: int | None,
    stop: Stop | None,
) -> Node:
    steps = 0
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            return node
        if max_steps is not None and steps >= max_steps:
            raise StepLimit(max_steps)
        steps += 1
        if isinstance(node, Chance):
            state.apply(node.sample(dice))
            continue
        if stop is not None and stop(state, node):
            return node
        player = _player(players, node)
        state.apply(player.choose(_view(state, node.seat, player), node))


def _view(state: State, seat: str, player: Player) -> dict[str, object]:
    """The seat's view, less what the player says it never reads (``view_options``, as the
    web server's thinkers honour it: a heuristic that reads no infostate is spared building
    one, the costliest part of some views)."""
    options: dict[str, bool] = getattr(player, "view_options", {})
    return state.view(seat, **options)


def _player(players: Mapping[str, Player], decision: Decision) -> Player:
    player = players.get(decision.seat)
    if player is None:
        raise PlayoutError(f"no computer player sits in seat {decision.seat!r}")
    return player

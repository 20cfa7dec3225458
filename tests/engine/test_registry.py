"""The registry of rulesets and the computer-player factory."""

from __future__ import annotations

import pytest

from dowding.bots import RandomPlayer, make_player, player_kinds
from dowding.engine import Action, Decision, Game, get_game, ruleset_ids


def test_every_registered_ruleset_loads() -> None:
    for ruleset in ruleset_ids():
        game = get_game(ruleset)
        assert isinstance(game, Game) and game.id == ruleset
        assert get_game(ruleset) is game


def test_unknown_ruleset_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown ruleset 'monopoly'; known: crane"):
        get_game("monopoly")


def test_players() -> None:
    strengths = ["ismcts:novice", "ismcts:regular", "ismcts:veteran", "ismcts:ace"]
    assert player_kinds("toy") == ["random", *strengths]
    assert isinstance(make_player("toy", "random", "raf", 3), RandomPlayer)
    with pytest.raises(
        ValueError, match="no computer player 'genius' for toy; choose from: random, ismcts:novice"
    ):
        make_player("toy", "genius", "raf")
    decision = Decision("raf", "Pick", tuple(Action("pick", n=i) for i in range(10)))
    picks = [make_player("toy", "random", "raf", 3).choose({}, decision) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in decision.options

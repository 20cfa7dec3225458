"""The heuristic team beats a random team clearly; it decides from a view without the infostate;
it is offered where computer players are listed; the search hooks answer for the team."""

from __future__ import annotations

import random

import pytest

from dowding.bots import make_player, player_kinds
from dowding.bots.playout import make_players, play_out
from dowding.engine import Chance, Decision, Terminal, get_game
from dowding.rulesets.squadron303.bots import Squadron303Heuristic, card_value
from dowding.rulesets.squadron303.search import evaluate, rollout_policy

GAME = get_game("squadron303")


def wins(kind: str, scenario: str, seeds: range, players: int = 4) -> int:
    won = 0
    for seed in seeds:
        options = {"players": players}
        state = GAME.new_state(scenario, options)
        seated = make_players(GAME, dict.fromkeys(GAME.seat_ids(options), kind), seed, options)
        node = play_out(state, seated, dice=random.Random(seed))
        assert isinstance(node, Terminal)
        won += node.winner == "raf"
    return won


def test_heuristic_is_offered() -> None:
    assert "heuristic" in player_kinds("squadron303")
    assert isinstance(make_player("squadron303", "heuristic", "p2", 3), Squadron303Heuristic)


@pytest.mark.parametrize("scenario", ["attack-on-biggin-hill", "battle-of-britain-day"])
def test_the_heuristic_team_beats_a_random_team(scenario: str) -> None:
    seeds = range(12)
    random_wins = wins("random", scenario, seeds)
    heuristic_wins = wins("heuristic", scenario, seeds)
    assert heuristic_wins >= random_wins + 3, (heuristic_wins, random_wins)


def test_solo_leader_and_wingman_play_a_whole_game() -> None:
    assert wins("heuristic", "attack-on-biggin-hill", range(2), players=1) >= 0


def test_it_decides_from_the_view_alone_and_always_legally() -> None:
    state = GAME.new_state("home-sweet-home", {"players": 2})
    rng = random.Random(5)
    bots = {s: Squadron303Heuristic(s) for s in ("p1", "p2")}
    kinds: set[str] = set()
    for _ in range(5000):
        node = state.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
            continue
        assert isinstance(node, Decision)
        view = state.view(node.seat, infostate=False)
        choice = bots[node.seat].choose(view, node)
        assert choice in node.options
        kinds.add(choice.kind)
        state.apply(choice)
    assert isinstance(state.next(), Terminal)
    assert {"fight", "round", "go"} <= kinds


def test_cards_are_valued_by_symbol_first() -> None:
    # a Hit card is worth more than a Maneuver card of the same ability kind
    from dowding.rulesets.squadron303.components import load_components

    cards = load_components().cards
    hits = [card_value(c.id) for c in cards if c.symbol == "hit"]
    maneuvers = [card_value(c.id) for c in cards if c.symbol == "maneuver"]
    assert sum(hits) / len(hits) > sum(maneuvers) / len(maneuvers)


def test_search_hooks_treat_the_team_as_one_side() -> None:
    state = GAME.new_state("blitz", {"players": 3})
    rng = random.Random(2)
    while not isinstance(state.next(), Decision):
        state.apply(state.next().sample(rng))  # type: ignore[union-attr]
    node = state.next()
    assert isinstance(node, Decision)
    assert rollout_policy(state, rng) in node.options
    scored = evaluate(state)
    assert set(scored) == {"raf"}
    assert 0.5 <= scored["raf"] <= 1.0


def test_a_search_team_plays_a_legal_game_to_the_end() -> None:
    from dowding.bots.ismcts import ISMCTSPlayer

    options = {"players": 2}
    state = GAME.new_state("coming-home", options)
    team = {
        s: ISMCTSPlayer("squadron303", s, seed=i, simulations=6, seconds=5.0, depth=2)
        for i, s in enumerate(GAME.seat_ids(options))
    }
    rng = random.Random(9)
    searched = 0
    for _ in range(5000):
        node = state.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
            continue
        player = team[node.seat]
        choice = player.choose(state.view(node.seat), node)
        assert choice in node.options
        searched += player.last_simulations > 0
        state.apply(choice)
    assert isinstance(state.next(), Terminal)
    assert searched > 10  # it searched, not merely took forced moves

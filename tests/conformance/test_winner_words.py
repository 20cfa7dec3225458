"""A winner is shown in words (``Game.winner_name``): its seat's name, or where a side wins
without being one seat (303 Squadron's team, bob's Luftwaffe of two players) the ruleset's
words for the side, never its id."""

from __future__ import annotations

import random

import pytest

from dowding.bots import make_player
from dowding.engine import Chance, Decision, Terminal, get_game, ruleset_ids

RULESETS = [r for r in ruleset_ids() if r != "toy"]


def _seatings(ruleset: str) -> list[dict[str, object]]:
    """The game's options for each number of players it seats (its ``players`` option)."""
    game = get_game(ruleset)
    spec = next((s for s in game.option_specs if s.name == "players"), None)
    if spec is None:
        return [{}]
    return [{"players": n} for n in (spec.choices or (spec.default,))]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_side_that_can_win_has_words(ruleset: str) -> None:
    game = get_game(ruleset)
    for options in _seatings(ruleset):
        for seat in game.seats_for(options):
            assert game.winner_name(seat.id, options) == seat.name
            name = game.winner_name(seat.side, options)
            assert name != seat.side, f"{ruleset} {options}: the side {seat.side!r} has no words"


def test_a_seat_is_named_by_its_seat_and_a_side_by_the_ruleset() -> None:
    bob = get_game("bob")
    assert bob.winner_name("luftwaffe") == "Luftwaffe"
    assert bob.winner_name("luftwaffe", {"players": 4}) == "the Luftwaffe"
    assert bob.winner_name("raf", {"players": 4}) == "RAF Fighter Command"
    assert get_game("squadron303").winner_name("raf") == "the team"
    assert bob.winner_name("nobody-knows") == "nobody-knows"


def test_the_outcome_in_words_and_303_squadron_s_team_losing() -> None:
    """Nobody winning is "no winner" in a game of two sides; in 303 Squadron, played against
    the game itself, it is the team's loss (the page, the terminal and the report say so)."""
    bob, s303 = get_game("bob"), get_game("squadron303")
    assert bob.outcome_words("luftwaffe") == "Luftwaffe wins"
    assert bob.outcome_words(None) == "no winner"
    assert s303.outcome_words("raf") == "the team wins"
    assert s303.outcome_words(None) == "the team loses"


@pytest.mark.parametrize("won", [True, False])
def test_the_team_that_wins_or_loses_303_squadron_is_named_in_the_report(won: bool) -> None:
    """A won cooperative game's result, and a lost one's, as the after-action report shows it."""
    from dowding.analysis.after_action import gather, render_html

    game = get_game("squadron303")
    for seed in range(40):  # a heuristic pilot wins about half its games
        state = game.new_state("coming-home", {"players": 1})
        pilot = make_player("squadron303", "heuristic", "p1", seed)
        dice = random.Random(seed)
        actions = []
        while not isinstance(node := state.next(), Terminal):
            if isinstance(node, Chance):
                action = node.sample(dice)
            else:
                assert isinstance(node, Decision)
                action = pilot.choose(state.view("p1"), node)
            actions.append(action.text)
            state.apply(action)
        if (node.winner == "raf") == won:
            break
    else:
        pytest.fail(f"no heuristic game of 40 {'won' if won else 'lost'}")
    result = {"winner": node.winner, "reason": node.reason, "scores": dict(node.scores)}
    report = gather(game, "coming-home", {"players": 1}, actions, "p1", result)
    page = render_html(report)
    # one tense for a win and a loss, as the page's result line and the terminal write them
    assert ("The team wins" in page) == won and ("The team loses" in page) != won
    assert "No winner" not in page and " won<" not in page
    # a game abandoned at that point has no winner: no team lost it
    abandoned = gather(
        game,
        "coming-home",
        {"players": 1},
        actions,
        "p1",
        result | {"winner": None},
        abandoned=True,
    )
    page = render_html(abandoned)
    assert "No winner" in page and "The team loses" not in page

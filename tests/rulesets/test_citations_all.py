"""Every line of narration of every shipped ruleset cites the rule section it applies.

Whole games (every scenario, a seed of heuristic players and one of random players; the solo
game of 303 Squadron and bob's four-player game too) are played to their end and each line of narration is given to
the ruleset's ``citations.cite``: a line no pattern names fails here, so a new kind of line needs
its section (docs/rules/<id>.md) in the ruleset's ``citations.py``. No line is excused: even
'Turn 3 begins' names the section of the turn sequence.
"""

from __future__ import annotations

from typing import Any

import pytest

from dowding.bots.playout import make_players, play_out
from dowding.engine import registry
from dowding.engine.record import Match
from dowding.engine.registry import get_game, ruleset_ids
from dowding.web import rules

SHIPPED = [r for r in ruleset_ids() if registry._RULESETS[r].startswith("dowding.rulesets.")]
GAMES = [
    (ruleset, scenario.id, {}) for ruleset in SHIPPED for scenario in get_game(ruleset).scenarios
] + [("squadron303", "blitz", {"players": 1}), ("bob", "duel-of-eagles", {"players": 4})]
PLAYS = ((1, "heuristic"), (2, "random"))
MAX_STEPS = 20_000


def narration(
    ruleset: str, scenario: str, options: dict[str, Any], seed: int, kind: str
) -> tuple[Match, list[tuple[int, str, frozenset[str] | None]]]:
    """A computer game played to its end and every line of its narration, as (step, text, the
    seats that may read it)."""
    match = Match(ruleset, scenario, options, seed=seed)
    game = get_game(ruleset)
    players = make_players(
        game, {s: kind for s in game.seat_ids(match.options)}, seed, match.options
    )
    lines = [(0, e.text, e.seats) for e in match.state.events]

    def told(step: Any) -> Any:
        def run(*args: object) -> Any:
            events = step(*args)
            lines.extend((len(match.steps), e.text, e.seats) for e in events)
            return events

        return run

    match.play = told(match.play)  # type: ignore[method-assign]
    match.roll = told(match.roll)  # type: ignore[method-assign]
    play_out(match, players, max_steps=MAX_STEPS)
    return match, lines


def game_id(game: tuple[str, str, dict[str, Any]]) -> str:
    ruleset, scenario, options = game
    return "-".join([ruleset, scenario, *(f"{k}={v}" for k, v in options.items())])


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_every_line_of_a_whole_game_cites_its_rule(game: tuple[str, str, dict[str, Any]]) -> None:
    ruleset, scenario, options = game
    uncited: dict[str, str] = {}
    for seed, kind in PLAYS:
        _, lines = narration(ruleset, scenario, options, seed, kind)
        assert len(lines) > 10, f"{ruleset}/{scenario} seed {seed}: hardly any narration"
        for _, text, _ in lines:
            if rules.cite(ruleset, text) is None:
                uncited.setdefault(text, f"seed {seed} {kind}")
    assert not uncited, f"{len(uncited)} lines cite no section, e.g. {sorted(uncited)[:10]}"


def test_the_check_catches_an_uncited_line() -> None:
    assert rules.cite("squadron303", "p1 offers c07 to Support p2") == "Phase III Support"
    assert rules.cite("bob1990", "AA guns shoot down lw-2-12 (Do 17)") == "B.III.1-2"
    assert rules.cite("squadron303", "a line no rule wrote") is None

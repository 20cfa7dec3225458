"""The terminal's option list shows the odds beside each option that starts a combat (issue 12)."""

from __future__ import annotations

from rich.console import Console

from dowding.cli.session import Session
from dowding.engine import Decision, Match
from tests.rulesets.crane.position import decide, position


def test_the_option_list_shows_the_exact_odds_of_a_fire_option() -> None:
    match = Match("crane", "eight-heinkels", seed=1)
    state = position({"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    match.state = state  # the position under test, shown as the terminal shows any decision
    node = state.next()
    assert isinstance(node, Decision)
    console = Console(record=True, width=200, color_system=None)
    session = Session(match, {"raf": "human", "luftwaffe": "human"}, {}, console, lambda _: "")
    session.show_options(node, None)
    text = console.export_text()
    fire = next(line for line in text.splitlines() if "Fire at B1-1" in line)
    assert "(Destroy: 6%, damage an engine: 36%, no effect: 58%)" in fire
    hold = next(line for line in text.splitlines() if "Hold fire" in line)
    assert "%" not in hold  # holding fire starts no combat

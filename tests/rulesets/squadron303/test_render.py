"""The terminal drawing: 80 columns, a legend, words rather than ids, at every kind of moment."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from dowding.engine import Chance, Decision, Match, Terminal
from dowding.rulesets.squadron303.bots import Squadron303Heuristic
from dowding.rulesets.squadron303.render import codes, positions, render

IDS = re.compile(r"\b(?:c\d\d|d\d\d|[a-z]+-\d+-\d+|(?:brown|black|white|red|green|blue|grey)-\d)\b")
BAD = re.compile(r"\b(?:None|undefined|null)\b")


def drawn(view: dict, seat: str | None) -> str:
    console = Console(file=io.StringIO(), width=80, record=True, color_system=None)
    console.print(render(view, seat))
    return console.export_text()


@pytest.mark.parametrize(
    ("scenario", "players"), [("attack-on-biggin-hill", 4), ("home-sweet-home", 2), ("blitz", 1)]
)
def test_every_moment_fits_80_columns_in_words(scenario: str, players: int) -> None:
    match = Match("squadron303", scenario, {"players": players}, seed=4)
    bots: dict[str, Squadron303Heuristic] = {}
    rng = random.Random(4)
    kinds: set[str] = set()
    for _ in range(3000):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            match.roll()
            continue
        assert isinstance(node, Decision)
        view = match.state.view(node.seat, infostate=False)
        kind = node.options[0].kind
        if kind not in kinds or rng.random() < 0.05:
            kinds.add(kind)
            text = drawn(view, node.seat)
            assert max(len(line) for line in text.splitlines()) <= 80
            assert not IDS.search(text), IDS.search(text)
            assert not BAD.search(text)
            assert "+ pilots, x Germans" in text
            if view.get("fight"):
                assert "Fight:" in text and "Your dice" in text
        bot = bots.setdefault(node.seat, Squadron303Heuristic(node.seat))
        match.play(bot.choose(view, node))
    end = drawn(match.state.view(None, infostate=False), None)
    assert "spectator" in end
    assert {"round", "stop"} <= kinds


def test_map_codes_are_unique_and_every_area_has_a_place() -> None:
    assert len(set(codes().values())) == len(codes())
    cells = {(c + i, r) for a, (c, r) in positions().items() for i in range(len(codes()[a]))}
    assert len(cells) == sum(len(code) for code in codes().values())  # no code overwrites another


def test_the_board_draws_before_the_pilots_are_drawn_with_each_teams_goal() -> None:
    # Setup deals the pilots by chance: at a real table (`--dice manual`) the board is drawn
    # before the draw, while the planes have no pilot; Battle of Britain Day's goal is a
    # smaller team's own (ours)
    for players, goal in ((2, "shoot down 4 German aircraft"), (4, "shoot down 8 German aircraft")):
        match = Match("squadron303", "battle-of-britain-day", {"players": players}, seed=0)
        assert isinstance(match.node(), Chance)
        text = drawn(match.state.view("p1", infostate=False), "p1")
        assert f"Goal: {goal}." in text
        assert "Player 2" in text and not IDS.search(text)

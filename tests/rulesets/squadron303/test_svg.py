"""The browser map: valid SVG, every option clickable exactly once (on the map or as a button;
a long list is left to the page's),
the Areas at their gazetteer points, labels in words, from the seat's view alone."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from dowding.engine import Chance, Decision, Match, Terminal
from dowding.rulesets.squadron303.bots import Squadron303Heuristic
from dowding.rulesets.squadron303.svg import MAX_BUTTONS, points, render_svg
from dowding.web.payload import decision_json

NS = "{http://www.w3.org/2000/svg}"
BAD = re.compile(r"\b(?:None|undefined|null|NaN)\b")
IDS = re.compile(r">[^<]*\b(?:c\d\d|[a-z]+-\d+-\d+|p\d)\b[^<]*<")


def actions(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.attrib["data-action"] for el in root.iter() if "data-action" in el.attrib]


@pytest.mark.parametrize(
    ("scenario", "players"), [("attack-on-biggin-hill", 4), ("home-sweet-home", 1)]
)
def test_every_option_is_clickable_once_in_words(scenario: str, players: int) -> None:
    match = Match("squadron303", scenario, {"players": players}, seed=2)
    rng = random.Random(2)
    bots: dict[str, Squadron303Heuristic] = {}
    on_map: set[str] = set()
    for _ in range(3000):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Chance):
            match.roll()
            continue
        assert isinstance(node, Decision)
        view = match.state.view(node.seat, infostate=False)
        view.pop("infostate", None)
        if node.options[0].kind not in on_map or rng.random() < 0.1:
            for decision in (node, decision_json(node, "squadron303", view)):
                svg = render_svg(view, node.seat, decision)
                found = actions(svg)
                texts = sorted(o.text for o in node.options)
                assert len(found) == len(set(found)) and set(found) <= set(texts), node.prompt
                if len(texts) <= MAX_BUTTONS:  # every option on the map or a button
                    assert sorted(found) == texts, node.prompt
                assert not BAD.search(svg)
                assert not IDS.search(svg), IDS.search(svg)
            root = ET.fromstring(svg)
            for el in root.iter():
                if "data-action" in el.attrib and "button" not in el.attrib.get("class", ""):
                    on_map.add(el.attrib["data-action"].split(" ")[0])
        bot = bots.setdefault(node.seat, Squadron303Heuristic(node.seat))
        match.play(bot.choose(view, node))
    # Areas, German aircraft and cards are clicked on the map itself
    assert {"go", "fight", "discard"} <= on_map


def test_the_map_draws_every_area_apart() -> None:
    xy = list(points().values())
    assert len(set(xy)) == len(xy)
    assert min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in xy for b in xy if a != b) > 15


def test_spectator_and_game_over() -> None:
    match = Match("squadron303", "coming-home", {"players": 2}, seed=1)
    svg = render_svg(match.state.view(None, infostate=False), None, None)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert "Coming Home" in svg and "Shot down" in svg

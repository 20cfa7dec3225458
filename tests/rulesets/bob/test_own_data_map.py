"""A game with the player's own components (the ``data`` option) is drawn with them: the terminal
table and the SVG map read the board and cards from the view's folder, not the shipped ones, and
the dynamic layer of such a game carries its own board (the board fetched once is the shipped
one)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from rich.console import Console

from dowding.engine import Chance, Decision
from dowding.rulesets import bob
from dowding.rulesets.bob import GAME, render, svg

BOB_DATA = Path(bob.__file__).parent / "data"


def _to_the_rafs_decision(options: dict[str, Any] | None) -> tuple[dict[str, Any], Decision]:
    """A channel battle played (first options, chance sampled) to the RAF's first decision."""
    state = GAME.new_state("channel-battle", options)
    rng = random.Random(1)
    while True:
        node = state.next()
        if isinstance(node, Decision) and node.seat == "raf":
            return state.view("raf"), node
        state.apply(node.sample(rng) if isinstance(node, Chance) else node.options[0])


def _terminal(view: dict[str, Any]) -> str:
    console = Console(record=True, width=200)
    console.print(render.render(view, "raf"))
    return console.export_text()


def _spitfire_face(whole: str) -> str:
    """The values on the Spitfire's face the board draws once."""
    face = re.search(
        r'<g id="bob-f\d+"><rect[^>]*/><text[^>]*>Spit</text><text[^>]*>([^<]*)<', whole
    )
    assert face is not None
    return face[1]


def test_the_maps_are_drawn_from_the_players_own_board_and_cards(tmp_path: Path) -> None:
    # Birmingham produces 3 and a Spitfire rolls 4 dice as shipped; the player's own say 7 and 5
    (tmp_path / "board.json").write_text(json.dumps({"cities": {"Birmingham": 7}}))
    shipped_missions = json.loads((BOB_DATA / "missions.json").read_text())
    for card in shipped_missions["missions"]:  # its mission card prints its production too
        if card["target"] == "Birmingham":
            card["production"] = 7
    (tmp_path / "missions.json").write_text(json.dumps(shipped_missions))
    (tmp_path / "squadrons.json").write_text(
        json.dumps({"aircraft": {"Spitfire": {"dogfight": 5}}})
    )
    own, node = _to_the_rafs_decision({"data": str(tmp_path)})
    shipped, shipped_node = _to_the_rafs_decision(None)
    assert own["data"] == str(tmp_path)

    text, shipped_text = _terminal(own), _terminal(shipped)
    assert "Birmingham 7" in text and "Birmingham 3" not in text  # the production track
    assert " c7" in text and " c7" not in shipped_text  # Birmingham's space on the map
    assert "Birmingham 3" in shipped_text

    whole = svg.render_svg(own, "raf", node)
    dynamic = svg.render_dynamic(own, "raf", node)
    # a game of its own draws its board with each map: no slot left for the shipped board
    assert svg.STATIC_SLOT not in dynamic and dynamic == whole
    for drawn in (whole, dynamic):
        assert "Birmingham 7" in drawn and "Birmingham 3" not in drawn
        assert _spitfire_face(drawn) == "5/4"
        city = re.search(
            r"<title>Birmingham \(city, \w+\)</title><rect[^>]*/><text[^>]*>(\d)<", drawn
        )
        assert city is not None and city[1] == "7"

    # a game of the shipped components still leaves the board to the one fetched once
    plain = svg.render_dynamic(shipped, "raf", shipped_node)
    assert plain.count(svg.STATIC_SLOT) == 1 and "Birmingham 3" in plain
    assert _spitfire_face(svg.render_svg(shipped, "raf", shipped_node)) == "4/4"
    assert _spitfire_face(svg.render_static()) == "4/4"

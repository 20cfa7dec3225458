"""A player's own 303 Squadron components (the ``data`` option) are what the heuristic plays
with, what the words and maps name and what the odds count.

The deck below is the shipped one with every card's id and name changed, as a player's own
printed deck would have them: the heuristic used to look its cards up in the shipped deck and
crashed on the first one (``KeyError: 'xc02'``)."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from rich.console import Console

from dowding.engine import Decision, Match, Terminal, data_folder, view
from dowding.engine.odds import procedures
from dowding.rulesets.squadron303 import render, svg, words
from dowding.rulesets.squadron303.bots import Squadron303Heuristic
from dowding.rulesets.squadron303.option_odds import fight_odds


def _shipped(name: str) -> dict:
    data = resources.files("dowding.rulesets.squadron303").joinpath(f"data/{name}.json")
    return json.loads(data.read_text("utf-8"))


def own_data(folder: Path) -> str:
    """Every card renamed (``c01`` -> ``xc01``, "… (mine)"); the blue die all Hits."""
    cards = _shipped("cards")
    for card in cards["cards"]:
        card["id"] = "x" + card["id"]
        card["name"] += " (mine)"
    (folder / "cards.json").write_text(json.dumps(cards))
    dice = _shipped("dice")
    dice["dice"]["blue"]["faces"] = [{"symbol": "hit"}] * 6
    (folder / "dice.json").write_text(json.dumps(dice))
    return str(folder)


def test_the_heuristic_the_words_and_the_maps_read_the_players_own_deck(tmp_path: Path) -> None:
    folder = own_data(tmp_path)
    match = Match("squadron303", None, {"data": folder}, seed=3)
    players = {s: Squadron303Heuristic(s, 3) for s in match.state.seat_ids()}
    labelled = drawn = 0
    for _ in range(20_000):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            seen = view(match.state, node.seat)
            assert data_folder(seen) == folder
            said = " ".join(words.labels(seen, node))
            if "card=" in " ".join(o.text for o in node.options):
                assert "(mine)" in said, said  # a card named by the player's own deck
                labelled += 1
            if drawn < 3 and any(p.get("hand") for p in seen.get("planes", ())):
                console = Console(record=True, width=100)
                console.print(render.render(dict(seen), node.seat))
                assert "(mine)" in console.export_text()
                whole = svg.render_svg(seen, node.seat, node)
                assert "(mine)" in whole and svg.STATIC_SLOT not in whole
                # the page's board is the shipped one: a map of one's own comes whole
                assert svg.STATIC_SLOT not in svg.render_dynamic(seen, node.seat, node)
                drawn += 1
            match.play(players[node.seat].choose(seen, node))
        else:
            match.roll()
    assert isinstance(match.node(), Terminal)
    assert labelled and drawn == 3


def test_the_odds_count_the_players_own_dice(tmp_path: Path) -> None:
    folder = own_data(tmp_path)
    fight = procedures("squadron303")["fight"]
    shipped = fight.run({"aircraft": "bf109", "card": "hit"})["shot_down"]
    mine = fight.run({"aircraft": "bf109", "card": "hit", "data": folder})["shot_down"]
    assert mine > shipped
    assert procedures("squadron303")["die"].run({"colour": "blue", "data": folder}) == {"hit": 1}
    germans = [
        {"id": "g1", "type": "bf109", "squadron": "brown", "area": "A1", "damage": 0, "tokens": 0}
    ]
    seen = {"germans": germans, "data": folder}
    odds = fight_odds(seen, "g1", yellow=False)
    assert odds is not None and odds.params["data"] == folder
    plain = fight_odds({"germans": germans}, "g1", yellow=False)
    assert plain is not None and "data" not in plain.params
    assert odds.outcomes["damage_dealt"]["1"] > plain.outcomes["damage_dealt"]["1"]

"""A player's own printed values (the ``data`` option) reach what the seat reads and who plays
for it: the view names the folder, and the words, the odds and the heuristic read the cards from
it, as the rules do (they read the shipped cards before)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from dowding.bots import make_player
from dowding.engine import Chance, Decision
from dowding.engine.option_odds import option_odds
from dowding.rulesets.bob import GAME
from dowding.rulesets.bob.words import narrate


def test_the_views_words_and_players_read_the_players_own_cards(tmp_path: Path) -> None:
    (tmp_path / "squadrons.json").write_text(
        json.dumps({"aircraft": {"Spitfire": {"dogfight": 5}}})
    )
    state = GAME.new_state("channel-battle", {"data": str(tmp_path)})
    assert state.t.cards[0].id == "raf-10-01" and state.t.cards[0].dice == 5  # a Spitfire
    view = state.view("raf")
    assert view["data"] == str(tmp_path)
    assert "data" not in GAME.new_state("channel-battle", None).view("raf")
    assert "(Spitfire, 5 dice" in narrate(view, "raf-10-01 is drawn")
    player = make_player("bob", "heuristic", "raf", 1)
    rng = random.Random(1)
    while True:  # to the RAF's first decision, which the heuristic plays from its view
        node = state.next()
        if isinstance(node, Decision) and node.seat == "raf":
            break
        state.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
    seen = state.view("raf")
    assert player.choose(seen, node) in node.options
    assert player.s.t.cards[0].dice == 5  # the heuristic's tables are the player's own
    assert len(option_odds("bob", seen, node)) == len(node.options)

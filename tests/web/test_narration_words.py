"""What a seat reads names things, not ids: a ruleset's ``words.narrate`` puts the ids in a line of
the log, a prompt or a roll's label into words, from the seat's view (engine/words.in_words);
the rule section is still found from the line as the rules wrote it."""

from __future__ import annotations

import re

from dowding.engine import Match
from dowding.engine.words import in_words
from dowding.web.rules import event_json

from .conftest import Table

PLANE_ID = re.compile(r"\bp[1-4]\b")


def test_squadron303_says_its_pilots_by_name() -> None:
    match = Match("squadron303", None, {}, seed=1)
    seen = match.state.view("p1")
    said = in_words("squadron303", seen, "p1 attacks Bf 109 red-1")
    assert not PLANE_ID.search(said) and "attacks" in said, said
    # a ruleset with no narrate, and text with no ids, are left as they are
    assert in_words("crane", {}, "V1-1 flies 6 inches") == "V1-1 flies 6 inches"
    assert in_words("squadron303", seen, "Turn 1") == "Turn 1"


def test_the_section_is_cited_from_the_line_as_written() -> None:
    line = event_json("squadron303", 4, "p1 attacks Bf 109 red-1", "Someone attacks")
    assert line == {"step": 4, "text": "Someone attacks", "rule": "Phase III"}


def test_a_squadron303_payload_names_pilots_in_its_prompt_log_and_dice(table: Table) -> None:
    seats = {f"p{i}": {"kind": "me"} for i in range(1, 5)}
    created = table.create(ruleset="squadron303", seats=seats)
    game_id, tokens = created["game_id"], created["tokens"]
    payload = table.get(game_id, tokens["p1"])
    for _ in range(300):  # into the first Fight, where the log and the dice name planes
        if payload["dice"] and any("attacks" in e["text"] for e in payload["events"]):
            break
        if payload["to_move"] is None:  # the dice are being rolled
            payload = table.wait(
                game_id, tokens["p1"], lambda p: p["to_move"] is not None, timeout=30
            )
        mover = payload["to_move"]
        mine = table.get(game_id, tokens[mover])
        assert mine["decision"] is not None
        table.act(game_id, tokens[mover], mine["seq"], mine["decision"]["options"][-1]["text"])
        payload = table.get(game_id, tokens["p1"])
    texts = [e["text"] for e in payload["events"]] + [d["label"] for d in payload["dice"]]
    assert payload["dice"] and any("attacks" in e["text"] for e in payload["events"]), texts
    mine = table.get(game_id, tokens[payload["to_move"]]) if payload["to_move"] else payload
    if mine["decision"] is not None:
        texts.append(mine["decision"]["prompt"])
    assert not [t for t in texts if PLANE_ID.search(t)], texts


def test_a_thing_drawn_is_sent_in_words_too() -> None:
    from dowding.web.payload import _roll_json

    token = _roll_json("squadron303", {}, 7, "p1", "damage token for p1", "item=no_extra")
    assert token["faces"] == "item=no_extra" and token["words"] == "no extra card"
    drawn = _roll_json("squadron303", {}, 7, "p1", "a new pilot", "item=lokuciewski")
    assert drawn["words"] == "Witold Łokuciewski"
    assert _roll_json("squadron303", {}, 7, "p1", "a card", "item=c41")["words"].startswith("“")
    # dice keep their faces for the tray to draw; a ruleset with no words, and a roll out of
    # sight, carry no words
    pool = _roll_json("squadron303", {}, 8, None, "the dice", "d=hit,maneuver")
    assert "words" not in pool and pool["faces"] == "d=hit,maneuver"
    assert "words" not in _roll_json("crane", {}, 9, "raf", "a card", "item=raf-11-03")
    # bob: a squadron card drawn, by its squadron, type and values
    bob = _roll_json("bob", {}, 9, "raf", "a card", "item=raf-10-01")
    assert bob["words"] == "No. 92 Squadron (Spitfire, 4 dice, damage 4)"
    assert "words" not in _roll_json("squadron303", {}, 9, "p2", "a card", None)

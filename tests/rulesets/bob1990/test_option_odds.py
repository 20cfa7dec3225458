"""The odds beside bob1990's choices: exact, from the deciding seat's view alone."""

from __future__ import annotations

import random
from fractions import Fraction

from dowding.engine import Action, Decision
from dowding.engine.option_odds import option_odds
from dowding.rulesets.bob1990.odds import bombing, dogfight
from dowding.rulesets.bob1990.state import Bob1990State

from .test_rules import bombing_position, dogfight_position


def match_position() -> tuple[Bob1990State, Decision]:
    """2A's six cards split 4, 1, 1; 11A's three cards drawn: the British player to match."""
    s: Bob1990State = dogfight_position()
    s.apply(Action("dogfight", space="I17"))
    s.apply(Action("attack", flight="2A"))
    for _ in range(6):
        s.apply(s.next().options[0])  # type: ignore[union-attr]
    for _ in range(3):
        node = s.next()
        s.apply(Action("draw", item=sorted(node.items)[0]))  # type: ignore[union-attr]
    node = s.next()
    assert isinstance(node, Decision) and node.options[0].kind == "match"
    return s, node


def test_a_match_averages_the_face_down_stack_over_the_unseen_luftflotte_cards() -> None:
    s, node = match_position()
    view = s.view("raf")
    got = dict(zip((o.text for o in node.options), option_odds("bob1990", view, node), strict=True))
    assert set(got) == {
        "match flight=11A stack=1",
        "match flight=11A stack=2",
        "match flight=11A stack=3",
    }
    assert sum(got["match flight=11A stack=1"].outcomes["raf_cards_lost"].values()) == 1
    found = got["match flight=11A stack=2"]
    assert found is not None and found.assumes == "a face-down card any unseen Luftflotte 2 card"
    # by hand: the one card of stack 2 is any of Luftflotte 2's cards the view does not show
    hand = s.cards_at("hand:11A")
    raf_dice = sum(s.c.cards[c].dogfight for c in hand)
    shown = {c for ids in view["cards"].values() for c in ids}
    pool = [c for c in s.c.decks[2] if c not in shown]
    lost: dict[str, Fraction] = {}
    for card in pool:
        one = dogfight(raf_dice, s.c.cards[card].dogfight, 3, 1)
        for k, p in one["luftwaffe_cards_lost"].items():  # type: ignore[union-attr]
            lost[k] = lost.get(k, Fraction(0)) + p / len(pool)
    assert found.outcomes["luftwaffe_cards_lost"] == lost
    assert sum(found.outcomes["raf_cards_lost"].values()) == 1
    assert found.summary.startswith("Shoot down ≥1: ")


def test_match_odds_never_change_when_the_hidden_cards_are_redealt() -> None:
    s, node = match_position()
    before = option_odds("bob1990", s.view("raf"), node)
    for seed in range(3):
        again = s.determinize("raf", random.Random(seed))
        assert option_odds("bob1990", again.view("raf"), node) == before


def test_a_bombing_run_shows_the_chance_to_destroy_the_target() -> None:
    s = bombing_position()
    s.hits["C11-01"] = 1
    node = s.next()
    assert isinstance(node, Decision)
    got = dict(
        zip(
            (o.text for o in node.options),
            option_odds("bob1990", s.view("luftwaffe"), node),
            strict=True,
        )
    )
    assert got["done"] is None
    found = got[node.options[0].text]
    assert found is not None
    dice = sum(s.c.cards[c].bombing for c in s.bombers("2A"))
    exact = bombing(dice, 2)  # a city takes 3 bombs, 1 hit is on the card
    assert found.outcomes["destroyed"] == exact["destroyed"]
    assert found.params == {"dice": dice, "bombs": 2, "bombers": len(s.bombers("2A"))}
    assert max(int(k) for k in found.outcomes["bombers_lost"]) <= len(s.bombers("2A"))
    assert found.summary.startswith("Destroy the target: ")

"""Bots, odds, renderers and the hidden information, on real games."""

from __future__ import annotations

import random
import xml.dom.minidom
from fractions import Fraction

from dowding.engine import Chance, Decision, Terminal
from dowding.engine.odds import procedures
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.bots import evaluate, rollout_policy
from dowding.rulesets.fight_for_the_sky.svg import render_svg


def test_rollout_policy_plays_games_to_the_end() -> None:
    for scenario in ("basic", "intermediate"):
        rng = random.Random(3)
        state = GAME.new_state(scenario)
        for _ in range(5000):
            node = state.next()
            if isinstance(node, Terminal):
                break
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                state.apply(rollout_policy(state, rng))
            values = evaluate(state)
            assert 0 <= values["raf"] <= 1 and abs(values["raf"] + values["luftwaffe"] - 1) < 1e-9
        assert isinstance(state.next(), Terminal)


def test_infostate_hides_targets_and_restores() -> None:
    state = GAME.new_state("basic")
    for text in ("target at=manston", "target at=lympne", "target at=rye", "target at=rye"):
        state.apply(text)
    raf = state.view("raf")
    for form in raf["infostate"]["forms"]:
        assert form[3] in ("", "dunkirk", "manston", "dover", "hawkinge", "lympne", "rye")
    other = GAME.new_state("basic")
    for text in ("target at=dover", "target at=lympne", "target at=rye", "target at=dover"):
        other.apply(text)
    assert other.view("raf")["infostate"] == raf["infostate"]
    sample = GAME.state_from_dict(raf["infostate"]).determinize("raf", random.Random(1))
    assert sample.view("raf")["turn"] == 1


def test_odds_procedures() -> None:
    found = procedures("fight-for-the-sky")
    assert found["attack"].run({"aircraft": "hurricane", "strength": 10, "die": 2}) == {
        "shot_down": Fraction(1)
    }
    dist = found["attack"].run({"aircraft": "me109", "strength": 12})
    assert sum(dist["shot_down"].values()) == 1
    assert found["aa"].run({"flights": 11, "aa": 1, "die": 4}) == {
        "hit": Fraction(1),
        "abort": Fraction(1),
    }
    assert found["bombing"].run({"strength": 9, "die": 5}) == {"hits": Fraction(1)}


def test_svg_marks_every_hex_option() -> None:
    state = GAME.new_state("basic")
    node = state.next()
    svg = render_svg(state.view("luftwaffe"), "luftwaffe", node)
    xml.dom.minidom.parseString(svg)
    assert isinstance(node, Decision)
    for option in node.options:
        assert f'data-action="{option.text}"' in svg

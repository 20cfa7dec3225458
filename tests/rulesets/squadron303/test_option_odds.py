"""The fight odds (``dowding odds squadron303 fight``) against known answers, and the odds shown
beside each Fight option, from the view alone."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from dowding.engine import Chance, Decision, Match
from dowding.engine.odds import procedures
from dowding.engine.option_odds import option_odds
from dowding.rulesets.squadron303.odds import GERMAN_TYPES


def test_a_bf109_needs_two_hits_in_one_round() -> None:
    fight = procedures("squadron303")["fight"]
    assert fight.run({"aircraft": "bf109"})["shot_down"] == 0
    # with a Hit card: a blue die settled on a Hit (7/18 each), no red die settled on an Evade
    hit = 1 - (1 - Fraction(7, 18)) ** 2
    no_evade = (1 - Fraction(7, 36)) ** 2
    assert fight.run({"aircraft": "bf109", "card": "hit"})["shot_down"] == hit * no_evade


@pytest.mark.parametrize("aircraft", GERMAN_TYPES)
def test_every_german_type_adds_up(aircraft: str) -> None:
    odds = procedures("squadron303")["fight"].run({"aircraft": aircraft, "yellow": True})
    assert sum(odds["damage_dealt"].values()) == 1
    assert sum(odds["damage_taken"].values()) == 1
    assert 0 <= odds["shot_down"] <= 1


def test_the_yellow_die_hits_more_often() -> None:
    fight = procedures("squadron303")["fight"]
    blue = fight.run({"aircraft": "he111"})
    yellow = fight.run({"aircraft": "he111", "yellow": True})
    assert yellow["damage_dealt"]["1"] > blue["damage_dealt"]["1"]
    # in round 1 a Failure is never placed while the blue die is there to place
    assert set(yellow["damage_taken"]) == set(blue["damage_taken"]) == {"0", "1"}


def test_fight_options_carry_their_odds() -> None:
    match = Match("squadron303", "attack-on-biggin-hill", {}, seed=5)
    rng = random.Random(5)
    for _ in range(5000):
        node = match.node()
        if isinstance(node, Chance):
            match.roll()
            continue
        assert isinstance(node, Decision)
        if any(o.kind == "fight" for o in node.options):
            view = match.state.view(node.seat, infostate=False)
            odds = option_odds("squadron303", view, node)
            for option, found in zip(node.options, odds, strict=True):
                assert (found is not None) == (option.kind == "fight")
                if found is not None:
                    assert found.procedure == "fight" and "shoot down" in found.summary
                    assert "no card" in found.assumes
            return
        match.play(rng.choice(node.options))
    raise AssertionError("no Fight offered")

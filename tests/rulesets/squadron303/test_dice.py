"""The five dice: every face the text names exists, every rolled example is possible, and the
exact odds are the published ones (docs/rules/squadron303.md, "The dice")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dowding.engine.dice import Die, Roll
from dowding.rulesets.squadron303.components import load_components
from dowding.rulesets.squadron303.dice import face_odds, make_dice, propeller, symbol


@pytest.fixture(scope="module")
def dice() -> dict[str, Die]:
    return make_dice(load_components().dice)


def test_blue_die_has_every_named_face(dice: dict[str, Die]) -> None:
    # "Combat": RAF dice show Blank, Hit, Reroll, Evade and Maneuver.
    assert set(dice["blue"].faces) == {"blank", "hit", "reroll", "evade", "maneuver"}


def test_yellow_die_is_failure_or_success(dice: dict[str, Die]) -> None:
    assert set(dice["yellow"].faces) == {"success", "failure"}


def test_luftwaffe_dice_share_the_families(dice: dict[str, Die]) -> None:
    # Hits carry propellers (only propellers count in a Counterattack); Evade cancels Hits; a
    # Reroll face and a blank (the Fighter Ace rerolls blanks) on every die.
    for colour in ("red", "white", "black"):
        faces = dice[colour].faces
        assert {symbol(str(f)) for f in faces} == {"hit", "evade", "reroll", "blank"}
        assert all(propeller(str(f)) in (2, 3, 4) for f in faces if symbol(str(f)) == "hit")


def test_combat_example_faces(dice: dict[str, Die]) -> None:
    # "Phase III" example: reds Hit and Evade, blues Hit and Maneuver; reds rerolled: 2 Hits.
    assert {"hit", "maneuver"} <= set(dice["blue"].faces)
    assert "evade" in dice["red"].faces
    assert any(symbol(str(f)) == "hit" for f in dice["red"].faces)


def test_counterattack_example_faces(dice: dict[str, Die]) -> None:
    # "Phase IV" example: 2 red dice, 2 Hits with a double and a triple propeller.
    assert {"hit2", "hit3"} <= set(dice["red"].faces)
    # "Pilots shot down" example: 6 red dice roll 6 Hits, which must be possible.
    assert face_odds(dice["red"])["hit"] ** 6 > 0


def test_exact_odds(dice: dict[str, Die]) -> None:
    assert face_odds(dice["blue"]) == {
        "hit": Fraction(1, 3),
        "evade": Fraction(1, 6),
        "maneuver": Fraction(1, 6),
        "reroll": Fraction(1, 6),
        "blank": Fraction(1, 6),
    }
    assert face_odds(dice["yellow"]) == {"success": Fraction(5, 6), "failure": Fraction(1, 6)}
    assert face_odds(dice["red"])["hit"] == Fraction(1, 2)
    assert face_odds(dice["black"])["evade"] == Fraction(1, 3)
    assert face_odds(dice["white"])["blank"] == Fraction(1, 3)


def test_a_roll_is_an_engine_chance(dice: dict[str, Die]) -> None:
    outcomes = Roll("fight", (dice["blue"], dice["red"])).outcomes()
    assert sum(p for _, p in outcomes) == 1

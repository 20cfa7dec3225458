"""Game options: OptionSpec.coerce and Game.resolve_options."""

from __future__ import annotations

import pytest

from dowding.engine import OptionSpec, get_game
from tests.toygame import TOY

ROUNDS = OptionSpec("rounds", 3, "rounds", minimum=1, maximum=9)
SPEED = OptionSpec("speed", 1.5, "speed", minimum=0.5, maximum=3.0)
FOG = OptionSpec("fog", False, "fog")
MOOD = OptionSpec("mood", "calm", "mood", choices=("calm", "grim"))
NAME = OptionSpec("name", "", "any text")
SCALE = OptionSpec("scale", 50, "a number from a list", choices=(50, 25))


@pytest.mark.parametrize(
    ("spec", "raw", "value"),
    [
        (ROUNDS, "4", 4),
        (ROUNDS, 9, 9),
        (ROUNDS, " 1 ", 1),
        (SPEED, "2.25", 2.25),
        (SPEED, 3, 3.0),
        (FOG, True, True),
        (FOG, "yes", True),
        (FOG, "ON", True),
        (FOG, "1", True),
        (FOG, "false", False),
        (FOG, "off", False),
        (FOG, 0, False),
        (MOOD, "grim", "grim"),
        (NAME, 12, "12"),
        (SCALE, "25", 25),
        (SCALE, 50, 50),
    ],
)
def test_coerce(spec: OptionSpec, raw: object, value: object) -> None:
    coerced = spec.coerce(raw)
    assert coerced == value and type(coerced) is type(spec.default)


@pytest.mark.parametrize(
    ("spec", "raw", "message"),
    [
        (ROUNDS, "many", "option rounds takes a number, not 'many'"),
        (ROUNDS, None, "option rounds takes a number, not None"),
        (ROUNDS, "2.5", "takes a number"),
        (ROUNDS, 3.7, "option rounds takes a number, not 3.7"),
        (ROUNDS, True, "option rounds takes a number, not True"),
        (ROUNDS, 0, "option rounds must be at least 1"),
        (ROUNDS, "10", "option rounds must be at most 9"),
        (SPEED, "0.1", "option speed must be at least 0.5"),
        (SPEED, "fast", "option speed takes a number"),
        (FOG, "maybe", "option fog takes true or false, not 'maybe'"),
        (FOG, 2, "option fog takes true or false"),
        (MOOD, "sunny", "option mood is one of calm, grim, not 'sunny'"),
        (SCALE, 30, "option scale is one of 50, 25, not 30"),
        (SCALE, "fifty", "option scale takes a number"),
    ],
)
def test_coerce_refuses(spec: OptionSpec, raw: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        spec.coerce(raw)


@pytest.mark.parametrize("raw", ["nan", float("nan"), "-nan"])
def test_coerce_refuses_nan(raw: object) -> None:
    with pytest.raises(ValueError):
        SPEED.coerce(raw)


def test_resolve_options() -> None:
    defaults = {"rounds": 0, "fog": False, "speed": 1.5, "mood": "calm"}
    assert TOY.resolve_options(None) == defaults
    assert TOY.resolve_options({}) == defaults
    assert TOY.resolve_options({"fog": "yes", "rounds": "3"}) == {
        **defaults,
        "fog": True,
        "rounds": 3,
    }


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"weather": 1}, "toy has no option 'weather'; options: rounds, fog, speed, mood"),
        ({"rounds": 99}, "option rounds must be at most 9"),
        ({"rounds": "x"}, "option rounds takes a number"),
        ({"fog": "perhaps"}, "option fog takes true or false"),
        ({"mood": "sunny"}, "option mood is one of calm, grim"),
    ],
)
def test_resolve_options_refuses(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TOY.resolve_options(options)


def test_scenarios() -> None:
    assert TOY.scenario(None).id == TOY.default_scenario
    assert TOY.scenario("battle").id == "battle"
    with pytest.raises(
        ValueError, match="toy has no scenario 'x'; choose one of: skirmish, battle"
    ):
        TOY.scenario("x")


def test_the_values_a_sweep_plays_besides_the_default() -> None:
    assert OptionSpec("fog", False, "").others() == (True,)
    assert OptionSpec("split", "raf", "", choices=("raf", "luftwaffe")).others() == ("luftwaffe",)
    # a number option with its values listed is swept through them, as words are
    assert SCALE.others(numbers=False) == (25,)
    players = OptionSpec("players", 2, "", minimum=2, maximum=4)
    assert players.others() == (3, 4)
    assert players.others(numbers=False) == ()
    # a wide range: its two ends
    assert OptionSpec("cell_km", 50, "", minimum=25, maximum=50).others() == (25,)
    assert OptionSpec("turns", 10, "", minimum=1, maximum=200).others() == (1, 200)
    # free text and unbounded numbers: nothing to sweep
    assert OptionSpec("data", "", "").others() == ()
    assert OptionSpec("seed", 0, "").others() == ()


def test_option_variants_change_one_option_at_a_time_then_all() -> None:
    bob = get_game("bob")
    assert bob.option_variants() == [
        ("players=3", {"players": 3}),
        ("players=4", {"players": 4}),
        ("split=raf", {"split": "raf"}),
        ("historical=True", {"historical": True}),
        ("all", {"players": 3, "split": "raf", "historical": True}),
    ]
    assert [name for name, _ in bob.option_variants(numbers=False)] == [
        "split=raf",
        "historical=True",
        "all",
    ]


def test_an_option_in_words() -> None:
    labelled = OptionSpec(
        "scale", 50, "", choices=(50, 25), label="Board scale", choice_labels=("50 km", "25 km")
    )
    assert labelled.title == "Board scale" and labelled.words() == ["50 km", "25 km"]
    # without words of its own: the name made readable, the values as they are
    assert ROUNDS.title == "Rounds" and OptionSpec("max_turns", 3, "").title == "Max turns"
    assert MOOD.words() == ["calm", "grim"] and ROUNDS.words() == []
    with pytest.raises(ValueError, match="one label a choice"):
        OptionSpec("scale", 50, "", choices=(50, 25), choice_labels=("50 km",))

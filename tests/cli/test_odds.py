"""``dowding odds``: listing, JSON and table output, and every bad input a message with exit 2."""

from __future__ import annotations

import json
from typing import Any


def test_the_issues_example_prints_three_floats(cli: Any) -> None:
    """Fighter against He-111: 21/36 no effect, 13/36 damaged, 2/36 destroyed (see
    tests/analysis/test_odds_procedures.py for the working)."""
    run = cli("odds", "crane", "attack", "--attacker", "fighter", "--defender", "he111", "--json")
    assert run.code == 0, run.output
    assert json.loads(run.stdout) == {
        "no_effect": 21 / 36,
        "damaged": 13 / 36,
        "destroyed": 2 / 36,
    }


def test_text_form_shows_fractions_and_percentages(cli: Any) -> None:
    run = cli("odds", "crane", "attack", "--attacker=me109", "--defender", "he111", "--damage", "2")
    assert run.code == 0, run.output
    for text in ("no effect", "7/12", "58.33%", "5/12", "41.67%"):
        assert text in run.stdout


def test_nested_answers_and_flags(cli: Any) -> None:
    run = cli("odds", "bob", "reach-for-home", "--fuel", "0", "--fighters", "1", "--json")
    assert run.code == 0, run.output
    assert json.loads(run.stdout)["cards_lost"] == {"0": 25 / 36, "1": 11 / 36}
    ace = json.loads(cli("odds", "bob", "dogfight", "--raf-ace", "--json").stdout)
    same = json.loads(cli("odds", "bob", "dogfight", "--raf-ace", "true", "--json").stdout)
    plain = json.loads(cli("odds", "bob", "dogfight", "--json").stdout)
    assert ace == same and ace["luftwaffe_shot_down"] > plain["luftwaffe_shot_down"]
    table = cli("odds", "bob", "intercept", "--raf", "Spitfire", "--luftwaffe", "Do 17").stdout
    assert "hits on luftwaffe" in table and "5/96" in table


def test_listing(cli: Any) -> None:
    run = cli("odds")
    assert run.code == 0 and "crane" in run.stdout and "bob" in run.stdout
    listed = cli("odds", "bob")
    assert listed.code == 0
    for text in ("dogfight", "intercept", "bombing_run", "reach_for_home", "--raf-ace"):
        assert text in listed.stdout
    described = json.loads(cli("odds", "crane", "--json").stdout)
    attack = next(d for d in described if d["procedure"] == "attack")
    assert [p["name"] for p in attack["params"]] == ["attacker", "defender", "damage", "data"]


def test_bad_input_exits_2_with_the_choices(cli: Any) -> None:
    cases = [
        (("odds", "nope"), "rulesets with odds: crane, bob"),
        (("odds", "toy"), "offers no odds"),
        (("odds", "crane", "dice"), "choose from: attack, flak, bomb"),
        (("odds", "crane", "attack", "--speed", "3"), "it takes --attacker, --defender, --damage"),
        (("odds", "crane", "attack", "--attacker", "zero"), "spitfire, hurricane"),
        (("odds", "crane", "attack", "--damage", "many"), "takes a number"),
        (("odds", "crane", "attack", "--damage"), "needs a value"),
        (("odds", "crane", "attack", "spitfire"), "unexpected 'spitfire'"),
        (("odds", "bob", "dogfight", "--raf", "Bf 109"), "flies for the luftwaffe"),
    ]
    for args, message in cases:
        run = cli(*args)
        assert run.code == 2, (args, run.output)
        assert message in run.output, (args, run.output)


def test_a_data_folder_of_none_of_the_files_is_refused(cli: Any, tmp_path: Any) -> None:
    """Odds from a mistyped folder would be the shipped odds under the player's name for them."""
    for args in (
        ("odds", "squadron303", "fight", "--data", str(tmp_path / "nowhere")),
        ("odds", "squadron303", "die", "--data", str(tmp_path)),
        ("odds", "crane", "attack", "--data", str(tmp_path)),
    ):
        run = cli(*args)
        assert run.code == 2 and "the data folder" in run.stderr, (args, run.stderr)

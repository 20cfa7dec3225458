"""Exact odds against the digest's known answers (section 5) and the rules' arithmetic."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb

from typer.testing import CliRunner

from dowding.cli.main import app
from dowding.rulesets.bob1990.odds import PROCEDURES, bombing, dogfight, fuel_crash, reinforcement


def test_reinforcement_on_six_black_dice() -> None:
    out = reinforcement(6)
    got = [round(float(out["cards_added"][str(k)]), 3) for k in range(4)]
    assert got == [0.335, 0.402, 0.201, 0.054]
    assert out["mean"] == 1


def test_aa_guns_two_crosses_down_a_bomber() -> None:
    def at_least_one(n: int) -> Fraction:
        return 1 - bombing(n, 0)["bombers_lost"]["0"]

    assert at_least_one(2) == Fraction(1, 36)
    assert at_least_one(4) == Fraction(19, 144)
    assert at_least_one(6) == Fraction(12281, 46656)
    assert round(float(at_least_one(8)), 3) == 0.395


def test_bombing_hits_and_bombers_lost_capped_only_when_asked() -> None:
    out = bombing(6, 3)
    assert sum(out["hits"].values()) == 1 == sum(out["bombers_lost"].values())  # type: ignore[union-attr]
    assert max(int(k) for k in out["bombers_lost"]) == 3  # 6 crosses: 3 bombers
    capped = bombing(6, 3, 2)
    assert set(capped["bombers_lost"]) == {"0", "1", "2"}  # type: ignore[arg-type]
    # destroyed: 3 or more roundels on 6 black dice (1/2 each)
    assert out["destroyed"] == Fraction(sum(comb(6, k) for k in range(3, 7)), 64)
    args = ["odds", "bob1990", "bombing", "--dice", "6", "--bombs", "3", "--bombers", "2", "--json"]
    data = json.loads(CliRunner().invoke(app, args).output)
    assert set(data) == {"hits", "bombers_lost", "destroyed"}
    assert set(data["bombers_lost"]) == {"0", "1", "2"}


def test_fuel_crash_per_squadron() -> None:
    got = [round(float(fuel_crash(d, 1)["per_squadron"]), 3) for d in (1, 3, 5, 7)]
    assert got == [0.167, 0.421, 0.598, 0.721]


def test_dogfight_sums_to_one_and_caps_only_when_asked() -> None:
    out = dogfight(8, 7, 0, 0)
    assert sum(out["raf_cards_lost"].values()) == 1 == sum(out["luftwaffe_cards_lost"].values())
    assert max(int(k) for k in out["raf_cards_lost"]) == 7  # 15 roundels: 1 + 6
    capped = dogfight(8, 7, 2, 1)
    assert set(capped["raf_cards_lost"]) == {"0", "1", "2"}
    assert set(capped["luftwaffe_cards_lost"]) == {"0", "1"}


def test_one_die_each_never_shoots_anything_down() -> None:
    assert dogfight(1, 1, 0, 0)["raf_cards_lost"] == {"0": Fraction(1)}


def test_the_procedures() -> None:
    assert set(PROCEDURES) == {"dogfight", "bombing", "reinforcement", "fuel_crash", "repair"}


def test_the_command_line_prints_json() -> None:
    args = ["odds", "bob1990", "dogfight", "--raf-dice", "4", "--luftwaffe-dice", "3", "--json"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) >= {"raf_cards_lost", "luftwaffe_cards_lost"}
    assert abs(sum(data["raf_cards_lost"].values()) - 1) < 1e-9


def test_the_command_line_lists_the_procedures() -> None:
    result = CliRunner().invoke(app, ["odds", "bob1990"])
    assert result.exit_code == 0, result.output
    for name in ("dogfight", "bombing", "reinforcement", "fuel_crash", "repair"):
        assert f"bob1990 {name}:" in result.output


def test_a_dogfight_is_exact_and_keyed_by_strings() -> None:
    # 1 white die against 2 black: 3 roundels need a roundel on each die (1/6 * 1/2 * 1/2)
    out = dogfight(1, 2, 0, 0)
    assert out["raf_cards_lost"] == {"0": Fraction(23, 24), "1": Fraction(1, 24)}
    # crosses: white 1/2, black 1/6 each: all three crosses 1/2 * 1/36
    assert out["luftwaffe_cards_lost"] == {"0": Fraction(71, 72), "1": Fraction(1, 72)}

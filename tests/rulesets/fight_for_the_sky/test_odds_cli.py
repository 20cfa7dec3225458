"""``dowding odds fight-for-the-sky ...`` through the real command line: the booklet's worked
results for one die, whole distributions over the six faces, and clear refusals."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dowding.cli.main import app


def _odds(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["odds", "fight-for-the-sky", *args])
    return result.exit_code, result.output


def _json(*args: str) -> dict[str, object]:
    code, out = _odds(*args, "--json")
    assert code == 0, out
    return json.loads(out)  # type: ignore[no-any-return]


def _total(distribution: object) -> float:
    assert isinstance(distribution, dict)
    return sum(distribution.values())


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        # How to Attack's worked results
        (("attack", "--aircraft", "hurricane", "--strength", "10", "--die", "2"), {"shot_down": 1}),
        (("attack", "--aircraft", "hurricane", "--strength", "8", "--die", "5"), {"shot_down": 1}),
        (("attack", "--aircraft", "me109", "--strength", "6", "--die", "3"), {"shot_down": 0}),
        (("attack", "--aircraft", "me109", "--strength", "12", "--die", "6"), {"shot_down": 2}),
        (("attack", "--aircraft", "spitfire", "--strength", "7", "--die", "6"), {"shot_down": 2}),
        # Rye: 11 bomber flights against AA 1, a 4 rolled; then 9 flights bomb with a 5
        (("aa", "--flights", "11", "--aa", "1", "--die", "4"), {"hit": 1, "abort": 1}),
        (("bombing", "--strength", "9", "--die", "5"), {"hits": 1}),
    ],
)
def test_one_die_gives_the_booklets_results(args: tuple[str, ...], expected: dict) -> None:  # type: ignore[type-arg]
    assert _json(*args) == expected


def test_without_a_die_the_distribution_over_six_faces() -> None:
    attack = _json("attack", "--aircraft", "hurricane", "--strength", "10")
    assert _total(attack["shot_down"]) == pytest.approx(1)
    assert "1" in attack["shot_down"]  # type: ignore[operator]
    aa = _json("aa", "--flights", "11", "--aa", "1")
    assert _total(aa["hit"]) == pytest.approx(1) and _total(aa["abort"]) == pytest.approx(1)
    plain = _json("bombing", "--strength", "9")
    stukas = _json("bombing", "--strength", "9", "--ju87")
    assert _total(plain["hits"]) == pytest.approx(1) and _total(stukas["hits"]) == pytest.approx(1)

    def mean(d: object) -> float:
        assert isinstance(d, dict)
        return sum(int(k) * v for k, v in d.items())

    assert mean(stukas["hits"]) >= mean(plain["hits"])  # the Ju 87 bonus only helps


def test_the_table_form_prints_fractions() -> None:
    code, out = _odds("attack", "--aircraft", "hurricane", "--strength", "10")
    assert code == 0, out
    assert "shot down" in out and "1/6" in out and "2/3" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("attack", "--aircraft", "tiger", "--strength", "10"), "tiger"),
        (("attack", "--aircraft", "hurricane", "--strength", "10", "--die", "7"), "die"),
        (("attack", "--strength", "-3"), "strength"),
        (("attack", "--range", "3"), "--range"),
        (("loop",), "loop"),
    ],
)
def test_bad_input_is_refused_with_a_message(args: tuple[str, ...], message: str) -> None:
    code, out = _odds(*args)
    assert code == 2
    assert message in out and "Traceback" not in out

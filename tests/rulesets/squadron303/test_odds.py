"""Known answers for the squadron303 odds (docs/rules/squadron303.md, "The dice")."""

from __future__ import annotations

from fractions import Fraction

from dowding.engine.odds import procedures


def test_settled_die_odds() -> None:
    proc = procedures("squadron303")
    blue = proc["die"].run({"colour": "blue"})
    assert blue == {
        "blank": Fraction(2, 9),
        "evade": Fraction(7, 36),
        "hit": Fraction(7, 18),
        "maneuver": Fraction(7, 36),
    }
    red = proc["die"].run({"colour": "red"})
    assert red == {"blank": Fraction(2, 9), "evade": Fraction(7, 36), "hit": Fraction(7, 12)}
    assert proc["die"].run({"colour": "yellow"}) == {
        "failure": Fraction(1, 6),
        "success": Fraction(5, 6),
    }
    for colour in ("blue", "yellow", "red", "white", "black"):
        assert sum(proc["die"].run({"colour": colour}).values()) == 1


def test_counterattack_odds() -> None:
    proc = procedures("squadron303")["counterattack"]
    # One red die: a propeller on half its faces.
    assert proc.run({"dice": "1"}) == {"damage=0": Fraction(1, 2), "damage=1": Fraction(1, 2)}
    # A Wild Defence cancels any one die.
    assert proc.run({"dice": "1", "defences": "wild"}) == {"damage=0": Fraction(1)}
    # A triple propeller cancels a 3-blade Hit only (1 face in 6).
    assert proc.run({"dice": "1", "defences": "3"})["damage=1"] == Fraction(1, 3)
    two = proc.run({"dice": "2"})
    assert two["damage=2"] == Fraction(1, 4) and sum(two.values()) == 1

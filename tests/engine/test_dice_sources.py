"""Where outcomes come from: seeded, scripted, typed at a real table."""

from __future__ import annotations

import pytest

from dowding.engine import (
    D6,
    RAF_DIE,
    Action,
    ManualDice,
    Roll,
    ScriptedDice,
    SeededDice,
    SymbolPool,
)

TWO_D6 = Roll("2d6", dice=(D6, D6))
POOL = SymbolPool("pool", die=RAF_DIE, count=5)


def test_seeded_dice_are_a_function_of_seed_and_step() -> None:
    rolls = [SeededDice(7).outcome(TWO_D6, step) for step in range(40)]
    assert rolls == [SeededDice(7).outcome(TWO_D6, step) for step in range(40)]
    dice = SeededDice(7)
    assert [dice.outcome(TWO_D6, 5) for _ in range(3)] == [rolls[5]] * 3  # no hidden state
    assert len(set(rolls)) > 10
    assert rolls != [SeededDice(8).outcome(TWO_D6, step) for step in range(40)]
    assert all(TWO_D6.is_outcome(r) for r in rolls)
    assert POOL.is_outcome(SeededDice(7).outcome(POOL, 3))


def test_scripted_dice_take_actions_or_typed_faces() -> None:
    dice = ScriptedDice([Action("roll", d=(6, 6)), "1 2", "cross cross blank roundel cross"])
    assert dice.outcome(TWO_D6, 0) == Action("roll", d=(6, 6))
    assert dice.outcome(TWO_D6, 1) == Action("roll", d=(1, 2))
    assert dice.outcome(POOL, 2) == Action("roll", cross=3, blank=1, roundel=1)
    with pytest.raises(RuntimeError, match="the dice script ran out at '2d6'"):
        dice.outcome(TWO_D6, 3)


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ([Action("roll", d=(7, 1))], r"scripted roll d=7,1 is not an outcome of '2d6'"),
        ([Action("draw", item="x")], "is not an outcome of '2d6'"),
        (["7 1"], "'7' is not a face of the d6 die"),
        (["3"], "type 2 face"),
    ],
)
def test_scripted_dice_refuse_impossible_outcomes(script: list[Action | str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ScriptedDice(script).outcome(TWO_D6, 0)


def test_manual_dice_ask_again_after_a_bad_entry() -> None:
    typed = iter(["", "7 7", "six six", "roll d=1", "4 6"])
    asked: list[str] = []
    told: list[str] = []

    def ask(chance: object) -> str:
        asked.append(str(chance))
        return next(typed)

    dice = ManualDice(ask, told.append)
    assert dice.outcome(TWO_D6, 0) == Action("roll", d=(4, 6))
    assert len(asked) == 5 and len(told) == 4
    assert all(line.startswith("Not a roll I can use: ") for line in told)
    assert "'7' is not a face of the d6 die" in told[1]

"""Dice and chance events: exact odds (Fractions), sampling, and what a player types."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from dowding.engine import (
    D6,
    DICE,
    LUFTWAFFE_DIE,
    RAF_DIE,
    Action,
    Chance,
    Die,
    Draw,
    Roll,
    SymbolPool,
)

F = Fraction


def odds(chance: Chance) -> dict[str, Fraction]:
    table = {action.text: p for action, p in chance.outcomes()}
    assert len(table) == len(chance.outcomes()), "an outcome is listed twice"
    assert sum(table.values()) == 1
    return table


def test_faces() -> None:
    assert D6.face_probabilities() == {face: F(1, 6) for face in range(1, 7)}
    assert RAF_DIE.face_probabilities() == {"cross": F(1, 2), "blank": F(1, 3), "roundel": F(1, 6)}
    assert LUFTWAFFE_DIE.face_probabilities() == {
        "roundel": F(1, 2),
        "blank": F(1, 3),
        "cross": F(1, 6),
    }
    assert RAF_DIE.symbols == ("cross", "blank", "roundel")
    assert DICE == {"d6": D6, "raf": RAF_DIE, "luftwaffe": LUFTWAFFE_DIE}


def test_roll_of_one_symbol_die() -> None:
    assert odds(Roll("r", dice=(RAF_DIE,))) == {
        "roll d=cross": F(1, 2),
        "roll d=blank": F(1, 3),
        "roll d=roundel": F(1, 6),
    }
    assert odds(Roll("r", dice=(LUFTWAFFE_DIE,)))["roll d=cross"] == F(1, 6)


def test_roll_2d6() -> None:
    roll = Roll("2d6", dice=(D6, D6))
    table = odds(roll)
    assert len(table) == 36 and set(table.values()) == {F(1, 36)}
    sums = Counter[int]()
    for action, p in roll.outcomes():
        faces = action.get("d")
        assert isinstance(faces, tuple)
        sums[sum(int(f) for f in faces)] += p  # type: ignore[assignment]
    assert sums[7] == F(1, 6) and sums[2] == sums[12] == F(1, 36)


def test_roll_mixed_dice_keeps_order() -> None:
    table = odds(Roll("m", dice=(D6, RAF_DIE)))
    assert len(table) == 18
    assert table["roll d=4,roundel"] == F(1, 36) and table["roll d=1,cross"] == F(1, 12)


def test_symbol_pool_three_raf_dice() -> None:
    table = odds(SymbolPool("p", die=RAF_DIE, count=3))
    assert len(table) == 10  # C(3 + 2, 2)
    assert table["roll blank=0 cross=3 roundel=0"] == F(1, 8)
    assert table["roll blank=2 cross=0 roundel=1"] == 3 * F(1, 6) * F(1, 9) == F(1, 18)
    assert table["roll blank=1 cross=1 roundel=1"] == 6 * F(1, 2) * F(1, 3) * F(1, 6)


def test_symbol_pool_matches_the_multinomial_formula() -> None:
    for die in (RAF_DIE, LUFTWAFFE_DIE):
        probs = die.face_probabilities()
        for n in range(7):
            for action, p in SymbolPool("p", die=die, count=n).outcomes():
                counts = {s: int(action.number(str(s))) for s in die.symbols}
                assert sum(counts.values()) == n
                expected = F(math.factorial(n)) * math.prod(
                    (probs[s] ** k / math.factorial(k) for s, k in counts.items()), start=F(1)
                )
                assert p == expected, action


def test_symbol_pool_of_twenty() -> None:
    pool = SymbolPool("p", die=RAF_DIE, count=20)
    table = odds(pool)
    assert len(table) == math.comb(22, 2) == 231
    assert table["roll blank=0 cross=20 roundel=0"] == F(1, 2**20)
    assert odds(SymbolPool("p", die=RAF_DIE, count=0)) == {"roll blank=0 cross=0 roundel=0": 1}


def test_symbol_pool_of_d6() -> None:
    table = odds(SymbolPool("p", die=D6, count=2))
    assert len(table) == 21 and table["roll 1=1 2=0 3=0 4=0 5=0 6=1"] == F(1, 18)


def test_draw_with_duplicates() -> None:
    draw = Draw("raid card", items=("dover", "kenley", "kenley", "biggin"))
    assert odds(draw) == {
        "draw item=dover": F(1, 4),
        "draw item=kenley": F(1, 2),
        "draw item=biggin": F(1, 4),
    }
    assert draw.parse("kenley") == Action("draw", item="kenley")
    assert draw.parse("draw item=biggin") == Action("draw", item="biggin")
    with pytest.raises(ValueError, match="'manston' is not one of the items"):
        draw.parse("manston")


# --- what a player types ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chance", "typed", "outcome"),
    [
        (Roll("r", dice=(D6, D6)), "3 5", Action("roll", d=(3, 5))),
        (Roll("r", dice=(D6, D6)), "3,5", Action("roll", d=(3, 5))),
        (Roll("r", dice=(D6, D6)), "roll d=3,5", Action("roll", d=(3, 5))),
        (Roll("r", dice=(D6,)), "roll d=6", Action("roll", d=6)),
        (Roll("r", dice=(D6,)), "roll d=6,", Action("roll", d=6)),
        (Roll("r", dice=(D6,)), "6", Action("roll", d=6)),
        (
            Roll("r", dice=(RAF_DIE, LUFTWAFFE_DIE)),
            "Cross blank",
            Action("roll", d=("cross", "blank")),
        ),
        (
            SymbolPool("p", die=RAF_DIE, count=3),
            "cross blank roundel",
            Action("roll", cross=1, blank=1, roundel=1),
        ),
        (
            SymbolPool("p", die=RAF_DIE, count=3),
            "roundel, roundel, cross",
            Action("roll", cross=1, blank=0, roundel=2),
        ),
        (
            SymbolPool("p", die=LUFTWAFFE_DIE, count=2),
            "roll blank=0 cross=2 roundel=0",
            Action("roll", cross=2, blank=0, roundel=0),
        ),
    ],
)
def test_parse_typed_faces(chance: Chance, typed: str, outcome: Action) -> None:
    parsed = chance.parse(typed)
    assert parsed == outcome and chance.is_outcome(parsed)
    assert parsed in {action for action, _ in chance.outcomes()}


@pytest.mark.parametrize(
    ("chance", "typed", "message"),
    [
        (Roll("r", dice=(D6, D6)), "3", "type 2 face"),
        (Roll("r", dice=(D6, D6)), "3 5 6", "type 2 face"),
        (Roll("r", dice=(D6, D6)), "3 7", "'7' is not a face of the d6 die"),
        (Roll("r", dice=(D6, D6)), "3 x", "'x' is not a face of the d6 die"),
        (Roll("r", dice=(D6, D6)), "roll d=3,7", "is not a possible roll"),
        (Roll("r", dice=(RAF_DIE,)), "swastika", "not a face of the raf die"),
        (SymbolPool("p", die=RAF_DIE, count=3), "cross cross", "type the 3 faces"),
        (SymbolPool("p", die=RAF_DIE, count=3), "cross cross star", "'star'"),
        (SymbolPool("p", die=RAF_DIE, count=3), "roll blank=0 cross=4 roundel=0", "not a possible"),
        (SymbolPool("p", die=RAF_DIE, count=3), "roll cross=3", "not a possible roll of 3 dice"),
        (
            SymbolPool("p", die=RAF_DIE, count=2),
            "roll blank=-1 cross=3 roundel=0",
            "not a possible",
        ),
        (Draw("d", items=("a", "b")), "c", "not one of the items"),
        (Draw("d", items=("a", "b")), "", "not one of the items"),
    ],
)
def test_parse_refuses_impossible_faces(chance: Chance, typed: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        chance.parse(typed)


def test_expects_says_what_to_type() -> None:
    assert Roll("r", dice=(D6, RAF_DIE)).expects == "<d6: 1/2/3/4/5/6> <raf: cross/blank/roundel>"
    assert SymbolPool("p", die=RAF_DIE, count=3).expects == "3 x <cross/blank/roundel>"


def test_is_outcome_refuses_lookalikes() -> None:
    roll = Roll("r", dice=(D6, D6))
    assert not roll.is_outcome(Action("roll", d=(3,)))
    assert not roll.is_outcome(Action("roll", d=(3, 5), x=1))
    assert not roll.is_outcome(Action("draw", d=(3, 5)))
    pool = SymbolPool("p", die=RAF_DIE, count=2)
    assert not pool.is_outcome(Action("roll", cross=2, blank=0, star=0))
    assert not pool.is_outcome(Action("roll", cross=1.5, blank=0.5, roundel=0))
    assert not Draw("d", items=("a",)).is_outcome(Action("draw", item="a", extra=1))
    one = Roll("r1", dice=(D6,))
    assert not one.is_outcome(Action("roll", d=(3,))) and not one.is_outcome(Action("roll", e=3))
    assert not pool.is_outcome(Action("roll", cross=3, blank=-1, roundel=0))
    assert not pool.is_outcome(Action("roll", cross=1, blank=1))


@pytest.mark.parametrize(
    "chance",
    [
        Roll("1", dice=(D6,)),
        Roll("2", dice=(D6, LUFTWAFFE_DIE)),
        SymbolPool("3", die=RAF_DIE, count=3),
        SymbolPool("0", die=LUFTWAFFE_DIE, count=0),
    ],
)
def test_is_outcome_accepts_exactly_the_listed_outcomes(chance: Roll | SymbolPool) -> None:
    """The fast checks ``apply`` makes agree with the exact outcome list, on every outcome of
    this event and of its neighbours (one die more or fewer, another die)."""
    listed = {action for action, _ in chance.outcomes()}
    neighbours = (
        [Roll("n", dice=d) for d in ((D6,), (D6, D6), (D6, LUFTWAFFE_DIE, D6), (RAF_DIE,))]
        if isinstance(chance, Roll)
        else [SymbolPool("n", die=d, count=n) for d in (RAF_DIE, D6) for n in (0, 2, 3, 4)]
    )
    for other in (chance, *neighbours):
        for action, _ in other.outcomes():
            assert chance.is_outcome(action) == (action in listed), action


# --- sampling ---------------------------------------------------------------------------------

CHI_SQUARE_CASES = [
    Roll("2d6", dice=(D6, D6)),
    Roll("raf", dice=(RAF_DIE,)),
    Roll("luftwaffe", dice=(LUFTWAFFE_DIE,)),
    SymbolPool("pool", die=RAF_DIE, count=4),
    SymbolPool("pool", die=LUFTWAFFE_DIE, count=3),
    Draw("deck", items=("a", "b", "b", "c", "c", "c")),
]


@pytest.mark.parametrize("chance", CHI_SQUARE_CASES, ids=lambda c: f"{c.label}")
def test_sampling_matches_the_exact_odds(chance: Chance) -> None:
    """60k seeded samples: legal, and a chi-square statistic far below what a biased sampler gives.

    The bound is loose (the mean is the degrees of freedom, the bound 3 x df + 30), and the seed
    is fixed, so the test cannot flake; a die with its roundel at 1/5 fails it (next test).
    """
    n = 60_000
    rng = random.Random(1940)
    exact = dict(chance.outcomes())
    seen = Counter(chance.sample(rng) for _ in range(n))
    assert set(seen) <= set(exact), f"sampled impossible outcomes {set(seen) - set(exact)}"
    assert all(chance.is_outcome(action) for action in seen)
    chi2 = sum((seen[a] - n * float(p)) ** 2 / (n * float(p)) for a, p in exact.items())
    df = len(exact) - 1
    assert chi2 < 3 * df + 30, f"chi-square {chi2:.1f} with {df} degrees of freedom"


def test_chi_square_bound_catches_a_biased_die() -> None:
    """The bound above is tight enough to fail a die whose roundel comes up 1/5, not 1/6."""
    biased = Die("biased", ("cross",) * 15 + ("blank",) * 9 + ("roundel",) * 6)
    n, rng = 60_000, random.Random(1940)
    exact = Roll("r", dice=(RAF_DIE,)).outcomes()
    seen = Counter(Roll("r", dice=(biased,)).sample(rng) for _ in range(n))
    chi2 = sum((seen[a] - n * float(p)) ** 2 / (n * float(p)) for a, p in exact)
    assert chi2 > 3 * 2 + 30


def test_every_outcome_text_parses_back_to_an_outcome() -> None:
    for chance in [*CHI_SQUARE_CASES, Roll("one", dice=(D6,)), SymbolPool("d6s", die=D6, count=2)]:
        for action, _ in chance.outcomes():
            again = Action.parse(action.text)
            assert chance.is_outcome(again) and again == action
            assert chance.parse(action.text) == action


@pytest.mark.parametrize(
    "items",
    [
        pytest.param(("1", "2", "3"), id="numbered-cards"),
        pytest.param(("Ju 87", "Do 17"), id="spaces"),
    ],
)
def test_draw_refuses_items_its_log_could_not_carry(items: tuple[str, ...]) -> None:
    with pytest.raises(ValueError, match="cannot be logged"):
        Draw("deck", items=items)


def test_one_die_roll_outcomes_keep_their_args_through_text() -> None:
    roll = Roll("one", dice=(D6,))
    for action, _ in roll.outcomes():
        assert Action.parse(action.text).args == action.args

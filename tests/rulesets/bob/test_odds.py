"""The exact odds against values worked out by hand from the two dice.

White (RAF): cross 1/2, roundel 1/6, blank 1/3. Black (Luftwaffe): roundel 1/2, cross 1/6,
blank 1/3. A cross hits the Luftwaffe and a roundel the RAF, whoever rolled it.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from dowding.rulesets.bob import odds


def test_one_die_of_each_side() -> None:
    assert odds.face_odds("raf") == (F(1, 2), F(1, 6), F(1, 3))
    assert odds.face_odds("luftwaffe") == (F(1, 6), F(1, 2), F(1, 3))
    assert odds.roll(1, "raf") == {(0, 0): F(1, 3), (1, 0): F(1, 2), (0, 1): F(1, 6)}
    assert odds.symbol_count(1, "raf", "cross")[1] == F(1, 2)


def test_two_black_dice() -> None:
    roundels = odds.symbol_count(2, "luftwaffe", "roundel")
    assert odds.at_least(roundels, 1) == F(3, 4)  # 1 - (1/2)^2
    assert roundels == {0: F(1, 4), 1: F(1, 2), 2: F(1, 4)}
    both = odds.roll(2, "luftwaffe")
    assert both[(1, 1)] == 2 * F(1, 6) * F(1, 2)  # one cross and one roundel, either order
    assert both[(0, 0)] == F(1, 9)
    assert sum(both.values()) == 1


def test_distributions_sum_to_one_and_have_the_right_means() -> None:
    for n in range(7):
        for side in ("raf", "luftwaffe"):
            dist = odds.roll(n, side)
            assert sum(dist.values()) == 1
            crosses = sum(c * p for (c, _), p in dist.items())
            assert crosses == n * odds.face_odds(side)[0]
    both = odds.combined(4, 3)
    assert sum(both.values()) == 1
    assert sum(c * p for (c, _), p in both.items()) == F(4, 2) + F(3, 6)
    assert sum(r * p for (_, r), p in both.items()) == F(4, 6) + F(3, 2)


def test_dogfight_one_die_each() -> None:
    # Luftwaffe card down (crosses beat roundels): white cross with black blank (1/2 * 1/3),
    # both crosses (1/2 * 1/6), white blank with black cross (1/3 * 1/6) = 11/36. By the
    # dice's mirror symmetry the RAF card falls just as often.
    duel = odds.dogfight(1, 1, 1, 1)
    assert duel == (F(11, 36), F(11, 36), F(7, 18))
    # With damage 2 each, only two symbols of one kind shoot a card down.
    assert odds.dogfight(1, 2, 1, 2) == (F(1, 12), F(1, 12), F(5, 6))


def test_dogfight_one_side_rolls() -> None:
    # A lone white die: cross 1/2 downs the German, roundel 1/6 the RAF's own card.
    assert odds.dogfight(1, 1, 0, 1) == (F(1, 6), F(1, 2), F(1, 3))
    # Damage beyond what the dice can roll: nobody falls.
    assert odds.dogfight(2, 3, 0, 3) == (F(0), F(0), F(1))


def test_equal_hits_shoot_down_nobody() -> None:
    # Two white dice, damage 1 each: one cross and one roundel (2 * 1/2 * 1/6) is a tie.
    duel = odds.dogfight(2, 1, 0, 1)
    assert duel.luftwaffe_down == F(1, 4) + 2 * F(1, 2) * F(1, 3)  # 2 crosses, or cross+blank
    assert duel.raf_down == F(1, 36) + 2 * F(1, 6) * F(1, 3)
    assert duel.neither == F(1, 9) + 2 * F(1, 2) * F(1, 6)


def test_ace_rolls_one_more_die() -> None:
    assert odds.dogfight(1, 1, 0, 1, raf_ace=True) == odds.dogfight(2, 1, 0, 1)
    assert odds.dogfight(3, 4, 3, 4, luftwaffe_ace=True) == odds.dogfight(3, 4, 4, 4)
    # The mirror: an RAF ace against equal cards is the Luftwaffe ace with the sides swapped.
    raf_ace = odds.dogfight(4, 4, 4, 4, raf_ace=True)
    lw_ace = odds.dogfight(4, 4, 4, 4, luftwaffe_ace=True)
    assert (raf_ace.raf_down, raf_ace.luftwaffe_down) == (lw_ace.luftwaffe_down, lw_ace.raf_down)


def test_fewest_cards_lost_follows_the_intercept_example() -> None:
    # "2 BF109 (4 damage each) and a Do17 (2 damage). Five German cross symbols": two cards.
    assert odds.fewest_cards_lost(5, [4, 4, 2]) == 2
    assert odds.fewest_cards_lost(0, [4, 4, 2]) == 0
    assert odds.fewest_cards_lost(1, [4, 4, 2]) == 1
    assert odds.fewest_cards_lost(8, [4, 4, 2]) == 2
    assert odds.fewest_cards_lost(9, [4, 4, 2]) == 3
    assert odds.fewest_cards_lost(20, [4, 4, 2]) == 3  # more hits than they can take: all


def test_intercept_losses() -> None:
    # One RAF card (1 die, damage 1) against a German card that rolls no dice.
    assert odds.intercept((1,), 1, (1,), 0) == {(0, 0): F(1, 3), (0, 1): F(1, 2), (1, 0): F(1, 6)}
    dist = odds.intercept((4, 4, 4), 12, (4, 4, 2), 9)
    assert sum(dist.values()) == 1


def test_bombing_run() -> None:
    run = odds.bombing_run(1)
    assert run == {(0, 0): F(1, 3), (1, 0): F(1, 2), (0, 1): F(1, 6)}
    assert odds.p_bomb_hits(2, 1) == F(3, 4)
    assert odds.p_bomb_hits(4, 3) == F(5, 16)  # (4 + 1) / 16
    assert odds.p_bomb_hits(2, 3) == 0
    assert odds.mean(odds.symbol_count(4, "luftwaffe", "roundel")) == 2


def test_ack_ack() -> None:
    assert odds.ack_ack(0) == {0: 1}
    assert odds.ack_ack(1) == {0: 1}  # one white die cannot make two crosses
    assert odds.ack_ack(2) == {0: F(3, 4), 1: F(1, 4)}
    assert odds.ack_ack(4)[2] == F(1, 16)
    # Two bombing dice: both crosses 1/36, then both AA dice crosses 1/4.
    outcome = odds.bombing_run_outcome(2)
    assert outcome[(0, 1)] == F(1, 36) * F(1, 4)
    assert sum(outcome.values()) == 1


def test_reach_for_home() -> None:
    assert odds.reach_for_home_loss("bomber", 0) == F(1, 6)
    assert odds.reach_for_home_loss("bomber", 1) == 0
    assert odds.reach_for_home_loss("bomber", 2) == 0
    assert odds.reach_for_home_loss("fighter", 0) == F(11, 36)  # 1 - (5/6)^2
    assert odds.reach_for_home_loss("fighter", 1) == F(1, 6)
    assert odds.reach_for_home_loss("fighter", 2) == 0
    assert odds.reach_for_home_loss("fighter", 3) == 0
    with pytest.raises(ValueError):
        odds.reach_for_home_loss("fighter", -1)


def test_negative_dice_are_refused() -> None:
    with pytest.raises(ValueError):
        odds.roll(-1, "raf")

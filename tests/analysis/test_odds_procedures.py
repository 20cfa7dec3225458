"""The odds procedures of crane and bob against values worked out by hand.

Dice notation: a crane attack is one d6 + offense against one d6 + defense; a bob white (RAF)
die shows a cross 3/6, a roundel 1/6, a blank 2/6, and a black (Luftwaffe) die a cross 1/6, a
roundel 3/6, a blank 2/6.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from dowding.engine.odds import as_floats, procedures
from dowding.rulesets.bob.cards import load_squadrons


def crane(name: str, **raw: object) -> dict[str, object]:
    return dict(procedures("crane")[name].run(raw))


def bob(name: str, **raw: object) -> dict[str, object]:
    return dict(procedures("bob")[name].run(raw))


def test_both_rulesets_offer_their_procedures() -> None:
    assert set(procedures("crane")) == {"attack", "flak", "bomb"}
    assert set(procedures("bob")) == {"dogfight", "intercept", "bombing_run", "reach_for_home"}


# --- crane ------------------------------------------------------------------------------------
def test_fighter_attacks_a_heinkel() -> None:
    """Fighter (offense 3) against He-111 (defense 3): a+3 against d+3.

    No effect when d >= a: 21 of the 36 pairs. Destroyed when a+3 >= 2(d+3), i.e. a >= 2d+3:
    only d=1 with a=5 or 6, 2 pairs. Damaged: the other 13.
    """
    expected = {"no_effect": F(21, 36), "damaged": F(13, 36), "destroyed": F(2, 36)}
    assert crane("attack", attacker="fighter", defender="he111") == expected
    assert crane("attack", attacker="spitfire", defender="he111", damage="0") == expected


def test_a_heinkel_with_both_engines_damaged_falls_to_any_hit() -> None:
    """Damage 2 of 2 engines: every 'damaged' result destroys it, 13/36 + 2/36 = 15/36."""
    odds = crane("attack", attacker="me109", defender="he111", damage="2")
    assert odds == {"no_effect": F(7, 12), "damaged": F(0), "destroyed": F(5, 12)}


def test_flak_at_a_heinkel_and_a_stuka() -> None:
    """Flak (offense 1). He-111 (defense 3): damaged when a > d+2, pairs (4..6,1), (5..6,2),
    (6,3): 6/36; destroyed needs a+1 >= 2d+6, never. Ju-87 (defense 1, one engine): a hit when
    a > d, 15/36; destroyed when a >= 2d+1: (3..6,1) and (5..6,2), 6/36; damaged 9/36."""
    assert crane("flak", defender="he111") == {
        "no_effect": F(5, 6),
        "damaged": F(1, 6),
        "destroyed": F(0),
    }
    assert crane("flak", defender="ju87") == {
        "no_effect": F(21, 36),
        "damaged": F(9, 36),
        "destroyed": F(6, 36),
    }


def test_bomb_rolls() -> None:
    """One pair: no hit when bomber die <= factory die (21/36); two hits when doubled, a >= 2d:
    (2..6,1), (4..6,2), (6,3), 9/36; one hit the other 6/36. A Stuka rolls one pair, an He-111
    two: no hits (21/36)^2 = 49/144, four hits (9/36)^2 = 1/16."""
    stuka = crane("bomb", bomber="ju87", factory_hits="2")
    assert stuka["hits"] == {"0": F(21, 36), "1": F(6, 36), "2": F(9, 36)}
    assert stuka["factory_destroyed"] == F(15, 36)  # two hits already: any hit finishes it
    heinkel = crane("bomb", bomber="he111")
    hits = heinkel["hits"]
    assert isinstance(hits, dict)
    assert hits["0"] == F(49, 144) and hits["4"] == F(1, 16) and sum(hits.values()) == 1


def test_crane_refuses_what_cannot_be() -> None:
    with pytest.raises(ValueError, match="0 to 2"):
        crane("attack", defender="he111", damage="3")
    with pytest.raises(ValueError, match="one of he111, ju87"):
        crane("bomb", bomber="me109")
    with pytest.raises(ValueError, match="unknown parameter"):
        crane("flak", attacker="spitfire")


# --- bob --------------------------------------------------------------------------------------
def test_one_die_against_one_die_dogfight() -> None:
    """One white die, damage 1, against one black die, damage 1. The Luftwaffe card falls when
    crosses > roundels: (cross, cross) 1/2*1/6, (cross, blank) 1/2*1/3, (blank, cross) 1/3*1/6:
    1/12 + 1/6 + 1/18 = 11/36. The RAF card by symmetry (roundels: (roundel, roundel) 1/6*1/2,
    (roundel, blank) 1/6*1/3, (blank, roundel) 1/3*1/2) the same 11/36. Neither: 14/36."""
    odds = bob(
        "dogfight",
        raf_dice="1",
        raf_damage="1",
        luftwaffe_dice="1",
        luftwaffe_damage="1",
    )
    assert odds == {
        "raf_shot_down": F(11, 36),
        "luftwaffe_shot_down": F(11, 36),
        "neither": F(7, 18),
    }


def test_dogfight_by_card_id_type_and_ace() -> None:
    """A card id gives its card's values; an Ace is one more die; equal cards are even."""
    by_type = bob("dogfight", raf="Spitfire", luftwaffe="Bf 109")
    assert by_type["raf_shot_down"] == by_type["luftwaffe_shot_down"]  # 4 dice, 4 damage each
    cards = load_squadrons().cards.values()
    spitfire = next(c.id for c in cards if c.aircraft == "Spitfire")
    dornier = next(c.id for c in cards if c.aircraft == "Do 17")
    assert bob("dogfight", raf=spitfire, luftwaffe=dornier) == bob(
        "dogfight", raf="spitfire", luftwaffe="do17"
    )
    ace = bob("dogfight", raf="Hurricane", luftwaffe="Bf 110", raf_ace="true")
    five = bob("dogfight", raf="Hurricane", luftwaffe="Bf 110", raf_dice="5")
    assert ace == five
    assert (
        ace["luftwaffe_shot_down"]
        > bob("dogfight", raf="Hurricane", luftwaffe="Bf 110")["luftwaffe_shot_down"]
    )


def test_intercept_with_one_white_die() -> None:
    """One RAF die alone: a cross (a hit on the Luftwaffe) 1/2, a roundel (a hit on the RAF) 1/6."""
    odds = bob("intercept", raf="", luftwaffe="", raf_dice="1")
    assert odds == {
        "hits_on_raf": {"0": F(5, 6), "1": F(1, 6)},
        "hits_on_luftwaffe": {"0": F(1, 2), "1": F(1, 2)},
    }


def test_intercept_cards_lost() -> None:
    """A Spitfire (4 dice) against a Do 17 (1 die, damage 2): the Do 17 is lost at one cross or
    more (every hit must be taken); it survives only when no die shows a cross:
    (1/2)^4 * (5/6) = 5/96."""
    odds = bob("intercept", raf="Spitfire", luftwaffe="Do 17")
    assert odds["luftwaffe_cards_lost"] == {"0": F(5, 96), "1": F(91, 96)}


def test_intercept_takes_at_most_three_luftwaffe_cards() -> None:
    with pytest.raises(ValueError, match="only 3"):
        bob("intercept", luftwaffe="Do 17,Do 17,Do 17,Do 17")


def test_bombing_runs() -> None:
    """One black die at an airfield: a roundel (1/2) knocks it out; one cross gives one white
    Ack-Ack die, never the two crosses a loss needs. Two dice: a bomber falls only on two black
    crosses (1/36) and then two white crosses (1/4): 1/144. Two Stukas at a radar station roll
    2 + 2 dice (dive bombers): knocked out unless all four miss, 1 - 1/16."""
    one = bob("bombing_run", bombers="", dice="1", target="airfield")
    assert one == {
        "hits_on_target": {"0": F(1, 2), "1": F(1, 2)},
        "target_knocked_out": F(1, 2),
        "bombers_lost": {"0": F(1)},
    }
    two = bob("bombing_run", bombers="", dice="2", target="city")
    assert two["bombers_lost"] == {"0": F(143, 144), "1": F(1, 144)}
    assert two["target_knocked_out"] == 0  # a city needs three hits
    stukas = bob("bombing_run", bombers="Ju 87,Ju 87", target="radar")
    assert stukas["target_knocked_out"] == F(15, 16)


def test_reach_for_home() -> None:
    """No fuel: a fighter rolls two black dice and is lost on any cross, 1 - (5/6)^2 = 11/36; a
    bomber one die, 1/6. One marker: a fighter one die, 1/6; a bomber none. A fighter and a
    bomber with no fuel both come home with (25/36)(5/6) = 125/216."""
    by_fuel = bob("reach_for_home")
    assert by_fuel["fuel 0"] == {"fighter_lost": F(11, 36), "bomber_lost": F(1, 6)}
    assert by_fuel["fuel 1"] == {"fighter_lost": F(1, 6), "bomber_lost": F(0)}
    assert by_fuel["fuel 2"] == {"fighter_lost": F(0), "bomber_lost": F(0)}
    flight = bob("reach_for_home", fuel="0", fighters="1", bombers="1")
    assert flight["cards_lost"] == {"0": F(125, 216), "1": F(10, 27), "2": F(11, 216)}


def test_bob_refuses_unknown_and_wrong_side_cards() -> None:
    with pytest.raises(ValueError, match="no raf card or aircraft type"):
        bob("dogfight", raf="Zero")
    with pytest.raises(ValueError, match="flies for the luftwaffe"):
        bob("dogfight", raf="Bf 109")


def test_every_count_distribution_sums_to_one() -> None:
    """Every answer's probabilities lie in [0, 1], and every distribution of counts (keys "0",
    "1", ...) sums to exactly 1."""
    for ruleset in ("crane", "bob"):
        for proc in procedures(ruleset).values():
            odds = proc.run({})
            as_floats(odds)  # every value a Fraction or a mapping of them
            _check(odds, proc.name)


def _check(odds: object, name: str) -> None:
    assert isinstance(odds, dict), name
    if odds and all(k.isdigit() for k in odds):
        assert sum(odds.values()) == 1, name
    for value in odds.values():
        if isinstance(value, F):
            assert 0 <= value <= 1, name
        else:
            _check(value, name)

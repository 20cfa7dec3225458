"""One test per rule function, dice fixed."""

from __future__ import annotations

from collections import Counter

import pytest

from dowding.rulesets.squadron303 import combat, germans, players
from dowding.rulesets.squadron303 import reorganization as reorg
from dowding.rulesets.squadron303.components import Components, Requirement, load_components


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def test_reroll_once_then_a_miss() -> None:
    # "Dice symbols": a Reroll is rolled once more; a Reroll again is a miss.
    assert combat.after_reroll("hit", None) == "hit"
    assert combat.after_reroll("reroll", "evade") == "evade"
    assert combat.after_reroll("reroll", "reroll") == "blank"


def test_he111s_share_black_dice(comp: Components) -> None:
    he111 = comp.aircraft["he111"]
    assert combat.german_dice(he111) == {"black": 1}
    assert combat.german_dice(he111, untokened_mates=2) == {"black": 3}
    assert combat.german_dice(he111, untokened_mates=6) == {"black": 4}
    assert combat.german_dice(comp.aircraft["bf109"], ace_extra=1) == {"red": 3}


def test_first_strike_cancels_a_downed_targets_hits(comp: Components) -> None:
    bf109 = comp.aircraft["bf109"].toughness
    plain = combat.resolve_round(
        hits=2, evades=0, german_faces=("hit2",), toughness=bf109, damage=0
    )
    first = combat.resolve_round(
        hits=2, evades=0, german_faces=("hit2",), toughness=bf109, damage=0, first_strike=True
    )
    assert plain.damage_taken == 1 and first.damage_taken == 0
    # Without the kill, First Strike cancels nothing.
    missed = combat.resolve_round(
        hits=1, evades=0, german_faces=("hit2",), toughness=bf109, damage=0, first_strike=True
    )
    assert missed.damage_taken == 1


def test_yellow_failure_is_two_damage(comp: Components) -> None:
    r = combat.resolve_round(
        hits=0,
        evades=0,
        german_faces=(),
        toughness=comp.aircraft["bf109"].toughness,
        damage=0,
        yellow_failure=True,
        failure_damage=comp.rules.yellow_failure_damage,
    )
    assert r.damage_taken == 2


def test_requirement_sources() -> None:
    dice_only = (Requirement(symbol="hit", source="dice"),)
    assert combat.ability_sets(dice_only, combat.Symbols(Counter(), Counter(hit=1))) == 0
    assert combat.ability_sets(dice_only, combat.Symbols(Counter(hit=1), Counter())) == 1
    token = (Requirement(symbol="maneuver", source="token"),)
    assert combat.ability_sets(token, combat.Symbols(Counter(maneuver=1), Counter())) == 0
    assert combat.ability_sets(token, combat.Symbols(Counter(), Counter(), tokens=1)) == 1
    any_maneuver = (Requirement(symbol="maneuver"),)
    assert combat.ability_sets(any_maneuver, combat.Symbols(Counter(), Counter(), tokens=1)) == 1
    pairs = (Requirement(symbol="hit", count=2),)
    assert combat.ability_sets(pairs, combat.Symbols(Counter(hit=3), Counter(hit=2))) == 2


def test_per_set_effects(comp: Components) -> None:
    card = next(c for c in comp.cards if c.ability.effect.per_set)
    assert combat.effect_totals(card.ability.effect, 2)[card.ability.effect.symbol or ""] == 2
    once = next(
        c for c in comp.cards if c.ability.effect.kind == "gain" and not c.ability.effect.per_set
    )
    assert sum(combat.effect_totals(once.ability.effect, 3).values()) == 1


def test_german_movement_order() -> None:
    sq = [
        germans.Mover("fighters", has_bombers=False),
        germans.Mover("stray", has_bombers=True, individual=True),
        germans.Mover("raid2", has_bombers=True),
        germans.Mover("raid1", has_bombers=True),
    ]
    assert germans.movement_order(sq) == ("raid2", "raid1", "fighters", "stray")


def test_bomber_ace_needs_an_extra_token() -> None:
    # Bomber Ace (f): a He 111 with one Maneuver token still moves.
    assert not germans.moves(tokens=1, is_bomber=True)
    assert germans.moves(tokens=1, is_bomber=True, bomber_ace=True)
    assert not germans.moves(tokens=2, is_bomber=True, bomber_ace=True)


def test_bombing_is_capped_at_toughness(comp: Components) -> None:
    london = comp.rules.target_toughness["city"]
    assert germans.bomb(3, 2, london) == 4
    assert germans.destroyed(4, london)


def test_reserve_sizes(comp: Components) -> None:
    # Reading S2: 4 players 3, 3 players 2, 2 players 2, solo 2 (Leader and Wingman seated).
    sizes = {
        n: players.reserve_size(len(comp.pilots), n, comp.rules.reserve_removed)
        for n in (1, 2, 3, 4)
    }
    assert sizes == {1: 2, 2: 2, 3: 2, 4: 3}


def test_refit_refuses_ammo_past_the_maximum() -> None:
    with pytest.raises(ValueError, match="cannot hold"):
        reorg.refit(reorg.Refit(ammo=2), 4, ammo=3, max_ammo=4, damage=0)
    assert reorg.refit(reorg.Refit(ammo=1), 4, ammo=3, max_ammo=4, damage=0) == (4, 0)

"""The squadron303 components: the shipped data loads, counts match "Components", and a
player's file overrides it or is refused with its path."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from dowding.rulesets.squadron303.components import Components, load_components


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def test_box_counts_match_the_components_list(comp: Components) -> None:
    # "Components": 51 Combat cards, 7 Pilot cards, 4 Event cards, 5 Scenario cards, 42
    # Deployment cards (2 of them British), 11 Target Damage tiles, 16 Bf 109, 7 He 111, 4 Bf 110.
    assert len(comp.deck()) == 51
    assert len(comp.pilots) == 7
    assert len(comp.events) == 4
    assert len(comp.scenarios) == 5
    assert len(comp.deployment) == 42
    assert sum(d.side == "raf" for d in comp.deployment) == 2
    assert len(comp.rules.target_damage_tiles) == 11
    assert {k: comp.aircraft[k].models for k in ("bf109", "he111", "bf110")} == {
        "bf109": 16,
        "he111": 7,
        "bf110": 4,
    }


def test_the_six_named_pilots_and_a_designed_seventh(comp: Components) -> None:
    names = {p.name for p in comp.pilots if not p.designed}
    assert names == {
        "Witold Łokuciewski",
        "Mirosław Feric",
        "Jan Zumbach",
        "Josef František",
        "Witold Urbanowicz",
        "Ludwik Paszkiewicz",
    }
    assert [p.name for p in comp.pilots if p.designed] == ["Zdzisław Henneberg"]


def test_the_named_events_and_scenarios(comp: Components) -> None:
    assert {e.name for e in comp.events} == {
        "My God, They Are Doing It!",
        "Air Supremacy",
        "Seek and destroy",
        "On patrol",
    }
    # "4 different Events (in three types in the base game)"; one Event hunts a pilot.
    assert len({e.type for e in comp.events}) == 3
    assert sum(e.hunts for e in comp.events) == 1
    named = {"Attack on Biggin Hill", "Blitz", "Home, Sweet Home", "Coming Home"}
    assert named < {s.name for s in comp.scenarios}


def test_attack_on_biggin_hill_reveals_two_events_on_turn_2(comp: Components) -> None:
    # Phase I example: one Event from the blue+red deck, one from green+brown+yellow, turn 2.
    lines = comp.scenario("attack-on-biggin-hill").events
    assert [(line.turn, set(line.colours)) for line in lines] == [
        (2, {"blue", "red"}),
        (2, {"green", "brown", "yellow"}),
    ]


def test_each_biggin_hill_deck_holds_an_event(comp: Components) -> None:
    colours = Counter(e.colour for e in comp.events)
    assert colours["blue"] + colours["red"] >= 1
    assert colours["green"] + colours["brown"] + colours["yellow"] >= 1


def test_combat_cards_span_every_field_the_text_names(comp: Components) -> None:
    cards = comp.cards
    assert {c.move for c in cards} == {1, 2, 3}
    assert {c.symbol for c in cards} == {"hit", "evade", "maneuver"}
    assert {p for c in cards for p in c.defence} == {"2", "3", "4", "wild"}
    assert {s for c in cards for s in c.support} == {"hit", "evade", "wild"}
    kinds = {c.ability.effect.kind for c in cards}
    # "Combat cards" and FAQ: every effect the text names has at least one card.
    assert kinds >= {
        "gain",
        "cancel_german_hit",
        "first_strike",
        "move_after_round",
        "third_round",
        "self_support",
        "draw",
    }
    sources = {r.source for c in cards for r in c.ability.requires}
    assert sources == {"any", "dice", "token"}


def test_every_scenario_has_a_setup_for_every_player_count(comp: Components) -> None:
    for sc in comp.scenarios:
        for players in (1, 2, 3, 4):
            setup = comp.setup(sc.id, players)
            assert len(setup.cards) == len(setup.slots) >= 3
            assert all(comp.deployment_card(c).side == "luftwaffe" for c in setup.cards)


def test_each_setup_deals_known_cards_to_known_areas(comp: Components) -> None:
    # Issue 16: the setups for 1-4 players are ours (the rulebook prints none); each deals
    # only Luftwaffe Deployment cards of the box, each once, onto Areas of the map, one
    # squadron an Area, and starts every pilot (solo: a leader and a wingman) on a known Area.
    known = {d.id for d in comp.deployment if d.side == "luftwaffe"}
    areas = {a.id for a in comp.map.areas}
    for sc in comp.scenarios:
        for players in (1, 2, 3, 4):
            setup = comp.setup(sc.id, players)
            where = f"{sc.id} with {players}"
            assert set(setup.cards) <= known, where
            assert len(set(setup.cards)) == len(setup.cards), where
            starts = [slot.area for slot in setup.slots]
            assert len(set(starts)) == len(starts), where
            for slot in setup.slots:
                assert {slot.area, *slot.route} <= areas, where
                assert slot.target is None or slot.target in areas, where
            assert set(setup.starting_areas) <= areas, where
            if setup.starting_areas:
                assert len(setup.starting_areas) >= max(players, 2), where


def test_starting_area_costs(comp: Components) -> None:
    # "Starting Area": from Northolt to London 1 card, Biggin Hill 2, Tonbridge 3.
    costs = comp.scenario("attack-on-biggin-hill").starting_area_costs
    assert costs == {"london": 1, "biggin-hill": 2, "tonbridge": 3}


def test_rule_numbers(comp: Components) -> None:
    r = comp.rules
    assert r.target_toughness == {"city": 4, "factory": 3, "port": 3, "radar": 2, "airfield": 3}
    assert (r.hand_base, r.draw_per_turn, r.max_maneuver_tokens, r.damage_to_destroy) == (
        2,
        2,
        3,
        5,
    )
    assert (r.action_points, r.ammo_per_action_point, r.yellow_failure_damage) == (4, 2, 2)
    assert comp.aircraft["hurricane"].ammo == 4
    assert comp.aircraft["bf109"].toughness == (1, 1)
    assert comp.aircraft["he111"].toughness == (1, 2, 1)
    assert comp.aircraft["bf110"].toughness == (2,)
    assert comp.aircraft["bf109"].dice == {"red": 2}


def test_a_partial_file_overrides_the_shipped_one(tmp_path: Path) -> None:
    (tmp_path / "rules.json").write_text(json.dumps({"rules": {"action_points": 5}}))
    assert load_components(str(tmp_path)).rules.action_points == 5
    assert load_components().rules.action_points == 4


def test_a_bad_file_is_refused_with_its_path(tmp_path: Path) -> None:
    (tmp_path / "aircraft.json").write_text(
        json.dumps({"aircraft": {"bf109": {"toughness": "tough"}}})
    )
    with pytest.raises(ValueError, match=r"aircraft\.bf109\.toughness"):
        load_components(str(tmp_path))


def test_a_route_must_step_between_adjacent_areas(tmp_path: Path) -> None:
    sc = json.loads(
        (
            Path(__file__).parents[3] / "src/dowding/rulesets/squadron303/data/scenarios.json"
        ).read_text("utf-8")
    )
    sc["scenarios"][0]["setups"]["4"]["slots"][0]["route"] = ["london", "biggin-hill"]
    (tmp_path / "scenarios.json").write_text(json.dumps(sc))
    with pytest.raises(ValueError, match="not adjacent"):
        load_components(str(tmp_path))


def test_a_scenario_cannot_use_more_models_than_the_box(tmp_path: Path) -> None:
    (tmp_path / "aircraft.json").write_text(json.dumps({"aircraft": {"he111": {"models": 2}}}))
    with pytest.raises(ValueError, match="the box holds 2"):
        load_components(str(tmp_path))


def test_a_british_deployment_card_is_never_dealt_as_a_german_squadron(tmp_path: Path) -> None:
    # "Game setup" 7: the two British cards are set aside unless a special Scenario needs
    # them; the text gives them no rules, so a setup naming one is refused (it had flown for
    # the Luftwaffe: a Hurricane with no dice and no Toughness)
    sc = json.loads(
        (
            Path(__file__).parents[3] / "src/dowding/rulesets/squadron303/data/scenarios.json"
        ).read_text("utf-8")
    )
    cards = sc["scenarios"][0]["setups"]["4"]["cards"]
    sc["scenarios"][0]["setups"]["4"]["cards"] = ["raf1", *cards[1:]]
    (tmp_path / "scenarios.json").write_text(json.dumps(sc))
    with pytest.raises(ValueError, match="'raf1' is a British Deployment card"):
        load_components(str(tmp_path))

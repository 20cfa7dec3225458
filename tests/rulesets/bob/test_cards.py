"""The bob squadron cards: the counts and values the rulebook fixes, the units against the facts
file, the design targets of docs/rules/bob-cards.md, and the loader's checks."""

from __future__ import annotations

import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from dowding.rulesets.bob import odds
from dowding.rulesets.bob.cards import (
    LUFTWAFFE_DECK_SIZES,
    RAF_DECK_SIZES,
    Card,
    Squadrons,
    load_squadrons,
)

# The facts file (shared/facts/order-of-battle-1940.md), transcribed so that the checks run
# without a shared/ checkout; test_transcription_matches_the_facts_file keeps them in step.
# fmt: off
FACTS_RAF: dict[int, dict[int, str]] = {
    10: {92: "Spit", 87: "Hurr", 213: "Hurr", 234: "Spit", 247: "Glad", 238: "Hurr", 609: "Spit",
         604: "Blen", 152: "Spit"},
    11: {43: "Hurr", 601: "Hurr", 145: "Hurr", 602: "Spit", 266: "Spit", 64: "Spit", 615: "Hurr",
         111: "Hurr", 32: "Hurr", 610: "Spit", 501: "Hurr", 54: "Spit", 65: "Spit", 74: "Spit",
         600: "Blen", 56: "Hurr", 151: "Hurr", 25: "Blen", 17: "Hurr", 85: "Hurr", 1: "Hurr",
         257: "Hurr", 303: "Hurr"},
    12: {19: "Spit", 310: "Hurr", 66: "Spit", 242: "Hurr", 229: "Hurr", 23: "Blen", 46: "Hurr",
         611: "Spit", 29: "Blen", 222: "Spit", 264: "Def", 73: "Hurr", 249: "Hurr", 616: "Spit",
         302: "Hurr"},
    13: {41: "Spit", 219: "Blen", 607: "Hurr", 72: "Spit", 79: "Hurr", 253: "Hurr", 603: "Spit",
         605: "Hurr", 141: "Def", 263: "Hurr", 3: "Hurr", 232: "Hurr", 504: "Hurr", 245: "Hurr"},
}
# Luftflotte -> Geschwader (or Gruppe) -> the aircraft its row names.
FACTS_LW: dict[int, dict[str, str]] = {
    2: {"KG 1": "He 111", "KG 76": "Do 17 Ju 88", "KG 77": "Ju 88", "KG 2": "Do 17",
        "KG 3": "Do 17", "KG 53": "He 111", "StG 1": "Ju 87", "LG 1": "Ju 87",
        "Erpr.Gr. 210": "Bf 110 Bf 109", "KG 4": "He 111 Ju 88", "KG 40": "Fw 200 Ju 88",
        "KGr 100": "He 111", "NJG 1": "Bf 110", "JG 3": "Bf 109", "JG 26": "Bf 109",
        "JG 51": "Bf 109", "JG 52": "Bf 109", "JG 54": "Bf 109", "ZG 26": "Bf 110",
        "ZG 76": "Bf 110", "LG 2": "Bf 109", "JG 77": "Bf 109"},
    3: {"LG 1": "Ju 88 Bf 110", "KG 27": "He 111", "StG 3": "Ju 87", "KG 51": "Ju 88",
        "KG 54": "Ju 88", "KG 55": "He 111", "StG 1": "Ju 87", "StG 2": "Ju 87",
        "StG 77": "Ju 87", "JG 27": "Bf 109", "JG 2": "Bf 109", "JG 53": "Bf 109",
        "ZG 2": "Bf 110"},
    5: {"KG 26": "He 111", "KG 30": "Ju 88", "ZG 76": "Bf 110", "JG 77": "Bf 109"},
}
# fmt: on
FACTS_TYPE = {"Spit": "Spitfire", "Hurr": "Hurricane", "Def": "Defiant"}

# The day-bomber and fighter Gruppen of each Luftflotte on ~13 August that the card mix is
# dealt from (docs/rules/bob-cards.md, "The Luftwaffe mix").
GRUPPEN: dict[int, dict[str, int]] = {
    2: {"He 111": 8, "Do 17": 8, "Ju 88": 2, "Ju 87": 2, "Bf 109": 14, "Bf 110": 5},
    3: {"Ju 88": 8, "He 111": 6, "Ju 87": 8, "Bf 109": 9, "Bf 110": 3},
    5: {"He 111": 2, "Ju 88": 2, "Bf 110": 1},
}

ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5}
STAFFEL = re.compile(r"^(\d+)\.(\((?:St|Z)\))?/((?:KG|JG|ZG|StG|LG) \d+|Erpr\.Gr\. 210)$")


@pytest.fixture(scope="module")
def sq() -> Squadrons:
    return load_squadrons()


def cards_of(sq: Squadrons, command: int) -> list[Card]:
    return [sq.card(i) for i in sq.deck(command)]


def geschwader(unit: str) -> str:
    return unit.split("/", 1)[1]


# --- what the rulebook fixes -------------------------------------------------------------


def test_counts_per_group_and_luftflotte(sq: Squadrons) -> None:
    sizes = {**RAF_DECK_SIZES, **LUFTWAFFE_DECK_SIZES}
    assert sizes == {10: 9, 11: 20, 12: 13, 13: 6, 2: 51, 3: 52, 5: 9}
    for command, size in sizes.items():
        assert len(sq.deck(command)) == size
        assert all(sq.card(i).command == command for i in sq.deck(command))
    sides = Counter(card.side for card in sq.cards.values())
    assert sides == {"raf": 48, "luftwaffe": 112}
    assert len(sq.cards) == len(sq.entries) == 160


def test_ids_are_unique_words(sq: Squadrons) -> None:
    ids = [e.id for e in sq.entries]
    assert len(set(ids)) == len(ids)
    assert all(re.fullmatch(r"[a-z][a-z0-9-]*", i) for i in ids)


def test_the_texts_values(sq: Squadrons) -> None:
    # Intercept example: "2 BF109 (4 damage each) and a Do17 (2 damage)".
    by_type: dict[str, set[int]] = {}
    for card in sq.cards.values():
        by_type.setdefault(card.aircraft, set()).add(card.damage)
    assert by_type["Bf 109"] == {4}
    assert by_type["Do 17"] == {2}
    # ... and its five crosses cost the Luftwaffe two cards either way.
    assert odds.fewest_cards_lost(5, [4, 4, 2]) == 2


def test_one_defiant_in_12_and_13_group(sq: Squadrons) -> None:
    defiants = [c for c in sq.cards.values() if c.aircraft == "Defiant"]
    assert sorted((c.command, c.unit) for c in defiants) == [
        (12, "No. 264 Squadron"),
        (13, "No. 141 Squadron"),
    ]


def test_ju87_only_in_luftflotten_2_and_3(sq: Squadrons) -> None:
    stukas = Counter(c.command for c in sq.cards.values() if c.aircraft == "Ju 87")
    assert set(stukas) == {2, 3}


def test_luftflotte_5_flies_he111_ju88_and_bf110(sq: Squadrons) -> None:
    assert {c.aircraft for c in cards_of(sq, 5)} == {"He 111", "Ju 88", "Bf 110"}


def test_sides_roles_and_bombing_dice(sq: Squadrons) -> None:
    raf_types = {"Spitfire", "Hurricane", "Defiant"}
    bombers = {"Do 17", "He 111", "Ju 88", "Ju 87"}
    for card in sq.cards.values():
        assert (card.side == "raf") == (card.aircraft in raf_types)
        assert (card.role == "bomber") == (card.aircraft in bombers)
        assert (card.bombing >= 1) == (card.role == "bomber")
        assert card.dogfight >= 1 and card.damage >= 1


# --- the units against the facts file ----------------------------------------------------


def test_every_raf_squadron_is_in_the_facts_for_its_group(sq: Squadrons) -> None:
    for card in sq.cards.values():
        if card.side != "raf":
            continue
        m = re.fullmatch(r"No\. (\d+) Squadron", card.unit)
        assert m, card.unit
        number = int(m.group(1))
        assert number in FACTS_RAF[card.command], (card.id, card.unit)
        assert FACTS_TYPE[FACTS_RAF[card.command][number]] == card.aircraft, card.id


def test_raf_choice_is_the_day_fighters(sq: Squadrons) -> None:
    numbers = Counter(
        (c.command, int(c.unit.split()[1])) for c in sq.cards.values() if c.side == "raf"
    )
    # Every day-fighter squadron of 10 and 12 Group is on a card; 87 and 238 have two in 10 Group.
    for group in (10, 12):
        day = {n for n, kind in FACTS_RAF[group].items() if kind in FACTS_TYPE}
        assert {n for g, n in numbers if g == group} == day
    assert [key for key, n in numbers.items() if n > 1] == [(10, 87), (10, 238)]
    # 11 Group: all but No. 1 RCAF (not in the transcription) and 303, not yet operational.
    day11 = {n for n, kind in FACTS_RAF[11].items() if kind in FACTS_TYPE} - {303}
    assert {n for g, n in numbers if g == 11} == day11
    # 13 Group: the Acklington, Catterick and Usworth squadrons of 15 August, 605 and the Defiant.
    assert {n for g, n in numbers if g == 13} == {41, 607, 72, 79, 605, 141}


def test_spitfire_hurricane_share_follows_overy(sq: Squadrons) -> None:
    # 19 Spitfire and 29 Hurricane squadrons in early August (Overy, facts file).
    kinds = Counter(c.aircraft for c in sq.cards.values() if c.side == "raf")
    assert kinds["Defiant"] == 2
    spits = Fraction(kinds["Spitfire"], kinds["Spitfire"] + kinds["Hurricane"])
    assert abs(spits - Fraction(19, 48)) < Fraction(1, 46)


def test_every_luftwaffe_staffel_is_in_the_facts_for_its_luftflotte(sq: Squadrons) -> None:
    for entry in sq.entries:
        if entry.side != "luftwaffe":
            continue
        m = STAFFEL.fullmatch(entry.unit)
        assert m, entry.unit
        unit = geschwader(entry.unit)
        assert unit in FACTS_LW[entry.command], (entry.id, entry.unit)
        assert entry.aircraft in FACTS_LW[entry.command][unit], (entry.id, entry.aircraft)
        # The Staffel number lies in its Gruppe: 1-3 in I., 4-6 in II., and so on.
        gruppe = entry.gruppe.split(".", 1)[0]
        if unit != "Erpr.Gr. 210":
            assert (int(m.group(1)) - 1) // 3 + 1 == ROMAN[gruppe], entry.unit
            assert entry.gruppe.endswith(entry.unit.split(".", 1)[1]), entry.unit
    staffeln = [e.unit for e in sq.entries if e.side == "luftwaffe"]
    assert len(set(staffeln)) == len(staffeln)  # each card its own Staffel


def test_luftwaffe_mix_is_the_gruppen_share(sq: Squadrons) -> None:
    """Largest remainders over the Gruppen of each type; ties go to the type listed first."""
    for command, gruppen in GRUPPEN.items():
        size = LUFTWAFFE_DECK_SIZES[command]
        total = sum(gruppen.values())
        shares = {t: Fraction(size * n, total) for t, n in gruppen.items()}
        want = {t: int(s) for t, s in shares.items()}
        order = sorted(gruppen, key=lambda t: -(shares[t] - want[t]))  # stable: listed order
        for t in order[: size - sum(want.values())]:
            want[t] += 1
        have = Counter(c.aircraft for c in cards_of(sq, command))
        assert have == want, command


def test_sources_are_given_and_unverified_ones_say_so(sq: Squadrons) -> None:
    for entry in sq.entries:
        assert entry.source.strip()
        assert entry.verified == (not entry.source.startswith("unverified"))
    assert sq.entry("raf-10-04").verified  # 213 Sqn, battleofbritain1940.com
    assert not sq.entry("raf-13-06").verified  # 141 Sqn: the facts infer the number
    assert 0 < sum(not e.verified for e in sq.entries) < len(sq.entries)


def _facts_file() -> Path | None:
    here = Path(__file__).resolve()
    candidates = [p / "shared/facts/order-of-battle-1940.md" for p in here.parents]
    return next((p for p in candidates if p.is_file()), None)


def test_transcription_matches_the_facts_file() -> None:
    facts = _facts_file()
    if facts is None:
        pytest.skip("no shared/facts checkout here")
    raf: dict[int, dict[int, str]] = {}
    lw: dict[int, dict[str, set[str]]] = {}
    section: tuple[str, int] | None = None
    for line in facts.read_text("utf-8").splitlines():
        if m := re.match(r"### No\. (\d+) Group", line):
            section = ("raf", int(m.group(1)))
        elif m := re.match(r"### Luftflotte (\d)", line):
            section = ("lw", int(m.group(1)))
        elif line.startswith("#"):
            section = None
        elif section and line.startswith("|") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            kind, number = section
            if kind == "raf" and (m := re.fullmatch(r"(\d+)( \(\w+\))?", cells[1])):
                raf.setdefault(number, {})[int(m.group(1))] = cells[2].split()[0]
            elif kind == "lw" and cells[1] != "Unit":
                name = cells[1].replace("Erprobungsgruppe", "Erpr.Gr.")
                m = re.search(r"(KG|JG|ZG|StG|LG|KGr|NJG) \d+|Erpr\.Gr\. 210", name)
                assert m, name
                types = re.findall(r"(?:Bf|He|Do|Ju|Fw) \d+", cells[2])
                lw.setdefault(number, {}).setdefault(m.group(0), set()).update(types)
    assert raf == FACTS_RAF
    assert lw == {
        command: {unit: set(re.findall(r"\w+ \d+", types)) for unit, types in units.items()}
        for command, units in FACTS_LW.items()
    }


# --- the design targets (docs/rules/bob-cards.md) ----------------------------------------


def duel(sq: Squadrons, raf: str, lw: str) -> odds.Duel:
    a, b = sq.aircraft[raf], sq.aircraft[lw]  # type: ignore[index]
    return odds.dogfight(a.dogfight, a.damage, b.dogfight, b.damage)


def test_spitfire_and_bf109_are_even(sq: Squadrons) -> None:
    d = duel(sq, "Spitfire", "Bf 109")
    assert d.raf_down == d.luftwaffe_down > Fraction(1, 5)  # and a duel often decides


def test_hurricane_slightly_less_well_defiant_badly(sq: Squadrons) -> None:
    hurricane = duel(sq, "Hurricane", "Bf 109")
    defiant = duel(sq, "Defiant", "Bf 109")
    assert Fraction(1, 2) < hurricane.luftwaffe_down / hurricane.raf_down < Fraction(9, 10)
    assert defiant.luftwaffe_down / defiant.raf_down < Fraction(1, 5)


def test_fighters_shoot_down_bombers_far_more_often_than_the_reverse(sq: Squadrons) -> None:
    for raf in ("Spitfire", "Hurricane", "Defiant"):
        for lw in ("Do 17", "He 111", "Ju 88", "Ju 87"):
            d = duel(sq, raf, lw)
            assert d.luftwaffe_down >= 3 * d.raf_down, (raf, lw)
            assert d.raf_down < Fraction(1, 10), (raf, lw)
    # ... and the single-seaters far more: at least five to one.
    for raf in ("Spitfire", "Hurricane"):
        for lw in ("Do 17", "He 111", "Ju 88", "Ju 87"):
            d = duel(sq, raf, lw)
            assert d.luftwaffe_down >= 5 * d.raf_down, (raf, lw)


def test_bf110_loses_to_the_single_seaters(sq: Squadrons) -> None:
    for raf in ("Spitfire", "Hurricane"):
        d = duel(sq, raf, "Bf 110")
        assert d.luftwaffe_down > d.raf_down


def test_bombing_dice(sq: Squadrons) -> None:
    bombing = {name: t.bombing for name, t in sq.aircraft.items() if t.role == "bomber"}
    # Bomb loads: He 111 ~2,000 kg, Ju 88 1,800 kg, Do 17 ~1,000 kg, Ju 87 500 kg.
    assert bombing["He 111"] >= bombing["Ju 88"] > bombing["Do 17"] >= bombing["Ju 87"]
    for kind in ("He 111", "Ju 88"):
        dice = 2 * bombing[kind]  # a flight with two of them
        assert odds.p_bomb_hits(dice, 1) > Fraction(9, 10)  # an airfield: likely
        assert odds.p_bomb_hits(dice, 3) < Fraction(2, 5)  # a city: needs luck


def test_damage_follows_speed_but_the_twin_engined_fighter(sq: Squadrons) -> None:
    # Top speeds from the facts file (mph; the middle of a given spread).
    speed = {"Spitfire": 362, "Bf 109": 351, "Hurricane": 328, "Defiant": 302, "Ju 88": 286,
             "He 111": 260, "Do 17": 255, "Ju 87": 240}  # fmt: skip
    ranked = sorted(speed, key=lambda t: -speed[t])
    damages = [sq.aircraft[t].damage for t in ranked]  # type: ignore[index]
    assert damages == sorted(damages, reverse=True)
    assert sq.aircraft["Bf 110"].damage < sq.aircraft["Bf 109"].damage


# --- lookups -----------------------------------------------------------------------------


def test_lookups_are_plain_and_read_only(sq: Squadrons) -> None:
    card = sq.card("lw-2-27")
    assert isinstance(card, tuple)
    assert card == sq.cards["lw-2-27"]
    assert card.aircraft == "Bf 109" and card.damage == 4
    assert isinstance(sq.deck(11), tuple)
    assert sq.entry("lw-2-27").unit == card.unit
    with pytest.raises(TypeError):
        sq.cards["x"] = card  # type: ignore[index]
    with pytest.raises(TypeError):
        sq.decks[10] = ()  # type: ignore[index]


def test_loading_is_cached() -> None:
    assert load_squadrons() is load_squadrons()


# --- a player's own squadrons.json -------------------------------------------------------


def shipped() -> dict[str, Any]:
    path = Path(__file__).resolve().parents[3] / "src/dowding/rulesets/bob/data/squadrons.json"
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


def write(folder: Path, data: object) -> str:
    (folder / "squadrons.json").write_text(
        data if isinstance(data, str) else json.dumps(data), "utf-8"
    )
    return str(folder)


def test_a_partial_override_changes_a_type(tmp_path: Path) -> None:
    sq = load_squadrons(write(tmp_path, {"aircraft": {"Hurricane": {"damage": 4}}}))
    assert {c.damage for c in sq.cards.values() if c.aircraft == "Hurricane"} == {4}
    assert sq.aircraft["Spitfire"].damage == load_squadrons().aircraft["Spitfire"].damage


def test_a_card_may_vary_from_its_type(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][0]["dogfight"] = 5
    sq = load_squadrons(write(tmp_path, data))
    first = data["cards"][0]["id"]
    assert sq.card(first).dogfight == 5
    second = data["cards"][1]
    assert sq.card(second["id"]).dogfight == sq.aircraft[second["aircraft"]].dogfight


def test_a_folder_without_the_file_keeps_the_shipped_cards(tmp_path: Path) -> None:
    assert load_squadrons(str(tmp_path)).cards == load_squadrons().cards


def bad(tmp_path: Path, data: object) -> str:
    with pytest.raises(ValueError) as info:
        load_squadrons(write(tmp_path, data))
    message = str(info.value)
    assert str(tmp_path / "squadrons.json") in message
    return message


def test_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a folder"):
        load_squadrons(str(tmp_path / "nowhere"))


def test_bad_json(tmp_path: Path) -> None:
    assert "not valid JSON: line 2" in bad(tmp_path, '{\n  "aircraft": ,\n}')
    assert "must hold a JSON object" in bad(tmp_path, "[]")


def test_a_bad_value_is_named_by_its_path(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][3]["damage"] = 0
    message = bad(tmp_path, data)
    assert "cards[3] (raf-10-04).damage: Input should be greater than or equal to 1" in message


def test_a_bad_type_value(tmp_path: Path) -> None:
    message = bad(tmp_path, {"aircraft": {"Bf 109": {"dogfight": "many"}}})
    assert "aircraft.Bf 109.dogfight: Input should be a valid integer" in message


def test_an_unknown_aircraft_and_an_unknown_field(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][0]["aircraft"] = "Gladiator"
    data["cards"][1]["colour"] = "green"
    message = bad(tmp_path, data)
    assert "cards[0] (raf-10-01).aircraft: Input should be 'Spitfire'" in message
    assert "cards[1] (raf-10-02).colour: Extra inputs are not permitted" in message


def test_counts_are_checked(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][0]["command"] = 11  # a 10 Group Spitfire moves to 11 Group
    message = bad(tmp_path, data)
    assert "10 Group has 8 cards; the game has 9" in message
    assert "11 Group has 21 cards; the game has 20" in message


def test_duplicate_ids(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][5]["id"] = data["cards"][2]["id"]
    assert "cards[5] (raf-10-03).id: repeats cards[2]" in bad(tmp_path, data)


def test_a_type_cannot_change_side_or_role(tmp_path: Path) -> None:
    message = bad(tmp_path, {"aircraft": {"Bf 110": {"role": "bomber", "bombing": 1}}})
    assert "aircraft.Bf 110.role: the Bf 110 is a fighter" in message


def test_a_card_on_the_wrong_side(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][0]["aircraft"] = "Bf 109"
    assert "cards[0] (raf-10-01).side: a Bf 109 card is luftwaffe" in bad(tmp_path, data)


def test_a_luftflotte_number_on_an_raf_card(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][0]["command"] = 2
    assert "cards[0] (raf-10-01).command: raf cards belong to 10, 11, 12, 13" in bad(tmp_path, data)


def test_bombing_dice_by_role(tmp_path: Path) -> None:
    data = shipped()
    data["cards"][0]["bombing"] = 1
    assert "cards[0] (raf-10-01).bombing: a fighter card has no bombing dice" in bad(tmp_path, data)
    assert "bomber card needs bombing dice" in bad(
        tmp_path, {"aircraft": {"Do 17": {"bombing": 0}}}
    )


def test_scenario_3_cards_are_checked(tmp_path: Path) -> None:
    data = shipped()
    index = {c["id"]: i for i, c in enumerate(data["cards"])}
    ju87 = next(c for c in data["cards"] if c["aircraft"] == "Ju 87" and c["command"] == 2)
    he111 = next(c for c in data["cards"] if c["aircraft"] == "He 111" and c["command"] == 5)
    ju87["command"], he111["command"] = 5, 2  # swap: the counts still hold
    defiant = next(c for c in data["cards"] if c["aircraft"] == "Defiant" and c["command"] == 12)
    defiant["aircraft"] = "Hurricane"
    message = bad(tmp_path, data)
    assert f"cards[{index[ju87['id']]}] ({ju87['id']}).command: Ju 87 cards belong to" in message
    assert "12 Group has 0 Defiant cards; Scenario 3 needs 1" in message


# --- the docs stay in step with the data -------------------------------------------------


def test_the_docs_card_list_matches_the_data(sq: Squadrons) -> None:
    doc = Path(__file__).resolve().parents[3] / "docs/rules/bob-cards.md"
    rows = {}
    for line in doc.read_text("utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith(("| raf-", "| lw-")):
            rows[cells[0]] = cells[2:8]
    assert set(rows) == set(sq.cards)
    for card_id, (unit, gruppe, aircraft, dogfight, damage, bombing) in rows.items():
        card = sq.card(card_id)
        assert (unit, aircraft, int(dogfight), int(damage)) == (
            card.unit,
            card.aircraft,
            card.dogfight,
            card.damage,
        ), card_id
        assert gruppe == (sq.entry(card_id).gruppe or "-")
        assert bombing == (str(card.bombing) if card.role == "bomber" else "-"), card_id


def test_the_docs_dogfight_table_matches_the_odds(sq: Squadrons) -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs/rules/bob-cards.md").read_text("utf-8")
    lw = ("Bf 109", "Bf 110", "Do 17", "He 111", "Ju 88", "Ju 87")
    for raf in ("Spitfire", "Hurricane", "Defiant"):
        a = sq.aircraft[raf]
        cells = []
        for name in lw:
            d = duel(sq, raf, name)
            cells.append(f"{float(d.raf_down) * 100:.1f} / {float(d.luftwaffe_down) * 100:.1f}")
        row = f"| {raf} ({a.dogfight}/{a.damage}) | " + " | ".join(cells) + " |"
        assert row in doc, row

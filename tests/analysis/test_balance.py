"""The balance bench: field paths, data variants checked by the ruleset, small seeded runs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from dowding.analysis.balance import (
    BalanceError,
    FieldPath,
    Plan,
    current_document,
    parse_field,
    parse_vary,
    prepare,
    read_field,
    run_balance,
)
from dowding.analysis.outcomes import cause, summarise_causes, summarise_tallies, tallies
from dowding.engine import get_game

BOMBS = "components.json:rules.bombs_needed"


def test_field_paths_read_keys_and_list_items() -> None:
    assert parse_field("components.json:rules.attack_range") == FieldPath(
        "components.json", ("rules", "attack_range")
    )
    assert parse_field("cards.json:raf[3].attack") == FieldPath("cards.json", ("raf", 3, "attack"))
    spaced = parse_field("squadrons.json:aircraft.Bf 109.dogfight")
    assert spaced.steps == ("aircraft", "Bf 109", "dogfight")
    assert str(spaced) == "squadrons.json:aircraft.Bf 109.dogfight"
    assert str(parse_field("a.json:x[0][2].y")) == "a.json:x[0][2].y"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("rules.bombs_needed", "is not of the form FILE:PATH"),
        ("components.json:", "is not of the form FILE:PATH"),
        ("components.json:rules..x", "cannot be read at '..x'"),
        ("components.json:rules[x]", "cannot be read at '[x]'"),
        ("components.json:raf[1]x", "cannot be read at 'x'"),
    ],
)
def test_malformed_field_paths_are_refused(text: str, message: str) -> None:
    with pytest.raises(BalanceError, match=message.replace("[", r"\[").replace(".", r"\.")):
        parse_field(text)


def test_vary_values_read_as_json_or_words() -> None:
    vary = parse_vary(f"{BOMBS}=1, 2.5,true,spitfire")
    assert vary.values == (1, 2.5, True, "spitfire")
    for spec, message in [
        (f"{BOMBS}=", "FIELD=V1,V2"),
        (f"{BOMBS}=1,,2", "empty value"),
        (f"{BOMBS}=1,1", "names a value twice"),
    ]:
        with pytest.raises(BalanceError, match=message):
            parse_vary(spec)


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("cards.json:raf[3].attack", "crane has no data file 'cards.json'; its data files: "),
        ("components.json:rules.bombs_neede", "rules has no key 'bombs_neede'; its keys: "),
        ("components.json:raf_vics[9].type", "raf_vics has 4 items, numbered 0 to 3"),
        ("components.json:rules", "is an object; name one value inside it"),
        ("components.json:rules.bombs_needed[0]", "is the value 3, not a list"),
    ],
)
def test_a_bad_field_is_refused_with_where_it_went_wrong(
    field: str, message: str, tmp_path: Path
) -> None:
    plan = Plan("crane", ("eight-heinkels",), "random", 1, vary=parse_vary(f"{field}=1,2"))
    with pytest.raises(BalanceError, match=message.replace("[", r"\[")):
        prepare(plan, tmp_path / "variants")
    assert not (tmp_path / "variants").exists()  # refused before anything was written


def test_a_value_the_schema_refuses_is_named(tmp_path: Path) -> None:
    plan = Plan("crane", ("eight-heinkels",), "random", 1, vary=parse_vary(f"{BOMBS}=2,0"))
    with pytest.raises(BalanceError) as info:
        prepare(plan, tmp_path)
    text = str(info.value)
    assert text.startswith(f"{BOMBS} = 0 is refused by crane's data checks")
    assert "rules.bombs_needed" in text and "greater than or equal to 1" in text


def test_a_ruleset_without_data_files_has_nothing_to_vary(tmp_path: Path) -> None:
    plan = Plan("toy", ("skirmish",), "random", 1, vary=parse_vary("data.json:x=1"))
    with pytest.raises(BalanceError, match="toy has no data files to vary"):
        prepare(plan, tmp_path)


def test_variants_lie_over_the_players_own_data_folder(tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    (own / "components.json").write_text(json.dumps({"rules": {"attack_range": 5.0}}))
    plan = Plan(
        "crane",
        ("eight-heinkels",),
        "random",
        1,
        options={"data": str(own)},
        vary=parse_vary(f"{BOMBS}=2,4"),
    )
    batches = prepare(plan, tmp_path / "variants")
    assert [b.value for b in batches] == [2, 4]
    for batch in batches:
        assert batch.data is not None and batch.sweep.options["data"] == batch.data
        written = json.loads((Path(batch.data) / "components.json").read_text())
        assert written["rules"]["bombs_needed"] == batch.value
        assert written["rules"]["attack_range"] == 5.0  # the player's own value kept
        game = get_game("crane")
        document = current_document(game, "components.json", batch.data)
        assert read_field(document, parse_field(BOMBS)) == batch.value
    # one name is one content: preparing again writes nothing new
    again = prepare(plan, tmp_path / "variants")
    assert [b.data for b in again] == [b.data for b in batches]


def _plan(**extra: Any) -> Plan:
    base: dict[str, Any] = {
        "ruleset": "crane",
        "scenarios": ("eight-heinkels",),
        "player": "random",
        "games": 4,
        "seed0": 3,
        "options": {"max_turns": "4"},
    }
    return Plan(**(base | extra))


def test_a_small_run_sums_up_each_side_with_intervals() -> None:
    summary, _, grouped = run_balance(_plan())
    assert summary["ruleset"] == "crane" and summary["player"] == "random"
    assert summary["seeds"] == [3, 6] and summary["vary"] is None
    assert [len(records) for records in grouped] == [4]
    assert [r["seed"] for r in grouped[0]] == [3, 4, 5, 6]
    (batch,) = summary["batches"]
    assert batch["scenario"] == "eight-heinkels" and batch["value"] is None
    assert batch["games"] == batch["finished"] == 4 and batch["errors"] == 0
    assert set(batch["sides"]) == {"raf", "luftwaffe"}
    wins = 0
    for info in batch["sides"].values():
        low, high = info["ci95"]
        assert 0.0 <= low <= info["rate"] <= high <= 1.0
        assert info["rate"] == info["wins"] / 4
        assert set(info["seats"].values()) == {"random"}
        wins += info["wins"]
    assert wins + batch["no_winner"]["wins"] == 4
    assert set(batch["scores"]) == {"raf", "luftwaffe"}
    assert batch["margin"]["of"] == "raf - luftwaffe"
    assert sum(c["games"] for c in batch["causes"].values()) == 4
    assert abs(sum(c["share"] for c in batch["causes"].values()) - 1.0) < 1e-9
    assert all("#" in kind or not any(ch.isdigit() for ch in kind) for kind in batch["causes"])
    assert {"bomb_hits", "losses.raf", "losses.luftwaffe", "turn"} <= set(batch["tallies"])
    # the ruleset's own counts, in its words and its report's order, agree with the generic ones
    counts = batch["counts"]
    assert list(counts)[:2] == ["Planes lost: RAF", "Planes lost: Luftwaffe"]
    assert counts["Planes lost: RAF"] == batch["tallies"]["losses.raf"]
    assert counts["Bomb hits on the factory: hits"] == batch["tallies"]["bomb_hits"]
    by_type = [k for k in counts if k.startswith("Planes lost by type: ")]
    assert {"Planes lost by type: He-111", "Planes lost by type: Spitfire"} <= set(by_type)
    for side, types in (("RAF", ("Spitfire", "Hurricane")), ("Luftwaffe", ("He-111", "Me-109"))):
        total = sum(counts.get(f"Planes lost by type: {t}", {"mean": 0.0})["mean"] for t in types)
        assert abs(total - counts[f"Planes lost: {side}"]["mean"]) < 1e-9
    assert batch["replay"].startswith("dowding selfplay crane --seed {seed} -s eight-heinkels")
    json.dumps(summary)  # all of it is JSON


def test_the_same_seeds_give_the_same_summary() -> None:
    first = run_balance(_plan(games=3), workers=1)[0]
    second = run_balance(_plan(games=3), workers=2)[0]
    assert first == second  # on one process or two


def test_varying_a_field_changes_the_games(tmp_path: Path) -> None:
    """Heuristic players, the bomb hits needed at 1 and at 3: the same seeds play different
    games, and the factory falls to fewer hits at 1."""
    plan = _plan(player="heuristic", games=3, options={}, vary=parse_vary(f"{BOMBS}=1,3"))
    summary, _, grouped = run_balance(plan, workers=2, data_root=tmp_path)
    assert summary["vary"] == {"field": BOMBS, "values": [1, 3]}
    assert [b["value"] for b in summary["batches"]] == [1, 3]
    one, three = grouped
    assert [r["seed"] for r in one] == [r["seed"] for r in three]
    assert [r["state_hash"] for r in one] != [r["state_hash"] for r in three]
    hits = {b["value"]: b["tallies"]["bomb_hits"]["mean"] for b in summary["batches"]}
    assert hits[1] < hits[3]
    for batch in summary["batches"]:
        assert f"data={tmp_path}" in batch["replay"]  # kept: the games can be replayed


def test_outcomes_read_causes_and_counts_generically() -> None:
    assert cause("the factory is destroyed: 3 bomb hits") == "the factory is destroyed: # bomb hits"
    assert cause("after 4 turns: Luftwaffe 0, RAF 37.5 victory points") == (
        "after # turns: Luftwaffe #, RAF # victory points"
    )
    final = {
        "scenario": "x",
        "options": {"max_turns": 20},
        "result": {"scores": {"raf": 1.0}},
        "turn": 7,
        "finished": True,
        "losses": {"raf": 2, "luftwaffe": {"bomber": 3}},
        "hits": {},
        "lost": [0, 1, 2],
        "long": list(range(40)),
        "mission_loc": ["raf", "lw", "lw", "flight:3B", "deck"],
        "planes": [["V1-1", 3.0]],
    }
    assert tallies(final) == {
        "turn": 7.0,
        "losses.raf": 2.0,
        "losses.luftwaffe.bomber": 3.0,
        "losses.luftwaffe.*": 3.0,
        "hits.*": 0.0,
        "lost[0]": 0.0,
        "lost[1]": 1.0,
        "lost[2]": 2.0,
        "mission_loc=deck": 1.0,
        "mission_loc=flight": 1.0,
        "mission_loc=lw": 2.0,
        "mission_loc=raf": 1.0,
    }
    summed = summarise_tallies([{"a": 2.0}, {"a": 4.0, "b": 1.0}])
    assert summed["a"]["mean"] == 3.0 and summed["b"]["mean"] == 0.5  # missing counts as 0
    causes = summarise_causes(["won by 2", "won by 3", "time ran out"])
    assert list(causes) == ["won by #", "time ran out"] and causes["won by #"]["games"] == 2


GUNNERS = "components.json:aircraft.he111.gunners"
DEFENSE = "components.json:aircraft.he111.defense"


def test_values_that_are_lists_or_objects_are_one_json_list() -> None:
    vary = parse_vary(f'{GUNNERS}=[["nose", "rear"], ["rear"], []]')
    assert vary.values == (["nose", "rear"], ["rear"], [])
    objects = parse_vary('components.json:tables.6x4=[{"width": 48, "length": 72}, {"width": 60}]')
    assert objects.values == ({"width": 48, "length": 72}, {"width": 60})
    assert parse_vary(f"{BOMBS}=[1, 2]").values == (1, 2)  # plain values may be written so too
    for spec, message in [
        (f"{GUNNERS}=[[nose]]", "the values are not one JSON list"),
        (f"{GUNNERS}=[]", "the JSON list of values is empty"),
        (f'{GUNNERS}=[["rear"], ["rear"]]', "names a value twice"),
    ]:
        with pytest.raises(BalanceError, match=re.escape(message)):
            parse_vary(spec)


def test_a_list_field_is_varied_whole(tmp_path: Path) -> None:
    plan = Plan(
        "crane", ("eight-heinkels",), "random", 1, vary=parse_vary(f'{GUNNERS}=[["rear"], []]')
    )
    batches = prepare(plan, tmp_path)
    assert [b.value for b in batches] == [["rear"], []]
    for batch in batches:
        assert batch.data is not None
        document = current_document(get_game("crane"), "components.json", batch.data)
        assert document["aircraft"]["he111"]["gunners"] == batch.value
        assert document["aircraft"]["he111"]["defense"] == 3  # the rest of the file as shipped


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (f"{BOMBS}=[[1], [2]]", "rules.bombs_needed is the value 3; [1] cannot replace it"),
        (f"{GUNNERS}=1,2", "is a list; name one value inside it, or give whole lists"),
        (f'{GUNNERS}=[["rear"], 2]', "he111.gunners is a list; 2 cannot replace it"),
        ("components.json:tables.6x4=[[1]]", "6x4 is an object; [1] cannot replace it"),
    ],
)
def test_a_value_of_the_wrong_kind_is_refused(spec: str, message: str, tmp_path: Path) -> None:
    plan = Plan("crane", ("eight-heinkels",), "random", 1, vary=parse_vary(spec))
    with pytest.raises(BalanceError, match=re.escape(message)):
        prepare(plan, tmp_path / "variants")
    assert not (tmp_path / "variants").exists()


def test_two_fields_make_a_grid_of_every_combination(tmp_path: Path) -> None:
    plan = Plan(
        "crane",
        ("eight-heinkels", "heinkels-and-stukas"),
        "random",
        1,
        vary=(parse_vary(f"{BOMBS}=2,3,4"), parse_vary(f"{DEFENSE}=1,3")),
    )
    assert [b.field for b in plan.fields] == [parse_field(BOMBS), parse_field(DEFENSE)]
    batches = prepare(plan, tmp_path)
    combos = [[2, 1], [2, 3], [3, 1], [3, 3], [4, 1], [4, 3]]
    assert [b.value for b in batches[::2]] == combos  # each combination, every scenario
    assert [b.scenario for b in batches[:2]] == ["eight-heinkels", "heinkels-and-stukas"]
    assert len({b.data for b in batches}) == 6
    for batch in batches:  # both fields are changed in the one file they share
        assert batch.data is not None
        document = current_document(get_game("crane"), "components.json", batch.data)
        bombs, defense = batch.value
        assert document["rules"]["bombs_needed"] == bombs
        assert document["aircraft"]["he111"]["defense"] == defense


def test_a_grid_sums_up_each_combination(tmp_path: Path) -> None:
    plan = _plan(games=2, vary=(parse_vary(f"{BOMBS}=1,3"), parse_vary(f"{DEFENSE}=1,3")))
    summary, _, grouped = run_balance(plan, data_root=tmp_path)
    assert summary["vary"] == {
        "field": f"{BOMBS} × {DEFENSE}",
        "values": [[1, 1], [1, 3], [3, 1], [3, 3]],
        "fields": [BOMBS, DEFENSE],
        "grid": [[1, 3], [1, 3]],
    }
    assert [b["value"] for b in summary["batches"]] == summary["vary"]["values"]
    assert [len(g) for g in grouped] == [2, 2, 2, 2]
    needed = [b["counts"]["Bomb hits on the factory: needed"]["mean"] for b in summary["batches"]]
    assert needed == [1.0, 1.0, 3.0, 3.0]
    json.dumps(summary)


def test_a_field_varied_twice_is_refused(tmp_path: Path) -> None:
    plan = Plan(
        "crane",
        ("eight-heinkels",),
        "random",
        1,
        vary=(parse_vary(f"{BOMBS}=1,2"), parse_vary(f"{BOMBS}=3")),
    )
    with pytest.raises(BalanceError, match="a field is varied twice"):
        prepare(plan, tmp_path)


def test_a_grid_too_large_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    many = ",".join(str(n) for n in range(1, 41))
    plan = Plan(
        "crane",
        ("eight-heinkels",),
        "random",
        1,
        vary=(parse_vary(f"{BOMBS}={many}"), parse_vary(f"{DEFENSE}={many}")),
    )
    with pytest.raises(BalanceError, match=r"make 1600 combinations \(40 x 40\); at most 1000"):
        prepare(plan, tmp_path / "variants")
    assert not (tmp_path / "variants").exists()

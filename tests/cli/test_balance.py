"""``dowding balance``: a tiny crane run, its report, a sweep of one field, refusals."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

BOMBS = "components.json:rules.bombs_needed"
SAME_KEYS = ("seed", "winner", "score", "turns", "actions", "state_hash")


def test_a_run_prints_each_side_and_writes_a_report(cli: Any, tmp_path: Path) -> None:
    report = tmp_path / "report"
    run = cli(
        "balance", "crane", "--player", "random", "-n", "3", "--workers", "1",
        "-o", "max_turns=4", "--report", str(report),
    )  # fmt: skip
    assert run.code == 0, run.output
    for text in ("random in every seat", "eight-heinkels", "heinkels-and-stukas", "95% interval"):
        assert text in run.stdout
    assert "how games ended" in run.stdout and "replay a game" in run.stdout
    assert "eight-heinkels: what the games left" in run.stdout and "Planes lost: RAF" in run.stdout
    assert {p.name for p in report.iterdir()} == {"balance.json", "games.json", "win_rates.png"}
    assert (report / "win_rates.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = json.loads((report / "balance.json").read_text())
    assert [b["scenario"] for b in summary["batches"]] == ["eight-heinkels", "heinkels-and-stukas"]
    assert summary["timing"]["workers"] == 1 and summary["options"] == {"max_turns": "4"}
    games = json.loads((report / "games.json").read_text())["batches"]
    assert [len(b["games"]) for b in games] == [3, 3]


def test_json_summary_is_the_same_for_the_same_seeds(cli: Any) -> None:
    args = ("balance", "crane", "--player", "random", "-n", "2", "-s", "eight-heinkels",
            "-o", "max_turns=3", "--seed", "7", "--json")  # fmt: skip
    first, second = cli(*args, "--workers", "1"), cli(*args, "--workers", "2")
    assert first.code == second.code == 0, first.output
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert one.pop("timing")["workers"] == 1 and two.pop("timing")["workers"] == 2
    assert one == two
    (batch,) = one["batches"]
    assert batch["games"] == 2 and set(batch["sides"]) == {"raf", "luftwaffe"}
    assert one["seeds"] == [7, 8]


def test_vary_plays_a_batch_per_value_and_plots_it(cli: Any, tmp_path: Path) -> None:
    report = tmp_path / "sweep"
    run = cli(
        "balance", "crane", "--player", "heuristic", "-n", "2", "-s", "eight-heinkels",
        "--workers", "2", "--vary", f"{BOMBS}=1,3", "--report", str(report), "--json",
    )  # fmt: skip
    assert run.code == 0, run.output
    summary = json.loads(run.stdout)
    assert summary["vary"] == {"field": BOMBS, "values": [1, 3]}
    assert [b["value"] for b in summary["batches"]] == [1, 3]
    plot = report / "vary-eight-heinkels.png"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    batches = json.loads((report / "games.json").read_text())["batches"]
    hashes = [[g["state_hash"] for g in b["games"]] for b in batches]
    assert hashes[0] != hashes[1]  # the field changed the games
    # a game of the sweep replays with selfplay on the data folder kept in the report
    batch = batches[0]
    game = batch["games"][1]
    args = shlex.split(batch["replay"].format(seed=game["seed"]))
    assert f"data={report.resolve()}" in batch["replay"]
    replayed = json.loads(cli(*args[1:]).stdout)
    assert {k: replayed[k] for k in SAME_KEYS} == {k: game[k] for k in SAME_KEYS}


def test_vary_twice_plays_a_grid_and_draws_it(cli: Any, tmp_path: Path) -> None:
    defense = "components.json:aircraft.he111.defense"
    report = tmp_path / "grid"
    run = cli(
        "balance", "crane", "--player", "random", "-n", "1", "-s", "eight-heinkels",
        "--workers", "1", "-o", "max_turns=3", "--vary", f"{BOMBS}=1,3",
        "--vary", f"{defense}=2,3", "--report", str(report),
    )  # fmt: skip
    assert run.code == 0, run.output
    assert f"varied: {BOMBS}" in run.stdout and f"varied: {defense}" in run.stdout
    assert "eight-heinkels at bombs_needed=3, defense=2, how games ended" in run.stdout
    assert (report / "grid-eight-heinkels.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = json.loads((report / "balance.json").read_text())
    assert summary["vary"]["fields"] == [BOMBS, defense]
    assert [b["value"] for b in summary["batches"]] == [[1, 2], [1, 3], [3, 2], [3, 3]]


def test_vary_takes_lists_as_one_json_list(cli: Any) -> None:
    gunners = "components.json:aircraft.he111.gunners"
    run = cli(
        "balance", "crane", "--player", "random", "-n", "1", "-s", "eight-heinkels",
        "--workers", "1", "-o", "max_turns=3", "--vary", f'{gunners}=[["rear"], []]', "--json",
    )  # fmt: skip
    assert run.code == 0, run.output
    summary = json.loads(run.stdout)
    assert summary["vary"] == {"field": gunners, "values": [["rear"], []]}


def test_bad_input_exits_2_with_a_message(cli: Any) -> None:
    cases = [
        (("--vary", "rules.bombs_needed=1"), "is not of the form FILE:PATH"),
        (("--vary", "components.json:rules.bombs=1"), "rules has no key 'bombs'"),
        (("--vary", "cards.json:raf[3].attack=1"), "no data file 'cards.json'"),
        (("--vary", f"{BOMBS}=0"), "is refused by crane's data checks"),
        (("--player", "wizard"), "no player kind 'wizard'"),
        (("--player", "ismcts:godlike"), "no strength 'godlike'"),
        (("-s", "blitz"), "no scenario 'blitz'"),
        (("--ray-address", "a:1"), "goes with --backend ray"),
        (("--vary", "components.json:aircraft.he111.gunners=1"), "is a list; name one value"),
        (("--vary", f"{BOMBS}=[1, 2"), "the values are not one JSON list"),
        (("--vary", f"{BOMBS}=1", "--vary", f"{BOMBS}=2"), "a field is varied twice"),
    ]
    for extra, message in cases:
        result = cli("balance", "crane", "-n", "1", "--player", "random", *extra)
        assert result.code == 2, (extra, result.output)
        assert message in result.output, (extra, result.output)
        assert "crane balance" not in result.output  # refused before any game started

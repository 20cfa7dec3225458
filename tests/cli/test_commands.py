"""rulesets, selfplay and replay; and every error path ends in a message, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dowding.engine import get_game

KEYS = ["ruleset", "scenario", "seed", "winner", "score", "turns", "actions", "state_hash"]


def test_rulesets_lists_scenarios_seats_options_and_players(cli: Any) -> None:
    run = cli("rulesets")
    assert run.code == 0
    for text in (
        "crane",
        "eight-heinkels (default)",
        "raf (Royal Air Force)",
        "random, heuristic",
        "max_turns",
    ):
        assert text in run.stdout
    entries = {e["id"]: e for e in json.loads(cli("rulesets", "--json").stdout)}
    assert entries["crane"]["players"][:2] == ["random", "heuristic"]
    assert "ismcts:veteran" in entries["crane"]["players"]
    assert [s["id"] for s in entries["crane"]["seats"]] == ["raf", "luftwaffe"]
    assert {o["name"] for o in entries["crane"]["options"]} >= {"table", "max_turns"}
    assert entries["toy"]["players"][0] == "random"


def test_selfplay_prints_one_json_line_and_is_deterministic(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "toy.jsonl"
    first = cli("selfplay", "toy", "--seed", "3", "--log", str(log))
    assert first.code == 0
    lines = first.stdout.splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert list(record) == KEYS
    assert record["ruleset"] == "toy" and record["seed"] == 3 and record["actions"] > 0
    assert cli("selfplay", "toy", "--seed", "3").stdout == first.stdout
    assert cli("selfplay", "toy", "--seed", "4").stdout != first.stdout
    replayed = cli("replay", str(log), "--json")
    assert replayed.code == 0 and replayed.stdout == first.stdout


def test_selfplay_with_the_search_player(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "search.jsonl"
    seats = ("--seat", "raf=ismcts:novice", "--seat", "luftwaffe=ismcts:regular")
    first = cli("selfplay", "toy", "--seed", "5", *seats, "--log", str(log))
    assert first.code == 0, first.stderr
    assert cli("selfplay", "toy", "--seed", "5", *seats).stdout == first.stdout
    assert cli("replay", str(log), "--json").stdout == first.stdout
    bad = cli("selfplay", "toy", "--seed", "1", "--seat", "raf=ismcts:godlike")
    assert bad.code == 2 and "godlike" in bad.stderr and "veteran" in bad.stderr


def test_selfplay_seats_and_options_change_the_game(cli: Any) -> None:
    base = json.loads(cli("selfplay", "toy", "--seed", "3").stdout)
    longer = json.loads(cli("selfplay", "toy", "--seed", "3", "--option", "rounds=5").stdout)
    assert longer["turns"] > base["turns"]
    battle = json.loads(cli("selfplay", "toy", "--seed", "3", "-s", "battle").stdout)
    assert battle["scenario"] == "battle"


def test_crane_selfplay_and_replay_agree(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "crane.jsonl"
    run = cli("selfplay", "crane", "--seed", "1", "--log", str(log))
    assert run.code == 0
    record = json.loads(run.stdout)
    assert record["winner"] in ("raf", "luftwaffe")
    assert set(record["score"]) == {"raf", "luftwaffe"}
    assert cli("replay", str(log), "--json").stdout == run.stdout
    summary = cli("replay", str(log))
    assert summary.code == 0
    assert "seats: raf=heuristic, luftwaffe=heuristic" in summary.stdout
    # the result in words, as the terminal and the page write it ("RAF Fighter Command wins")
    assert f": {get_game('crane').outcome_words(record['winner'])}" in summary.stdout
    assert f"{record['winner']} won" not in summary.stdout


def test_replay_summary_of_a_game_in_progress(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"
    cli("play", "toy", "--seed", "2", "--save", str(save), input="1\n")
    run = cli("replay", str(save))
    assert run.code == 0
    assert "in progress" in run.stdout and "seats: raf=human, luftwaffe=random" in run.stdout


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["selfplay", "nope", "--seed", "1"], 2, "unknown ruleset 'nope'; known: crane"),
        (
            ["selfplay", "toy", "--seed", "1", "--seat", "raf=human"],
            2,
            "selfplay has no human seats",
        ),
        (["selfplay", "toy", "--seed", "1", "--seat", "raf=deep"], 2, "no player kind 'deep'"),
        (
            ["selfplay", "toy", "--seed", "1", "--seat", "pilot=random"],
            2,
            "toy has no seat 'pilot'",
        ),
        (["selfplay", "toy", "--seed", "1", "--scenario", "blitz"], 2, "no scenario 'blitz'"),
        (
            ["selfplay", "toy", "--seed", "1", "--option", "rounds=lots"],
            2,
            "option rounds takes a number",
        ),
        (
            ["selfplay", "toy", "--seed", "1", "--option", "colour=red"],
            2,
            "toy has no option 'colour'",
        ),
        (["selfplay", "toy", "--seed", "1", "--option", "rounds"], 2, "not of the form NAME=VALUE"),
        (
            ["selfplay", "crane", "--seed", "1", "--max-steps", "10"],
            1,
            "did not end within 10 steps",
        ),
        (["selfplay", "toy"], 2, "--seed"),
        (["selfplay", "toy", "--seed", "x"], 2, "should be a valid integer"),
        (["play", "nope"], 2, "unknown ruleset 'nope'"),
        (["play"], 2, "give a RULESET"),
        (["play", "toy", "--dice", "loaded"], 2, "loaded"),
        (
            ["play", "toy", "--seat", "raf=robot"],
            2,
            "no player kind 'robot' for toy; choose from: human, random",
        ),
        (["replay", "/nonexistent/game.jsonl"], 1, "cannot read /nonexistent/game.jsonl"),
        (["bogus"], 2, "bogus"),
    ],
)
def test_errors_are_messages_with_an_exit_status(
    cli: Any, args: list[str], code: int, message: str
) -> None:
    run = cli(*args, input="")
    assert run.code == code, run.output
    assert message in " ".join(run.output.split())


def test_replay_refuses_a_tampered_log(cli: Any, tmp_path: Path) -> None:
    log = tmp_path / "toy.jsonl"
    cli("selfplay", "toy", "--seed", "3", "--log", str(log))
    lines = log.read_text().splitlines()
    step = json.loads(lines[3])
    step["hash"] = "0" * 20
    lines[3] = json.dumps(step)
    log.write_text("\n".join(lines) + "\n")
    run = cli("replay", str(log))
    assert run.code == 1
    assert "state hash mismatch" in run.stderr and run.stdout == ""
    log.write_text("\n".join(lines[:5]) + "\n")
    run = cli("replay", str(log), "--json")
    assert run.code == 1 and "truncated" in run.stderr


def test_selfplay_reports_an_unwritable_log(cli: Any, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    run = cli("selfplay", "toy", "--seed", "1", "--log", str(blocker / "x.jsonl"))
    assert run.code == 1 and "cannot write" in run.stderr

"""Hostile text at the terminal and in logs (issue 10, items 3 and 6): ``dowding play`` and
``dowding replay`` answer with a clear message, never "internal error"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dowding.engine import Match, ScriptedDice


def selfplay_log(cli: Any, tmp_path: Path) -> Path:
    log = tmp_path / "toy.jsonl"
    assert cli("selfplay", "toy", "--seed", "3", "--log", str(log)).code == 0
    return log


def rewrite(path: Path, index: int, change: Any) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[index] = change(lines[index])
    out = path.with_name(f"changed-{index}.jsonl")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def with_field(**changes: object) -> Any:
    return lambda line: json.dumps({**json.loads(line), **changes}, sort_keys=True)


@pytest.mark.parametrize("text", ["pass kind=1", "pass self=1", "raid kind=1 bombers=1"])
def test_play_refuses_keys_named_like_parameters_clearly(cli: Any, text: str) -> None:
    run = cli("play", "toy", "--seat", "luftwaffe=human", "--seed", "3", input=f"{text}\nquit\n")
    assert run.code == 0 and "internal error" not in run.output
    assert f"'{text.split()[0]}" in run.stdout and "is not legal" in " ".join(run.stdout.split())


@pytest.mark.parametrize(
    ("index", "change", "message"),
    [
        pytest.param(
            0,
            lambda line: line.replace('"seed": 3', '"seed": 1e999'),
            "the number 1e999 is too large",
            id="seed-1e999",
        ),
        pytest.param(1, with_field(action="pass kind=1"), "step 0: 'pass kind=1'", id="kind="),
        pytest.param(
            1, lambda line: "[" * 100_000 + "]" * 100_000, "nests deeper", id="nested-100000"
        ),
        pytest.param(0, with_field(seed=4), "", id="seed-changed"),
        pytest.param(0, with_field(seats={"raf": "human"}), "digest", id="seats-changed"),
        pytest.param(
            -1,
            lambda line: json.dumps({k: v for k, v in json.loads(line).items() if k != "digest"}),
            "no digest",
            id="digest-removed",
        ),
    ],
)
def test_replay_refuses_hostile_logs_with_a_message(
    cli: Any, tmp_path: Path, index: int, change: Any, message: str
) -> None:
    log = rewrite(selfplay_log(cli, tmp_path), index, change)
    run = cli("replay", str(log))
    assert run.code == 1 and run.stderr.startswith("error: ")
    assert "internal error" not in run.output and message in " ".join(run.stderr.split())


def test_replay_says_when_the_dice_were_typed_at_a_table(cli: Any, tmp_path: Path) -> None:
    seeded = selfplay_log(cli, tmp_path)
    assert "dice: seeded, every roll checked against the seed" in cli("replay", str(seeded)).stdout
    original = Match.load(seeded)
    typed = [s.action for s in original.steps if s.seat == "chance"]
    match = Match("toy", seed=3, seats=original.seats, dice=ScriptedDice(typed))
    for step in original.steps:
        if step.seat == "chance":
            match.roll()
        else:
            match.play(step.action)
    manual = tmp_path / "manual.jsonl"
    match.save(manual)
    run = cli("replay", str(manual))
    assert run.code == 0
    assert "dice: typed at a table (marked so in the log), not checked against the seed" in (
        " ".join(run.stdout.split())
    )


def test_play_with_manual_dice_writes_a_log_that_says_so(cli: Any, tmp_path: Path) -> None:
    save = tmp_path / "manual.jsonl"
    typed = ["dover", "1", "1", "cross", "3 4", "quit"]
    run = cli(
        "play", "toy", "--seat", "luftwaffe=human", "--dice", "manual", "--save", str(save),
        input="\n".join(typed) + "\n",
    )  # fmt: skip
    assert run.code == 0
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    assert header["dice"] == "manual"
    assert cli("replay", str(save)).code == 0

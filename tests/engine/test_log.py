"""Logs: a good one replays to the same hashes; every kind of damage is refused with LogError."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from dowding.engine import Decision, LogError, Match, get_game, ruleset_ids
from tests.support import play, walk

Lines = list[str]


@pytest.fixture(params=ruleset_ids())
def finished(request: pytest.FixtureRequest) -> Match:
    """A finished game of each registered ruleset's default scenario (the toy included)."""
    return play(request.param, get_game(request.param).default_scenario, seed=5)


def write(tmp_path: Path, lines: Lines) -> Path:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def edit(lines: Lines, index: int, **changes: object) -> Lines:
    record = json.loads(lines[index])
    record.update(changes)
    return [*lines[:index], json.dumps(record), *lines[index + 1 :]]


def test_good_log_round_trips(finished: Match, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    finished.save(path)
    loaded = Match.load(path)
    assert loaded.log_lines() == finished.log_lines()
    assert loaded.state.hash() == finished.state.hash() and loaded.finished
    loaded.save(tmp_path / "again.jsonl")
    assert (tmp_path / "again.jsonl").read_bytes() == path.read_bytes()


def other_move(match: Match) -> tuple[int, str]:
    """A step and a different legal move there that leads to a different state."""
    for i, (state, node) in enumerate(walk(match)):
        if i == len(match.steps):
            break
        moves = node.options if isinstance(node, Decision) else ()
        if not isinstance(node, Decision):
            moves = tuple(o for o, _ in node.outcomes())  # type: ignore[union-attr]
        for move in moves:
            if move.text == match.steps[i].action:
                continue
            twin = state.copy()
            twin.apply(move)
            if twin.hash() != match.steps[i].hash:
                return i, move.text
    raise AssertionError("no step of this game had an alternative")


Tamper = Callable[[Match, Lines], Lines]


def changed_action(match: Match, lines: Lines) -> Lines:
    i, move = other_move(match)
    return edit(lines, 1 + i, action=move)


TAMPERS: dict[str, tuple[Tamper, str]] = {
    "action-changed-to-another-legal-one": (changed_action, r"step \d+: state hash mismatch"),
    "action-changed-to-nonsense": (
        lambda m, ls: edit(ls, 2, action="zz-nonsense x=1"),
        r"step 1: 'zz-nonsense x=1' is not (legal|an outcome)",
    ),
    "action-unparsable": (lambda m, ls: edit(ls, 2, action="=="), "step 1: '==' is not"),
    "hash-changed": (lambda m, ls: edit(ls, 2, hash="0" * 20), "step 1: state hash mismatch"),
    "seat-changed": (lambda m, ls: edit(ls, 1, seat="nobody"), "step 0: the log says nobody acts"),
    "line-deleted": (
        lambda m, ls: [*ls[:2], *ls[3:]],
        r"is truncated or edited: the end record counts \d+ steps, found \d+",
    ),
    "lines-swapped": (
        lambda m, ls: [ls[0], ls[2], ls[1], *ls[3:]],
        "step 0 is malformed or out of order",
    ),
    "footer-removed": (lambda m, ls: ls[:-1], "is truncated: it has no end record"),
    "final-hash-changed": (
        lambda m, ls: edit(ls, len(ls) - 1, final_hash="0" * 20),
        "the final state hash does not match the end record",
    ),
    "initial-hash-changed": (
        lambda m, ls: edit(ls, 0, initial_hash="0" * 20),
        "the initial state differs",
    ),
    "non-json-line": (
        lambda m, ls: [*ls[:2], '{"i": 1, "seat": ', *ls[3:]],
        "line 3 is not valid JSON",
    ),
    "array-line": (lambda m, ls: [*ls[:2], "[1, 2]", *ls[3:]], "line 3 is not a JSON object"),
    "wrong-format": (lambda m, ls: edit(ls, 0, format="chess-pgn"), "is not a dowding log"),
    "wrong-version": (
        lambda m, ls: edit(ls, 0, version=3),
        "has log version 3; this dowding reads versions 1 and 2",
    ),
    "header-removed": (lambda m, ls: ls[1:], "is not a dowding log"),
    "unknown-ruleset": (
        lambda m, ls: edit(ls, 0, ruleset="monopoly"),
        "the log's header cannot start a game: unknown ruleset 'monopoly'",
    ),
    "unknown-scenario": (
        lambda m, ls: edit(ls, 0, scenario="zz"),
        "the log's header cannot start a game: .* has no scenario 'zz'",
    ),
    "bad-seed": (lambda m, ls: edit(ls, 0, seed="x"), "the log's header cannot start a game"),
    "step-after-the-end": (
        lambda m, ls: [
            *ls[:-1],
            json.dumps({"i": len(m.steps), "seat": "chance", "action": "pass", "hash": "0"}),
            json.dumps({**json.loads(ls[-1]), "steps": len(m.steps) + 1}),
        ],
        r"step \d+: the game is over",
    ),
}


@pytest.mark.parametrize("damage", TAMPERS)
def test_tampered_log_is_refused(finished: Match, tmp_path: Path, damage: str) -> None:
    tamper, message = TAMPERS[damage]
    lines = tamper(finished, finished.log_lines())
    with pytest.raises(LogError, match=message):
        Match.load(write(tmp_path, lines))


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "is empty", id="empty"),
        pytest.param(b"\n  \n\n", "is empty", id="blank-lines"),
        pytest.param(bytes(range(256)) * 4, "is not a text log", id="binary"),
        pytest.param(b"\x1f\x8b\x08\x00\xff\xfe\xfd", "is not a text log", id="gzip-like"),
        pytest.param(b"hello\n", "line 1 is not valid JSON", id="text"),
        pytest.param(b"null\n", "line 1 is not a JSON object", id="json-null"),
    ],
)
def test_unreadable_files_are_refused(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    with pytest.raises(LogError, match=re.escape(str(path)) + ".*" + message):
        Match.load(path)


def test_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LogError, match=r"cannot read .*nothing\.jsonl"):
        Match.load(tmp_path / "nothing.jsonl")
    with pytest.raises(LogError, match="cannot read"):
        Match.load(tmp_path)


@pytest.mark.parametrize("options", [[1], "fog"], ids=["list", "text"])
def test_header_with_bad_options_is_refused(
    finished: Match, tmp_path: Path, options: object
) -> None:
    lines = edit(finished.log_lines(), 0, options=options)
    with pytest.raises(LogError, match="header cannot start a game"):
        Match.load(write(tmp_path, lines))

"""Logs written by someone hostile (issue 10, item 6): the digest is required, seeded dice are
checked against the seed, dice typed at a table are marked in the header, and every malformed
log is refused with LogError, never another exception."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dowding.engine import Chance, LogError, Match, ScriptedDice, get_game
from dowding.engine.record import LOG_VERSION, MANUAL, SEEDED
from tests.support import play, walk

Lines = list[str]


@pytest.fixture(scope="module")
def toy() -> Match:
    return play("toy", get_game("toy").default_scenario, seed=5)


@pytest.fixture(scope="module")
def crane() -> Match:
    return play("crane", get_game("crane").default_scenario, seed=3)


def write(tmp_path: Path, lines: Lines, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def edit(lines: Lines, index: int, **changes: object) -> Lines:
    record = json.loads(lines[index])
    record.update(changes)
    return [*lines[:index], json.dumps(record, sort_keys=True), *lines[index + 1 :]]


def without_digest(lines: Lines) -> Lines:
    footer = json.loads(lines[-1])
    del footer["digest"]
    return [*lines[:-1], json.dumps(footer, sort_keys=True)]


def reforged(match: Match, **header: object) -> Lines:
    """The log a forger writes: the match with header fields changed, digest recomputed."""
    forged = Match.__new__(Match)
    forged.__dict__.update(match.__dict__)
    for name, value in header.items():
        setattr(forged, name, value)
    return forged.log_lines()


def chance_steps(match: Match) -> list[tuple[int, Chance]]:
    return [
        (i, node)
        for i, (_, node) in enumerate(walk(match))
        if i < len(match.steps) and isinstance(node, Chance)
    ]


def other_die(match: Match) -> Lines:
    """A log whose die at some step is changed, every hash and the digest recomputed after it."""
    for i, chance in chance_steps(match):
        for outcome, _ in chance.outcomes():
            if outcome.text == match.steps[i].action:
                continue
            forged = Match(match.game.id, match.scenario, match.options, match.seed)
            for step in match.steps[:i]:
                forged.play(step.action)
            forged.play(outcome)
            forged.seeded_dice = True  # the forger claims the seed rolled it
            return forged.log_lines()
    raise AssertionError("no chance step with another outcome")


def test_the_header_says_how_the_dice_were_rolled(toy: Match) -> None:
    header = json.loads(toy.log_lines()[0])
    assert header["version"] == LOG_VERSION == 2 and header["dice"] == SEEDED


def test_a_log_without_its_digest_is_refused(toy: Match, tmp_path: Path) -> None:
    with pytest.raises(LogError, match="no digest"):
        Match.load(write(tmp_path, without_digest(toy.log_lines())))


@pytest.mark.parametrize("field", ["seed", "seats"])
def test_a_changed_seed_or_seats_without_digest_is_refused(
    toy: Match, tmp_path: Path, field: str
) -> None:
    value: object = toy.seed + 1 if field == "seed" else {"raf": "human"}
    lines = without_digest(edit(toy.log_lines(), 0, **{field: value}))
    with pytest.raises(LogError):
        Match.load(write(tmp_path, lines))


@pytest.mark.parametrize("field", ["seed", "seats"])
def test_a_changed_seed_or_seats_is_caught_by_the_digest(
    toy: Match, tmp_path: Path, field: str
) -> None:
    value: object = toy.seed + 1 if field == "seed" else {"raf": "human"}
    with pytest.raises(LogError, match=r"digest|the log rolls"):
        Match.load(write(tmp_path, edit(toy.log_lines(), 0, **{field: value})))


@pytest.mark.parametrize("game", ["toy", "crane"])
def test_a_changed_seed_with_a_recomputed_digest_is_caught_by_the_dice(
    game: str, toy: Match, crane: Match, tmp_path: Path
) -> None:
    match = toy if game == "toy" else crane
    forged = match.seed + 1000
    with pytest.raises(LogError, match=rf"step \d+: the log rolls .* but seed {forged} rolls"):
        Match.load(write(tmp_path, reforged(match, seed=forged)))


@pytest.mark.parametrize("game", ["toy", "crane"])
def test_a_changed_die_with_recomputed_hashes_and_digest_is_refused(
    game: str, toy: Match, crane: Match, tmp_path: Path
) -> None:
    match = toy if game == "toy" else crane
    lines = other_die(match)
    with pytest.raises(LogError, match=r"the log rolls .* the log was altered"):
        Match.load(write(tmp_path, lines))


def test_dice_typed_at_a_table_are_marked_and_not_checked_against_the_seed(
    tmp_path: Path,
) -> None:
    seeded = play("toy", get_game("toy").default_scenario, seed=5)
    typed = [seeded.steps[i].action for i, _ in chance_steps(seeded)]
    # the same faces, typed: still "manual", as nobody can check them against a seed
    match = Match("toy", seed=9, dice=ScriptedDice(typed))
    for step in seeded.steps:
        if match.finished:
            break
        if step.seat == "chance":
            match.roll()
        else:
            match.play(step.action)
    assert json.loads(match.log_lines()[0])["dice"] == MANUAL
    path = write(tmp_path, match.log_lines())
    loaded = Match.load(path)
    assert not loaded.seeded_dice and loaded.log_lines() == match.log_lines()
    # the forger who turns "manual" into "seeded" (digest recomputed) is caught by the dice
    with pytest.raises(LogError, match="the log rolls"):
        Match.load(write(tmp_path, reforged(match, seeded_dice=True), "forged.jsonl"))


def test_an_outcome_played_by_hand_that_the_seed_would_not_roll_marks_the_log_manual(
    toy: Match,
) -> None:
    i, chance = chance_steps(toy)[0]
    match = Match("toy", toy.scenario, toy.options, toy.seed)
    for step in toy.steps[:i]:
        match.play(step.action)
    assert match.seeded_dice
    other = next(o for o, _ in chance.outcomes() if o.text != toy.steps[i].action)
    match.play(other)
    assert not match.seeded_dice and json.loads(match.log_lines()[0])["dice"] == MANUAL


def version_1(lines: Lines) -> Lines:
    """The same game as today's code wrote it before the dice were marked (version 1)."""
    header = json.loads(lines[0])
    header["version"] = 1
    del header["dice"]
    body = [json.dumps(header, sort_keys=True), *lines[1:-1]]
    from dowding.engine.record import _digest

    footer = {**json.loads(lines[-1]), "digest": _digest(body)}
    return [*body, json.dumps(footer, sort_keys=True)]


V1_LOG = Path(__file__).with_name("data") / "toy-v1.jsonl"  # written by the version 1 code


def test_a_log_written_by_version_1_still_loads() -> None:
    loaded = Match.load(V1_LOG)
    assert loaded.seeded_dice and len(loaded.steps) == 9 and loaded.finished
    assert loaded.state.hash() == "0be6c8b91187f7adaf3d"


def test_version_1_logs_still_load(crane: Match, tmp_path: Path) -> None:
    loaded = Match.load(write(tmp_path, version_1(crane.log_lines())))
    assert loaded.state.hash() == crane.state.hash() and loaded.seeded_dice


def test_a_version_1_log_with_other_dice_is_refused_naming_the_version(
    crane: Match, tmp_path: Path
) -> None:
    with pytest.raises(LogError, match="version 1 log cannot say"):
        Match.load(write(tmp_path, version_1(other_die(crane))))


def replace_in_header(lines: Lines, old: str, new: str) -> Lines:
    assert old in lines[0]
    return [lines[0].replace(old, new), *lines[1:]]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        pytest.param(
            lambda ls, m: replace_in_header(ls, f'"seed": {m.seed}', '"seed": 1e999'),
            "line 1 is not valid JSON: the number 1e999 is too large",
            id="seed-1e999",
        ),
        pytest.param(
            lambda ls, m: replace_in_header(ls, f'"seed": {m.seed}', '"seed": NaN'),
            "line 1 is not valid JSON: NaN is not a number",
            id="seed-nan",
        ),
        pytest.param(
            lambda ls, m: replace_in_header(ls, f'"seed": {m.seed}', '"seed": 1' + "0" * 5000),
            "line 1 is not valid JSON: .*digits",
            id="seed-5000-digits",
        ),
        pytest.param(
            lambda ls, m: edit(ls, 0, seed=1.5), "the seed must be a whole number", id="seed-1.5"
        ),
        pytest.param(
            lambda ls, m: edit(ls, 0, seed=True), "the seed must be a whole number", id="seed-true"
        ),
        pytest.param(
            lambda ls, m: [*ls[:2], "[" * 100_000 + "]" * 100_000, *ls[3:]],
            "line 3 is not valid JSON: it nests deeper than 64 levels",
            id="nested-100000",
        ),
        pytest.param(
            lambda ls, m: edit(ls, 1, action="pass kind=1"),
            "step 0: 'pass kind=1' is not",
            id="action-kind=",
        ),
        pytest.param(
            lambda ls, m: edit(ls, 1, action="pass self=1"),
            "step 0: 'pass self=1' is not",
            id="action-self=",
        ),
        pytest.param(lambda ls, m: edit(ls, 1, action=7), "step 0 is malformed", id="action-int"),
        pytest.param(lambda ls, m: edit(ls, 1, i=True), "step 0 is malformed", id="i-true"),
        pytest.param(lambda ls, m: edit(ls, 1, seat=None), "step 0 is malformed", id="seat-null"),
        pytest.param(lambda ls, m: edit(ls, 0, ruleset=["toy"]), "ruleset id", id="ruleset-list"),
        pytest.param(lambda ls, m: edit(ls, 0, scenario={}), "scenario id", id="scenario-object"),
        pytest.param(lambda ls, m: edit(ls, 0, seats={"raf": [1]}), "must be text", id="seat-list"),
        pytest.param(lambda ls, m: edit(ls, 0, dice="loaded"), '"dice" must be', id="dice-word"),
        pytest.param(
            lambda ls, m: edit(ls, 0, version=True), "log version True", id="version-true"
        ),
        pytest.param(
            lambda ls, m: edit(ls, len(ls) - 1, end=1), "has no end record", id="end-not-true"
        ),
        pytest.param(
            lambda ls, m: edit(ls, len(ls) - 1, digest=None), "no digest", id="digest-null"
        ),
        pytest.param(
            lambda ls, m: edit(
                ls, len(ls) - 1, result={**json.loads(ls[-1])["result"], "winner": "nobody"}
            ),
            "the end record's result is not the replayed game's",
            id="result-winner-changed",
        ),
        pytest.param(
            lambda ls, m: edit(ls, len(ls) - 1, status="in_progress"),
            "the end record's status",
            id="status-changed",
        ),
        pytest.param(
            lambda ls, m: edit(ls, 0, options={"scale": {"a": [1, {"b": None}]}}),
            "header cannot start a game",
            id="option-object",
        ),
    ],
)
def test_malformed_logs_get_a_clear_message(
    toy: Match, tmp_path: Path, damage: object, message: str
) -> None:
    lines = damage(toy.log_lines(), toy)  # type: ignore[operator]
    with pytest.raises(LogError, match=message):
        Match.load(write(tmp_path, lines))


# --- fuzzing: any JSON in any field of any line gives LogError, nothing else -------------------

HOSTILE_VALUES: list[object] = [
    "toy",
    "crane",
    "chance",
    "raf",
    "pass kind=1",
    "pass self=1",
    "draw item=x",
    "roll d=1",
    float("inf"),
    float("nan"),
    10**100,
    -1,
    0,
    True,
    None,
    "",
    {},
    [],
    {"a": [1]},
]
HEADER_KEYS = [
    "format",
    "version",
    "ruleset",
    "scenario",
    "options",
    "seed",
    "seats",
    "initial_hash",
    "dice",
]
STEP_KEYS = ["i", "seat", "action", "hash"]
FOOTER_KEYS = ["end", "steps", "digest", "final_hash", "status"]


def load_only_log_error(tmp_path: Path, lines: Lines) -> None:
    try:
        Match.load(write(tmp_path, lines))
    except LogError as exc:
        assert str(exc)


def test_every_field_with_every_hostile_value(toy: Match, tmp_path: Path) -> None:
    lines = toy.log_lines()
    escaped: list[str] = []
    for index, keys in ((0, HEADER_KEYS), (1, STEP_KEYS), (2, STEP_KEYS), (-1, FOOTER_KEYS)):
        for key in keys:
            for value in [*HOSTILE_VALUES, "<dropped>"]:
                record = json.loads(lines[index])
                if value == "<dropped>":
                    record.pop(key, None)
                else:
                    record[key] = value
                changed = list(lines)
                changed[index] = json.dumps(record, sort_keys=True)
                try:
                    load_only_log_error(tmp_path, changed)
                except Exception as exc:  # the probe lists every escape
                    escaped.append(f"line {index} {key}={value!r}: {type(exc).__name__}: {exc}")
    assert not escaped, "\n".join(escaped)


HOSTILE = st.sampled_from(HOSTILE_VALUES)
JSON = st.recursive(
    HOSTILE | st.none() | st.integers(-(10**30), 10**30) | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    line=st.integers(0, 6),
    key=st.sampled_from(
        [
            "format",
            "version",
            "ruleset",
            "scenario",
            "options",
            "seed",
            "seats",
            "initial_hash",
            "dice",
            "i",
            "seat",
            "action",
            "hash",
            "end",
            "steps",
            "digest",
            "final_hash",
            "x",
        ]
    ),
    value=JSON,
    drop=st.booleans(),
)
def test_fuzzed_logs_raise_only_log_error(
    toy: Match, tmp_path: Path, line: int, key: str, value: object, drop: bool
) -> None:
    lines = toy.log_lines()
    index = min(line, len(lines) - 1) if line < 6 else len(lines) - 1
    record = json.loads(lines[index])
    if drop:
        record.pop(key, None)
    else:
        record[key] = value
    lines[index] = json.dumps(record, sort_keys=True)
    load_only_log_error(tmp_path, lines)

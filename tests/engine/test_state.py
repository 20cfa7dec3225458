"""The State contract as the engine implements it (refusals, free values) and the Match runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from dowding.engine import (
    Action,
    Decision,
    Event,
    IllegalAction,
    Match,
    ScriptedDice,
    Terminal,
    view,
)
from dowding.engine.game import describe_refusal
from tests.toygame import TOY, random_toy_state


def at_scramble() -> Match:
    match = Match("toy", dice=ScriptedDice(["kenley"]))
    match.roll()
    match.play("raid bombers=2")
    return match


def test_free_values_are_legal_when_the_ruleset_says_so() -> None:
    match = at_scramble()
    node = match.node()
    assert isinstance(node, Decision) and node.free == "guess target=<biggin|dover|kenley>"
    assert match.state.is_legal(Action("guess", target="dover"))
    assert not match.state.is_legal(Action("guess", target="paris"))
    with pytest.raises(
        IllegalAction, match=r"'guess target=paris' is not legal \(no such target\)"
    ):
        match.play("guess target=paris")
    match.play("guess target=kenley")
    assert match.state.view("raf")["scores"] == {"raf": 2, "luftwaffe": 0}


def test_refusal_message_names_decision_prompt_and_options() -> None:
    match = at_scramble()
    with pytest.raises(IllegalAction) as info:
        match.play("scramble squadrons=9")
    assert str(info.value) == (
        "'scramble squadrons=9' is not legal (not one of the listed options). "
        "Decision for raf: Round 1: scramble how many squadrons?. Legal options: "
        "scramble squadrons=0, scramble squadrons=1, scramble squadrons=2; "
        "free values: guess target=<biggin|dover|kenley>"
    )
    assert info.value.node == match.node()
    assert len(match.steps) == 2


def test_unparsable_text_is_refused_with_the_parse_error() -> None:
    match = at_scramble()
    with pytest.raises(
        IllegalAction, match=r"'scramble 3' is not legal \('3' is not of the form key=value\)"
    ):
        match.play("scramble 3")
    with pytest.raises(IllegalAction, match="empty input"):
        match.play("")


def test_refusals_at_chance_and_terminal_nodes() -> None:
    match = Match("toy", dice=ScriptedDice([]))
    with pytest.raises(IllegalAction, match="not an outcome of the chance event 'target card'"):
        match.play("raid bombers=1")
    with pytest.raises(IllegalAction, match="expected the name of the item drawn"):
        match.play("draw item=paris")
    state = random_toy_state(200)
    assert isinstance(state.next(), Terminal)
    with pytest.raises(IllegalAction, match=r"the game is over \(all rounds flown\)"):
        state.apply("raid bombers=1")
    assert not state.is_legal(Action("raid", bombers=1)) and state.legal_options() == ()


def test_long_option_lists_are_cut_short() -> None:
    decision = Decision("raf", "Pick", tuple(Action("pick", n=i) for i in range(20)))
    message = describe_refusal("pick n=99", decision)
    assert "pick n=11 and 8 more" in message and "pick n=12" not in message


def test_match_logs_canonical_text_and_rolls_only_at_chance() -> None:
    match = at_scramble()
    assert [(s.seat, s.action) for s in match.steps] == [
        ("chance", "draw item=kenley"),
        ("luftwaffe", "raid bombers=2"),
    ]
    with pytest.raises(IllegalAction, match="nothing to roll"):
        match.roll()
    match.play("  scramble   squadrons=1 ")
    assert match.steps[-1].action == "scramble squadrons=1"
    assert match.steps[-1].hash == match.state.hash()


def test_result_in_progress_and_finished() -> None:
    match = at_scramble()
    result = match.result()
    assert (result.winner, result.reason, result.actions, result.ruleset) == (
        None,
        "in progress",
        2,
        "toy",
    )
    assert result.state_hash == match.state.hash()


def test_events_are_filtered_by_seat() -> None:
    match = Match("toy", dice=ScriptedDice(["dover"]))
    events = match.roll()
    assert events == (Event("the target is dover", frozenset({"luftwaffe"})),)
    assert events[0].visible_to("luftwaffe")
    assert not events[0].visible_to("raf") and not events[0].visible_to(None)
    assert Event("public").visible_to(None)


def test_view_is_the_states_view() -> None:
    state = random_toy_state(2)
    assert view(state, "luftwaffe")["target"] == state.target != ""
    assert view(state, "raf")["target"] is None and view(state, None)["target"] is None


def test_save_is_atomic_and_overwrites(tmp_path: Path) -> None:
    match = at_scramble()
    path = tmp_path / "sub" / "game.jsonl"
    match.save(path)
    match.play("scramble squadrons=0")
    match.save(path)
    assert [p.name for p in path.parent.iterdir()] == ["game.jsonl"]
    assert Match.load(path).state.hash() == match.state.hash()
    assert path.read_text().count("\n") == len(match.steps) + 2


def test_state_hash_identifies_the_node() -> None:
    a, b = TOY.new_state(), TOY.new_state()
    assert a.hash() == b.hash() and len(a.hash()) == 20
    a.apply("draw item=dover")
    assert a.hash() != b.hash()
    b.apply("draw item=kenley")
    assert a.hash() != b.hash()


def test_failed_save_keeps_the_old_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    match = at_scramble()
    path = tmp_path / "game.jsonl"
    match.save(path)
    before = path.read_bytes()
    match.play("scramble squadrons=2")

    def crash(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("dowding.engine.record.os.replace", crash)
    with pytest.raises(OSError, match="disk full"):
        match.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.jsonl"]

"""Whether a seat may take back is answered from flags noted as each step is played (issue 12:
every payload asks it, and replaying from the last checkpoint cost 6-12% of the server's time
under load); the flags agree with a replay, survive a restart and follow a take-back."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dowding.engine import Decision
from dowding.web.live import LiveGame, restore

from .conftest import Payload, Table


def first_option(payload: Payload) -> str:
    option: str = payload["decision"]["options"][0]["text"]
    return option


def replayed_flags(live: LiveGame) -> list[bool]:
    """Each step's flag as a replay finds it: a decision with a choice (more than one option,
    or a free value)."""
    flags = []
    for i in range(len(live.match.steps)):
        node = live.state_at(i).next()
        flags.append(isinstance(node, Decision) and (len(node.options) != 1 or bool(node.free)))
    return flags


def test_against_computers_the_question_needs_no_replay(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = table.create(
        ruleset="crane",
        seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "computer", "player": "heuristic"}},
    )
    game_id, token = created["game_id"], created["tokens"]["luftwaffe"]
    start = table.my_turn(game_id, token)
    first = table.act(game_id, token, start["seq"], first_option(start)).json()
    live = table.client.app.state.service.games[game_id]

    def no_replay(step: int) -> Any:
        raise AssertionError(f"replayed to step {step}")

    monkeypatch.setattr(live, "state_at", no_replay)
    live.payloads.clear()
    live._undo_cache.clear()
    again = table.get(game_id, token)
    assert again["seq"] == first["seq"] and again["can_undo"] is True
    assert live.undo_point("luftwaffe") == (start["seq"], None)


def test_the_flags_agree_with_a_replay_after_play_a_restart_and_a_take_back(
    table: Table,
) -> None:
    created = table.create(
        ruleset="bob", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    rng = random.Random(12)
    undone = chances = 0

    def settled(payload: Payload) -> bool:  # the dice rolled: a seat to move, or the end
        return payload["to_move"] is not None or payload["status"] != "active"

    for _ in range(80):
        payload = table.wait(game_id, tokens["raf"], settled)
        seat = payload["to_move"]
        if seat is None:
            break
        token = tokens[seat]
        payload = table.get(game_id, token)
        chances += payload["can_undo"]
        if payload["can_undo"] and chances % 3 == 1:  # every third chance: taken back
            answer = table.client.post(
                f"/api/games/{game_id}/undo", json={"token": token, "seq": payload["seq"]}
            )
            assert answer.status_code == 200, answer.text
            undone += 1
            continue
        option = rng.choice(payload["decision"]["options"])["text"]
        assert table.act(game_id, token, payload["seq"], option).status_code == 200
    live = table.client.app.state.service.games[game_id]
    assert undone and len(live.match.steps) > 20
    assert len(live.chosen) == len(live.match.steps)
    assert live.chosen == replayed_flags(live)
    assert any(live.chosen) and not all(live.chosen)  # choices, and dice or only options
    record, steps = table.client.app.state.service.repository.since(game_id, 0)
    rebuilt = restore(record, steps)
    assert rebuilt.chosen == live.chosen
    for seat in ("raf", "luftwaffe"):
        assert rebuilt.undo_point(seat) == live.undo_point(seat)

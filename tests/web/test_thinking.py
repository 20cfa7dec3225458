"""A person sees a computer think (issue 15): the payload's "thinking" (who, which player, its
time cap, when its turn began; nothing it knows), and the reply within the cap."""

from __future__ import annotations

import itertools
from typing import Any

from .conftest import Payload, Table

CAP = {"novice": 0.2, "regular": 0.5, "veteran": 1.0, "ace": 3.0}


def computer_replies(table: Table, game_id: str) -> list[float]:
    """Seconds from each step before a computer's decision to that decision, as stored."""
    service = table.client.app.state.service
    stored = service.repository.steps(game_id)
    return [
        (step.created - before.created).total_seconds()
        for before, step in itertools.pairwise(stored)
        if step.seat == "luftwaffe" and before.created != step.created
    ]


def test_a_computer_turn_says_who_thinks_and_for_how_long_at_most(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={
            "raf": {"kind": "me"},
            "luftwaffe": {"kind": "computer", "player": "ismcts:regular"},
        },
    )
    game_id, token = created["game_id"], created["tokens"]["raf"]
    seen: list[dict[str, Any]] = []

    def thinking(payload: Payload) -> bool:
        if payload["thinking"] is not None:
            seen.append(payload["thinking"])
        return payload["decision"] is not None

    payload = table.wait(game_id, token, thinking, timeout=60)
    assert payload["thinking"] is None  # my turn: nobody is thinking
    # a few moves of mine, each answered by the computer within its cap (and a margin for a
    # busy machine: the store and the push); on a loaded machine a poll can take longer than a
    # novice's 0.2 s turn (a clean-clone CI run never saw one in 8), so the regular's 0.5 s is
    # watched, and the moves stop once it has been seen
    for _ in range(8):
        if seen:
            break
        payload = table.act(
            game_id, token, payload["seq"], payload["decision"]["options"][0]["text"]
        ).json()
        thinking(payload)  # the answer to my move may already show the computer thinking
        payload = table.wait(game_id, token, thinking, timeout=60)
        if payload["status"] != "active":
            break
    assert seen, "the Luftwaffe's turns were never seen as thinking"
    first = seen[0]
    assert set(first) == {
        "seat",
        "name",
        "player",
        "kind",
        "strength",
        "cap",
        "started",
        "server_time",
    }
    assert first["seat"] == "luftwaffe" and first["name"] == "Luftwaffe"
    assert (first["player"], first["kind"], first["strength"]) == (
        "ismcts:regular",
        "search",
        "regular",
    )
    assert first["cap"] == CAP["regular"]
    assert first["started"] <= first["server_time"]
    stored = table.client.app.state.service.repository.steps(game_id)
    assert any(step.seat == "luftwaffe" for step in stored), "the computer never moved"
    # a reply stored in the same commit as the move before it has no measurable gap: only the
    # gaps that exist are timed
    replies = computer_replies(table, game_id)
    assert all(reply < CAP["regular"] + 1.0 for reply in replies), replies


def test_a_spectator_sees_the_computer_think_and_a_persons_turn_shows_nobody(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "computer", "player": "ismcts:ace"}},
        spectators=True,
    )
    game_id = created["game_id"]
    watch = created["spectate"].rpartition("#t=")[2]
    payload = table.get(game_id, watch)
    assert payload["thinking"] is not None and payload["thinking"]["cap"] == CAP["ace"]
    assert payload["can_undo"] is False

    other = table.create(
        ruleset="crane",
        seats={"raf": {"kind": "computer", "player": "heuristic"}, "luftwaffe": {"kind": "me"}},
    )
    payload = table.my_turn(other["game_id"], other["tokens"]["luftwaffe"])
    assert payload["thinking"] is None

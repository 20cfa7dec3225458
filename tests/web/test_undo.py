"""Taking back one's own moves (issue 12): within a turn, until a die is rolled, another seat
decides, or another person has been shown anything; idempotent with seq; the log afterwards
replays with every hash (and every die against the seed)."""

from __future__ import annotations

from typing import Any

from dowding.engine import Match
from dowding.engine.record import replay
from dowding.web.live import restore

from .conftest import Payload, Table


def undo(table: Table, game_id: str, token: str, seq: int) -> Any:
    return table.client.post(f"/api/games/{game_id}/undo", json={"token": token, "seq": seq})


def first_option(payload: Payload) -> str:
    option: str = payload["decision"]["options"][0]["text"]
    return option


def stored_steps(table: Table, game_id: str) -> int:
    return len(table.client.app.state.service.repository.steps(game_id))


def replays_with_every_hash(table: Table, game_id: str) -> Match:
    """The stored log rebuilt (each state hash checked), and replayed as a log file would be
    (each die checked against the seed)."""
    repository = table.client.app.state.service.repository
    record, steps = repository.since(game_id, 0)
    restore(record, steps)  # LogError for any difference
    header = {
        "format": "dowding-log",
        "version": 2,
        "ruleset": record.ruleset,
        "scenario": record.scenario,
        "options": record.options,
        "seed": record.seed,
        "seats": {},
        "initial_hash": record.initial_hash,
        "dice": "seeded",
    }
    lines = [{"i": s.seq, "seat": s.seat, "action": s.action, "hash": s.hash} for s in steps]
    return replay(header, lines)


def test_a_seat_takes_back_placements_within_its_turn(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "computer", "player": "heuristic"}},
    )
    game_id, token = created["game_id"], created["tokens"]["luftwaffe"]
    start = table.my_turn(game_id, token)
    assert start["seq"] == 0 and start["can_undo"] is False  # nothing to take back
    first = table.act(game_id, token, 0, first_option(start)).json()
    assert first["seq"] == 1 and first["can_undo"] is True
    second = table.act(game_id, token, 1, first_option(first)).json()
    assert second["seq"] == 2 and second["can_undo"] is True
    placed = second["view"]

    back = undo(table, game_id, token, 2)
    assert back.status_code == 200, back.text
    assert back.json()["seq"] == 1 and back.json()["can_undo"] is True
    assert back.json()["view"] == first["view"]  # the placement is gone
    assert stored_steps(table, game_id) == 1  # removed from the database too
    again = undo(table, game_id, token, 2)  # a retry: applied once
    assert again.status_code == 200 and again.json()["seq"] == 1
    assert stored_steps(table, game_id) == 1

    # the same move again gives the same state (the log is as if it had never been made)
    redo = table.act(game_id, token, 1, first_option(first)).json()
    assert redo["seq"] == 2 and redo["view"] == placed
    assert undo(table, game_id, token, 2).json()["seq"] == 1
    assert undo(table, game_id, token, 1).json()["seq"] == 0
    none = undo(table, game_id, token, 0)
    assert none.status_code == 409 and "nothing has been played" in none.json()["error"]
    stale = undo(table, game_id, token, 5)
    assert stale.status_code == 409 and stale.json()["seq"] == 0

    # play the placements out: the dice are rolled and the computer moves; nothing to take back
    payload = table.my_turn(game_id, token)
    while (
        payload["decision"] is not None and payload["decision"]["prompt"].lower().find("place") >= 0
    ):
        payload = table.act(game_id, token, payload["seq"], first_option(payload)).json()
        payload = table.my_turn(game_id, token)
    assert payload["can_undo"] is False
    refused = undo(table, game_id, token, payload["seq"])
    assert refused.status_code == 409, refused.text
    assert "cannot take back" in refused.json()["error"]
    replays_with_every_hash(table, game_id)


def test_refused_after_a_roll_and_after_the_other_seat_decided(table: Table) -> None:
    created = table.create(
        ruleset="crane", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    luftwaffe, raf = tokens["luftwaffe"], tokens["raf"]
    payload = table.get(game_id, luftwaffe)
    while payload["to_move"] == "luftwaffe":  # the four placements, then the dice
        payload = table.act(game_id, luftwaffe, payload["seq"], first_option(payload)).json()
    assert payload["to_move"] == "raf" and payload["can_undo"] is False
    rolled = undo(table, game_id, luftwaffe, payload["seq"])
    assert rolled.status_code == 409 and "dice have been rolled" in rolled.json()["error"]

    raf_turn = table.get(game_id, raf)
    moved = table.act(game_id, raf, raf_turn["seq"], first_option(raf_turn)).json()
    assert moved["can_undo"] is True  # the RAF's own step
    decided = undo(table, game_id, luftwaffe, moved["seq"])
    assert decided.status_code == 409 and "decided since" in decided.json()["error"]
    assert table.get(game_id, luftwaffe)["can_undo"] is False
    assert undo(table, game_id, raf, moved["seq"]).json()["seq"] == raf_turn["seq"]
    replays_with_every_hash(table, game_id)


def test_against_another_person_what_they_saw_stands(table: Table) -> None:
    created = table.create(
        ruleset="crane", seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "invite"}}
    )
    game_id, token = created["game_id"], created["tokens"]["luftwaffe"]
    start = table.get(game_id, token)
    placed = table.act(game_id, token, 0, first_option(start)).json()
    assert placed["can_undo"] is False  # the RAF sees the placement on the table
    refused = undo(table, game_id, token, 1)
    assert refused.status_code == 409 and "it stands" in refused.json()["error"]


def test_the_other_seats_never_see_what_was_taken_back(table: Table) -> None:
    """The Luftwaffe assigns a secret mission and takes it back: the spectator's payloads (and
    the invited RAF's, against whom it stands) never name it."""
    created = table.create(
        ruleset="bob",
        seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "computer", "player": "heuristic"}},
        spectators=True,
    )
    game_id, token = created["game_id"], created["tokens"]["luftwaffe"]
    watch = created["spectate"].rpartition("#t=")[2]
    payload = table.my_turn(game_id, token)
    assert payload["decision"]["options"][0]["text"].startswith("assign mission=")
    seen_before = table.get(game_id, watch)
    mission = first_option(payload).partition("=")[2]
    assert mission not in str(seen_before)
    after = table.act(game_id, token, payload["seq"], first_option(payload)).json()
    assert after["can_undo"] is True
    watching = table.get(game_id, watch)
    assert mission not in str(watching) and watching["can_undo"] is False
    back = undo(table, game_id, token, after["seq"]).json()
    assert back["seq"] == payload["seq"] and back["view"] == payload["view"]
    watched = table.get(game_id, watch)
    assert mission not in str(watched)
    assert watched["view"] == seen_before["view"] and watched["events"] == seen_before["events"]
    # a spectator cannot take anything back
    assert undo(table, game_id, watch, back["seq"]).status_code == 403

    invited = table.create(
        ruleset="bob", seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "invite"}}
    )
    game_id, token = invited["game_id"], invited["tokens"]["luftwaffe"]
    raf = invited["invites"]["raf"].rpartition("#t=")[2]
    payload = table.my_turn(game_id, token)
    mission = first_option(payload).partition("=")[2]
    after = table.act(game_id, token, payload["seq"], first_option(payload)).json()
    assert after["can_undo"] is False  # the RAF saw a mission placed face down
    assert mission not in str(table.get(game_id, raf))
    assert undo(table, game_id, token, after["seq"]).status_code == 409


def test_a_take_back_travels_over_the_socket(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "computer", "player": "heuristic"}},
    )
    game_id, token = created["game_id"], created["tokens"]["luftwaffe"]
    with table.client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as socket:
        start = socket.receive_json()
        socket.send_json({"type": "action", "seq": 0, "action": first_option(start)})
        placed = socket.receive_json()
        assert placed["seq"] == 1 and placed["can_undo"] is True
        socket.send_json({"type": "undo", "seq": 1})
        back = socket.receive_json()
        assert back["seq"] == 0 and back["view"] == start["view"]
        socket.send_json({"type": "undo", "seq": 0})
        error = socket.receive_json()
        assert error["type"] == "error" and "nothing has been played" in error["error"]


def test_the_replay_shows_the_game_as_finally_played(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"luftwaffe": {"kind": "me"}, "raf": {"kind": "computer", "player": "heuristic"}},
    )
    game_id, token = created["game_id"], created["tokens"]["luftwaffe"]
    start = table.my_turn(game_id, token)
    taken_back = table.act(game_id, token, 0, first_option(start)).json()
    told = {e["text"] for e in taken_back["events"]} - {e["text"] for e in start["events"]}
    assert told  # the placement was narrated
    assert undo(table, game_id, token, 1).status_code == 200
    other = start["decision"]["options"][-1]["text"]
    played = table.act(game_id, token, 0, other).json()
    assert played["seq"] == 1 and not told & {e["text"] for e in played["events"]}
    replay = table.client.get(
        f"/api/games/{game_id}/replay", params={"token": token, "step": 1}
    ).json()
    assert replay["view"] == played["view"]
    assert not told & {e["text"] for e in replay["events"]}
    assert replays_with_every_hash(table, game_id).steps[0].action == other


def test_bob_raf_movement_is_taken_back_step_by_step(table: Table) -> None:
    created = table.create(
        ruleset="bob",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "computer", "player": "heuristic"}},
    )
    game_id, token = created["game_id"], created["tokens"]["raf"]
    payload = table.my_turn(game_id, token)
    for _ in range(200):  # to the RAF's movement (the first option of everything before it)
        if payload["status"] != "active" or first_option(payload).startswith("fly flight="):
            break
        table.act(game_id, token, payload["seq"], first_option(payload))
        payload = table.my_turn(game_id, token)
    assert first_option(payload).startswith("fly flight="), payload["decision"]
    flying = table.act(game_id, token, payload["seq"], first_option(payload)).json()
    assert flying["can_undo"] is True
    moved = table.act(game_id, token, flying["seq"], first_option(flying)).json()
    assert moved["can_undo"] is True and moved["view"] != flying["view"]
    back = undo(table, game_id, token, moved["seq"]).json()
    assert back["seq"] == flying["seq"] and back["view"] == flying["view"]
    assert undo(table, game_id, token, back["seq"]).json()["view"] == payload["view"]
    replays_with_every_hash(table, game_id)

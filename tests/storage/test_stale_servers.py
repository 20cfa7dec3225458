"""Two servers over one database (SQLite and PostgreSQL), one holding an older copy of a game.

Server B does not hear server A's writes here (its listener is stopped, as if the notification
were late), so B's copy is stale: every write B makes from it must be refused by the database,
B's copy must catch up from the log, and the request must be answered from the fresh game.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from dowding.storage import Repository
from dowding.web.app import create_app

from .postgres import wipe


@contextmanager
def server(database_url: str, hears_others: bool = True) -> Iterator[TestClient]:
    with TestClient(create_app(repository=Repository(database_url))) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        if not hears_others and service.listener is not None:
            service.listener.close()
            service.listener = None
        yield client


def hotseat_game(client: TestClient) -> tuple[str, dict[str, str]]:
    created = client.post(
        "/api/games",
        json={
            "ruleset": "crane",
            "seats": {"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        },
    ).json()
    return created["game_id"], created["tokens"]


def turn(client: TestClient, game_id: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The seat to move and its payload (hotseat games: no computer, dice rolled at once)."""
    deadline = time.monotonic() + 20
    while True:
        payload = client.get(f"/api/games/{game_id}", params={"token": tokens["raf"]}).json()
        if payload["to_move"] is not None or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    seat = payload["to_move"]
    mine = client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()
    return seat, mine


def test_a_stale_server_cannot_undo_a_resignation(database_url: str) -> None:
    with server(database_url) as a, server(database_url, hears_others=False) as b:
        game_id, tokens = hotseat_game(a)
        seat, before = turn(b, game_id, tokens)  # B holds the game, at version v
        resigned = a.post(f"/api/games/{game_id}/resign", json={"token": tokens["raf"]})
        assert resigned.status_code == 200 and resigned.json()["status"] == "resigned"

        action = before["decision"]["options"][0]["text"]
        body = {"token": tokens[seat], "seq": before["seq"], "action": action}
        refused = b.post(f"/api/games/{game_id}/actions", json=body)
        assert refused.status_code == 409, refused.text
        assert "resigned" in refused.json()["error"]
        other = "luftwaffe" if seat == "raf" else "raf"
        again = b.post(f"/api/games/{game_id}/abandon", json={"token": tokens[other]})
        assert again.status_code == 409 and "resigned" in again.json()["error"]
        # B's copy caught up; the database still says resigned, with no step after it
        seen = b.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()
        assert (seen["status"], seen["seq"]) == ("resigned", before["seq"])

    repository = Repository(database_url)
    try:
        stored = repository.game(game_id)
        assert stored.status == "resigned" and stored.result is not None
        assert stored.result["reason"].endswith("resigned")
        assert len(repository.steps(game_id)) == before["seq"]
    finally:
        repository.close()


def test_a_step_already_stored_by_another_server_is_answered_as_applied(
    database_url: str,
) -> None:
    with server(database_url) as a, server(database_url, hears_others=False) as b:
        game_id, tokens = hotseat_game(a)
        seat, before = turn(b, game_id, tokens)
        options = [o["text"] for o in before["decision"]["options"]]
        body = {"token": tokens[seat], "seq": before["seq"], "action": options[0]}
        assert a.post(f"/api/games/{game_id}/actions", json=body).status_code == 200
        # the client's retry reaches B, whose copy is a step behind: applied once, not twice
        retried = b.post(f"/api/games/{game_id}/actions", json=body)
        assert retried.status_code == 200, retried.text
        assert retried.json()["seq"] > before["seq"]
        if len(options) > 1:  # another action for the same step: refused, nothing changes
            clash = b.post(f"/api/games/{game_id}/actions", json={**body, "action": options[-1]})
            assert clash.status_code == 409 and "already been played" in clash.json()["error"]
        steps_a = a.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["seq"]
        assert steps_a == retried.json()["seq"]

    repository = Repository(database_url)
    try:
        stored = repository.steps(game_id)
        assert stored[before["seq"]].action == options[0]
        assert len(stored) == steps_a
        assert repository.game(game_id).version >= 1
    finally:
        repository.close()


def receive(socket: Any, seconds: float = 15.0) -> dict[str, Any]:
    """The next message on a test socket, or a failure after ``seconds`` (never a hang)."""
    box: list[str] = []
    reader = threading.Thread(target=lambda: box.append(socket.receive_text()), daemon=True)
    reader.start()
    reader.join(seconds)
    assert box, f"nothing was pushed within {seconds} s"
    message: dict[str, Any] = json.loads(box[0])
    return message


def test_a_server_hears_the_other_and_takes_over_its_computers(postgres_server: str) -> None:
    """B acknowledges a person's move, then moves no computer (as if it had died); A hears the
    write (NOTIFY), pushes it to its socket, and after ``takeover_seconds`` of stillness moves
    the computer itself. Both servers then show the person's turn again."""
    wipe(postgres_server)
    with server(postgres_server) as a, server(postgres_server) as b:
        a.app.state.service.takeover_seconds = 0.3  # type: ignore[attr-defined]
        b.app.state.service.ensure_driver = lambda live: None  # type: ignore[attr-defined]
        created = a.post(
            "/api/games",
            json={
                "ruleset": "bob",
                "seats": {
                    "raf": {"kind": "me"},
                    "luftwaffe": {"kind": "computer", "player": "heuristic"},
                },
            },
        ).json()
        game_id, token = created["game_id"], created["tokens"]["raf"]
        with a.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as socket:
            payload = receive(socket)
            while payload["decision"] is None:
                payload = receive(socket)
            for _ in range(3):
                action = payload["decision"]["options"][0]["text"]
                body = {"token": token, "seq": payload["seq"], "action": action}
                acted = b.post(f"/api/games/{game_id}/actions", json=body)
                assert acted.status_code == 200, acted.text
                after = acted.json()["seq"]
                heard = receive(socket)  # B's write, pushed by A
                assert heard["seq"] >= after
                payload = heard
                while payload["decision"] is None and payload["status"] == "active":
                    payload = receive(socket)  # A moves the computer
                if payload["status"] != "active":
                    break
        deadline = time.monotonic() + 10
        while True:  # and B hears A's computer moves
            seen = b.get(f"/api/games/{game_id}", params={"token": token}).json()
            if seen["seq"] == payload["seq"] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert seen["seq"] == payload["seq"] and seen["decision"] == payload["decision"]


def test_a_request_ahead_of_a_stale_copy_is_decided_on_the_fresh_game(database_url: str) -> None:
    """A seat that saw A's newer state sends its next action to B, which had not heard of it
    yet: B catches up and plays it, instead of refusing a step "ahead of the game"."""
    with server(database_url) as a, server(database_url, hears_others=False) as b:
        game_id, tokens = hotseat_game(a)
        seat, before = turn(b, game_id, tokens)  # B holds the game at this step
        body = {"token": tokens[seat], "seq": before["seq"]}
        first = a.post(
            f"/api/games/{game_id}/actions",
            json={**body, "action": before["decision"]["options"][0]["text"]},
        )
        assert first.status_code == 200
        seat, now = turn(a, game_id, tokens)
        assert now["seq"] > before["seq"]
        action = now["decision"]["options"][0]["text"]
        body = {"token": tokens[seat], "seq": now["seq"], "action": action}
        played = b.post(f"/api/games/{game_id}/actions", json=body)
        assert played.status_code == 200, played.text
        assert played.json()["seq"] > now["seq"]

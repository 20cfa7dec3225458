"""A game stored on SQLite or PostgreSQL carries on when the server is started again."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from dowding.storage import Repository
from dowding.web.app import create_app


def wait_for_turn(client: TestClient, game_id: str, token: str) -> dict:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        payload = client.get(f"/api/games/{game_id}", params={"token": token}).json()
        if payload["decision"] or payload["status"] != "active":
            return payload
        time.sleep(0.02)
    raise AssertionError("the computer did not move")


def test_a_game_carries_on_after_the_app_is_created_again(database_url: str) -> None:
    with TestClient(create_app(repository=Repository(database_url))) as client:
        created = client.post(
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
        for _ in range(3):
            payload = wait_for_turn(client, game_id, token)
            action = payload["decision"]["options"][0]["text"]
            response = client.post(
                f"/api/games/{game_id}/actions",
                json={"token": token, "seq": payload["seq"], "action": action},
            )
            assert response.status_code == 200, response.text
        before = wait_for_turn(client, game_id, token)

    with TestClient(create_app(repository=Repository(database_url))) as client:
        after = wait_for_turn(client, game_id, token)
        assert (after["seq"], after["view"], after["events"]) == (
            before["seq"],
            before["view"],
            before["events"],
        )
        action = after["decision"]["options"][0]["text"]
        response = client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "seq": after["seq"], "action": action},
        )
        assert response.status_code == 200, response.text
        mine = client.get("/api/games", params={"tokens": token}).json()
        assert mine[0]["game_id"] == game_id and mine[0]["steps"] >= after["seq"]

"""Web test helpers: an app on a temporary SQLite file, games, and waiting for the computers."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dowding.web.app import create_app

Payload = dict[str, Any]


class Table:
    """A TestClient over one app, with the calls the tests make over and over."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(self, **body: Any) -> Payload:
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        created: Payload = response.json()
        return created

    def get(self, game_id: str, token: str) -> Payload:
        response = self.client.get(f"/api/games/{game_id}", params={"token": token})
        assert response.status_code == 200, response.text
        payload: Payload = response.json()
        return payload

    def act(self, game_id: str, token: str, seq: int, action: str) -> Any:
        return self.client.post(
            f"/api/games/{game_id}/actions", json={"token": token, "seq": seq, "action": action}
        )

    def wait(
        self, game_id: str, token: str, until: Callable[[Payload], bool], timeout: float = 20
    ) -> Payload:
        """Poll until ``until(payload)``: the computers move in the background."""
        deadline = time.monotonic() + timeout
        while True:
            payload = self.get(game_id, token)
            if until(payload) or time.monotonic() > deadline:
                assert until(payload), f"timed out at step {payload['seq']}: {payload['status']}"
                return payload
            time.sleep(0.02)

    def my_turn(self, game_id: str, token: str) -> Payload:
        return self.wait(
            game_id, token, lambda p: p["decision"] is not None or p["status"] != "active"
        )


def open_table(database: Path) -> Iterator[Table]:
    with TestClient(create_app(f"sqlite:///{database}")) as client:
        yield Table(client)


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture
def table(database: Path) -> Iterator[Table]:
    yield from open_table(database)


def bob_vs_computer(table: Table, **extra: Any) -> tuple[str, str]:
    created = table.create(
        ruleset="bob",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "computer", "player": "heuristic"}},
        **extra,
    )
    return created["game_id"], created["tokens"]["raf"]

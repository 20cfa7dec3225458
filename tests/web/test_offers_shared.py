"""Agreements between the people at a game are stored with it (issue 10, item 9).

An offer to abandon a game against another person, and the manual-dice acceptances of several
invited seats, are written to the database under the version check like every other write, pushed
to the other servers, and restored with the game: a restart keeps them, and two servers over one
PostgreSQL see the same offer (one holding an older copy is refused and decides again).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dowding.storage import Repository
from dowding.web.app import create_app
from tests.storage.postgres import postgres_or_skip, wipe

from .conftest import Payload, Table, open_table
from .test_fair_play import networked, token_of


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    yield from postgres_or_skip()


@contextmanager
def server(database_url: str, hears_others: bool = True) -> Iterator[Table]:
    with TestClient(create_app(repository=Repository(database_url))) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        if not hears_others and service.listener is not None:
            service.listener.close()  # as if the notifications were late: B's copy goes stale
            service.listener = None
        yield Table(client)


def post(table: Table, game_id: str, what: str, token: str) -> Payload:
    response = table.client.post(f"/api/games/{game_id}/{what}", json={"token": token})
    assert response.status_code == 200, response.text
    payload: Payload = response.json()
    return payload


def eventually(table: Table, game_id: str, token: str, until: Callable[[Payload], bool]) -> Any:
    """The payload once ``until`` holds (another server's write is heard within moments)."""
    deadline = time.monotonic() + 10
    while True:
        payload = table.get(game_id, token)
        if until(payload) or time.monotonic() > deadline:
            assert until(payload), payload["abandon_offer"]
            return payload
        time.sleep(0.02)


def three_players(table: Table) -> tuple[str, dict[str, str]]:
    """bob for three, manual dice: the creator's RAF Group and two invited seats."""
    created = table.create(
        ruleset="bob",
        options={"players": 3, "split": "raf"},
        seats={
            "raf-10-12": {"kind": "me"},
            "raf-11-13": {"kind": "invite"},
            "luftwaffe": {"kind": "invite"},
        },
        dice="manual",
    )
    tokens = {"raf-10-12": created["tokens"]["raf-10-12"]}
    tokens.update({seat: token_of(url) for seat, url in created["invites"].items()})
    return created["game_id"], tokens


def test_an_abandon_offer_survives_a_restart(database: Path) -> None:
    with contextmanager(open_table)(database) as table:
        game_id, mine, theirs = networked(table, ruleset="bob", dice="auto")
        assert post(table, game_id, "abandon", mine)["abandon_offer"] == ["raf"]
    with contextmanager(open_table)(database) as table:  # the server restarted
        assert table.get(game_id, theirs)["abandon_offer"] == ["raf"]
        # refused, and the refusal is kept too
        assert post(table, game_id, "abandon/decline", theirs)["abandon_offer"] == []
    with contextmanager(open_table)(database) as table:
        assert table.get(game_id, mine)["abandon_offer"] == []
        offered = post(table, game_id, "abandon", theirs)  # a new offer, not an agreement
        assert offered["status"] == "active" and offered["abandon_offer"] == ["luftwaffe"]
    with contextmanager(open_table)(database) as table:
        assert table.get(game_id, mine)["abandon_offer"] == ["luftwaffe"]
        agreed = post(table, game_id, "abandon", mine)
        assert agreed["status"] == "abandoned" and agreed["result"]["winner"] is None
    with contextmanager(open_table)(database) as table:
        assert table.get(game_id, mine)["status"] == "abandoned"


@pytest.mark.parametrize("b_hears", [True, False], ids=["b-hears-a", "b-stale"])
def test_an_abandon_offer_is_shared_by_two_servers(postgres_url: str, b_hears: bool) -> None:
    wipe(postgres_url)
    with server(postgres_url) as a, server(postgres_url, hears_others=b_hears) as b:
        game_id, mine, theirs = networked(a, ruleset="bob", dice="auto")
        assert b.get(game_id, theirs)["abandon_offer"] == []  # B holds the game

        assert post(a, game_id, "abandon", mine)["abandon_offer"] == ["raf"]
        if b_hears:  # pushed to the other server
            eventually(b, game_id, theirs, lambda p: p["abandon_offer"] == ["raf"])
        # refused on B: cleared on A too
        assert post(b, game_id, "abandon/decline", theirs)["abandon_offer"] == []
        eventually(a, game_id, mine, lambda p: p["abandon_offer"] == [])

        assert post(a, game_id, "abandon", mine)["abandon_offer"] == ["raf"]
        agreed = post(b, game_id, "abandon", theirs)
        assert agreed["status"] == "abandoned", agreed["abandon_offer"]
        assert agreed["result"]["winner"] is None
        assert agreed["result"]["reason"] == "abandoned by agreement"
        eventually(a, game_id, mine, lambda p: p["status"] == "abandoned")

    repository = Repository(postgres_url)
    try:
        stored = repository.game(game_id)
        assert stored.status == "abandoned" and stored.result is not None
        assert stored.result["winner"] is None
    finally:
        repository.close()


def test_manual_dice_acceptances_survive_a_restart(database: Path) -> None:
    with contextmanager(open_table)(database) as table:
        game_id, tokens = three_players(table)
        waiting = table.get(game_id, tokens["raf-10-12"])
        assert waiting["status"] == "waiting"
        assert sorted(waiting["waiting_for"]) == ["luftwaffe", "raf-11-13"]
        accepted = post(table, game_id, "accept", tokens["raf-11-13"])
        assert accepted["status"] == "waiting" and accepted["waiting_for"] == ["luftwaffe"]
    with contextmanager(open_table)(database) as table:  # the server restarted
        assert table.get(game_id, tokens["raf-10-12"])["waiting_for"] == ["luftwaffe"]
        again = table.client.post(
            f"/api/games/{game_id}/accept", json={"token": tokens["raf-11-13"]}
        )
        assert again.status_code == 409  # accepted once already
        started = post(table, game_id, "accept", tokens["luftwaffe"])
        assert started["status"] == "active" and started["waiting_for"] == []


def test_manual_dice_acceptances_are_shared_by_two_servers(postgres_url: str) -> None:
    wipe(postgres_url)
    with server(postgres_url) as a, server(postgres_url, hears_others=False) as b:
        game_id, tokens = three_players(a)
        assert len(b.get(game_id, tokens["luftwaffe"])["waiting_for"]) == 2  # B holds the game
        post(a, game_id, "accept", tokens["raf-11-13"])
        started = post(b, game_id, "accept", tokens["luftwaffe"])  # from B's older copy
        assert started["status"] == "active" and started["waiting_for"] == []
        eventually(a, game_id, tokens["raf-10-12"], lambda p: p["status"] == "active")

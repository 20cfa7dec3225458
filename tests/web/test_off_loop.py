"""Work the event loop never does (issue 12): a new game's set-up runs in a worker thread."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from dowding.web import service

from .conftest import Table


def test_a_new_game_is_set_up_in_a_worker_thread(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    where: list[str] = []
    made = service.Match

    def match(*args: Any) -> Any:
        where.append(threading.current_thread().name)
        return made(*args)

    monkeypatch.setattr(service, "Match", match)
    created = table.create(
        ruleset="crane",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "computer", "player": "heuristic"}},
    )
    assert table.my_turn(created["game_id"], created["tokens"]["raf"])["status"] == "active"
    assert where and all(name.startswith("dowding-work") for name in where), where

"""LISTEN/NOTIFY on PostgreSQL: every committed write is heard, a refused one is not, and the
listener reconnects (and says so) when its connection is cut."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from dowding.storage import Repository, StepRecord, Summary, VersionConflict
from dowding.storage.notify import parse

from .postgres import wipe
from .test_repository import new_game


def wait_for(condition: Callable[[], bool], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_notification_payloads() -> None:
    assert parse("abc:12") == ("abc", 12)
    assert parse("a:b:3") == ("a:b", 3)
    assert parse("abc") is None and parse(":3") is None and parse("abc:x") is None


def test_sqlite_has_no_listener(tmp_path: Path) -> None:
    repository = Repository(f"sqlite:///{tmp_path}/games.sqlite3")
    try:
        assert repository.listener(lambda g, v: None, lambda: None) is None
    finally:
        repository.close()


def test_every_committed_write_is_heard_and_the_listener_reconnects(
    postgres_server: str,
) -> None:
    wipe(postgres_server)
    repository = Repository(postgres_server)
    heard: list[tuple[str, int]] = []
    resyncs = threading.Event()
    listener = repository.listener(lambda g, v: heard.append((g, v)), resyncs.set)
    assert listener is not None
    try:
        assert listener.start()
        repository.create_game(new_game())
        repository.append_steps(
            "g1", [StepRecord(0, "raf", "a", "h0")], Summary(1, 1, "raf", "active"), 0
        )
        wait_for(lambda: ("g1", 1) in heard)
        with pytest.raises(VersionConflict):  # refused: rolled back, so never announced
            repository.set_summary("g1", Summary(1, 1, None, "resigned"), 0)
        repository.set_summary("g1", Summary(1, 1, None, "resigned"), 1)
        wait_for(lambda: ("g1", 2) in heard)
        assert heard == [("g1", 1), ("g1", 2)]

        # cut the listener's connection from the server's side
        engine = create_engine(postgres_server)
        with engine.begin() as connection:
            cut = connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()"
                )
            ).all()
        engine.dispose()
        assert cut
        wait_for(resyncs.is_set)
        wait_for(listener.listening.is_set)
        assert listener.reconnects == 1
        repository.set_summary("g1", Summary(1, 1, None, "resigned"), 2)
        wait_for(lambda: ("g1", 3) in heard)
    finally:
        listener.close()
        repository.close()

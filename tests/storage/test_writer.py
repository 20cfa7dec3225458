"""The writer's groups: the writes of a group run in the order of their keys (the games they
lock), so two servers' groups on one PostgreSQL take row locks in one order (no deadlock)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from dowding.storage.writer import Writer


def test_a_group_runs_its_writes_in_the_order_of_their_keys(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    writer = Writer(sessionmaker(engine))
    started, release = threading.Event(), threading.Event()
    order: list[str] = []

    def hold(_session: Session) -> None:  # keeps the writer busy while the group queues up
        started.set()
        release.wait(10)

    def record(name: str) -> Any:
        return lambda _session: order.append(name)

    try:
        first = writer.submit(hold, key="0")
        assert started.wait(10)
        futures = [
            writer.submit(record(n), key=k)
            for n, k in [("c1", "g3"), ("a", "g1"), ("c2", "g3"), ("b", "g2")]
        ]
        release.set()
        first.result(10)
        for future in futures:
            future.result(10)
        assert order == ["a", "b", "c1", "c2"]  # by key; one game's writes in their own order
    finally:
        writer.close()
        engine.dispose()

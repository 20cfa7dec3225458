"""One thread writes to the database, committing what has queued up together (group commit).

Every write is a function of a session. The writer takes what is waiting (up to ``batch``),
runs it in one transaction and commits once; each caller's future is settled only after that
commit. If anything in a group fails, the group is rolled back and each write is run again
alone, so one refused write never costs another its place. One writer means SQLite never has
two writers from this process, and no writer sleeps in SQLite's busy handler. A group runs its
writes in the order of their keys (the game's id), so two servers' groups on one PostgreSQL
lock the same games' rows in the same order and never deadlock.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

log = logging.getLogger("dowding.storage")

Write = Callable[[Session], Any]
_STOP = object()


class Writer:
    def __init__(self, sessions: sessionmaker[Session], batch: int = 64) -> None:
        self._sessions = sessions
        self._batch = batch
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="dowding-writer", daemon=True)
        self._thread.start()

    def submit(self, write: Write, key: str = "") -> Future[Any]:
        """Queue ``write``; the future holds its result once committed, or its exception.
        ``key``: what it locks (a game's id), the order of the writes in a group."""
        future: Future[Any] = Future()
        if not self._thread.is_alive():
            future.set_exception(RuntimeError("the database writer has stopped"))
            return future
        self._queue.put((write, future, key))
        return future

    def close(self) -> None:
        if self._thread.is_alive():
            self._queue.put(_STOP)
            self._thread.join(timeout=30)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            group = [item]
            stop = False
            while len(group) < self._batch:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is _STOP:
                    stop = True
                    break
                group.append(more)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: list[tuple[Write, Future[Any], str]]) -> None:
        live = [(w, f) for w, f, _ in sorted(group, key=lambda item: item[2])]
        live = [(w, f) for w, f in live if f.set_running_or_notify_cancel()]
        if len(live) > 1:
            try:
                with self._sessions.begin() as session:
                    results = [write(session) for write, _ in live]
            except Exception:
                pass  # one of them failed: run each alone below
            else:
                for (_, future), result in zip(live, results, strict=True):
                    future.set_result(result)
                return
        for write, future in live:
            try:
                with self._sessions.begin() as session:
                    result = write(session)
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)

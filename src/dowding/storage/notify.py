"""Pushes between servers on one PostgreSQL database: LISTEN/NOTIFY.

Every write to a game sends ``NOTIFY dowding_game, '<game id>:<version>'`` inside its own
transaction (repository.py), so PostgreSQL delivers it exactly when the write commits, and
never for a write rolled back. Each server runs one :class:`Listener`: a thread with its own
connection (outside the pool, in autocommit) that LISTENs and hands each notification to the
server. When the connection fails it reconnects with a growing pause, and after reconnecting
it says so (``on_resync``): notifications sent while it was away are lost, so the server then
checks every game it holds against the database.

A notification is only a hint to look: the database stays the truth, and every write is
conditional on the version it read, so a lost or late notification delays a push and never
loses or doubles a change.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy import URL, create_engine

log = logging.getLogger("dowding.storage")

CHANNEL = "dowding_game"
PING_SECONDS = 5.0  # a quiet connection is checked this often, so a dead one is noticed
MAX_PAUSE = 5.0


def notification(game_id: str, version: int) -> str:
    return f"{game_id}:{version}"


def parse(payload: str) -> tuple[str, int] | None:
    """(game id, version) from a notification's payload; None for anything else."""
    game_id, colon, version = payload.rpartition(":")
    if not colon or not game_id or not version.isdigit():
        return None
    return game_id, int(version)


class Listener:
    """A thread that LISTENs on :data:`CHANNEL` and calls ``on_change(game_id, version)`` for
    every notification (from any process, this one included), in its own thread."""

    def __init__(
        self,
        url: URL,
        on_change: Callable[[str, int], None],
        on_resync: Callable[[], None],
    ) -> None:
        self._url = url
        self._on_change = on_change
        self._on_resync = on_resync
        self._stop = threading.Event()
        self.listening = threading.Event()  # set while LISTEN is in force
        self.reconnects = 0
        self._thread = threading.Thread(target=self._run, name="dowding-listen", daemon=True)

    def start(self, wait: float = 10.0) -> bool:
        """Start listening; True once LISTEN is in force (waits up to ``wait`` seconds; the
        thread keeps trying after that)."""
        self._thread.start()
        return self.listening.wait(wait)

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _connect(self) -> Any:
        import psycopg

        engine = create_engine(self._url)  # only to turn the URL into the driver's arguments
        args, kwargs = engine.dialect.create_connect_args(self._url)
        engine.dispose()
        kwargs.pop("context", None)
        return psycopg.connect(*args, **kwargs, autocommit=True, connect_timeout=10)

    def _run(self) -> None:
        pause, first = 0.1, True
        while not self._stop.is_set():
            connection = None
            try:
                connection = self._connect()
                connection.execute(f"LISTEN {CHANNEL}")
                self.listening.set()
                if not first:
                    self.reconnects += 1
                    log.warning("listening for other servers' changes again")
                    self._on_resync()
                first, pause = False, 0.1
                self._listen(connection)
            except Exception as exc:
                if self._stop.is_set():
                    break
                log.warning(
                    "lost the connection that hears other servers' changes (%s); retrying",
                    str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__,
                )
            finally:
                self.listening.clear()
                if connection is not None:
                    with contextlib.suppress(Exception):
                        connection.close()
            self._stop.wait(pause)
            pause = min(pause * 2, MAX_PAUSE)

    def _listen(self, connection: Any) -> None:
        quiet_since = time.monotonic()
        while not self._stop.is_set():
            heard = False
            for note in connection.notifies(timeout=0.5):
                heard = True
                parsed = parse(note.payload)
                if parsed is None:
                    continue
                try:
                    self._on_change(*parsed)
                except Exception:
                    log.exception("a notification for game %s was not handled", parsed[0])
            now = time.monotonic()
            if heard:
                quiet_since = now
            elif now - quiet_since > PING_SECONDS:
                connection.execute("SELECT 1")  # raises if the server has gone
                quiet_since = now

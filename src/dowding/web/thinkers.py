"""The threads where computer seats think, shared fairly between games.

Each request is one batch of computer moves for one game (a single search at most). Requests
wait in one queue: those of games with a person seated come first (a person is waiting for
them), then the others in the order they asked, so that every computer-only game gets its turn
in rotation. Computer-only games never hold every thread: at most ``workers - 1`` of them think
at once (one, with the default two threads), so a thread is always free for a person's game.

Threads, not processes: a search's state (the player objects, their decision counters) lives in
the game, and Python threads share one interpreter lock, so the bound on how many think at once
is what keeps a person's opponent quick; the search player's own time cap keeps every turn of the
rotation short.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

log = logging.getLogger("dowding.web")

URGENT, BACKGROUND = 0, 1


class Thinkers:
    def __init__(self, workers: int = 2, background: int | None = None) -> None:
        self.workers = max(1, workers)
        # computer-only games may use every thread but one (all of them when there is only one)
        self.background = max(1, background if background is not None else self.workers - 1)
        self._queue: list[tuple[int, int, float, Future[Any], Callable[[], Any]]] = []
        # seconds the latest requests of each kind waited for a thread (not their run time)
        self._waits: dict[int, deque[float]] = {
            URGENT: deque(maxlen=64),
            BACKGROUND: deque(maxlen=64),
        }
        self._order = itertools.count()
        self._ready = threading.Condition()
        self._busy_background = 0
        self._closed = False
        self._threads = [
            threading.Thread(target=self._serve, name=f"dowding-think-{i}", daemon=True)
            for i in range(self.workers)
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, job: Callable[[], Any], urgent: bool) -> Future[Any]:
        """Queue ``job``: urgent (a person's game) before every computer-only one."""
        future: Future[Any] = Future()
        with self._ready:
            if self._closed:
                future.cancel()
                return future
            kind = URGENT if urgent else BACKGROUND
            heapq.heappush(self._queue, (kind, next(self._order), time.monotonic(), future, job))
            self._ready.notify_all()
        return future

    def queued(self) -> tuple[int, int]:
        """(urgent, computer-only) requests waiting."""
        with self._ready:
            urgent = sum(1 for entry in self._queue if entry[0] == URGENT)
            return urgent, len(self._queue) - urgent

    def waits(self) -> dict[str, list[float]]:
        """How long the latest requests waited in the queue before a thread took them, by kind:
        a person's game should find a thread at once however busy the computer-only games are."""
        with self._ready:
            return {
                "urgent": list(self._waits[URGENT]),
                "computer-only": list(self._waits[BACKGROUND]),
            }

    def _take(self) -> tuple[int, Future[Any], Callable[[], Any]] | None:
        with self._ready:
            while True:
                if self._closed:
                    return None
                if self._queue:
                    kind = self._queue[0][0]
                    if kind == URGENT or self._busy_background < self.background:
                        _, _, queued_at, future, job = heapq.heappop(self._queue)
                        self._waits[kind].append(time.monotonic() - queued_at)
                        if kind == BACKGROUND:
                            self._busy_background += 1
                        return kind, future, job
                self._ready.wait()

    def _serve(self) -> None:
        while True:
            taken = self._take()
            if taken is None:
                return
            kind, future, job = taken
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        result = job()
                    except BaseException as exc:
                        future.set_exception(exc)
                    else:
                        future.set_result(result)
            finally:
                if kind == BACKGROUND:
                    with self._ready:
                        self._busy_background -= 1
                        self._ready.notify_all()

    def shutdown(self) -> None:
        """Stop taking requests; those waiting are cancelled (running ones finish on their own)."""
        with self._ready:
            self._closed = True
            for _, _, _, future, _ in self._queue:
                future.cancel()
            self._queue.clear()
            self._ready.notify_all()

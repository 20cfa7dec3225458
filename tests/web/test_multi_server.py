"""More than one server: two ``dowding serve`` processes over one PostgreSQL serve one game.

A seat plays through each process (HTTP to act, a WebSocket to hear); every change made through
one process must be pushed to the other's socket (LISTEN/NOTIFY), the game must reach its end,
and killing either process with SIGKILL mid-game must lose no acknowledged action. On SQLite a
second server on the same file is refused.

PostgreSQL comes from tests/storage/postgres.py (DOWDING_TEST_POSTGRES_URL, or a throwaway
server); without one these tests skip, unless DOWDING_REQUIRE_POSTGRES=1.
"""

from __future__ import annotations

import json
import os
import random
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from dowding.storage import Repository
from tests.storage.postgres import postgres_or_skip, wipe

from .test_kill import free_port

GAME_SECONDS = 120  # a guard: each game ends well inside this (not counting restarts)


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    yield from postgres_or_skip()


class Server:
    """One ``dowding serve`` process on a fixed port, which can be killed and started again."""

    def __init__(self, url: str, port: int, log: Path) -> None:
        self.url, self.port, self.log = url, port, log
        self.process: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "dowding.cli", "serve", "--port", str(self.port)]
        command += ["--database-url", self.url, "--log-level", "info"]
        env = {k: v for k, v in os.environ.items() if k != "DOWDING_DATABASE_URL"}
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{self.base}/api/rulesets", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert self.process.poll() is None, self.log.read_text()[-2000:]
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def two_servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    wipe(postgres_url)
    servers = (
        Server(postgres_url, free_port(), tmp_path / "a.log"),
        Server(postgres_url, free_port(), tmp_path / "b.log"),
    )
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


@dataclass
class Seat:
    """A player at one seat, through one server: hears its socket, acts over HTTP."""

    seat: str
    token: str
    server: Server
    game_id: str
    rng: random.Random
    acknowledged: list[tuple[int, str, str, float]] = field(default_factory=list)
    heard: list[tuple[int, float]] = field(default_factory=list)  # (seq, when) on the socket
    final: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)

    def play(self, stop: threading.Event) -> None:
        from websockets.sync.client import connect

        url = f"ws://127.0.0.1:{self.server.port}/api/games/{self.game_id}/ws?token={self.token}"
        while not stop.is_set() and self.final is None:
            try:
                with (
                    connect(url, open_timeout=5, close_timeout=1) as socket,
                    httpx.Client(base_url=self.server.base, timeout=10) as http,
                ):
                    while not stop.is_set() and self.final is None:
                        try:
                            message = json.loads(socket.recv(timeout=1.0))
                        except TimeoutError:  # nothing new: look (a refused action changes nothing)
                            message = self._get(http)
                        if message.get("type") == "state":
                            self.heard.append((message["seq"], time.monotonic()))
                            self._answer(http, message)
            except Exception as exc:  # the server was killed: come back when it is up again
                self.errors.append(type(exc).__name__)
                time.sleep(0.2)

    def _get(self, http: httpx.Client) -> dict[str, Any]:
        payload: dict[str, Any] = http.get(
            f"/api/games/{self.game_id}", params={"token": self.token}
        ).json()
        return payload

    def _answer(self, http: httpx.Client, payload: dict[str, Any]) -> None:
        if payload["status"] != "active":
            self.final = payload
            return
        decision = payload["decision"]
        if not decision or decision["seat"] != self.seat:
            return
        action = self.rng.choice(decision["options"])["text"]
        body = {"token": self.token, "seq": payload["seq"], "action": action}
        response = http.post(f"/api/games/{self.game_id}/actions", json=body)
        if response.status_code == 200:
            self.acknowledged.append((payload["seq"], self.seat, action, time.monotonic()))


def start_game(server: Server) -> tuple[str, dict[str, str]]:
    created = httpx.post(
        f"{server.base}/api/games",
        json={
            "ruleset": "crane",
            "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "hotseat"}},
        },
        timeout=10,
    ).json()
    return created["game_id"], created["tokens"]


def push_latencies(actors: list[Seat]) -> list[float]:
    """For each action acknowledged by one server, how long until the other seat's socket, on
    the other server, heard the new state."""
    latencies = []
    for actor in actors:
        other = next(s for s in actors if s is not actor)
        for seq, _seat, _action, when in actor.acknowledged:
            heard = [t for s, t in other.heard if s > seq and t >= when - 1.0]
            if heard:
                latencies.append(max(0.0, heard[0] - when))
    return latencies


def check_log(url: str, game_id: str, actors: list[Seat]) -> int:
    repository = Repository(url)
    try:
        stored = {s.seq: (s.seat, s.action) for s in repository.steps(game_id)}
        final = repository.game(game_id)
    finally:
        repository.close()
    count = 0
    for actor in actors:
        for seq, seat, action, _ in actor.acknowledged:
            assert stored.get(seq) == (seat, action), f"acknowledged step {seq} was lost"
            count += 1
    assert final.status == "finished" and final.steps == len(stored)
    return count


def play(
    servers: tuple[Server, Server], kills: list[tuple[int, int]] | None = None
) -> tuple[list[Seat], str, dict[str, float]]:
    """Play crane with the RAF through server 0 and the Luftwaffe through server 1. ``kills``:
    (acknowledged actions, server index): at that count the server is killed and restarted."""
    game_id, tokens = start_game(servers[0])
    actors = [
        Seat("raf", tokens["raf"], servers[0], game_id, random.Random(1)),
        Seat("luftwaffe", tokens["luftwaffe"], servers[1], game_id, random.Random(2)),
    ]
    stop = threading.Event()
    threads = [threading.Thread(target=a.play, args=(stop,), daemon=True) for a in actors]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    pending = list(kills or [])
    down = 0.0
    try:
        while any(a.final is None for a in actors):
            playing = time.monotonic() - started - down  # restarts wait on a busy machine
            assert playing < GAME_SECONDS, "the game did not end in time"
            done = sum(len(a.acknowledged) for a in actors)
            if pending and done >= pending[0][0]:
                _, index = pending.pop(0)
                servers[index].kill()
                stopped = time.monotonic()
                servers[index].start()
                down += time.monotonic() - stopped
            time.sleep(0.02)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
    assert not pending, "the game ended before every kill"
    figures = {"seconds": time.monotonic() - started, "restart_seconds": down}
    return actors, game_id, figures


def test_a_seat_on_each_of_two_servers_plays_a_game_to_its_end(
    two_servers: tuple[Server, Server], postgres_url: str
) -> None:
    actors, game_id, figures = play(two_servers)
    assert all(a.final is not None and a.final["status"] == "finished" for a in actors)
    assert actors[0].final == actors[1].final or (
        actors[0].final and actors[1].final and actors[0].final["seq"] == actors[1].final["seq"]
    )
    assert all(a.acknowledged for a in actors)
    latencies = push_latencies(actors)
    # every action acknowledged by one server reached the other server's socket
    assert len(latencies) == sum(len(a.acknowledged) for a in actors)
    acknowledged = check_log(postgres_url, game_id, actors)
    print(
        f"\ntwo servers: {acknowledged} actions acknowledged in {figures['seconds']:.1f} s; "
        f"push to the other server's socket: median {statistics.median(latencies) * 1000:.0f} ms, "
        f"max {max(latencies) * 1000:.0f} ms"
    )
    logs = "".join(s.log.read_text() for s in two_servers)
    assert "Traceback" not in logs
    assert not any(token in logs for token in (a.token for a in actors))


def test_killing_either_server_loses_no_acknowledged_action(
    two_servers: tuple[Server, Server], postgres_url: str
) -> None:
    actors, game_id, figures = play(two_servers, kills=[(12, 1), (30, 0)])
    assert all(a.final is not None and a.final["status"] == "finished" for a in actors)
    acknowledged = check_log(postgres_url, game_id, actors)
    print(
        f"\nkill -9 of each server once: {acknowledged} actions acknowledged, 0 lost, "
        f"{figures['seconds']:.1f} s in all ({figures['restart_seconds']:.1f} s restarting)"
    )
    logs = "".join(s.log.read_text() for s in two_servers)
    assert not any(token in logs for token in (a.token for a in actors))


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    first = Server(f"sqlite:///{database}", free_port(), tmp_path / "first.log")
    first.start()
    try:
        command = [sys.executable, "-m", "dowding.cli", "serve", "--port", str(free_port())]
        second = subprocess.run(
            [*command, "--database-url", f"sqlite:///{database}"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode != 0
        assert "another dowding server" in second.stderr and "PostgreSQL" in second.stderr
        assert "Traceback" not in second.stderr
        first.kill()  # kill -9 leaves no stale lock: the next server starts
        first.start()
    finally:
        first.stop()

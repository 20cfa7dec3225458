"""Killing the server at any moment loses no acknowledged action.

``dowding serve`` runs as a subprocess on a temporary SQLite file; a client plays as fast as it
can; the server is killed with SIGKILL mid-game, started again on the same file, and every
action it had acknowledged must be in the log, at its seq.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from dowding.storage import Repository


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def server(database: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    command = [sys.executable, "-m", "dowding.cli", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{database}", "--log-level", "warning"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, process.stdout.read().decode() if process.stdout else ""
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_no_acknowledged_action_is_lost_when_the_server_is_killed(tmp_path: Path) -> None:
    database, port = tmp_path / "games.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    acknowledged: list[tuple[int, str]] = []
    with server(database, port) as process:
        created = httpx.post(
            f"{base}/api/games",
            json={
                "ruleset": "crane",
                "seats": {
                    "raf": {"kind": "me"},
                    "luftwaffe": {"kind": "computer", "player": "heuristic"},
                },
            },
        ).json()
        game_id, token = created["game_id"], created["tokens"]["raf"]
        stop = threading.Event()

        def play() -> None:
            with httpx.Client(base_url=base, timeout=5) as client:
                while not stop.is_set():
                    try:
                        payload = client.get(
                            f"/api/games/{game_id}", params={"token": token}
                        ).json()
                        if not payload["decision"]:
                            continue
                        action = payload["decision"]["options"][-1]["text"]
                        body = {"token": token, "seq": payload["seq"], "action": action}
                        response = client.post(f"/api/games/{game_id}/actions", json=body)
                    except httpx.HTTPError:
                        return  # the server is gone
                    if response.status_code == 200:
                        acknowledged.append((payload["seq"], action))

        player = threading.Thread(target=play)
        player.start()
        deadline = time.monotonic() + 60  # a guard against a stuck server, not a speed test
        while len(acknowledged) < 15 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        stop.set()
        player.join()
    assert len(acknowledged) >= 15

    repository = Repository(f"sqlite:///{database}")
    stored = {step.seq: step.action for step in repository.steps(game_id)}
    repository.close()
    for seq, action in acknowledged:
        assert stored.get(seq) == action, f"acknowledged step {seq} ({action}) was lost"

    with server(database, port):
        payload = httpx.get(f"{base}/api/games/{game_id}", params={"token": token}).json()
        assert payload["seq"] >= max(seq for seq, _ in acknowledged) + 1

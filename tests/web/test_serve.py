"""``dowding serve``: starts on a fresh machine (SQLite in the data folder), says where, and
refuses what it cannot use with a message rather than a traceback."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from .test_kill import free_port


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "dowding.cli", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
    )


def test_serve_uses_sqlite_in_the_data_folder_and_prints_where(tmp_path: Path) -> None:
    port = free_port()
    process = serve(
        "--port", str(port), env={"XDG_DATA_HOME": str(tmp_path), "HOME": str(tmp_path)}
    )
    try:
        assert process.stdout is not None
        address = process.stdout.readline().strip()
        database = process.stdout.readline().strip()
        assert address == f"dowding is serving at http://127.0.0.1:{port}/"
        assert database.startswith("database: ") and database.endswith("dowding.sqlite3")
        assert Path(database.removeprefix("database: ")).is_file()
        for _ in range(100):
            try:
                assert httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200
                break
            except httpx.ConnectError:
                time.sleep(0.1)
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_serve_refuses_a_bad_url_and_a_busy_port(tmp_path: Path) -> None:
    bad = serve("--database-url", "nonsense")
    _, err = bad.communicate(timeout=60)
    assert bad.returncode == 2 and "not a database URL" in err and "Traceback" not in err

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = serve("--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'x.db'}")
        _, err = busy.communicate(timeout=60)
    assert busy.returncode == 1 and "cannot listen" in err and "Traceback" not in err


def test_tokens_never_reach_the_server_log(tmp_path: Path) -> None:
    from websockets.sync.client import connect

    port = free_port()
    process = serve("--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'x.db'}")
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(f"{base}/api/rulesets", timeout=2)
                break
            except httpx.ConnectError:
                time.sleep(0.1)
        created = httpx.post(
            f"{base}/api/games", json={"ruleset": "crane", "seats": {"raf": {"kind": "me"}}}
        ).json()
        token = created["tokens"]["raf"]
        httpx.get(f"{base}/api/games/{created['game_id']}", params={"token": token})
        httpx.get(f"{base}/api/games", params={"tokens": token})
        with connect(
            f"ws://127.0.0.1:{port}/api/games/{created['game_id']}/ws?token={token}"
        ) as ws:
            ws.recv(timeout=20)
    finally:
        process.terminate()
        out, err = process.communicate(timeout=20)
    log = out + err
    assert "token=***" in log and "tokens=***" in log and "WebSocket" in log
    assert token not in log

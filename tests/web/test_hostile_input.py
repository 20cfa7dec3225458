"""What an attacker sends the server (issue 10, items 2, 3, 7 and 10).

Bodies are limited as they stream (chunked uploads included), WebSocket messages are bounded,
hostile action text and dice faces get a clear 400 (HTTP) or error message (WebSocket), the
log holds no token at any level, and invite links never come from the Host header. The probes
that found these are kept: hypothesis fuzzing through the app, and a chunked upload against a
real ``dowding serve`` on 127.0.0.1 that measures the server's memory.
"""

from __future__ import annotations

import http.client
import json
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from dowding.cli.main import app as cli_app
from dowding.web.app import MAX_BODY, create_app, public_base
from dowding.web.ws import MAX_MESSAGE

from .conftest import Table
from .test_kill import free_port

HOSTILE_TEXT = ["pass kind=1", "pass self=1", "roll kind=1", "roll d=1 self=2", "draw kind=x"]


def toy_at_the_dice(table: Table) -> tuple[str, str, dict[str, Any]]:
    """A toy game with manual dice, played to its first roll a human types (the dogfight)."""
    created = table.create(
        ruleset="toy",
        seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        dice="manual",
    )
    game_id, tokens = created["game_id"], created["tokens"]
    for _ in range(40):
        payloads = {seat: table.get(game_id, token) for seat, token in tokens.items()}
        for seat, payload in payloads.items():
            if payload["dice_needed"] is not None:
                return game_id, tokens[seat], payload
        seat = payloads["raf"]["to_move"]
        if seat is None:  # the server is rolling or drawing: look again
            time.sleep(0.02)
            continue
        mine = payloads[seat]
        response = table.act(
            game_id, tokens[seat], mine["seq"], mine["decision"]["options"][-1]["text"]
        )
        assert response.status_code == 200, response.text
    raise AssertionError("no dice to type")


# --- item 3: hostile text through HTTP, the dice route and the WebSocket ---------------------


@pytest.mark.parametrize("text", HOSTILE_TEXT)
def test_hostile_action_text_is_a_clear_400(table: Table, text: str) -> None:
    created = table.create(
        ruleset="toy", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    payload = table.my_turn(game_id, tokens["luftwaffe"])
    response = table.act(game_id, tokens["luftwaffe"], payload["seq"], text)
    assert response.status_code == 400, response.text
    assert "is not" in response.json()["error"]
    assert table.get(game_id, tokens["luftwaffe"])["seq"] == payload["seq"]  # nothing changed


@pytest.mark.parametrize("faces", HOSTILE_TEXT)
def test_hostile_dice_faces_are_a_clear_400(table: Table, faces: str) -> None:
    game_id, token, payload = toy_at_the_dice(table)
    response = table.client.post(
        f"/api/games/{game_id}/dice", json={"token": token, "faces": faces, "seq": payload["seq"]}
    )
    assert response.status_code == 400, response.text
    assert "not" in response.json()["error"]


def test_hostile_text_over_the_websocket_is_an_error_message(table: Table) -> None:
    created = table.create(
        ruleset="toy", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    payload = table.my_turn(game_id, tokens["luftwaffe"])
    with table.client.websocket_connect(
        f"/api/games/{game_id}/ws?token={tokens['luftwaffe']}"
    ) as ws:
        json.loads(ws.receive_text())
        for text in HOSTILE_TEXT:
            ws.send_text(json.dumps({"type": "action", "seq": payload["seq"], "action": text}))
            refusal = json.loads(ws.receive_text())
            assert refusal["type"] == "error" and "is not" in refusal["error"], refusal
        ws.send_text(json.dumps({"type": "ping"}))
        assert json.loads(ws.receive_text()) == {"type": "pong"}  # still open


def test_a_websocket_message_over_the_bound_closes_with_1009(table: Table) -> None:
    created = table.create(
        ruleset="toy", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, token = created["game_id"], created["tokens"]["raf"]
    with table.client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        json.loads(ws.receive_text())
        ws.send_text(json.dumps({"type": "ping", "pad": "x" * (MAX_MESSAGE + 1)}))
        # A state push may still be on its way from the connection; the reply comes after it.
        error = json.loads(ws.receive_text())
        for _ in range(3):
            if error["type"] != "state":
                break
            error = json.loads(ws.receive_text())
        assert error["type"] == "error" and "at most" in error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1009


# --- fuzzing the routes through the app: no text or JSON gives a 5xx -------------------------

FUZZ = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
ACTIONISH = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda kind, pairs: " ".join([kind, *(f"{k}={v}" for k, v in pairs)]),
        st.sampled_from(["pass", "raid", "scramble", "guess", "roll", "draw", "", "=="]),
        st.lists(
            st.tuples(
                st.sampled_from(["kind", "self", "bombers", "squadrons", "target", "d", "", "x y"]),
                st.sampled_from(["1", "-1", "1e999", "nan", "dover", ",", "1,2", "9" * 5000, ""]),
            ),
            max_size=4,
        ),
    ),
)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=10,
)


@pytest.fixture(scope="module")
def fuzz_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Table, str, str, int]]:
    database = tmp_path_factory.mktemp("fuzz") / "games.sqlite3"
    with TestClient(create_app(f"sqlite:///{database}")) as client:
        table = Table(client)
        game_id, token, payload = toy_at_the_dice(table)
        yield table, game_id, token, payload["seq"]


@FUZZ
@given(text=ACTIONISH, dice=st.booleans(), seq=st.integers(-1, 3) | st.none())
def test_fuzzed_actions_and_dice_never_give_a_5xx(
    fuzz_table: tuple[Table, str, str, int], text: str, dice: bool, seq: int | None
) -> None:
    table, game_id, token, at = fuzz_table
    if dice:
        body: dict[str, Any] = {"token": token, "faces": text}
        if seq is not None:
            body["seq"] = at + seq
        response = table.client.post(f"/api/games/{game_id}/dice", json=body)
    else:
        response = table.client.post(
            f"/api/games/{game_id}/actions",
            json={"token": token, "seq": at + (seq or 0), "action": text},
        )
    assert response.status_code < 500, response.text
    assert "error" in response.json() or response.status_code == 200


@FUZZ
@given(
    route=st.sampled_from(
        ["games", "seats", "games/{id}/actions", "games/{id}/dice", "games/{id}/resign"]
    ),
    body=JSONISH,
)
def test_fuzzed_json_bodies_never_give_a_5xx(
    fuzz_table: tuple[Table, str, str, int], route: str, body: object
) -> None:
    table, game_id, _token, _at = fuzz_table
    response = table.client.post(f"/api/{route.replace('{id}', game_id)}", json=body)
    assert response.status_code < 500, response.text


# --- item 2: bodies are counted as they stream ------------------------------------------------


def test_a_chunked_body_over_the_limit_is_413_in_the_app(table: Table) -> None:
    def pieces() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * 4096

    response = table.client.post(
        "/api/games", content=pieces(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 413 and "at most" in response.json()["error"]


def test_a_chunked_body_under_the_limit_is_read_whole(table: Table) -> None:
    body = json.dumps({"ruleset": "toy", "seats": {"raf": {"kind": "me"}}}).encode()

    def pieces() -> Iterator[bytes]:
        yield from (body[i : i + 7] for i in range(0, len(body), 7))

    response = table.client.post(
        "/api/games", content=pieces(), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 201, response.text


# --- item 10: invite links ------------------------------------------------------------------


def test_invite_links_never_come_from_the_host_header(table: Table) -> None:
    response = table.client.post(
        "/api/games",
        json={
            "ruleset": "toy",
            "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}},
            "spectators": True,
        },
        headers={"Host": "evil.example"},
    )
    made = response.json()
    links = [*made["invites"].values(), made["spectate"], made["play_url"]]
    assert all(link.startswith(f"/play/{made['game_id']}#t=") for link in links), links
    assert "evil" not in json.dumps(made)


def test_invite_links_start_with_the_public_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOWDING_PUBLIC_URL", "https://games.example.org/dowding/")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}")) as client:
        made = client.post(
            "/api/games",
            json={
                "ruleset": "toy",
                "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}},
            },
            headers={"Host": "evil.example"},
        ).json()
    assert made["invites"]["luftwaffe"].startswith(
        f"https://games.example.org/dowding/play/{made['game_id']}#t="
    )


@pytest.mark.parametrize(
    "url",
    [
        "ftp://x.example",
        "x.example",
        "http://",
        "http://u:p@x.example",
        "http://x.example/?a=1",
        "http://x.example/#f",
        "http://x.example:port",
        "http://x .example",
    ],
)
def test_a_bad_public_url_is_refused(url: str) -> None:
    with pytest.raises(ValueError, match="public URL"):
        public_base(url)


def test_serve_refuses_a_bad_public_url_and_undocumented_log_levels(tmp_path: Path) -> None:
    runner = CliRunner()
    database = f"sqlite:///{tmp_path / 'x.db'}"
    bad = runner.invoke(cli_app, ["serve", "--public-url", "ftp://x", "--database-url", database])
    assert bad.exit_code == 2 and "public URL" in bad.output
    for level in ("trace", "TRACE", "notset", "5"):
        refused = runner.invoke(
            cli_app, ["serve", "--log-level", level, "--database-url", database]
        )
        assert refused.exit_code == 2 and "--log-level" in refused.output, refused.output


# --- against a real server: streaming limits, memory, keep-alive, the log at debug level ------


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int, Path]]:
    """``dowding serve --log-level debug`` on 127.0.0.1; yields (port, pid, log file)."""
    folder = tmp_path_factory.mktemp("serve")
    port, log = free_port(), folder / "server.log"
    command = [sys.executable, "-m", "dowding.cli", "serve", "--port", str(port)]
    command += ["--database-url", f"sqlite:///{folder / 'g.db'}", "--log-level", "debug"]
    with log.open("w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=5)
                break
            except httpx.TransportError:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        yield port, process.pid, log
    finally:
        process.terminate()
        process.wait(timeout=30)


def memory_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise AssertionError(f"no {field} for {pid}")


def chunked_upload(port: int, total: int, chunk: int = 16 * 1024) -> tuple[int, bytes]:
    """POST ``total`` bytes with Transfer-Encoding: chunked, stopping as soon as the server
    answers; returns (bytes sent, the answer)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    piece, sent, answer = f"{chunk:x}\r\n".encode() + b" " * chunk + b"\r\n", 0, b""
    try:
        while sent < total:
            # at four times the limit, give a busy server time to answer before sending on
            wait = 15.0 if sent == 4 * MAX_BODY else 0.002
            if select.select([sock], [], [], wait)[0]:
                break  # the server has answered: stop sending
            sock.sendall(piece)
            sent += chunk
        else:
            sock.sendall(b"0\r\n\r\n")
    except OSError:
        pass  # the server closed the connection while we were still sending
    try:
        while chunk_in := sock.recv(65536):
            answer += chunk_in
    except OSError:
        pass
    finally:
        sock.close()
    return sent, answer


def test_a_chunked_upload_is_refused_at_the_limit_without_growing_memory(
    live_server: tuple[int, int, Path],
) -> None:
    port, pid, _log = live_server
    total = 2 * 1024 * 1024
    chunked_upload(port, 128 * 1024)  # warm up the code path once
    time.sleep(0.2)
    before = memory_kib(pid, "VmRSS")
    Path(f"/proc/{pid}/clear_refs").write_text("5")  # reset the peak (VmHWM) to now
    sent, answer = chunked_upload(port, total)
    peak = memory_kib(pid, "VmHWM")
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert sent < total, "the server read the whole upload before answering"
    assert peak - before < 1024, f"the server grew by {peak - before} KiB for one upload"
    assert sent <= 16 * MAX_BODY  # it answered early, not after reading most of it


def test_a_refused_action_keeps_the_connection_alive(live_server: tuple[int, int, Path]) -> None:
    port, _pid, _log = live_server
    created = httpx.post(
        f"http://127.0.0.1:{port}/api/games",
        json={
            "ruleset": "crane",
            "seats": {"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        },
    ).json()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        token = created["tokens"]["raf"]
        body = json.dumps({"token": token, "seq": 0, "action": "pass kind=1"})
        connection.request(
            "POST",
            f"/api/games/{created['game_id']}/actions",
            body,
            {"Content-Type": "application/json"},
        )
        first = connection.getresponse()
        assert first.status in (400, 409) and "error" in json.loads(first.read())
        sock = connection.sock
        connection.request("GET", "/api/rulesets")
        assert connection.getresponse().status == 200 and connection.sock is sock
    finally:
        connection.close()


def test_a_big_websocket_message_closes_the_socket_with_1009(
    live_server: tuple[int, int, Path],
) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    port, _pid, _log = live_server
    created = httpx.post(
        f"http://127.0.0.1:{port}/api/games",
        json={"ruleset": "toy", "seats": {"raf": {"kind": "me"}}},
    )
    if created.status_code != 201:  # the toy game is only registered inside the test session
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/games",
            json={"ruleset": "crane", "seats": {"raf": {"kind": "me"}}},
        )
    made = created.json()
    url = f"ws://127.0.0.1:{port}/api/games/{made['game_id']}/ws?token={made['tokens']['raf']}"
    with connect(url, max_size=None) as ws:
        ws.recv(timeout=20)
        ws.send(json.dumps({"type": "ping", "pad": "x" * (MAX_BODY * 4)}))
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(10):
                ws.recv(timeout=20)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


def test_no_token_reaches_the_log_at_debug_level(live_server: tuple[int, int, Path]) -> None:
    from websockets.sync.client import connect

    port, _pid, log = live_server
    base = f"http://127.0.0.1:{port}"
    made = httpx.post(
        f"{base}/api/games",
        json={
            "ruleset": "crane",
            "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}},
            "spectators": True,
        },
    ).json()
    game_id, token = made["game_id"], made["tokens"]["raf"]
    secrets = [
        token,
        *(link.split("#t=")[1] for link in [*made["invites"].values(), made["spectate"]]),
    ]
    httpx.get(f"{base}/api/games/{game_id}", params={"token": token})
    httpx.get(f"{base}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"})
    httpx.get(f"{base}/api/games", params={"tokens": ",".join(secrets)})
    httpx.post(
        f"{base}/api/games/{game_id}/actions", json={"token": token, "seq": 0, "action": "x"}
    )
    httpx.get(f"{base}/api/games/{game_id}/ws", params={"token": token})  # not an upgrade
    with connect(f"ws://127.0.0.1:{port}/api/games/{game_id}/ws?token={token}") as ws:
        ws.recv(timeout=20)
        ws.send(json.dumps({"type": "action", "seq": 0, "action": "pass kind=1"}))
    time.sleep(0.5)
    text = log.read_text()
    assert "DEBUG" in text and "token=***" in text and "tokens=***" in text
    leaked = [secret for secret in secrets if secret in text]
    assert not leaked, "a token reached the server's log"
    assert "Traceback" not in text and os.path.getsize(log) > 0


@pytest.mark.parametrize(
    "line",
    [
        "GET /api/games/x?token=SECRET HTTP/1.1",
        "/api/games?tokens=SECRET,SECRET2 HTTP/1.1",
        "invite: http://h/play/x#t=SECRET",
        "Authorization: Bearer SECRET",
        "{'query_string': b'token=SECRET', 'headers': [(b'authorization', b'Bearer SECRET')]}",
        '{"token": "SECRET", "seq": 1}',
    ],
)
def test_the_log_filter_hides_tokens_in_every_form(line: str) -> None:
    import logging

    from dowding.cli.serve_logs import HideTokens

    as_arg = logging.LogRecord("x", logging.DEBUG, __file__, 1, "%s", (line,), None)
    as_object = logging.LogRecord("x", logging.DEBUG, __file__, 1, "%s", ({"scope": line},), None)
    as_message = logging.LogRecord("x", logging.DEBUG, __file__, 1, line, None, None)
    try:
        raise ValueError(line)
    except ValueError:
        failed = logging.LogRecord("x", logging.ERROR, __file__, 1, "boom", None, sys.exc_info())
    for record in (as_arg, as_object, as_message, failed):
        assert HideTokens().filter(record)
        shown = logging.Formatter().format(record)
        assert "SECRET" not in shown and "***" in shown, shown

"""Hostile input against a local server and hostile logs against the loader (issue 10).

Usage: python benchmarks/attack_inputs.py [--requests 2000] [--seconds 90] [--seed 1]
                                          [--upload-mib 2,64] [--log-mutations 300] [--json]

Starts ``dowding serve --log-level debug`` on 127.0.0.1 (a SQLite file in a temporary folder,
the log in a file), sets up a few games, then sends at most --requests requests in at most
--seconds: action text and dice faces built to break parsers (``kind=``/``self=`` keys, huge
and non-finite numbers, odd unicode), random JSON bodies on every POST route, bytes that are not
JSON or not UTF-8, bodies over the limit (declared and chunked), hostile Host headers, odd
paths and queries, and WebSocket messages (hostile, binary, too big). It reports the requests
sent, answers by status, 5xx, dropped connections, WebSocket close codes, and what the server's
log holds: tracebacks, "internal error" lines, any token it handed out, any link built from a
hostile Host header. It measures the server's peak memory during chunked uploads of
--upload-mib MiB (against the 64 KiB limit). Then it tampers with logs of each ruleset (edits
with recomputed digests, forged dice, malformed JSON, random mutations) and counts how many
``Match.load`` refuses with LogError, accepts, or fails on otherwise. Stops by itself; all
traffic stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import select
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx

from dowding.engine import Chance, Decision, LogError, Match, Terminal, get_game

# --- hostile material --------------------------------------------------------------------------

KINDS = [
    "pass",
    "roll",
    "draw",
    "move",
    "fire",
    "raid",
    "scramble",
    "place",
    "",
    "==",
    "ü",
    "a" * 300,
]
KEYS = ["kind", "self", "cls", "args", "d", "item", "at", "turn", "target", "", "=", "__class__"]
VALUES = [
    "1",
    "-1",
    "0",
    "1.5",
    "1e999",
    "-1e999",
    "nan",
    "inf",
    "1e-999",
    "9" * 5000,
    "1_0",
    "0x10",
    ",",
    ",,",
    "a,",
    "1,2,3",
    "٣",
    "²",
    "\x00",
    "cross",
    "blank",
    "roundel",
    "dover",
    "",
    "'; drop table games; --",
    "<script>alert(1)</script>",
    "%00",
    "../../etc/passwd",
]


def hostile_text(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.15:
        return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(0, 40)))
    if roll < 0.2:
        return rng.choice(VALUES) * rng.randrange(1, 50)
    words = [rng.choice(KINDS)]
    for _ in range(rng.randrange(0, 5)):
        words.append(f"{rng.choice(KEYS)}={rng.choice(VALUES)}")
    return " ".join(words)[:4000]


def hostile_json(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return rng.choice(
            [
                None,
                True,
                False,
                0,
                -1,
                2**63,
                10**30,
                1.5,
                -0.0,
                "",
                "x" * rng.randrange(0, 200),
                hostile_text(rng),
                rng.randrange(-(10**6), 10**6),
            ]
        )
    if roll < 0.75:
        return [hostile_json(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    keys = [
        "ruleset",
        "scenario",
        "options",
        "seats",
        "token",
        "seq",
        "action",
        "faces",
        "dice",
        "spectators",
        "kind",
        "player",
        "x",
    ]
    return {rng.choice(keys): hostile_json(rng, depth + 1) for _ in range(rng.randrange(0, 5))}


# --- the server ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, port: int) -> tuple[subprocess.Popen[bytes], Path]:
    log = folder / "server.log"
    command = [sys.executable, "-m", "dowding.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--database-url", f"sqlite:///{folder / 'attack.sqlite3'}"]
    command += ["--log-level", "debug"]
    with log.open("wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit("the server stopped:\n" + log.read_text(errors="replace"))
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/rulesets", timeout=5).status_code == 200:
                return server, log
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start in 90 s")


def memory_kib(pid: int, name: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1])
    return 0


def chunked_upload(port: int, total: int, chunk: int = 16 * 1024) -> tuple[int, bytes]:
    """POST ``total`` bytes chunked; stop when the server answers. (bytes sent, answer)"""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    piece, sent, answer = f"{chunk:x}\r\n".encode() + b" " * chunk + b"\r\n", 0, b""
    try:
        while sent < total:
            # at four times the limit, give a busy server time to answer before sending on
            wait = 5.0 if sent == 256 * 1024 else 0.001 if sent < 256 * 1024 else 0
            if select.select([sock], [], [], wait)[0]:
                break  # the server has answered
            sock.sendall(piece)
            sent += chunk
        else:
            sock.sendall(b"0\r\n\r\n")
    except OSError:
        pass
    try:
        while data := sock.recv(65536):
            answer += data
    except OSError:
        pass
    finally:
        sock.close()
    return sent, answer


def measure_upload(port: int, pid: int, mib: int) -> dict[str, Any]:
    before = memory_kib(pid, "VmRSS")
    Path(f"/proc/{pid}/clear_refs").write_text("5")  # the peak (VmHWM) starts again from now
    started = time.monotonic()
    sent, answer = chunked_upload(port, mib * 1024 * 1024)
    peak = memory_kib(pid, "VmHWM")
    return {
        "upload_mib": mib,
        "sent_kib": sent // 1024,
        "status": answer.split(b"\r\n", 1)[0].decode(errors="replace"),
        "rss_before_mib": round(before / 1024, 1),
        "peak_growth_mib": round((peak - before) / 1024, 2),
        "seconds": round(time.monotonic() - started, 2),
    }


# --- the attack ------------------------------------------------------------------------------------


@dataclass
class Tally:
    sent: int = 0
    statuses: collections.Counter[int] = field(default_factory=collections.Counter)
    dropped: int = 0
    timeouts: int = 0
    five_xx: list[str] = field(default_factory=list)
    ws_closes: collections.Counter[str] = field(default_factory=collections.Counter)
    hostile_links: int = 0
    tokens: list[str] = field(default_factory=list)
    kinds: collections.Counter[str] = field(default_factory=collections.Counter)


def set_up_games(client: httpx.Client, tally: Tally) -> list[tuple[str, str]]:
    games: list[tuple[str, str]] = []
    bodies = [
        {
            "ruleset": "crane",
            "seats": {"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        },
        {
            "ruleset": "crane",
            "dice": "manual",
            "seats": {"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        },
        {
            "ruleset": "bob",
            "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}},
            "spectators": True,
        },
        {"ruleset": "fight-for-the-sky", "seats": {"raf": {"kind": "me"}}},
    ]
    for body in bodies:
        response = client.post("/api/games", json=body)
        if response.status_code != 201:
            continue
        made = response.json()
        tally.tokens += list(made["tokens"].values())
        links = [*made["invites"].values(), made.get("spectate") or ""]
        tally.tokens += [link.split("#t=")[1] for link in links if "#t=" in link]
        for token in made["tokens"].values():
            games.append((made["game_id"], token))
    return games


def attack(port: int, requests: int, seconds: float, seed: int) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    base = f"http://127.0.0.1:{port}"
    with httpx.Client(base_url=base, timeout=20) as client:
        games = set_up_games(client, tally)

        def seqs(game_id: str, token: str) -> int:
            response = client.get(f"/api/games/{game_id}", params={"token": token})
            return int(response.json().get("seq", 0)) if response.status_code == 200 else 0

        def action() -> httpx.Response:
            game_id, token = rng.choice(games)
            seq = rng.choice([seqs(game_id, token), 0, -1, 10**7, 2**40])
            body = {"token": token, "seq": seq, "action": hostile_text(rng)}
            return client.post(f"/api/games/{game_id}/actions", json=body)

        def dice() -> httpx.Response:
            game_id, token = rng.choice(games)
            body: dict[str, Any] = {"token": token, "faces": hostile_text(rng)}
            if rng.random() < 0.5:
                body["seq"] = seqs(game_id, token)
            return client.post(f"/api/games/{game_id}/dice", json=body)

        def json_body() -> httpx.Response:
            game_id, _token = rng.choice(games)
            route = rng.choice(
                [
                    "games",
                    "seats",
                    f"games/{game_id}/actions",
                    f"games/{game_id}/dice",
                    f"games/{game_id}/resign",
                    f"games/{game_id}/abandon",
                ]
            )
            return client.post(f"/api/{route}", json=hostile_json(rng))

        def raw_bytes() -> httpx.Response:
            blob = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 3000)))
            route = rng.choice(
                ["/api/games", "/api/seats", f"/api/games/{rng.choice(games)[0]}/actions"]
            )
            return client.post(route, content=blob, headers={"Content-Type": "application/json"})

        def too_big() -> httpx.Response:
            size = rng.choice([64 * 1024 + 1, 200_000, 1_000_000])
            if rng.random() < 0.5:
                return client.post("/api/games", content=b" " * size)

            def pieces() -> Any:
                for _ in range(size // 8192 + 1):
                    yield b" " * 8192

            return client.post("/api/games", content=pieces())

        def evil_host() -> httpx.Response:
            body = {
                "ruleset": "crane",
                "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}},
            }
            response = client.post("/api/games", json=body, headers={"Host": "evil.example"})
            if response.status_code == 201:
                made = response.json()
                tally.tokens += list(made["tokens"].values())
                tally.tokens += [u.split("#t=")[1] for u in made["invites"].values()]
                if "evil" in json.dumps(made):
                    tally.hostile_links += 1
            return response

        def query() -> httpx.Response:
            game_id, token = rng.choice(games)
            pick = rng.random()
            if pick < 0.3:
                return client.get(
                    "/api/games", params={"tokens": ",".join(hostile_text(rng).split())}
                )
            if pick < 0.6:
                step = rng.choice(["-1", "0", "1e9", "x", str(2**70), hostile_text(rng)[:30]])
                return client.get(
                    f"/api/games/{game_id}/replay", params={"token": token, "step": step}
                )
            return client.get(f"/api/games/{game_id}", params={"token": hostile_text(rng)[:200]})

        def path() -> httpx.Response:
            odd = rng.choice(
                ["..%2f..%2fetc%2fpasswd", "%00", "x" * 5000, "ü", "%ff%fe", hostile_text(rng)]
            )
            route = rng.choice(["/api/games/{}", "/play/{}", "/replay/{}", "/static/{}", "/api/{}"])
            return client.get(route.format(quote(odd, safe="%/.")))

        attacks: dict[str, Callable[[], httpx.Response]] = {
            "action": action,
            "dice": dice,
            "json": json_body,
            "bytes": raw_bytes,
            "too-big": too_big,
            "host": evil_host,
            "query": query,
            "path": path,
        }
        weights = [30, 15, 20, 8, 4, 3, 10, 10]
        deadline = time.monotonic() + seconds
        while tally.sent < requests and time.monotonic() < deadline:
            kind = rng.choices(list(attacks), weights)[0]
            tally.sent += 1
            tally.kinds[kind] += 1
            try:
                response = attacks[kind]()
            except httpx.TimeoutException:
                tally.timeouts += 1
                continue
            except (httpx.InvalidURL, httpx.UnsupportedProtocol):
                tally.sent -= 1  # the client would not send it
                continue
            except httpx.TransportError:
                tally.dropped += 1
                continue
            tally.statuses[response.status_code] += 1
            if response.status_code >= 500:
                tally.five_xx.append(f"{kind} {response.request.url.path}: {response.text[:120]}")
        websocket_attacks(port, games, rng, tally, deadline + 30)
    return tally


def websocket_attacks(
    port: int, games: list[tuple[str, str]], rng: random.Random, tally: Tally, deadline: float
) -> None:
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect

    for round_ in range(30):
        if time.monotonic() > deadline:
            return
        game_id, token = rng.choice(games)
        if round_ % 10 == 9:
            token = hostile_text(rng)[:50].replace(" ", "")
        url = f"ws://127.0.0.1:{port}/api/games/{game_id}/ws?token={quote(token, safe='')}"
        try:
            with connect(url, max_size=None, open_timeout=20) as ws:
                ws.recv(timeout=20)
                for _ in range(20):
                    tally.sent += 1
                    tally.kinds["websocket"] += 1
                    pick = rng.random()
                    if pick < 0.5:
                        ws.send(
                            json.dumps(
                                {
                                    "type": "action",
                                    "seq": rng.randrange(-1, 5),
                                    "action": hostile_text(rng),
                                }
                            )
                        )
                    elif pick < 0.7:
                        ws.send(json.dumps({"type": "dice", "faces": hostile_text(rng)}))
                    elif pick < 0.85:
                        ws.send(json.dumps(hostile_json(rng)))
                    elif pick < 0.95:
                        ws.send(bytes(rng.randrange(256) for _ in range(200)))
                    else:
                        ws.send("x" * rng.choice([9000, 70_000, 1_000_000]))
                    ws.recv(timeout=20)
                ws.close()
                tally.ws_closes["1000 (ours)"] += 1
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else "none"
            tally.ws_closes[str(code)] += 1
        except TimeoutError:
            tally.ws_closes["timeout"] += 1
        except InvalidHandshake as refused:
            tally.ws_closes[f"refused: {refused}"[:60]] += 1
        except OSError:
            tally.ws_closes["dropped"] += 1


def read_server_log(log: Path, tally: Tally) -> dict[str, Any]:
    text = log.read_text(errors="replace")
    leaked = {t for t in tally.tokens if t and t in text}
    return {
        "log_lines": text.count("\n"),
        "tracebacks": text.count("Traceback"),
        "internal_errors": text.count("internal error"),
        "tokens_handed_out": len(set(tally.tokens)),
        "tokens_in_log": len(leaked),
    }


# --- tampered logs ---------------------------------------------------------------------------------


def sample_game(ruleset: str, seed: int, max_steps: int = 3000) -> Match:
    from dowding.bots import make_player

    game = get_game(ruleset)
    match = Match(ruleset, game.default_scenario, seed=seed)
    players = {s: make_player(ruleset, "random", s, seed) for s in match.state.seat_ids()}
    for _ in range(max_steps):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            match.play(players[node.seat].choose(match.state.view(node.seat), node))
        else:
            match.roll()
    return match


def forged(match: Match, **fields: Any) -> list[str]:
    copy = Match.__new__(Match)
    copy.__dict__.update(match.__dict__)
    for name, value in fields.items():
        setattr(copy, name, value)
    return copy.log_lines()


def forged_die(match: Match) -> list[str] | None:
    state = match.game.new_state(match.scenario, match.options)
    for i, step in enumerate(match.steps):
        node = state.next()
        if isinstance(node, Chance):
            for outcome, _ in node.outcomes():
                if outcome.text != step.action:
                    twin = Match(match.game.id, match.scenario, match.options, match.seed)
                    for earlier in match.steps[:i]:
                        twin.play(earlier.action)
                    twin.play(outcome)
                    twin.seeded_dice = True  # the forger claims the seed rolled it
                    return twin.log_lines()
        state.apply(step.action)
    return None


def edited(lines: list[str], index: int, **changes: Any) -> list[str]:
    record = json.loads(lines[index])
    record.update(changes)
    return [*lines[:index], json.dumps(record, sort_keys=True), *lines[index + 1 :]]


def tamperings(match: Match, rng: random.Random, mutations: int) -> list[tuple[str, list[str]]]:
    lines = match.log_lines()
    footer = json.loads(lines[-1])
    cases: list[tuple[str, list[str]]] = [
        (
            "digest removed",
            [*lines[:-1], json.dumps({k: v for k, v in footer.items() if k != "digest"})],
        ),
        ("seed changed", edited(lines, 0, seed=match.seed + 1)),
        ("seats changed", edited(lines, 0, seats={"raf": "human"})),
        ("seed changed, digest recomputed", forged(match, seed=match.seed + 1)),
        ("dice marked manual->seeded lie", forged(match, seed=match.seed + 7, seeded_dice=True)),
        ("seed 1e999", [lines[0].replace(f'"seed": {match.seed}', '"seed": 1e999'), *lines[1:]]),
        ("kind= action", edited(lines, 1, action="pass kind=1")),
        ("self= action", edited(lines, 1, action="pass self=1")),
        ("nested 100000", [*lines[:1], "[" * 100_000 + "]" * 100_000, *lines[2:]]),
        ("version 3", edited(lines, 0, version=3)),
        (
            "winner changed",
            edited(lines, len(lines) - 1, result={**footer["result"], "winner": "x"}),
        ),
        ("status changed", edited(lines, len(lines) - 1, status="abandoned")),
        ("truncated", lines[:-2]),
        ("steps swapped", [lines[0], lines[2], lines[1], *lines[3:]]),
    ]
    die = forged_die(match)
    if die is not None:
        cases.append(("die changed, hashes and digest recomputed", die))
    text = "\n".join(lines)
    for n in range(mutations):
        chars = list(text)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(chars))
            chars[at] = rng.choice('0123456789abcdef"{}[],: xyz\\')
        mutated = "".join(chars)
        if mutated != text:
            cases.append((f"random mutation {n}", mutated.split("\n")))
    return cases


def tampered_logs(folder: Path, seed: int, mutations: int) -> dict[str, Any]:
    rng = random.Random(seed)
    refused = accepted = crashed = 0
    accepted_names: list[str] = []
    crashed_names: list[str] = []
    for ruleset in ("crane", "bob", "fight-for-the-sky"):
        match = sample_game(ruleset, seed)
        original = match.log_lines()
        for name, lines in tamperings(match, rng, mutations // 3):
            path = folder / "tampered.jsonl"
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            try:
                loaded = Match.load(path)
            except LogError:
                refused += 1
                continue
            except Exception as exc:  # what the loader must never do: counted and named
                crashed += 1
                crashed_names.append(f"{ruleset}: {name}: {type(exc).__name__}: {exc}"[:200])
                continue
            if loaded.log_lines() == original:
                continue  # a mutation that changed nothing the log means (none so far)
            accepted += 1
            accepted_names.append(f"{ruleset}: {name}")
    return {
        "tampered_logs": refused + accepted + crashed,
        "refused_with_log_error": refused,
        "accepted": accepted,
        "accepted_cases": accepted_names[:10],
        "other_exceptions": crashed,
        "other_exception_cases": crashed_names[:10],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=90)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--upload-mib", default="2,64", help="chunked uploads to measure, MiB")
    parser.add_argument("--log-mutations", type=int, default=300)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="dowding-attack-") as tmp:
        folder = Path(tmp)
        port = free_port()
        server, log = start_server(folder, port)
        try:
            uploads = [
                measure_upload(port, server.pid, int(m)) for m in args.upload_mib.split(",") if m
            ]
            tally = attack(port, args.requests, args.seconds, args.seed)
            uploads += [
                measure_upload(port, server.pid, int(m)) for m in args.upload_mib.split(",") if m
            ]
            time.sleep(0.5)
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
        report["http"] = {
            "requests_sent": tally.sent,
            "by_kind": dict(tally.kinds),
            "answers_by_status": dict(sorted(tally.statuses.items())),
            "5xx": len(tally.five_xx),
            "5xx_examples": tally.five_xx[:5],
            "dropped_connections": tally.dropped,
            "timeouts": tally.timeouts,
            "websocket_closes": dict(tally.ws_closes),
            "links_from_hostile_host": tally.hostile_links,
        }
        report["server_log"] = read_server_log(log, tally)
        report["chunked_uploads"] = uploads
        report["logs"] = tampered_logs(folder, args.seed, args.log_mutations)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    http, server_log, logs = report["http"], report["server_log"], report["logs"]
    print(
        f"requests sent: {http['requests_sent']} ({', '.join(f'{k} {v}' for k, v in http['by_kind'].items())})"
    )
    print(
        f"answers: {http['answers_by_status']}; 5xx: {http['5xx']}; dropped: {http['dropped_connections']};"
        f" timeouts: {http['timeouts']}"
    )
    print(f"websocket closes: {http['websocket_closes']}")
    print(f"links built from a hostile Host header: {http['links_from_hostile_host']}")
    print(
        f"server log: {server_log['log_lines']} lines, {server_log['tracebacks']} tracebacks, "
        f"{server_log['internal_errors']} 'internal error', {server_log['tokens_in_log']} of "
        f"{server_log['tokens_handed_out']} tokens"
    )
    for upload in report["chunked_uploads"]:
        print(
            f"chunked upload of {upload['upload_mib']} MiB: {upload['status']} after "
            f"{upload['sent_kib']} KiB sent; peak memory +{upload['peak_growth_mib']} MiB "
            f"(from {upload['rss_before_mib']} MiB)"
        )
    print(
        f"tampered logs: {logs['tampered_logs']}; refused with LogError: "
        f"{logs['refused_with_log_error']}; accepted: {logs['accepted']}; "
        f"other exceptions: {logs['other_exceptions']}"
    )
    for case in logs["accepted_cases"] + logs["other_exception_cases"]:
        print(f"  {case}")
    if http["5xx_examples"]:
        print("5xx examples:", *http["5xx_examples"], sep="\n  ")


if __name__ == "__main__":
    main()

"""Fair thinking: a person's computer opponent while the server runs computer-only games.

Usage: python benchmarks/fair_thinking.py [--background 8] [--player ismcts:ace]
                                          [--replies 40] [--seconds 120] [--warmup 3]

Starts ``dowding serve`` on 127.0.0.1 (a free port, SQLite in a temporary folder), starts
``--background`` computer-only bob games (``--player`` against ``--player``), waits
``--warmup`` seconds so that their searches run, then plays a bob game as the RAF against the
heuristic Luftwaffe over HTTP and a WebSocket, choosing legal options at random (seeded).
For each action of the person that hands the turn to the computer, the reply time is measured
from the action's answer to the push that gives the person a decision again (or ends the game).
Prints p50/p95/max of the reply times, how many computer-only games the server accepted, and
the load average. Bounded: at most ``--replies`` replies and ``--seconds`` in all; the server is
stopped at the end (the computer-only games with their owner tokens first, where the server
hands those out).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, port: int, background: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "dowding.cli", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--database-url", f"sqlite:///{folder / 'fair.sqlite3'}"]
    command += ["--log-level", "warning"]
    env = dict(os.environ)
    # let the server accept the background games (a server without the limit ignores it)
    env["DOWDING_MAX_COMPUTER_GAMES"] = str(max(background, 1))
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)


async def wait_ready(client: httpx.AsyncClient, server: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        if server.poll() is not None:
            err = server.stderr.read().decode() if server.stderr else ""
            raise SystemExit(f"the server stopped: {err}")
        try:
            if (await client.get("/api/rulesets")).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.1)
    raise SystemExit("the server did not start in 30 s")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def human_games(
    client: httpx.AsyncClient, ws_base: str, args: argparse.Namespace, deadline: float
) -> tuple[list[float], int]:
    """Human games one after another until enough replies or the deadline: (replies, games)."""
    replies: list[float] = []
    games = 0
    while len(replies) < args.replies and time.monotonic() < deadline:
        games += 1
        replies += await human_game(
            client, ws_base, args, deadline, games, args.replies - len(replies)
        )
    return replies, games


async def human_game(
    client: httpx.AsyncClient,
    ws_base: str,
    args: argparse.Namespace,
    deadline: float,
    index: int,
    wanted: int,
) -> list[float]:
    rng = random.Random(f"{args.seed}:{index}")
    created = await client.post(
        "/api/games",
        json={
            "ruleset": "bob",
            "seats": {
                "raf": {"kind": "me"},
                "luftwaffe": {"kind": "computer", "player": "heuristic"},
            },
        },
    )
    created.raise_for_status()
    game_id, token = created.json()["game_id"], created.json()["tokens"]["raf"]
    replies: list[float] = []
    waiting_since: float | None = None
    url = f"{ws_base}/api/games/{game_id}/ws?token={token}"
    async with connect(url, max_size=None) as sock:
        while len(replies) < wanted and time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(
                    sock.recv(), timeout=max(0.1, deadline - time.monotonic())
                )
            except TimeoutError:
                break
            payload: dict[str, Any] = json.loads(text)
            if payload.get("type") == "error":
                continue
            ended = payload["status"] != "active"
            decision = payload["decision"]
            if waiting_since is not None and (decision is not None or ended):
                replies.append(time.perf_counter() - waiting_since)
                waiting_since = None
            if ended:
                break
            if decision is None:
                continue
            choice = rng.choice(decision["options"])["text"]
            answer = await client.post(
                f"/api/games/{game_id}/actions",
                json={"token": token, "seq": payload["seq"], "action": choice},
            )
            if answer.status_code != 200:
                continue  # the socket was behind: the next push brings the current state
            after = answer.json()
            if after["decision"] is None and after["status"] == "active":
                waiting_since = time.perf_counter()  # the computer's turn (or its dice)
    return replies


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="dowding-fair-"))
    port = free_port()
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = start_server(folder, port, args.background)
    started = time.monotonic()
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as client:
            await wait_ready(client, server)
            load_before = os.getloadavg()
            owners: list[tuple[str, str]] = []
            refused: list[str] = []
            for _ in range(args.background):
                made = await client.post(
                    "/api/games",
                    json={
                        "ruleset": "bob",
                        "seats": {
                            "raf": {"kind": "computer", "player": args.player},
                            "luftwaffe": {"kind": "computer", "player": args.player},
                        },
                    },
                )
                if made.status_code != 201:
                    refused.append(f"{made.status_code} {made.json().get('error', '')}")
                    continue
                body = made.json()
                if body.get("owner_token"):
                    owners.append((body["game_id"], body["owner_token"]))
            await asyncio.sleep(args.warmup)
            deadline = started + args.seconds
            replies, games = await human_games(client, ws_base, args, deadline)
            steps = []
            for game_id, owner in owners:
                stopped = await client.post(f"/api/games/{game_id}/stop", json={"token": owner})
                steps.append(stopped.json().get("seq", 0) if stopped.status_code == 200 else -1)
        load_after = os.getloadavg()
        print(
            f"background: {args.background} computer-only bob games, {args.player} against "
            f"{args.player}; accepted {args.background - len(refused)}"
            + (f", refused {len(refused)} ({refused[0]})" if refused else "")
        )
        if steps:
            print(f"background games stopped by their owners at steps {steps}")
        ms = [r * 1000 for r in replies]
        if ms:
            print(
                f"human's heuristic opponent reply ms ({len(ms)} replies, {games} games): "
                f"p50 {percentile(ms, 0.5):.0f}  p95 {percentile(ms, 0.95):.0f}  "
                f"max {max(ms):.0f}  mean {statistics.fmean(ms):.0f}"
            )
        else:
            print("no replies measured")
        print(
            f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}; "
            f"{os.cpu_count()} CPUs; {time.monotonic() - started:.0f} s"
        )
        return 0 if ms else 1
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--background", type=int, default=8, help="computer-only games")
    parser.add_argument("--player", default="ismcts:ace", help="their computer players")
    parser.add_argument("--replies", type=int, default=40, help="stop after this many replies")
    parser.add_argument("--seconds", type=float, default=120, help="stop after this long")
    parser.add_argument("--warmup", type=float, default=3, help="seconds before the person plays")
    parser.add_argument("--seed", type=int, default=1, help="the person's random choices")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()

"""Load on the game server: many games at once through the HTTP and WebSocket API, on loopback.

Usage: python benchmarks/web_load.py [--games 100] [--actions 20] [--seconds 180]
                                     [--rulesets crane,bob] [--opponent heuristic] [--full]
                                     [--think 1-3] [--ramp 10] [--database-url URL]

Starts ``dowding serve`` as a subprocess on a SQLite file in a temporary folder (or the given
database), listening on 127.0.0.1 only. Each game seats this script against a computer player; the script follows its
game over the WebSocket (``?diff=1``, as the page does: patches after the first payload;
``--full``: the full payload on every change) and, on its turn, posts a legal option chosen at random. The round trip
of each action (POST sent to payload received, the step committed to the database before the
answer) is measured. Bounded: at most --actions actions per game and --seconds in all. Prints
the percentiles, the errors, and the machine's load average before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from dowding.web.diff import apply_patch


@dataclass
class Tally:
    round_trips: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)
    steady_from: float = 0.0  # when the last game has started
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    pushes: int = 0
    pushed_bytes: list[int] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, port: int, database: str | None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "dowding.cli", "serve", "--host", "127.0.0.1"]
    database = database or f"sqlite:///{folder / 'load.sqlite3'}"
    command += ["--port", str(port), "--database-url", database]
    command += ["--log-level", "warning"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def wait_ready(base: str, server: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(base_url=base) as client:
        for _ in range(300):
            if server.poll() is not None:
                raise SystemExit(
                    "the server stopped: "
                    + (server.stderr.read().decode() if server.stderr else "")
                )
            try:
                if (await client.get("/api/rulesets")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start in 30 s")


async def play_game(
    index: int,
    ruleset: str,
    args: argparse.Namespace,
    client: httpx.AsyncClient,
    tally: Tally,
    deadline: float,
) -> None:
    rng = random.Random(index)
    await asyncio.sleep(index * args.ramp / args.games)  # games start one after another
    body = {
        "ruleset": ruleset,
        "seats": {
            "raf": {"kind": "me"},
            "luftwaffe": {"kind": "computer", "player": args.opponent},
        },
    }
    response = await client.post("/api/games", json=body)
    if response.status_code != 201:
        tally.errors.append(f"create: {response.status_code} {response.text[:200]}")
        return
    created = response.json()
    game_id, token = created["game_id"], created["tokens"]["raf"]
    url = f"{args.ws_base}/api/games/{game_id}/ws?token={token}"
    if args.diff:  # as the browser does: the full payload on connect, then patches
        url += "&diff=1"
    held: dict[str, Any] = {}
    actions = 0
    async with connect(url, max_size=None) as socket_:
        while actions < args.actions and time.monotonic() < deadline:
            try:
                text = await asyncio.wait_for(
                    socket_.recv(), timeout=max(0.1, deadline - time.monotonic())
                )
            except TimeoutError:
                return
            payload: dict[str, Any] = json.loads(text)
            tally.pushes += 1
            if held:  # the size of a push after the first (the connect)
                tally.pushed_bytes.append(len(text if isinstance(text, bytes) else text.encode()))
            if payload.get("type") == "error":
                tally.errors.append(f"ws: {payload.get('error')}")
                continue
            if payload.get("type") == "patch":
                payload = held = apply_patch(held, payload)
            else:
                held = payload
            if payload["status"] != "active":
                tally.finished += 1
                return
            decision = payload["decision"]
            if decision is None:
                continue
            choice = rng.choice(decision["options"])["text"]
            if args.think_max > 0:  # a player reads the table before clicking
                await asyncio.sleep(rng.uniform(args.think_min, args.think_max))
            sent = time.perf_counter()
            answer = await client.post(
                f"/api/games/{game_id}/actions",
                json={"token": token, "seq": payload["seq"], "action": choice},
            )
            if answer.status_code == 200:
                answer.json()  # the client reads the payload: part of the round trip
                tally.round_trips.append(time.perf_counter() - sent)
                tally.when.append(time.monotonic())
                actions += 1
            elif answer.status_code == 409:
                continue  # the socket was behind: the next push brings the current state
            else:
                tally.errors.append(f"action: {answer.status_code} {answer.text[:200]}")
                return


def server_cpu(pid: int) -> float:
    """User and system CPU seconds of a running process (Linux /proc), or nan elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace) -> int:
    folder = Path(tempfile.mkdtemp(prefix="dowding-load-"))
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    args.ws_base = f"ws://127.0.0.1:{port}"
    server = start_server(folder, port, args.database_url) if not args.port else None
    try:
        if server is not None:
            await wait_ready(base, server)
        load_before = os.getloadavg()
        cpu_before = server_cpu(server.pid) if server is not None else float("nan")
        tally = Tally()
        rulesets = args.rulesets.split(",")
        started = time.monotonic()
        deadline = started + args.seconds
        tally.steady_from = started + args.ramp
        limits = httpx.Limits(max_connections=args.games, max_keepalive_connections=args.games)
        async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:
            games = [
                play_game(i, rulesets[i % len(rulesets)], args, client, tally, deadline)
                for i in range(args.games)
            ]
            results = await asyncio.gather(*games, return_exceptions=True)
        elapsed = time.monotonic() - started
        for result in results:
            if isinstance(result, BaseException):
                tally.errors.append(f"{type(result).__name__}: {result}")
        report(args, tally, elapsed, load_before, os.getloadavg())
        usage = resource.getrusage(resource.RUSAGE_SELF)
        print(
            f"CPU seconds: this client {usage.ru_utime + usage.ru_stime:.1f}"
            + (f", server {server_cpu(server.pid):.1f}" if server is not None else "")
            + f" over {elapsed:.1f} s of wall time"
        )
        if server is not None and tally.round_trips:
            # the server's CPU from the first game's creation on (its start-up left out), per
            # action the client made: the computer's moves, pushes and writes that follow it
            spent = server_cpu(server.pid) - cpu_before
            print(
                f"server CPU per action: {spent * 1000 / len(tally.round_trips):.2f} ms "
                f"({spent:.1f} s over {len(tally.round_trips)} actions, start-up excluded)"
            )
        return 1 if tally.errors else 0
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


def report(
    args: argparse.Namespace,
    tally: Tally,
    elapsed: float,
    before: tuple[float, ...],
    after: tuple[float, ...],
) -> None:
    trips = [t * 1000 for t in tally.round_trips]
    steady = [
        t * 1000
        for t, w in zip(tally.round_trips, tally.when, strict=True)
        if w >= tally.steady_from
    ]
    print(
        f"games: {args.games} ({args.rulesets}) against {args.opponent}, loopback, "
        f"{'SQLite' if not args.database_url else args.database_url.split(':')[0]}; "
        f"player thinks {args.think} s per decision; games start over {args.ramp:g} s"
    )
    print(
        f"actions: {len(trips)} in {elapsed:.1f} s ({len(trips) / max(elapsed, 1e-9):.0f}/s); "
        f"websocket pushes: {tally.pushes}; games finished: {tally.finished}"
    )
    if tally.pushed_bytes:
        print(
            f"push size{' (patches, ?diff=1)' if args.diff else ''}: median "
            f"{statistics.median(tally.pushed_bytes) / 1000:.1f} kB, "
            f"p95 {percentile([float(b) for b in tally.pushed_bytes], 0.95) / 1000:.1f} kB"
        )
    for label, values in (("all actions", trips), ("once all games run", steady)):
        if values:
            print(
                f"round trip ms, {label} ({len(values)}): "
                f"p50 {percentile(values, 0.50):.1f}  p95 {percentile(values, 0.95):.1f}  "
                f"p99 {percentile(values, 0.99):.1f}  max {max(values):.1f}  "
                f"mean {statistics.fmean(values):.1f}"
            )
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:10]:
        print(f"  {error}")
    print(f"load average before {before[0]:.2f}, after {after[0]:.2f}; {os.cpu_count()} CPUs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--actions", type=int, default=20, help="at most this many per game")
    parser.add_argument("--seconds", type=float, default=180, help="stop after this long")
    parser.add_argument("--rulesets", default="crane,bob")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument(
        "--ramp", type=float, default=10, help="seconds over which the games start, one by one"
    )
    parser.add_argument(
        "--think",
        default="1-3",
        help="seconds a player takes per decision, uniform in MIN-MAX (0: as fast as it can)",
    )
    parser.add_argument(
        "--database-url", default=None, help="default: SQLite in a temporary folder"
    )
    parser.add_argument(
        "--full",
        dest="diff",
        action="store_false",
        help="sockets get the full payload on every change (as before ?diff=1)",
    )
    parser.add_argument(
        "--port", type=int, default=0, help="use a server already on 127.0.0.1:PORT (profiling)"
    )
    args = parser.parse_args()
    low, _, high = args.think.partition("-")
    try:
        args.think_min, args.think_max = float(low), float(high or low)
    except ValueError:
        parser.error("--think takes MIN-MAX seconds, e.g. 1-3, or 0")
    if not 1 <= args.games <= 500 or not 1 <= args.actions <= 1000 or not 1 <= args.seconds <= 1800:
        parser.error("keep it bounded: 1-500 games, 1-1000 actions each, 1-1800 seconds")
    raise SystemExit(asyncio.run(run(args)))


if __name__ == "__main__":
    main()

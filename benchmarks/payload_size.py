"""What a seat is pushed over the WebSocket, in bytes: full payloads and patches (``?diff=1``).

Usage: python benchmarks/payload_size.py [--games 2] [--actions 60] [--rulesets crane,bob,...]
                                         [--keys]

Plays a few games of each ruleset through the server (an app on a temporary SQLite file, in
this process), every seat a person choosing at random over HTTP. Each seat holds two sockets:
one as before (the full payload on every change) and one with ``?diff=1`` (the full payload on
connect, then patches). Prints the size of each push per seat (median, p95, max) for both, the
first message of each socket apart (the connect), and how long ``make_patch`` takes between a
seat's consecutive payloads (timed in this process). ``--keys``: bytes of patches by payload key,
and the largest patches.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from dowding.web.app import create_app
from dowding.web.diff import apply_patch, make_patch

BY_KEY: dict[tuple[str, str], int] = {}  # bytes of patches by the key they change
# the largest patches: (bytes, ruleset, seat, bytes by the key they change)
LARGEST: list[tuple[int, str, str, dict[str, int]]] = []
# microseconds make_patch takes between consecutive full payloads of a seat, by ruleset
PATCH_US: dict[str, list[int]] = {}


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def drain(ws: Any) -> list[str]:
    """Every message the socket has received, up to the pong of a ping sent now."""
    ws.send_text(json.dumps({"type": "ping"}))
    messages: list[str] = []
    while True:
        text = ws.receive_text()
        if json.loads(text).get("type") == "pong":
            return messages
        messages.append(text)


def play(
    client: TestClient,
    ruleset: str,
    seats: list[str],
    actions: int,
    rng: random.Random,
    scenario: str = "",
) -> dict[str, dict[str, list[int]]]:
    body: dict[str, Any] = {"ruleset": ruleset, "seats": {s: {"kind": "me"} for s in seats}}
    if scenario:
        body["scenario"] = scenario
    named = f"{ruleset}:{scenario}" if scenario else ruleset
    created = client.post("/api/games", json=body)
    created.raise_for_status()
    game_id, tokens = created.json()["game_id"], created.json()["tokens"]
    sizes: dict[str, dict[str, list[int]]] = {
        s: {"full": [], "diff": [], "connect": []} for s in seats
    }
    base = f"/api/games/{game_id}/ws?token="
    sockets = {s: client.websocket_connect(base + tokens[s]) for s in seats}
    diffs = {s: client.websocket_connect(base + tokens[s] + "&diff=1") for s in seats}
    for ws in [*sockets.values(), *diffs.values()]:
        ws.__enter__()
    held: dict[str, dict[str, Any]] = {}
    previous: dict[str, dict[str, Any]] = {}  # the last full payload of each seat
    try:
        for seat in seats:
            first = diffs[seat].receive_text()
            sizes[seat]["connect"].append(len(first.encode()))
            held[seat] = json.loads(first)
            sockets[seat].receive_text()
        for _ in range(actions):
            payload = wait_for_decision(client, game_id, tokens[seats[0]])
            mover = payload["to_move"]
            if payload["status"] != "active" or mover is None:
                break
            mine = client.get(f"/api/games/{game_id}", params={"token": tokens[mover]}).json()
            choice = rng.choice(mine["decision"]["options"])["text"]
            answer = client.post(
                f"/api/games/{game_id}/actions",
                json={"token": tokens[mover], "seq": mine["seq"], "action": choice},
            )
            answer.raise_for_status()
            for seat in seats:
                fulls = drain(sockets[seat])
                sizes[seat]["full"] += [len(t.encode()) for t in fulls]
                for text in fulls:  # the server's work for a patch, timed here on its payloads
                    payload = json.loads(text)
                    if seat in previous:
                        began = time.perf_counter()
                        make_patch(previous[seat], payload, 1)
                        spent = int((time.perf_counter() - began) * 1e6)
                        PATCH_US.setdefault(named, []).append(spent)
                    previous[seat] = payload
                for text in drain(diffs[seat]):
                    sizes[seat]["diff"].append(len(text.encode()))
                    message = json.loads(text)
                    by_key = {
                        k: len(json.dumps(op)) for k, op in message.get("changes", {}).items()
                    }
                    for key, size in by_key.items():
                        BY_KEY[(named, key)] = BY_KEY.get((named, key), 0) + size
                    LARGEST.append((len(text.encode()), named, seat, by_key))
                    held[seat] = (
                        apply_patch(held[seat], message) if message["type"] == "patch" else message
                    )
                last = json.loads(fulls[-1]) if fulls else None
                # the patches rebuild the payload the other socket sent in full
                if last is not None and last["seq"] == held[seat]["seq"] and held[seat] != last:
                    bad = [k for k in last if last[k] != held[seat].get(k)]
                    raise AssertionError(f"{named} {seat}: {bad}")
    finally:
        for ws in [*sockets.values(), *diffs.values()]:
            ws.__exit__(None, None, None)
    return sizes


def wait_for_decision(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        payload: dict[str, Any] = client.get(
            f"/api/games/{game_id}", params={"token": token}
        ).json()
        if payload["to_move"] or payload["status"] != "active" or time.monotonic() > deadline:
            return payload
        time.sleep(0.01)


def summary(values: list[int]) -> str:
    if not values:
        return "-"
    return (
        f"{statistics.median(values) / 1000:.1f} / {percentile(values, 0.95) / 1000:.1f} / "
        f"{max(values) / 1000:.1f} kB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--actions", type=int, default=60, help="at most this many per game")
    parser.add_argument(
        "--rulesets",
        default="",
        help="default: every ruleset the server offers; RULESET:SCENARIO for another scenario",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keys", action="store_true", help="bytes of patches by payload key")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="dowding-sizes-"))
    with TestClient(create_app(f"sqlite:///{folder / 'sizes.sqlite3'}")) as client:
        offered = {r["id"]: r for r in client.get("/api/rulesets").json()}
        wanted = args.rulesets.split(",") if args.rulesets else list(offered)
        print("push size per seat, median / p95 / max (UTF-8 bytes)")
        print("| ruleset | seat | pushes | full payload (before) | patch (?diff=1) | connect |")
        print("|---|---|---:|---|---|---|")
        for named in wanted:
            ruleset, _, scenario = named.partition(":")
            seats = [s["id"] for s in offered[ruleset]["seats"]]
            merged: dict[str, dict[str, list[int]]] = {
                s: {"full": [], "diff": [], "connect": []} for s in seats
            }
            for _ in range(args.games):
                try:
                    played = play(client, ruleset, seats, args.actions, rng, scenario)
                except Exception as exc:  # a ruleset being written may fail: say so, go on
                    print(f"| {named} | failed: {type(exc).__name__}: {exc} | | | | |")
                    sys.stdout.flush()
                    break
                for seat, kinds in played.items():
                    for kind, values in kinds.items():
                        merged[seat][kind] += values
            for seat, kinds in merged.items():
                print(
                    f"| {named} | {seat} | {len(kinds['diff'])} | {summary(kinds['full'])} | "
                    f"{summary(kinds['diff'])} | {summary(kinds['connect'])} |"
                )
            sys.stdout.flush()
    for ruleset, spent in PATCH_US.items():
        print(
            f"make_patch {ruleset}: median {statistics.median(spent) / 1000:.2f} ms, "
            f"p95 {percentile(spent, 0.95) / 1000:.2f} ms ({len(spent)} patches)"
        )
    if args.keys:
        for (ruleset, key), total in sorted(BY_KEY.items(), key=lambda kv: -kv[1]):
            print(f"{ruleset} {key}: {total / 1000:.1f} kB in all patches")
        for size, ruleset, seat, by_key in sorted(LARGEST, key=lambda t: -t[0])[:12]:
            parts = sorted(by_key.items(), key=lambda kv: -kv[1])[:4]
            top = ", ".join(f"{k} {v / 1000:.1f}" for k, v in parts)
            print(f"largest: {ruleset} {seat} {size / 1000:.1f} kB ({top} kB)")


if __name__ == "__main__":
    main()

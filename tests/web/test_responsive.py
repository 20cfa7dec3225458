"""A computer thinking hard in one game never holds up the others: it thinks in a thread pool,
off the event loop and outside the game's lock."""

from __future__ import annotations

import time

from .conftest import Table


def test_other_games_answer_while_a_search_player_thinks(table: Table) -> None:
    players = {r["id"]: r["players"] for r in table.client.get("/api/rulesets").json()}
    strongest = "ismcts:ace" if "ismcts:ace" in players["crane"] else "heuristic"
    table.create(
        ruleset="crane",
        seats={
            "raf": {"kind": "computer", "player": strongest},
            "luftwaffe": {"kind": "computer", "player": strongest},
        },
    )
    other = table.create(
        ruleset="crane", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    token = other["tokens"]["raf"]
    payload = table.wait(other["game_id"], token, lambda p: p["to_move"] is not None)
    slowest = 0.0
    for _ in range(10):
        started = time.monotonic()
        table.get(other["game_id"], token)
        slowest = max(slowest, time.monotonic() - started)
    # blocked behind the search, a request would wait out the ace's 3-second turns; the margin
    # is for a slow machine sharing the interpreter lock with that search
    assert slowest < 2.5, f"a request waited {slowest:.2f} s behind a computer's thinking"
    assert payload["seat"] == "raf"

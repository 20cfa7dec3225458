"""What a push weighs (issue 12, docs/benchmarks.md): a seat's first payload and every patch
after it under 20 kB, for the rulesets whose maps were the heaviest (bob's displays of cards,
bob1990's and 303 Squadron's boards), each seat followed on a ``?diff=1`` socket while both
sides choose at random."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dowding.web.diff import apply_patch

from .conftest import Table

LIMIT = 20_000  # bytes of UTF-8, the aim
GAMES: dict[str, dict[str, Any]] = {
    "bob": {"seats": ("raf", "luftwaffe")},
    "bob1990": {"seats": ("raf", "luftwaffe")},
    "squadron303": {"seats": ("p1", "p2"), "options": {"players": 2}},
}


def ready(payload: dict[str, Any]) -> bool:
    return payload["to_move"] is not None or payload["status"] != "active"


def _received(ws: Any) -> list[str]:
    """The messages received up to the pong of a ping sent now."""
    ws.send_text(json.dumps({"type": "ping"}))
    out: list[str] = []
    while True:
        text = ws.receive_text()
        if json.loads(text).get("type") == "pong":
            return out
        out.append(text)


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_the_first_payload_and_every_patch_weigh_under_20_kb(table: Table, ruleset: str) -> None:
    game = GAMES[ruleset]
    seats: tuple[str, ...] = game["seats"]
    created = table.create(
        ruleset=ruleset, seats={s: {"kind": "me"} for s in seats}, options=game.get("options", {})
    )
    game_id, tokens = created["game_id"], created["tokens"]
    # the page opens its socket once the game has set itself up (the first decision waits)
    table.wait(game_id, tokens[seats[0]], ready)
    url = f"/api/games/{game_id}/ws?diff=1&token="
    rng = random.Random(12)
    weights: dict[str, list[int]] = {s: [] for s in seats}
    sockets = {s: table.client.websocket_connect(url + tokens[s]) for s in seats}
    held: dict[str, dict[str, Any]] = {}
    try:
        for seat, ws in sockets.items():
            ws.__enter__()
            first = ws.receive_text()
            assert len(first.encode()) < LIMIT, f"{ruleset} {seat}: first {len(first.encode())}"
            held[seat] = json.loads(first)
        for _ in range(30):
            payload = table.wait(game_id, tokens[seats[0]], ready)
            if payload["status"] != "active":
                break
            mover = payload["to_move"]
            mine = table.get(game_id, tokens[mover])
            choice = rng.choice(mine["decision"]["options"])["text"]
            assert table.act(game_id, tokens[mover], mine["seq"], choice).status_code == 200
            table.wait(game_id, tokens[seats[0]], ready)
            for seat, ws in sockets.items():
                for text in _received(ws):
                    message = json.loads(text)
                    assert message["type"] == "patch"
                    weights[seat].append(len(text.encode()))
                    held[seat] = apply_patch(held[seat], message)
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    for seat in seats:  # the patches rebuilt what the seat is sent in full
        now = table.get(game_id, tokens[seat])
        assert held[seat]["svg"] == now["svg"] and held[seat]["seq"] == now["seq"]
        assert weights[seat] and max(weights[seat]) < LIMIT, (ruleset, seat, max(weights[seat]))

"""What a push weighs (issue 12, docs/benchmarks.md): a seat's first payload and every patch
after it under 20 kB, for the rulesets whose maps were the heaviest (bob's displays of cards,
bob1990's and 303 Squadron's boards), each seat followed on a ``?diff=1`` socket while both
sides choose at random."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dowding.web.diff import apply_patch, apply_value, diff_value, make_patch

from .conftest import Table

LIMIT = 20_000  # bytes of UTF-8, the aim
GAMES: dict[str, dict[str, Any]] = {
    "bob": {"seats": ("raf", "luftwaffe")},
    "bob1990": {"seats": ("raf", "luftwaffe")},
    "squadron303": {"seats": ("p1", "p2"), "options": {"players": 2}},
    "crane": {"seats": ("raf", "luftwaffe")},
    # every scenario, played until a squadron aloft is offered a hundred hexes to fly to after
    # another's move (the heaviest patches: 23 kB before issue 12's "y" holes)
    "fight-for-the-sky": {"seats": ("raf", "luftwaffe"), "actions": 60, "seed": 2},
    "fight-for-the-sky:intermediate": {"seats": ("raf", "luftwaffe"), "actions": 60, "seed": 2},
    "fight-for-the-sky:campaign": {"seats": ("raf", "luftwaffe"), "actions": 60, "seed": 2},
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
    ruleset, _, scenario = ruleset.partition(":")
    created = table.create(
        ruleset=ruleset,
        seats={s: {"kind": "me"} for s in seats},
        options=game.get("options", {}),
        **({"scenario": scenario} if scenario else {}),
    )
    game_id, tokens = created["game_id"], created["tokens"]
    # the page opens its socket once the game has set itself up (the first decision waits)
    table.wait(game_id, tokens[seats[0]], ready)
    url = f"/api/games/{game_id}/ws?diff=1&token="
    rng = random.Random(game.get("seed", 12))
    weights: dict[str, list[int]] = {s: [] for s in seats}
    sockets = {s: table.client.websocket_connect(url + tokens[s]) for s in seats}
    held: dict[str, dict[str, Any]] = {}
    try:
        for seat, ws in sockets.items():
            ws.__enter__()
            first = ws.receive_text()
            assert len(first.encode()) < LIMIT, f"{ruleset} {seat}: first {len(first.encode())}"
            held[seat] = json.loads(first)
        for _ in range(game.get("actions", 30)):
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
        for seat, ws in sockets.items():  # the patches rebuild what the seat is sent in full
            now = table.get(game_id, tokens[seat])
            # a push is made apart from the pong (ws.py's sender): the last may come after it
            while held[seat]["seq"] != now["seq"]:
                message = json.loads(text := ws.receive_text())
                if message["type"] == "patch":
                    weights[seat].append(len(text.encode()))
                    held[seat] = apply_patch(held[seat], message)
            assert held[seat]["svg"] == now["svg"], (ruleset, seat)
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    for seat in seats:
        assert weights[seat] and max(weights[seat]) < LIMIT, (ruleset, seat, max(weights[seat]))


def test_options_alike_but_for_two_words_travel_as_holes() -> None:
    """A hundred hexes to fly to: each mark differs from the one before in its hex and its place
    on the map, two holes apart ("y"), not one long middle ("x")."""
    marks = [
        f'<use href="#ffs-opt" data-action="fly to={c}{r} unit=41" tabindex="0" role="button" '
        f'x="{32 + 33 * i}" y="{217.5 + 38.1 * r:.1f}"/>'
        for i, c in enumerate("ABCDEFGHIJ")
        for r in range(1, 12)
    ]
    old = {"seq": 1, "svg": "<svg>" + "<g/>" * 200}
    new = {"seq": 2, "svg": "<svg>" + "".join(marks) + "<g/>" * 200}
    patch = make_patch(old, new, 1)
    assert apply_patch(old, json.loads(json.dumps(patch))) == new
    items = patch["changes"]["svg"][1]
    assert sum(isinstance(item, dict) and "y" in item for item in items) > 90
    sent = len(json.dumps(patch, separators=(",", ":")))
    assert sent < 0.4 * len(json.dumps("".join(marks))), sent  # about 35 bytes a mark, not 110


def test_holes_rebuild_any_string() -> None:
    rng = random.Random(7)
    kinds = {"x": 0, "y": 0}
    for _ in range(3000):
        a = "".join(rng.choice('ab1 .="<_9') for _ in range(rng.randrange(80)))
        b = list(a)
        for _ in range(rng.randrange(5)):
            if b:
                b[rng.randrange(len(b))] = rng.choice('ab1 .="<_9')
        new = "".join(b)
        op = diff_value(a, new, alike=True)
        if op is not None:
            kinds[op[0]] = kinds.get(op[0], 0) + 1
            assert apply_value(a, json.loads(json.dumps(op))) == new, (a, new, op)
    assert kinds["x"] and kinds["y"], kinds

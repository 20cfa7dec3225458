"""One build of a seat's payload per change (issue 12): the answer to the seat's action and the
push to its socket, asked for together, share it."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from dowding.web import payload as payloads

from .conftest import Table


def test_the_answer_and_the_push_share_one_build(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = table.create(
        ruleset="crane", seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "me"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    builds: Counter[tuple[str | None, int]] = Counter()
    build = payloads.build

    def counted(live: Any, seat: str | None, snap: Any, **kwargs: Any) -> dict[str, Any]:
        if not kwargs:  # not a replay
            builds[seat, snap.version] += 1
        return build(live, seat, snap, **kwargs)

    monkeypatch.setattr(payloads, "build", counted)
    rng = random.Random(5)
    acted = 0
    with table.client.websocket_connect(
        f"/api/games/{game_id}/ws?diff=1&token=" + tokens["raf"]
    ) as ws:
        assert json.loads(ws.receive_text())["type"] == "state"
        for _ in range(40):
            mover = table.get(game_id, tokens["raf"])["to_move"]
            if mover is None:
                break
            mine = table.get(game_id, tokens[mover])
            option = rng.choice(mine["decision"]["options"])["text"]
            assert table.act(game_id, tokens[mover], mine["seq"], option).status_code == 200
            acted += mover == "raf"
        ws.send_text(json.dumps({"type": "ping"}))
        while json.loads(ws.receive_text())["type"] != "pong":
            pass
    assert acted >= 5
    twice = {key: n for key, n in builds.items() if n > 1}
    assert not twice, twice

"""The WebSocket: the state on connect, a change pushed to every seat, actions and refusals."""

from __future__ import annotations

import json

from .conftest import Table


def test_the_socket_sends_the_state_and_takes_actions(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        spectators=True,
    )
    game_id, tokens = created["game_id"], created["tokens"]
    watch = created["spectate"].split("#t=")[1]
    payload = table.wait(game_id, tokens["raf"], lambda p: p["to_move"] is not None)
    seat = payload["to_move"]
    with (
        table.client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[seat]}") as ws,
        table.client.websocket_connect(f"/api/games/{game_id}/ws?token={watch}") as spectator,
    ):
        first = json.loads(ws.receive_text())
        assert first["type"] == "state" and first["seat"] == seat and first["decision"]
        assert json.loads(spectator.receive_text())["seat"] is None

        ws.send_text("not json")
        assert "malformed" in json.loads(ws.receive_text())["error"]
        ws.send_text(
            json.dumps({"type": "action", "seq": first["seq"], "action": "fire at=nothing"})
        )
        refusal = json.loads(ws.receive_text())
        assert refusal["type"] == "error" and "not legal" in refusal["error"]

        option = first["decision"]["options"][0]["text"]
        ws.send_text(json.dumps({"type": "action", "seq": first["seq"], "action": option}))
        moved = json.loads(ws.receive_text())
        assert moved["type"] == "state" and moved["seq"] > first["seq"]
        seen = json.loads(spectator.receive_text())
        assert seen["seq"] > first["seq"] and seen["decision"] is None

        spectator.send_text(json.dumps({"type": "action", "seq": seen["seq"], "action": option}))
        assert "spectators" in json.loads(spectator.receive_text())["error"]


def test_a_socket_with_a_bad_token_is_told_and_closed(table: Table) -> None:
    created = table.create(ruleset="crane", seats={"raf": {"kind": "me"}})
    with table.client.websocket_connect(
        f"/api/games/{created['game_id']}/ws?token=wrongwrong"
    ) as ws:
        message = json.loads(ws.receive_text())
        assert message["type"] == "error" and "token" in message["error"]
    with table.client.websocket_connect("/api/games/nothing/ws?token=wrongwrong") as ws:
        assert "no game" in json.loads(ws.receive_text())["error"]


def test_computer_moves_arrive_over_the_socket(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "computer", "player": "heuristic"}},
    )
    game_id, token = created["game_id"], created["tokens"]["raf"]
    with table.client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        message = json.loads(ws.receive_text())
        for _ in range(200):
            if message["status"] != "active":
                break
            if message["decision"]:
                options = message["decision"]["options"]
                ws.send_text(
                    json.dumps(
                        {"type": "action", "seq": message["seq"], "action": options[-1]["text"]}
                    )
                )
            message = json.loads(ws.receive_text())
            assert message["type"] == "state"
        assert message["seq"] > 20
        assert any(d["step"] for d in message["dice"])

"""Every registered ruleset plays through the server: computers on both sides, a spectator
watching, a seat's view and the public view as the engine gives them."""

from __future__ import annotations

import pytest

from dowding.engine import ruleset_ids

from .conftest import Table


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_computers_play_any_ruleset_through_the_server(table: Table, ruleset: str) -> None:
    described = {r["id"]: r for r in table.client.get("/api/rulesets").json()}
    assert ruleset in described
    kind = "heuristic" if "heuristic" in described[ruleset]["players"] else "random"
    seats = {s["id"]: {"kind": "computer", "player": kind} for s in described[ruleset]["seats"]}
    first = next(iter(seats))
    seats[first] = {"kind": "hotseat"}
    created = table.create(ruleset=ruleset, seats=seats, spectators=True)
    game_id, token = created["game_id"], created["tokens"][first]
    watch = created["spectate"].split("#t=")[1]
    payload = table.wait(
        game_id, token, lambda p: p["decision"] is not None or p["status"] != "active"
    )
    live = table.client.app.state.service.games[game_id]
    state = live.state_at(payload["seq"])
    assert payload["view"] == {k: v for k, v in state.view(first).items() if k != "infostate"}
    public = table.get(game_id, watch)
    assert public["view"] == {
        k: v for k, v in live.state_at(public["seq"]).view(None).items() if k != "infostate"
    }
    if payload["decision"]:
        option = payload["decision"]["options"][0]["text"]
        assert table.act(game_id, token, payload["seq"], option).status_code == 200

"""The HTTP API: lobby, creating games, acting, refusals, retries, resigning, replays, restarts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import Table, bob_vs_computer, open_table


def test_lobby_lists_rulesets_without_server_only_options(table: Table) -> None:
    rulesets = {r["id"]: r for r in table.client.get("/api/rulesets").json()}
    assert {"bob", "crane"} <= set(rulesets)
    bob = rulesets["bob"]
    assert "heuristic" in bob["players"] and "random" in bob["players"]
    assert "data" not in {o["name"] for o in bob["options"]}  # a folder on the server: not offered
    assert [s["id"] for s in bob["seats"]] == ["raf", "luftwaffe"]
    four = table.client.post("/api/seats", json={"ruleset": "bob", "options": {"players": 4}})
    assert len(four.json()["seats"]) == 4


def test_the_lobby_names_every_option_and_choice_in_words(table: Table) -> None:
    """Every shipped ruleset gives each option a label and each choice its words (the lobby
    shows them; no id such as ``cell_km`` or ``bf109`` made up into a title)."""
    for ruleset in table.client.get("/api/rulesets").json():
        if ruleset["id"] == "toy":
            continue
        for option in ruleset["options"]:
            where = f"{ruleset['id']} {option['name']}"
            assert option["label"] and "_" not in option["label"], where
            assert len(option["choice_labels"]) == len(option["choices"]), where
            if option["choices"]:
                assert option["choice_labels"] != [str(c) for c in option["choices"]], where
    bob1990 = next(r for r in table.client.get("/api/rulesets").json() if r["id"] == "bob1990")
    scale = next(o for o in bob1990["options"] if o["name"] == "cell_km")
    assert scale["label"] == "Board scale" and scale["choices"] == [50, 25]
    assert scale["choice_labels"] == ["50 km spaces", "25 km spaces (bob's board)"]


def test_creating_refuses_what_cannot_be_played(table: Table) -> None:
    def refused(body: object, words: str) -> None:
        response = table.client.post("/api/games", json=body)
        assert response.status_code == 400, response.text
        assert words in response.json()["error"]

    refused({"ruleset": "chess"}, "unknown ruleset")
    refused({"ruleset": "bob", "scenario": "waterloo"}, "no scenario")
    refused({"ruleset": "bob", "options": {"players": 9}}, "at most")
    refused({"ruleset": "bob", "options": {"data": "/etc"}}, "server's command line")
    refused({"ruleset": "bob", "seats": {"navy": {"kind": "me"}}}, "no seat")
    refused(
        {"ruleset": "bob", "seats": {"raf": {"kind": "computer", "player": "oracle"}}},
        "no computer player",
    )
    refused({"ruleset": "bob", "seats": {"raf": {"kind": "pilot"}}}, "kind")
    refused({"ruleset": "bob", "colour": "blue"}, "colour")
    response = table.client.post(
        "/api/games", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert response.status_code == 400 and "malformed" in response.json()["error"]
    assert table.client.get("/api/games", params={"tokens": ""}).json() == []


def test_a_seat_plays_and_the_computer_answers(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    payload = table.my_turn(game_id, token)
    assert payload["seat"] == "raf" and payload["to_move"] == "raf"
    assert "seed" not in str(payload.keys()) and "infostate" not in payload["view"]
    assert payload["svg"] is None or payload["svg"].lstrip().startswith("<")
    seq = payload["seq"]
    option = payload["decision"]["options"][0]["text"]
    response = table.act(game_id, token, seq, option)
    assert response.status_code == 200, response.text
    after = response.json()
    assert after["seq"] > seq
    # the same action again (a second tab, a retry): 200, applied once
    again = table.act(game_id, token, seq, option)
    assert again.status_code == 200
    assert table.client.app.state.service.games[game_id].match.steps[seq].action == option
    assert again.json()["seq"] >= after["seq"]


def test_refusals_change_nothing(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    payload = table.my_turn(game_id, token)
    seq = payload["seq"]
    live = table.client.app.state.service.games[game_id]
    before = live.match.state.hash()

    illegal = table.act(game_id, token, seq, "fly flight=nowhere")
    assert illegal.status_code == 400 and "not legal" in illegal.json()["error"]
    malformed = table.act(game_id, token, seq, "=== ===")
    assert malformed.status_code == 400 and "not an action" in malformed.json()["error"]
    ahead = table.act(game_id, token, seq + 5, payload["decision"]["options"][0]["text"])
    assert ahead.status_code == 409 and ahead.json()["seq"] == seq
    if seq > 0:
        stale = table.act(game_id, token, seq - 1, "stop")
        assert stale.status_code == 409 and stale.json()["seq"] == seq
    stranger = table.act(game_id, "not-a-real-token", seq, "stop")
    assert stranger.status_code == 403
    missing = table.client.post(f"/api/games/{game_id}/actions", json={"token": token})
    assert missing.status_code == 400 and "seq" in missing.json()["error"]
    extra = table.client.post(
        f"/api/games/{game_id}/actions",
        json={"token": token, "seq": seq, "action": "stop", "seed": 1},
    )
    assert extra.status_code == 400
    assert table.client.get("/api/games/nope", params={"token": token}).status_code == 404
    assert table.client.get(f"/api/games/{game_id}").status_code == 403
    assert live.match.state.hash() == before and len(live.match.steps) == seq


def test_resign_and_abandon_end_the_game(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    assert table.my_turn(game_id, token)["resign_outcome"] == "Luftwaffe wins"  # the confirm
    resigned = table.client.post(f"/api/games/{game_id}/resign", json={"token": token}).json()
    assert resigned["status"] == "resigned"
    assert resigned["result"]["winner"] == "luftwaffe" and resigned["to_move"] is None
    assert resigned["result"]["winner_name"] == "Luftwaffe"  # the words the page shows
    assert resigned["result"]["outcome"] == "Luftwaffe wins"
    assert resigned["resign_outcome"] is None  # over: nothing left to resign
    late = table.act(game_id, token, resigned["seq"], "stop")
    assert late.status_code == 409 and "resigned" in late.json()["error"]
    assert (
        table.client.post(f"/api/games/{game_id}/abandon", json={"token": token}).status_code == 409
    )

    other, token2 = bob_vs_computer(table)
    abandoned = table.client.post(f"/api/games/{other}/abandon", json={"token": token2}).json()
    assert abandoned["status"] == "abandoned" and abandoned["result"]["winner"] is None
    assert abandoned["result"]["outcome"] == "no winner"
    mine = {
        g["game_id"]: g
        for g in table.client.get("/api/games", params={"tokens": f"{token},{token2}"}).json()
    }
    assert mine[game_id]["status"] == "resigned" and mine[other]["status"] == "abandoned"
    assert mine[game_id]["seat"] == "raf"


def test_303_squadron_s_team_loses_rather_than_nobody_winning(table: Table) -> None:
    """In a game played against the game itself, nobody winning is the team's loss; a game
    abandoned is still one with no winner."""
    for how, outcome in (("resign", "the team loses"), ("abandon", "no winner")):
        created = table.create(
            ruleset="squadron303", options={"players": 1}, seats={"p1": {"kind": "me"}}
        )
        game_id, token = created["game_id"], created["tokens"]["p1"]
        assert table.my_turn(game_id, token)["resign_outcome"] == "the team loses"
        ended = table.client.post(f"/api/games/{game_id}/{how}", json={"token": token}).json()
        assert ended["result"]["winner"] is None
        assert ended["result"]["outcome"] == outcome, how
        # the after-action report writes the result in the same words
        page = table.client.get(f"/api/games/{game_id}/report", params={"token": token}).text
        assert outcome[:1].upper() + outcome[1:] in page, how


def test_replay_steps_through_what_was_played(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    payload = table.my_turn(game_id, token)
    seq = payload["seq"]

    def replay(step: int) -> object:
        return table.client.get(
            f"/api/games/{game_id}/replay", params={"token": token, "step": step}
        )

    first = replay(0).json()
    assert first["type"] == "replay" and first["step"] == 0 and first["decision"] is None
    assert all(e["step"] == 0 for e in first["events"])
    middle = replay(seq // 2).json()
    assert middle["step"] == seq // 2
    assert all(d["step"] <= seq // 2 for d in middle["dice"])
    assert replay(seq).json()["view"] == payload["view"]
    future = replay(seq + 1_000)
    assert future.status_code == 400 and "not been played" in future.json()["error"]
    assert replay(-1).status_code == 400


def test_spectators_see_the_public_view_only_when_allowed(table: Table) -> None:
    created = table.create(
        ruleset="bob",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}},
        spectators=True,
    )
    watch = created["spectate"].split("#t=")[1]
    invited = created["invites"]["luftwaffe"].split("#t=")[1]
    assert "luftwaffe" not in created["tokens"]
    public = table.get(created["game_id"], watch)
    assert public["seat"] is None and public["decision"] is None
    live = table.client.app.state.service.games[created["game_id"]]
    shown = live.state_at(public["seq"])  # the dice may have rolled on since
    expected = {k: v for k, v in shown.view(None).items() if k != "infostate"}
    assert public["view"] == expected
    refused = table.act(created["game_id"], watch, public["seq"], "stop")
    assert refused.status_code == 403
    assert table.get(created["game_id"], invited)["seat"] == "luftwaffe"

    private = table.create(ruleset="crane", seats={"raf": {"kind": "me"}})
    assert private["spectate"] is None


def test_hot_seat_hands_over_between_two_tokens(table: Table) -> None:
    created = table.create(
        ruleset="crane", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    assert set(tokens) == {"raf", "luftwaffe"}
    for _ in range(6):
        payload = table.wait(game_id, tokens["raf"], lambda p: p["to_move"] is not None)
        seat = payload["hotseat_next"]
        assert seat == payload["to_move"] and seat in tokens
        mine = table.get(game_id, tokens[seat])
        other = next(s for s in tokens if s != seat)
        assert table.get(game_id, tokens[other])["decision"] is None
        response = table.act(
            game_id, tokens[seat], mine["seq"], mine["decision"]["options"][0]["text"]
        )
        assert response.status_code == 200, response.text


def test_manual_dice_are_typed_by_a_player(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}},
        dice="manual",
    )
    game_id, tokens = created["game_id"], created["tokens"]
    for _ in range(400):
        payload = table.get(game_id, tokens["raf"])
        if payload["dice_needed"] is not None:
            break
        seat = payload["to_move"]
        assert seat is not None, "neither a decision nor dice to type"
        mine = table.get(game_id, tokens[seat])
        table.act(game_id, tokens[seat], mine["seq"], mine["decision"]["options"][-1]["text"])
    else:
        raise AssertionError("no dice to type in 400 steps")
    need = payload["dice_needed"]
    bad = table.client.post(
        f"/api/games/{game_id}/dice", json={"token": tokens["raf"], "faces": "banana"}
    )
    assert bad.status_code == 400 and "not a roll" in bad.json()["error"]
    faces = " ".join("1" for _ in need["expects"].split("<")[1:])
    typed = table.client.post(
        f"/api/games/{game_id}/dice",
        json={"token": tokens["raf"], "faces": faces, "seq": payload["seq"]},
    )
    assert typed.status_code == 200, typed.text
    assert typed.json()["seq"] == payload["seq"] + 1 or typed.json()["seq"] > payload["seq"]
    assert typed.json()["dice"][-1]["step"] >= payload["seq"] + 1


def test_a_game_carries_on_after_a_restart(database: Path) -> None:
    tables = open_table(database)
    table = next(tables)
    game_id, token = bob_vs_computer(table)
    payload = table.my_turn(game_id, token)
    response = table.act(game_id, token, payload["seq"], payload["decision"]["options"][0]["text"])
    played = table.my_turn(game_id, token)
    tables.close()  # the app stops

    with_restart = open_table(database)
    table = next(with_restart)
    resumed = table.get(game_id, token)
    assert resumed["seq"] == played["seq"] and resumed["view"] == played["view"]
    assert resumed["events"] == played["events"] and response.status_code == 200
    after = table.act(game_id, token, resumed["seq"], resumed["decision"]["options"][0]["text"])
    assert after.status_code == 200, after.text
    with_restart.close()


def test_oversized_bodies_and_binary_socket_frames_are_refused(table: Table) -> None:
    huge = table.client.post(
        "/api/games",
        content=b"{" + b" " * 100_000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert huge.status_code == 413 and "at most" in huge.json()["error"]
    game_id, token = bob_vs_computer(table)
    with table.client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        ws.receive_text()
        ws.send_bytes(b"\xff\x00")
        kinds = [json.loads(ws.receive_text())["type"] for _ in range(1)]
        while kinds[-1] == "state" and len(kinds) < 50:  # the computer's moves may come first
            kinds.append(json.loads(ws.receive_text())["type"])
        assert kinds[-1] == "error"


def test_idle_games_are_unloaded_and_come_back(table: Table) -> None:
    service = table.client.app.state.service
    service.max_live = 1
    first = table.create(
        ruleset="crane", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    payload = table.wait(
        first["game_id"], first["tokens"]["raf"], lambda p: p["to_move"] is not None
    )
    second = table.create(
        ruleset="crane", seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "hotseat"}}
    )
    table.get(second["game_id"], second["tokens"]["raf"])
    assert first["game_id"] not in service.games
    again = table.get(first["game_id"], first["tokens"]["raf"])
    assert again["seq"] == payload["seq"] and again["view"] == payload["view"]


def test_a_stale_copy_of_a_game_catches_up_and_decides_again(table: Table) -> None:
    created = table.create(
        ruleset="crane", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    service = table.client.app.state.service
    payload = table.wait(game_id, tokens["raf"], lambda p: p["to_move"] is not None)
    seat = payload["to_move"]
    mine = table.get(game_id, tokens[seat])
    option = mine["decision"]["options"][0]["text"]
    stale = service.games.pop(game_id)  # as if unloaded while a request still held it
    assert table.act(game_id, tokens[seat], mine["seq"], option).status_code == 200
    service.games[game_id] = stale  # the old copy answers the next request, one step behind
    other = mine["decision"]["options"][-1]["text"]
    with table.client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[seat]}") as ws:
        assert json.loads(ws.receive_text())["seq"] == mine["seq"]  # the stale copy's state
        # its write is refused by the database (an older version); it catches up from the log
        # and the request is decided on the fresh game: that step is taken
        refused = table.act(game_id, tokens[seat], mine["seq"], other)
        assert refused.status_code == 409 and "already been played" in refused.json()["error"]
        assert json.loads(ws.receive_text())["seq"] == mine["seq"] + 1  # pushed, not closed
        # the same action again is a retry of the stored step: applied once
        assert table.act(game_id, tokens[seat], mine["seq"], option).status_code == 200
    assert service.games.get(game_id) is stale and stale.snapshot.seq == mine["seq"] + 1


def test_a_copy_that_disagrees_with_the_log_is_dropped_and_rebuilt(table: Table) -> None:
    created = table.create(
        ruleset="crane", seats={"raf": {"kind": "hotseat"}, "luftwaffe": {"kind": "hotseat"}}
    )
    game_id, tokens = created["game_id"], created["tokens"]
    service = table.client.app.state.service
    for _ in range(2):  # a step played, so the copy has a last step to compare
        payload = table.wait(game_id, tokens["raf"], lambda p: p["to_move"] is not None)
        seat = payload["to_move"]
        mine = table.get(game_id, tokens[seat])
        option = mine["decision"]["options"][0]["text"]
        if mine["seq"] == 0:
            assert table.act(game_id, tokens[seat], 0, option).status_code == 200
    stale = service.games.pop(game_id)
    assert table.act(game_id, tokens[seat], mine["seq"], option).status_code == 200
    service.games[game_id] = stale
    last = stale.match.steps[-1]  # a copy whose last step is not the stored one: no catching up
    stale.match.steps[-1] = type(last)(last.seat, last.action, "0" * 64)
    other = mine["decision"]["options"][-1]["text"]
    with table.client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[seat]}") as ws:
        assert json.loads(ws.receive_text())["seq"] == mine["seq"]
        refused = table.act(game_id, tokens[seat], mine["seq"], other)
        assert refused.status_code == 409 and "already been played" in refused.json()["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()  # its sockets are closed, so that their clients reconnect
        assert closed.value.code == 1012
    assert service.games.get(game_id) is not stale
    assert table.get(game_id, tokens[seat])["seq"] == mine["seq"] + 1


def test_computers_play_a_game_to_its_end_for_spectators(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={
            "raf": {"kind": "computer", "player": "heuristic"},
            "luftwaffe": {"kind": "computer", "player": "heuristic"},
        },
        spectators=True,
    )
    assert created["tokens"] == {} and created["play_url"] == created["spectate"]
    game_id, watch = created["game_id"], created["spectate"].split("#t=")[1]
    done = table.wait(game_id, watch, lambda p: p["status"] != "active", timeout=60)
    assert done["status"] == "finished" and done["result"]["reason"]
    assert done["to_move"] is None and done["decision"] is None
    last = table.client.get(
        f"/api/games/{game_id}/replay", params={"token": watch, "step": done["seq"]}
    ).json()
    assert last["result"] == done["result"] and last["view"] == done["view"]

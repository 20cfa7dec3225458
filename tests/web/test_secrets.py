"""Every message a seat receives, checked against what that seat may see.

Two people play bob against each other (one seat by its own link, one by invitation). Each
collects everything the server sends it: payloads over HTTP, WebSocket messages, errors, replays
and the initial state. The test then replays the log with the engine alone and checks that no
message holds a squadron card or mission card id the seat could not see at that moment, that
every view is exactly ``view(state, seat)`` at its step, and that the seed never appears.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from dowding.engine import Chance, Match
from dowding.engine.words import in_words
from dowding.web.payload import EVENT_LIMIT
from dowding.web.rules import event_json

from .conftest import Table

SECRET_ID = re.compile(r"\b(?:raf|lw)-\d+-\d\d\b|\bM\d+-\d\d\b")
SEATS = ("raf", "luftwaffe")
ACTIONS = 90


def ids(text: str) -> set[str]:
    return set(SECRET_ID.findall(text))


def what_each_seat_may_see(
    live: Any,
) -> tuple[dict[str, list[set[str]]], dict[str, list[Any]], dict[str, list[Any]]]:
    """Per seat and step: the ids seen so far (views, narration, dice), the view itself, and
    the narration so far."""
    record = live.record
    match = Match(record.ruleset, record.scenario, record.options, record.seed)
    known = {seat: set() for seat in SEATS}
    allowed: dict[str, list[set[str]]] = {seat: [] for seat in SEATS}
    views: dict[str, list[Any]] = {seat: [] for seat in SEATS}
    told: dict[str, list[Any]] = {seat: [] for seat in SEATS}
    narration: dict[str, list[dict[str, Any]]] = {seat: [] for seat in SEATS}

    def note(events: Any) -> None:
        step = len(match.steps)
        for seat in SEATS:
            seen = match.state.view(seat)
            # the line in words as the payload shows it (a card's name, a space's place)
            narration[seat] += [
                event_json("bob", step, e.text, in_words("bob", seen, e.text))
                for e in events
                if e.visible_to(seat)
            ]
            told[seat].append(list(narration[seat]))
            view = {k: v for k, v in seen.items() if k != "infostate"}
            views[seat].append(json.loads(json.dumps(view)))
            known[seat] |= ids(json.dumps(view))
            known[seat] |= {i for e in events if e.visible_to(seat) for i in ids(e.text)}
            allowed[seat].append(set(known[seat]))

    note(match.state.events)
    for step in live.match.steps:
        node = match.node()
        if isinstance(node, Chance):
            for seat in SEATS:
                if node.visible_to is None or seat in node.visible_to:
                    known[seat] |= ids(step.action)
        events = match.play(step.action)
        note(events)
    return allowed, views, told


def test_no_seat_receives_the_other_seats_secrets(table: Table) -> None:
    created = table.create(
        ruleset="bob", seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "invite"}}
    )
    game_id = created["game_id"]
    tokens = {
        "raf": created["tokens"]["raf"],
        "luftwaffe": created["invites"]["luftwaffe"].split("#t=")[1],
    }
    live = table.client.app.state.service.games[game_id]
    received: dict[str, list[tuple[int, str]]] = {seat: [] for seat in SEATS}
    rng = random.Random(4)

    def keep(seat: str, text: str, seq: int | None = None) -> dict[str, Any]:
        message = json.loads(text)
        at = message.get("seq", seq if seq is not None else len(live.match.steps))
        if message.get("type") == "replay":
            at = message["step"]
        received[seat].append((at, text))
        return message

    sockets = {
        seat: table.client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[seat]}")
        for seat in SEATS
    }
    for ws in sockets.values():
        ws.__enter__()
    try:
        for seat, ws in sockets.items():
            keep(seat, ws.receive_text())  # the initial state
        for turn in range(ACTIONS):
            # the dice after a step are rolled in the background: wait for the next decision
            table.wait(game_id, tokens["raf"], lambda p: p["to_move"] or p["status"] != "active")
            payloads = {
                seat: keep(
                    seat,
                    table.client.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).text,
                )
                for seat in SEATS
            }
            mover = payloads["raf"]["to_move"]
            if payloads["raf"]["status"] != "active" or mover is None:
                break
            other = next(s for s in SEATS if s != mover)
            seq = payloads[mover]["seq"]
            assert payloads[other]["decision"] is None
            # errors: out of turn, illegal, malformed, stale, dice when none are wanted
            keep(other, table.act(game_id, tokens[other], seq, "stop").text, seq)
            keep(mover, table.act(game_id, tokens[mover], seq, "fly flight=nowhere").text, seq)
            keep(mover, table.act(game_id, tokens[mover], seq, "=").text, seq)
            keep(
                other,
                table.client.post(
                    f"/api/games/{game_id}/dice", json={"token": tokens[other], "faces": "1"}
                ).text,
                seq,
            )
            options = payloads[mover]["decision"]["options"]
            choice = rng.choice(options)["text"]
            if turn % 2:
                keep(mover, table.act(game_id, tokens[mover], seq, choice).text)
                keep(mover, table.act(game_id, tokens[mover], seq, choice).text)  # a retry
            else:
                sockets[mover].send_text(
                    json.dumps({"type": "action", "seq": seq, "action": choice})
                )
            sockets[other].send_text(json.dumps({"type": "action", "seq": seq, "action": "stop"}))
            if turn % 15 == 0:
                for seat in SEATS:
                    step = rng.randrange(len(live.match.steps) + 1)
                    reply = table.client.get(
                        f"/api/games/{game_id}/replay", params={"token": tokens[seat], "step": step}
                    )
                    keep(seat, reply.text)
            for seat, ws in sockets.items():
                ws.send_text(json.dumps({"type": "ping"}))
                while True:
                    message = keep(seat, ws.receive_text())
                    if message.get("type") == "pong":
                        break
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)

    assert len(live.match.steps) > 100  # the test reached the cards and missions
    allowed, views, told = what_each_seat_may_see(live)
    seed = str(live.record.seed)
    for seat in SEATS:
        assert len(received[seat]) > ACTIONS
        for at, text in received[seat]:
            leaked = ids(text) - allowed[seat][at]
            assert not leaked, f"{seat} received {sorted(leaked)} at step {at}: {text[:300]}"
            assert seed not in text
            message = json.loads(text)
            if message.get("type") in ("state", "replay"):
                assert message["view"] == views[seat][at]
                assert message["events"] == told[seat][at][-EVENT_LIMIT:]
                assert message["decision"] is None or message["decision"]["seat"] == seat

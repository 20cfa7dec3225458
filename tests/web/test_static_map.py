"""The board a ruleset draws apart: GET /api/maps/{ruleset}, drawn once without any view, the
same for every seat, cacheable; the payload's svg leaves an empty slot for it."""

from __future__ import annotations

import inspect
import re

from dowding.rulesets.bob import svg as bob_svg
from dowding.web import payload as payloads

from .conftest import Table, bob_vs_computer

SECRET_ID = re.compile(r"\b(?:raf|lw)-\d+-\d\d\b|\bM\d+-\d\d\b")


def test_the_board_is_served_once_drawn_and_cacheable(table: Table) -> None:
    first = table.client.get("/api/maps/bob")
    assert first.status_code == 200
    assert first.headers["content-type"].startswith("image/svg+xml")
    assert "data-static-board" in first.text and "data-action" not in first.text
    assert not SECRET_ID.search(first.text)
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    again = table.client.get("/api/maps/bob", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    versioned = table.client.get(f"/api/maps/bob?v={etag.strip(chr(34))}")
    assert versioned.text == first.text and "immutable" in versioned.headers["cache-control"]
    # a ruleset that draws its whole map each time, and no ruleset at all
    assert table.client.get("/api/maps/crane").status_code == 404
    assert table.client.get("/api/maps/nothing").status_code == 404


def test_every_seat_is_sent_the_same_board_and_a_slot_for_it(table: Table) -> None:
    created = table.create(
        ruleset="bob",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "me"}},
        spectators=True,
    )
    game_id, tokens = created["game_id"], created["tokens"]
    spectator = created["spectate"].split("#t=")[1]
    urls = set()
    for token in (tokens["raf"], tokens["luftwaffe"], spectator):
        sent = table.get(game_id, token)
        urls.add(sent["static_map"])
        assert bob_svg.STATIC_SLOT in sent["svg"]
        assert bob_svg.static_layer() not in sent["svg"]  # the board travels apart
    assert len(urls) == 1
    board = table.client.get(urls.pop()).text
    assert bob_svg.static_layer() in board


def test_the_board_is_drawn_without_any_view() -> None:
    assert "view" not in inspect.signature(bob_svg.render_static).parameters
    drawn = payloads.static_map("bob")
    assert drawn is not None and drawn[0] == bob_svg.render_static()
    # the dynamic drawing with the board put in its slot is the whole map
    assert payloads.static_map("crane") is None  # render_svg alone: today's behaviour


def test_the_whole_map_is_the_dynamic_layer_with_the_board_in_its_slot(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    live = table.client.app.state.service.games[game_id]
    seen = payloads.seat_view(live.match.state, "raf")
    dynamic = bob_svg.render_dynamic(seen, "raf", None)
    whole = bob_svg.render_svg(seen, "raf", None)
    board = f'<g class="board">{bob_svg.static_layer()}</g>'
    assert dynamic.replace(bob_svg.STATIC_SLOT, board) == whole
    assert table.get(game_id, token)["static_map"].startswith("/api/maps/bob?v=")

"""The board a ruleset draws apart: GET /api/maps/{ruleset}, drawn once without any view, the
same for every seat, cacheable; the payload's svg leaves an empty slot for it."""

from __future__ import annotations

import importlib
import inspect
import re
from types import ModuleType

import pytest

from dowding.web import payload as payloads

from .conftest import Table

SECRET_ID = re.compile(r"\b(?:raf|lw)-\d+-\d\d\b|\bM\d+-\d\d\b")
# the rulesets whose board travels apart: all of them
SPLIT = ("bob", "crane", "fight-for-the-sky", "bob1990", "squadron303")
PEOPLE = {"squadron303": ("p1", "p2")}  # the seats of two people, when not raf and luftwaffe


def svg_of(ruleset: str) -> ModuleType:
    return importlib.import_module(f"dowding.rulesets.{ruleset.replace('-', '_')}.svg")


def seats_of(ruleset: str) -> tuple[str, str]:
    return PEOPLE.get(ruleset, ("raf", "luftwaffe"))


def two_people(table: Table, ruleset: str) -> dict[str, object]:
    extra = {"options": {"players": 2}} if ruleset == "squadron303" else {}
    return table.create(
        ruleset=ruleset,
        seats={seat: {"kind": "me"} for seat in seats_of(ruleset)},
        spectators=True,
        **extra,
    )


@pytest.mark.parametrize("ruleset", SPLIT)
def test_the_board_is_served_once_drawn_and_cacheable(table: Table, ruleset: str) -> None:
    first = table.client.get(f"/api/maps/{ruleset}")
    assert first.status_code == 200
    assert first.headers["content-type"].startswith("image/svg+xml")
    assert "data-static-board" in first.text and "data-action" not in first.text
    assert not SECRET_ID.search(first.text)
    etag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    again = table.client.get(f"/api/maps/{ruleset}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    versioned = table.client.get(f"/api/maps/{ruleset}?v={etag.strip(chr(34))}")
    assert versioned.text == first.text and "immutable" in versioned.headers["cache-control"]


def test_no_board_for_no_ruleset(table: Table) -> None:
    assert table.client.get("/api/maps/nothing").status_code == 404


@pytest.mark.parametrize("ruleset", SPLIT)
def test_every_seat_is_sent_the_same_board_and_a_slot_for_it(table: Table, ruleset: str) -> None:
    svg = svg_of(ruleset)
    created = two_people(table, ruleset)
    game_id, tokens = created["game_id"], created["tokens"]
    assert isinstance(tokens, dict) and isinstance(game_id, str)
    spectator = str(created["spectate"]).split("#t=")[1]
    urls = set()
    for token in (*(tokens[seat] for seat in seats_of(ruleset)), spectator):
        sent = table.get(game_id, token)
        urls.add(sent["static_map"])
        assert svg.STATIC_SLOT in sent["svg"]
        assert svg.static_layer() not in sent["svg"]  # the board travels apart
    assert len(urls) == 1
    board = table.client.get(urls.pop()).text
    assert svg.static_layer() in board


@pytest.mark.parametrize("ruleset", SPLIT)
def test_the_board_is_drawn_without_any_view(ruleset: str) -> None:
    svg = svg_of(ruleset)
    assert "view" not in inspect.signature(svg.render_static).parameters
    drawn = payloads.static_map(ruleset)
    assert drawn is not None and drawn[0] == svg.render_static()


@pytest.mark.parametrize("ruleset", SPLIT)
def test_the_whole_map_is_the_dynamic_layer_with_the_board_in_its_slot(
    table: Table, ruleset: str
) -> None:
    svg = svg_of(ruleset)
    created = two_people(table, ruleset)
    game_id, tokens = created["game_id"], created["tokens"]
    assert isinstance(tokens, dict) and isinstance(game_id, str)
    live = table.client.app.state.service.games[game_id]  # type: ignore[attr-defined]
    node = live.match.state.next()
    for seat in (*seats_of(ruleset), None):
        seen = payloads.seat_view(live.match.state, seat)
        mine = node if seat is not None and getattr(node, "seat", None) == seat else None
        dynamic = svg.render_dynamic(seen, seat, mine)
        whole = svg.render_svg(seen, seat, mine)
        board = f'<g class="board">{svg.static_layer()}</g>'
        assert dynamic.count(svg.STATIC_SLOT) == 1
        if hasattr(svg, "with_board"):  # bob: the board, and the cards the map places
            assert svg.with_board(dynamic) == whole and svg.static_layer() in whole
        else:
            assert dynamic.replace(svg.STATIC_SLOT, board) == whole
    first = seats_of(ruleset)[0]
    assert table.get(game_id, tokens[first])["static_map"].startswith(f"/api/maps/{ruleset}?v=")


def test_a_crane_table_larger_than_the_grid_draws_its_own() -> None:
    svg = svg_of("crane")
    seen = {"table": {"width": 200.0, "length": 300.0}, "planes": []}
    assert svg.STATIC_SLOT not in svg.render_dynamic(seen, None, None)
    assert svg.render_dynamic(seen, None, None) == svg.render_svg(seen, None, None)


def test_a_bob1990_game_on_the_25_km_board_draws_its_own(table: Table) -> None:
    svg = svg_of("bob1990")
    created = table.create(
        ruleset="bob1990",
        seats={"raf": {"kind": "me"}, "luftwaffe": {"kind": "me"}},
        options={"cell_km": 25},
    )
    game_id, tokens = created["game_id"], created["tokens"]
    assert isinstance(tokens, dict) and isinstance(game_id, str)
    sent = table.get(game_id, tokens["raf"])
    assert svg.STATIC_SLOT not in sent["svg"] and "data-static-map" not in sent["svg"]
    assert 'class="board"' in sent["svg"] and "<title>" in sent["svg"]

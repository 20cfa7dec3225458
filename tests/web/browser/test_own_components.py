"""A server started with its owner's own 303 Squadron deck (``dowding serve --data``), in the
browser: the lobby says the ruleset is dealt from the owner's components, the table names the
owner's cards on the map and in the options, and the page never holds the folder's path."""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from .conftest import free_port, launch_server, missing, stop_server
from .play import start_game, wait_turn


@pytest.fixture
def owned_server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    if missing():
        pytest.skip(str(missing()))
    deck = tmp_path / "my-printed-303"
    deck.mkdir()
    shipped = resources.files("dowding.rulesets.squadron303").joinpath("data/cards.json")
    cards = json.loads(shipped.read_text("utf-8"))
    for card in cards["cards"]:
        card["id"] = "x" + card["id"]
        card["name"] += " (mine)"
    (deck / "cards.json").write_text(json.dumps(cards))
    port = free_port()
    process = launch_server(tmp_path, port, "--data", f"squadron303={deck}")
    yield f"http://127.0.0.1:{port}", str(deck)
    stop_server(process)


def test_the_owners_deck_in_the_lobby_and_on_the_table(
    new_page: Any, owned_server: tuple[str, str]
) -> None:
    base, folder = owned_server
    w = new_page()
    page = w.page
    page.goto(f"{base}/")
    page.select_option("#ruleset", "crane")
    page.wait_for_selector('#seats[data-ruleset="crane"]')
    assert page.query_selector("#own-components") is None
    start_game(page, base, "squadron303", {"p1": ("me", None)}, options={"players": "1"})
    page.wait_for_url("**/play/**")
    assert wait_turn(page) == "mine"
    page.wait_for_selector("#map svg")
    assert "(mine)" in page.inner_html("#map")  # the hands, by the owner's names
    assert folder not in page.content()
    page.goto(f"{base}/")
    page.select_option("#ruleset", "squadron303")
    page.wait_for_selector("#own-components")
    assert "its owner's own components" in page.inner_text("#own-components")
    assert w.errors == []

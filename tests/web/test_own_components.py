"""A server started with its owner's own components (``dowding serve --data RULESET=DIR``):
every game of that ruleset is dealt from them, the words, odds and map a seat receives read
them, and no payload names the folder, a path on the server's disk."""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from importlib import resources
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dowding.cli.common import CLIError
from dowding.cli.serve import own_data
from dowding.engine.option_odds import OptionOdds
from dowding.web.app import create_app
from dowding.web.payload import _odds_json

from .conftest import Table


def _deck(folder: Path) -> Path:
    """The shipped 303 Squadron deck, every card renamed as a player's own printed one."""
    shipped = resources.files("dowding.rulesets.squadron303").joinpath("data/cards.json")
    cards = json.loads(shipped.read_text("utf-8"))
    for card in cards["cards"]:
        card["id"] = "x" + card["id"]
        card["name"] += " (mine)"
    folder.mkdir()
    (folder / "cards.json").write_text(json.dumps(cards))
    return folder


@pytest.fixture
def owned(tmp_path: Path) -> Iterator[tuple[Table, str]]:
    folder = str(_deck(tmp_path / "my-printed-303"))
    app = create_app(f"sqlite:///{tmp_path / 'games.sqlite3'}", own_data={"squadron303": folder})
    with TestClient(app) as client:
        yield Table(client), folder


def test_the_lobby_says_which_rulesets_the_server_deals_from_its_own(
    owned: tuple[Table, str],
) -> None:
    table, folder = owned
    described = table.client.get("/api/rulesets")
    own = {r["id"]: r["own_components"] for r in described.json()}
    assert own["squadron303"] is True and own["crane"] is False
    assert folder not in described.text
    refused = table.client.post(
        "/api/games", json={"ruleset": "crane", "options": {"data": "/etc"}, "seats": {}}
    )
    assert refused.status_code == 400
    assert "dowding serve --data crane=DIR" in refused.json()["error"]


def test_a_seat_reads_the_owners_cards_and_never_the_folder(owned: tuple[Table, str]) -> None:
    table, folder = owned
    created = table.create(
        ruleset="squadron303", options={"players": 1}, seats={"p1": {"kind": "me"}}
    )
    game_id, token = created["game_id"], created["tokens"]["p1"]
    live = table.client.app.state.service.games[game_id]
    assert live.match.options["data"] == folder  # dealt from the owner's deck
    seen_card = False
    for _ in range(60):
        table.my_turn(game_id, token)  # the server rolls and runs the Germans meanwhile
        response = table.client.get(f"/api/games/{game_id}", params={"token": token})
        assert response.status_code == 200 and folder not in response.text
        payload = response.json()
        assert "data" not in payload["view"]
        if "(mine)" in (payload["svg"] or ""):
            seen_card = True  # the hand on the map, by the owner's names
        decision = payload["decision"]
        if decision is None:
            break
        labels = " ".join(o["label"] for o in decision["options"])
        if "card=" in " ".join(o["text"] for o in decision["options"]):
            assert "(mine)" in labels
        choice = decision["options"][-1]["text"]
        assert table.act(game_id, token, payload["seq"], choice).status_code == 200
    assert seen_card


def test_the_odds_sent_leave_the_folder_out() -> None:
    odds = OptionOdds(
        "Round 1", {"shot_down": Fraction(1, 3)}, params={"aircraft": "bf109", "data": "/srv/x"}
    )
    sent = _odds_json(odds)
    assert sent["params"] == {"aircraft": "bf109"} and "/srv/x" not in json.dumps(sent)


def test_serve_checks_each_folder_before_it_starts(tmp_path: Path) -> None:
    folder = _deck(tmp_path / "deck")
    assert own_data([f"squadron303={folder}"]) == {"squadron303": str(folder.resolve())}
    with pytest.raises(CLIError, match="no such folder"):
        own_data([f"squadron303={tmp_path / 'nowhere'}"])
    with pytest.raises(CLIError, match="unknown ruleset"):
        own_data([f"nonesuch={folder}"])
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "components.json").write_text('{"aircraft": {"he111": {"defense": "x"}}}')
    with pytest.raises(CLIError, match=r"he111\.defense"):
        own_data([f"crane={bad}"])
    with pytest.raises(CLIError, match="given twice"):
        own_data([f"crane={bad}", f"crane={folder}"])


def test_a_folder_gone_since_the_start_is_refused_without_its_name(
    owned: tuple[Table, str],
) -> None:
    table, folder = owned
    for path in Path(folder).iterdir():
        path.unlink()
    response = table.client.post(
        "/api/games", json={"ruleset": "squadron303", "options": {"players": 1}, "seats": {}}
    )
    assert response.status_code == 400
    assert "cannot be read now" in response.json()["error"] and folder not in response.text

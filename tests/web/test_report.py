"""``GET /api/games/{id}/report``: the after-action report of a game that has ended, as the
token's seat (or a spectator) saw it, as an HTML download; refused before the end (409) and to a
wrong token (403)."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Table, bob_vs_computer


def report(table: Table, game_id: str, token: str | None, header: bool = False) -> Any:
    if header and token is not None:
        return table.client.get(
            f"/api/games/{game_id}/report", headers={"Authorization": f"Bearer {token}"}
        )
    params = {"token": token} if token is not None else {}
    return table.client.get(f"/api/games/{game_id}/report", params=params)


def test_a_finished_game_gives_a_spectator_its_report(table: Table) -> None:
    created = table.create(
        ruleset="crane",
        seats={
            "raf": {"kind": "computer", "player": "heuristic"},
            "luftwaffe": {"kind": "computer", "player": "heuristic"},
        },
        spectators=True,
    )
    game_id, watch = created["game_id"], created["spectate"].split("#t=")[1]
    done = table.wait(game_id, watch, lambda p: p["status"] != "active", timeout=90)
    assert done["status"] == "finished"
    answer = report(table, game_id, watch, header=True)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/html")
    disposition = answer.headers["content-disposition"]
    assert disposition == f'attachment; filename="dowding-crane-{game_id}-spectator.html"'
    text = answer.text
    assert "as seen by <b>a spectator</b>" in text and done["result"]["reason"] in text
    assert len(re.findall(r'<figure class="map"', text)) >= 2
    assert report(table, game_id, watch).text == text  # by query too; made once


def test_the_report_is_refused_before_the_end_and_to_wrong_tokens(table: Table) -> None:
    game_id, token = bob_vs_computer(table)
    table.my_turn(game_id, token)
    early = report(table, game_id, token)
    assert early.status_code == 409 and "ended" in early.json()["error"]
    assert "seq" in early.json()
    assert report(table, game_id, None).status_code == 403
    assert report(table, game_id, "not-a-token").status_code == 403
    assert report(table, "no-such-game", token).status_code == 404

    resigned = table.client.post(f"/api/games/{game_id}/resign", json={"token": token}).json()
    assert resigned["status"] == "resigned"
    answer = report(table, game_id, token)
    assert answer.status_code == 200, answer.text
    assert "as seen by <b>RAF Fighter Command</b>" in answer.text
    assert "Luftwaffe wins" in answer.text  # the result in the words the page and terminal use
    assert report(table, game_id, "not-a-token").status_code == 403
    other, token2 = bob_vs_computer(table)
    assert report(table, game_id, token2).status_code == 403  # another game's seat
    assert report(table, other, token2).status_code == 409

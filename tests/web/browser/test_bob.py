"""bob in the browser: against the computer by clicking, a reload, two players, secrets kept."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from .play import (
    act,
    api_get,
    api_post,
    choose,
    game_of,
    options,
    seq,
    start_game,
    token_of,
    wait_turn,
)

CARD = re.compile(r"\b(?:raf|lw)-\d+-\d+\b")
MISSION = re.compile(r"\bM\d\d-\d\d\b")


def test_channel_battle_against_the_computer_by_clicking_with_a_reload(
    server: str, new_page: Any
) -> None:
    w = new_page()
    page = w.page
    start_game(
        page,
        server,
        "bob",
        {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")},
        scenario="channel-battle",
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    assert wait_turn(page) == "mine"

    # a refused action: a clear message, nothing changes
    before = seq(page)
    page.fill("#action-text", "move to=Z99")
    page.click(".free button[type=submit]")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error-text").strip()
    assert seq(page) == before and options(page)

    # the keyboard: number 1 picks the first option
    act(page, lambda: page.keyboard.press("1"))
    start_turn = int(api_get(server, f"/api/games/{game_of(page)}?token={token_of(page)}")["turn"])
    clicks = 0
    reloaded = False
    for clicks in range(400):
        if wait_turn(page) != "mine":
            break
        choose(page, clicks)
        if clicks == 12 and not reloaded:
            # reload mid-game: the table comes back at the same step and play carries on
            at = seq(page)
            page.reload()
            page.wait_for_selector("#map svg")
            page.wait_for_function("document.body.dataset.seq !== undefined")
            assert seq(page) >= at
            reloaded = True
        turn = int(
            page.evaluate("document.querySelector('#status').textContent.match(/turn (\\d+)/)[1]")
        )
        if turn >= start_turn + 2:
            break
    assert reloaded
    assert turn >= start_turn + 2, f"only reached turn {turn} after {clicks} decisions"
    assert page.locator("#event-log li").count() > 5
    assert not w.errors, w.errors


def hidden_from(viewer: dict[str, Any], other: dict[str, Any]) -> tuple[set[str], set[str]]:
    """Card and mission ids the other seat sees that ``viewer``'s view does not hold."""
    mine = json.dumps(viewer["view"])
    theirs = json.dumps(other["view"])
    cards = set(CARD.findall(theirs)) - set(CARD.findall(mine))
    missions = set(MISSION.findall(theirs)) - set(MISSION.findall(mine))
    return cards, missions


def test_two_players_never_see_each_others_hidden_cards(server: str, new_page: Any) -> None:
    raf_w, lw_w = new_page(), new_page()
    raf, lw = raf_w.page, lw_w.page
    start_game(raf, server, "bob", {"raf": ("me", None), "luftwaffe": ("invite", None)})
    raf.wait_for_selector("#invite-luftwaffe")
    link = raf.input_value("#invite-luftwaffe")
    raf.click("#go-table")
    raf.wait_for_selector("#map svg")
    lw.goto(link)
    lw.wait_for_selector("#map svg")
    game = game_of(raf)
    tokens = {"raf": token_of(raf), "luftwaffe": token_of(lw)}

    def check(whole_page: bool) -> None:
        views = {s: api_get(server, f"/api/games/{game}?token={t}") for s, t in tokens.items()}
        for seat, page, other in (("raf", raf, "luftwaffe"), ("luftwaffe", lw, "raf")):
            cards, missions = hidden_from(views[seat], views[other])
            assert cards or seat == "luftwaffe" or missions, "the test needs something hidden"
            shown = page.inner_html("#map") + page.inner_html("#decision")
            if whole_page:
                shown = page.content()
            leaked = {c for c in cards | missions if c in shown}
            assert not leaked, f"{seat}'s page shows the other side's hidden {sorted(leaked)}"

    check(whole_page=True)
    moves = 0
    deadline = time.monotonic() + 180  # a guard against a stuck page, not a speed test
    while moves < 60 and time.monotonic() < deadline:
        # whoever is to decide; the other waits
        mover = next(
            (p for p in (raf, lw) if p.evaluate("document.body.dataset.mine") == "1"), None
        )
        if mover is None:
            lw.wait_for_timeout(50)
            continue
        choose(mover, moves)
        moves += 1
        # before any air combat nothing has been turned face up, so the whole page is checked
        if moves % 6 == 0:
            check(whole_page="Step 7" not in raf.inner_text("#status") + raf.inner_text("#map"))
    check(whole_page=False)
    assert moves >= 40, f"only {moves} decisions before the guard ran out"
    assert not raf_w.errors and not lw_w.errors, raf_w.errors + lw_w.errors


def test_squadron_alert_by_two_clicks_on_the_map(server: str, new_page: Any) -> None:
    """Played over the API with random options up to a Squadron Alert, then placed by clicking
    the drawn card and the flight's box."""
    made = api_post(
        server,
        "/api/games",
        {
            "ruleset": "bob",
            "scenario": "channel-battle",
            "seats": {"raf": {"kind": "me"}, "luftwaffe": {"kind": "me"}},
        },
    )
    game, tokens = made["game_id"], made["tokens"]
    rng = random.Random(11)
    found = None
    for _ in range(1500):
        payloads = {s: api_get(server, f"/api/games/{game}?token={t}") for s, t in tokens.items()}
        mover = next((s for s, p in payloads.items() if p["decision"]), None)
        if mover is None:
            time.sleep(0.01)
            continue
        texts = [o["text"] for o in payloads[mover]["decision"]["options"]]
        if any(t.startswith("place card=") for t in texts):
            found = mover
            break
        body = {"token": tokens[mover], "seq": payloads[mover]["seq"], "action": rng.choice(texts)}
        api_post(server, f"/api/games/{game}/actions", body)
    assert found, "no Squadron Alert within 1500 decisions"
    w = new_page()
    page = w.page
    page.goto(f"{server}/play/{game}#t={tokens[found]}")
    page.wait_for_selector("#map svg")
    assert wait_turn(page) == "mine"
    place = next(t for t in options(page) if t.startswith("place card="))
    card, flight = place.split()[1:]
    page.locator(f'#map [data-part="{card}"]').click()
    assert page.locator(f'#map .picked[data-part="{card}"]').count() == 1
    before = seq(page)
    page.locator(f'#map [data-part="{flight}"]').click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert place not in options(page)
    assert not w.errors, w.errors

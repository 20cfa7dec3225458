"""Driving the page as a player would: the lobby form, clicks on the map and the option list."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

QUICK = ("decline", "done", "stop", "keep", "hold", "press_on")


def start_game(
    page: Page,
    base: str,
    ruleset: str,
    seats: dict[str, tuple[str, str | None]],
    scenario: str | None = None,
    options: dict[str, str] | None = None,
) -> None:
    """Fill in the lobby and press Start (the page then shows the table, or the invite links)."""
    page.goto(f"{base}/")
    page.select_option("#ruleset", ruleset)
    page.wait_for_selector(f'#seats[data-ruleset="{ruleset}"]')
    if scenario:
        page.select_option("#scenario", scenario)
    for name, value in (options or {}).items():
        version = page.get_attribute("#seats", "data-version")
        page.fill(f"#opt-{name}", value)
        page.dispatch_event(f"#opt-{name}", "change")
        page.wait_for_function(f"document.querySelector('#seats').dataset.version !== '{version}'")
    for seat, (kind, player) in seats.items():
        page.select_option(f"#kind-{seat}", kind)
        if player:
            page.select_option(f"#player-{seat}", player)
    page.click("#start")


def seq(page: Page) -> int:
    return int(page.evaluate("Number(document.body.dataset.seq || -1)"))


def wait_turn(page: Page, timeout: float = 30_000) -> str:
    """Until it is this seat's decision or the game is over: 'mine' or the status."""
    page.wait_for_function(
        "document.body.dataset.mine === '1' || "
        "(document.body.dataset.status && document.body.dataset.status !== 'active')",
        timeout=timeout,
    )
    status = page.evaluate("document.body.dataset.status")
    return "mine" if status == "active" else str(status)


def options(page: Page) -> list[str]:
    return list(page.eval_on_selector_all("#options button", "bs => bs.map(b => b.dataset.text)"))


def map_actions(page: Page) -> list[str]:
    return list(
        page.eval_on_selector_all("#map [data-action]", "ns => ns.map(n => n.dataset.action)")
    )


def click_map(page: Page, action: str) -> None:
    """Click the map element of an option; a covered one gets the click event directly."""
    # an option may be on the map twice (a squadron's tag and its roster line): the first
    target = page.locator(f"#map [data-action={json.dumps(action)}]").first
    try:
        target.click(timeout=2000)
    except Exception:
        target.dispatch_event("click")


def act(page: Page, how: Any) -> None:
    """Do ``how()`` and wait until the server's answer is drawn. A click that lands while a push
    redraws the map can meet the old drawing and be lost, as a person's would: once, on a busy
    machine, it is made again (a step number makes a repeat harmless)."""
    before = seq(page)
    how()
    waiting = f"Number(document.body.dataset.seq) > {before}"
    try:
        page.wait_for_function(waiting, timeout=10_000)
    except Exception:
        if seq(page) == before:
            how()
        page.wait_for_function(waiting)


def choose(page: Page, turn: int, prefer_map: bool = True) -> str:
    """One decision: a map click when the map offers one (every other time), else a quick
    option from the list (ending movement, declining), else the first option."""
    texts = options(page)
    placing = [t for t in texts if t.startswith("place card=")]
    if placing and turn % 2 == 0:
        # two clicks on the map: the drawn card, then the flight's box
        card, flight = placing[0].split()[1:]

        def two_clicks() -> None:
            page.locator(f'#map [data-part="{card}"]').dispatch_event("click")
            page.locator(f'#map [data-part="{flight}"]').dispatch_event("click")

        act(page, two_clicks)
        return placing[0]
    on_map = [t for t in map_actions(page) if t in texts]
    if prefer_map and on_map and turn % 2 == 0:
        pick = on_map[turn % len(on_map)]
        act(page, lambda: click_map(page, pick))
        return pick
    quick = [t for t in texts if t in QUICK]
    pick = quick[0] if quick else texts[0]
    act(page, lambda: page.click(f"#options button[data-text={json.dumps(pick)}]"))
    return pick


def api_get(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as response:
        return json.loads(response.read())


def token_of(page: Page) -> str:
    match = re.search(r"#t=([^&]+)", page.url)
    assert match, page.url
    return match.group(1)


def game_of(page: Page) -> str:
    match = re.search(r"/(?:play|replay)/([^/#?]+)", page.url)
    assert match, page.url
    return match.group(1)


def api_post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())

"""crane in the browser: a game to its end with map clicks and drags, its replay, hot-seat."""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

from .play import act, choose, options, seq, start_game, wait_turn

TO_SCREEN = """([x, y]) => {
  const svg = document.querySelector('#map svg');
  const p = svg.createSVGPoint();
  p.x = Number(svg.dataset.ox) + y * Number(svg.dataset.inch);
  p.y = Number(svg.dataset.oy) + x * Number(svg.dataset.inch);
  const q = p.matrixTransform(svg.getScreenCTM());
  return [q.x, q.y];
}"""


def drag_a_turn(page: Page) -> bool:
    """Drag on the table for a move's free turn: from the plane, ahead and to one side."""
    found = page.evaluate(
        """() => { const n = document.querySelector('#map [data-free="move"]');
        return n ? [n.dataset.origin, Number(n.dataset.heading), Number(n.dataset.total)] : null; }"""
    )
    if not found:
        return False
    origin, heading, total = found
    x0, y0 = (float(v) for v in origin.split(","))
    h = math.radians(heading + 37)
    target = (
        min(47.0, max(1.0, x0 + math.sin(h) * total * 0.8)),
        min(71.0, max(1.0, y0 + math.cos(h) * total * 0.8)),
    )
    start = page.evaluate(TO_SCREEN, [x0 + 0.3, y0 + 0.3])
    end = page.evaluate(TO_SCREEN, list(target))
    page.locator("#map").scroll_into_view_if_needed()
    before = seq(page)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    page.mouse.move(*end)
    preview = page.input_value("#action-text")
    page.mouse.up()
    page.wait_for_function(
        f"Number(document.body.dataset.seq) > {before} || !document.querySelector('#error').hidden"
    )
    assert preview.startswith("move turn="), preview
    return seq(page) > before


def test_a_crane_game_to_its_end_then_its_replay(server: str, new_page: Any) -> None:
    w = new_page()
    page = w.page
    start_game(
        page,
        server,
        "crane",
        {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")},
        options={"max_turns": "3"},
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    dragged = 0
    deadline = time.monotonic() + 240  # a guard against a stuck page
    n = 0
    while time.monotonic() < deadline:
        if wait_turn(page) != "mine":
            break
        texts = options(page)
        if texts and texts[0].startswith("move") and n % 2 == 0 and drag_a_turn(page):
            dragged += 1
            n += 1
            continue
        choose(page, n)
        n += 1
    assert page.evaluate("document.body.dataset.status") == "finished", f"{n} decisions"
    assert page.locator("#result").is_visible()
    assert dragged >= 1
    # the replay: step back and forward from this seat's view
    page.click("#decision a")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#map svg")
    total = int(page.evaluate("document.body.dataset.step"))
    assert total > 10
    page.click("#first")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.click("#forward")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.dataset.step === '2'")
    page.click("#back")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.step === '{total}'")
    assert "of" in page.inner_text("#replay-at")
    assert not w.errors, w.errors


def test_hot_seat_hands_over_on_a_blank_screen(server: str, new_page: Any) -> None:
    w = new_page()
    page = w.page
    start_game(page, server, "crane", {"raf": ("hotseat", None), "luftwaffe": ("hotseat", None)})
    page.wait_for_url("**/play/**")
    seen = []
    for _ in range(2):
        page.wait_for_selector("#handover:not([hidden])")
        # nothing of the table behind the hand-over screen
        assert page.locator("#map *").count() == 0
        assert page.locator("#options").count() == 0
        seen.append(page.inner_text("#handover-title"))
        page.click("#handover-go")
        assert wait_turn(page) == "mine"
        me = page.evaluate("document.body.dataset.seat")
        # play this seat's decisions until the other seat is to move
        for _ in range(40):
            if (
                page.evaluate("document.body.dataset.seat") != me
                or not page.locator("#options").count()
            ):
                break
            act(page, lambda: page.click("#options button >> nth=0"))
            if page.locator("#handover:not([hidden])").count():
                break
    assert len(set(seen)) == 2, seen
    assert not w.errors, w.errors


def test_resign_then_my_games_lists_it(server: str, new_page: Any) -> None:
    w = new_page()
    page = w.page
    start_game(page, server, "crane", {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")})
    page.wait_for_url("**/play/**")
    assert wait_turn(page) == "mine"
    page.click("#resign")  # the confirm dialog is accepted
    page.wait_for_function("document.body.dataset.status === 'resigned'")
    assert page.locator("#result").is_visible()
    game = page.url.split("/play/")[1].split("#")[0]
    page.goto(f"{server}/#games")
    page.wait_for_selector("#my-games table")
    row = page.locator("#my-games tr", has=page.locator(f'a[href*="{game}"]')).first
    assert "resigned" in row.inner_text()
    assert row.locator("a.game-link").get_attribute("href").startswith(f"/replay/{game}")
    assert not w.errors, w.errors

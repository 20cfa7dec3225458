"""bob1990 in the browser: hot-seat on one screen, the map's words, and the replay of a game."""

from __future__ import annotations

from typing import Any

from .play import act, click_map, map_actions, options, start_game, wait_turn


def test_hot_seat_then_the_replay(server: str, new_page: Any) -> None:
    w = new_page(1400, 1000)
    page = w.page
    start_game(page, server, "bob1990", {"raf": ("hotseat", None), "luftwaffe": ("hotseat", None)})
    page.wait_for_url("**/play/**")
    seen: list[str] = []
    clicked = 0
    for _ in range(3):  # German player (missions, reinforcement, moves), British, German again
        page.wait_for_selector("#handover:not([hidden])")
        assert page.locator("#map *").count() == 0  # nothing of the other seat's table shows
        seen.append(page.inner_text("#handover-title"))
        page.click("#handover-go")
        assert wait_turn(page) == "mine"
        me = page.evaluate("document.body.dataset.seat")
        for turn in range(60):
            if (
                page.evaluate("document.body.dataset.seat") != me
                or not page.locator("#options").count()
            ):
                break
            texts = options(page)
            on_map = [t for t in map_actions(page) if t in texts]
            if on_map and turn % 2:  # a space on the map, every other time
                act(page, lambda pick=on_map[-1]: click_map(page, pick))
                clicked += 1
            else:
                act(page, lambda: page.click("#options button >> nth=0"))
            if page.locator("#handover:not([hidden])").count():
                break
        svg = page.inner_html("#map") if page.locator("#map svg").count() else ""
        assert not svg or "Green border: a radar-scanned space" in svg
    assert len(set(seen)) == 2 and clicked >= 1, (seen, clicked)
    # the replay of the game so far, stepped back and forth
    page.goto(page.url.replace("/play/", "/replay/"))
    page.wait_for_selector("#map svg")
    total = int(page.evaluate("document.body.dataset.step"))
    assert total > 50
    page.click("#first")
    page.wait_for_function("document.body.dataset.step === '0'")
    page.click("#forward")
    page.wait_for_function("document.body.dataset.step === '1'")
    page.click("#last")
    page.wait_for_function(f"document.body.dataset.step === '{total}'")
    assert "Flights" in page.inner_html("#map")
    assert not w.errors, w.errors

"""A decision with one option asks nothing: the table plays it and says so in the log."""

from __future__ import annotations

import json
from typing import Any

from .play import act, options, start_game, wait_turn


def test_a_lone_option_plays_itself_and_is_logged(server: str, new_page: Any) -> None:
    w = new_page()
    page = w.page
    start_game(
        page,
        server,
        "bob",
        {"raf": ("computer", "heuristic"), "luftwaffe": ("me", None)},
        scenario="channel-battle",
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    for _ in range(200):
        if page.locator("#event-log li.auto").count():
            break
        if wait_turn(page, timeout=60_000) != "mine":
            break
        texts = options(page)
        assert len(texts) != 1, "a lone option was left for the player to click"
        pick = next((t for t in texts if t in ("press_on", "done", "stop")), texts[0])
        act(page, lambda pick=pick: page.click(f"#options button[data-text={json.dumps(pick)}]"))
    auto = page.locator("#event-log li.auto")
    auto.first.wait_for()
    said = auto.first.inner_text()
    assert "Only one choice:" in said and "=" not in said, said
    assert not w.errors, w.errors

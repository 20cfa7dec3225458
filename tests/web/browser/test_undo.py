"""Issues 12 and 15 in the browser: the Undo button (and key U) shown only while a take-back is
allowed, and a computer's turn shown as thinking, with a bar against its strength's cap.
Screenshots go to ``DOWDING_SHOTS`` when that is set."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from .play import act, seq, start_game, wait_turn


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("DOWDING_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


WATCH_THINKING = """() => {
  window.thoughts = [];
  const note = () => {
    const t = document.querySelector('#thinking-text');
    const bar = document.querySelector('#thinking-bar');
    if (t && !window.thoughts.some(([s]) => s === t.textContent))
      window.thoughts.push([t.textContent, bar ? bar.getAttribute('max') : null]);
  };
  new MutationObserver(note).observe(document.body, { childList: true, subtree: true });
}"""


def test_undo_a_placement_then_watch_the_computer_think(server: str, new_page: Any) -> None:
    watched = new_page()
    page = watched.page
    start_game(
        page,
        server,
        "crane",
        {"luftwaffe": ("me", None), "raf": ("computer", "ismcts:veteran")},
    )
    page.wait_for_url("**/play/**")
    assert wait_turn(page) == "mine"
    assert page.locator("#undo").count() == 0  # nothing to take back
    first = seq(page)
    act(page, lambda: page.click("#options button >> nth=0"))
    page.wait_for_selector("#undo")
    shot(page, "undo-shown")
    # the key U takes the placement back: the step before, and no Undo button
    page.keyboard.press("u")
    page.wait_for_function(f"Number(document.body.dataset.seq) === {first}")
    page.wait_for_selector("#options button")
    assert page.locator("#undo").count() == 0
    # the button does the same
    act(page, lambda: page.click("#options button >> nth=0"))
    page.click("#undo")
    page.wait_for_function(f"Number(document.body.dataset.seq) === {first}")
    # the placements, then the dice and the RAF: its search is shown thinking, against its cap
    # a quick search may be done before a wait could see it: note every thinking line drawn
    page.evaluate(WATCH_THINKING)
    while (
        page.evaluate("document.body.dataset.mine") == "1"
        and page.locator("#options button[data-text^='place']").count()
    ):
        act(page, lambda: page.click("#options button >> nth=0"))
    # on some seeds the Luftwaffe wins the initiative and moves first: its moves, until the RAF's turn
    for _ in range(40):
        if page.evaluate("document.body.dataset.mine !== '1' || window.thoughts.length > 0"):
            break
        act(page, lambda: page.click("#options button >> nth=0"))
    page.wait_for_function("window.thoughts.length > 0", timeout=30_000)
    text, cap = page.evaluate("window.thoughts[0]")
    assert text == "Royal Air Force (search, veteran) is thinking… up to 1.0 s", text
    assert cap == "1"
    shot(page, "thinking")
    assert page.locator("#undo").count() == 0  # the dice were rolled: the placements stand
    assert not watched.errors, watched.errors

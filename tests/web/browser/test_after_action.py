"""The after-action report in the browser: a crane game played to its end, the report button
at the table and in the replay, and the downloaded file opened on its own, fetching nothing."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .play import choose, start_game, wait_turn


def test_a_finished_crane_game_gives_its_report(server: str, new_page: Any, tmp_path: Path) -> None:
    w = new_page()
    page = w.page
    start_game(
        page,
        server,
        "crane",
        {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")},
        options={"max_turns": "2"},
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    deadline, n = time.monotonic() + 240, 0  # a guard against a stuck page
    while time.monotonic() < deadline and wait_turn(page) == "mine":
        choose(page, n, prefer_map=False)
        n += 1
    assert page.evaluate("document.body.dataset.status") == "finished", f"{n} decisions"

    with page.expect_download() as downloading:
        page.click("#report")
    download = downloading.value
    assert download.suggested_filename.startswith("dowding-crane-")
    assert download.suggested_filename.endswith("-raf.html")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    text = saved.read_text()
    assert "as seen by <b>Royal Air Force</b>" in text and '<figure class="map"' in text

    # the file alone: it draws its maps and charts and asks nothing of any server
    report = new_page(1400, 900)
    asked: list[str] = []
    report.page.on("request", lambda r: asked.append(r.url))
    report.page.goto(saved.as_uri())
    assert report.page.locator("figure.map svg").count() >= 2
    assert report.page.locator("svg.chart").count() >= 2
    assert report.page.locator("h2#rolls").count() == 1  # rows when a roll changed the tallies
    chances = report.page.eval_on_selector_all(
        "tr.roll", "rs => rs.map(r => r.dataset.probability)"
    )
    assert all(0 < float(p) <= 1 for p in chances)
    assert [url for url in asked if not url.startswith("file:")] == []
    assert not report.errors, report.errors

    # the replay offers it too
    page.click("#decision a")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#map svg")
    with page.expect_download() as again:
        page.click("#report")
    assert again.value.suggested_filename == download.suggested_filename
    assert not w.errors, w.errors

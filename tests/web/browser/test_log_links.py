"""Each adjudication in the log names its rule section and links to that section of the rules as
implemented (GET /rules/<ruleset>#<anchor>); every link the page shows lands on an anchor."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .play import choose, start_game, wait_turn
from .test_map_controls import seats_for

LINKS = """() => [...document.querySelectorAll('#event-log li:not(.auto)')].map(li => {
  const a = li.querySelector('a.rule');
  return { text: li.textContent, href: a ? a.getAttribute('href') : null,
           rule: a ? a.dataset.rule : null, words: a ? a.textContent : null };
})"""


@pytest.mark.parametrize("ruleset", ["crane", "bob", "bob1990", "squadron303"])
def test_each_log_line_links_to_its_rule(server: str, new_page: Any, ruleset: str) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(page, server, ruleset, seats_for(ruleset))
    page.wait_for_url("**/play/**")
    for turn in range(6):
        if wait_turn(page) != "mine":
            break
        choose(page, turn, prefer_map=False)
    wait_turn(page)
    log_links_land(page, server, ruleset)
    assert not w.errors


def test_the_replay_links_its_lines_too(server: str, new_page: Any) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(page, server, "crane", {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")})
    page.wait_for_url("**/play/**")
    for turn in range(3):
        if wait_turn(page) != "mine":
            break
        choose(page, turn, prefer_map=False)
    page.click("#replay-link")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#event-log li a.rule")
    hrefs = page.eval_on_selector_all(
        "#event-log a.rule", "ns => ns.map(n => n.getAttribute('href'))"
    )
    assert hrefs and all(h.startswith("/rules/crane#s-") for h in hrefs)
    assert not w.errors


def log_links_land(page: Any, server: str, ruleset: str) -> None:
    """Every line of the log the page shows cites its section and links to that section's row
    of /rules/<ruleset>; a click opens it scrolled to the row."""
    lines = page.evaluate(LINKS)
    assert len(lines) >= 5
    # every adjudication cites its section (tests/web/test_rules_pages.py)
    missing = [line["text"] for line in lines if not line["href"]]
    assert not missing, missing[:5]
    pages: dict[str, str] = {}
    for line in lines:
        path, anchor = line["href"].split("#")
        assert path == f"/rules/{ruleset}"
        assert line["words"] == f"§ {line['rule']}"
        if path not in pages:
            response = page.request.get(f"{server}{path}")
            assert response.status == 200
            pages[path] = response.text()
        assert f'id="{anchor}"' in pages[path], line
        # the anchor's row names the section the line cites
        row = re.search(rf'<tr id="{re.escape(anchor)}">\s*<td>(.*?)</td>', pages[path], re.S)
        assert row is not None and re.sub(r"<[^>]+>", "", row.group(1)).strip() == (
            line["rule"].replace("&", "&amp;")
        )

    # the table links the whole rules too
    assert page.get_attribute("#rules-link", "href") == f"/rules/{ruleset}"
    # a click opens the rule, scrolled to its section and marked
    first = page.locator("#event-log a.rule").first
    href = first.get_attribute("href") or ""
    with page.context.expect_page() as opened:
        first.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith(href)
    target = rules.evaluate(
        "document.querySelector(':target') && document.querySelector(':target').id"
    )
    assert target == href.split("#")[1]
    assert rules.evaluate("document.querySelector(':target').getBoundingClientRect().top") < 900

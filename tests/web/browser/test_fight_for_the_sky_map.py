"""Fight for the Sky's map at 1400x900 (mapview.js over fight_for_the_sky/svg.py): at Fit the hex
board fills the map pane and its words read (the rosters in a tab of their own); zoom and pan;
the details of a squadron, a formation and an option on hover and on keyboard focus; and each
line of the log links to its rule section."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .play import act, choose, click_map, map_actions, options, start_game, wait_turn
from .test_log_links import log_links_land
from .test_map_controls import TOPMOST, VIEWBOX, squash, zoom_pan_and_fit

RULESET = "fight-for-the-sky"
REGION = "(name) => document.querySelector('#map svg').dataset[name].split(' ').map(Number)"
# the union of the hexes' boxes on screen, and the map pane's box
DRAWN = """() => {
  const boxes = [...document.querySelectorAll('#map g.hex polygon')].map(n => n.getBoundingClientRect());
  const pane = document.querySelector('#map').getBoundingClientRect();
  const x0 = Math.min(...boxes.map(b => b.left)), x1 = Math.max(...boxes.map(b => b.right));
  const y0 = Math.min(...boxes.map(b => b.top)), y1 = Math.max(...boxes.map(b => b.bottom));
  return { hexes: boxes.length, left: x0, right: x1, top: y0, bottom: y1,
           pane: [pane.left, pane.top, pane.right, pane.bottom] };
}"""
# the smallest font on screen, in pixels, of the texts a selector finds (its size in the SVG's
# units times the SVG's scale), with the text it belongs to
SMALLEST = """(sel) => {
  const sizes = [...document.querySelectorAll(sel)].map(t => [
    parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a, t.textContent]);
  sizes.sort((a, b) => a[0] - b[0]);
  return sizes[0] || null;
}"""
TITLE = "n => { const t = [...n.children].find(c => c.tagName === 'title'); return t ? t.textContent : null; }"


def open_table(new_page: Any, server: str, scenario: str = "basic", seat: str = "raf") -> Any:
    w = new_page(1400, 900)
    other = "luftwaffe" if seat == "raf" else "raf"
    start_game(
        w.page,
        server,
        RULESET,
        {seat: ("me", None), other: ("computer", "heuristic")},
        scenario=scenario,
    )
    w.page.wait_for_url("**/play/**")
    w.page.wait_for_selector("#map svg g.hex", state="attached")  # the board, drawn once
    assert wait_turn(w.page) == "mine"
    return w


def on_map_tab(page: Any) -> None:
    page.click("#tab-map")
    page.click("#zoom-fit")
    assert page.evaluate("document.querySelector('#map').dataset.tab") == "map"


@pytest.mark.parametrize("scenario", ["basic", "intermediate"])
def test_at_fit_the_board_fills_the_pane_and_reads(
    server: str, new_page: Any, scenario: str
) -> None:
    w = open_table(new_page, server, scenario)
    page = w.page
    # the map and the rosters are shown apart, as crane's table and roster are
    assert page.is_visible("#tab-map") and page.inner_text("#tab-displays") == "Rosters"
    on_map_tab(page)
    assert page.evaluate(VIEWBOX) == pytest.approx(page.evaluate(REGION, "map"))
    drawn = page.evaluate(DRAWN)
    left, top, right, bottom = drawn["pane"]
    assert drawn["hexes"] == 21 * 13
    # the board covers at least 90% of the pane's width and 80% of its height (drawn beside
    # its rosters in one picture it covered 64% and 59%), and lies inside it
    assert drawn["right"] - drawn["left"] >= 0.9 * (right - left), drawn
    assert drawn["bottom"] - drawn["top"] >= 0.8 * (bottom - top), drawn
    assert left - 1 <= drawn["left"] and drawn["right"] <= right + 1
    assert top - 1 <= drawn["top"] and drawn["bottom"] <= bottom + 1
    # its words read: hex names, targets' names, column letters, the formations' counters, the
    # date and the tracks at least 10 px (they were 5.3 to 8.8 px)
    for texts in (
        "#map g.hex text",
        "#map text.target",
        "#map g.board > text",
        "#map g.formation text",
        "#map g.map > text",
    ):
        smallest = page.evaluate(SMALLEST, texts)
        assert smallest is not None, texts
        assert smallest[0] >= 10, (texts, smallest)
    # the rosters' tab shows them alone, larger still; Both shows the whole drawing
    page.click("#tab-displays")
    assert page.evaluate(VIEWBOX) == pytest.approx(page.evaluate(REGION, "panel"))
    smallest = page.evaluate(SMALLEST, "#map g.rosters text")
    assert smallest is not None and smallest[0] >= 12, smallest
    assert page.is_visible("#map g.rosters text >> nth=0")
    page.click("#tab-all")
    assert page.evaluate(VIEWBOX) == pytest.approx(page.evaluate(REGION, "whole"))
    assert not w.errors, w.errors


def test_zoom_pan_and_fit(server: str, new_page: Any) -> None:
    w = open_table(new_page, server)
    on_map_tab(w.page)
    zoom_pan_and_fit(w.page)
    assert not w.errors, w.errors


def test_the_tab_and_zoom_are_kept_when_the_next_step_is_drawn(server: str, new_page: Any) -> None:
    w = open_table(new_page, server)
    page = w.page
    on_map_tab(page)
    page.click("#zoom-in")
    page.click("#zoom-in")
    zoomed = page.evaluate(VIEWBOX)
    first = options(page)[0]
    act(page, lambda: page.click(f"#options button[data-text={json.dumps(first)}]"))
    wait_turn(page)
    assert page.evaluate("document.querySelector('#map').dataset.tab") == "map"
    assert page.evaluate("document.querySelector('#map').dataset.zoom") == "1.96"
    assert page.evaluate(VIEWBOX)[2] == pytest.approx(zoomed[2], rel=1e-6)
    assert not w.errors, w.errors


def hover_tip(page: Any, node: Any) -> str:
    """The tooltip's words once the pointer rests on ``node`` (a push may redraw the map under
    the pointer: it hovers again)."""
    for attempt in range(3):
        page.mouse.move(2, 2)
        node.hover(force=True)
        try:
            page.wait_for_selector("#map-tip:not([hidden])", timeout=3000)
            break
        except Exception:
            if attempt == 2:
                raise
    return str(page.inner_text("#map-tip"))


def assert_details_on_hover(page: Any, piece: str) -> str:
    """The topmost ``piece`` shows its <title> in the page's tooltip, the browser's own
    tooltip kept away; the words of its title."""
    index = page.evaluate(TOPMOST, piece)
    assert index >= 0, f"every {piece} is drawn over by something else"
    node = page.locator(piece).nth(index)
    words = node.evaluate(TITLE)
    assert words and words.strip(), f"{piece} has no <title>"
    tip = squash(hover_tip(page, node))
    assert tip in (squash(words), squash(words.replace(": ", "", 1))), (tip, words)
    assert node.evaluate(TITLE) is None  # away while the page's tooltip shows
    box = page.locator("#map-tip").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1400
    page.mouse.move(2, 2)
    page.wait_for_selector("#map-tip", state="hidden")
    assert node.evaluate(TITLE) == words  # and back
    return str(words)


def label_of(page: Any, action: str) -> str:
    return str(
        page.eval_on_selector(
            f"#options button[data-text={json.dumps(action)}] .label", "n => n.textContent"
        )
    )


def test_details_on_hover_and_on_focus(server: str, new_page: Any) -> None:
    w = open_table(new_page, server)
    page = w.page
    on_map_tab(page)
    # the formations over the sea, face down: where and how many counters
    words = assert_details_on_hover(page, "#map g.formation")
    assert re.match(r"face-down formation on [A-U]\d+ .*\(\d+ counters?\)", words), words

    # a keyboard player on the rosters: a squadron on the ground, its option's words
    page.click("#tab-displays")
    line = page.locator("#map g.roster-raf[data-action][tabindex]").first
    action = str(line.get_attribute("data-action"))
    line.focus()
    page.wait_for_selector("#map-tip:not([hidden])")
    assert squash(page.inner_text("#map-tip")) == squash(label_of(page, action))
    page.focus("#options button")
    page.wait_for_selector("#map-tip", state="hidden")

    # a squadron chosen: the hexes it may fly to, each with its words on hover and focus
    act(page, lambda: click_map(page, action))
    assert wait_turn(page) == "mine"
    page.click("#tab-map")
    hexes = [t for t in map_actions(page) if t.startswith("fly ")]
    assert hexes, map_actions(page)
    target = page.locator(f"#map use[data-action={json.dumps(hexes[0])}]")
    said = label_of(page, hexes[0])
    assert squash(hover_tip(page, target)) == squash(said)
    page.mouse.move(2, 2)
    page.wait_for_selector("#map-tip", state="hidden")
    target.focus()
    page.wait_for_selector("#map-tip:not([hidden])")
    assert squash(page.inner_text("#map-tip")) == squash(said)
    page.focus("#options button")

    # flown there, it is on the map: its squadron, then where it is
    act(page, lambda: click_map(page, hexes[0]))
    assert wait_turn(page) == "mine"
    page.click("#tab-map")
    page.wait_for_selector("#map g.raf")
    words = assert_details_on_hover(page, "#map g.raf")
    assert re.match(r"\d+ Squadron \((Spitfire|Hurricane), \d flights?\): aloft over ", words)
    page.click("#zoom-fit")
    smallest = page.evaluate(SMALLEST, "#map g.raf text")  # its number reads at Fit
    assert smallest is not None and smallest[0] >= 10, smallest
    assert not w.errors, w.errors


def test_the_luftwaffe_units_show_their_details(server: str, new_page: Any) -> None:
    """The Luftwaffe making up a formation: each unit it may add, a chip in its roster, names
    the unit on hover."""
    w = open_table(new_page, server, "intermediate", seat="luftwaffe")
    page = w.page
    for _ in range(20):
        texts = options(page)
        if any(t.startswith("add ") for t in texts):
            break
        forming = [t for t in texts if t.startswith("form ")]
        pick = forming[0] if forming else texts[0]
        act(page, lambda pick=pick: page.click(f"#options button[data-text={json.dumps(pick)}]"))
        assert wait_turn(page) == "mine"
    else:
        pytest.fail(f"no unit to add: {options(page)}")
    # every option lies in the rosters: the page opens them
    assert page.evaluate("document.querySelector('#map').dataset.tab") == "displays"
    words = assert_details_on_hover(page, "#map g.roster-lw[data-action]")
    assert re.match(r"unit \S+ \(.+, \d flights?\)", words), words
    assert not w.errors, w.errors


def test_a_piece_in_an_option_s_hex_is_drawn_over_it_and_chooses_it() -> None:
    """A formation and two squadrons in a dogfight's hex: the hex's option is drawn under them
    (before, it lay over them, and the pointer on a squadron showed the attack, never the
    squadron), and each carries that option, so a click on it still chooses it."""
    from dowding.rulesets.fight_for_the_sky.svg import render_dynamic

    from .test_issue12 import _fight_announce

    view, seat, node = _fight_announce()
    assert [o.text for o in node.options] == ["attack at=O7"]
    svg = render_dynamic(view, seat, node)
    hexes = [m.start() for m in re.finditer(r"<use [^>]*data-action=", svg)]
    pieces = list(re.finditer(r'<g class="(raf|formation)"([^>]*)>', svg))
    assert hexes and len(pieces) == 3
    assert max(hexes) < min(p.start() for p in pieces)
    for piece in pieces:
        assert 'data-action="attack at=O7"' in piece.group(2), piece.group(0)
        assert "tabindex" not in piece.group(2)  # one stop for the keyboard: the hex


@pytest.mark.parametrize("seat", ["raf", "luftwaffe"])
def test_each_log_line_links_to_its_rule(server: str, new_page: Any, seat: str) -> None:
    w = open_table(new_page, server, "intermediate", seat=seat)
    page = w.page
    for turn in range(12):
        if wait_turn(page) != "mine":
            break
        choose(page, turn, prefer_map=False)
    wait_turn(page)
    log_links_land(page, server, RULESET)
    assert not w.errors, w.errors

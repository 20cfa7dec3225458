"""The map at 1400x900: zoom and pan (buttons, wheel, drag, keys), Fit, bob's plotting table and
displays in tabs, and the details of a piece on hover and on keyboard focus (mapview.js), for
crane, bob, bob1990 and 303 Squadron (its pilots p1-p4: one a person, the rest the computer)."""

from __future__ import annotations

from typing import Any

import pytest

from .play import start_game, wait_turn

VIEWBOX = "() => document.querySelector('#map svg').getAttribute('viewBox').split(' ').map(Number)"
# the SVG point under a screen point, as the page computes it
UNDER = """([x, y]) => {
  const svg = document.querySelector('#map svg');
  const p = svg.createSVGPoint(); p.x = x; p.y = y;
  const q = p.matrixTransform(svg.getScreenCTM().inverse());
  return [q.x, q.y];
}"""


RULESETS = ["crane", "bob", "bob1990", "squadron303"]
# each ruleset's seats: a person at the first, the computer at the others
SEATS: dict[str, dict[str, tuple[str, str | None]]] = {
    "squadron303": {
        "p1": ("me", None),
        **{p: ("computer", "heuristic") for p in ("p2", "p3", "p4")},
    },
}
RAF_AND_COMPUTER: dict[str, tuple[str, str | None]] = {
    "raf": ("me", None),
    "luftwaffe": ("computer", "heuristic"),
}


def seats_for(ruleset: str) -> dict[str, tuple[str, str | None]]:
    return SEATS.get(ruleset, RAF_AND_COMPUTER)


def open_table(new_page: Any, server: str, ruleset: str) -> Any:
    w = new_page(1400, 900)
    start_game(w.page, server, ruleset, seats_for(ruleset))
    w.page.wait_for_url("**/play/**")
    w.page.wait_for_selector("#map svg")
    assert wait_turn(w.page) == "mine"
    return w


def squash(text: str) -> str:
    return "".join(text.split())


def centre_of(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("ruleset", RULESETS)
def test_zoom_pan_and_fit(server: str, new_page: Any, ruleset: str) -> None:
    w = open_table(new_page, server, ruleset)
    zoom_pan_and_fit(w.page)
    assert not w.errors


def zoom_pan_and_fit(page: Any) -> None:
    """The buttons, the wheel about the pointer, Shift+drag, the keys and Fit, from Fit."""
    whole = page.evaluate(VIEWBOX)
    page.click("#zoom-in")
    zoomed = page.evaluate(VIEWBOX)
    assert zoomed[2] == pytest.approx(whole[2] / 1.4, rel=1e-3)
    assert zoomed[3] == pytest.approx(whole[3] / 1.4, rel=1e-3)
    assert page.inner_text("#zoom-level") == "140%"
    page.click("#zoom-out")
    assert page.evaluate(VIEWBOX) == pytest.approx(whole, rel=1e-6)

    # the wheel zooms about the pointer: the point under it stays under it
    x, y = centre_of(page, "#map")
    x, y = x - 120, y + 60
    page.mouse.move(x, y)
    before = page.evaluate(UNDER, [x, y])
    for _ in range(3):
        page.mouse.wheel(0, -100)
    page.wait_for_function("Number(document.querySelector('#map').dataset.zoom) > 1.4")
    after = page.evaluate(UNDER, [x, y])
    assert after == pytest.approx(before, abs=whole[2] / 200)

    # Shift+drag pans whatever the map offers; the view moves with the pointer
    start = page.evaluate(VIEWBOX)
    page.keyboard.down("Shift")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 40, y + 20, steps=4)
    page.mouse.move(x + 80, y + 40, steps=4)
    page.mouse.up()
    page.keyboard.up("Shift")
    moved = page.evaluate(VIEWBOX)
    assert moved[0] < start[0] and moved[1] < start[1]
    assert moved[2] == pytest.approx(start[2])  # panning does not zoom

    # keys: the arrows pan when the map has the focus; - zooms out; F fits
    page.focus("#map")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(VIEWBOX)[0] > moved[0]
    page.keyboard.press("-")
    assert page.evaluate(VIEWBOX)[2] > moved[2]
    page.keyboard.press("=")
    page.keyboard.press("f")
    assert page.evaluate(VIEWBOX) == pytest.approx(whole, rel=1e-6)
    page.click("#zoom-in")
    page.click("#zoom-fit")
    assert page.evaluate(VIEWBOX) == pytest.approx(whole, rel=1e-6)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_zoom_is_kept_when_the_next_step_is_drawn(
    server: str, new_page: Any, ruleset: str
) -> None:
    w = open_table(new_page, server, ruleset)
    page = w.page
    page.click("#zoom-in")
    page.click("#zoom-in")
    zoomed = page.evaluate(VIEWBOX)
    seq = page.evaluate("Number(document.body.dataset.seq)")
    first = page.eval_on_selector("#options button", "b => b.dataset.text")
    page.click(f"#options button[data-text='{first}']")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {seq}")
    wait_turn(page)
    assert page.evaluate("document.querySelector('#map').dataset.zoom") == "1.96"
    assert page.evaluate(VIEWBOX)[2] == pytest.approx(zoomed[2], rel=1e-6)
    assert not w.errors


def test_bob_shows_its_plotting_table_and_displays_in_tabs(server: str, new_page: Any) -> None:
    w = open_table(new_page, server, "bob")
    page = w.page
    regions = page.evaluate(
        "() => { const s = document.querySelector('#map svg');"
        " return [s.dataset.map, s.dataset.panel, s.dataset.whole].map("
        "t => t.split(' ').map(Number)); }"
    )
    map_box, panel_box, whole = regions
    assert page.is_visible("#tab-map") and page.is_visible("#tab-displays")
    tab = page.evaluate("document.querySelector('#map').dataset.tab")
    assert page.evaluate(VIEWBOX) == pytest.approx(map_box if tab == "map" else panel_box)
    page.click("#tab-displays")
    assert page.get_attribute("#tab-displays", "aria-selected") == "true"
    assert page.evaluate(VIEWBOX) == pytest.approx(panel_box)
    # the displays read at this size: a card is at least 20 pixels wide on screen
    card = page.locator("#map g.panel .card").first
    box = card.bounding_box()
    assert box is not None and box["width"] >= 20
    page.click("#tab-map")
    assert page.evaluate(VIEWBOX) == pytest.approx(map_box)
    page.click("#tab-all")
    assert page.evaluate(VIEWBOX) == pytest.approx(whole)
    assert not w.errors


def test_crane_shows_its_table_and_roster_in_tabs(server: str, new_page: Any) -> None:
    w = open_table(new_page, server, "crane")
    page = w.page
    assert page.inner_text("#tab-displays") == "Roster"
    table = page.evaluate("document.querySelector('#map svg').dataset.map.split(' ').map(Number)")
    assert page.evaluate(VIEWBOX) == pytest.approx(table)
    # the table is drawn larger than with the roster beside it: fitted to the pane alone, it
    # fills the pane's width or height; on II.A's 9 ft ping-pong table (the default) at 1400
    # pixels an inch is then about 8.7 pixels (12 on the 6 ft x 4 ft table), 7 with the roster
    inch, filled = page.evaluate(
        "() => { const s = document.querySelector('#map svg'), a = s.getScreenCTM().a;"
        " const [, , w, h] = s.dataset.map.split(' ').map(Number), r = s.getBoundingClientRect();"
        " return [Number(s.dataset.inch) * a, Math.max(w * a / r.width, h * a / r.height)]; }"
    )
    assert inch >= 8 and filled > 0.95, (inch, filled)
    page.click("#tab-displays")
    assert page.is_visible("#map g.panel text")
    assert not w.errors


TOPMOST = """(sel) => [...document.querySelectorAll(sel)].findIndex(n => {
  const r = n.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return hit !== null && hit.closest(sel) === n;
})"""


@pytest.mark.parametrize(
    ("ruleset", "piece"),
    [
        ("crane", "#map [data-plane]"),
        ("bob", "#map g.map [data-flight]"),
        ("bob1990", "#map [data-flight]"),
        ("squadron303", "#map [data-piece]"),
    ],
)
def test_details_on_hover_and_on_focus(
    server: str, new_page: Any, ruleset: str, piece: str
) -> None:
    w = open_table(new_page, server, ruleset)
    page = w.page
    # a piece drawn over by another (a vic's planes overlap) would show the other's details
    index = page.evaluate(TOPMOST, piece)
    assert index >= 0, "every piece is drawn over by another"
    node = page.locator(piece).nth(index)
    words = node.evaluate("n => [...n.children].find(c => c.tagName === 'title').textContent")
    assert words.strip()
    for attempt in range(3):  # a push may redraw the map under the pointer: hover again
        page.mouse.move(2, 2)
        node.hover(force=True)
        try:
            page.wait_for_selector("#map-tip:not([hidden])", timeout=3000)
            break
        except Exception:
            if attempt == 2:
                raise
    tip = squash(page.inner_text("#map-tip"))
    assert tip in (squash(words), squash(words.replace(": ", "", 1)))  # the name set apart
    # the browser's own tooltip does not come up over it: the <title> is away while it shows
    assert node.evaluate("n => [...n.children].some(c => c.tagName === 'title')") is False
    box = page.locator("#map-tip").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 1400
    page.mouse.move(2, 2)
    page.wait_for_selector("#map-tip", state="hidden")
    assert node.evaluate("n => [...n.children].some(c => c.tagName === 'title')") is True

    # a keyboard player: focus on an option of the map shows its details too
    option = page.locator("#map [data-action][tabindex], #map [data-part][tabindex]").first
    if option.count():
        option.focus()
        page.wait_for_selector("#map-tip:not([hidden])")
        assert page.inner_text("#map-tip").strip()
        page.focus("#options button")
        page.wait_for_selector("#map-tip", state="hidden")
    assert not w.errors


PINCH = """([x, y, spread]) => {
  const svg = document.querySelector('#map svg');
  const at = (id, px, type) => svg.dispatchEvent(new PointerEvent(type, {
    pointerId: id, pointerType: 'touch', clientX: px, clientY: y, bubbles: true, isPrimary: id === 1 }));
  at(1, x - 50, 'pointerdown');
  at(2, x + 50, 'pointerdown');
  at(2, x + 50 + spread / 2, 'pointermove');
  at(1, x - 50 - spread / 2, 'pointermove');
  at(1, x - 50 - spread / 2, 'pointerup');
  at(2, x + 50 + spread / 2, 'pointerup');
}"""


@pytest.mark.parametrize("ruleset", RULESETS)
def test_two_fingers_pinch_to_zoom(server: str, new_page: Any, ruleset: str) -> None:
    w = open_table(new_page, server, ruleset)
    page = w.page
    whole = page.evaluate(VIEWBOX)
    seq = page.evaluate("document.body.dataset.seq")
    x, y = centre_of(page, "#map")
    page.evaluate(PINCH, [x, y, 100])  # the fingers 100 px apart, then 200: twice the size
    assert float(page.evaluate("document.querySelector('#map').dataset.zoom")) == pytest.approx(2)
    assert page.evaluate(VIEWBOX)[2] == pytest.approx(whole[2] / 2, rel=1e-3)
    page.wait_for_timeout(200)
    assert page.evaluate("document.body.dataset.seq") == seq  # a pinch chooses nothing
    assert not w.errors

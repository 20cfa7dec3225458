"""Seeing the computer move in Fight for the Sky: its squadrons and formations carry ids and
their own points (svg.py's data-piece, data-at), so the page draws an arrow from where each was
at the person's last decision to where it is, and the log since then steps through them."""

from __future__ import annotations

import json
import math
from typing import Any

from .play import act, options, start_game, wait_turn

# each piece on the map (not in the rosters beside it) at its own point, in the root's units
PLACES = """() => {
  const svg = document.querySelector('#map svg');
  const inverse = svg.getScreenCTM().inverse();
  const out = {};
  for (const n of svg.querySelectorAll('[data-piece][data-at]')) {
    const [x, y] = n.dataset.at.split(' ').map(Number);
    const p = svg.createSVGPoint(); p.x = x; p.y = y;
    const q = p.matrixTransform(n.getScreenCTM()).matrixTransform(inverse);
    out[n.dataset.piece] = [q.x, q.y];
  }
  return out;
}"""
ARROWS = """() => [...document.querySelectorAll('#map .moves line.move-path')].map(
  l => ['x1', 'y1', 'x2', 'y2'].map(k => Number(l.getAttribute(k))))"""
SQUADRONS = "ns => ns.map(n => n.dataset.piece)"


def near(a: list[float], b: list[float]) -> bool:
    return math.dist(a, b) < 0.5


def raid(page: Any, added: list[str]) -> None:
    """One Luftwaffe decision from the list: make up raids of two units and fly them."""
    texts = options(page)
    if "form type=raid" in texts or texts == ["fly", "stop"]:
        pick = texts[0] if texts == ["fly", "stop"] else "form type=raid"
    elif "close" in texts and len(added) >= 2:
        pick = "close"
    else:
        adds = [t for t in texts if t.startswith("add ")]
        rest = [t for t in texts if t not in ("done", "finish", "stop", "cancel")]
        pick = (adds or rest or texts)[0]
    added[:] = [*added, pick] if pick.startswith("add ") else []
    act(page, lambda: page.click(f"#options button[data-text={json.dumps(pick)}]"))


def test_the_computer_s_squadrons_are_drawn_moving_and_stepped_through(
    server: str, new_page: Any
) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(
        page,
        server,
        "fight-for-the-sky",
        {"raf": ("computer", "heuristic"), "luftwaffe": ("me", None)},
        scenario="intermediate",
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    theirs: list[str] = []
    added: list[str] = []
    for _ in range(300):
        assert wait_turn(page, timeout=60_000) == "mine", "the game ended before the RAF flew"
        before = page.evaluate(PLACES)
        decided_at = page.evaluate("Number(document.body.dataset.seq)")
        raid(page, added)
        if wait_turn(page, timeout=60_000) != "mine":
            continue
        page.wait_for_timeout(100)
        moved = (page.get_attribute("#map svg", "data-moved") or "").split()
        squadrons = set(page.eval_on_selector_all("#map g.raf[data-piece]", SQUADRONS))
        theirs = [m for m in moved if m in squadrons and m in before]
        if theirs:
            break
    assert theirs, "the computer never flew a squadron across the map"

    # an arrow for each piece that moved, from where it was when I decided to where it is
    after = page.evaluate(PLACES)
    arrows = page.evaluate(ARROWS)
    assert len(arrows) == len(moved)
    for piece in moved:
        assert any(near(a[:2], before[piece]) and near(a[2:], after[piece]) for a in arrows)
        assert "moved" in (page.get_attribute(f'#map [data-piece="{piece}"]', "class") or "")
    for piece, place in after.items():  # nothing that stayed put is marked
        if piece in before and near(before[piece], place):
            assert piece not in moved
    # my own formations carry their numbers; what I see of them is mine to see
    assert page.locator('#map g.formation[data-piece^="formation-"]').count() > 0

    # the lines since my decision, stepped through: a squadron's flight picks it out
    events = page.evaluate(
        "async () => (await (await fetch(`/api/games/${location.pathname.split('/')[2]}"
        "?token=${location.hash.slice(3)}`)).json()).events"
    )
    since = [e for e in events if e["step"] > decided_at]
    assert page.locator("#since-list li").count() == len(since) > 0
    named = False
    for i in range(len(since)):
        page.click("#since-next") if i else page.click("#since-list li >> nth=0")
        focus = page.eval_on_selector_all("#map .step-focus", SQUADRONS)
        for piece in focus:
            assert f"{piece} Squadron" in since[i]["text"], (piece, since[i]["text"])
        named = named or any(piece in theirs for piece in focus)
    assert named, "no line picked out a squadron that moved"
    assert not w.errors, w.errors

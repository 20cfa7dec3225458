"""Seeing the other side move in bob1990 and 303 Squadron, as in crane and bob
(test_opponent_moves.py): the pieces that moved since the person's last decision carry an arrow
from where each was to where it is, and stepping through the lines since then points at the
pieces each line names, by id (bob1990's flights) or by name (303 Squadron's log is in words)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from .play import choose, start_game, wait_turn

# each piece on the map at its own point (data-at), in the root's units
PLACES = """() => {
  const svg = document.querySelector('#map svg');
  const inverse = svg.getScreenCTM().inverse();
  const out = {};
  for (const n of svg.querySelectorAll('[data-flight][data-at], [data-piece][data-at]')) {
    const [x, y] = n.dataset.at.split(' ').map(Number);
    const p = svg.createSVGPoint(); p.x = x; p.y = y;
    const q = p.matrixTransform(n.getScreenCTM()).matrixTransform(inverse);
    out[n.dataset.flight || n.dataset.piece] = [q.x, q.y];
  }
  return out;
}"""
ARROWS = """() => [...document.querySelectorAll('#map .moves line.move-path')].map(
  l => ['x1', 'y1', 'x2', 'y2'].map(k => Number(l.getAttribute(k))))"""
# the pieces a line points at: each id, and its name (a pilot's data-name, else its title's
# first words: a German aircraft's)
FOCUS = """ns => ns.map(n => {
  const title = [...n.children].find(c => c.tagName.toLowerCase() === 'title');
  const name = n.dataset.name || (title ? title.textContent.split(', ')[0].trim() : '');
  return [n.dataset.flight || n.dataset.piece, name];
})"""
# the other side's pieces: bob1990's Luftwaffe flights, 303 Squadron's German aircraft
OPPONENT = {"bob1990": "#map .flight.luftwaffe", "squadron303": "#map .german"}
GAMES: dict[str, dict[str, Any]] = {
    "bob1990": {"seats": {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")}},
    "squadron303": {"seats": {"p1": ("me", None)}, "options": {"players": "1"}},
}


def near(a: list[float], b: list[float]) -> bool:
    return math.dist(a, b) < 0.5


def opponent_ids(page: Any, ruleset: str) -> set[str]:
    return set(
        page.eval_on_selector_all(
            OPPONENT[ruleset], "ns => ns.map(n => n.dataset.flight || n.dataset.piece)"
        )
    )


@pytest.mark.parametrize("ruleset", ["bob1990", "squadron303"])
def test_the_other_side_s_moves_are_drawn_and_stepped_through(
    server: str, new_page: Any, ruleset: str
) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(
        page, server, ruleset, GAMES[ruleset]["seats"], options=GAMES[ruleset].get("options")
    )
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    if ruleset == "bob1990":  # its one scenario is named in the game's title: not said twice
        page.wait_for_function(
            "document.querySelector('#game-title').textContent.startsWith('Battle of Britain')"
        )
        assert page.inner_text("#game-title") == "Battle of Britain (1990), the Advanced Game"
    theirs: list[str] = []
    for turn in range(150):
        if wait_turn(page) != "mine":
            pytest.fail("the game ended before the other side moved a piece")
        before = page.evaluate(PLACES)
        choose(page, turn, prefer_map=False)
        if wait_turn(page) != "mine":
            continue
        page.wait_for_timeout(100)
        moved = (page.get_attribute("#map svg", "data-moved") or "").split()
        theirs = [m for m in moved if m in opponent_ids(page, ruleset) and m in before]
        if theirs:
            break
    else:
        pytest.fail("the other side never moved a piece on the map")

    # an arrow for each piece that moved, from where it was when I decided to where it is
    after = page.evaluate(PLACES)
    arrows = page.evaluate(ARROWS)
    assert len(arrows) == len(moved)
    for piece in theirs:
        assert any(near(a[:2], before[piece]) and near(a[2:], after[piece]) for a in arrows), piece
        marked = page.get_attribute(
            f'#map [data-flight="{piece}"], #map [data-piece="{piece}"]', "class"
        )
        assert "moved" in (marked or "")
    for piece, place in after.items():  # nothing that stayed put is marked
        if piece in before and near(before[piece], place):
            assert piece not in moved

    # the lines since my decision, one at a time: the pieces each names picked out on the map
    # (a line naming one can take a few more decisions: the Germans move without a word)
    pointed = step_through(page)
    for turn in range(60):
        if pointed or wait_turn(page) != "mine":
            break
        choose(page, turn, prefer_map=True)
        if wait_turn(page) == "mine" and page.is_visible("#since"):
            pointed = step_through(page)
    assert pointed, "no line named a piece on the map"
    page.click("#since-all")
    assert page.locator("#map .step-focus").count() == 0
    assert not w.errors, w.errors


def step_through(page: Any) -> int:
    """Each line since my last decision in turn: the pieces it points at are the ones it names
    (by id, or by name); how many it pointed at in all."""
    assert page.is_visible("#since")
    n = page.locator("#since-list li").count()
    assert n > 0
    pointed = 0
    for i in range(n):
        page.click("#since-next") if i else page.click("#since-list li >> nth=0")
        assert page.inner_text("#since-count") == f"{i + 1} of {n}"
        line = page.inner_text("#since-text")
        focus = page.eval_on_selector_all(
            "#map .step-focus",
            FOCUS,
        )
        for piece, name in focus:
            assert piece in line or (name and name in line), (piece, name, line)
        pointed += len(focus)
    return pointed

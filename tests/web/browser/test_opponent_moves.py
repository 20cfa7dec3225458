"""Seeing the computer move: the pieces that moved since the person's last decision are marked,
with an arrow from where each was to where it is, and the lines of the log since then are listed
under "Since your last move" with a step-through; the decision that follows stays in view."""

from __future__ import annotations

import math
from typing import Any

import pytest

from .play import choose, start_game, wait_turn

# each piece on the map (not in bob's displays) at its own point (data-at), in the root's units
PLACES = """() => {
  const svg = document.querySelector('#map svg');
  const inverse = svg.getScreenCTM().inverse();
  const out = {};
  for (const n of svg.querySelectorAll('[data-plane][data-at], [data-flight][data-at]')) {
    if (n.closest('g.panel')) continue;
    const [x, y] = n.dataset.at.split(' ').map(Number);
    const p = svg.createSVGPoint(); p.x = x; p.y = y;
    const q = p.matrixTransform(n.getScreenCTM()).matrixTransform(inverse);
    out[n.dataset.plane || n.dataset.flight] = [q.x, q.y];
  }
  return out;
}"""
ARROWS = """() => [...document.querySelectorAll('#map .moves line.move-path')].map(
  l => ['x1', 'y1', 'x2', 'y2'].map(k => Number(l.getAttribute(k))))"""
OPPONENT = {"crane": "#map .plane.luftwaffe", "bob": "#map g.map .tag-lw"}


def near(a: list[float], b: list[float]) -> bool:
    return math.dist(a, b) < 0.5


def opponent_ids(page: Any, ruleset: str) -> set[str]:
    return set(
        page.eval_on_selector_all(
            OPPONENT[ruleset], "ns => ns.map(n => n.dataset.plane || n.dataset.flight)"
        )
    )


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return dict(found)


@pytest.mark.parametrize("ruleset", ["crane", "bob"])
def test_the_computer_s_moves_are_shown_and_stepped_through(
    server: str, new_page: Any, ruleset: str
) -> None:
    w = new_page(1400, 900)
    page = w.page
    # bob's heuristic Luftwaffe flies only the raids it expects to score (fcc911d), and against
    # an RAF that stays at home may fly none in four turns: a random one always flies
    computer = "random" if ruleset == "bob" else "heuristic"
    start_game(page, server, ruleset, {"raf": ("me", None), "luftwaffe": ("computer", computer)})
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    moved: list[str] = []
    for turn in range(120):
        assert wait_turn(page) == "mine", "the game ended before the computer moved a piece"
        before = page.evaluate(PLACES)
        decided_at = page.evaluate("Number(document.body.dataset.seq)")
        choose(page, turn, prefer_map=False)
        if wait_turn(page) != "mine":
            continue
        page.wait_for_timeout(100)
        moved = (page.get_attribute("#map svg", "data-moved") or "").split()
        theirs = [m for m in moved if m in opponent_ids(page, ruleset) and m in before]
        if theirs:
            break
    else:
        pytest.fail("the computer never moved a piece on the map")

    # an arrow for each piece that moved, from where it was when I decided to where it is
    after = page.evaluate(PLACES)
    arrows = page.evaluate(ARROWS)
    assert len(arrows) == len(moved)
    for piece in theirs:
        assert any(near(a[:2], before[piece]) and near(a[2:], after[piece]) for a in arrows), piece
        assert "moved" in (
            page.get_attribute(
                f'#map [data-plane="{piece}"], #map g.map [data-flight="{piece}"]', "class"
            )
            or ""
        )
    for piece, place in after.items():  # nothing that stayed put is marked
        if piece in before and near(before[piece], place):
            assert piece not in moved

    # what happened since: the lines after my decision, each with its rule
    assert page.is_visible("#since")
    shown = page.eval_on_selector_all("#since-list li", "ns => ns.map(n => n.textContent)")
    events = page.evaluate(
        "async () => (await (await fetch(`/api/games/${location.pathname.split('/')[2]}"
        "?token=${location.hash.slice(3)}`)).json()).events"
    )
    since = [e for e in events if e["step"] > decided_at]
    assert len(shown) == len(since) > 0
    for line, event in zip(shown, since, strict=True):
        assert event["text"] in line
    assert page.locator("#since-list li a.rule").count() == sum(1 for e in since if e.get("rule"))

    # step through them: one line at a time, the pieces it names picked out on the map
    n = len(since)
    assert page.inner_text("#since-count") == f"{n} line{'s' if n != 1 else ''}"
    assert page.is_disabled("#since-prev")
    named_step = None
    for i in range(n):
        page.click("#since-next") if i else page.click("#since-list li >> nth=0")
        assert page.inner_text("#since-count") == f"{i + 1} of {n}"
        assert since[i]["text"] in page.inner_text("#since-text")
        focus = page.eval_on_selector_all(
            "#map .step-focus", "ns => ns.map(n => n.dataset.plane || n.dataset.flight)"
        )
        for piece in focus:
            assert piece in since[i]["text"]
        if any(piece in theirs for piece in focus):
            named_step = i
    assert named_step is not None, "no line named a piece that moved"
    assert page.is_disabled("#since-next")
    # or played by itself, a line at a time, and stopped (Escape skips it)
    page.click("#since-play")
    assert page.inner_text("#since-play") == "Stop"
    if n > 1:
        page.wait_for_function(
            "document.querySelector('#since-count').textContent.startsWith('2 of')"
        )
    page.keyboard.press("Escape")
    assert page.inner_text("#since-play") == "Play"
    stopped = page.inner_text("#since-count")
    page.wait_for_timeout(1200)
    assert page.inner_text("#since-count") == stopped
    page.click("#since-all")
    assert page.locator("#map .step-focus").count() == 0
    assert page.is_hidden("#since-text")

    # the decision that follows is never hidden: in view, above the panel, and still playable
    decision = box(page, "#decision")
    panel = box(page, "#since")
    # (stepping through the lines scrolls their list alone, never the side above it)
    assert -2 <= decision["y"] < 900 and decision["y"] + 40 < 900
    assert decision["y"] + decision["height"] <= panel["y"] + 1
    assert page.locator("#options button").count() > 0 and page.is_visible("#options button")
    assert not w.errors


def test_my_own_next_decision_starts_afresh(server: str, new_page: Any) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(page, server, "crane", {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")})
    page.wait_for_url("**/play/**")
    assert wait_turn(page) == "mine"
    # (the page may open before or after the computer's first moves are pushed, as the machine
    # is quick or loaded: what it lists before my first decision is not asked here)
    seen_steps: list[int] = []
    # on until the computer has moved between two of mine (the lobby's seed decides how many of
    # the RAF's own placements come first), four decisions at least
    for turn in range(16):
        if turn >= 4 and seen_steps:
            break
        if wait_turn(page) != "mine":
            break
        decided_at = page.evaluate("Number(document.body.dataset.seq)")
        choose(page, turn, prefer_map=False)
        if wait_turn(page) != "mine":
            break
        steps = page.eval_on_selector_all(
            "#since-list li .step", "ns => ns.map(n => Number(n.textContent.slice(1)))"
        )
        assert all(step > decided_at for step in steps), (steps, decided_at)
        seen_steps += steps
    assert seen_steps
    assert not w.errors


def test_hot_seat_each_seat_sees_what_the_other_did_since_its_own_last_move(
    server: str, new_page: Any
) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(page, server, "crane", {"raf": ("hotseat", None), "luftwaffe": ("hotseat", None)})
    page.wait_for_url("**/play/**")
    last_decision: dict[str, int] = {}
    checked = False
    for _ in range(4):
        page.wait_for_selector("#handover:not([hidden])")
        page.click("#handover-go")
        assert wait_turn(page) == "mine"
        me = page.evaluate("document.body.dataset.seat")
        if me in last_decision:
            # back at the table: the lines since this seat's own last decision, the other's moves
            assert page.is_visible("#since")
            steps = page.eval_on_selector_all(
                "#since-list li .step", "ns => ns.map(n => Number(n.textContent.slice(1)))"
            )
            assert steps and all(step > last_decision[me] for step in steps)
            others = [s for seat, s in last_decision.items() if seat != me]
            assert others and max(steps) > max(others)
            checked = True
            break
        for _ in range(60):
            if (
                page.evaluate("document.body.dataset.seat") != me
                or not page.locator("#options").count()
            ):
                break
            last_decision[me] = page.evaluate("Number(document.body.dataset.seq)")
            before = page.evaluate("Number(document.body.dataset.seq)")
            page.click("#options button >> nth=0")
            page.wait_for_function(
                f"Number(document.body.dataset.seq) > {before} || "
                "!document.querySelector('#handover').hidden"
            )
            if page.locator("#handover:not([hidden])").count():
                break
            wait_turn(page)
    assert checked
    assert not w.errors, w.errors


def test_the_replay_draws_what_moved_from_one_step_to_the_next(server: str, new_page: Any) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(page, server, "crane", {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")})
    page.wait_for_url("**/play/**")
    # the game's seed is the server's secret: play until a plane has flown (placements and the
    # vics' entry rolls can take the first dozen decisions)
    for turn in range(80):
        if wait_turn(page) != "mine":
            break
        choose(page, turn, prefer_map=False)
        # until the table itself has drawn a piece that moved and stayed (one that flies off
        # the table leaves nothing to draw)
        if turn >= 11 and (page.get_attribute("#map svg", "data-moved") or "").strip():
            break
    page.click("#replay-link")
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#map svg")
    total = int(page.evaluate("document.body.dataset.step"))
    found = False
    for step in range(1, total + 1):
        before = page.evaluate(PLACES) if step > 1 else None
        page.fill("#replay-step", str(step))
        page.dispatch_event("#replay-step", "change")
        page.wait_for_function(f"document.body.dataset.step === '{step}'")
        moved = (page.get_attribute("#map svg", "data-moved") or "").split()
        if before and moved:
            after = page.evaluate(PLACES)
            arrows = page.evaluate(ARROWS)
            assert len(arrows) == len(moved)
            for piece in moved:
                assert any(near(a[:2], before[piece]) and near(a[2:], after[piece]) for a in arrows)
            found = True
            break
    assert found, "no step of the replay moved a piece"
    assert not w.errors

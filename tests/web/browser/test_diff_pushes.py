"""Pushes that carry only what changed (?diff=1): the page draws from patches what it would draw
from full payloads, and a reload (a new socket: the full payload) draws the same map."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .play import choose, game_of, start_game, token_of, wait_turn

# in the page: a socket of its own with ?diff=1, its patches applied by patch.js; the payload it
# holds after each push is compared with the full payload fetched over HTTP at the same step
FOLLOW = """async ([game, token]) => {
  const { applyPatch } = await import('/static/patch.js');
  window.followed = { held: null, patches: 0, checked: 0, wrong: [] };
  const f = window.followed;
  const ws = new WebSocket(`ws://${location.host}/api/games/${game}/ws?token=${token}&diff=1`);
  ws.addEventListener('message', async (event) => {
    const data = JSON.parse(event.data);
    if (data.type === 'state') f.held = data;
    else if (data.type === 'patch') { f.held = applyPatch(f.held, data); f.patches += 1; }
    else return;
    const held = f.held;
    const fresh = await (await fetch(`/api/games/${game}?token=${token}`)).json();
    if (fresh.seq !== held.seq) return; // the game moved on meanwhile: the next push checks
    const canon = (v) => Array.isArray(v) ? v.map(canon)
      : (v && typeof v === 'object') ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])]))
      : v;
    for (const key of new Set([...Object.keys(fresh), ...Object.keys(held)])) {
      if (key === 'thinking') continue; // changes while a computer thinks, the step unchanged
      if (JSON.stringify(canon(fresh[key])) !== JSON.stringify(canon(held[key]))) {
        f.wrong.push(`${data.type} ${data.n ?? ''} at ${fresh.seq}: ${key}`);
      }
    }
    f.checked += 1;
  });
  await new Promise((ok) => ws.addEventListener('open', ok));
}"""

# the map as drawn, less what the page marks by itself (the option under the pointer, a pick,
# what moved since the player's last decision: moves.js)
MAP = """() => {
  const copy = document.querySelector('#map').cloneNode(true);
  for (const n of copy.querySelectorAll('.hl, .picked, .moved, .step-focus')) {
    n.classList.remove('hl', 'picked', 'moved', 'step-focus');
  }
  for (const n of copy.querySelectorAll('.moves')) n.remove();
  for (const n of copy.querySelectorAll('[data-moved]')) n.removeAttribute('data-moved');
  return copy.innerHTML;
}"""


@pytest.mark.parametrize("ruleset", ["crane", "bob", "fight-for-the-sky"])
def test_patches_draw_what_full_payloads_draw(server: str, new_page: Any, ruleset: str) -> None:
    w = new_page()
    page = w.page
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived",
            lambda payload: frames.append(json.loads(payload).get("type", "")),
        ),
    )
    start_game(page, server, ruleset, {"raf": ("me", None), "luftwaffe": ("computer", "heuristic")})
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    page.evaluate(FOLLOW, [game_of(page), token_of(page)])
    for turn in range(8):
        if wait_turn(page) != "mine":
            break
        choose(page, turn)
    followed = page.evaluate("window.followed")
    if wait_turn(page) == "mine":
        page.wait_for_timeout(300)  # pushes after the last answer
        drawn, at = page.evaluate(MAP), page.evaluate("document.body.dataset.seq")
        page.reload()  # a new socket: the full payload first
        page.wait_for_function(f"document.body.dataset.seq === '{at}'")
        # a board drawn apart (payload.static_map) is in its slot again
        page.wait_for_function(
            "!document.querySelector('#map [data-static-map]') || "
            "document.querySelector('#map [data-static-map]').childElementCount > 0"
        )
        again = page.evaluate(MAP)
        if again != drawn:
            first = next(i for i, (a, b) in enumerate(zip(again, drawn, strict=False)) if a != b)
            raise AssertionError(
                f"at {at}: {drawn[first - 200 : first + 300]}\n{again[first - 200 : first + 300]}"
            )
    assert "patch" in frames, frames  # the page's own socket got patches
    assert followed["patches"] > 0 and followed["checked"] > 0, followed
    assert followed["wrong"] == [], followed["wrong"]
    assert w.errors == []
    if ruleset == "bob":  # its board comes apart, once, and is drawn in the map's slot
        assert page.evaluate("document.querySelector('#map [data-static-map] path') !== null")

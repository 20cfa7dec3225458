"""303 Squadron's side panel at 1400x900: every label reads whole. Each text of the panel lies
within the map's own box and within the rectangle drawn around it (a button, a Combat card, a
die); a button's lines together are its whole label and a card's its whole name (they were cut
at 80 and 26 characters, and the prompt ran past the map's right edge). A game started from the
lobby, and the Fights of a seeded game of heuristic pilots drawn as the page draws them (the
dice: 'Maneuver (3 blades)' ran out of its 82-unit die)."""

from __future__ import annotations

import random
from typing import Any

from dowding.bots import make_player
from dowding.engine import Chance, Terminal
from dowding.engine.registry import get_game
from dowding.rulesets.squadron303 import svg
from dowding.rulesets.squadron303.bots import fight_in

from .play import choose, start_game, wait_turn
from .test_map_controls import seats_for

CLIPPED = """() => {
  const svg = document.querySelector('#map svg');
  const [vx, vy, vw, vh] = (svg.dataset.whole || svg.getAttribute('viewBox'))
    .split(/[\\s,]+/).map(Number);
  const panel = svg.querySelector('g.panel');
  if (!panel) return [['no panel']];
  const bad = [];
  const inside = (b, r, dx = 0, dy = 0) => b.x + dx >= r.x - 0.5 && b.y + dy >= r.y - 0.5
    && b.x + dx + b.width <= r.x + r.width + 0.5 && b.y + dy + b.height <= r.y + r.height + 0.5;
  const whole = { x: vx, y: vy, width: vw, height: vh };
  const words = (s) => s.split(/\\s+/).filter(Boolean).join(' ');
  // each text within the map and the rectangle beside it, (dx, dy) where the root is placed
  const check = (root, dx, dy) => {
    let n = 0;
    for (const t of root.querySelectorAll('text')) {
      const b = t.getBBox();
      if (!b.width) continue;
      n += 1;
      if (!inside(b, whole, dx, dy)) bad.push(['off the map', t.textContent]);
      const rect = t.parentNode.querySelector(':scope > rect');
      if (rect && !inside(b, rect.getBBox())) bad.push(['out of its box', t.textContent]);
    }
    return n;
  };
  let texts = check(panel, 0, 0);
  for (const g of panel.querySelectorAll('g.option.button')) {
    const said = words([...g.querySelectorAll('text')].map((t) => t.textContent).join(' '));
    const title = words(g.querySelector(':scope > title').textContent);
    if (said !== title) bad.push(['cut', said, title]);
  }
  // a Combat card the board draws once and the hand places (<use>): measured where it stands
  let cards = 0;
  for (const use of panel.querySelectorAll('use')) {
    const shape = document.getElementById((use.getAttribute('href') || '').slice(1));
    if (!shape) { bad.push(['no card', use.getAttribute('href')]); continue; }
    const copy = shape.cloneNode(true);
    copy.removeAttribute('id');
    const at = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    const x = use.x.baseVal.value, y = use.y.baseVal.value;
    at.setAttribute('transform', `translate(${x} ${y})`);
    at.append(copy);
    panel.append(at);
    texts += check(copy, x, y);
    const name = words([...copy.querySelectorAll('text')].map((t) => t.textContent).join(' '));
    const title = copy.querySelector('title').textContent;
    if (!title.startsWith(name + ':')) bad.push(['card cut', name, title.split(':')[0]]);
    at.remove();
    cards += 1;
  }
  return bad.length ? bad : [texts, cards];
}"""


def test_no_label_of_the_side_panel_is_cut(server: str, new_page: Any) -> None:
    w = new_page(1400, 900)
    page = w.page
    start_game(page, server, "squadron303", seats_for("squadron303"))
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#map svg")
    texts = cards = 0
    for turn in range(8):
        if wait_turn(page) != "mine":
            break
        # the cards a hand places are drawn from the board the page fetches once (board.js):
        # under load the panel can be up before it, and a card not yet defined is not cut
        page.wait_for_function("document.querySelector('#map')?.dataset.board === 'drawn'")
        found = page.evaluate(CLIPPED)
        assert isinstance(found[0], int), found[:6]
        texts, cards = max(texts, found[0]), max(cards, found[1])
        choose(page, turn, prefer_map=False)
    # the panel was read with its buttons and the pilots' hands in it
    assert texts >= 20 and cards >= 10, (texts, cards)
    assert not w.errors, w.errors


def _fights(seed: int, wanted: int) -> list[str]:
    """The map of the first ``wanted`` decisions in a Fight of a seeded game of heuristic pilots,
    as the deciding seat sees it."""
    state = get_game("squadron303").new_state(None, {})
    dice = random.Random(seed)
    players = {s: make_player("squadron303", "heuristic", s, seed) for s in state.seat_ids()}
    maps: list[str] = []
    for _ in range(3000):
        node = state.next()
        if isinstance(node, Terminal) or len(maps) >= wanted:
            break
        if isinstance(node, Chance):
            state.apply(node.sample(dice))
            continue
        view = state.view(node.seat)
        if fight_in(view) is not None:
            maps.append(svg.render_svg(view, node.seat, node))
        state.apply(players[node.seat].choose(view, node))
    return maps


def test_no_label_is_cut_in_a_fight(new_page: Any) -> None:
    maps = _fights(seed=0, wanted=6)
    assert len(maps) == 6
    page = new_page(1400, 900).page
    for drawn in maps:
        page.set_content(f"<body style='margin:0'><div id='map'>{drawn}</div></body>")
        found = page.evaluate(CLIPPED)
        assert isinstance(found[0], int), found[:6]
        said = page.eval_on_selector_all("#map g.panel text", "ts => ts.map(t => t.textContent)")
        assert "Your dice:" in said  # the Fight's dice drawn, and measured

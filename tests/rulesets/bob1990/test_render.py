"""The terminal board, the browser map and the words, over a whole random game."""

from __future__ import annotations

import random
from html import escape

from rich.console import Console

from dowding.engine import Decision, Terminal
from dowding.rulesets.bob1990.render import render
from dowding.rulesets.bob1990.svg import render_svg
from dowding.rulesets.bob1990.words import labels, missions_done

from .position import fresh


def test_every_option_is_on_the_map_and_in_words() -> None:
    s = fresh()
    rng = random.Random(11)
    kinds: set[str] = set()
    for step in range(3000):
        node = s.next()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            kind = node.options[0].kind
            if kind not in kinds or step % 97 == 0:
                kinds.add(kind)
                view = s.view(node.seat, infostate=False)
                svg = render_svg(view, node.seat, node)
                for option in node.options:
                    assert f'data-action="{escape(option.text, quote=True)}"' in svg, option.text
                said = labels(view, node)
                assert all(said) and len(said) == len(node.options)
            s.apply(rng.choice(node.options))
        else:
            s.apply(node.sample(rng))
    assert {"assign", "reinforce", "move", "dogfight", "attack", "stack", "match"} <= kinds


def test_the_terminal_board() -> None:
    s = fresh()
    console = Console(width=100, record=True)
    console.print(render(s.view("raf", infostate=False), "raf"))
    text = console.export_text()
    assert "turn 1 of 8" in text and "Norway box" in text
    assert "Mission box: 50 cards" in text


def test_the_terminal_shows_the_dogfight_and_the_drawn_cards() -> None:
    from .test_option_odds import match_position

    s, _ = match_position()
    console = Console(width=80, record=True)
    console.print(render(s.view("raf", infostate=False), "raf"))
    text = console.export_text()
    assert "Dogfight at I17: 2A in 3 stack(s)" in text
    assert "stack 1: 4 face down" in text
    assert "11A drawn for the dogfight: " in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_flights_are_named_on_the_map_and_the_one_to_move_is_ringed() -> None:
    s = fresh()
    rng = random.Random(3)
    while True:  # to the first British move
        node = s.next()
        if isinstance(node, Decision) and node.options[0].kind == "move" and node.seat == "raf":
            break
        s.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
    flight = str(node.options[0].get("flight"))
    view = s.view("raf", infostate=False)
    svg = render_svg(view, "raf", node)
    on_map = [f for f, fl in view["flights"].items() if fl.get("status") in ("map", "landed")]
    for f in on_map:
        assert f'data-flight="{f}"' in svg and f">{f}</text>" in svg, f
    ringed = svg.split(f'data-flight="{flight}"')[1].split("</g>")[0]
    assert 'stroke="#f80"' in ringed and "(the choice now is about it)" in ringed
    assert svg.count('stroke="#f80"') == 1


def test_the_terminal_names_the_completed_missions_in_words() -> None:
    s = fresh()
    cards = sorted(s.c.missions)
    s.completed = (cards[0], cards[-1])
    console = Console(width=100, record=True)
    console.print(render(s.view("raf", infostate=False), "raf"))
    text = " ".join(console.export_text().split())
    words = [s.c.names[m] for m in cards[:1] + cards[-1:]]
    assert f"Completed, 2 of 9 missions: {words[0]}; {words[1]}" in text


def test_a_count_past_the_nine_missions_reads_as_such() -> None:
    """Two missions can complete in one stage: the count is never '10 of 9'."""
    s = fresh()
    s.completed = tuple(sorted(s.c.missions)[:10])
    view = s.view("raf", infostate=False)
    svg = render_svg(view, "raf", None)
    assert "10 missions (9 win)" in svg and "of 9" not in svg
    console = Console(width=100, record=True)
    console.print(render(view, "raf"))
    assert "Completed, 10 missions (9 win):" in " ".join(console.export_text().split())
    assert missions_done(1) == "1 of 9 missions"

"""The crane SVG: valid XML, each option on the table exactly once, free values described."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from dowding.engine import Decision, Terminal
from dowding.engine.record import Match
from dowding.rulesets.crane.svg import render_svg

MAPPED = re.compile(r"^(select plane=|move turn=-?[\d.]+$|place x=|fire |bomb at=)")


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def public(view: dict) -> dict:
    view = dict(view)
    view.pop("infostate", None)
    return view


@pytest.mark.parametrize(("scenario", "seed"), [("eight-heinkels", 1), ("heinkels-and-stukas", 2)])
def test_options_on_the_table_and_free_values_described(scenario: str, seed: int) -> None:
    match = Match("crane", scenario, seed=seed, options={"auto_intercept": False})
    rng = random.Random(seed)
    kinds_seen = set()
    for _ in range(4000):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if not isinstance(node, Decision):
            match.roll()
            continue
        view = public(match.state.view(node.seat))
        root = parsed(render_svg(view, node.seat, node))
        found = [el.attrib["data-action"] for el in root.iter() if "data-action" in el.attrib]
        texts = [o.text for o in node.options]
        assert len(found) == len(set(found))
        assert set(found) <= set(texts)
        for text in texts:
            if MAPPED.match(text):
                assert text in found, f"{text!r} missing ({node.prompt})"
        free = [el.attrib["data-free"] for el in root.iter() if "data-free" in el.attrib]
        kind = node.options[0].kind
        kinds_seen.add(kind)
        if kind == "move":
            assert free == ["move"]
        elif kind == "place":
            assert free == ["place"]
        elif kind == "bomb":
            assert free == ["along"]
        match.play(rng.choice(node.options))
    assert {"place", "select", "move", "fire"} <= kinds_seen


def test_free_move_attributes_and_speed() -> None:
    match = Match("crane", seed=3)
    rng = random.Random(3)
    while True:
        node = match.node()
        if isinstance(node, Decision) and node.options[0].kind == "move":
            break
        match.play(rng.choice(node.options)) if isinstance(node, Decision) else match.roll()
    view = public(match.state.view(node.seat))
    svg = render_svg(view, node.seat, node)
    assert render_svg(view, node.seat, node) == svg
    root = parsed(svg)
    assert root.attrib["data-axes"] == "yx" and float(root.attrib["data-inch"]) > 0
    (drag,) = [el for el in root.iter() if el.attrib.get("data-free") == "move"]
    for key in ("data-origin", "data-heading", "data-straight", "data-total", "data-max-turn"):
        assert key in drag.attrib
    # its speed is measured, not asserted: scripts/svg_speed.py, docs/benchmarks.md


def test_a_fire_arc_never_takes_the_click_of_a_plane_under_it() -> None:
    """Issue 12, defect 3: a plane inside another fighter's wedge is clicked, not the fighter."""
    from tests.rulesets.crane.position import position

    # V1-1 flies north with B1-1 2" ahead, inside its fire arc; both may be selected to move
    state = position(
        {"V1-1": (20, 30, 0), "V1-2": (22, 30, 0), "B1-1": (20, 32, 0)}, [("select", "raf")]
    )
    node = state.next()
    assert isinstance(node, Decision)
    view = public(state.view(node.seat))
    root = parsed(render_svg(view, node.seat, node))
    clickable = [el for el in root.iter() if "data-action" in el.attrib]
    assert any(el.attrib["data-action"] == "select plane=V1-1" for el in clickable)
    for el in clickable:
        inside = [c for c in el.iter() if c.attrib.get("class") == "arc"]
        assert not inside, f"a fire arc inside the clickable {el.attrib['data-action']!r}"
    arcs = [el for el in root.iter() if el.attrib.get("class") == "arc"]
    assert arcs and all(el.attrib.get("pointer-events") == "none" for el in arcs)
    # every wedge is drawn before (under) every plane
    order = [
        el for el in root.iter() if el.attrib.get("class") == "arc" or "data-plane" in el.attrib
    ]
    last_arc = max(i for i, el in enumerate(order) if el.attrib.get("class") == "arc")
    first_plane = min(i for i, el in enumerate(order) if "data-plane" in el.attrib)
    assert last_arc < first_plane

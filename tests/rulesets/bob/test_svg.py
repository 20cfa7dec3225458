"""The bob SVG: valid XML, each option on the table exactly once, nothing hidden drawn."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET

import pytest

from dowding.engine import Decision, Terminal
from dowding.engine.record import Match
from dowding.rulesets.bob.svg import card_symbols, render_dynamic, render_static, render_svg

# option kinds that name something on the table, so they must be clickable there
MAPPED = re.compile(
    r"^(move to=|resolve space=|assign mission=|pick card=|repair |assist to=|fly flight=|"
    r"intercept flight=)"
)
CARD_ID = re.compile(r"\b(?:raf|lw)-\d+-\d+\b")
MISSION_ID = re.compile(r"\bM\d\d-\d\d\b")


def actions_in(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.attrib["data-action"] for el in root.iter() if "data-action" in el.attrib]


def public(view: dict) -> dict:
    view = dict(view)
    view.pop("infostate", None)
    return view


def check_seat(match: Match, seat: str, node: object) -> None:
    view = public(match.state.view(seat))
    decision = node if isinstance(node, Decision) and node.seat == seat else None
    svg = render_svg(view, seat, decision)
    found = actions_in(svg)  # also parses: the document is well-formed XML
    assert len(found) == len(set(found)), "an option drawn twice"
    texts = [o.text for o in decision.options] if decision else []
    assert set(found) <= set(texts)
    for text in texts:
        if MAPPED.match(text):
            assert text in found, f"{text!r} is not on the table ({decision.prompt})"
    # Squadron Alert: a drawn card and a flight's box, two clicks that make the option
    parts = {el.attrib["data-part"] for el in ET.fromstring(svg).iter() if "data-part" in el.attrib}
    for text in texts:
        if text.startswith("place card="):
            card, flight = text.split()[1:]
            assert {card, flight} <= parts, f"{text!r} cannot be made on the table"
    # nothing the view hides: every card or mission id drawn is one the view already holds
    seen = json.dumps(view)
    assert set(CARD_ID.findall(svg)) <= set(CARD_ID.findall(seen))
    assert set(MISSION_ID.findall(svg)) <= set(MISSION_ID.findall(seen))
    # nor through the board's shapes: a card placed by its shape is one the view holds face up
    assert placed_cards(svg) <= set(CARD_ID.findall(seen))


def placed_cards(svg: str) -> set[str]:
    """The cards a map places as the static board draws them (``<use href="#bk12">``)."""
    by_symbol = {sid: cid for cid, (sid, _) in card_symbols().items()}
    return {by_symbol[s] for s in re.findall(r'href="#(bk\d+)"', svg)}


@pytest.mark.parametrize("seed", [1, 2])
def test_options_on_the_table_and_secrets_kept(seed: int) -> None:
    match = Match("bob", "channel-battle", seed=seed)
    rng = random.Random(seed)
    for step in range(1000):
        node = match.node()
        if isinstance(node, Terminal):
            break
        if isinstance(node, Decision):
            if step % 5 == 0 or not node.options[0].text.startswith(("move", "fly")):
                for seat in ("raf", "luftwaffe"):
                    check_seat(match, seat, node)
            match.play(rng.choice(node.options))
        else:
            match.roll()


def test_the_raf_never_sees_luftwaffe_cards_or_missions_face_down() -> None:
    match = Match("bob", "channel-battle", seed=4)
    rng = random.Random(4)
    while True:
        node = match.node()
        if isinstance(node, Decision) and node.seat == "raf":
            break
        match.play(rng.choice(node.options)) if isinstance(node, Decision) else match.roll()
    view = public(match.state.view("raf"))
    assert not view["damaged"], "this check wants every Luftwaffe card face down"
    # the board (the same for everyone) draws each kind of card once; what the seat is sent
    # beside it names no Luftwaffe card, type or squadron
    svg = render_dynamic(view, "raf", node)
    assert not re.search(r"\blw-\d", svg)
    assert not any(name in svg for name in ("He111", "Do17", "Ju88", "Bf109", "Bf110", "Ju87"))
    assert not any(c.startswith("lw-") for c in placed_cards(svg))
    assert "face-down squadron card" in svg
    assert not re.search(r"\b(?:raf|lw)-\d", render_static())
    lw_view = public(match.state.view("luftwaffe"))
    lw_cards = set(CARD_ID.findall(render_svg(lw_view, "luftwaffe", None)))
    assert any(c.startswith("lw-") for c in lw_cards)
    assert not any(c.startswith("raf-") for c in lw_cards)


def test_deterministic_fast_and_escaped() -> None:
    match = Match("bob", "london-burning", seed=7)
    rng = random.Random(7)
    for _ in range(200):
        node = match.node()
        if isinstance(node, Terminal):
            break
        match.play(rng.choice(node.options)) if isinstance(node, Decision) else match.roll()
    node = match.node()
    seat = node.seat if isinstance(node, Decision) else "raf"
    view = public(match.state.view(seat))
    decision = node if isinstance(node, Decision) else None
    first = render_svg(view, seat, decision)
    assert render_svg(view, seat, decision) == first
    # its speed is measured, not asserted: scripts/svg_speed.py, docs/benchmarks.md
    # a payload-style decision (dicts) works the same, and odd text is escaped
    as_dict = None
    if decision is not None:
        as_dict = {"options": [{"text": o.text} for o in decision.options], "free": None}
        assert actions_in(render_svg(view, seat, as_dict)) == actions_in(first)
    odd = dict(view, step='<script>&"')
    ET.fromstring(render_svg(odd, seat, as_dict))


def test_spectator_sees_both_sides_face_down() -> None:
    match = Match("bob", "channel-battle", seed=3)
    svg = render_svg(public(match.state.view(None)), None, None)
    ET.fromstring(svg)
    assert not CARD_ID.findall(svg)


def test_each_side_keeps_its_own_damaged_box() -> None:
    """Issue 12, defect 4: a lost RAF card is drawn in its Group's damaged box, never among the
    Luftwaffe's; every Group shows its damaged box (as the terminal does)."""
    from tests.rulesets.bob.position import blank, damage, take

    state = blank()
    raf_card = take(state, 11, spitfire=1)[0]
    lw_card = take(state, 2, he111=1)[0]
    damage(state, [raf_card, lw_card])
    for seat in ("raf", "luftwaffe"):
        root = ET.fromstring(render_svg(public(state.view(seat)), seat, None))
        boxes = {el.attrib["data-damaged"]: el for el in root.iter() if "data-damaged" in el.attrib}
        assert {"raf-10", "raf-11", "raf-12", "raf-13", "luftwaffe"} <= set(boxes), seat

        def cards_in(key: str, boxes: dict[str, ET.Element] = boxes) -> set[str]:
            return {el.attrib["data-card"] for el in boxes[key].iter() if "data-card" in el.attrib}

        assert cards_in("raf-11") == {raf_card}
        assert cards_in("luftwaffe") == {lw_card}
        assert not cards_in("raf-10") | cards_in("raf-12") | cards_in("raf-13")

"""The Fight for the Sky map's rosters: squadrons on the ground, formations as the view knows them."""

from __future__ import annotations

import random
import re
import xml.dom.minidom

from dowding.engine import Chance, Decision, Match
from dowding.rulesets.fight_for_the_sky.svg import render_svg


def _until(match: Match, want: str, seat: str) -> Decision:
    rng = random.Random(1)
    for _ in range(3000):
        node = match.node()
        if isinstance(node, Chance):
            match.roll()
        elif isinstance(node, Decision):
            if node.seat == seat and any(o.kind == want for o in node.options):
                return node
            match.play(rng.choice(node.options))
    raise AssertionError(f"no {want} decision")


def test_squadrons_on_the_ground_are_listed_and_clickable() -> None:
    match = Match("fight-for-the-sky", "basic", {}, seed=1)
    node = _until(match, "select", "raf")
    svg = render_svg(match.state.view("raf", infostate=False), "raf", node)
    xml.dom.minidom.parseString(svg)
    assert "RAF squadrons" in svg and "Biggin Hill sector" in svg
    assert re.search(r"\d+ Squadron \((Spitfire|Hurricane), 4 flights\): at [A-Z]", svg)
    for option in node.options:
        if option.kind == "select":  # even a squadron on the ground has a place to click
            assert f'class="roster-raf option" data-action="{option.text}"' in svg
    # the RAF sees the formations face down: their counters, never their aircraft
    assert "face-down formation on" in svg and "Do 17" not in svg and "He 111" not in svg


def test_known_formations_show_their_aircraft() -> None:
    match = Match("fight-for-the-sky", "basic", {}, seed=1)
    node = _until(match, "select", "raf")
    svg = render_svg(match.state.view("luftwaffe", infostate=False), "luftwaffe", None)
    assert re.search(r"raid on [A-Z]\d+[^<]*\(\d+ (Do 17|He 111|Ju 88|Ju 87|Me 1[01]9)", svg)
    assert "bound for" in svg  # its own targets, which the Luftwaffe knows
    assert node.seat == "raf"


def test_the_luftwaffes_sheet_shows_take_off_turns_and_patrol_areas() -> None:
    """Preplanning with Hunter Packs: the Luftwaffe's roster reads its own sheet, each planned
    formation's take-off turn and a patrol's patrol area; the RAF's shows neither."""
    match = Match(
        "fight-for-the-sky", "intermediate", {"preplanning": True, "hunter_packs": True}, seed=1
    )
    for text in ("form type=patrol", "add unit=64", "close", "patrol at=T7", "launch turn=10"):
        assert isinstance(match.node(), Decision)
        match.play(text)
    mine = render_svg(match.state.view("luftwaffe", infostate=False), "luftwaffe", None)
    assert "patrol taking off on turn 10 (1 Me 109, patrol area T7)" in mine
    theirs = render_svg(match.state.view("raf", infostate=False), "raf", None)
    assert "turn 10" not in theirs and "T7)" not in theirs

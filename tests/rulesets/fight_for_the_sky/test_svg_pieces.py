"""The map's pieces carry their ids and points (data-piece, data-at) for the page's arrows of
what moved (moves.js): squadrons for every seat, formations only where the seat's view names
them, since a formation's number says which of the Basic Game's formations it is."""

from __future__ import annotations

import re

from dowding.rulesets.fight_for_the_sky.components import LUFTWAFFE, RAF
from dowding.rulesets.fight_for_the_sky.svg import render_dynamic, render_svg

from .position import blank, fly, formation

PIECE = re.compile(r'<g class="(raf|formation)"[^>]*?data-piece="([^"]+)" data-at="([^"]+)"')


def _pieces(svg: str) -> dict[str, str]:
    return {m.group(2): m.group(3) for m in PIECE.finditer(svg)}


def test_squadrons_and_the_luftwaffe_s_formations_carry_ids_and_points() -> None:
    s = blank("basic")
    formation(s, (31, 32), "O7", "hawkinge")
    fly(s, "56", "O7")
    fly(s, "501", "O7")
    fly(s, "32", "K5")
    lw = _pieces(render_svg(s.view(LUFTWAFFE), LUFTWAFFE))
    raf = _pieces(render_dynamic(s.view(RAF), RAF))
    assert {"56", "501", "32"} <= set(raf) and {"56", "501", "32"} <= set(lw)
    assert f"formation-{s.forms[0].id}" in lw
    assert not [p for p in raf if p.startswith("formation")]  # hidden from the RAF
    assert 'class="formation"' in render_dynamic(s.view(RAF), RAF)  # drawn all the same
    # a squadron's point is its hex's, not its place in the stack, which others change
    assert raf["56"] == raf["501"] != raf["32"]
    fly(s, "501", "K5")
    again = _pieces(render_dynamic(s.view(RAF), RAF))
    assert again["56"] == raf["56"] and again["501"] == raf["32"]


def test_a_target_is_labelled_on_the_map_by_a_name_not_a_compass_word() -> None:
    from dowding.engine import get_game
    from dowding.rulesets.fight_for_the_sky.svg import map_label, render_svg

    assert map_label("West Malling") == "W. Malling" and map_label("North Weald") == "N. Weald"
    assert map_label("Biggin Hill") == "Biggin" and map_label("Rye") == "Rye"
    view = get_game("fight-for-the-sky").new_state("intermediate", {}).view("raf", infostate=False)
    svg = render_svg(view, "raf", None)
    assert ">W. Malling AA3<" in svg and ">N. Weald AA3<" in svg and ">West AA" not in svg

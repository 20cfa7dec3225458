"""Secrets: the German Flight boxes and missions from the British player, the British cards
drawn for a dogfight from the German player, the British player's own unseen cards from both."""

from __future__ import annotations

import json
import random

from dowding.engine import Action

from .position import fresh, until


def test_the_british_player_sees_counts_not_german_cards_or_missions() -> None:
    s = fresh()
    until(s, "lw_move")
    raf, lw = s.view("raf"), s.view("luftwaffe")
    assert set(raf["missions"]["assigned"].values()) == {"face down"}
    assert "face down" not in lw["missions"]["assigned"].values()
    assert "fb:2A" not in raf["cards"] and raf["face_down"]["fb:2A"] == 6
    assert len(lw["cards"]["fb:2A"]) == 6
    assert raf["flights"]["2A"]["cards"] == 6


def test_the_british_flight_boxes_are_nobody_yet() -> None:
    s = fresh()
    until(s, "lw_move")
    for seat in ("raf", "luftwaffe", None):
        view = s.view(seat)
        assert not any(k.startswith("fb:1") for k in view["cards"])
        assert view["flights"]["11A"]["unseen"] == 3


def test_a_re_deal_keeps_each_seats_view() -> None:
    s = fresh()
    rng = random.Random(4)
    until(s, "lw_move")
    for seat in ("raf", "luftwaffe"):
        for k in range(3):
            other = s.determinize(seat, random.Random(k))
            assert json.dumps(other.view(seat), sort_keys=True) == json.dumps(
                s.view(seat), sort_keys=True
            )
    moved = s.determinize("raf", rng)
    assert moved.assigned != s.assigned or moved.loc != s.loc  # something was re-dealt


def test_a_bombing_flight_shows_its_cards() -> None:
    s = fresh()
    until(s, "lw_move")
    s.assigned[2] = "C11-01"
    s.set("2A", pos=s.c.board.space_of("London"), airborne=True, rs=True)
    s.queue = (("bombing",), *s.queue[1:])
    s._node = None
    s.apply(Action("bomb", flight="2A", target="London"))
    assert set(s.fb("2A")) <= s.revealed
    assert "fb:2A" in s.view("raf")["cards"]

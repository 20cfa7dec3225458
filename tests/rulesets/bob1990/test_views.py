"""Secrets: the German Flight boxes and missions from the British player, the British cards
drawn for a dogfight from the German player, the British player's own unseen cards from both."""

from __future__ import annotations

import json
import random

from dowding.engine import Action, Decision, Terminal

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


def test_hidden_cards_in_one_pass_agree_with_hidden_from() -> None:
    s = fresh()
    rng = random.Random(3)
    for step in range(2500):
        node = s.next()
        if isinstance(node, Terminal):
            break
        if step % 7 == 0 or s.fight:
            for seat in ("raf", "luftwaffe", None):
                slow = {c for c in s.loc if s.hidden_from(seat, c)}
                assert s.hidden_cards(seat) == slow, (step, seat)
        s.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))

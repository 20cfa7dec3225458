"""The narration's words are kept per view context (planes and German aircraft): the words a
view gets are always those worked out from that view, whatever was worded before."""

from __future__ import annotations

import copy
import random
from typing import Any

from dowding.engine import Chance, Decision, Match
from dowding.rulesets.squadron303 import words


def _view_mid_game() -> dict[str, Any]:
    match = Match("squadron303", "battle-of-britain-day", {"players": "2"}, seed=7)
    rng = random.Random(7)
    for _ in range(60):
        node = match.node()
        if isinstance(node, Chance):
            match.roll()
        elif isinstance(node, Decision):
            match.play(rng.choice(node.options))
    return match.state.view("p1")


def test_words_follow_the_view_they_are_asked_for() -> None:
    view = _view_mid_game()
    plane = view["planes"][0]
    german = view["germans"][0]
    line = f"{plane['id']}'s dice against {german['id']}"
    first = words.narrate(view, line)
    assert first == words._narrate(view, line)
    assert words.narrate(view, line) == first  # kept, and the same
    # another view with another pilot in that plane: its own words, not the first view's
    other = copy.deepcopy(view)
    other["planes"][0]["pilot"] = next(p for p in words._pilots() if p != plane["pilot"])
    again = words.narrate(other, line)
    assert again == words._narrate(other, line) != first
    assert words.narrate(view, line) == first  # the first view's words are unchanged

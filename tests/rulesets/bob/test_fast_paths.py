"""What the search player's rollouts and re-deals read, held against the plain rule at every
node of whole games: the brief view (``BobState.view(brief=True)``) has the full view's flights,
cards and combat, and the card lists kept between views of one ``card_loc``
(``_BRIEF_SHELVES``) are the lists read afresh; the cards face up all at once
(``_face_up_cards``) are those ``_face_up`` holds face up one by one."""

from __future__ import annotations

import random

import pytest

from dowding.bots import make_player
from dowding.engine import Chance, Decision, Terminal, get_game
from dowding.rulesets.bob import state as bob_state
from dowding.rulesets.bob.state import BobState

SEATS = ("raf", "luftwaffe", None)


def _cards(view: dict) -> dict[str, list[tuple[object, ...]]]:
    got = {
        fid: [tuple(sorted(c.items())) for c in f["cards"]] for fid, f in view["flights"].items()
    }
    got["damaged"] = [tuple(sorted(c.items())) for c in view["damaged"]]
    got["drawn"] = [tuple(sorted(c.items())) for c in view["drawn"]]
    return got


@pytest.mark.parametrize("scenario", ["channel-battle", "duel-of-eagles"])
def test_a_brief_view_kept_between_views_is_the_view_read_afresh(scenario: str) -> None:
    checked = kept = faces = 0
    for seed in (1,):
        state = get_game("bob").new_state(scenario, {})
        assert isinstance(state, BobState)
        rng = random.Random(seed)
        players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
        while True:
            node = state.next()
            if isinstance(node, Terminal):
                break
            for seat in SEATS:
                first = state.view(seat, infostate=False, brief=True)
                again = state.view(seat, infostate=False, brief=True)  # from the kept lists
                memo = bob_state._BRIEF_SHELVES.get(state.side_of_seat(seat))
                kept += memo is not None and memo[0] is state.card_loc
                bob_state._BRIEF_SHELVES.clear()
                fresh = state.view(seat, infostate=False, brief=True)
                full = state.view(seat, infostate=False)
                assert first == again == fresh
                # the brief view's cards are the full view's (its card entries are the same)
                assert _cards(fresh) == _cards(full)
                assert fresh["flights"].keys() == full["flights"].keys()
                assert fresh["air_combat"] == full["air_combat"]
                checked += 1
            up = state._face_up_cards()
            assert up == {c for c in range(len(state.card_loc)) if state._face_up(c)}
            faces += bool(up)
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                state.apply(players[node.seat].choose(state.view(node.seat), node))
    assert checked > 500
    assert kept > checked // 2  # most views are of a position without a face-up card
    assert faces > 5  # intercepts and dogfights came


def test_a_kept_list_is_not_shared_with_the_view() -> None:
    """A caller that changes its view's lists changes nothing kept for the next view."""
    state = get_game("bob").new_state("channel-battle", {})
    rng = random.Random(3)
    while True:  # on to a position with cards in a Flight box
        seen = state.view("raf", infostate=False, brief=True)
        if any(f["cards"] for f in seen["flights"].values()):
            break
        node = state.next()
        assert not isinstance(node, Terminal)
        state.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
    some = next(f for f in seen["flights"].values() if f["cards"])
    some["cards"].clear()
    seen["damaged"].append({"id": "x"})
    again = state.view("raf", infostate=False, brief=True)
    assert any(f["cards"] for f in again["flights"].values())
    assert again["damaged"] == []


def test_every_space_distance_to_one_is_the_distance() -> None:
    """``Board.distances_to``, the row the bots' path searches read, against ``distance``."""
    from dowding.rulesets.bob.board import load_board

    board = load_board()
    spaces = list(board.spaces)
    for to in (*spaces[::37], board.box):
        row = board.distances_to(to)
        assert row.keys() == set(spaces)
        assert all(row[s] == board.distance(s, to) for s in spaces)
        assert board.distances_to(to) is row  # made once

"""The search player remembers what it saw: a bob card seen face up in an earlier combat stays
where it was in every world the player imagines (issue 15, item 3)."""

from __future__ import annotations

import random

from dowding.bots import make_player
from dowding.engine import Chance, Decision, Terminal, get_game


def _seen_then_hidden(seed: int) -> list[tuple[object, str, dict[int, str]]]:
    """Play a heuristic Channel Battle and return, at decisions after a combat is over, the
    state, a seat of the other side, and the cards of one side seen face up earlier that lie
    face down where they were then (tracked here from the rules' own ``_face_up``)."""
    game = get_game("bob")
    state = game.new_state("channel-battle", {})
    players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
    rng = random.Random(seed)
    seen: dict[int, str] = {}  # card -> where it lay when it was face up
    found = []
    while not isinstance(node := state.next(), Terminal):
        loc = state.card_loc  # type: ignore[attr-defined]
        seen = {c: where for c, where in seen.items() if loc[c] == where}
        for c in range(len(loc)):
            if state._face_up(c):  # type: ignore[attr-defined]
                seen[c] = loc[c]
        if isinstance(node, Decision) and state.fight is None and seen:  # type: ignore[attr-defined]
            sides = {state.t.cards[c].side for c in seen}  # type: ignore[attr-defined]
            for seat in state.seat_ids():
                side = state.side_of_seat(seat)  # type: ignore[attr-defined]
                theirs = {
                    c: w
                    for c, w in seen.items()
                    if state.t.cards[c].side != side  # type: ignore[attr-defined]
                }
                if theirs and (sides - {side}):
                    found.append((state.copy(), seat, theirs))
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
        else:
            assert isinstance(node, Decision)
            state.apply(players[node.seat].choose(state.view(node.seat), node))
        if len(found) >= 12:
            break
    return found


def test_cards_seen_face_up_stay_where_they_were_in_every_determinization() -> None:
    found = _seen_then_hidden(3)
    assert found, "no card was seen face up and then hidden in this game"
    hidden_again = 0
    for state, seat, theirs in found:
        # still face down to this seat now, else there is nothing to remember
        view = state.view(seat)  # type: ignore[attr-defined]
        assert view["infostate"] is not None
        for k in range(20):
            world = state.determinize(seat, random.Random(k))  # type: ignore[attr-defined]
            for c, where in theirs.items():
                assert world.card_loc[c] == where, (seat, state.t.cards[c].id, where)  # type: ignore[attr-defined]
        # and the world the player starts from (its view alone) keeps them as well
        game = get_game("bob")
        for k in range(5):
            world = game.state_from_view(view, seat, random.Random(k))
            for c, where in theirs.items():
                assert world.card_loc[c] == where  # type: ignore[attr-defined]
        hidden_again += len(theirs)
    assert hidden_again


def test_a_card_seen_face_up_is_followed_home_with_its_flight() -> None:
    """Step 9 returns a flight's box whole to its combat ready box, in sight of both sides: a
    card of it seen face up stays known there (and in every world), until it is dealt face down
    from among the others there, when it is forgotten."""
    from dowding.rulesets.bob.state import CRB

    game = get_game("bob")
    followed = forgotten = 0
    for seed in range(3, 13):
        if followed and forgotten:
            break
        state = game.new_state("campaign", {})
        players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
        rng = random.Random(seed)
        while not isinstance(node := state.next(), Terminal):
            before = dict(state.shown)  # type: ignore[attr-defined]
            boxes = state.card_loc  # type: ignore[attr-defined]
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                state.apply(players[node.seat].choose(state.view(node.seat), node))
            after = dict(state.shown)  # type: ignore[attr-defined]
            loc = state.card_loc  # type: ignore[attr-defined]
            for c, where in before.items():
                if loc[c] == where:
                    continue
                if where.startswith("f:") and loc[c] == CRB:
                    mates = [x for x, w in enumerate(boxes) if w == where]
                    if all(loc[x] == CRB for x in mates):
                        assert after.get(c) == CRB  # followed home
                        other = next(
                            s
                            for s in state.seat_ids()
                            if state.side_of_seat(s) != state.t.cards[c].side  # type: ignore[attr-defined]
                        )
                        for k in range(5):
                            world = game.state_from_view(state.view(other), other, random.Random(k))
                            assert world.card_loc[c] == CRB  # type: ignore[attr-defined]
                        followed += 1
                elif where == CRB:
                    assert c not in after  # dealt face down from the pool: forgotten
                    forgotten += 1
    assert followed and forgotten, (followed, forgotten)

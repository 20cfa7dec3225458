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
    from among the others there, when it is only traced to the places they went."""
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
                elif where == CRB and loc[c] not in ("dmg", "out") and not state._face_up(c):  # type: ignore[attr-defined]
                    card = state.t.cards[c]  # type: ignore[attr-defined]
                    mates = state.t.unit_cards[card.side, card.unit]  # type: ignore[attr-defined]
                    if any(boxes[x] == CRB and loc[x] != loc[c] for x in mates):
                        # dealt face down from among others: no longer known, only traced
                        assert c not in after
                        traced = dict(state.traced)  # type: ignore[attr-defined]
                        assert c not in traced or loc[c] in traced[c]
                        forgotten += 1
    assert followed and forgotten, (followed, forgotten)


def _luftwaffe_seat(state: object) -> str:
    return next(s for s in state.seat_ids() if state.side_of_seat(s) == "luftwaffe")  # type: ignore[attr-defined]


def test_a_card_dealt_face_down_from_among_others_is_traced_to_where_they_went() -> None:
    """A card known to lie in 11 Group's combat ready box, when three cards of that box are dealt
    face down to 11A's box: the Luftwaffe player knows it is in one of the two, not in 11B's
    box, nor in another Group's; every world keeps it there."""
    from dowding.rulesets.bob.pieces import box
    from dowding.rulesets.bob.state import CRB

    game = get_game("bob")
    state = game.new_state("channel-battle", {})
    eleven = list(state.t.unit_cards["raf", 11])  # type: ignore[attr-defined]
    seen, dealt, elsewhere = eleven[0], eleven[1:4], eleven[4:6]
    state._move_cards(elsewhere, box("11B"))  # type: ignore[attr-defined]
    state.shown = ((seen, CRB),)  # type: ignore[attr-defined]
    state._shown_at = state.card_loc  # type: ignore[attr-defined]
    # the true deal takes the seen card with two others
    state._move_cards([seen, *dealt[:2]], box("11A"))  # type: ignore[attr-defined]
    state._remember_shown()  # type: ignore[attr-defined]
    assert state.shown == ()  # type: ignore[attr-defined]
    assert state.traced == ((seen, (CRB, box("11A"))),)  # type: ignore[attr-defined]
    seat = _luftwaffe_seat(state)
    places: dict[str, int] = {}
    for k in range(60):
        world = state.determinize(seat, random.Random(k))  # type: ignore[attr-defined]
        where = world.card_loc[seen]
        assert where in (CRB, box("11A")), where
        places[where] = places.get(where, 0) + 1
        # and the other hidden cards of 11 Group still fill the same boxes
        assert sorted(world.card_loc[c] for c in eleven) == sorted(
            state.card_loc[c]  # type: ignore[attr-defined]
            for c in eleven
        )
    assert set(places) == {CRB, box("11A")}  # either, as the seat cannot tell which
    for k in range(5):
        world = game.state_from_view(state.view(seat), seat, random.Random(k))  # type: ignore[attr-defined]
        assert world.card_loc[seen] in (CRB, box("11A"))  # type: ignore[attr-defined]
    # when 11A's box then returns whole to the combat ready box, the card is known there again
    state._move_cards([seen, *dealt[:2]], CRB)  # type: ignore[attr-defined]
    state._remember_shown()  # type: ignore[attr-defined]
    assert state.shown == ((seen, CRB),)  # type: ignore[attr-defined]
    assert state.traced == ()  # type: ignore[attr-defined]


def test_a_trace_that_takes_in_every_place_of_its_unit_is_forgotten() -> None:
    from dowding.rulesets.bob.pieces import box
    from dowding.rulesets.bob.state import CRB

    state = get_game("bob").new_state("channel-battle", {})
    ten = list(state.t.unit_cards["raf", 10])  # type: ignore[attr-defined]
    state._move_cards(ten[-2:], box("10B"))  # type: ignore[attr-defined]
    state.shown = ((ten[0], CRB),)  # type: ignore[attr-defined]
    state._shown_at = state.card_loc  # type: ignore[attr-defined]
    state._move_cards([ten[0], ten[1]], box("10A"))  # type: ignore[attr-defined]
    state._remember_shown()  # type: ignore[attr-defined]
    assert state.traced == ((ten[0], (CRB, box("10A"))),)  # type: ignore[attr-defined]
    # every card of 10 Group's combat ready box dealt to 10B and 10C: it may be in any box
    # (10A, 10B, 10C) that 10 Group's unseen cards lie in
    rest = [c for c in ten if state.card_loc[c] == CRB]  # type: ignore[attr-defined]
    state._move_cards(rest[: len(rest) // 2], box("10B"))  # type: ignore[attr-defined]
    state._move_cards(rest[len(rest) // 2 :], box("10C"))  # type: ignore[attr-defined]
    state._remember_shown()  # type: ignore[attr-defined]
    assert state.traced == ()  # type: ignore[attr-defined]
    assert state.shown == ()  # type: ignore[attr-defined]


def test_traced_cards_stay_within_their_places_in_every_world_of_a_game() -> None:
    """Heuristic Campaign games: every trace holds the card's true place, tells the seat
    something (fewer places than its unit's unseen cards lie in), and every world the other
    side imagines keeps the card within it; the canonical infostate is the same in each."""
    game = get_game("bob")
    checked = 0
    for seed in range(2):
        state = game.new_state("campaign", {})
        players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
        rng = random.Random(seed)
        step = 0
        while not isinstance(node := state.next(), Terminal):
            step += 1
            for c, places in state.traced:  # type: ignore[attr-defined]
                assert state.card_loc[c] in places  # type: ignore[attr-defined]
            if state.traced and step % 11 == 0:  # type: ignore[attr-defined]
                for seat in state.seat_ids():
                    side = state.side_of_seat(seat)  # type: ignore[attr-defined]
                    theirs = [
                        (c, p)
                        for c, p in state.traced  # type: ignore[attr-defined]
                        if state.t.cards[c].side != side  # type: ignore[attr-defined]
                    ]
                    for k in range(2):
                        world = state.determinize(seat, random.Random(k))  # type: ignore[attr-defined]
                        assert world.infostate(seat) == state.infostate(seat)  # type: ignore[attr-defined]
                        for c, places in theirs:
                            assert world.card_loc[c] in places
                            checked += 1
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                state.apply(players[node.seat].choose(state.view(node.seat), node))
    assert checked > 100, checked


def test_within_traces_finds_room_for_every_traced_card() -> None:
    """Places X, Y, Y: a card that may be in X or Y, and one that may only be in X. Whatever the
    re-deal put first, both end where they may be (the first moves over to Y)."""
    from dowding.rulesets.bob.state import _within_traces

    cards = [10, 11, 12]
    locs = {10: "X", 11: "Y", 12: "Y"}
    traced = {10: ("X", "Y"), 11: ("X",)}
    loc_list = [locs.get(i, "") for i in range(13)]
    for k in range(30):
        arranged = list(cards)
        random.Random(k).shuffle(arranged)
        out = _within_traces(cards, arranged, loc_list, traced)
        assert sorted(out) == cards
        where = {card: loc_list[cards[j]] for j, card in enumerate(out)}
        assert where[11] == "X" and where[10] == "Y", (arranged, out)

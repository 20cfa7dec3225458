"""The raw engine's fast paths give what the plain rules give (issue 13, engine speed): the
flights built field by field, the card lookups, the narration made once a text, the move
decisions kept on a search's answer. Each is checked at every decision of random games, against
the rule written plainly here, and copies taken on the way stay as they were."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import compress

import pytest

from dowding.engine import Action, Chance, Decision, Draw, Event, Terminal
from dowding.rulesets.bob1990 import GAME
from dowding.rulesets.bob1990.components import LW_FLIGHTS, RAF_FLIGHTS
from dowding.rulesets.bob1990.flights import (
    Flight,
    command,
    lw_moved,
    raf_moved,
    stage_cleared,
)
from dowding.rulesets.bob1990.moving import move_to, stage_tasks
from dowding.rulesets.bob1990.state import Bob1990State

UNITS = (2, 3, 5, 10, 11, 12, 13)
OPTION_SETS = ({}, {"cell_km": 25, "move_order": "chosen", "fighters_leave": "bf109"})


def positions(seed: int, options: dict[str, object], every: int = 1) -> Iterator[Bob1990State]:
    """Every ``every``-th position of a random game, up to its end."""
    rng = random.Random(seed)
    state = GAME.new_state(None, options)
    step = 0
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            return
        if step % every == 0:
            yield state
        state.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
        step += 1


def plain_cards_at(state: Bob1990State, unit: int, place: str) -> list[str]:
    deck = state.c.decks[unit]
    return list(compress(deck, (state.loc[c] == place for c in deck)))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_card_lookups_match_the_plain_rule(options: dict[str, object]) -> None:
    for state in positions(1, options, every=7):
        for unit in UNITS:
            assert state.pool(unit) == plain_cards_at(state, unit, "crb")
            assert state.pool_items(unit) == tuple(plain_cards_at(state, unit, "crb"))
            for place in ("dmg", "stack:1", "stack:2", "stack:3", "shot"):
                assert state.cards_at(place, unit) == plain_cards_at(state, unit, place)
        for unit in UNITS:
            assert state.unit_strength(unit) == len(state.unit_cards(unit))
            for place in ("dmg", "crb", "shot"):
                assert state.any_at(place, unit) == bool(plain_cards_at(state, unit, place))
        for f in RAF_FLIGHTS + LW_FLIGHTS:
            assert state.fb(f) == plain_cards_at(state, command(f), "fb:" + f)
            box = plain_cards_at(state, command(f), "fb:" + f)
            assert state.count_at("fb:" + f, command(f)) == len(box)
            assert state.fb_size(f) == len(box) + state.unseen.get(f, 0)
            assert state.has_cards(f) == bool(box or state.unseen.get(f))
            hand = "hand:" + f
            assert state.cards_at(hand, command(f)) == [
                c for c in state.loc if state.loc[c] == hand
            ]


def plain_contested(state: Bob1990State) -> list[str]:
    """B.II: spaces with an unattacked German flight and a British flight that has not
    attacked, both with cards."""

    def ready(f: str) -> bool:
        flight = state.fl[f]
        return flight.status == "map" and not flight.attacked and state.has_cards(f)

    lw = {state.fl[f].pos for f in LW_FLIGHTS if ready(f)}
    raf = {state.fl[f].pos for f in RAF_FLIGHTS if ready(f)}
    return sorted(s for s in lw & raf if s is not None)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_dogfight_spaces_match_the_plain_rule(options: dict[str, object]) -> None:
    for state in positions(6, options):
        assert state.contested() == plain_contested(state)


def test_flights_built_by_hand_match_replace() -> None:
    seen = 0
    for state in positions(2, {}, every=5):
        for flight in state.fl.values():
            seen += 1
            assert type(raf_moved(flight, "K17", 2, True)) is Flight
            assert raf_moved(flight, "K17", 2, True) == flight._replace(
                pos="K17", marker=2, airborne=True
            )
            assert lw_moved(flight, "A4", 5, True, False, True) == flight._replace(
                pos="A4", fuel=5, rs=True, rs_stop=False, airborne=True
            )
            assert stage_cleared(flight) == flight._replace(attacked=False, marker=0)
    assert seen > 1000


def test_narration_is_shared_only_as_equal_events() -> None:
    state = GAME.new_state(None, None)
    state.say("a line for all")
    state.say("a line for all")
    state.say("a secret", ["luftwaffe"])
    state.tell("a move's line")
    first, again, secret, move = state._log
    assert first == Event("a line for all") and first is again
    assert secret == Event("a secret", frozenset({"luftwaffe"}))
    assert move == Event("a move's line") and vars(move) == vars(Event("a move's line"))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_move_decisions_match_a_fresh_search(options: dict[str, object]) -> None:
    """A move decision kept on its search's answer is the one made from scratch."""
    moves = 0
    for seed in (3, 4):
        for state in positions(seed, options):
            node = state.next()
            task = state.queue[0] if state.queue else ("",)
            if task[0] not in ("lw_move", "raf_move") or not isinstance(node, Decision):
                continue
            moves += 1
            fresh = state.copy()
            fresh._reach_cache = (None, None)
            fresh._enemy_cache = (None, (), 0)
            plain = (fresh._lw_found if task[0] == "lw_move" else fresh._raf_found)(task[1])
            spaces = plain.order
            assert [o.get("to") for o in node.options] == list(spaces)
            assert [move_to(o) for o in node.options] == list(spaces)
            assert move_to(Action.parse(str(node.options[0]))) == spaces[0]
            assert all(o.get("flight") == task[1] for o in node.options)
    assert moves > 500


def test_copies_stay_as_they_were() -> None:
    """Copies made mid-game keep their hash and their next node while the game goes on."""
    rng = random.Random(5)
    state = GAME.new_state(None, None)
    kept: list[tuple[Bob1990State, str, str]] = []
    for step in range(1500):
        node = state.next()
        if isinstance(node, Terminal):
            break
        if step % 50 == 0:
            kept.append((state.copy(), state.hash(), repr(node)))
        state.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
    for copy, digest, node_text in kept:
        assert copy.hash() == digest
        assert repr(copy.next()) == node_text


@pytest.mark.parametrize("chosen", [False, True])
def test_stage_tasks_are_the_stage_in_order(chosen: bool) -> None:
    lw = [("lw_pick",)] if chosen else [("lw_move", f) for f in LW_FLIGHTS]
    raf = [("raf_pick",)] if chosen else [("raf_move", f) for f in RAF_FLIGHTS]
    plain = [
        *lw,
        ("lw_moved",),
        *(("refill", f) for f in RAF_FLIGHTS),
        *raf,
        ("raf_moved",),
        ("dogfights",),
        ("bombing",),
        ("stage_end",),
    ]
    assert stage_tasks(chosen) == tuple(plain)
    state = GAME.new_state(None, {"move_order": "chosen"} if chosen else {})
    rest = state.queue
    state._auto_stage_start(("stage_start",))
    assert state.queue == tuple(plain) + rest


@pytest.mark.parametrize("options", OPTION_SETS)
def test_places_index_matches_loc_at_every_node(options: dict[str, object]) -> None:
    """``loc``'s per-unit index, kept on every write, equals a scan of ``loc`` at every node,
    and a copy's index is its own."""
    for state in positions(2, options):
        for unit in UNITS:
            deck = state.c.decks[unit]
            assert state.places(unit) == [state.loc[c] for c in deck]
            at = {p: bits for p, bits in state.loc.at[unit].items() if bits}
            assert at == {
                p: sum(1 << i for i, c in enumerate(deck) if state.loc[c] == p)
                for p in set(state.places(unit))
            }
        assert list(state.loc) == [c for deck in state.c.decks.values() for c in deck]
    other = state.copy()
    cid = state.c.decks[13][0]
    other.loc[cid] = "gone" if state.loc[cid] != "gone" else "crb"
    assert state.places(13)[0] == state.loc[cid] != other.places(13)[0] == other.loc[cid]
    restored = GAME.state_from_dict(state.to_dict())
    assert restored.loc.by_unit == state.loc.by_unit
    assert {u: {p: b for p, b in at.items() if b} for u, at in restored.loc.at.items()} == {
        u: {p: b for p, b in at.items() if b} for u, at in state.loc.at.items()
    }


@pytest.mark.parametrize("options", OPTION_SETS)
def test_card_draws_match_the_plain_draw(options: dict[str, object]) -> None:
    """The deals' ``Draw`` made field by field equals (fields, their order, repr, outcomes) the
    one the engine's constructor makes, at every deal of a random game."""
    seen = 0
    for state in positions(3, options):
        node = state.next()
        if not isinstance(node, Draw) or state.queue[0][0] not in ("lw_deal", "raf_draw"):
            continue
        plain = Draw(node.label, items=node.items, visible_to=node.visible_to, names=state.c.names)
        assert node == plain and vars(node) == vars(plain)
        assert list(vars(node)) == list(vars(plain)) and repr(node) == repr(plain)
        assert node.outcomes() == plain.outcomes()
        seen += 1
    assert seen > 100


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_move_reads_the_search_behind_its_decision(options: dict[str, object]) -> None:
    """A move reads the search its decision was made from (``move_found``): the same state and
    narration as a move that asks for the search again, for options of each move. And the
    state keeps its attributes few enough for CPython's shared-key layout (29 at most)."""
    rng = random.Random(4)
    seen = 0
    for state in positions(4, options):
        node = state.next()
        if state.queue[0][0] not in ("lw_move", "raf_move"):
            continue
        assert isinstance(node, Decision) and state._move_found[0] is node
        for action in rng.sample(node.options, min(3, len(node.options))):
            fast, slow = state.copy(), state.copy()
            slow._move_found = (None, None)
            slow._reach_cache = (None, None)
            fast.apply(action)
            slow.apply(action)
            assert fast.key() == slow.key() and fast.events == slow.events
            seen += 1
        assert len(vars(state)) <= 29
    assert seen > 500


def plain_targets_for(state: Bob1990State, f: str) -> list[str]:
    """B.III, as the rule reads: the mission's possible targets in ``f``'s space, not destroyed."""
    lf = command(f)
    mission = state.assigned.get(lf)
    flight = state.fl[f]
    if mission is None or mission in state.completed or flight.pos is None:
        return []
    card = state.c.missions[mission]
    if lf in state.target:
        names = [state.target[lf]]
    elif card.kind == "city":
        names = [str(card.target)]
    else:
        bases = state.c.bases[card.group]
        names = list(bases.airfield if card.kind == "airfield" else bases.radar)
    board = state.c.board
    return [n for n in names if n not in state.destroyed and board.space_of(n) == flight.pos]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_bombing_targets_match_the_plain_rule(options: dict[str, object]) -> None:
    """The targets read from each mission card's (name, space) pairs, worked out once, are the
    plain rule's, for every German flight at every node of random games."""
    found = 0
    for seed in (5, 6):
        for state in positions(seed, options):
            for f in LW_FLIGHTS:
                assert state.targets_for(f) == plain_targets_for(state, f)
                found += bool(state.targets_for(f))
    assert found > 10


def test_the_alert_returns_flight_box_cards_as_the_plain_rule() -> None:
    """A.II: the Squadron Alert's cards back from the Flight boxes, found through ``loc``'s
    index, are those a scan of every card finds: the same state after, at nodes of a game."""
    for state in positions(7, {}, every=11):
        fast, slow = state.copy(), state.copy()
        fast._auto_alert(("alert",))
        for cid, where in list(slow.loc.items()):
            if where.startswith("fb:"):
                slow.loc[cid] = "crb"
        assert not any(w.startswith("fb:") for w in slow.loc.values())
        slow._auto_alert(("alert",))  # the rest of the alert, with no Flight box card left
        assert fast.key() == slow.key() and fast.loc.by_unit == slow.loc.by_unit


@pytest.mark.parametrize("options", OPTION_SETS)
def test_moving_a_place_at_once_matches_moving_each_card(options: dict[str, object]) -> None:
    """``Places.move_all`` (the Squadron Alert's Flight boxes back to the Combat Ready boxes)
    leaves ``loc`` and its indexes as moving each card in turn does."""
    moved = 0
    for state in positions(8, options, every=13):
        for unit in UNITS:
            for place, bits in list(state.loc.at[unit].items()):
                if not bits:
                    continue
                fast, slow = state.loc.copy(), state.loc.copy()
                fast.move_all(unit, place, "crb")
                for cid in plain_cards_at(state, unit, place):
                    slow[cid] = "crb"
                assert list(fast.items()) == list(slow.items())
                assert fast.by_unit == slow.by_unit
                assert {u: {p: b for p, b in at.items() if b} for u, at in fast.at.items()} == {
                    u: {p: b for p, b in at.items() if b} for u, at in slow.at.items()
                }
                moved += 1
    assert moved > 100


@pytest.mark.parametrize("leave", ["all", "bf109"])
def test_fighter_bits_are_the_fighters(leave: str) -> None:
    """The fighters that turn back (B17), read as bits, are those ``fighter`` names."""
    state = GAME.new_state(None, {"fighters_leave": leave})
    for unit in (2, 3, 5):
        deck = state.c.decks[unit]
        assert state.cards_of(unit, state.fighter_bits(unit)) == [
            cid for cid in deck if state.fighter(cid)
        ]

"""The movement searches over bit sets (moving.py) against a plain breadth-first search written
from the rules: the same destinations, distances and flags from every space, with and without
enemies and radar stops, on both boards, by grid shifts and space by space."""

from __future__ import annotations

import random

import pytest

from dowding.engine import get_game
from dowding.rulesets.bob1990.components import BOX
from dowding.rulesets.bob1990.flights import RAF_MOVE
from dowding.rulesets.bob1990.moving import BIT_RANK, Graph, british_sky, working_spaces


def plain_lw(c, start, carried, reach, stops):  # type: ignore[no-untyped-def]
    """(space, entered RS, entered 12 Group) breadth first; each space by its best flags."""
    board = c.board
    first = (start, bool(carried & 2), bool(carried & 1))
    seen = {first: 0}
    frontier = [first]
    for d in range(1, reach + 1):
        nxt = []
        for node in frontier:
            space, rs, g12 = node
            if d > 1 and space in stops:
                continue
            for n in board.neighbours(space):
                m = (n, rs or n in c.rs, g12 or n in c.fully_12)
                if m not in seen:
                    seen[m] = d
                    nxt.append(m)
        frontier = nxt
    best: dict[str, tuple[str, bool, bool]] = {}
    for node in seen:
        bits = (2 if node[1] else 0) | (1 if node[2] else 0)
        old = best.get(node[0])
        if old is None or BIT_RANK[bits] < BIT_RANK[(2 if old[1] else 0) | (1 if old[2] else 0)]:
            best[node[0]] = node
    return {s: (seen[n], n[1], n[2]) for s, n in best.items()}


def plain_raf(c, start, stops):  # type: ignore[no-untyped-def]
    sky = british_sky(c)
    seen = {start: 0}
    frontier = [start]
    for d in range(1, RAF_MOVE + 1):
        nxt = []
        for space in frontier:
            if d > 1 and space in stops:
                continue
            for n in c.board.neighbours(space):
                if n in sky and n not in seen:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return seen


@pytest.mark.parametrize("cell_km", [50, 25])
@pytest.mark.parametrize("by_shifts", [True, False])
def test_bit_set_searches_agree_with_a_plain_search(cell_km: int, by_shifts: bool) -> None:
    c = get_game("bob1990").new_state("advanced", {"cell_km": cell_km}).c
    g = Graph(c)
    assert (g._grid is not None) == by_shifts or not by_shifts
    if not by_shifts:
        g._grid = None  # space by space
    rng = random.Random(cell_km)
    spaces = sorted(c.board.spaces)
    radar = sorted({st for sts in c.rs.values() for st in sts})
    for _ in range(60):
        start = rng.choice(spaces)
        enemies = set(rng.sample(spaces, rng.randrange(0, 12)))
        destroyed = frozenset(rng.sample(radar, rng.randrange(0, len(radar) + 1)))
        stops = {BOX, *enemies}
        if rng.random() < 0.7:
            stops |= working_spaces(c, destroyed)
        carried, reach = rng.randrange(4), rng.randrange(0, 6)
        found = g.lw_search(start, carried, reach, g.mask(stops))
        want = plain_lw(c, start, carried, reach, stops)
        assert found.dests == want and list(found.dests) == sorted(want, key=g.index.__getitem__)
        assert all(found.value(s) == v for s, v in want.items())
        if start in british_sky(c):
            raf = g.raf_search(start, g.mask(enemies))
            assert raf.dests == plain_raf(c, start, enemies)


def test_only_enemies_a_flight_could_fly_on_from_change_its_moves() -> None:
    """The searches are made again only for enemies in ``inner``: others change nothing."""
    c = get_game("bob1990").new_state("advanced", None).c
    g = Graph(c)
    rng = random.Random(7)
    spaces = sorted(c.board.spaces)
    for _ in range(40):
        start = rng.choice(spaces)
        reach = rng.randrange(1, 6)
        free = g.lw_search(start, 0, reach, g.box)
        outside = [s for s in spaces if not g.bit[s] & free.inner]
        enemies = g.mask(rng.sample(outside, min(10, len(outside))))
        assert g.lw_search(start, 0, reach, g.box | enemies).dests == free.dests


@pytest.mark.parametrize("cell_km", [50, 25])
def test_a_search_made_again_with_enemies_from_its_base_is_a_fresh_search(cell_km: int) -> None:
    """``lw_search(..., base)`` keeps the base search's layers up to the first new stop it
    reached and searches on from there: the same layers, destinations and values as a search
    made from the start, with the enemies anywhere in the base's reach."""
    c = get_game("bob1990").new_state("advanced", {"cell_km": cell_km}).c
    g = Graph(c)
    rng = random.Random(11)
    spaces = sorted(c.board.spaces)
    radar = sorted({st for sts in c.rs.values() for st in sts})
    tried = 0
    for _ in range(300):
        start = rng.choice(spaces)
        destroyed = frozenset(rng.sample(radar, rng.randrange(0, len(radar) + 1)))
        stops = g.box | (g.working(destroyed) if rng.random() < 0.7 else 0)
        carried, reach = rng.randrange(4), rng.randrange(2, 6)
        base = g.lw_search(start, carried, reach, stops)
        inner = [s for s in spaces if g.bit[s] & base.inner & ~stops]
        if not inner:
            continue
        enemies = g.mask(rng.sample(inner, rng.randrange(1, min(4, len(inner)) + 1)))
        again = g.lw_search(start, carried, reach, stops | enemies, base)
        fresh = g.lw_search(start, carried, reach, stops | enemies)
        assert again.layers == fresh.layers and again.seen == fresh.seen
        assert again.all == fresh.all and again.inner == fresh.inner
        assert again.dests == fresh.dests
        tried += 1
    assert tried > 100


@pytest.mark.parametrize("cell_km", [50, 25])
def test_move_options_read_from_the_lowest_space_are_every_destination(cell_km: int) -> None:
    """``Graph.moves`` reads the move actions from the set's lowest space on: the same actions,
    in ``space_order``, as one read over the whole board, for sets anywhere on it."""
    c = get_game("bob1990").new_state("advanced", {"cell_km": cell_km}).c
    g = Graph(c)
    rng = random.Random(cell_km + 1)
    n = len(g.names)
    for _ in range(200):
        spaces = 0
        for _ in range(rng.randrange(1, 40)):
            spaces |= 1 << rng.randrange(n)
        if rng.random() < 0.2:
            spaces |= 1 << (n - 1)  # the Norway box, the last space
        plain = [a for i, a in enumerate(g.moves("2A", (1 << n) - 1)) if spaces >> i & 1]
        assert list(g.moves("2A", spaces)) == plain
        assert [a.get("to") for a in plain] == g.spaces_of(spaces)

"""The raw engine's fast paths (issue 15) give what the plain rules give.

Each fast path is checked against the slower method it stands in for, at every decision of
random games with the optional rules the fast path reads: the RAF's take-off check
(`ground_fliers` against `can_take_off` and `can_fly`), a squadron's destinations and landing
bases, a formation's make-up (`addable_units` against `_available`, `_planned` and `can_add`),
the formation paths (against the search they replaced), the hexes within reach (against a
queue) and the squadrons' fly actions (against `Action`).
"""

from __future__ import annotations

import json
import random
from collections import deque
from pathlib import Path

import pytest

from dowding.engine import Action, Chance, Decision, Terminal
from dowding.rulesets import fight_for_the_sky
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.attack import _pending_fights
from dowding.rulesets.fight_for_the_sky.board import Board, load_board
from dowding.rulesets.fight_for_the_sky.decisions import _flies, _ready_roles
from dowding.rulesets.fight_for_the_sky.game_turn import _late_units
from dowding.rulesets.fight_for_the_sky.movement import _Aloft, _aloft, _paths, formation_paths
from dowding.rulesets.fight_for_the_sky.state import AIR, LOST, FightState, Raf

from .position import blank, fly, formation, run

DATA = Path(fight_for_the_sky.__file__).parent / "data"

BOARD = load_board()

OPTION_SETS = [
    {},
    {"sector_airfields": True, "airfield_capacity": True},
    {"hunter_packs": True, "stukas": True, "weather": True, "availability": True},
    {"sector_airfields": True, "hunter_packs": True, "maintenance": True, "weather": True},
]


def _queue_within(board: Board, start: str, allowance: int) -> dict[str, int]:
    """The hexes within reach as the queue found them before (never through an assembly hex)."""
    found = {start: 0}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        cost = found[h]
        if cost == allowance:
            continue
        for n in board.neighbours[h]:
            if n not in found and board.terrain[n] != "assembly":
                found[n] = cost + 1
                todo.append(n)
    return found


def _searched_paths(
    board: Board, start: str, allowance: int, mode: str, goal: str | None, blocked: frozenset[str]
) -> dict[str, tuple[str, ...]]:
    """formation_paths as it was searched before the best paths were kept by end."""
    for steps in range(allowance, -1, -1):
        if mode == "home":
            paths = _paths(board, "direct", start, min(steps, board.home_distance(start)), None)
        elif mode == "patrol":
            assert goal is not None
            paths = _paths(board, "direct", start, min(steps, board.distance(start, goal)), goal)
        else:
            paths = _paths(board, "out", start, steps, goal)
        best: dict[str, tuple[str, ...]] = {}
        for path in paths:
            end = path[-1] if path else start
            if end in blocked and board.terrain[end] != "assembly":
                continue
            if end in board.assembly and mode != "home" and path:
                continue
            urban = sum(1 for h in path if h in board.urban_aa)
            if end not in best or (urban, path) < (
                sum(1 for h in best[end] if h in board.urban_aa),
                best[end],
            ):
                best[end] = path
        if best:
            return best
        if steps == 0:
            break
    return {start: ()}


def _plain_blocked(s: FightState, r: Raf) -> set[str] | None:
    """The hexes ``r`` may not end its move on, from the crowd counted afresh (None: every hex)."""
    return s._raf_blocked(r, s.raf_crowd(r.sqn))


def _plain_take_off(s: FightState, r: Raf) -> bool:
    """can_take_off and can_fly, with the squadrons aloft counted afresh."""
    if not s.can_take_off(r, s.aloft_by_sector()):
        return False
    start, left = s.raf_start(r)
    blocked = _plain_blocked(s, r)
    if left < 0 or blocked is None:
        return False
    return any(h not in blocked for h in s.board.within_ordered(start, left))


def _plain_movers(s: FightState) -> list[str]:
    """The squadrons the RAF's movement decision offers, each looked at afresh."""
    movers = []
    for r in s.raf:
        if r.moved:
            continue
        if r.status == AIR:
            if not r.engaged or s.may_disengage(r):
                movers.append(r.sqn)
        elif _plain_take_off(s, r):
            movers.append(r.sqn)
    return movers


def _check_aloft(s: FightState) -> None:
    # the picture of the squadrons aloft, made from the last one, as read afresh
    kept, fresh = _aloft(s.raf), _Aloft.read(s.raf)
    assert kept.raf is s.raf
    # (the squadrons on a hex in any order: only their number and sectors are read)
    assert {h: sorted(there) for h, there in kept.crowd.items()} == {
        h: sorted(there) for h, there in fresh.crowd.items()
    }
    assert kept.by_sector == fresh.by_sector


def _plain_pending_fights(s: FightState) -> list[str]:
    """The hexes of the dogfights still to announce, every squadron looked at for each."""
    done = s.fight[5] if s.fight else frozenset()
    found = []
    for f in s.forms:
        if not f.hex or f.hex in done:
            continue
        if f.kind == "patrol":
            if f.aborts >= 0 and any(r.status == AIR and r.hex == f.hex for r in s.raf):
                found.append(f.hex)
        elif s.fighting_raf(f.hex, f.id):
            found.append(f.hex)
    return sorted(set(found), key=s.board.coords.__getitem__)


def _check(s: FightState) -> None:
    kind = s.queue[0][0]
    # the dogfights to announce, read from the kept crowd, at every node (not only where the
    # RAF announces one: the crowd then has squadrons where there are fights)
    assert _pending_fights(s) == _plain_pending_fights(s)
    # the units past their land-by turn, read from the formations on the map
    assert _late_units(s) == [
        u.id
        for u in s.lw
        if u.status == AIR
        and u.land_by
        and u.land_by <= s.turn_no
        and any(u.id in f.units and f.hex for f in s.forms)
    ]
    if kind == "raf_move":
        flies = s.ground_fliers()
        for r in s.raf:
            if r.status != AIR:
                assert flies(r) == (s.can_take_off(r) and s.can_fly(r)), r
                assert flies(r) == _plain_take_off(s, r), r
        node = s.next()
        assert isinstance(node, Decision)
        assert [str(o) for o in node.options] == [
            *(str(Action("select", unit=int(q) if q.isdigit() else q)) for q in _plain_movers(s)),
            "end",
        ]
        _check_aloft(s)
    elif kind == "raf_dest":
        r = s.sqn(s.queue[0][1])
        node = s.next()
        assert isinstance(node, Decision)
        hexes = [str(o.get("to")) for o in node.options if o.kind == "fly"]
        assert hexes == s.raf_destinations(r)
        start, left = s.raf_start(r)
        blocked = _plain_blocked(s, r) if left >= 0 else None
        plain = [] if blocked is None else s.board.within_ordered(start, left)
        assert hexes == [h for h in plain if blocked is not None and h not in blocked]
        _check_aloft(s)
        bases = [o.word("at") for o in node.options if o.kind == "land"]
        assert bases == s.landing_bases(r)
    elif kind == "pick":
        f = s.form(s.queue[0][1])
        assert f is not None
        planned = s._planned()
        assert s.addable_units(f) == [
            u.id for u in s.lw if u.id not in planned and s._available(u) and s.can_add(f, u)
        ]
    elif kind == "form" and not s.finished:
        planned = s._planned()
        ready = [u for u in s.lw if s._available(u) and u.id not in planned]
        assert _ready_roles(s) == (
            any(s.role(u.id) == "bomber" for u in ready),
            any(s.role(u.id) == "fighter" for u in ready),
        )
    elif kind == "lw_move":
        for f in s.forms:
            if f.hex and not f.moved:
                _check_paths(s, f)
        node = s.next()
        assert isinstance(node, Decision)
        for o in node.options:
            if o.kind == "fly":
                made = Action(
                    "fly", type=o.word("type"), to=o.word("to"), **{"from": o.word("from")}
                )
                assert o == made and o.args == made.args and str(o) == str(made)


def _check_paths(s: FightState, f: object) -> None:
    from dowding.rulesets.fight_for_the_sky.counters import PATROL, Form

    assert isinstance(f, Form)
    if f.kind == PATROL:
        blocked = frozenset(g.hex for g in s.forms if g.id != f.id and g.kind == PATROL and g.hex)
        goal: str | None = f.patrol
    else:
        blocked = frozenset(g.hex for g in s.forms if g.id != f.id and g.hex and g.kind != PATROL)
        goal = None if s.home_bound(f) else s.board.target_hex[f.target]
    mode = "home" if s.home_bound(f) else "patrol" if f.kind == PATROL else "out"
    allowance = s.allowance_of(f.units)
    expected = _searched_paths(s.board, f.hex, allowance, mode, goal, blocked)
    got = s.move_options(f)
    assert list(got.items()) == list(expected.items())
    assert formation_paths(s.board, f.hex, allowance, mode, goal, blocked) is got


@pytest.mark.parametrize("options", OPTION_SETS)
@pytest.mark.parametrize("scenario", ["basic", "intermediate", "campaign"])
def test_fast_paths_agree_with_the_rules_in_random_games(
    scenario: str, options: dict[str, object]
) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new_state(scenario, options)
        for _ in range(600):
            node = s.next()
            if isinstance(node, Terminal):
                break
            _check(s)
            twin = s.copy()
            before = twin.key()
            if isinstance(node, Chance):
                s.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                s.apply(rng.choice(node.options))
            assert twin.key() == before  # a copy stays as it was


def test_hexes_within_reach_as_a_queue_finds_them() -> None:
    for h in BOARD.hexes:
        for allowance in range(8):
            assert list(BOARD.within(h, allowance).items()) == list(
                _queue_within(BOARD, h, allowance).items()
            )
            assert BOARD.within_ordered(h, allowance) == tuple(
                sorted(_queue_within(BOARD, h, allowance), key=BOARD.coords.__getitem__)
            )


def test_squadron_fly_actions_equal_the_checked_ones() -> None:
    s = GAME.new_state("intermediate", {})
    for r in s.raf:
        if r.status == AIR:
            continue
        s.queue = (("raf_dest", r.sqn), *s.queue)
        s._node = None
        node = s.next()
        assert isinstance(node, Decision)
        for o in node.options:
            if o.kind == "fly":
                unit = int(r.sqn) if r.sqn.isdigit() else r.sqn
                twin = Action("fly", unit=unit, to=str(o.get("to")))
                assert o == twin and o.args == twin.args and str(o) == str(twin)
        s.queue = s.queue[1:]
        s._node = None


def _agree_on_every_squadron(s: FightState) -> None:
    flies = s.ground_fliers()
    for r in s.raf:
        if r.status != AIR:
            assert flies(r) == (s.can_take_off(r) and s.can_fly(r)), r.sqn
            if flies(r):
                node = run(s, ("raf_dest", r.sqn))
                assert isinstance(node, Decision)
                assert [str(o.get("to")) for o in node.options if o.kind == "fly"] == (
                    s.raf_destinations(r)
                )


def test_take_off_where_every_hex_in_reach_is_full() -> None:
    # poor weather: 85 Squadron (Hurricanes, 5) at Martlesham, off the map (3 to enter) has
    # 1 hex to fly: J1 and its neighbours I1, J2, K1, each with two squadrons already
    s = blank("intermediate", weather=True)
    s.weather = "poor"
    for h, pair in zip(
        ("J1", "I1", "J2", "K1"),
        (("32", "610"), ("79", "501"), ("41", "54"), ("65", "74")),
        strict=True,
    ):
        for sqn in pair:
            fly(s, sqn, h, land_by=9)
    assert not s.can_fly(s.sqn("85"))
    _agree_on_every_squadron(s)
    fly(s, "74", "K2", land_by=9)  # K1 has room again
    assert s.can_fly(s.sqn("85"))
    _agree_on_every_squadron(s)


def test_take_off_where_other_sectors_hold_every_hex_in_reach() -> None:
    # Sector Airfields: one sector a hex; 85 Squadron (Debden) finds Biggin Hill, Hornchurch
    # and Kenley squadrons on every hex it can reach, and Debden's own 17 Squadron on none
    s = blank("intermediate", weather=True, sector_airfields=True)
    s.weather = "poor"
    for h, sqn in zip(("J1", "I1", "J2", "K1"), ("32", "41", "64", "54"), strict=True):
        fly(s, sqn, h, land_by=9)
    assert not s.can_fly(s.sqn("85"))
    _agree_on_every_squadron(s)
    # three Biggin Hill squadrons in the air fill its sector airfield's control: 501 Squadron
    # (Gravesend, Biggin Hill's sector) stays on the ground
    assert s.can_take_off(s.sqn("501"))
    fly(s, "610", "F5", land_by=9)
    fly(s, "79", "F6", land_by=9)
    assert not s.can_take_off(s.sqn("501"))
    _agree_on_every_squadron(s)


def test_available_units_follow_the_units_and_the_turn() -> None:
    # the answer is kept with the tuple of units it was read from: a changed unit, turn or
    # day's allowance, or a copy changed apart, reads afresh
    s = GAME.new_state("intermediate", {})

    def plain(state: FightState) -> list[int]:
        return [u.id for u in state.lw if state._available(u)]

    first = [uid for uid, *_ in s.available_units()]
    assert first == plain(s) and first
    twin = s.copy()
    twin._put_lw(twin.unit(first[0])._replace(status=LOST, flights=0))
    assert [uid for uid, *_ in twin.available_units()] == plain(twin) == first[1:]
    assert [uid for uid, *_ in s.available_units()] == first
    s.avail = 0
    assert [uid for uid, *_ in s.available_units()] == plain(s) == []
    s.avail = -1
    s._put_lw(s.unit(first[1])._replace(ready=s.turn_no + 2))
    assert [uid for uid, *_ in s.available_units()] == plain(s)
    s.turn_no += 2
    assert [uid for uid, *_ in s.available_units()] == plain(s) == first


@pytest.mark.parametrize("options", OPTION_SETS)
def test_kept_crowd_aloft_holds_across_copies_played_apart(options: dict[str, object]) -> None:
    # the crowd aloft is kept from one state to the next (one entry, checked against the
    # squadrons, made from the last one): copies played apart, as a search plays them, must
    # each read their own squadrons
    for seed in range(3):
        rng = random.Random(seed)
        s = GAME.new_state("intermediate", options)
        for _ in range(400):
            node = s.next()
            if isinstance(node, Terminal):
                break
            twin = s.copy()
            for _ in range(3):  # the twin plays a few steps of its own first
                twin_node = twin.next()
                if isinstance(twin_node, Terminal):
                    break
                _check(twin)
                if isinstance(twin_node, Chance):
                    twin.apply(twin_node.sample(rng))
                else:
                    twin.apply(rng.choice(twin_node.options))
            s._node = None  # read the decision again, after the twin's
            _check(s)
            node = s.next()
            if isinstance(node, Chance):
                s.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                s.apply(rng.choice(node.options))


def test_squadron_fields_by_place() -> None:
    from dowding.rulesets.fight_for_the_sky import counters

    for name in ("sqn", "sector", "status", "hex", "ready", "moved", "engaged"):
        assert getattr(counters, f"R_{name.upper()}") == Raf._fields.index(name)


def test_counters_replace_as_the_library_does() -> None:
    # Raf, Lw and Form set their fields by place (counters._replace_fields): the same counter,
    # of the same class, as a field-by-field rebuild; an unknown name still refused
    s = GAME.new_state("intermediate", {})
    rng = random.Random(5)
    for counter in (*s.raf, *s.lw):
        names = rng.sample(counter._fields, 3)
        changes = {name: rng.choice((0, 1, "x", True, ())) for name in names}
        made = counter._replace(**changes)
        expected = type(counter)._make(
            changes.get(n, v) for n, v in zip(counter._fields, counter, strict=True)
        )
        assert made == expected and type(made) is type(counter)
        assert counter._replace() == counter
        with pytest.raises(ValueError):
            counter._replace(no_such_field=1)


@pytest.mark.parametrize("weather", [False, True])
def test_pending_fights_from_the_kept_crowd(weather: bool) -> None:
    # a raid on F5 with a squadron over it, a patrol on F6 with none, then one; in poor
    # weather (Weather) only a squadron in contact with the raid fights it
    s = blank("intermediate", weather=weather)
    s.weather = "poor" if weather else "clear"
    raid = formation(s, (s.lw[0].id,), "F5", target=s.target_ids[0])
    patrol = formation(s, (s.lw[1].id,), "F6", kind="patrol")
    assert _pending_fights(s) == _plain_pending_fights(s) == []
    fly(s, "32", "F5", land_by=9)
    assert _pending_fights(s) == _plain_pending_fights(s) == ([] if weather else ["F5"])
    fly(s, "32", "F5", land_by=9, contact=raid.id)
    assert _pending_fights(s) == _plain_pending_fights(s) == ["F5"]
    fly(s, "79", "F6", land_by=9)
    assert _pending_fights(s) == _plain_pending_fights(s) == ["F5", "F6"]
    s._put_form(patrol._replace(aborts=-1))  # the patrol failed its contact roll
    assert _pending_fights(s) == _plain_pending_fights(s) == ["F5"]


def test_hexes_within_reach_read_off_the_columns_where_nothing_is_closed() -> None:
    # within_ordered reads a run of rows off each column where no assembly hex is within reach
    # (board._ball): the hexes the queue finds, in board order, each with its place
    from dowding.rulesets.fight_for_the_sky.board import _ball

    read_off = 0
    for h in BOARD.hexes:
        for allowance in range(10):
            queued = tuple(sorted(_queue_within(BOARD, h, allowance), key=BOARD.coords.__getitem__))
            if allowance < BOARD.home_distance(h):
                assert _ball(BOARD, h, allowance) == queued
                read_off += 1
            assert BOARD.within_ordered(h, allowance) == queued
            assert BOARD.within_places(h, allowance) == {x: i for i, x in enumerate(queued)}
    assert read_off > 1000


def test_squadron_fly_actions_in_reach_equal_the_checked_ones() -> None:
    # a squadron's fly actions, each made once by the fast constructor and kept by start and
    # allowance, are the actions Action makes, in the order of within_ordered
    from dowding.rulesets.fight_for_the_sky.decisions import _flies

    for sqn in ("32", "79", "303"):
        unit = int(sqn)
        for h in BOARD.hexes[::5]:
            for left in (0, 1, 3, 6):
                got = list(_flies(BOARD, sqn, h, left))
                checked = [Action("fly", unit=unit, to=x) for x in BOARD.within_ordered(h, left)]
                assert got == checked
                assert [a.args for a in got] == [a.args for a in checked]


def test_bases_in_reach_as_the_queue_finds_them() -> None:
    from dowding.rulesets.fight_for_the_sky.movement import _bases_in_reach

    for h in BOARD.hexes:
        for left in range(-1, 8):
            reach = _queue_within(BOARD, h, left) if left >= 0 else BOARD.within(h, left)
            expected = sorted(
                b.id
                for b in BOARD.bases.values()
                if b.hex in reach and not (b.offmap and reach[b.hex] + 3 > left)
            )
            assert list(_bases_in_reach(BOARD, h, left, 3)) == expected


def test_top_actions_equal_the_checked_ones() -> None:
    from dowding.rulesets.fight_for_the_sky.decisions import _top_action

    for h in BOARD.hexes[::7]:
        for uid in (1, 12, 76):
            made, checked = _top_action(h, uid), Action("top", at=h, unit=uid)
            assert made == checked and made.args == checked.args and str(made) == str(checked)


@pytest.mark.parametrize("scenario", ["basic", "intermediate", "campaign"])
def test_counters_as_set_up_are_kept_between_games(scenario: str) -> None:
    # setup reads the counters as set up from _SET_UP after the first game: the same state as
    # counters made afresh, and a game played on one leaves the next game's start as it was
    from dowding.rulesets.fight_for_the_sky import state as state_module

    state_module._SET_UP.clear()
    fresh = GAME.new_state(scenario, {})
    kept = GAME.new_state(scenario, {"weather": True})
    assert kept.lw is fresh.lw and kept.raf is fresh.raf
    again = GAME.new_state(scenario, {})
    assert again.key() == fresh.key() and again.to_dict() == fresh.to_dict()
    rng = random.Random(3)
    for _ in range(300):
        node = again.next()
        if isinstance(node, Terminal):
            break
        again.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
    assert GAME.new_state(scenario, {}).key() == fresh.key()


def test_land_and_back_actions_read_by_squadron_equal_the_checked_ones() -> None:
    # a squadron's land actions (by base) and back action, read from plain tables after the
    # first time, are the actions Action makes, in the order of landing_bases
    for _ in range(2):
        s = blank("intermediate")
        fly(s, "32", "F5", land_by=9)
        node = run(s, ("raf_dest", "32"))
        assert isinstance(node, Decision)
        r = s.sqn("32")
        lands = [o for o in node.options if o.kind == "land"]
        assert lands == [Action("land", unit=32, at=b) for b in s.landing_bases(r)] and lands
        assert node.options[-1] == Action("back", unit=32)


def test_actions_made_from_shared_pairs_equal_the_checked_ones() -> None:
    # fly and top actions made by the fast constructor from shared argument pairs: the same
    # actions as Action makes, and a pair is made once
    from dowding.rulesets.fight_for_the_sky.decisions import _lw_fly, _pair

    assert _pair("to", "K9") is _pair("to", "K9") == ("to", "K9")
    for kind in ("raid", "home", "patrol"):
        made = _lw_fly(kind, "E5", "F6")
        checked = Action("fly", type=kind, to="F6", **{"from": "E5"})
        assert made == checked and made.args == checked.args and str(made) == str(checked)


def _nested_outbound(board: Board, start: str, steps: int, target: str) -> list[tuple[str, ...]]:
    """movement._outbound as it was written before, with a nested walk."""
    found: list[tuple[str, ...]] = []

    def walk(h: str, path: tuple[str, ...]) -> None:
        if h == target and path:
            found.append(path)
            return
        if len(path) == steps:
            if board.reaches(h, target):
                found.append(path)
            return
        for n in board.edges.get(h, ()):
            if board.reaches(n, target):
                walk(n, (*path, n))

    walk(start, ())
    return found


def _nested_direct(board: Board, start: str, steps: int, goal: str | None) -> list[tuple[str, ...]]:
    """movement._direct as it was written before, with a nested walk."""

    def dist(h: str) -> int:
        return board.home_distance(h) if goal is None else board.distance(h, goal)

    found: list[tuple[str, ...]] = []

    def walk(h: str, path: tuple[str, ...]) -> None:
        d = dist(h)
        if len(path) == steps or d == 0:
            found.append(path)
            return
        for n in board.neighbours[h]:
            if dist(n) == d - 1:
                walk(n, (*path, n))

    walk(start, ())
    return found


def test_path_searches_leave_nothing_for_the_collector() -> None:
    # the flight-path searches (movement._outbound, _direct) walk with module functions: no
    # reference cycle is left behind, and they find the paths the nested walks found
    import gc

    from dowding.rulesets.fight_for_the_sky.movement import _direct, _outbound

    targets = list(BOARD.target_hex.values())[:6]
    for start in BOARD.hexes[::9]:
        for steps in (1, 3, 4):
            for target in targets:
                if BOARD.reaches(start, target):
                    got = _outbound(BOARD, start, steps, target)
                    assert got == _nested_outbound(BOARD, start, steps, target)
            for goal in (None, "F6"):
                assert _direct(BOARD, start, steps, goal) == _nested_direct(
                    BOARD, start, steps, goal
                )
    target = targets[0]
    start = next(h for h in BOARD.hexes if BOARD.reaches(h, target) and h != target)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        _outbound(BOARD, start, 3, target)
        _direct(BOARD, start, 3, None)
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


def test_kept_fly_actions_follow_the_map_they_were_made_for(tmp_path: Path) -> None:
    # a player's own map (the ``data`` option) with a raid assembly hex moved next to M8: a
    # squadron there may not fly onto it (How to Move: never a raid assembly hex), on that map
    # only, whichever map's actions were made first
    data = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    data["assembly"] = ["N8" if h == "U6" else h for h in data["assembly"]]
    (tmp_path / "map.json").write_text(json.dumps(data), encoding="utf-8")
    ours, theirs = load_board(), load_board(str(tmp_path))
    for board in (ours, theirs, ours):
        flown = [a.word("to") for a in _flies(board, "32", "M8", 3)]
        assert flown == list(board.within_ordered("M8", 3))
    assert "N8" in ours.within_ordered("M8", 3) and "N8" not in theirs.within_ordered("M8", 3)

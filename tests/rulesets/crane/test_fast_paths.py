"""The crane engine's fast paths: what keeps them fast, and that they show what the rules show."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from dowding.engine import Action, Chance, Decision, Node, Terminal
from dowding.rulesets.crane import GAME
from dowding.rulesets.crane import geometry as geo
from dowding.rulesets.crane.combat import fire_options
from dowding.rulesets.crane.components import Rules, RuleValues
from dowding.rulesets.crane.engagement import fire_targets, intercept_goal, rule_path
from dowding.rulesets.crane.equipment import (
    HELD_FIELDS,
    PLANE_FIELDS,
    Plane,
    at_altitude,
    at_spot,
    flown,
    on_table,
)
from dowding.rulesets.crane.movement import (
    _first_to_move,
    _flies_event,
    move_allowance,
    select_pool,
)
from dowding.rulesets.crane.placements import _spots, check_place, compute_place_decision
from dowding.rulesets.crane.state import _CHANCE, CraneState, _getter


def test_a_state_keeps_fewer_than_thirty_attributes() -> None:
    # CPython 3.11 reads an instance's attributes fast only while its dict shares its keys with
    # the class's other instances, which stops at 30 keys; every step reads the state's attributes.
    # Memos shared by copies go on state.memo (SharedMemos) rather than on the state itself.
    state = GAME.new_state("heinkels-and-stukas")
    assert len(vars(state)) < 30
    assert len(vars(state.copy())) < 30


def test_fire_options_are_the_stops_in_range_of_the_targets_vi_b_allows() -> None:
    # fire_options does the geometry before VI.B's choice of targets: the same options as the
    # plain reading, every stop of the committed path within range of a target it may attack
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_state("eight-heinkels")
        while not isinstance(node := state.next(), Terminal):
            task = state.queue[0]
            if task[0] == "fire":
                assert isinstance(state, CraneState)
                plane = state.plane(task[1])
                options = fire_options(state, plane)
                allowed = {t.id for t in fire_targets(state, plane)}
                assert all(a.word("target") in allowed for a in options)
                path = state._path_for_move()
                reach = state.comp.rules.attack_range
                for target in fire_targets(state, plane):
                    _, r = path.closest_approach((target.x, target.y), state._flight_limit(path))
                    if r < reach - 1e-3:
                        assert any(a.word("target") == target.id for a in options)
                checked += 1
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
            else:
                assert isinstance(node, Decision)
                state.apply(rng.choice(node.options))
    assert checked > 0


def test_the_planes_of_a_side_and_role_are_taken_in_slot_order() -> None:
    # state._getter: a slice where the slots run on, else the slots one by one
    planes = tuple(f"p{i}" for i in range(6))
    assert _getter([])(planes) == ()
    assert _getter([3])(planes) == ("p3",)
    assert _getter([1, 2, 3])(planes) == ("p1", "p2", "p3")
    assert _getter([0, 2, 5])(planes) == ("p0", "p2", "p5")


def test_flying_planes_follow_every_change_of_status() -> None:
    # flying_now's entries are shared by copies and used only where the planes are the same
    rng = random.Random(3)
    state = GAME.new_state("heinkels-and-stukas")
    assert isinstance(state, CraneState)
    copies = []
    while not isinstance(node := state.next(), Terminal):
        for side, role in ((None, None), ("raf", None), ("luftwaffe", "bomber"), (None, "fighter")):
            expected = tuple(
                p
                for p in state.planes
                if p.status == "flying"
                and side in (None, p.side)
                and role in (None, state.roles[p.type])
            )
            assert state.flying_now(side, role) == expected
        copies.append(state.copy())
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
        else:
            assert isinstance(node, Decision)
            state.apply(rng.choice(node.options))
    for old in copies[::7]:
        assert old.flying_now() == tuple(p for p in old.planes if p.status == "flying")


def test_the_plain_rule_values_are_the_rules() -> None:
    # RuleValues mirrors components.Rules for the hot paths: the same fields, the same values
    state = GAME.new_state("eight-heinkels")
    assert isinstance(state, CraneState)
    assert [f for f in RuleValues.__dataclass_fields__] == list(Rules.model_fields)
    assert {f: getattr(state.rules, f) for f in Rules.model_fields} == state.comp.rules.model_dump()


def _random_states(
    scenario: str, seed: int, options: dict[str, object] | None = None
) -> Iterator[tuple[CraneState, Node]]:
    """Every state of one random game on the bare engine, as it stands at each node."""
    rng = random.Random(seed)
    state = GAME.new_state(scenario, options)
    assert isinstance(state, CraneState)
    while not isinstance(node := state.next(), Terminal):
        yield state, node
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
        else:
            assert isinstance(node, Decision)
            state.apply(rng.choice(node.options))
    yield state, node


def test_planes_are_never_changed_in_place() -> None:
    # Plane is a slotted record shared by every copy of a state: a rule that changed one in
    # place would change the copies too. Each plane's fields, written down at every step, are
    # still its fields at the end of the game.
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        seen: dict[int, tuple[Plane, tuple[object, ...]]] = {}
        for state, _ in _random_states(scenario, 5):
            for p in state.planes:
                seen.setdefault(id(p), (p, p.astuple()))
        assert all(p.astuple() == fields for p, fields in seen.values())


def test_a_plane_record_reads_as_the_named_tuple_did() -> None:
    # the state's key and to_dict hold each plane as the NamedTuple's fields did, in this order,
    # with whether it has moved this turn (the state's) between fresh and bombed
    state = GAME.new_state("eight-heinkels")
    assert isinstance(state, CraneState)
    p = state.planes[0]
    assert p.astuple() == tuple(getattr(p, name) for name in PLANE_FIELDS) == tuple(p)
    assert Plane(*p.astuple()).astuple() == p.astuple()
    assert HELD_FIELDS[-3:] == ("fresh", "moved", "bombed") and len(HELD_FIELDS) == 13
    for moved in (False, True):
        held = p.held(moved)
        assert held == (*p.astuple()[:-1], moved, p.bombed)
        again, has_moved = Plane.from_held(held)
        assert (again.astuple(), has_moved) == (p.astuple(), moved)
    moved = p._replace(x=3.5, status="flying")
    assert (moved.x, moved.status, moved.id, p.x, p.status) == (3.5, "flying", p.id, 0.0, "waiting")
    assert at_spot(p, 1.0, 2.0, 90.0).astuple() == p._replace(x=1.0, y=2.0, heading=90.0).astuple()
    assert flown(p).astuple() == p._replace(fresh=False).astuple()
    assert (
        on_table(p, 1.0, 2.0, 0.0).astuple()
        == p._replace(x=1.0, y=2.0, heading=0.0, status="flying").astuple()
    )
    assert at_altitude(p, "above").astuple() == p._replace(altitude="above").astuple()
    assert state.key()[3][0] == p.held(False)


def test_placement_options_are_the_spots_check_place_allows() -> None:
    # compute_place_decision checks only the spacing of its spots (they are in the entry area
    # already): the same options as check_place, the plain V.B rule, on every spot of the grid
    checked = 0
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        for seed in range(4):
            for state, node in _random_states(scenario, seed, {"table": "pingpong"}):
                task = state.queue[0] if state.queue else ("",)
                if task[0] != "place":
                    continue
                assert isinstance(node, Decision)
                fresh = compute_place_decision(state, task[1])
                plain = [
                    action
                    for _, _, action in _spots(state, task[1])
                    if check_place(state, task[1], action) is None
                ]
                assert list(node.options) == list(fresh.options) == plain
                checked += 1
    assert checked > 0


def test_the_memoised_allowance_and_straight_leg_are_the_rules() -> None:
    # movement.move_allowance keeps (VI.C allowance, VI.D straight leg) per type, damage, first
    # move and altitude: the plain rule, worked out afresh for every flying plane at every node
    checked = 0
    for state, _ in _random_states("heinkels-and-stukas", 2, {"auto_intercept": False}):
        rules = state.comp.rules
        for p in state.flying_now():
            kind = state.comp.aircraft[p.type]
            total = kind.move - rules.damage_slowdown * p.damage
            if p.fresh and p.altitude == "above":
                total += rules.dive_bonus
            elif p.fresh and p.altitude == "below":
                total -= rules.climb_penalty
            total = max(total, 0.0)
            need = rules.fighter_straight if kind.role == "fighter" else rules.bomber_straight
            assert move_allowance(state, p) == (total, min(need, total))
            assert (state.allowance(p), state.straight_min(p)) == (total, min(need, total))
            checked += 1
    assert checked > 0


def _plain_closest_approach(path: geo.Path, target: geo.Point, limit: float) -> tuple[float, float]:
    best = (0.0, geo.distance(path.points[0], target))
    for start, seg_len, a, b in path.segments():
        if start > limit:
            break
        span = min(seg_len, limit - start)
        dx, dy = (b[0] - a[0]) / seg_len, (b[1] - a[1]) / seg_len
        t = (target[0] - a[0]) * dx + (target[1] - a[1]) * dy
        t = max(0.0, min(span, t))
        r = math.hypot(a[0] + dx * t - target[0], a[1] + dy * t - target[1])
        if r < best[1]:
            best = (start + t, r)
    return best


def _plain_rect_distance(p: geo.Point, rect: geo.Rect) -> float:
    dx = max(rect[0] - p[0], 0.0, p[0] - rect[2])
    dy = max(rect[1] - p[1], 0.0, p[1] - rect[3])
    return math.hypot(dx, dy)


def _plain_first_within(
    path: geo.Path, rect: geo.Rect, radius: float, limit: float
) -> float | None:
    for start, seg_len, a, b in path.segments():
        if start > limit:
            break
        span = min(seg_len, limit - start)
        if max(a[1], b[1]) < rect[1] - radius - 1e-6:
            continue

        def dist_at(
            t: float, a: geo.Point = a, b: geo.Point = b, seg_len: float = seg_len
        ) -> float:
            f = t / seg_len
            return _plain_rect_distance((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), rect)

        if dist_at(0.0) <= radius:
            return start
        lo, hi = 0.0, span
        for _ in range(40):
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if dist_at(m1) <= dist_at(m2):
                hi = m2
            else:
                lo = m1
        t_min = (lo + hi) / 2
        if dist_at(t_min) > radius:
            continue
        lo, hi = 0.0, t_min
        for _ in range(30):
            mid = (lo + hi) / 2
            if dist_at(mid) <= radius:
                hi = mid
            else:
                lo = mid
        return start + hi
    return None


def _plain_exit_distance(path: geo.Path, width: float, length: float) -> float | None:
    for start, seg_len, a, b in path.segments():
        t = geo._segment_exit(a, b, width, length)
        if t is not None:
            return start + t * seg_len
    return None


def test_the_geometry_without_min_and_max_gives_the_same_floats() -> None:
    # geometry.py writes min()/max() out as comparisons on the hot paths: the very same floats
    rng = random.Random(7)
    rect = (30.0, 60.0, 42.0, 72.0)
    for _ in range(3000):
        start = (rng.uniform(-5, 77), rng.uniform(-5, 77))
        total = rng.choice((0.0, 3.0, 6.0, rng.uniform(0, 20)))
        straight = rng.choice((0.0, total, total + 1, rng.uniform(0, total)))
        path = geo.Path(start, rng.uniform(0, 360), straight, rng.uniform(-180, 180), total)
        target = (rng.uniform(0, 72), rng.uniform(0, 72))
        limit = rng.choice((path.length, rng.uniform(0, path.length)))
        assert path.closest_approach(target, limit) == _plain_closest_approach(path, target, limit)
        assert geo.rect_distance(target, rect) == _plain_rect_distance(target, rect)
        assert geo.rect_distance(start, rect) == _plain_rect_distance(start, rect)
        for width, length in ((72.0, 48.0), (60.0, 60.0)):
            assert path.exit_distance(width, length) == _plain_exit_distance(path, width, length)
        for d in (0.0, straight, limit, path.length):
            x, y, h = path.at(d)
            s1, h1 = path.legs[0]
            p = path.points[0] if d <= s1 else path.points[1]
            u = geo.unit(h1 if d <= s1 else path.end_heading)
            e = d if d <= s1 else d - s1
            assert (x, y, h) == (
                p[0] + u[0] * e,
                p[1] + u[1] * e,
                h1 if d <= s1 else path.legs[1][1],
            )
        for radius in (0.5, 4.0, 12.0):
            found = path.first_within(rect, radius, limit)
            assert found == _plain_first_within(path, rect, radius, limit)


def _playthrough(scenario: str, seed: int, options: dict[str, object]) -> list[object]:
    """Everything a random game shows at every node: the decision or dice, the hash, the words."""
    seen: list[object] = []
    for state, node in _random_states(scenario, seed, options):
        shown = (
            (node.seat, node.prompt, node.free, [a.text for a in node.options])
            if isinstance(node, Decision)
            else repr(node)
        )
        seen.append((shown, state.hash(), [e.text for e in state.events], state.queue))
    return seen


def test_tasks_run_at_once_play_as_the_queue_plays_them(monkeypatch: pytest.MonkeyPatch) -> None:
    # CraneState._run_now runs a task that needs no one at once; put at the head of the queue
    # instead, for the runner's next turn (the plain rule of the queue), the game is the same
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        for options in ({}, {"auto_intercept": False, "table": "pingpong"}):
            for seed in range(3):
                fast = _playthrough(scenario, seed, options)
                with monkeypatch.context() as patch:

                    def queued(self: CraneState, task: tuple[object, ...]) -> None:
                        self.queue = (task, *self.queue)

                    patch.setattr(CraneState, "_run_now", queued)
                    plain = _playthrough(scenario, seed, options)
                assert fast == plain


def test_the_intercept_goal_is_the_closest_british_fighter() -> None:
    # VI.A: engagement.intercept_goal finds the closest RAF fighter (or the lead bomber) in a
    # loop; the plain reading is min() over (distance, id) (max() over (y, id)) for every German
    # fighter at every node of random games
    checked = 0
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        for state, _ in _random_states(scenario, 4):
            raf = state.flying_now("raf")
            bombers = state.flying_now("luftwaffe", "bomber")
            if not raf and bombers:
                # none to intercept: keep station 6" ahead of the lead bomber, max() by (y, id)
                lead = max(bombers, key=lambda b: (b.y, b.id))
                ux, uy = geo.unit(lead.heading)
                for p in state.flying_now("luftwaffe", "fighter"):
                    assert intercept_goal(state, p) == (lead.x + ux * 6.0, lead.y + uy * 6.0)
                    checked += 1
            if not raf:
                continue
            for p in state.flying_now("luftwaffe", "fighter"):
                _, _, x, y = min(
                    (geo.distance((p.x, p.y), (r.x, r.y)), r.id, r.x, r.y) for r in raf
                )
                assert intercept_goal(state, p) == (x, y)
                checked += 1
    assert checked > 0


def test_the_planes_moved_this_turn_are_those_that_made_their_move() -> None:
    # CraneState.moved (a bit a slot) against the plain reading: a plane has moved this turn when
    # a move of it was committed since the turn began (every `flies` line of narration)
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        for options in ({}, {"auto_intercept": False}):
            flew: set[str] = set()
            for state, _ in _random_states(scenario, 6, options):
                for event in state.events:
                    # a new turn, or the last one over (random games on the ping-pong table
                    # run out of turns: the turn's end clears the bits before the game ends)
                    if event.text.startswith(("Turn ", "Game over: the raid ran out of time")):
                        flew = set()
                    name = event.text.split(" (", 1)[0]
                    if " flies " in event.text and name in state.index:
                        flew.add(name)
                held = {h[0]: h[11] for h in state.key()[3]}
                assert {i for i, m in held.items() if m} == flew
                view = state.view(None, infostate=False)
                assert {p["id"] for p in view["planes"] if p["moved"]} == flew


def test_the_rule_path_is_the_turn_towards_the_intercept_goal() -> None:
    # VI.A: engagement.rule_path inlines geo.unit, geo.bearing and geo.norm_turn; the plain
    # reading with those functions, for every German fighter at every node of random games
    checked = 0
    for state, _ in _random_states("heinkels-and-stukas", 8):
        for p in state.flying_now("luftwaffe", "fighter"):
            straight = state.straight_min(p)
            goal = intercept_goal(state, p)
            expected: tuple[float, float] = (0.0, straight)
            if goal is not None:
                ux, uy = geo.unit(p.heading)
                turn_at = (p.x + ux * straight, p.y + uy * straight)
                expected = (round(geo.norm_turn(geo.bearing(turn_at, goal) - p.heading)), straight)
            assert rule_path(state, p, straight) == expected
            checked += 1
    assert checked > 0


def test_every_roll_made_once_is_the_roll_its_task_makes() -> None:
    # CraneState._chance keeps each chance task's Roll: the same dice, label and roller as the
    # section's roll function makes afresh, at every chance node of random games
    checked = 0
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        for state, node in _random_states(scenario, 9):
            if not isinstance(node, Chance):
                continue
            task = state.queue[0]
            assert node == _CHANCE[task[0]](state, task)
            checked += 1
    assert checked > 0


def test_a_chosen_move_commits_its_turn_and_straight_leg() -> None:
    # do_path reads turn= and straight= in one pass over the action's arguments: the move it
    # commits has Action.number's values, and the plane's straight leg where none is given
    for state, node in _random_states("eight-heinkels", 3):
        if not (isinstance(node, Decision) and state.queue[0][0] == "path"):
            continue
        plane = state.plane(state.queue[0][1])
        total, s_min = move_allowance(state, plane)
        for text in ("move turn=15", f"move straight={s_min + 0.5:.2f} turn=-30"):
            action = Action.parse(text)
            if state.check_free(action, node) is not None:
                continue
            moved = state.copy()
            moved.apply(action)
            straight = action.number("straight") if action.get("straight") is not None else s_min
            said = _flies_event(state.name(plane), total, straight, action.number("turn")).text
            assert moved.events[0].text == said
            assert moved.moving is None or (moved.moving.turn, moved.moving.straight) == (
                action.number("turn"),
                straight,
            )
        return
    raise AssertionError("no move to choose")


def test_the_first_fighter_to_move_is_the_pools_first() -> None:
    # VI.A: auto_select flies the first German fighter still to move without building the pool;
    # it is select_pool's first (the plain reading) for every group at every node
    checked = 0
    groups = (("raf", ("raf", None)), ("fighters", ("luftwaffe", "fighter")))
    for state, _ in _random_states("eight-heinkels", 10):
        for which, (side, role) in (*groups, ("bombers", ("luftwaffe", "bomber"))):
            pool = select_pool(state, which)
            first = _first_to_move(state, state.flying_now(side, role))
            assert first is (pool[0] if pool else None)
            checked += 1
    assert checked > 0

"""What the RAF may know at the table, and nothing more: the view and its infostate are the same
for two states that differ only in what is out of the RAF's sight, and a determinisation re-deals
all of it (which formation is on which hex, what a face-down formation holds, the pool)."""

from __future__ import annotations

import json
import random
from collections import Counter

from dowding.engine import Chance, Decision, Terminal
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.bots import rollout_policy
from dowding.rulesets.fight_for_the_sky.state import AIR, PATROL, POOL, RAF, RAID, FightState


def _dump(state: FightState, seat: str | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def _raf_node(scenario: str, accept, seeds: range = range(40), options=None) -> FightState:  # type: ignore[no-untyped-def]
    """The first RAF decision of a rollout game (some seed) where ``accept(state)`` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_state(scenario, options)
        for _ in range(3000):
            node = state.next()
            if isinstance(node, Terminal):
                break
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
                continue
            assert isinstance(node, Decision)
            if node.seat == RAF and len(node.options) > 1 and accept(state):
                return state
            if state.queue[0][0] == "when":  # Preplanning: take-off turns at random
                state.apply(rng.choice(node.options))
                continue
            state.apply(rollout_policy(state, rng))
    raise AssertionError("no such position reached")


def _face_down(state: FightState) -> list:  # type: ignore[type-arg]
    return [f for f in state.forms if f.hex and not f.seen and f.kind == RAID]


def _escorted(state: FightState) -> bool:
    return any(state.unit(u).type == "me109" for f in _face_down(state) for u in f.units) and any(
        u.status == POOL and u.type == "me110" for u in state.lw
    )


def _swap_escort(state: FightState) -> FightState:
    """The same position with one face-down Me 109 escort left in the pool and an Me 110
    flying in its place: the formation's counters and speed are unchanged."""
    other = state.copy()
    f = next(f for f in _face_down(state) if any(state.unit(u).type == "me109" for u in f.units))
    out = next(u for u in f.units if state.unit(u).type == "me109")
    into = next(u for u in state.lw if u.status == POOL and u.type == "me110")
    land_by = f.placed + other.types["me110"].endurance - 1
    other.forms = tuple(
        g._replace(units=tuple(into.id if u == out else u for u in g.units), top=g.units[0])
        if g.id == f.id
        else g
        for g in other.forms
    )
    gone = other.unit(out)
    other._put_lw(gone._replace(status=POOL, missions=gone.missions - 1, land_by=0))
    other._put_lw(into._replace(status=AIR, missions=into.missions + 1, land_by=land_by))
    other._node = None
    return other


def test_the_pool_and_face_down_formations_split_is_hidden() -> None:
    state = _raf_node("intermediate", _escorted)
    other = _swap_escort(state)
    assert other.next() == state.next()
    for seat in (RAF, None):
        assert _dump(other, seat) == _dump(state, seat)
    # the Luftwaffe sees the difference
    assert _dump(other, "luftwaffe") != _dump(state, "luftwaffe")


def test_which_formation_is_on_which_hex_is_hidden_in_the_basic_game() -> None:
    state = _raf_node("basic", lambda s: len(_face_down(s)) >= 2)
    first, second = _face_down(state)[:2]
    assert Counter(state.unit(u).type for u in first.units) != Counter(
        state.unit(u).type for u in second.units
    )
    other = state.copy()
    swapped = {first.id: second, second.id: first}
    other.forms = tuple(
        f._replace(id=swapped[f.id].id, units=swapped[f.id].units, top=swapped[f.id].top)
        if f.id in swapped
        else f
        for f in state.forms
    )
    other._index()
    other._node = None
    assert other.next() == state.next()
    for seat in (RAF, None):
        assert _dump(other, seat) == _dump(state, seat)


def _make_up(state: FightState) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each face-down formation's hex and types, the pool's types: what the RAF cannot see."""
    forms = tuple(
        (f.hex, tuple(sorted(state.unit(u).type for u in f.units))) for f in _face_down(state)
    )
    pool = tuple(sorted(u.type for u in state.lw if u.status == POOL))
    return (*forms, ("pool", pool))


def test_determinize_re_deals_formations_and_pool() -> None:
    for scenario, accept in (("intermediate", _escorted), ("basic", lambda s: _face_down(s))):
        state = _raf_node(scenario, accept)
        mine, node = _dump(state, RAF), state.next()
        sampled = GAME.state_from_view(json.loads(mine), RAF, random.Random(0))
        seen = set()
        for seed in range(12):
            other = sampled.determinize(RAF, random.Random(seed))
            assert _dump(other, RAF) == mine
            assert other.next() == node
            seen.add(_make_up(other))
        assert len(seen) > 1, f"{scenario}: the determinisation never varies the hidden make-up"


def test_basic_formations_show_only_once_all_four_are_placed() -> None:
    state = GAME.new_state("basic")
    for text in ("target at=manston", "target at=dover", "target at=dover", "target at=rye"):
        state.apply(text)
    for placed in range(1, 5):
        node = state.next()
        assert isinstance(node, Decision) and node.seat == "luftwaffe"
        state.apply(node.options[0])
        shown = state.view(RAF)["formations"]
        told = [e.text for e in state.events if e.seats is None or RAF in e.seats]
        assert len(state.view("luftwaffe")["formations"]) == 4
        if placed < 4:
            # the order they go down in would tell the RAF which formation is where
            assert shown == [] and told == []
        else:
            assert len(shown) == 4 and len(told) == 1


def _names_no_formation(state: FightState) -> bool:
    """No squadron, combat or task names a formation by its number."""
    form_tasks = {"aim", "pick", "place", "when", "urban_aa", "aa", "bomb", "contact", "allot"}
    return (
        not state.fight
        and all(r.engaged == 0 and r.contact == 0 for r in state.raf)
        and not any(t[0] in form_tasks for t in state.queue)
    )


def _planned_node(scenario: str) -> FightState:
    """An RAF decision of a Preplanning game with two raids or more planned and not yet off, one
    of them made before a formation now in the air, and no formation named by its number."""

    def accept(state: FightState) -> bool:
        planned = [f.id for f in state.forms if not f.hex and f.launch > state.turn_no]
        return (
            len(planned) >= 2
            and any(f.hex and f.id > min(planned) for f in state.forms)
            and _names_no_formation(state)
        )

    return _raf_node(scenario, accept, options={"preplanning": True})


def test_preplanned_raids_their_number_and_take_off_turns_are_hidden() -> None:
    """Preplanning: the Luftwaffe writes its raids on a sheet of paper. Two states that differ
    in a planned raid's take-off turn, or in a planned raid more or less (made last, or before
    raids now in the air), give the RAF the same view, infostate included."""
    for scenario in ("intermediate", "campaign"):
        state = _planned_node(scenario)
        planned = [f for f in state.forms if not f.hex and f.launch > state.turn_no]
        later = state.copy()
        first = planned[0]
        turn = state.rules.turns_per_day if first.launch != state.rules.turns_per_day else 15
        later.forms = tuple(f._replace(launch=turn) if f.id == first.id else f for f in state.forms)
        fewer = state.copy()
        fewer.forms = tuple(f for f in state.forms if f.id != planned[-1].id)
        fewer.next_form -= 1
        # the formations' own numbers (never in the view) would leave a gap for a planned one
        # (the raid made first never made: every formation made after it one number lower)
        first_made = min(g.id for g in planned)
        gap = state.copy()
        gap.forms = tuple(
            f._replace(id=f.id - 1) if f.id > first_made else f
            for f in state.forms
            if f.id != first_made
        )
        gap.next_form -= 1
        assert _dump(later, RAF) == _dump(state, RAF)
        assert _dump(fewer, RAF) == _dump(state, RAF)
        assert _dump(gap, RAF) == _dump(state, RAF)
        # the Luftwaffe sees its own sheet
        assert _dump(later, "luftwaffe") != _dump(state, "luftwaffe")


def _play_to_the_end(world: FightState, rng: random.Random) -> None:
    """A sampled world plays on to its end with random choices."""
    for _ in range(5000):
        node = world.next()
        if isinstance(node, Terminal):
            break
        world.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
    assert isinstance(world.next(), Terminal)


def test_a_sample_plans_the_raids_again_and_plays_on() -> None:
    """A re-deal makes out the sheet again from the pool: raids with a bomber, a target and a
    take-off turn to come, no more than four a turn; the world plays to its end."""
    state = _planned_node("intermediate")
    counts = Counter()
    for k in range(20):
        world = GAME.state_from_view(state.view(RAF), RAF, random.Random(k))
        assert isinstance(world, FightState)
        planned = [f for f in world.forms if not f.hex and f.launch]
        counts[len(planned)] += 1
        turns = Counter(f.launch for f in planned)
        assert all(n <= world.rules.formations_per_turn for n in turns.values())
        taken: set[int] = set()
        for f in planned:
            assert f.launch > world.turn_no and f.target and f.kind == RAID
            assert any(world.types[world.unit(u).type].role == "bomber" for u in f.units)
            assert all(world.unit(u).status == POOL for u in f.units)
            assert not taken & set(f.units)
            taken |= set(f.units)
        _play_to_the_end(world, random.Random(k))
    assert sum(counts[n] for n in counts if n) == 20, counts


def test_with_hunter_packs_a_sample_plans_patrols_too() -> None:
    """Preplanning with Hunter Packs: the sheet names patrols as well as raids ("fighters that
    are to act as patrols only must also be designated"). A sample plans none to as many as the
    pool's fighters left over from the raids make up: fighters only, three at most, each with a
    patrol hex and a take-off turn to come, four take-offs a turn at most; the world plays on."""
    options = {"preplanning": True, "hunter_packs": True}

    def accept(state: FightState) -> bool:
        return state.turn_no >= 2 and _names_no_formation(state)

    state = _raf_node("intermediate", accept, options=options)
    patrols = Counter()
    for k in range(30):
        world = GAME.state_from_view(state.view(RAF), RAF, random.Random(k))
        assert isinstance(world, FightState)
        planned = [f for f in world.forms if not f.hex and f.launch]
        turns = Counter(f.launch for f in planned)
        assert all(n <= world.rules.formations_per_turn for n in turns.values())
        mine = [f for f in planned if f.kind == PATROL]
        patrols[len(mine)] += 1
        taken = {u for f in world.forms if f not in mine for u in f.units}
        for f in mine:
            assert f.launch > world.turn_no and f.patrol and 1 <= len(f.units) <= 3
            assert all(world.types[world.unit(u).type].role == "fighter" for u in f.units)
            assert all(world.unit(u).status == POOL for u in f.units)
            assert not taken & set(f.units)
            taken |= set(f.units)
        _play_to_the_end(world, random.Random(k))
    # the count is a guess drawn evenly: samples with none and samples with some
    assert patrols[0] and sum(patrols[n] for n in patrols if n), patrols

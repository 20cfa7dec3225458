"""Helpers shared by the conformance, golden and log tests: cases, games played out, checks."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

from dowding.bots import RandomPlayer
from dowding.engine import (
    Action,
    Chance,
    Decision,
    Game,
    IllegalAction,
    Match,
    Node,
    State,
    Terminal,
    get_game,
    ruleset_ids,
    view,
)

# The long forms of the costliest suites (``DOWDING_SLOW=1``); CI runs their short forms, which
# check the same things at fewer sampled states.
SLOW = os.environ.get("DOWDING_SLOW") == "1"

# No game in the suite may take more steps than this; a longer one is taken to be stuck.
MAX_STEPS = 20_000
# Seeds this large never appear in a view by accident, so finding one there is a leak.
BIG_SEED = 7_351_940_000


def cases() -> list[Any]:
    """A param per (ruleset, scenario); a ruleset that cannot load gives one failing case."""
    params: list[Any] = []
    for ruleset in ruleset_ids():
        try:
            scenarios = [s.id for s in get_game(ruleset).scenarios]
        except Exception:  # reported by the test itself, which loads it again
            params.append(pytest.param((ruleset, ""), id=f"{ruleset}-unloadable"))
            continue
        params += [pytest.param((ruleset, s), id=f"{ruleset}-{s}") for s in scenarios]
    return params


def dumps(data: object) -> str:
    """Canonical JSON; fails on anything not JSON-serialisable (NaN included)."""
    return json.dumps(data, sort_keys=True, allow_nan=False)


def differ(a: object, b: object, write: Callable[[object], str] = dumps) -> bool:
    """Whether two JSON values differ as canonical JSON text (``write``, strict JSON unless told).
    Compared as objects first, which is quick and ignores key order as the sorted text does;
    written out only where those differ. (1 and 1.0, or True and 1, compare equal as objects
    though written differently: no view of ours holds a number whose type hangs on a hidden
    card.)"""
    return a != b and write(a) != write(b)


StepHook = Callable[[Match, Node, int], None]


def play(
    ruleset: str,
    scenario: str,
    seed: int,
    players: dict[str, Any] | None = None,
    hook: StepHook | None = None,
    max_steps: int = MAX_STEPS,
    options: dict[str, object] | None = None,
) -> Match:
    """Play a match to its end with seeded dice; ``hook`` sees every node before it is resolved."""
    match = Match(ruleset, scenario or None, options, seed=seed)
    if players is None:
        seats = match.state.seat_ids()
        players = {seat: RandomPlayer(seed * 31 + i) for i, seat in enumerate(seats)}
    for step in range(max_steps + 1):
        node = match.node()
        if hook is not None:
            hook(match, node, step)
        if isinstance(node, Terminal):
            return match
        if isinstance(node, Decision):
            match.play(players[node.seat].choose(view(match.state, node.seat), node))
        else:
            match.roll()
    raise AssertionError(f"{ruleset}/{scenario} seed {seed}: no Terminal after {max_steps} steps")


def walk(match: Match) -> Iterator[tuple[State, Node]]:
    """Replay a finished match's log from the start, yielding each state (a copy) and its node."""
    state = match.game.new_state(match.scenario, match.options)
    for step in match.steps:
        yield state.copy(), state.next()
        state.apply(step.action)
    yield state.copy(), state.next()


def to_decision(state: State, rng: random.Random) -> Decision:
    """On through dice and forced choices to the next decision with a choice."""
    while True:
        node = state.next()
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
        elif isinstance(node, Decision) and len(node.options) == 1:
            state.apply(node.options[0])
        else:
            assert isinstance(node, Decision)
            return node


# --- checks -------------------------------------------------------------------------------------

_checked_chances: set[str] = set()  # by repr: exact odds are checked once per distinct event


def check_node(game: Game, state: State, node: Node) -> None:
    """(a)/(h): the node is well formed and everything it offers is legal."""
    before = state.hash()
    again = state.next()
    assert state.hash() == before, "next() changed the state"
    assert again == node, "next() is not a function of the state"
    if isinstance(node, Decision):
        assert node.seat in state.seat_ids(), f"decision for unknown seat {node.seat!r}"
        assert node.options, f"decision with no options: {node.prompt}"
        assert len(set(node.options)) == len(node.options), f"duplicate options: {node.prompt}"
        for option in node.options:
            assert state.is_legal(option), f"offered option {option} is not legal ({node.prompt})"
            assert_canonical(option)
    elif isinstance(node, Terminal):
        sides = {seat.side for seat in game.seats_for(getattr(state, "options", None))}
        assert node.winner is None or node.winner in sides, f"winner {node.winner!r} not in {sides}"
        dumps(dict(node.scores))
    elif repr(node) not in _checked_chances:
        outcomes = node.outcomes()
        assert outcomes, f"chance '{node.label}' has no outcomes"
        assert sum((p for _, p in outcomes), Fraction(0)) == 1, f"'{node.label}' does not sum to 1"
        assert all(p > 0 and node.is_outcome(o) and state.is_legal(o) for o, p in outcomes)
        for outcome, _ in outcomes:
            assert_canonical(outcome)
        assert len({o for o, _ in outcomes}) == len(outcomes), f"'{node.label}' repeats an outcome"
        _checked_chances.add(repr(node))


def assert_canonical(action: Action) -> None:
    """An offered action is what its text reads back as (so it can be logged and replayed)."""
    again = Action.parse(action.text)
    assert again == action, f"{action!r} does not survive its text"
    assert again.args == action.args, f"{action!r} args change through text"
    assert Action(action.kind, **dict(action.args)).text == action.text, f"{action!r} not canonical"


def assert_refused(state: State, action: Action | str, *mentions: str) -> str:
    """(b): ``action`` is refused with IllegalAction, is_legal agrees, the state is untouched."""
    before, data = state.hash(), dumps(state.to_dict())
    if isinstance(action, Action):
        assert not state.is_legal(action), f"is_legal accepts {action}, meant to be refused"
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    message = str(info.value)
    for text in mentions:
        assert text in message, f"refusal of {action!r} does not mention {text!r}: {message}"
    assert state.hash() == before, f"refusing {action!r} changed the state hash"
    assert dumps(state.to_dict()) == data, f"refusing {action!r} changed to_dict()"
    return message


def check_refusals(state: State, node: Node, seen_option: Action | None) -> None:
    nonsense = Action("zz-nonsense", x=1)
    if isinstance(node, Decision):
        probes: list[Action | str] = [
            nonsense,
            Action("roll", d=(1, 1)),
            Action("draw", item="zz"),
            "=== ???",
        ]
        for probe in probes:
            if isinstance(probe, Action) and state.is_legal(probe):
                continue
            message = assert_refused(state, probe, node.prompt)
            assert any(str(o) in message for o in node.options), f"no legal option named: {message}"
    elif isinstance(node, Chance):
        for probe in (nonsense, seen_option or Action("pass")):
            assert_refused(state, probe, node.label)
    else:
        for probe in (nonsense, seen_option or Action("pass"), Action("roll", d=(1,))):
            assert_refused(state, probe)


def legal_move(node: Node) -> Action | None:
    if isinstance(node, Decision):
        return node.options[0]
    if isinstance(node, Chance):
        return node.outcomes()[0][0]
    return None


def check_copy(state: State, node: Node) -> None:
    """(e): a copy is independent of its original, both ways."""
    move = legal_move(node)
    if move is None:
        return
    before, data = state.hash(), dumps(state.to_dict())
    twin = state.copy()
    assert twin.hash() == before, "a copy hashes differently from its original"
    twin.apply(move)
    assert state.hash() == before, f"applying {move} to a copy changed the original's hash"
    assert dumps(state.to_dict()) == data, f"applying {move} to a copy changed the original"
    original, snapshot = state.copy(), state.copy()
    original.apply(move)
    assert snapshot.hash() == before, f"applying {move} to the original changed its copy"


def check_dict(game: Game, state: State, node: Node) -> None:
    """(f): to_dict is JSON, and restores (directly and through JSON text) to the same state."""
    text = dumps(state.to_dict())
    restored = game.state_from_dict(json.loads(text))
    assert restored.hash() == state.hash(), "state_from_dict(JSON of to_dict()) hashes differently"
    assert dumps(restored.to_dict()) == text, "to_dict() of the restored state differs"
    direct = game.state_from_dict(state.to_dict())
    assert direct.hash() == state.hash(), "state_from_dict(to_dict()) hashes differently"
    move = legal_move(node)
    if move is not None:
        direct.apply(move)
        assert dumps(state.to_dict()) == text, "a state restored from to_dict() shares data with it"


def _keys(data: object) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield str(key)
            yield from _keys(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from _keys(item)


def check_views(game: Game, state: State, node: Node, seed: int, tries: int = 3) -> None:
    """(g): views are JSON, hold no seed, and a re-deal of what a seat cannot see keeps its view."""
    before = state.hash()
    for seat in (*state.seat_ids(), None):
        text = dumps(view(state, seat))
        assert str(seed) not in text, f"the view for {seat} contains the seed"
        assert "seed" not in set(_keys(json.loads(text))), f"the view for {seat} has a seed key"
    public = view(state, None)
    for seat in state.seat_ids():
        mine = view(state, seat)
        for k in range(tries):
            other = state.determinize(seat, random.Random(seed + k))
            assert state.hash() == before, "determinize changed the state"
            assert not differ(view(other, seat), mine), (
                f"{seat}'s view depends on what it cannot see"
            )
            assert not differ(view(other, None), public), (
                "the spectator's view depends on hidden data"
            )
            if isinstance(node, Decision) and node.seat == seat:
                assert other.next() == node, f"{seat}'s options depend on what it cannot see"
        # what a search player imagines from the view alone is a state this seat cannot tell apart
        sampled = game.state_from_view(json.loads(dumps(mine)), seat, random.Random(seed))
        assert not differ(view(sampled, seat), mine), f"a state sampled from {seat}'s view differs"
        if isinstance(node, Decision) and node.seat == seat:
            assert sampled.next() == node, f"a state sampled from {seat}'s view decides otherwise"


def seat_wins(
    ruleset: str,
    scenario: str,
    seat: str,
    make: Callable[[str, int, bool], Any],
    seeds: range,
) -> float:
    """Games won by ``seat`` (a draw counts half) over ``seeds``, each seat's player made by
    ``make(seat, seed, is_the_seat_tried)``, dice from the seed as ``benchmarks/strength.py``
    and ``benchmarks/policy_trials.py`` draw them."""
    from dowding.bots import play_out
    from dowding.bots.ismcts import terminal_values

    game = get_game(ruleset)
    total = 0.0
    for seed in seeds:
        state = game.new_state(scenario, {})
        players = {s: make(s, seed, s == seat) for s in state.seat_ids()}
        node = play_out(state, players, dice=random.Random(f"dice:{seed}"))
        assert isinstance(node, Terminal)
        sides = {s.id: s.side for s in game.seats_for(state.options)}
        total += terminal_values(node, sides)[seat]
    return total

"""The crane engine's fast paths: what keeps them fast, and that they show what the rules show."""

from __future__ import annotations

import random

from dowding.engine import Chance, Decision, Terminal
from dowding.rulesets.crane import GAME
from dowding.rulesets.crane.combat import fire_options
from dowding.rulesets.crane.engagement import fire_targets
from dowding.rulesets.crane.state import CraneState


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

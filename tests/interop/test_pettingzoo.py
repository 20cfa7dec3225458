"""Every ruleset as a PettingZoo AEC environment: PettingZoo's own api_test and seed_test,
masks that match the generated options, rewards, truncation and refusals."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (the interop extra)")

from pettingzoo.test import api_test, seed_test

from dowding.engine import Decision, get_game, ruleset_ids, view
from dowding.interop.pettingzoo import encode, env, raw_env


def quiet_api_test(environment: object, num_cycles: int) -> None:
    # api_test warns about every Dict observation (the documented shape for action masks)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(environment, num_cycles=num_cycles)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_pettingzoo_api_test(ruleset: str) -> None:
    quiet_api_test(env(ruleset), num_cycles=200)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_pettingzoo_seed_test(ruleset: str) -> None:
    seed_test(lambda: env(ruleset), num_cycles=100)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_pettingzoo_every_scenario_longer(ruleset: str) -> None:
    for scenario in get_game(ruleset).scenarios:
        quiet_api_test(env(ruleset, scenario=scenario.id, reward="outcome"), num_cycles=2000)
        seed_test(lambda s=scenario.id: env(ruleset, scenario=s), num_cycles=1000)


@pytest.mark.parametrize("players", [3, 4])
def test_bob_seats_every_player_as_an_agent(players: int) -> None:
    environment = env("bob", options={"players": players})
    environment.reset(seed=1)
    assert environment.possible_agents == list(get_game("bob").seat_ids({"players": players}))
    quiet_api_test(environment, num_cycles=100)


def play_out(environment: raw_env, seed: int) -> dict[str, float]:
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    return totals


def test_the_mask_marks_the_generated_options_and_the_view_is_the_seats() -> None:
    environment = raw_env("bob")
    environment.reset(seed=3)
    for step in range(50):
        agent = environment.agent_selection
        node = environment.state.next()
        assert isinstance(node, Decision) and node.seat == agent
        observation = environment.observe(agent)
        assert observation["action_mask"].sum() == len(node.options)
        assert observation["action_mask"][: len(node.options)].all()
        expected = encode(view(environment.state, agent), environment.obs_size)
        assert np.array_equal(observation["observation"], expected)
        for other in environment.possible_agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        assert environment.action_text(0) == node.options[0].text
        environment.step(step * 7 % len(node.options))


def test_outcome_rewards_pay_the_winning_side() -> None:
    totals = play_out(raw_env("crane", reward="outcome"), seed=2)
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_score_rewards_are_the_terminal_scores() -> None:
    environment = raw_env("crane")
    totals = play_out(environment, seed=4)
    result = environment.state.next()
    assert totals == {seat: result.scores[seat] for seat in totals}


def test_a_long_game_is_truncated() -> None:
    environment = raw_env("bob", max_steps=5)
    environment.reset(seed=0)
    for _ in range(5):
        environment.step(0)
    assert all(environment.truncations.values())
    assert not any(environment.terminations.values())


def test_illegal_and_bad_input_is_refused_clearly() -> None:
    environment = raw_env("bob")
    environment.reset(seed=0)
    with pytest.raises(ValueError, match="legal actions are"):
        environment.step(999)
    with pytest.raises(ValueError, match="legal actions are"):
        environment.step("fire")
    with pytest.raises(ValueError, match="no scenario"):
        raw_env("bob", scenario="nope")
    with pytest.raises(ValueError, match="reward is one of"):
        raw_env("bob", reward="bogus")
    with pytest.raises(ValueError, match="no option"):
        raw_env("bob", options={"nonsense": 1})


def test_the_same_seed_replays_the_same_game() -> None:
    first, second = raw_env("bob"), raw_env("bob")
    assert play_out(first, seed=9) == play_out(second, seed=9)
    assert first.state.hash() == second.state.hash()

"""Every dowding ruleset as a PettingZoo AEC environment (``dowding.interop.pettingzoo.env``).

Agents are the seat ids (``raf``, ``luftwaffe``; bob with ``players=4`` seats four). The agent
to act is the seat of the pending ``Decision``; chance events are resolved inside the
environment by ``Chance.sample`` with a ``random.Random`` seeded from ``reset(seed=...)``, so
a seed fixes the whole game given the actions.

Actions: ``Discrete(max_actions)`` (default 1024, see ``dowding.interop.MAX_ACTIONS``); action
``i`` is the i-th generated option of the decision (free values are not offered). The mask in
each observation marks the legal ones; anything else is refused with a message naming them.

Observations: ``{"observation": float32[obs_size], "action_mask": int8[max_actions]}``. The
observation encodes ``view(state, agent)`` (without its ``"infostate"`` copy) by feature
hashing: every leaf of the view's JSON becomes a feature named by its path (list positions
included); a number adds its value at ``crc32(path) % obs_size``, a word adds 1 at
``crc32(path=word) % obs_size``. It is lossy where features collide; the exact view is
``env.unwrapped.view(agent)``, and ``env.unwrapped.action_text(i)`` names an action.

Rewards come at the end, from ``Terminal.scores`` (each seat its own score, or its side's) or,
with ``reward="outcome"``, +1 to the winning side's seats, -1 to the others, 0 in a draw. A game
still running after ``max_steps`` decisions is truncated.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dowding.engine import Action, Chance, Decision, Terminal, get_game
from dowding.engine.game import Node, State

from . import MAX_ACTIONS, TooManyOptions, check_reward, seat_reward

OBS_SIZE = 2048
MAX_STEPS = 20_000  # decisions; the conformance suite takes a longer game to be stuck
MAX_CHANCE_IN_A_ROW = 100_000  # chance events between two decisions: more means a stuck game


def env(ruleset: str, **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's order-enforcing wrapper (the usual entry point)."""
    return wrappers.OrderEnforcingWrapper(raw_env(ruleset, **kwargs))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for the unwrapped environment
    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "dowding_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str,
        scenario: str | None = None,
        options: Mapping[str, object] | None = None,
        reward: str = "scores",
        max_steps: int = MAX_STEPS,
        max_actions: int = MAX_ACTIONS,
        obs_size: int = OBS_SIZE,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if max_steps < 1 or max_actions < 1 or obs_size < 1:
            raise ValueError("max_steps, max_actions and obs_size must be positive")
        self.game = get_game(ruleset)
        self.scenario = self.game.scenario(scenario).id
        self.options = self.game.resolve_options(options)
        self.seats = {seat.id: seat for seat in self.game.seats_for(self.options)}
        self.reward = check_reward(reward)
        self.max_steps = max_steps
        self.max_actions = max_actions
        self.obs_size = obs_size
        self.render_mode = render_mode
        self.possible_agents = list(self.seats)
        self._action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (obs_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (max_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._rng = random.Random(0)
        self.state: State = self.game.new_state(self.scenario, self.options)
        self._node: Node = self.state.next()
        self._encoded: dict[str, np.ndarray] = {}
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # --- the cycle ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``options`` is accepted for the API and ignored: game options are fixed
        when the environment is made."""
        # no seed: a fresh generator from the OS, never the global one
        self._rng = random.Random(seed) if seed is not None else random.Random()
        self.state = self.game.new_state(self.scenario, self.options)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self._node
        assert isinstance(decision, Decision)
        self.state.apply(self._option(decision, action))
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._settle()
        if self.steps >= self.max_steps and not any(self.terminations.values()):
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()

    def _option(self, decision: Decision, action: Any) -> Action:
        try:
            index = int(action)
        except (TypeError, ValueError):
            index = -1
        if index != action or not 0 <= index < len(decision.options):
            raise ValueError(
                f"action {action!r} is not legal for {decision.seat}: {decision.prompt}; "
                f"legal actions are 0..{len(decision.options) - 1} (see the action mask)"
            )
        return decision.options[index]

    def _settle(self) -> None:
        """Resolve chance events until a seat must decide or the game ends."""
        node = self.state.next()
        for _ in range(MAX_CHANCE_IN_A_ROW):
            if not isinstance(node, Chance):
                break
            self.state.apply(node.sample(self._rng))
            node = self.state.next()
        else:
            raise RuntimeError(f"{MAX_CHANCE_IN_A_ROW} chance events in a row: the game is stuck")
        self._node = node
        self._encoded = {}
        if isinstance(node, Terminal):
            for agent in self.agents:
                self.rewards[agent] = seat_reward(node, self.seats[agent], self.reward)
                self.terminations[agent] = True
                self.infos[agent] = {"winner": node.winner, "reason": node.reason}
            if getattr(self, "agent_selection", None) not in self.agents:
                self.agent_selection = self.agents[0]
        else:
            assert isinstance(node, Decision)
            if len(node.options) > self.max_actions:
                raise TooManyOptions(
                    f"{node.seat} has {len(node.options)} options at '{node.prompt}', more than "
                    f"max_actions={self.max_actions}: make the environment with a larger one"
                )
            self.agent_selection = node.seat

    # --- what an agent sees ------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if agent not in self._encoded:
            self._encoded[agent] = encode(self.view(agent), self.obs_size)
        mask = np.zeros(self.max_actions, np.int8)
        node = self._node
        if isinstance(node, Decision) and node.seat == agent:
            mask[: len(node.options)] = 1
        return {"observation": self._encoded[agent].copy(), "action_mask": mask}

    def view(self, agent: str | None) -> dict[str, Any]:
        """All that ``agent`` may see (None: a spectator), exactly as the engine gives it."""
        if agent is not None and agent not in self.seats:
            raise ValueError(f"no agent {agent!r}; agents are {', '.join(self.seats)}")
        return self.state.view(agent)

    def action_text(self, action: int) -> str:
        """The dowding text of an action id for the agent to act."""
        node = self._node
        if not isinstance(node, Decision):
            raise ValueError("no decision is pending")
        return self._option(node, action).text

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        node = self._node
        now = (
            f"{node.seat} to decide: {node.prompt}"
            if isinstance(node, Decision)
            else f"over: {getattr(node, 'reason', '')}"
        )
        return f"{self.game.id} {self.scenario} step {self.steps}: {now}"

    def close(self) -> None:
        """Nothing to release."""


def encode(view: Mapping[str, Any], size: int) -> np.ndarray:
    """Feature hashing of a view's leaves (its ``"infostate"`` copy left out)."""
    vector = np.zeros(size, np.float32)
    stack: list[tuple[str, Any]] = [
        (key, value) for key, value in view.items() if key != "infostate"
    ]
    while stack:
        path, value = stack.pop()
        if isinstance(value, Mapping):
            stack.extend((f"{path}/{key}", item) for key, item in value.items())
        elif isinstance(value, list | tuple):
            stack.extend((f"{path}/{i}", item) for i, item in enumerate(value))
        elif isinstance(value, bool | int | float):
            vector[zlib.crc32(path.encode()) % size] += float(value)
        elif value is not None:
            vector[zlib.crc32(f"{path}={value}".encode()) % size] += 1.0
    return vector


__all__ = ["OBS_SIZE", "encode", "env", "raw_env"]

"""Trials of a rollout policy for bob1990: one seat played by a policy, the other by the
heuristic player, over seeds, dice from the seed (as ``strength.py match`` draws them).

    python benchmarks/bob1990_policy_trials.py --seat luftwaffe --games 100
    python benchmarks/bob1990_policy_trials.py --seat raf --policy mytrial --games 100

``--policy`` names an importable module with ``policy(state, decision, rng) -> Action``; without
it the seat plays the search player's rollout policy (``rulesets/bob1990/search.py``). The
policy reads the whole state, as the search's rollouts do in the world they imagine; the
heuristic seat reads its own view. Prints the policy seat's wins out of the games.
"""

from __future__ import annotations

import argparse
import importlib
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from dowding.engine import Chance, Terminal, get_game
from dowding.rulesets.bob1990 import search
from dowding.rulesets.bob1990.bots import Bob1990Heuristic


def play(args: tuple[int, str, str | None]) -> bool:
    seed, seat, module = args
    trial: Any = importlib.import_module(module) if module else None
    game = get_game("bob1990")
    state = game.new_state(game.default_scenario, {})
    dice = random.Random(f"dice:{seed}")
    rng = random.Random(seed)
    heuristics: dict[str, Bob1990Heuristic] = {}
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            return node.winner == seat
        if isinstance(node, Chance):
            state.apply_trusted(node.sample(dice))
            continue
        if len(node.options) == 1:
            state.apply_trusted(node.options[0])
            continue
        if node.seat != seat:
            player = heuristics.setdefault(node.seat, Bob1990Heuristic(node.seat))
            action = player.choose(state.view(node.seat, infostate=False, brief=True), node)
        elif trial is not None:
            action = trial.policy(state, node, rng)
        else:
            action = search.rollout_policy(state, rng)
        state.apply_trusted(action)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seat", choices=("raf", "luftwaffe"), required=True)
    parser.add_argument("--policy", help="a module with policy(state, decision, rng)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=1)
    ns = parser.parse_args()
    jobs = [(s, ns.seat, ns.policy) for s in range(ns.first_seed, ns.first_seed + ns.games)]
    with ProcessPoolExecutor(ns.workers) as pool:
        wins = sum(pool.map(play, jobs))
    print(f"{ns.seat} ({ns.policy or 'rollout policy'}): {wins} of {ns.games}")


if __name__ == "__main__":
    main()

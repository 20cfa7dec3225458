"""Trials of a rollout policy for bob1990: one seat played by a policy, the other by the
heuristic player, over seeds, dice from the seed (as ``strength.py match`` draws them).

    python benchmarks/bob1990_policy_trials.py --seat luftwaffe --games 100
    python benchmarks/bob1990_policy_trials.py --seat raf --policy mytrial --games 100
    python benchmarks/bob1990_policy_trials.py --seat raf --search regular --games 60 --workers 2
    python benchmarks/bob1990_policy_trials.py --seat raf --search regular --margin none --games 60

``--policy`` names an importable module with ``policy(state, decision, rng) -> Action``; without
it the seat plays the search player's rollout policy (``rulesets/bob1990/search.py``). The
policy reads the whole state, as the search's rollouts do in the world they imagine; the
heuristic seat reads its own view. Prints the policy seat's wins out of the games.

``--data DIR`` lays a trial's component files over ours (the ``data`` option: e.g. a
``squadrons.json`` with other dogfight dice), for sweeps of a supplied value.

``--search STRENGTH`` seats the search player instead, deciding from its view (its budget's cap
raised to 30 s, so the simulations alone decide), and counts, by kind of decision, how often it
chose other than its rollout policy would have in the real position; ``--margin`` sets its
``keep_margin`` (``none``: the most simulated choice, whatever its margin).
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from typing import Any

from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Chance, Terminal, get_game
from dowding.rulesets.bob1990 import search
from dowding.rulesets.bob1990.bots import Bob1990Heuristic

Job = tuple[int, str, str | None, str | None, str, str]


def play(args: Job) -> tuple[bool, Counter[str], Counter[str]]:
    """One game: whether the trial seat won, and its decisions and departures from the rollout
    policy by kind (departures only with ``--search``)."""
    seed, seat, module, strength, margin, data = args
    trial: Any = importlib.import_module(module) if module else None
    game = get_game("bob1990")
    state = game.new_state(game.default_scenario, {"data": data} if data else {})
    dice = random.Random(f"dice:{seed}")
    rng = random.Random(seed)
    heuristics: dict[str, Bob1990Heuristic] = {}
    searcher = None
    if strength is not None:
        searcher = ISMCTSPlayer("bob1990", seat, seed, strength, seconds=30.0)
        if margin != "default":
            keep = None if margin == "none" else float(margin)
            searcher.budget = replace(searcher.budget, keep_margin=keep)
    decided: Counter[str] = Counter()
    departed: Counter[str] = Counter()
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            return node.winner == seat, decided, departed
        if isinstance(node, Chance):
            state.apply_trusted(node.sample(dice))
            continue
        if len(node.options) == 1:
            state.apply_trusted(node.options[0])
            continue
        if node.seat != seat:
            player = heuristics.setdefault(node.seat, Bob1990Heuristic(node.seat))
            # the view it reads in play: the German stacks read the cards a brief view leaves out
            action = player.choose(state.view(node.seat, infostate=False), node)
        elif trial is not None:
            action = trial.policy(state, node, rng)
        elif searcher is not None:
            kind = node.options[0].kind
            decided[kind] += 1
            action = searcher.choose(state.view(seat), node)
            if action != search.rollout_policy(state, rng):
                departed[kind] += 1
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
    parser.add_argument("--search", metavar="STRENGTH", help="the search player in the seat")
    parser.add_argument(
        "--margin", default="default", help="its keep_margin: a number, none, or default"
    )
    parser.add_argument("--data", default="", help="a folder of component files laid over ours")
    ns = parser.parse_args()
    seeds = range(ns.first_seed, ns.first_seed + ns.games)
    jobs: list[Job] = [(s, ns.seat, ns.policy, ns.search, ns.margin, ns.data) for s in seeds]
    with ProcessPoolExecutor(ns.workers) as pool:
        results = list(pool.map(play, jobs))
    decided: Counter[str] = Counter()
    departed: Counter[str] = Counter()
    for _, d, p in results:
        decided.update(d)
        departed.update(p)
    wins = sum(won for won, _, _ in results)
    who = f"search {ns.search}, margin {ns.margin}" if ns.search else ns.policy or "rollout policy"
    print(f"{ns.seat} ({who}): {wins} of {ns.games}")
    print(
        "lost:", " ".join(str(s) for s, (won, _, _) in zip(seeds, results, strict=True) if not won)
    )
    if ns.search:
        print("left the policy:", ", ".join(f"{k} {departed[k]}/{n}" for k, n in decided.items()))


if __name__ == "__main__":
    main()

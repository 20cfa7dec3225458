"""Fit 303 Squadron's search evaluation per Scenario: heuristic teams, each decision's features.

    python benchmarks/squadron303_fit.py --games 300

For each Scenario plays ``--games`` heuristic team games (4 pilots unless ``--players``),
records one decision in ``--every`` (``search.features``) with whether the team won, fits a
logistic regression (``fit_evaluation.fit``: numpy, gradient descent, a little L2) on four
games in five, and prints the held-out log loss and accuracy against the constant baseline and
the ``WEIGHTS`` to paste into ``src/dowding/rulesets/squadron303/search.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fit_evaluation import Sampler, fit, score

from dowding.bots.playout import make_players, play_out
from dowding.engine import Terminal, get_game
from dowding.rulesets.squadron303 import search


def collect(
    scenario: str, games: int, every: int, players: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    game = get_game("squadron303")
    options = {"players": players}
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    for seed in range(games):
        state = game.new_state(scenario, options)
        seated = make_players(
            game, dict.fromkeys(game.seat_ids(options), "heuristic"), seed, options
        )
        sampler = Sampler(search.features, every)
        node = play_out(state, seated, dice=random.Random(seed), stop=sampler)
        assert isinstance(node, Terminal)
        won = 1.0 if node.winner == search.POSITIVE else 0.0
        xs += sampler.rows
        ys += [won] * len(sampler.rows)
        groups += [seed] * len(sampler.rows)
    return np.array(xs, dtype=float), np.array(ys), np.array(groups)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--every", type=int, default=4)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--scenario", action="append")
    ns = parser.parse_args()
    scenarios = ns.scenario or [s.id for s in get_game("squadron303").scenarios]
    weights: dict[str, list[float]] = {}
    for scenario in scenarios:
        x, y, groups = collect(scenario, ns.games, ns.every, ns.players)
        train = groups % 5 != 0
        w = fit(x[train], y[train])
        loss, accuracy = score(w, x[~train], y[~train])
        base = float(np.clip(np.mean(y[train]), 1e-3, 1 - 1e-3))
        held = y[~train]
        baseline = float(-np.mean(held * np.log(base) + (1 - held) * np.log(1 - base)))
        print(
            f"{scenario}: {len(y)} positions, team won {np.mean(y):.2f}; held-out log loss "
            f"{loss:.3f} (constant {baseline:.3f}), accuracy {accuracy:.3f}",
            flush=True,
        )
        weights[scenario] = [round(float(v), 3) for v in w]
    print("WEIGHTS = {")
    for scenario, w in weights.items():
        print(f'    "{scenario}": ({", ".join(str(v) for v in w)}),')
    print("}")


if __name__ == "__main__":
    main()

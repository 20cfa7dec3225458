"""Fit the search player's position scores to games: heuristic against heuristic.

    python benchmarks/fit_evaluation.py --ruleset crane --games 400
    python benchmarks/fit_evaluation.py --ruleset fight-for-the-sky --scenario intermediate
    python benchmarks/fit_evaluation.py --ruleset bob --scenario channel-battle --drop 3
    python benchmarks/fit_evaluation.py --ruleset fight-for-the-sky --scenario intermediate \\
        --own luftwaffe

Plays the games, records each decision's position features (``rulesets/<id>/search.py:
features``) with the side that won in the end (a half where nobody won), fits a logistic
regression (numpy, plain gradient descent with a little L2), and prints the weights to paste
into ``search.py`` with the fit's log loss and accuracy on held-out games. ``--drop I`` holds
feature I (counted from 0) at a weight of 0: a feature whose fitted sign rewards what loses
when a search chooses it (bob's cards in the air: docs/benchmarks.md, "bob's own policy").
``--own SEAT`` plays that seat with the search player's own policy (``policy_trials.py``:
``own_policy``), the other with the plain heuristic: the games a search player in SEAT imagines
in its rollouts, for the score it reads where a rollout stops (``search.py: OWN_WEIGHTS``).
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Callable

import numpy as np
from policy_trials import own_policy, trial_player

from dowding.bots import Player, make_player, play_out
from dowding.engine import Decision, State, Terminal, get_game


class Sampler:
    """A play-out's stop hook that never stops: keeps the features of one decision in ``every``."""

    def __init__(self, features: Callable[[State], list[float]], every: int) -> None:
        self.features, self.every = features, every
        self.rows: list[list[float]] = []
        self.step = 0

    def __call__(self, position: State, decision: Decision) -> bool:
        if self.step % self.every == 0:
            self.rows.append(self.features(position))
        self.step += 1
        return False


def players_for(
    ruleset: str, scenario: str, seats: tuple[str, ...], seed: int, own: str | None
) -> dict[str, Player]:
    """The heuristic in every seat; ``own``, where given, with the search player's own policy."""
    players = {s: make_player(ruleset, "heuristic", s, seed) for s in seats}
    if own is not None:
        players[own] = trial_player(ruleset)(own, seed, **own_policy(ruleset, scenario))
    return players


def collect(
    ruleset: str, games: int, every: int, scenario: str | None = None, own: str | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    search = importlib.import_module(f"dowding.rulesets.{ruleset.replace('-', '_')}.search")
    game = get_game(ruleset)
    scenario = scenario or game.default_scenario
    xs, ys, groups, margins = [], [], [], []
    margin = getattr(search, "margin", None)
    for seed in range(games):
        state = game.new_state(scenario, {})
        players = players_for(ruleset, scenario, state.seat_ids(), seed, own)
        sampler = Sampler(search.features, every)
        node = play_out(state, players, dice=random.Random(seed), stop=sampler)
        assert isinstance(node, Terminal)
        rows = sampler.rows
        # a game with no winner is worth a half to each side, as the search player's own
        # terminal value has it (counted as a loss, a draw the RAF can force looked like a win)
        won = 1.0 if node.winner == search.POSITIVE else 0.5 if node.winner is None else 0.0
        xs += rows
        ys += [won] * len(rows)
        groups += [seed] * len(rows)
        margins += [margin(state) if margin else won] * len(rows)
    return np.array(xs, dtype=float), np.array(ys), np.array(groups), np.array(margins)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 3000) -> np.ndarray:
    """Logistic regression on standardised features; the weights returned act on raw ones."""
    mean, std = x.mean(axis=0), x.std(axis=0)
    std[std == 0] = 1.0
    xs = np.hstack([(x - mean) / std, np.ones((len(x), 1))])
    w = np.zeros(xs.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-xs @ w))
        grad = xs.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], 0]
        w -= 1.0 * grad
    raw = w[:-1] / std
    return np.r_[raw, w[-1] - float(np.sum(raw * mean))]


def fit_margin(x: np.ndarray, margin: np.ndarray) -> np.ndarray:
    """Where one side (nearly) always wins, a fit to who won learns nothing: least squares on
    the final margin instead, turned into logistic weights for the chance that the margin
    ends above zero (the residuals taken as normal with their spread: P = Phi(m/sd), about the
    logistic of 1.702 m/sd)."""
    xs = np.hstack([x, np.ones((len(x), 1))])
    coef, *_ = np.linalg.lstsq(xs, margin, rcond=None)
    sigma = float(np.std(margin - xs @ coef)) or 1.0
    return np.asarray(coef * 1.702 / sigma)


def score(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    p = 1 / (1 + np.exp(-np.hstack([x, np.ones((len(x), 1))]) @ w))
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return loss, float(np.mean((p > 0.5) == (y > 0.5)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="crane")
    parser.add_argument("--scenario", help="the ruleset's default scenario if not given")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--every", type=int, default=3, help="sample one decision in N")
    parser.add_argument(
        "--margin", action="store_true", help="fit the final margin (search.margin), not who won"
    )
    parser.add_argument(
        "--drop", type=int, action="append", default=[], help="a feature held at weight 0"
    )
    parser.add_argument("--own", help="this seat plays the search player's own policy")
    ns = parser.parse_args()
    x, y, groups, margin = collect(ns.ruleset, ns.games, ns.every, ns.scenario, ns.own)
    train = groups % 5 != 0
    keep = [i for i in range(x.shape[1]) if i not in ns.drop]
    kept = x[:, keep]
    fitted = fit_margin(kept[train], margin[train]) if ns.margin else fit(kept[train], y[train])
    w = np.zeros(x.shape[1] + 1)
    w[[*keep, x.shape[1]]] = fitted
    base = float(np.mean(y[train]))
    print(f"positions {len(y)}, games {ns.games}, positive side won {np.mean(y[groups >= 0]):.3f}")
    print("weights (features..., bias):", [round(float(v), 4) for v in w])
    print("held-out log loss {:.4f} accuracy {:.3f}".format(*score(w, x[~train], y[~train])))
    p0 = np.clip(np.full((~train).sum(), base), 1e-6, 1 - 1e-6)
    print(
        f"constant baseline log loss {float(-np.mean(y[~train] * np.log(p0) + (1 - y[~train]) * np.log(1 - p0))):.4f}"
    )


if __name__ == "__main__":
    main()

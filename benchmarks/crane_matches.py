"""Crane players against each other on both scenarios, with 95% Wilson intervals."""

from __future__ import annotations

import argparse
import math
import statistics

from dowding.bots import make_player
from dowding.engine import Chance, Match, Terminal


def play(scenario: str, seed: int, raf: str, luftwaffe: str) -> Match:
    match = Match("crane", scenario, seed=seed)
    players = {
        "raf": make_player("crane", raf, "raf", seed),
        "luftwaffe": make_player("crane", luftwaffe, "luftwaffe", seed + 1),
    }
    while not isinstance(node := match.node(), Terminal):
        if isinstance(node, Chance):
            match.roll()
        else:
            match.play(players[node.seat].choose(match.state.view(node.seat), node))
    return match


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(
        "| scenario | RAF | Luftwaffe | games | RAF wins (95% CI) | bomb hits (mean) | bombers destroyed (mean) | turns (mean) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for scenario in ("eight-heinkels", "heinkels-and-stukas"):
        for raf, lw in (
            ("heuristic", "heuristic"),
            ("heuristic", "random"),
            ("random", "heuristic"),
        ):
            results = [play(scenario, seed, raf, lw).result() for seed in range(args.games)]
            wins = sum(r.winner == "raf" for r in results)
            lo, hi = wilson(wins, len(results))
            hits = statistics.mean(r.score["luftwaffe"] for r in results)
            kills = statistics.mean(r.score["raf"] for r in results)
            turns = statistics.mean(r.turns for r in results)
            print(
                f"| {scenario} | {raf} | {lw} | {len(results)} | {wins / len(results):.0%} ({lo:.0%}-{hi:.0%}) "
                f"| {hits:.2f} | {kills:.2f} | {turns:.1f} |"
            )


if __name__ == "__main__":
    main()

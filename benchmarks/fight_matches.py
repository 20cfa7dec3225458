"""Fight for the Sky players against each other, per game, with 95% Wilson intervals.

Heuristic against random and heuristic against heuristic, for each side, on the Basic,
Intermediate and Campaign games; every game is replayable from its seed (0..games-1). Prints a
markdown table: wins for each side and draws, the mean Luftwaffe victory-point margin, and the
flights each side lost.

    python benchmarks/fight_matches.py --games 60 --scenario basic --scenario intermediate
"""

from __future__ import annotations

import argparse
import statistics
import time

from dowding.analysis.stats import wilson
from dowding.bots import make_player
from dowding.engine import Chance, Match, Terminal
from dowding.rulesets.fight_for_the_sky.state import FightState

PAIRINGS = (
    ("heuristic", "heuristic"),
    ("heuristic", "random"),
    ("random", "heuristic"),
    ("random", "random"),
)


def play(scenario: str, seed: int, raf: str, luftwaffe: str) -> Match:
    match = Match("fight-for-the-sky", scenario, seed=seed)
    players = {
        "raf": make_player("fight-for-the-sky", raf, "raf", seed * 7919),
        "luftwaffe": make_player("fight-for-the-sky", luftwaffe, "luftwaffe", seed * 7919 + 1),
    }
    while not isinstance(node := match.node(), Terminal):
        if isinstance(node, Chance):
            match.roll()
        else:
            match.play(players[node.seat].choose(match.state.view(node.seat), node))
    return match


def _share(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins} ({low:.0%}-{high:.0%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per pairing and scenario")
    parser.add_argument("--scenario", action="append", help="basic, intermediate, campaign")
    parser.add_argument("--pairing", action="append", help="RAF:LUFTWAFFE, e.g. heuristic:random")
    args = parser.parse_args()
    pairings = [tuple(p.split(":", 1)) for p in args.pairing] if args.pairing else list(PAIRINGS)
    print(
        "| game | RAF | Luftwaffe | games | RAF wins (95% CI) | Luftwaffe wins (95% CI) | draws "
        "| LW margin (mean, sd) | RAF flights lost | LW flights lost | s/game |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for scenario in args.scenario or ["basic", "intermediate", "campaign"]:
        for raf, lw in pairings:
            started = time.perf_counter()
            matches = [play(scenario, seed, raf, lw) for seed in range(args.games)]
            took = (time.perf_counter() - started) / args.games
            results = [m.result() for m in matches]
            games = len(results)
            raf_wins = sum(r.winner == "raf" for r in results)
            lw_wins = sum(r.winner == "luftwaffe" for r in results)
            margins = [r.score["luftwaffe"] - r.score["raf"] for r in results]
            states: list[FightState] = [m.state for m in matches]  # type: ignore[misc]
            raf_lost = statistics.fmean(s.lost[0] for s in states)
            lw_lost = statistics.fmean(s.lost[1] + s.lost[2] for s in states)
            sd = statistics.stdev(margins) if games > 1 else 0.0
            print(
                f"| {scenario} | {raf} | {lw} | {games} | {_share(raf_wins, games)} "
                f"| {_share(lw_wins, games)} | {games - raf_wins - lw_wins} "
                f"| {statistics.fmean(margins):.2f} ({sd:.2f}) | {raf_lost:.1f} | {lw_lost:.1f} "
                f"| {took:.2f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()

"""How strong is the search player? Side-balanced matches against the heuristic player.

    python benchmarks/strength.py match --ruleset crane --games 100 --simulations 60 --workers 2
    python benchmarks/strength.py speed --ruleset bob --decisions 20

``match`` plays ``--games`` games, half with the search player in each seat, the heuristic
player in the other, seeds 0..N-1, on ``--workers`` processes, and prints the search player's
win rate with a Wilson 95% interval, by seat and overall, with the seconds per decision it
took. ``speed`` times the search player at each strength on positions from heuristic games:
simulations per second and seconds per decision. Results go to stdout as JSON lines too, for
docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from dowding.bots import make_player, play_out
from dowding.bots.ismcts import STRENGTHS, ISMCTSPlayer, rollout_depth, terminal_values
from dowding.engine import Action, Decision, State, Terminal, get_game, view


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


class Timed:
    """A seat's player, timed and counted on the decisions where it had a choice."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.decisions, self.seconds, self.simulations = 0, 0.0, 0
        # the root visits a decision started with, kept from the one before (the kept tree)
        self.carried, self.kept = 0, 0

    def choose(self, seen: dict[str, Any], decision: Decision) -> Action:
        start = time.perf_counter()
        action: Action = self.player.choose(seen, decision)
        if len(decision.options) > 1:
            self.decisions += 1
            self.seconds += time.perf_counter() - start
            self.simulations += getattr(self.player, "last_simulations", 0)
            carried = getattr(self.player, "last_carried", 0)
            self.carried += carried
            self.kept += carried > 0
        return action


def play_one(
    args: tuple[str, str, int, str, int, float, int, bool, bool, bool | None],
) -> dict[str, Any]:
    (
        ruleset,
        scenario,
        seed,
        search_seat,
        simulations,
        seconds,
        depth,
        baseline,
        keep_tree,
        paired,
    ) = args
    game = get_game(ruleset)
    state = game.new_state(scenario, {})
    players: dict[str, Any] = {
        s: make_player(ruleset, "heuristic", s, seed) for s in state.seat_ids()
    }
    if not baseline:  # the baseline: the heuristic in the search player's seat, same dice
        players[search_seat] = ISMCTSPlayer(
            ruleset,
            search_seat,
            seed,
            "ace",
            simulations=simulations,
            seconds=seconds,
            depth=depth,
            keep_tree=keep_tree,
            paired=paired,
        )
    timed = players[search_seat] = Timed(players[search_seat])
    node = play_out(state, players, dice=random.Random(f"dice:{seed}"))
    assert isinstance(node, Terminal)
    sides = {s.id: s.side for s in game.seats_for(state.options)}
    won = terminal_values(node, sides)[search_seat]
    return {
        "seed": seed,
        "search_seat": search_seat,
        "winner": node.winner,
        "won": won,
        "decisions": timed.decisions,
        "seconds_per_decision": timed.seconds / max(timed.decisions, 1),
        "simulations": timed.simulations,
        "carried": timed.carried,
        "kept": timed.kept,
    }


def match(ns: argparse.Namespace) -> None:
    game = get_game(ns.ruleset)
    scenario = ns.scenario or game.default_scenario
    seats = [s for s in game.seat_ids() if not ns.seat or s in ns.seat]
    jobs = [
        (
            ns.ruleset,
            scenario,
            seed,
            seats[seed % len(seats)],
            ns.simulations,
            ns.seconds,
            ns.depth,
            ns.baseline,
            not ns.fresh_tree,
            {"on": True, "off": False}.get(ns.paired),
        )
        for seed in range(ns.first_seed, ns.first_seed + ns.games)
    ]
    start = time.perf_counter()
    results = []
    with ProcessPoolExecutor(ns.workers) as pool:
        for done, result in enumerate(pool.map(play_one, jobs), 1):
            results.append(result)
            print(json.dumps(result), file=sys.stderr, flush=True)
            if done % 10 == 0:
                print(f"{done}/{ns.games} games", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    summary: dict[str, Any] = {
        "ruleset": ns.ruleset,
        "scenario": scenario,
        "games": ns.games,
        "strength": ns.strength,
        "simulations": ns.simulations,
        "seconds_cap": ns.seconds,
        "depth": ns.depth,
        "workers": ns.workers,
        "baseline": ns.baseline,
        "keep_tree": not ns.fresh_tree,
        "paired": ns.paired,
        "elapsed_s": round(elapsed, 1),
    }
    for seat in [*seats, "all"]:
        rows = [r for r in results if seat in ("all", r["search_seat"])]
        wins = sum(r["won"] for r in rows)
        lo, hi = wilson(wins, len(rows))
        summary[seat] = {
            "games": len(rows),
            "win_rate": round(wins / max(len(rows), 1), 3),
            "ci95": [round(lo, 3), round(hi, 3)],
        }
    decisions = sum(r["decisions"] for r in results)
    summary["seconds_per_decision"] = round(
        sum(r["seconds_per_decision"] * r["decisions"] for r in results) / max(decisions, 1), 3
    )
    summary["simulations_per_second"] = round(
        sum(r["simulations"] for r in results)
        / max(sum(r["seconds_per_decision"] * r["decisions"] for r in results), 1e-9),
        1,
    )
    # the kept tree: the share of searched decisions that started from the last one's subtree,
    # and the root visits they started with (on top of the simulations)
    summary["kept_tree_share"] = round(sum(r["kept"] for r in results) / max(decisions, 1), 3)
    summary["carried_per_decision"] = round(
        sum(r["carried"] for r in results) / max(decisions, 1), 1
    )
    print(json.dumps(summary))


def speed(ns: argparse.Namespace) -> None:
    """Each strength on the same positions: the first ``--decisions`` choices of a heuristic
    game (seed 0), for the seat to move."""
    game = get_game(ns.ruleset)
    state = game.new_state(ns.scenario or game.default_scenario, {})
    rng = random.Random(0)  # the dice, and which positions are kept
    heuristic = {s: make_player(ns.ruleset, "heuristic", s, 0) for s in state.seat_ids()}
    positions: list[tuple[dict[str, Any], Decision]] = []

    def keep(position: State, node: Decision) -> bool:
        if len(positions) >= ns.decisions:
            return True
        if len(node.options) > 1 and rng.random() < 0.25:
            positions.append((view(position, node.seat), node))
        return False

    play_out(state, heuristic, dice=rng, stop=keep)
    for strength in STRENGTHS:
        total, cpu, sims, worst = 0.0, 0.0, 0, 0.0
        for i, (seen, node) in enumerate(positions):
            player = (
                ISMCTSPlayer(ns.ruleset, node.seat, i, strength)
                if ns.simulations is None
                else ISMCTSPlayer(
                    ns.ruleset, node.seat, i, strength, simulations=ns.simulations, seconds=1e9
                )
            )
            start, cpu_start = time.perf_counter(), time.process_time()
            player.choose(seen, node)
            took = time.perf_counter() - start
            cpu += time.process_time() - cpu_start
            total += took
            worst = max(worst, took)
            sims += player.last_simulations
        print(
            json.dumps(
                {
                    "ruleset": ns.ruleset,
                    "strength": strength,
                    "budget": STRENGTHS[strength].__dict__,
                    "fixed_simulations": ns.simulations,
                    "positions": len(positions),
                    "seconds_per_decision": round(total / len(positions), 3),
                    "worst_seconds": round(worst, 3),
                    "simulations_per_second": round(sims / total, 1),
                    # on a shared machine the wall-clock cap binds sooner: CPU time tells
                    # what the search itself costs
                    "cpu_seconds_per_decision": round(cpu / len(positions), 3),
                    "simulations_per_cpu_second": round(sims / max(cpu, 1e-9), 1),
                }
            ),
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("match")
    m.add_argument("--ruleset", default="crane")
    m.add_argument("--scenario")
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--first-seed", type=int, default=0, help="seeds FIRST..FIRST+GAMES-1")
    m.add_argument("--strength", choices=list(STRENGTHS), help="a strength's simulations and depth")
    m.add_argument("--simulations", type=int, default=60)
    m.add_argument("--seconds", type=float, default=30.0, help="a cap per decision, seldom hit")
    m.add_argument(
        "--depth",
        type=int,
        help="rollout depth; default: the strength's (30 without one), or the ruleset's own "
        "where its search module fixes one (bob1990: 0)",
    )
    m.add_argument("--workers", type=int, default=2)
    m.add_argument("--seat", action="append", help="only these seats for the search player")
    m.add_argument(
        "--baseline", action="store_true", help="the heuristic in the search seat (same seeds)"
    )
    m.add_argument(
        "--fresh-tree",
        action="store_true",
        help="a fresh tree at every decision (the player before the kept tree)",
    )
    m.add_argument(
        "--paired",
        choices=["auto", "on", "off"],
        default="auto",
        help="the paired choice at the root (auto: where the ruleset's search module asks)",
    )
    s = sub.add_parser("speed")
    s.add_argument("--ruleset", default="crane")
    s.add_argument("--scenario")
    s.add_argument("--decisions", type=int, default=20)
    s.add_argument(
        "--simulations",
        type=int,
        help="this many simulations a decision at each strength's depth, no time cap: what a "
        "simulation costs, whatever the machine's load",
    )
    ns = parser.parse_args()
    if ns.command == "match":
        if ns.strength:
            ns.simulations = STRENGTHS[ns.strength].simulations
        if ns.depth is None:
            default = STRENGTHS[ns.strength].depth if ns.strength else 30
            ns.depth = rollout_depth(ns.ruleset, default)
    match(ns) if ns.command == "match" else speed(ns)


if __name__ == "__main__":
    main()

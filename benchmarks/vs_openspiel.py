"""dowding's search player against OpenSpiel's IS-MCTS, playing the same game through the adapter.

Side-balanced: every seed is played twice, the search player taking each seat in turn. Two
budgets, each its own match:

* ``sims``: the same number of simulations per decision for both players;
* ``time``: the same wall-clock seconds per decision for both players (each runs simulations
  until its time is up).

OpenSpiel's player is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``, OpenSpiel's Python
port of ``pyspiel.ISMCTSBot`` (the C++ bot cannot search a Python game: see
``dowding.interop.openspiel``), with OpenSpiel's random-rollout evaluator (rollouts to the end
of the game), UCT c=2, the final move by most visits, and win/loss rewards (``reward=outcome``,
the same objective as dowding's player). dowding's player is ``ISMCTSPlayer`` with its
ruleset's rollout policy and evaluation at the given base strength (rollout depth), its
simulations and time cap overridden by the budget.

A decision with one option is played at once by both and not timed. Win rates count a draw as
half a win; intervals are Wilson 95%.

    python benchmarks/vs_openspiel.py --ruleset crane --games 100 --simulations 50 --seconds 0.5
    python benchmarks/vs_openspiel.py --ruleset bob --scenario channel-battle --games 4 \\
        --simulations 8 --seconds 0.2 --modes sims   # a smoke run
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from dowding.analysis.stats import wilson
from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Chance, Decision, Terminal, get_game, view
from dowding.interop import openspiel as osp

UNLIMITED = 10**9  # simulations when time is the budget


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's IS-MCTS with a wall-clock budget per decision instead of a count."""

    def __init__(self, *args: Any, seconds: float, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        self.last_simulations = 0

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self.reset()
        root = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        # at least two: the first only expands the root, and OpenSpiel ranks moves by visits
        while done < 2 or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.last_simulations = done
        return list(self.get_final_policy(state, root))


def openspiel_bot(game: Any, mode: str, simulations: int, seconds: float, seed: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed))
    common = {
        "game": game,
        "evaluator": evaluator,
        "uct_c": 2.0,
        "random_state": np.random.RandomState(seed + 1),
        "final_policy_type": ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    }
    if mode == "time":
        return TimedISMCTSBot(max_simulations=UNLIMITED, seconds=seconds, **common)
    return ismcts.ISMCTSBot(max_simulations=simulations, **common)


@dataclass
class GameResult:
    mode: str
    seed: int
    dowding_seat: str
    score: float  # for dowding's player: 1 win, 0.5 draw, 0 loss
    winner: str | None
    decisions: int
    seconds: dict[str, list[float]] = field(default_factory=dict)  # per decision, per player
    simulations: list[int] = field(default_factory=list)  # dowding's per decision


def play_one(args: argparse.Namespace, mode: str, seed: int, dowding_index: int) -> GameResult:
    game = osp.load(args.ruleset, args.scenario, imperfect=True, reward="outcome")
    seats = [seat.id for seat in game.seats]
    if len(seats) != 2:
        raise SystemExit(f"{args.ruleset} seats {len(seats)} players here; the match needs two")
    ours = seats[dowding_index]
    searcher = ISMCTSPlayer(
        args.ruleset,
        ours,
        seed,
        args.strength,
        simulations=args.simulations if mode == "sims" else UNLIMITED,
        seconds=args.seconds if mode == "time" else 1e9,
    )
    theirs = openspiel_bot(game, mode, args.simulations, args.seconds, seed)
    dice = random.Random(seed)
    state = game.new_initial_state()
    timing: dict[str, list[float]] = {"dowding": [], "openspiel": []}
    sims: list[int] = []
    decisions = 0
    while not state.is_terminal():
        node = state.dowding_state.next()
        if isinstance(node, Chance):
            state.apply_action(state.id_of(node.sample(dice)))
            continue
        assert isinstance(node, Decision)
        decisions += 1
        if len(node.options) == 1:
            state.apply_action(0)
            continue
        started = time.perf_counter()
        if node.seat == ours:
            action = state.id_of(searcher.choose(view(state.dowding_state, ours), node))
            timing["dowding"].append(time.perf_counter() - started)
            sims.append(searcher.last_simulations)
        else:
            action = int(theirs.step(state))
            timing["openspiel"].append(time.perf_counter() - started)
        state.apply_action(action)
    result = state.dowding_state.next()
    assert isinstance(result, Terminal)
    reward = state.returns()[dowding_index]
    return GameResult(
        mode=mode,
        seed=seed,
        dowding_seat=ours,
        score=(reward + 1) / 2,
        winner=result.winner,
        decisions=decisions,
        seconds=timing,
        simulations=sims,
    )


def summarise(mode: str, results: list[GameResult], args: argparse.Namespace) -> dict[str, Any]:
    n = len(results)
    points = sum(r.score for r in results)
    low, high = wilson(points, n)  # type: ignore[arg-type]  # a draw counts half
    per_decision = {
        who: [s for r in results for s in r.seconds[who]] for who in ("dowding", "openspiel")
    }
    by_seat = {
        seat: statistics.fmean(r.score for r in results if r.dowding_seat == seat)
        for seat in sorted({r.dowding_seat for r in results})
    }
    return {
        "ruleset": args.ruleset,
        "scenario": args.scenario or get_game(args.ruleset).default_scenario,
        "mode": mode,
        "budget": f"{args.simulations} simulations"
        if mode == "sims"
        else f"{args.seconds} s per decision",
        "games": n,
        "wins": sum(r.score == 1 for r in results),
        "draws": sum(r.score == 0.5 for r in results),
        "losses": sum(r.score == 0 for r in results),
        "win_rate": points / n,
        "ci95": [low, high],
        "win_rate_by_dowding_seat": by_seat,
        "seconds_per_decision": {
            who: statistics.fmean(v) if v else 0.0 for who, v in per_decision.items()
        },
        "dowding_simulations_per_decision": statistics.fmean(
            s for r in results for s in r.simulations
        )
        if any(r.simulations for r in results)
        else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="crane")
    parser.add_argument("--scenario", default=None)
    parser.add_argument("--games", type=int, default=100, help="per budget; rounded up to even")
    parser.add_argument("--simulations", type=int, default=50, help="per decision (sims mode)")
    parser.add_argument("--seconds", type=float, default=0.5, help="per decision (time mode)")
    parser.add_argument("--modes", default="sims,time", help="sims, time or both (comma)")
    parser.add_argument("--strength", default="regular", help="dowding's base strength")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", default=None, help="write the summaries and games here")
    args = parser.parse_args()
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    if not modes or any(m not in ("sims", "time") for m in modes):
        parser.error("--modes takes sims, time or sims,time")
    if args.games < 1 or args.simulations < 1 or args.seconds <= 0:
        parser.error("--games, --simulations and --seconds must be positive")
    pairs = (args.games + 1) // 2
    report: dict[str, Any] = {"summaries": [], "games": []}
    for mode in modes:
        jobs = [(args, mode, args.seed + i, side) for i in range(pairs) for side in (0, 1)]
        started = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            results = list(pool.map(_play, jobs))
        summary = summarise(mode, results, args)
        summary["wall_seconds"] = time.perf_counter() - started
        report["summaries"].append(summary)
        report["games"] += [asdict(r) for r in results]
        low, high = summary["ci95"]
        secs = summary["seconds_per_decision"]
        print(
            f"{args.ruleset} {summary['scenario']}, {summary['budget']}: dowding ISMCTS "
            f"{summary['win_rate']:.0%} (95% CI {low:.0%}-{high:.0%}) over {summary['games']} "
            f"games ({summary['wins']} won, {summary['draws']} drawn, {summary['losses']} lost) "
            f"against OpenSpiel IS-MCTS; by seat {summary['win_rate_by_dowding_seat']}; "
            f"s/decision dowding {secs['dowding']:.3f}, openspiel {secs['openspiel']:.3f}; "
            f"dowding sims/decision {summary['dowding_simulations_per_decision']:.0f}; "
            f"{summary['wall_seconds']:.0f} s",
            flush=True,
        )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=1)


def _play(job: tuple[argparse.Namespace, str, int, int]) -> GameResult:
    return play_one(*job)


if __name__ == "__main__":
    main()

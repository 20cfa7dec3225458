"""How simulate's throughput scales with worker processes: games/s with 1 and with 2 workers.

The same sweep (same seeds, seats and options) runs once per worker count through
``dowding.analysis.simulate.run``, the code behind ``dowding simulate``; the games must come out
identical, and the speed-up is printed (the issue's aim: 2 workers at least 1.8 times one).
The machine's load average is printed before and after, since other work on the same cores
takes its share; so is the CPU time per game and how many cores the sweep kept busy, which show
whether a shortfall is the sweep's overhead or cores it could not get.

    python benchmarks/simulate_scaling.py [--ruleset bob] [--scenario channel-battle]
        [--games 120] [--workers 1,2] [--seat raf=heuristic --seat luftwaffe=heuristic]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

from dowding.analysis.simulate import Sweep, run
from dowding.engine import get_game


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f}"


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="bob")
    parser.add_argument("--scenario", default="channel-battle")
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", default="1,2", help="worker counts, comma-separated")
    parser.add_argument("--seat", action="append", default=[], metavar="SEAT=KIND")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()

    game = get_game(args.ruleset)
    seats = {seat: "heuristic" for seat in game.seat_ids()}
    seats.update(dict(spec.split("=", 1) for spec in args.seat))
    sweep = Sweep(args.ruleset, game.scenario(args.scenario).id, {}, seats, args.seed, args.games)
    counts = [int(w) for w in args.workers.split(",")]
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{args.ruleset} {sweep.scenario}, {args.games} games, seats {seats}; {cpus} CPUs")
    print(f"before: {load()}")

    # one game first, so neither run pays for importing the rules and building their tables
    run(Sweep(sweep.ruleset, sweep.scenario, {}, seats, args.seed, 1))
    figures: dict[int, float] = {}
    reference: list[tuple[object, ...]] | None = None
    for workers in counts:
        started, cpu = time.perf_counter(), cpu_seconds()
        records = run(sweep, workers=workers)
        elapsed = time.perf_counter() - started
        cpu = cpu_seconds() - cpu
        core = [(r["seed"], r["winner"], r["state_hash"]) for r in records]
        if reference is None:
            reference = core
        elif core != reference:
            raise SystemExit(f"{workers} workers played different games: a seeding bug")
        errors = sum(1 for r in records if r.get("error"))
        figures[workers] = len(records) / elapsed
        print(
            f"{workers} worker(s): {elapsed:6.1f} s, {figures[workers]:6.2f} games/s, "
            f"{cpu / len(records):.3f} CPU s/game (cores busy {cpu / elapsed:.2f})"
            f"{f', {errors} failed games' if errors else ''}; after it: {load()}"
        )

    base = figures[counts[0]]
    for workers in counts[1:]:
        print(f"speed-up with {workers} workers over {counts[0]}: {figures[workers] / base:.2f}x")
    if args.json:
        print(json.dumps({"games": args.games, "games_per_second": figures}))


if __name__ == "__main__":
    main()

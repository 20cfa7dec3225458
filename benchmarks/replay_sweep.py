"""Self-play N seeds of a ruleset's scenario with random players, save each log and replay it.

Usage: python benchmarks/replay_sweep.py RULESET SCENARIO N
Prints the winners, the number of errors and the time; any error is printed with its seed.
"""

from __future__ import annotations

import collections
import os
import sys
import tempfile
import time

from dowding.bots import RandomPlayer
from dowding.engine import Chance, Match, Terminal


def main() -> None:
    ruleset, scenario, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    start = time.time()
    winners: collections.Counter[str | None] = collections.Counter()
    errors = 0
    folder = tempfile.mkdtemp()
    for seed in range(n):
        try:
            match = Match(ruleset, scenario, seed=seed)
            players = {
                s: RandomPlayer(seed * 7919 + i) for i, s in enumerate(match.state.seat_ids())
            }
            while not isinstance(node := match.node(), Terminal):
                if isinstance(node, Chance):
                    match.roll()
                else:
                    match.play(players[node.seat].choose({}, node))
            path = os.path.join(folder, f"{seed}.jsonl")
            match.save(path)
            again = Match.load(path)  # every step's hash is checked on the way
            assert again.state.hash() == match.state.hash()
            winners[match.result().winner] += 1
            os.unlink(path)
        except Exception as exc:  # report and go on: the sweep is a census of failures
            errors += 1
            print("seed", seed, repr(exc)[:300])
    print(
        ruleset,
        scenario,
        n,
        dict(winners),
        "errors",
        errors,
        "time",
        round(time.time() - start),
        "s",
    )


if __name__ == "__main__":
    main()

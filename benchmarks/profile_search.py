"""Profile the search player: the positions of ``strength.py speed`` (the first choices of a
heuristic game, seed 0), a fixed number of simulations each at ``ace``'s depth and no time cap,
under cProfile; prints the top entries by own and by cumulative time.

    python benchmarks/profile_search.py --ruleset bob --simulations 30
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

from dowding.bots import make_player, play_out
from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Decision, State, get_game


def positions(ruleset: str, count: int) -> list[tuple[dict[str, Any], Decision]]:
    game = get_game(ruleset)
    state = game.new_state(game.default_scenario, {})
    rng = random.Random(0)
    heuristic = {s: make_player(ruleset, "heuristic", s, 0) for s in state.seat_ids()}
    kept: list[tuple[dict[str, Any], Decision]] = []

    def keep(position: State, node: Decision) -> bool:
        if len(kept) >= count:
            return True
        if len(node.options) > 1 and rng.random() < 0.25:
            kept.append((position.view(node.seat), node))
        return False

    play_out(state, heuristic, dice=rng, stop=keep)
    return kept


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="crane")
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--out", default="search.prof", help="where the raw profile goes")
    parser.add_argument("--top", type=int, default=25)
    ns = parser.parse_args()
    seen = positions(ns.ruleset, ns.decisions)
    profile = cProfile.Profile()
    done = 0
    cpu = time.process_time()
    profile.enable()
    for i, (view, node) in enumerate(seen):
        player = ISMCTSPlayer(
            ns.ruleset, node.seat, i, "ace", simulations=ns.simulations, seconds=1e9
        )
        player.choose(view, node)
        done += player.last_simulations
    profile.disable()
    cpu = time.process_time() - cpu
    print(f"{ns.ruleset}: {done} simulations in {cpu:.2f} CPU s under the profiler")
    profile.dump_stats(ns.out)
    stats = pstats.Stats(ns.out)
    stats.sort_stats("tottime").print_stats(ns.top)
    stats.sort_stats("cumtime").print_stats(ns.top)


if __name__ == "__main__":
    main()

"""Crash hunt: many games of every ruleset and scenario played to their end, to find the rare
position where a rule, a view or a player breaks. Faster than the slow conformance sweep
(`DOWDING_SLOW=1 pytest tests/conformance/test_sweep.py`), which checks far more of each game.

    python benchmarks/crash_hunt.py --games 300 --heuristic 40
    python benchmarks/crash_hunt.py --variants --games 40 --heuristic 6 [--ruleset bob1990]

Each game: random players to the end on the bare state, every seat's view asked every 17 steps
and at the end (as JSON); then ``--heuristic`` games of the heuristic against random through
``Match``, which checks every action and hashes every state. ``--variants`` plays every option
variant instead of the defaults: each yes/no option flipped, each other choice, each other
number of a small range (the ends of a wide one), then all of them together. Every failure is
printed with the ruleset, scenario, options and seed that replay it; the last line counts them.
"""

from __future__ import annotations

import argparse
import json
import random
import time
import traceback
from typing import Any

from dowding.bots import make_player, player_kinds
from dowding.engine import Chance, Match, Terminal, get_game, ruleset_ids

STEP_BOUND = 200_000
VIEW_EVERY = 17


def random_game(ruleset: str, scenario: str, options: dict[str, Any] | None, seed: int) -> None:
    rng = random.Random(seed)
    state = get_game(ruleset).new_state(scenario, options)
    steps = 0
    while not isinstance(node := state.next(), Terminal):
        steps += 1
        if steps % VIEW_EVERY == 0:
            for seat in state.seat_ids():
                json.dumps(state.view(seat))
        state.apply(node.sample(rng) if isinstance(node, Chance) else rng.choice(node.options))
        if steps > STEP_BOUND:
            raise RuntimeError(f"no end after {STEP_BOUND} steps")
    for seat in state.seat_ids():
        json.dumps(state.view(seat))


def heuristic_game(ruleset: str, scenario: str, options: dict[str, Any] | None, seed: int) -> None:
    match = Match(ruleset, scenario, seed=seed, options=options)
    kinds = ("heuristic", "random")
    players = {
        s: make_player(ruleset, kinds[(i + seed) % 2], s, seed + i)
        for i, s in enumerate(match.state.seat_ids())
    }
    steps = 0
    while not isinstance(node := match.node(), Terminal):
        steps += 1
        if isinstance(node, Chance):
            match.roll()
        else:
            match.play(players[node.seat].choose(match.state.view(node.seat), node))
        if steps > STEP_BOUND:
            raise RuntimeError(f"no end after {STEP_BOUND} steps")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random games a case")
    parser.add_argument("--heuristic", type=int, default=40, help="heuristic games a case")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--ruleset", action="append", help="every ruleset if not given")
    parser.add_argument("--variants", action="store_true", help="every option variant")
    args = parser.parse_args()
    failures = games = 0
    for ruleset in args.ruleset or ruleset_ids():
        game = get_game(ruleset)
        cases = game.option_variants() if args.variants else [("defaults", {})]
        heuristic = args.heuristic if "heuristic" in player_kinds(ruleset) else 0
        for name, options in cases:
            for scenario in (s.id for s in game.scenarios):
                start = time.perf_counter()
                seeds = range(args.first_seed, args.first_seed + args.games)
                plays = [(random_game, s) for s in seeds]
                plays += [(heuristic_game, s) for s in seeds[:heuristic]]
                for play, seed in plays:
                    games += 1
                    try:
                        play(ruleset, scenario, options or None, seed)
                    except Exception as exc:  # a crash is the finding: name what replays it
                        failures += 1
                        print(
                            f"FAIL {ruleset} {scenario} {options} {play.__name__} seed {seed}: "
                            f"{type(exc).__name__}: {exc}",
                            flush=True,
                        )
                        traceback.print_exc(limit=4)
                print(
                    f"{ruleset} {scenario} {name}: {len(plays)} games in "
                    f"{time.perf_counter() - start:.0f} s",
                    flush=True,
                )
    print(f"{games} games, {failures} failures")


if __name__ == "__main__":
    main()

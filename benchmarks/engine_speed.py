"""Random-playout speed on one core: steps per second and complete games per second.

    python benchmarks/engine_speed.py --ruleset bob1990 --games 100 --raw
    python benchmarks/engine_speed.py --ruleset bob1990 --games 100 --raw --option cell_km=25

``--option NAME=VALUE`` sets a game option (repeatable; numbers as numbers).
"""

from __future__ import annotations

import argparse
import random
import time

from dowding.bots import make_player, player_kinds
from dowding.engine import Chance, Decision, Match, Terminal, get_game

OPTIONS: dict[str, object] = {}


def raw_playout(ruleset: str, scenario: str | None, seed: int) -> int:
    """One game on the bare engine: what a search player's rollouts cost."""
    rng = random.Random(seed)
    state = get_game(ruleset).new_state(scenario, OPTIONS or None)
    steps = 0
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            return steps
        if isinstance(node, Chance):
            state.apply(node.sample(rng))
        else:
            assert isinstance(node, Decision)
            state.apply(rng.choice(node.options))
        steps += 1


def match_game(ruleset: str, scenario: str | None, seed: int, kind: str) -> int:
    """One game through Match: legality checks, a state hash after every step, views for the bots."""
    match = Match(ruleset, scenario, seed=seed, options=OPTIONS or None)
    players = {
        s: make_player(ruleset, kind, s, seed + i) for i, s in enumerate(match.state.seat_ids())
    }
    while True:
        node = match.node()
        if isinstance(node, Terminal):
            return len(match.steps)
        if isinstance(node, Chance):
            match.roll()
        else:
            match.play(players[node.seat].choose(match.state.view(node.seat), node))


def measure(label: str, games: int, play) -> None:  # type: ignore[no-untyped-def]
    play(games)  # untimed: the ruleset's imports and data files load on the first game
    start, cpu_start = time.perf_counter(), time.process_time()
    steps = sum(play(seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    print(
        f"{label:<44} {games:>5} games  {games / elapsed:8.1f} games/s  "
        f"{steps / elapsed:9.0f} steps/s  {steps / games:6.0f} steps/game  "
        f"{steps / cpu:9.0f} steps/CPU-s  {games / cpu:6.1f} games/CPU-s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="crane")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--raw", action="store_true", help="the raw engine only")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, a game option")
    args = parser.parse_args()
    for item in args.option:
        name, _, value = item.partition("=")
        OPTIONS[name] = int(value) if value.lstrip("-").isdigit() else value
    game = get_game(args.ruleset)
    for scenario in game.scenarios:
        sid = scenario.id
        measure(
            f"{sid}: raw engine, random",
            args.games,
            lambda s, sid=sid: raw_playout(args.ruleset, sid, s),
        )
        if args.raw:
            continue
        measure(
            f"{sid}: Match, random",
            args.games // 2,
            lambda s, sid=sid: match_game(args.ruleset, sid, s, "random"),
        )
        if "heuristic" not in player_kinds(args.ruleset):
            continue
        measure(
            f"{sid}: Match, heuristic v heuristic",
            max(args.games // 20, 5),
            lambda s, sid=sid: match_game(args.ruleset, sid, s, "heuristic"),
        )


if __name__ == "__main__":
    main()

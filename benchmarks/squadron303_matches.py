"""303 Squadron: how often a team wins each Scenario, by the kind of player in every seat.

    nice -n 15 python benchmarks/squadron303_matches.py --games 100 --team random --team heuristic
    nice -n 15 python benchmarks/squadron303_matches.py --games 30 --team ismcts:novice

Every seat of the team is the same kind of computer player (``random``, ``heuristic``,
``ismcts:<strength>``), seeded from the game seed as ``dowding selfplay`` seeds them; the dice
come from ``random.Random(seed)``, so game ``seed`` (0..games-1) replays exactly. ``--data
DIR`` lays a trial's component files over ours (the option ``data``: e.g. a ``scenarios.json``
with another setup), which is how the balance trials were run. Prints a
markdown table per Scenario and team: wins with a 95% Wilson interval, the mean German aircraft
shot down, pilots lost, and the seconds per game; ``--json`` appends one JSON line per row,
``--each`` one per game as it ends (so a run stopped by its timeout still counts its games).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from dowding.analysis.stats import wilson
from dowding.bots.playout import make_players, play_out
from dowding.engine import Terminal, get_game
from dowding.rulesets.squadron303.state import S303State

GAME = get_game("squadron303")


def play(scenario: str, team: str, seed: int, players: int, data: str = "") -> S303State:
    options: dict[str, object] = {"players": players, "data": data}
    state = GAME.new_state(scenario, options)
    seated = make_players(GAME, dict.fromkeys(GAME.seat_ids(options), team), seed, options)
    node = play_out(state, seated, dice=random.Random(seed))
    assert isinstance(node, Terminal)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per Scenario and team")
    parser.add_argument("--team", action="append", help="random, heuristic, ismcts:novice, ...")
    parser.add_argument("--scenario", action="append", help="every Scenario if not given")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--data", default="", help="a folder of component files laid over ours")
    parser.add_argument("--json", type=Path, help="append a JSON line per row to this file")
    parser.add_argument(
        "--each", type=Path, help="append a JSON line per game (seed, won) as it ends"
    )
    args = parser.parse_args()
    scenarios = args.scenario or [s.id for s in GAME.scenarios]
    print(
        "| Scenario | team | players | games | team wins (95% CI) | shot down (mean) "
        "| pilots lost (mean) | s/game |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for scenario in scenarios:
        for team in args.team or ["heuristic"]:
            started = time.perf_counter()
            seeds = range(args.first_seed, args.first_seed + args.games)
            states = []
            for seed in seeds:
                state = play(scenario, team, seed, args.players, args.data)
                states.append(state)
                if args.each is not None:  # a long run counted as far as it got
                    won = state.result is not None and state.result.winner == "raf"
                    line = {"scenario": scenario, "team": team, "seed": seed, "won": won}
                    with args.each.open("a") as out:
                        out.write(json.dumps(line) + "\n")
            took = (time.perf_counter() - started) / args.games
            wins = sum(s.result is not None and s.result.winner == "raf" for s in states)
            low, high = wilson(wins, len(states))
            kills = statistics.fmean(s.kills for s in states)
            lost = statistics.fmean(s.pilots_down for s in states)
            print(
                f"| {scenario} | {team} | {args.players} | {len(states)} "
                f"| {wins} ({low:.0%}-{high:.0%}) | {kills:.1f} | {lost:.1f} | {took:.2f} |",
                flush=True,
            )
            if args.json is not None:
                row = {
                    "scenario": scenario,
                    "team": team,
                    "players": args.players,
                    "games": len(states),
                    "wins": wins,
                    "interval": [round(low, 4), round(high, 4)],
                    "kills": round(kills, 3),
                    "pilots_lost": round(lost, 3),
                    "seconds_per_game": round(took, 3),
                }
                with args.json.open("a") as out:
                    out.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()

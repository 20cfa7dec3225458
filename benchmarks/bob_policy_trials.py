"""Trials of bob's heuristic with its settings changed: one seat played with the settings, the
other by the plain heuristic (or by the search player's own policy), over seeds, dice from the
seed as ``strength.py match`` draws them.

    python benchmarks/bob_policy_trials.py --seat luftwaffe --set ground_below=1.0 --games 200
    python benchmarks/bob_policy_trials.py --seat raf --set target_guard=0 --first-seed 200
    python benchmarks/bob_policy_trials.py --seat raf --own --other-own   # both sides' own policy

``--set NAME=VALUE`` is a keyword of ``BobHeuristic`` (``ground_below``, ``target_guard``);
``--own`` plays the seat with ``search.py: OWN_POLICY``, ``--other-own`` the other side too.
Prints the seat's wins (a draw counts half) and each side's wins and the draws.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

from dowding.bots import play_out
from dowding.engine import Terminal, get_game
from dowding.rulesets.bob.bots import BobHeuristic
from dowding.rulesets.bob.search import OWN_POLICY

Job = tuple[int, str, str, dict[str, float], dict[str, float]]


def play(job: Job) -> str | None:
    """One game: its winner (a side), or None for a draw."""
    seed, scenario, seat, settings, others = job
    game = get_game("bob")
    state = game.new_state(scenario, {})
    players = {
        s: BobHeuristic(s, seed, **(settings if s == seat else others)) for s in state.seat_ids()
    }
    node = play_out(state, players, dice=random.Random(f"dice:{seed}"))
    assert isinstance(node, Terminal)
    return node.winner


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seat", choices=["luftwaffe", "raf"], default="luftwaffe")
    ap.add_argument("--scenario", default="channel-battle")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--own", action="store_true", help="the seat plays OWN_POLICY")
    ap.add_argument("--other-own", action="store_true", help="the other side plays OWN_POLICY")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ns = ap.parse_args()
    settings = dict(OWN_POLICY) if ns.own else {}
    for item in ns.set:
        name, _, value = item.partition("=")
        settings[name] = float(value)
    others = dict(OWN_POLICY) if ns.other_own else {}
    seeds = range(ns.first_seed, ns.first_seed + ns.games)
    start = time.perf_counter()
    with ProcessPoolExecutor(ns.workers) as pool:
        winners = list(pool.map(play, [(s, ns.scenario, ns.seat, settings, others) for s in seeds]))
    won = sum(1.0 if w == ns.seat else 0.5 if w is None else 0.0 for w in winners)
    print(
        f"{ns.seat} with {settings or 'the heuristic'} against {others or 'the heuristic'}, "
        f"{ns.scenario}, seeds {seeds.start}-{seeds.stop - 1}: {won:g} of {len(winners)} "
        f"(RAF {winners.count('raf')}, Luftwaffe {winners.count('luftwaffe')}, "
        f"drawn {winners.count(None)}; {time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()

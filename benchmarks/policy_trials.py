"""Trials of a ruleset's heuristic with its settings changed: one seat played with the settings,
the other by the plain heuristic (or by the search player's own policy), over seeds, dice from
the seed as ``strength.py match`` draws them.

    python benchmarks/policy_trials.py --seat luftwaffe --set ground_below=1.0 --games 200
    python benchmarks/policy_trials.py --seat raf --set target_guard=0 --first-seed 200
    python benchmarks/policy_trials.py --seat raf --own --other-own   # both sides' own policy
    python benchmarks/policy_trials.py --ruleset fight-for-the-sky --scenario basic \\
        --seat raf --set bombed_floor=1 --games 400

``--set NAME=VALUE`` is a keyword of the ruleset's heuristic (``TRIAL_PLAYERS`` below: bob's
``BobHeuristic`` takes ``ground_below``, ``target_guard``; Fight for the Sky's
``HeuristicPlayer`` the fields of ``bots.Settings``); ``none`` gives None. ``--own`` plays the
seat with the ruleset's own policy (``search.py``: ``own_settings(scenario)`` where it has one,
else ``OWN_POLICY``), ``--other-own`` the other side too. ``--data DIR`` plays on a folder of
changed data files (a supplied value's trial, as ``dowding balance --data``); ``--option
NAME=VALUE`` sets a game option (``--option sector_airfields=true``). Prints the seat's
wins (a draw counts half) and each side's wins and the draws.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from dowding.bots import play_out
from dowding.engine import Terminal, get_game

# the heuristic whose keywords ``--set`` names, by ruleset: module and class
TRIAL_PLAYERS = {
    "bob": ("dowding.rulesets.bob.bots", "BobHeuristic"),
    "fight-for-the-sky": ("dowding.rulesets.fight_for_the_sky.bots", "HeuristicPlayer"),
}

Job = tuple[str, int, str | None, str, dict[str, Any], dict[str, Any], dict[str, Any]]


def trial_player(ruleset: str) -> Any:
    module, name = TRIAL_PLAYERS[ruleset]
    return getattr(importlib.import_module(module), name)


def own_policy(ruleset: str, scenario: str) -> dict[str, Any]:
    """The search player's own settings (``search.py: OWN_POLICY``, or ``own_settings(scenario)``
    where a scenario's differ; each names one side's weight, so one dict serves either seat)."""
    search = importlib.import_module(f"dowding.rulesets.{ruleset.replace('-', '_')}.search")
    by_scenario = getattr(search, "own_settings", None)
    if by_scenario is not None:
        return dict(by_scenario(scenario))
    return dict(getattr(search, "OWN_POLICY", {}))


def play(job: Job) -> str | None:
    """One game: its winner (a side), or None for a draw."""
    ruleset, seed, scenario, seat, settings, others, options = job
    state = get_game(ruleset).new_state(scenario, options)
    player = trial_player(ruleset)
    players = {s: player(s, seed, **(settings if s == seat else others)) for s in state.seat_ids()}
    node = play_out(state, players, dice=random.Random(f"dice:{seed}"))
    assert isinstance(node, Terminal)
    return node.winner


def _value(text: str) -> Any:
    if text.lower() == "none":
        return None
    number = float(text)
    return int(number) if number.is_integer() and "." not in text else number


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", choices=sorted(TRIAL_PLAYERS), default="bob")
    ap.add_argument("--seat", choices=["luftwaffe", "raf"], default="luftwaffe")
    ap.add_argument("--scenario", default=None, help="the ruleset's default scenario if not given")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--own", action="store_true", help="the seat plays OWN_POLICY")
    ap.add_argument("--other-own", action="store_true", help="the other side plays OWN_POLICY")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--data", help="a folder with your own data files (the game's data option)")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="an option")
    ns = ap.parse_args()
    game = get_game(ns.ruleset)
    scenario = ns.scenario or game.default_scenario
    settings = own_policy(ns.ruleset, scenario) if ns.own else {}
    for item in ns.set:
        name, _, value = item.partition("=")
        settings[name] = _value(value)
    others = own_policy(ns.ruleset, scenario) if ns.other_own else {}
    seeds = range(ns.first_seed, ns.first_seed + ns.games)
    options: dict[str, Any] = {"data": ns.data} if ns.data else {}
    options.update(item.partition("=")[::2] for item in ns.option)
    jobs = [(ns.ruleset, s, scenario, ns.seat, settings, others, options) for s in seeds]
    start = time.perf_counter()
    with ProcessPoolExecutor(ns.workers) as pool:
        winners = list(pool.map(play, jobs, chunksize=4))
    won = sum(1.0 if w == ns.seat else 0.5 if w is None else 0.0 for w in winners)
    print(
        f"{ns.ruleset} {scenario}: {ns.seat} with {settings or 'the heuristic'} against "
        f"{others or 'the heuristic'}, seeds {seeds.start}-{seeds.stop - 1}: {won:g} of "
        f"{len(winners)} (RAF {winners.count('raf')}, Luftwaffe {winners.count('luftwaffe')}, "
        f"drawn {winners.count(None)}; {time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()

"""Equal players under every optional rule: which option tips a scenario, and how far.

    python benchmarks/option_balance.py --games 100                   # heuristic players, every ruleset
    python benchmarks/option_balance.py --ruleset fight-for-the-sky --scenario intermediate
    python benchmarks/option_balance.py --player ismcts:novice --games 40 --ruleset bob1990

For each ruleset (``--ruleset``, repeatable; default every two-sided one) and scenario (the long
campaigns only with ``--long`` or when named with ``--scenario``), plays ``--games`` games from
seed ``--seed`` with ``--player`` in every seat, first with the default options and then with
each variant of ``Game.option_variants`` (each optional rule on its own at each value, then all
together; number ranges left out), through the same code as ``dowding balance``. It prints a
Markdown table: each side's wins with the 95% Wilson interval, games without a winner, and how
far the RAF's share moved from the default's. A row is marked ``!`` when the RAF's share moved
by more than ``--flag`` (default 0.25) or a side won under 5% of the games: an optional rule
that one side's computer player cannot play is what it looks like (Fight for the Sky's
Preplanning, before the thirteenth session: the heuristic RAF won 96 of 100, 43 without it).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from dowding.analysis.balance import Plan, run_balance
from dowding.engine import get_game

RULESETS = ("crane", "bob", "fight-for-the-sky", "bob1990")
LONG = {("bob", "campaign"), ("fight-for-the-sky", "campaign"), ("bob1990", "advanced")}


def share(batch: dict[str, Any], side: str) -> float:
    info = batch["sides"].get(side)
    return float(info["rate"]) if info else 0.0


def cell(batch: dict[str, Any], side: str) -> str:
    info = batch["sides"].get(side)
    if not info:
        return "-"
    low, high = info["ci95"]
    return f"{info['wins']} = {100 * info['rate']:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


def variants(ruleset: str) -> list[tuple[str, dict[str, str]]]:
    """The default, then each option variant, with the values as typed on a command line."""
    game = get_game(ruleset)
    out: list[tuple[str, dict[str, str]]] = [("default", {})]
    for name, options in game.option_variants(numbers=False):
        out.append(
            (
                name,
                {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in options.items()},
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--ruleset", action="append", default=[])
    parser.add_argument("--scenario", action="append", default=[])
    parser.add_argument("--player", default="heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--long", action="store_true", help="the long campaigns too")
    parser.add_argument("--flag", type=float, default=0.25)
    parser.add_argument("--json", help="write every summary here")
    args = parser.parse_args()
    print(
        "| ruleset | scenario | options | games | RAF wins (95% CI) | Luftwaffe wins (95% CI) "
        "| no winner | RAF share moved | s |\n|---|---|---|---:|---|---|---:|---:|---:|"
    )
    kept: list[dict[str, Any]] = []
    for ruleset in args.ruleset or RULESETS:
        game = get_game(ruleset)
        for scenario in game.scenarios:
            named = scenario.id in args.scenario
            if args.scenario and not named:
                continue
            if (ruleset, scenario.id) in LONG and not (args.long or named):
                continue
            base = None
            for name, options in variants(ruleset):
                plan = Plan(ruleset, (scenario.id,), args.player, args.games, args.seed, options)
                start = time.perf_counter()
                summary, _, _ = run_balance(plan, workers=args.workers)
                seconds = time.perf_counter() - start
                batch = summary["batches"][0]
                raf = share(batch, "raf")
                base = raf if base is None else base
                moved = raf - base
                lopsided = min(raf, share(batch, "luftwaffe")) < 0.05
                mark = " !" if abs(moved) > args.flag or lopsided else ""
                print(
                    f"| {ruleset} | {scenario.id} | {name}{mark} | {batch['finished']} "
                    f"| {cell(batch, 'raf')} | {cell(batch, 'luftwaffe')} "
                    f"| {batch['no_winner']['wins']} | {100 * moved:+.0f} | {seconds:.0f} |",
                    flush=True,
                )
                kept.append(
                    {"ruleset": ruleset, "scenario": scenario.id, "variant": name, **summary}
                )
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(kept, out, indent=1)


if __name__ == "__main__":
    main()

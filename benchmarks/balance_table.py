"""The balance table of docs/balance.md: equal players in every seat of every scenario.

    python benchmarks/balance_table.py --games 100 --player ismcts:novice --workers 2
    python benchmarks/balance_table.py --games 4 --player heuristic --ruleset crane

For each ruleset (``--ruleset``, repeatable; default all) and each of its scenarios, plays
``--games`` games from seeds ``--seed``.. with ``--player`` in every seat, through the same
code as ``dowding balance`` (``dowding.analysis.balance``), and prints a Markdown table: each
side's wins with the 95% Wilson interval, games without a winner, the mean scores, the most
frequent way the games ended, the player and its search budget, and the seconds a game took
(each game on one worker process, machine load included). ``--scenario`` keeps only the
scenarios named (repeatable). ``--json FILE`` also writes every summary.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from dowding.analysis.balance import Plan, run_balance
from dowding.bots.ismcts import STRENGTHS
from dowding.engine import get_game, ruleset_ids


def budget(player: str) -> str:
    name, _, strength = player.partition(":")
    if name != "ismcts":
        return "-"
    b = STRENGTHS[strength or "regular"]
    return f"{b.simulations} sims, {b.seconds:g} s cap, depth {b.depth}"


def pct(info: dict[str, Any]) -> str:
    low, high = info["ci95"]
    return f"{info['wins']} = {100 * info['rate']:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


def rows(summary: dict[str, Any], grouped: list[list[dict[str, Any]]]) -> list[str]:
    out = []
    for batch, records in zip(summary["batches"], grouped, strict=True):
        seconds = sum(float(r["seconds"]) for r in records) / max(len(records), 1)
        raf, lw = batch["sides"].get("raf"), batch["sides"].get("luftwaffe")
        scores = batch["scores"]
        cause = next(iter(batch["causes"]), "-")
        cells = [
            summary["ruleset"],
            batch["scenario"],
            summary["player"],
            budget(summary["player"]),
            f"{batch['finished']}",
            pct(raf) if raf else "-",
            pct(lw) if lw else "-",
            str(batch["no_winner"]["wins"]),
            " / ".join(f"{scores[s]['mean']:.1f}" for s in ("raf", "luftwaffe") if s in scores),
            cause.replace("|", "/"),
            f"{seconds:.1f}",
        ]
        out.append("| " + " | ".join(cells) + " |")
    return out


HEAD = (
    "| ruleset | scenario | player (every seat) | budget | games | RAF wins (95% CI) "
    "| Luftwaffe wins (95% CI) | no winner | mean score RAF / Luftwaffe | most frequent ending "
    "| s/game |\n|---|---|---|---|---:|---|---|---:|---|---|---:|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="default: every ruleset")
    parser.add_argument("--scenario", action="append", help="default: every scenario")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--player", default="ismcts:novice")
    parser.add_argument("--seed", type=int, default=0, help="seeds SEED..SEED+GAMES-1")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write every summary here")
    ns = parser.parse_args()
    summaries = []
    print(HEAD, flush=True)
    for ruleset in ns.ruleset or ruleset_ids():
        game = get_game(ruleset)
        scenarios = tuple(s.id for s in game.scenarios if not ns.scenario or s.id in ns.scenario)
        if not scenarios:
            continue
        plan = Plan(ruleset, scenarios, ns.player, ns.games, ns.seed)
        started = time.perf_counter()
        summary, _, grouped = run_balance(plan, workers=ns.workers)
        seconds = time.perf_counter() - started
        summary["timing"] = {"workers": ns.workers, "seconds": round(seconds, 1)}
        summaries.append(summary)
        print("\n".join(rows(summary, grouped)), flush=True)
        print(f"{ruleset}: {seconds:.0f} s on {ns.workers} worker(s)", file=sys.stderr)
    if ns.json is not None:
        ns.json.write_text(json.dumps(summaries, indent=1) + "\n")


if __name__ == "__main__":
    main()

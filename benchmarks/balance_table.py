"""The balance table and sweep plots of docs/balance.md: equal players in every seat.

    python benchmarks/balance_table.py --quick              # CI-sized: 2 games a scenario
    python benchmarks/balance_table.py --out docs/balance   # the full form behind the doc
    python benchmarks/balance_table.py --games 10 --player ismcts:novice --ruleset crane --no-sweeps

For each ruleset (``--ruleset``, repeatable; default all five: bob, crane, fight-for-the-sky,
bob1990 and squadron303, whose players are one team against the rules' own Luftwaffe, so its
team's losses are counted under "no winner") and each of its scenarios (``--scenario`` keeps only those named),
plays ``--games`` games from seeds ``--seed``.. with ``--player`` in every seat, through the same
code as ``dowding balance`` (``dowding.analysis.balance``), and prints a Markdown table: each
side's wins with the 95% Wilson interval, games without a winner, the mean scores, the most
frequent way the games ended, the player and its search budget, and the seconds a game took
(each game on one worker process, machine load included).

Then, unless ``--no-sweeps``, it plays the sweeps in ``SWEEPS`` (the supplied values that matter
most, each over a few values, ``--sweep-games`` games a value with ``--sweep-player``) and prints
their table. With ``--out DIR`` it writes there ``table.md`` (both tables and the commands),
``balance.json`` (every summary) and a plot per sweep, ``sweep-<ruleset>-<scenario>-<n>.png``
(win rate per side against the value, with the intervals). ``--quick`` is 2 games a scenario and
a value with the heuristic player, sweeps of two values each, every scenario but the long
campaigns.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dowding.analysis.balance import Plan, parse_vary, plot_vary, run_balance
from dowding.bots.ismcts import STRENGTHS
from dowding.engine import get_game

RULESETS = ("crane", "bob", "fight-for-the-sky", "bob1990", "squadron303")
LONG = {
    ("bob", "campaign"),
    ("fight-for-the-sky", "campaign"),
    ("bob1990", "advanced"),
    ("squadron303", "campaign"),
}


@dataclass(frozen=True)
class SweepSpec:
    """One supplied value swept over a few values in one scenario, and why it is here."""

    ruleset: str
    scenario: str
    vary: str  # FILE:PATH=V1,V2,...
    why: str


# The supplied values that matter most (docs/balance.md says what each sweep showed).
SWEEPS = (
    SweepSpec(
        "crane",
        "eight-heinkels",
        "components.json:aircraft.he111.fuselage=2.27,2.8,3.3,3.8",
        "supplied (1/285 scale): the drop needs the whole fuselage over the factory (VII.B)",
    ),
    SweepSpec(
        "crane",
        "eight-heinkels",
        "components.json:aircraft.he111.defense=1,2,3",
        "printed (VI.E.2), for comparison: what does move crane",
    ),
    SweepSpec(
        "fight-for-the-sky",
        "basic",
        "map.json:targets[5].aa=1,2,3,4",
        "supplied: Manston's AA value (a Basic target; it also caps the points for hitting it)",
    ),
    SweepSpec(
        "bob",
        "channel-battle",
        "squadrons.json:aircraft.He 111.damage=2,3,4",
        "supplied: the most numerous bomber's damage strength",
    ),
)


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
SWEEP_HEAD = (
    "| ruleset | scenario | field | value | player | games | RAF wins (95% CI) "
    "| Luftwaffe wins (95% CI) | no winner | plot |\n|---|---|---|---:|---|---:|---|---|---:|---|"
)


def sweep_rows(summary: dict[str, Any], shipped: Any, plot: str) -> list[str]:
    field = summary["vary"]["field"]
    out = []
    for batch in summary["batches"]:
        raf, lw = batch["sides"].get("raf"), batch["sides"].get("luftwaffe")
        value = json.dumps(batch["value"]) + (" (shipped)" if batch["value"] == shipped else "")
        cells = [
            summary["ruleset"],
            batch["scenario"],
            f"`{field}`",
            value,
            summary["player"],
            str(batch["finished"]),
            pct(raf) if raf else "-",
            pct(lw) if lw else "-",
            str(batch["no_winner"]["wins"]),
            plot,
        ]
        out.append("| " + " | ".join(cells) + " |")
    return out


def shipped_value(ruleset: str, vary: str) -> Any:
    from dowding.analysis.balance import current_document, read_field

    field = parse_vary(vary).field
    return read_field(current_document(get_game(ruleset), field.file), field)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", action="append", help="default: " + ", ".join(RULESETS))
    parser.add_argument("--scenario", action="append", help="default: every scenario")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--player", default="heuristic")
    parser.add_argument("--seed", type=int, default=0, help="seeds SEED..SEED+GAMES-1")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--no-sweeps", action="store_true", help="the table only")
    parser.add_argument("--sweeps-only", action="store_true", help="the sweeps only")
    parser.add_argument("--sweep-games", type=int, default=100)
    parser.add_argument("--sweep-player", default="heuristic")
    parser.add_argument("--quick", action="store_true", help="CI-sized: 2 games, short sweeps")
    parser.add_argument("--out", type=Path, help="write table.md, balance.json and plots here")
    parser.add_argument("--json", type=Path, help="also write every summary here")
    ns = parser.parse_args()
    if ns.quick:
        ns.games, ns.sweep_games = 2, 2
        ns.player = ns.sweep_player = "heuristic"
    out: Path = ns.out or Path(tempfile.mkdtemp(prefix="balance-table-"))
    out.mkdir(parents=True, exist_ok=True)
    command = "python benchmarks/balance_table.py " + shlex.join(sys.argv[1:])
    summaries: list[dict[str, Any]] = []
    lines = [f"Made by `{command}`.", ""]
    rulesets = ns.ruleset or list(RULESETS)
    if not ns.sweeps_only:
        lines.append(HEAD)
        print(HEAD, flush=True)
        for ruleset in rulesets:
            game = get_game(ruleset)
            scenarios = tuple(
                s.id
                for s in game.scenarios
                if (not ns.scenario or s.id in ns.scenario)
                and not (ns.quick and (ruleset, s.id) in LONG)
            )
            if not scenarios:
                continue
            plan = Plan(ruleset, scenarios, ns.player, ns.games, ns.seed)
            started = time.perf_counter()
            summary, _, grouped = run_balance(plan, workers=ns.workers)
            seconds = time.perf_counter() - started
            summary["timing"] = {"workers": ns.workers, "seconds": round(seconds, 1)}
            summaries.append(summary)
            table = rows(summary, grouped)
            lines.extend(table)
            print("\n".join(table), flush=True)
            print(f"{ruleset}: {seconds:.0f} s on {ns.workers} worker(s)", file=sys.stderr)
    if not ns.no_sweeps:
        lines += ["", SWEEP_HEAD]
        print(SWEEP_HEAD, flush=True)
        for n, spec in enumerate(SWEEPS):
            if spec.ruleset not in rulesets or (ns.scenario and spec.scenario not in ns.scenario):
                continue
            vary = parse_vary(spec.vary)
            if ns.quick:
                vary = type(vary)(vary.field, vary.values[:2])
            plan = Plan(
                spec.ruleset, (spec.scenario,), ns.sweep_player, ns.sweep_games, ns.seed, vary=vary
            )
            started = time.perf_counter()
            summary, _, _ = run_balance(plan, workers=ns.workers)
            seconds = time.perf_counter() - started
            summary["timing"] = {"workers": ns.workers, "seconds": round(seconds, 1)}
            summary["why"] = spec.why
            summaries.append(summary)
            name = f"sweep-{spec.ruleset}-{spec.scenario}-{n}.png"
            plot_vary(out / name, summary, spec.scenario)
            table = sweep_rows(summary, shipped_value(spec.ruleset, spec.vary), f"[plot]({name})")
            lines.extend(table)
            print("\n".join(table), flush=True)
    (out / "table.md").write_text("\n".join(lines) + "\n", "utf-8")
    (out / "balance.json").write_text(json.dumps(summaries, indent=1) + "\n", "utf-8")
    if ns.json is not None:
        ns.json.write_text(json.dumps(summaries, indent=1) + "\n")
    print(f"written: {out}/table.md, balance.json and the plots", file=sys.stderr)


if __name__ == "__main__":
    main()

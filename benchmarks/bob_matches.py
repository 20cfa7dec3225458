"""bob players against each other: victory points, missions, losses and targets, per scenario."""

from __future__ import annotations

import argparse
import statistics

from dowding.bots import make_player
from dowding.engine import Chance, Match, Terminal
from dowding.rulesets.bob import bots
from dowding.rulesets.bob.state import DAMAGED, BobState

DEFAULT_PAIRS = [("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")]


def play(scenario: str, seed: int, raf: str, luftwaffe: str, data: str = "") -> Match:
    match = Match("bob", scenario, seed=seed, options={"data": data} if data else None)
    kinds = {"raf": raf, "luftwaffe": luftwaffe}
    players = {
        seat: make_player("bob", kinds[seat], seat, seed * 7919 + i)
        for i, seat in enumerate(match.state.seat_ids())
    }
    while not isinstance(node := match.node(), Terminal):
        if isinstance(node, Chance):
            match.roll()
        else:
            match.play(players[node.seat].choose(match.state.view(node.seat), node))
    return match


def tally(state: BobState) -> dict[str, float]:
    lost = {"raf": 0, "luftwaffe": 0}
    for c, loc in enumerate(state.card_loc):
        if loc == DAMAGED:
            lost[state.t.cards[c].side] += 1
    return {
        "lw_missions": sum(1 for loc in state.mission_loc if loc == "lw"),
        "raf_missions": sum(1 for loc in state.mission_loc if loc == "raf"),
        "raf_lost": lost["raf"],
        "lw_lost": lost["luftwaffe"],
        "targets_hit": sum(1 for h in state.hits.values() if h > 0),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--scenario", action="append")
    parser.add_argument(
        "--pair",
        action="append",
        help="RAF:LUFTWAFFE player kinds, e.g. heuristic:heuristic; repeatable "
        "(default: heuristic against heuristic and each against random)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a constant of dowding.rulesets.bob.bots before the games, e.g. RISK_PER_VP=2",
    )
    parser.add_argument(
        "--data", default="", help="a folder of your own bob data files (-o data=DIR)"
    )
    args = parser.parse_args()
    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(bots, name):
            parser.error(f"dowding.rulesets.bob.bots has no {name}")
        setattr(bots, name, float(value))
    pairs = [tuple(p.split(":", 1)) for p in args.pair] if args.pair else DEFAULT_PAIRS
    print(
        "| scenario | RAF | Luftwaffe | games | RAF wins | VP RAF (mean, sd) | VP Luftwaffe (mean, sd) "
        "| Luftwaffe missions completed | missions failed | RAF squadrons lost | Luftwaffe squadrons lost | targets hit |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for scenario in args.scenario or ["channel-battle", "duel-of-eagles", "london-burning"]:
        for raf, lw in pairs:
            matches = [play(scenario, seed, raf, lw, args.data) for seed in range(args.games)]
            results = [m.result() for m in matches]
            tallies = [tally(m.state) for m in matches]  # type: ignore[arg-type]
            wins = sum(r.winner == "raf" for r in results)
            vp_raf = [r.score["raf"] for r in results]
            vp_lw = [r.score["luftwaffe"] for r in results]

            def mean(key: str, rows: list[dict[str, float]] = tallies) -> float:
                return statistics.mean(t[key] for t in rows)

            sd = statistics.pstdev
            print(
                f"| {scenario} | {raf} | {lw} | {len(results)} | {wins / len(results):.0%} "
                f"| {statistics.mean(vp_raf):.1f} ({sd(vp_raf):.1f}) | {statistics.mean(vp_lw):.1f} ({sd(vp_lw):.1f}) "
                f"| {mean('lw_missions'):.1f} | {mean('raf_missions'):.1f} | {mean('raf_lost'):.1f} "
                f"| {mean('lw_lost'):.1f} | {mean('targets_hit'):.1f} |"
            )


if __name__ == "__main__":
    main()

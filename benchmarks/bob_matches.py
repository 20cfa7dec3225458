"""bob players against each other: victory points, missions, losses and targets, per scenario."""

from __future__ import annotations

import argparse
import statistics

from dowding.bots import make_player
from dowding.engine import Chance, Match, Terminal
from dowding.rulesets.bob.state import DAMAGED, BobState


def play(scenario: str, seed: int, raf: str, luftwaffe: str) -> Match:
    match = Match("bob", scenario, seed=seed)
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
    args = parser.parse_args()
    print(
        "| scenario | RAF | Luftwaffe | games | RAF wins | VP RAF (mean, sd) | VP Luftwaffe (mean, sd) "
        "| Luftwaffe missions completed | missions failed | RAF squadrons lost | Luftwaffe squadrons lost | targets hit |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for scenario in args.scenario or ["channel-battle", "duel-of-eagles", "london-burning"]:
        for raf, lw in (
            ("heuristic", "heuristic"),
            ("heuristic", "random"),
            ("random", "heuristic"),
        ):
            matches = [play(scenario, seed, raf, lw) for seed in range(args.games)]
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

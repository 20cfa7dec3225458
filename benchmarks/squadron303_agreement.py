"""303 Squadron: how often the search player would choose what the heuristic chooses.

    python benchmarks/squadron303_agreement.py --scenario attack-on-biggin-hill --games 2

Plays heuristic team games (4 pilots, dice from the seed); at each decision with more than one
option it also asks a search player of that seat (``--simulations`` fixed, a generous time cap,
no kept tree) and tallies, by the kind of the decision's first option, how often the two agree.
Prints the decisions, the mean time a search took and the tally.
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from dowding.bots import Player
from dowding.bots.ismcts import ISMCTSPlayer
from dowding.bots.playout import make_players, play_out
from dowding.engine import Decision, State, get_game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="attack-on-biggin-hill")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--simulations", type=int, default=96)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    game = get_game("squadron303")
    options = {"players": args.players}
    agree: collections.Counter[str] = collections.Counter()
    total: collections.Counter[str] = collections.Counter()
    spent = 0.0
    for seed in range(args.games):
        state = game.new_state(args.scenario, options)
        seats = game.seat_ids(options)
        heuristic = make_players(game, dict.fromkeys(seats, "heuristic"), seed, options)
        search = {
            seat: ISMCTSPlayer(
                "squadron303",
                seat,
                seed=seed,
                simulations=args.simulations,
                seconds=30,
                keep_tree=False,
            )
            for seat in seats
        }

        def ask(
            s: State,
            decision: Decision,
            heuristic: dict[str, Player] = heuristic,
            search: dict[str, ISMCTSPlayer] = search,
        ) -> bool:
            nonlocal spent
            if len(decision.options) < 2:
                return False
            view = s.view(decision.seat)
            mine = heuristic[decision.seat].choose(view, decision)
            start = time.perf_counter()
            theirs = search[decision.seat].choose(view, decision)
            spent += time.perf_counter() - start
            kind = decision.options[0].kind
            total[kind] += 1
            agree[kind] += theirs == mine
            return False

        play_out(state, heuristic, dice=random.Random(seed), stop=ask)
    asked = sum(total.values())
    print(f"{asked} decisions, {spent / max(asked, 1) * 1000:.0f} ms a search")
    print(f"the search chose the heuristic's option in {sum(agree.values())} of {asked}")
    for kind, n in total.most_common():
        print(f"  {kind}: {agree[kind]} of {n}")


if __name__ == "__main__":
    main()

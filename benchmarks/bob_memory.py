"""What bob's search player remembers (``BobState.shown``): cards seen face up, and of them those
followed home to a combat ready box with their flight (``BobState._followed``); and the cards
traced after they were dealt face down from among others (``BobState.traced``), with the places
each may lie in against the places its unit's unseen cards lie in.

    python benchmarks/bob_memory.py --games 10 --scenario campaign

Heuristic players on both sides, seeds 0..N-1; at each decision, the cards the memory holds.
"""

from __future__ import annotations

import argparse
import random

from dowding.bots import make_player
from dowding.engine import Chance, Decision, Terminal, get_game
from dowding.rulesets.bob.state import _SEEN_BOXES, CRB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--scenario", default="campaign")
    args = parser.parse_args()
    game = get_game("bob")
    decisions = held = home = traced = places = unit_places = 0
    for seed in range(args.games):
        state = game.new_state(args.scenario, {})
        players = {s: make_player("bob", "heuristic", s, seed) for s in state.seat_ids()}
        rng = random.Random(seed)
        while not isinstance(node := state.next(), Terminal):
            if isinstance(node, Chance):
                state.apply(node.sample(rng))
                continue
            assert isinstance(node, Decision)
            shown = state.shown  # type: ignore[attr-defined]
            decisions += 1
            held += sum(1 for _, where in shown if where not in _SEEN_BOXES)  # else face up
            home += sum(1 for _, where in shown if where == CRB)
            known = {c for c, _ in shown}
            loc = state.card_loc  # type: ignore[attr-defined]
            for c, may in state.traced:  # type: ignore[attr-defined]
                card = state.t.cards[c]  # type: ignore[attr-defined]
                mates = state.t.unit_cards[card.side, card.unit]  # type: ignore[attr-defined]
                traced += 1
                places += len(may)
                unit_places += len({loc[x] for x in mates if x not in known} - _SEEN_BOXES)
            state.apply(players[node.seat].choose(state.view(node.seat), node))
    print(
        f"{args.games} games, {decisions} decisions: cards remembered a decision "
        f"{held / decisions:.2f}, of them in a combat ready box {home / decisions:.2f}; "
        f"traced {traced / decisions:.2f}, in {places / max(traced, 1):.2f} places each where "
        f"its unit's unseen cards lie in {unit_places / max(traced, 1):.2f}"
    )


if __name__ == "__main__":
    main()

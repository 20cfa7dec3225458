"""Could a search find better choices than its prior by playing every choice out on the same
dice? A measurement behind the paired choice (``ISMCTSPlayer._paired_choice``).

    python benchmarks/paired_gain.py --ruleset crane --scenario eight-heinkels --seat raf \
        --seeds 40 --games 3 --every 6

Positions: every ``--every``-th decision of ``--seat`` with a choice, in heuristic games seeds
0..GAMES-1 (``Match``, dice from the seed). At each, the prior's pick (the search's
``prior``) and up to 11 other choices are each played out ``--seeds`` times as the search plays
them out (its rollout policy to its depth at ``--strength``, then its score), the i-th playout
of every choice on the same dice (``random.Random("a<i>")``). The choice with the best mean gain
over the prior's pick, if it beats twice its standard error, is played out again on fresh dice
(``"b<i>"``) against the prior's pick: that gain is unbiased by the pick. Prints a line for
each position where a choice was found, then the count of positions where every choice scored
as the prior's pick on every seed (the choice changes nothing the playouts see), the choices
found and the mean validated gain a position.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Mapping

from dowding.bots import make_player, play_out
from dowding.bots.ismcts import ISMCTSPlayer, _candidates
from dowding.bots.playout import Stop
from dowding.engine import Action, Decision, Match, State, get_game


def _keeper(seat: str, every: int, found: list[tuple[State, Decision]]) -> Stop:
    """A ``play_out`` stop that keeps every ``every``-th decision of ``seat`` with a choice."""
    seen = 0

    def keep(state: State, node: Decision) -> bool:
        nonlocal seen
        if node.seat == seat and len(node.options) > 1:
            seen += 1
            if seen % every == 0:
                found.append((state.copy(), node))
        return False

    return keep


def positions(
    ruleset: str, scenario: str, seat: str, games: int, every: int
) -> list[tuple[State, Decision]]:
    found: list[tuple[State, Decision]] = []
    for seed in range(games):
        match = Match(ruleset, scenario, seed=seed)
        players = {s: make_player(ruleset, "heuristic", s, seed) for s in match.state.seat_ids()}
        play_out(match, players, stop=_keeper(seat, every, found))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="crane")
    parser.add_argument("--scenario", default="eight-heinkels")
    parser.add_argument("--seat", default="raf")
    parser.add_argument("--strength", default="veteran")
    parser.add_argument("--seeds", type=int, default=40, help="playouts of each choice")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=6)
    ns = parser.parse_args()
    game = get_game(ns.ruleset)
    found = positions(ns.ruleset, ns.scenario, ns.seat, ns.games, ns.every)
    player = ISMCTSPlayer(ns.ruleset, ns.seat, 0, ns.strength, seconds=1e9)
    player._deadline = float("inf")
    assert player.prior is not None
    sides: Mapping[str, str] = {s.id: s.side for s in game.seats_for(found[0][0].options)}

    def value(state: State, action: Action, seed: str) -> float:
        world = state.copy()
        world.apply_trusted(action)
        return player._playout(world, sides, random.Random(seed))[ns.seat]

    gains: list[float] = []
    switched = same = 0
    for state, node in found:
        prior = player.prior(state.copy(), random.Random(1))
        others = [a for a in _candidates(state, node, prior) if a != prior]
        random.Random(3).shuffle(others)
        base = [value(state, prior, f"a{i}") for i in range(ns.seeds)]
        best, best_gain, all_same = None, 0.0, True
        for a in others[:11]:
            d = [value(state, a, f"a{i}") - b for i, b in enumerate(base)]
            all_same = all_same and not any(d)
            gain = statistics.mean(d)
            if gain > best_gain and gain > 2 * (statistics.pvariance(d) / ns.seeds) ** 0.5:
                best, best_gain = a, gain
        same += all_same
        if best is None:
            gains.append(0.0)
            continue
        switched += 1
        fresh = [
            value(state, best, f"b{i}") - value(state, prior, f"b{i}") for i in range(ns.seeds)
        ]
        gains.append(statistics.mean(fresh))
        print(f"{node.prompt[:44]:44} seen {best_gain:+.3f} validated {gains[-1]:+.3f}", flush=True)
    print(
        f"{ns.ruleset} {ns.scenario} {ns.seat}: {len(found)} positions, {same} where every choice "
        f"tried scored as the prior's pick on all {ns.seeds} dice, a better choice found at "
        f"{switched}, validated gain a position {statistics.mean(gains):+.4f} "
        f"(in all {sum(gains):+.3f})"
    )


if __name__ == "__main__":
    main()

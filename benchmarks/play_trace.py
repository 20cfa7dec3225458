"""A digest of everything random games show, to prove a speed change left play as it was.

    python benchmarks/play_trace.py --ruleset crane --games 15
    python benchmarks/play_trace.py --ruleset bob1990 --games 10 --option cell_km=25 --views 50

For each scenario, N random games on the bare engine (seeds 0..N-1, as ``engine_speed.py --raw``
plays them). Every step adds to one digest: the decision's seat, prompt, free-value text and every
option's text, or the chance event's label, detail, roller and who sees it; the action taken; then
the state hash and the narration the step produced. With ``--views K`` every K-th step also adds
each seat's view and the spectator's, as JSON. The terminal result ends each game. One line per
scenario: its steps and the digest; ``--verbose`` prints every step's record instead.

Run it on the code before and after a change (a ``git archive`` copy on ``PYTHONPATH``): the same
digests mean the same decisions, options, words, dice, hashes and views. Chance outcomes are drawn
with the node's own ``sample``, so a change to how a chance event samples changes the digest too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random

from dowding.engine import Chance, Decision, Terminal, get_game

OPTIONS: dict[str, object] = {}


def _records(ruleset: str, scenario: str, seed: int, views: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = get_game(ruleset).new_state(scenario, OPTIONS or None)
    step = 0
    while True:
        node = state.next()
        if isinstance(node, Terminal):
            yield ("end", node.winner, sorted(node.scores.items()), node.reason)
            return
        if isinstance(node, Chance):
            action = node.sample(rng)
            yield (
                "chance",
                node.label,
                node.detail,
                sorted(node.detail_to),
                node.roller,
                None if node.visible_to is None else sorted(node.visible_to),
                str(action),
            )
        else:
            assert isinstance(node, Decision)
            action = rng.choice(node.options)
            yield (
                "decision",
                node.seat,
                node.prompt,
                node.free,
                [str(o) for o in node.options],
                str(action),
            )
        state.apply(action)
        yield (
            "after",
            state.hash(),
            [(e.text, None if e.seats is None else sorted(e.seats)) for e in state.events],
        )
        step += 1
        if views and step % views == 0:
            for seat in (*state.seat_ids(), None):
                yield ("view", seat, json.dumps(state.view(seat), sort_keys=True, default=str))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ruleset", default="crane")
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--scenario", action="append", help="only these scenarios")
    parser.add_argument("--views", type=int, default=0, help="every K-th step, every seat's view")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, a game option")
    parser.add_argument("--verbose", action="store_true", help="print every record")
    args = parser.parse_args()
    for item in args.option:
        name, _, value = item.partition("=")
        OPTIONS[name] = int(value) if value.lstrip("-").isdigit() else value
    game = get_game(args.ruleset)
    for scenario in game.scenarios:
        if args.scenario and scenario.id not in args.scenario:
            continue
        digest = hashlib.blake2b(digest_size=16)
        steps = 0
        for seed in range(args.games):
            for record in _records(args.ruleset, scenario.id, seed, args.views):
                line = repr(record)
                if args.verbose:
                    print(seed, line)
                digest.update(line.encode())
                steps += record[0] == "after"
        print(
            f"{args.ruleset} {scenario.id}: {args.games} games, {steps} steps, {digest.hexdigest()}"
        )


if __name__ == "__main__":
    main()

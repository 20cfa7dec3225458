"""How long render_svg takes and how big its document is, over random games.

python scripts/svg_speed.py [--games 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

from dowding.engine import Decision, Terminal
from dowding.engine.record import Match


def measure(ruleset: str, games: int, seed: int) -> str:
    render = importlib.import_module(f"dowding.rulesets.{ruleset}.svg").render_svg
    render(dict(Match(ruleset, seed=seed).state.view(None)), None, None)  # build the caches
    times: list[float] = []
    sizes: list[int] = []
    for g in range(games):
        match = Match(ruleset, seed=seed + g)
        rng = random.Random(seed + g)
        for _ in range(20_000):
            node = match.node()
            if isinstance(node, Terminal):
                break
            if not isinstance(node, Decision):
                match.roll()
                continue
            view = dict(match.state.view(node.seat))
            view.pop("infostate", None)
            start = time.perf_counter()
            svg = render(view, node.seat, node)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(svg))
            match.play(rng.choice(node.options))
    times.sort()
    p95 = times[int(len(times) * 0.95)]
    return (
        f"{ruleset}: {len(times)} tables, median {statistics.median(times):.2f} ms, "
        f"p95 {p95:.2f} ms, max {times[-1]:.2f} ms; median size "
        f"{statistics.median(sizes) / 1000:.0f} kB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for ruleset in ("bob", "crane"):
        print(measure(ruleset, args.games, args.seed))


if __name__ == "__main__":
    main()

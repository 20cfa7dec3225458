"""Win rates with Wilson intervals, and the mean and spread of scores, over a sweep's games."""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: honest near 0 and 1 and for few games,
    where the plain p +/- z*sqrt(p(1-p)/n) interval runs past the ends or collapses to a point."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # at 0 or n wins the bound is exactly 0 or 1; say so rather than leave a rounding residue
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, sample standard deviation, least and most of a list of scores."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}
    return {
        "mean": statistics.fmean(values),
        "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
    }


def rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    return {
        "wins": wins,
        "games": games,
        "rate": wins / games if games else 0.0,
        "ci95": [low, high],
    }


def summarise(
    games: Sequence[Mapping[str, Any]],
    seat_sides: Mapping[str, str],
    seat_kinds: Mapping[str, str],
) -> dict[str, Any]:
    """Each side's and each seat's win rate (Wilson 95%), draws, and each score's spread.

    A seat wins when the winner is the seat itself or its side (bob's three- and four-player
    games name the winning side)."""
    finished = [g for g in games if not g.get("error")]
    n = len(finished)
    sides = list(dict.fromkeys(seat_sides.values()))
    side_seats = {side: [s for s, v in seat_sides.items() if v == side] for side in sides}

    def side_won(game: Mapping[str, Any], side: str) -> bool:
        return bool(game["winner"] == side or game["winner"] in side_seats[side])

    by_side = {
        side: rate(sum(side_won(g, side) for g in finished), n)
        | {"seats": {s: seat_kinds.get(s, "") for s in side_seats[side]}}
        for side in sides
    }
    by_seat = {
        seat: rate(sum(side_won(g, side) or g["winner"] == seat for g in finished), n)
        | {"side": side, "kind": seat_kinds.get(seat, "")}
        for seat, side in seat_sides.items()
    }
    keys = list(dict.fromkeys(k for g in finished for k in g["score"]))
    scores = {k: spread([float(g["score"][k]) for g in finished if k in g["score"]]) for k in keys}
    no_winner = sum(1 for g in finished if g["winner"] is None)
    return {
        "games": len(games),
        "finished": n,
        "errors": len(games) - n,
        "no_winner": rate(no_winner, n),
        "sides": by_side,
        "seats": by_seat,
        "scores": scores,
        "turns": spread([float(g["turns"]) for g in finished]),
        "actions": spread([float(g["actions"]) for g in finished]),
    }

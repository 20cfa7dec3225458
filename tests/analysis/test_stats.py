"""Wilson intervals and score spreads against values worked out by hand."""

from __future__ import annotations

import math

import pytest

from dowding.analysis.stats import Z95, spread, summarise, wilson


def test_wilson_known_values() -> None:
    """0 wins in n: the interval is [0, z^2/(n+z^2)]; for n=6 that is 3.8415/9.8415 = 0.3903.
    5 of 10: centred on 1/2, half-width z*sqrt(1/40 + z^2/400)/(1 + z^2/10) = 0.2634."""
    low, high = wilson(0, 6)
    assert low == 0 and high == pytest.approx(Z95**2 / (6 + Z95**2))
    assert high == pytest.approx(0.3903, abs=1e-4)
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(6, 6) == (pytest.approx(1 - 0.3903, abs=1e-4), 1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_spread() -> None:
    """Scores 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7."""
    s = spread([2, 4, 4, 4, 5, 5, 7, 9])
    assert s["mean"] == 5 and s["sd"] == pytest.approx(math.sqrt(32 / 7))
    assert (s["min"], s["max"]) == (2, 9)
    assert spread([3.0])["sd"] == 0.0


def test_summarise_counts_sides_seats_draws_and_errors() -> None:
    def game(winner: str | None, raf: float, lw: float, **extra: object) -> dict[str, object]:
        return {
            "winner": winner,
            "score": {"raf": raf, "luftwaffe": lw},
            "turns": 4,
            "actions": 100,
        } | extra

    games = [
        game("raf", 3, 1),
        game("luftwaffe", 1, 3),
        game("raf", 5, 0),
        game(None, 2, 2),
        game(None, 0, 0, error="CLIError: too long"),
    ]
    sides = {"raf-10-12": "raf", "raf-11-13": "raf", "luftwaffe": "luftwaffe"}
    kinds = {"raf-10-12": "heuristic", "raf-11-13": "random", "luftwaffe": "heuristic"}
    summary = summarise(games, sides, kinds)
    assert (summary["games"], summary["finished"], summary["errors"]) == (5, 4, 1)
    assert summary["sides"]["raf"]["wins"] == 2 and summary["sides"]["raf"]["rate"] == 0.5
    assert summary["sides"]["raf"]["seats"] == {"raf-10-12": "heuristic", "raf-11-13": "random"}
    assert summary["seats"]["raf-11-13"]["wins"] == 2  # a side's win is each of its seats' win
    assert summary["no_winner"]["wins"] == 1
    assert summary["scores"]["raf"]["mean"] == pytest.approx(
        11 / 4
    )  # 3, 1, 5, 2: the failed game left out

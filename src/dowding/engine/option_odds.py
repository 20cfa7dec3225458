"""The odds beside each choice: exact outcome odds of the options that start a combat or a bombing.

A ruleset that can say them keeps ``option_odds.py`` exporting ``odds_for(view, decision) ->
dict[str, OptionOdds]``, keyed by option text, with an entry only for the options that start a
combat or a bombing. The figures are exact (``Fraction``), made with the ruleset's ``odds.py``
procedures from the deciding seat's view alone: where the other side's cards are hidden, they
are averaged over what the seat knows, and ``assumes`` says so. The finder lives in the engine,
beside ``words.py``, because the terminal and the web server (both front ends of the engine
contract) ask it, and it names no ruleset; the analysis bench is not involved.

A ruleset without ``option_odds.py`` (or whose ``odds_for`` fails) shows no odds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .game import Decision
from .odds import as_floats
from .registry import ruleset_part

log = logging.getLogger("dowding.odds")


@dataclass(frozen=True)
class OptionOdds:
    """One option's odds: a short summary in words and the whole distribution as data."""

    summary: str
    outcomes: Mapping[str, Any]  # outcome name -> Fraction, or a nested mapping of them
    assumes: str = ""
    procedure: str = ""  # the ``dowding odds`` procedure these figures come from
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "outcomes": as_floats(self.outcomes),
            "exact": _exact(self.outcomes),
            "assumes": self.assumes,
            "procedure": self.procedure,
            "params": dict(self.params),
        }

    def text(self) -> str:
        """The summary, then what it assumes."""
        return f"{self.summary}; assuming {self.assumes}" if self.assumes else self.summary


OddsFinder = Callable[[Mapping[str, Any], Decision], Mapping[str, OptionOdds]]


def _exact(odds: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in odds.items():
        if isinstance(value, Fraction):
            out[key] = str(value)
        elif isinstance(value, Mapping):
            out[key] = _exact(value)
        else:
            out[key] = value
    return out


def percent(p: Fraction) -> str:
    """``Fraction(7, 12)`` -> ``58%``; below 1% but possible -> ``<1%``, near-certain -> ``>99%``."""
    if 0 < p < Fraction(1, 200):
        return "<1%"
    if 1 > p > Fraction(199, 200):
        return ">99%"
    return f"{round(float(p) * 100)}%"


def mean(distribution: Mapping[int, Fraction]) -> Fraction:
    return sum((Fraction(k) * p for k, p in distribution.items()), Fraction(0))


def finder(ruleset: str) -> OddsFinder | None:
    """The ruleset's ``option_odds.odds_for``, when it has one."""
    found: OddsFinder | None = ruleset_part(ruleset, "option_odds", "odds_for")
    return found


def option_odds(
    ruleset: str, view: Mapping[str, Any], decision: Decision
) -> list[OptionOdds | None]:
    """One entry per option of ``decision``, in order: its odds, or None when it starts no
    combat; never fails (no odds instead)."""
    find = finder(ruleset)
    if find is None:
        return [None] * len(decision.options)
    try:
        found = find(view, decision)
    except Exception:  # an odds bug must not cost the player the game
        log.exception("the %s option odds failed for %r", ruleset, decision.prompt)
        return [None] * len(decision.options)
    return [found.get(o.text) for o in decision.options]

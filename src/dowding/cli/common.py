"""Pieces every command shares: loading a ruleset, parsing NAME=VALUE, the result line."""

from __future__ import annotations

import json
from typing import Any

from dowding.engine import Game, Match, get_game


class CLIError(Exception):
    """A problem the user can fix; the message is printed without a traceback."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def load_game(ruleset: str) -> Game:
    """The ruleset's Game, or a CLIError: an unknown id, or a ruleset whose module fails to load."""
    try:
        return get_game(ruleset)
    except ValueError as exc:
        raise CLIError(str(exc), code=2) from None
    except Exception as exc:  # a half-written ruleset must not take the whole CLI down
        problem = f"{type(exc).__name__}: {exc}"
        raise CLIError(f"ruleset {ruleset!r} could not be loaded: {problem}") from None


def parse_pairs(specs: list[str], what: str) -> dict[str, str]:
    """``["a=1", "b=x"]`` -> ``{"a": "1", "b": "x"}``; refuses malformed or repeated names."""
    pairs: dict[str, str] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise CLIError(f"{what} {spec!r} is not of the form NAME=VALUE", code=2)
        if name in pairs:
            raise CLIError(f"{what} {name!r} is given twice", code=2)
        pairs[name] = value
    return pairs


def new_match(
    ruleset: str,
    scenario: str | None,
    options: dict[str, str],
    seed: int,
    seats: dict[str, str],
    **kwargs: Any,
) -> Match:
    """A Match, with unknown scenarios and bad option values turned into CLIErrors."""
    load_game(ruleset)
    try:
        return Match(ruleset, scenario, options, seed, seats, **kwargs)
    except ValueError as exc:
        raise CLIError(str(exc), code=2) from None


def result_record(match: Match) -> dict[str, Any]:
    """The summary selfplay prints and replay reproduces, key for key."""
    result = match.result()
    return {
        "ruleset": result.ruleset,
        "scenario": result.scenario,
        "seed": result.seed,
        "winner": result.winner,
        "score": result.score,
        "turns": result.turns,
        "actions": result.actions,
        "state_hash": result.state_hash,
    }


def result_line(match: Match) -> str:
    return json.dumps(result_record(match))

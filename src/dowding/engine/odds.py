"""The seam for exact odds: each ruleset names its procedures, the analysis bench runs them.

A ruleset's ``odds.py`` exports ``PROCEDURES: dict[str, Procedure]``. ``dowding odds RULESET
PROCEDURE --param value ...`` looks the procedure up, coerces the parameters with their specs and
prints what ``compute`` returns: exact probabilities (``Fraction``) by enumeration or
convolution, never by sampling, keyed by outcome name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .game import OptionSpec

Odds = Mapping[str, Any]  # outcome name -> Fraction, or a nested mapping of them


@dataclass(frozen=True)
class Procedure:
    """One calculation: its name, what it answers, its parameters and the function itself."""

    name: str
    help: str
    params: tuple[OptionSpec, ...]
    compute: Callable[..., Odds]
    examples: tuple[str, ...] = field(default=())

    def run(self, raw: Mapping[str, object]) -> Odds:
        """Coerce ``raw`` (strings from a command line, or typed values) and compute."""
        specs = {p.name: p for p in self.params}
        unknown = sorted(set(raw) - set(specs))
        if unknown:
            raise ValueError(
                f"{self.name}: unknown parameter(s) {', '.join(unknown)}; "
                f"known: {', '.join(specs) or 'none'}"
            )
        values = {name: spec.default for name, spec in specs.items()}
        for name, value in raw.items():
            values[name] = specs[name].coerce(value)
        return self.compute(**values)


def procedures(ruleset: str) -> dict[str, Procedure]:
    """The odds procedures a ruleset offers (empty when it has no ``odds`` module)."""
    name = f"dowding.rulesets.{ruleset.replace('-', '_')}.odds"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not name.startswith(exc.name):
            raise  # the module exists but is broken: say so
        return {}
    found: dict[str, Procedure] = dict(getattr(module, "PROCEDURES", {}))
    return found


def as_floats(odds: Odds) -> dict[str, Any]:
    """The same mapping with every ``Fraction`` as a float (for JSON)."""
    out: dict[str, Any] = {}
    for key, value in odds.items():
        if isinstance(value, Fraction):
            out[key] = float(value)
        elif isinstance(value, Mapping):
            out[key] = as_floats(value)
        else:
            out[key] = value
    return out

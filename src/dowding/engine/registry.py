"""The rulesets dowding knows, by id."""

from __future__ import annotations

import importlib
import logging
from typing import Any

from .game import Game

log = logging.getLogger("dowding.registry")

# id -> module that defines GAME; imported lazily so one ruleset's import never slows another.
_RULESETS: dict[str, str] = {
    "crane": "dowding.rulesets.crane",
    "bob": "dowding.rulesets.bob",
    "fight-for-the-sky": "dowding.rulesets.fight_for_the_sky",
    "squadron303": "dowding.rulesets.squadron303",
    "bob1990": "dowding.rulesets.bob1990",
}
_loaded: dict[str, Game] = {}


def ruleset_ids() -> list[str]:
    return list(_RULESETS)


def get_game(ruleset: str) -> Game:
    if ruleset not in _RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; known: {', '.join(_RULESETS)}")
    if ruleset not in _loaded:
        module = importlib.import_module(_RULESETS[ruleset])
        _loaded[ruleset] = module.GAME
    return _loaded[ruleset]


_parts: dict[tuple[str, str, str], Any] = {}


def ruleset_part(ruleset: str, module: str, attribute: str) -> Any:
    """``attribute`` of the ruleset's optional module ``module`` (its ``words.labels``, its
    ``option_odds.odds_for``...), found by convention and kept; None when the ruleset has no such
    module or attribute. A module that exists but fails to import is logged, never raised."""
    key = (ruleset, module, attribute)
    if key not in _parts:
        name = f"dowding.rulesets.{ruleset.replace('-', '_')}.{module}"
        found: Any = None
        try:
            found = getattr(importlib.import_module(name), attribute, None)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):  # not merely absent
                log.exception("%s of %s cannot be imported", module, ruleset)
        _parts[key] = found
    return _parts[key]

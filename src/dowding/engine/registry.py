"""The rulesets dowding knows, by id."""

from __future__ import annotations

import importlib

from .game import Game

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

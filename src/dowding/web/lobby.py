"""What the lobby offers: rulesets, scenarios, options, seats and computer players."""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from typing import Any

from dowding.bots import make_player, player_kinds
from dowding.engine import Game, get_game, ruleset_ids
from dowding.engine.game import check_own_folder

log = logging.getLogger("dowding.web")

# Options a browser may not set: ``data`` names a folder on the server's disk.
SERVER_ONLY_OPTIONS = frozenset({"data"})
SEARCH_STRENGTHS = ("novice", "regular", "veteran", "ace")


@functools.cache
def computer_players(ruleset: str) -> tuple[str, ...]:
    """The computer players on offer: the ruleset's kinds, search expanded into its strengths."""
    game = get_game(ruleset)
    seat = game.seat_ids()[0]
    offered: list[str] = []
    for kind in player_kinds(ruleset):
        if kind == "ismcts":
            offered.extend(f"ismcts:{s}" for s in SEARCH_STRENGTHS)
        else:
            offered.append(kind)
    if not any(kind.startswith("ismcts") for kind in offered):
        # the search player may be provided by make_player without being listed by the ruleset
        for strength in SEARCH_STRENGTHS:
            try:
                make_player(ruleset, f"ismcts:{strength}", seat, 0)
            except Exception:
                break
            offered.append(f"ismcts:{strength}")
    return tuple(offered)


def default_computer(ruleset: str) -> str:
    offered = computer_players(ruleset)
    for kind in ("ismcts:regular", "heuristic"):
        if kind in offered:
            return kind
    return offered[0]


def seats_json(game: Game, options: Mapping[str, object] | None = None) -> list[dict[str, str]]:
    return [{"id": s.id, "name": s.name, "side": s.side} for s in game.seats_for(options)]


def describe_ruleset(ruleset: str) -> dict[str, Any]:
    game = get_game(ruleset)
    return {
        "id": game.id,
        "title": game.title,
        "rulebook": game.rulebook,
        "default_scenario": game.default_scenario,
        "scenarios": [
            {"id": s.id, "title": s.title, "description": s.description} for s in game.scenarios
        ],
        "options": [o.to_json() for o in game.option_specs if o.name not in SERVER_ONLY_OPTIONS],
        "seats": seats_json(game),
        "players": list(computer_players(ruleset)),
    }


@functools.cache
def all_rulesets() -> tuple[dict[str, Any], ...]:
    """Every ruleset that loads; one that fails is left out of the lobby and logged."""
    found = []
    for ruleset in ruleset_ids():
        try:
            found.append(describe_ruleset(ruleset))
        except Exception:
            log.exception("ruleset %s cannot be offered", ruleset)
    return tuple(found)


def resolve_options(
    game: Game, options: Mapping[str, object], own_data: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """The game's options with these overrides; ValueError for unknown or server-only ones.

    ``own_data``: ruleset -> the folder of the components the server's owner plays with
    (``dowding serve --data RULESET=DIR``), set on every game of that ruleset; a request
    cannot name a folder on the server's disk."""
    for name in options:
        if name in SERVER_ONLY_OPTIONS:
            raise ValueError(
                f"option {name!r} can only be set on the server's command line "
                f"(dowding serve --data {game.id}=DIR)"
            )
    resolved = game.resolve_options(options)
    if own_data and game.id in own_data:
        folder = own_data[game.id]
        try:  # checked at start (dowding serve); a folder moved since is the owner's to hear of
            check_own_folder(game.id, folder, game.component_files)
        except ValueError as exc:
            log.error("the own components for %s: %s", game.id, exc)
            raise ValueError(
                f"this server's own {game.id} components cannot be read now; "
                "its owner will find why in the server's log"
            ) from None
        resolved["data"] = folder
    return resolved

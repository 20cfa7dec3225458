"""Who sits in each seat: ``SEAT=KIND`` parsing and defaults.

The computer players themselves are built by ``dowding.bots.playout.make_players`` (re-exported
here for the commands); a player that cannot be made is a ``PlayerError``, exit status 2.
"""

from __future__ import annotations

from collections.abc import Mapping

from dowding.bots import player_kinds
from dowding.bots.playout import HUMAN, make_players
from dowding.engine import Game

from .common import CLIError, parse_pairs

__all__ = ["HUMAN", "default_computer", "make_players", "resolve_seats"]


def default_computer(ruleset: str) -> str:
    return "heuristic" if "heuristic" in player_kinds(ruleset) else "random"


def resolve_seats(
    game: Game,
    specs: list[str],
    *,
    allow_human: bool,
    base: Mapping[str, str] | None = None,
    options: Mapping[str, object] | None = None,
) -> dict[str, str]:
    """Seat -> kind. ``base`` (a saved game's seats) or the defaults, overridden by ``specs``.

    Defaults: with humans allowed, the first seat is human and the rest the best computer
    player on offer; without, every seat is a computer.
    """
    try:
        seat_ids = game.seat_ids(options)  # seats may follow the options (bob's players)
    except ValueError as exc:  # a bad option value, a data folder that is not one
        raise CLIError(str(exc), code=2) from None
    computer = default_computer(game.id)
    seats = {seat: computer for seat in seat_ids}
    if allow_human and seat_ids:
        seats[seat_ids[0]] = HUMAN
    for seat, kind in (base or {}).items():
        if seat in seats and _known_kind(game.id, kind, allow_human):
            seats[seat] = kind
    for seat, kind in parse_pairs(specs, "seat").items():
        if seat not in seats:
            raise CLIError(f"{game.id} has no seat {seat!r}; seats: {', '.join(seat_ids)}", code=2)
        if kind == HUMAN and not allow_human:
            raise CLIError(f"selfplay has no human seats; give {seat} a computer player", code=2)
        if not _known_kind(game.id, kind, allow_human):
            offered = [HUMAN] if allow_human else []
            offered += player_kinds(game.id)
            raise CLIError(
                f"no player kind {kind!r} for {game.id}; choose from: {', '.join(offered)}", code=2
            )
        seats[seat] = kind
    return seats


def _known_kind(ruleset: str, kind: str, allow_human: bool) -> bool:
    if kind == HUMAN:
        return allow_human
    # "heuristic:strong" names a kind and a strength; the factory judges the strength
    offered = {k.partition(":")[0] for k in player_kinds(ruleset)}
    return kind.partition(":")[0] in offered

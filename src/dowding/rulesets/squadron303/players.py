"""Phase II: Players. Hand limit, Movement, Disengage, Withdraw, the Starting Area option.

Pure rules over numbers; the turn's task queue (to come: docs/rules/squadron303.md) calls them.
"""

from __future__ import annotations

from typing import Literal

Role = Literal["player", "leader", "wingman"]


def hand_limit(ammo: int, hand_size_tokens: int, role: Role = "player", base: int = 2) -> int:
    """ "Phase II: 2. Combat card draw": the hand limit is 2 + ammo, less 1 per "hand size
    reduced by 1" damage token. "Solo game": the Leader's is 3 + ammo; the Wingman's table
    holds 4 (less its own tokens, "Damage")."""
    if role == "wingman":
        return max(0, 4 - hand_size_tokens)
    bonus = 1 if role == "leader" else 0
    return max(0, base + bonus + ammo - hand_size_tokens)


def movement_points(free_move: bool, card_move: int = 0, extra: int = 0) -> int:
    """ "3. Movement": 1 free Area (none with the "no free move" token), plus one Combat card's
    movement (+1..3), plus a pilot's extra Area (Feric)."""
    return (1 if free_move else 0) + card_move + extra


def disengage_cost(untokened_germans: int) -> int:
    """ "Disengage": 1 Movement or 1 Maneuver token per pair of German aircraft in the Area,
    rounded down; aircraft with a Maneuver token are not counted."""
    return untokened_germans // 2


def disengage_payments(cost: int, movement: int, tokens: int) -> tuple[tuple[int, int], ...]:
    """Every way to pay a Disengage cost as (tokens, Movement points), tokens first; the
    Movement left is ``movement`` less the points paid. Empty when it cannot be paid."""
    return tuple((t, cost - t) for t in range(min(cost, tokens), -1, -1) if cost - t <= movement)


def can_withdraw(germans_here: bool, fought_them_last_turn: bool, medals: int) -> bool:
    """ "Withdraw": leaving an Area with German forces this plane fought during the previous
    turn, for 1 Medal (reading S16: the literal previous turn)."""
    return germans_here and fought_them_last_turn and medals >= 1


def starting_area_options(costs: dict[str, int], hand: int) -> dict[str, int]:
    """ "Starting Area": the Areas a player may start in instead of the airfield, for the cards
    they would discard (Northolt to London 1, Biggin Hill 2, Tonbridge 3), given a hand."""
    return {area: n for area, n in costs.items() if n <= hand}


def reserve_size(pilots: int, players: int, removed: dict[str, int]) -> int:
    """ "Game setup" 3 and "Player count": the Pilot cards left after each player takes one
    and the random removals (3 players 2, 2 players and solo 3), reading S2."""
    seated = 2 if players == 1 else players
    return pilots - seated - removed[str(players)]

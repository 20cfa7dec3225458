"""Phase VI: Reorganization. Landed planes' action points, Specialization levels and clocks,
the Reserve ("Phase VI: Reorganization", "Specialization")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Refit:
    """What a landed plane does with its action points: 1 AP = 1 card, 1 damage token
    repaired, or 2 ammo."""

    cards: int = 0
    repairs: int = 0
    ammo: int = 0  # action points spent on ammo

    @property
    def points(self) -> int:
        return self.cards + self.repairs + self.ammo


def action_points(base: int, port_damaged: bool) -> int:
    """4 AP each turn on an airfield; the Port Target Damage tile takes 1 ("Campaign")."""
    return base - (1 if port_damaged else 0)


def refit(
    refit_: Refit, points: int, ammo: int, max_ammo: int, damage: int, per_point: int = 2
) -> tuple[int, int]:
    """(ammo, damage) after a refit; refuses one that spends more than ``points``, repairs
    more damage than there is, or tops ammo past the aircraft's starting ammo (digest M13)."""
    if refit_.points > points:
        raise ValueError(f"the refit spends {refit_.points} action points of {points}")
    if refit_.repairs > damage:
        raise ValueError(f"{refit_.repairs} repairs for {damage} damage")
    if refit_.ammo and ammo + per_point * (refit_.ammo - 1) >= max_ammo:
        raise ValueError("an action point on ammo the plane cannot hold")
    return min(max_ammo, ammo + per_point * refit_.ammo), damage - refit_.repairs


def specialization_level(kills: int, thresholds: Sequence[int]) -> int:
    """The level (0-3) ``kills`` of one category give (reading S3 B: cumulative thresholds)."""
    return sum(1 for t in thresholds if kills >= t)


def specialization_choices(
    kills: Mapping[str, int], thresholds: Mapping[str, Sequence[int]]
) -> tuple[str, ...]:
    """The categories a pilot without a Specialization may choose now (at least level I)."""
    return tuple(c for c, t in thresholds.items() if specialization_level(kills.get(c, 0), t))


def use_specialization(clock: int, level: int, owned: int) -> int:
    """Using level L (at most the level owned, only on a green clock) moves the clock L fields
    into the red."""
    if clock:
        raise ValueError("the Specialization is cooling down")
    if not 1 <= level <= owned:
        raise ValueError(f"level {level} is not owned (level {owned})")
    return level


def tick(clock: int) -> int:
    """At the end of Reorganization the clock moves one field toward green."""
    return max(0, clock - 1)

"""Exact odds of crane's dice: an attack (VI.E.4), flak (VII.A) and a bomb run (VII.C-D).

Every answer enumerates the 36 equally likely pairs of dice (``combat.py``) or convolves them,
so the figures are exact ``Fraction``s. The aircraft values come from the shipped components
(``data/components.json``), or a player's own with ``--data DIR``.
"""

from __future__ import annotations

from fractions import Fraction

from dowding.engine.game import OptionSpec
from dowding.engine.odds import Odds, Procedure

from .combat import attack_odds, bomb_roll_odds
from .components import AircraftType, load_components

_COMPONENTS = load_components()
# "fighter" stands for any fighter while all fighters share their combat values (the shipped
# ones do: the issue's own example is ``--attacker fighter``)
KINDS: tuple[str, ...] = (*_COMPONENTS.aircraft, "fighter")
BOMBERS: tuple[str, ...] = tuple(k for k, a in _COMPONENTS.aircraft.items() if a.role == "bomber")


def _kind(name: str, data: str = "") -> AircraftType:
    aircraft = load_components(data).aircraft
    if name == "fighter":
        fighters = [a for a in aircraft.values() if a.role == "fighter"]
        if len({(a.offense, a.defense, a.engines) for a in fighters}) != 1:
            names = ", ".join(k for k, a in aircraft.items() if a.role == "fighter")
            raise ValueError(f"the fighters' values differ: name one of {names}")
        return fighters[0]
    if name not in aircraft:
        raise ValueError(f"no aircraft {name!r}; choose from: {', '.join(KINDS)}")
    return aircraft[name]


def _check_damage(name: str, kind: AircraftType, damage: int) -> None:
    # VI.E.4.d: damage counts damaged engines; a plane with every engine damaged still flies
    if not 0 <= damage <= kind.engines:
        raise ValueError(
            f"a {kind.name} has {kind.engines} engine(s): its damage is 0 to {kind.engines}, "
            f"not {damage} ({name})"
        )


def attack(attacker: str, defender: str, damage: int, data: str = "") -> Odds:
    """VI.E.4: 1d6 + the attacker's offense against 1d6 + the defender's defense."""
    shooter, target = _kind(attacker, data), _kind(defender, data)
    _check_damage(defender, target, damage)
    return attack_odds(shooter.offense, target.defense, damage, target.engines)


def flak(defender: str, damage: int, data: str = "") -> Odds:
    """VII.A: the factory's flak fires once, 1d6 + its offense against the bomber's defense."""
    target = _kind(defender, data)
    _check_damage(defender, target, damage)
    rules = load_components(data).rules
    return attack_odds(rules.flak_offense, target.defense, damage, target.engines)


def bomb_hits_distribution(rolls: int) -> dict[int, Fraction]:
    """Total hits from ``rolls`` independent pairs (bomber die against factory die)."""
    one = bomb_roll_odds()
    total: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(rolls):
        step: dict[int, Fraction] = {}
        for hits, p in total.items():
            for more, q in one.items():
                step[hits + more] = step.get(hits + more, Fraction(0)) + p * q
        total = step
    return total


def bomb(bomber: str, factory_hits: int, data: str = "") -> Odds:
    """VII.C-D: one bomber's run; and the chance it completes the factory's destruction (VII.E)."""
    kind = _kind(bomber, data)
    if kind.role != "bomber":
        raise ValueError(f"a {kind.name} drops no bombs; bombers: {', '.join(BOMBERS)}")
    needed = load_components(data).rules.bombs_needed
    if not 0 <= factory_hits < needed:
        raise ValueError(f"the factory falls at {needed} hits: factory_hits is 0 to {needed - 1}")
    hits = bomb_hits_distribution(kind.bomb_rolls)
    destroyed = sum((p for h, p in hits.items() if factory_hits + h >= needed), Fraction(0))
    return {"hits": {str(h): p for h, p in sorted(hits.items())}, "factory_destroyed": destroyed}


_DAMAGE = OptionSpec("damage", 0, "engines the defender already has damaged", minimum=0)
_DATA = OptionSpec("data", "", "a folder with your own components.json")

PROCEDURES: dict[str, Procedure] = {
    "attack": Procedure(
        "attack",
        "One attack (VI.E.4): no effect, an engine damaged, or destroyed.",
        (
            OptionSpec("attacker", "spitfire", "the firing aircraft", choices=KINDS),
            OptionSpec("defender", "he111", "the aircraft fired at", choices=KINDS),
            _DAMAGE,
            _DATA,
        ),
        attack,
        ("dowding odds crane attack --attacker spitfire --defender he111 --damage 1",),
    ),
    "flak": Procedure(
        "flak",
        "The factory's flak at a bomber coming within range (VII.A).",
        (OptionSpec("defender", "he111", "the bomber fired at", choices=KINDS), _DAMAGE, _DATA),
        flak,
        ("dowding odds crane flak --defender ju87",),
    ),
    "bomb": Procedure(
        "bomb",
        "One bomber's run over the factory (VII.C-D): hits, and the factory destroyed (VII.E).",
        (
            OptionSpec("bomber", "he111", "the bombing aircraft", choices=BOMBERS),
            OptionSpec("factory_hits", 0, "hits the factory has already taken", minimum=0),
            _DATA,
        ),
        bomb,
        ("dowding odds crane bomb --bomber he111 --factory-hits 2",),
    ),
}

"""Phase III: Combat. The arithmetic of a Combat round: Toughness, Support Sequences, card
abilities, the yellow die, and what a round deals each side.

"Phase III: Combat", "Toughness", "Support from another player in the same Area", "Symbols".
The choices (which die, which card, which target, whether to ask Support) are the task queue's;
these functions say what a chosen set of symbols does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from .components import Aircraft, Effect, Requirement
from .dice import propeller, symbol

Gain = Literal["hit", "evade"]


def apply_hits(toughness: Sequence[int], damage: int, hits: int) -> int:
    """ "Toughness": the damage a plane has after ``hits`` scored in one round. Each next point
    needs its number of Hits in this round; Hits short of the next point are lost."""
    while damage < len(toughness) and hits >= toughness[damage]:
        hits -= toughness[damage]
        damage += 1
    return damage


def shot_down(toughness: Sequence[int], damage: int) -> bool:
    return damage >= len(toughness)


def support_gains(fighter: Iterable[str], supporter: Iterable[str]) -> frozenset[Gain]:
    """ "Support": a Sequence is three identical symbols from both cards' Support sections, Wild
    filling in; three Wilds are none. Each symbol the Sequence can be made of is a choice of
    +1 Hit or +1 Evade. Both cards must give to it ("coming from both Combat cards")."""
    a, b = Counter(fighter), Counter(supporter)
    gains: set[Gain] = set()
    for lead in ("hit", "evade"):
        if a[lead] + b[lead] == 0:
            continue
        from_a, from_b = a[lead] + a["wild"], b[lead] + b["wild"]
        if from_a >= 1 and from_b >= 1 and from_a + from_b >= 3:
            gains.add(lead)  # type: ignore[arg-type]
    return frozenset(gains)


@dataclass(frozen=True)
class Symbols:
    """The symbols a Fighting player has in a round, by where they come from ("Symbols": some
    abilities take only dice symbols, some only a Maneuver token)."""

    dice: Counter[str]
    cards: Counter[str]
    tokens: int = 0

    def total(self, name: str) -> int:
        return self.dice[name] + self.cards[name]


def ability_sets(requires: Sequence[Requirement], symbols: Symbols) -> int:
    """How many full sets of an ability's requirements the symbols make (0: not active).
    Requirements of one symbol are added up; a Maneuver paid "from die or card" may also be a
    token ("Maneuver token or symbol from die or card")."""
    need: Counter[tuple[str, str]] = Counter()
    for r in requires:
        need[(r.symbol, r.source)] += r.count
    sets = None
    for (name, source), count in need.items():
        if source == "dice":
            have = symbols.dice[name]
        elif source == "token":
            have = symbols.tokens
        else:
            have = symbols.total(name) + (symbols.tokens if name == "maneuver" else 0)
        n = have // count
        sets = n if sets is None else min(sets, n)
    return sets or 0


@dataclass(frozen=True)
class RoundOutcome:
    hits_scored: int  # the player's Hits after the target's Evades
    target_damage: int  # the target's damage after the round
    shot_down: bool
    damage_taken: int  # damage tokens the player draws


def resolve_round(
    *,
    hits: int,
    evades: int,
    german_faces: Sequence[str],
    toughness: Sequence[int],
    damage: int,
    cancel_german_hits: int = 0,
    first_strike: bool = False,
    yellow_failure: bool = False,
    failure_damage: int = 2,
) -> RoundOutcome:
    """ "Dealing damage": the target's Evades cancel the player's Hits one for one (reading S5);
    the rest go against its Toughness. The target's Hits, less the player's Evades and a
    card's cancels, are damage to the player; they count even when the target is shot down,
    unless the card gives First Strike ("Hits before Luftwaffe", reading S28). A yellow
    Failure used this round is 2 damage (reading S6)."""
    german = Counter(symbol(f) for f in german_faces)
    scored = max(0, hits - german["evade"])
    after = apply_hits(toughness, damage, scored)
    down = shot_down(toughness, after)
    taken = max(0, german["hit"] - evades - cancel_german_hits)
    if first_strike and down:
        taken = 0
    if yellow_failure:
        taken += failure_damage
    return RoundOutcome(scored, after, down, taken)


def effect_totals(effect: Effect, sets: int) -> Counter[str]:
    """What an active ability adds to the round: extra symbols and cancels (``gain`` and
    ``cancel_german_hit``; the others act outside the round's arithmetic). ``per_set``
    repeats it for every set ("For each set XX gain X")."""
    times = sets if effect.per_set else min(sets, 1)
    out: Counter[str] = Counter()
    if effect.kind == "gain" and effect.symbol is not None:
        out[effect.symbol] += effect.amount * times
    elif effect.kind == "cancel_german_hit":
        out["cancel"] += effect.amount * times
    return out


def move_after_round(effect: Effect, round_number: int) -> int:
    """FAQ 2: "For the first set XX after the attack you may move your plane up to 2 Areas. For
    the next one you can move 1 Area": up to 2 after round 1, up to 3 in all after round 2."""
    if effect.kind != "move_after_round":
        return 0
    return effect.amount if round_number == 1 else 1


def german_dice(aircraft: Aircraft, untokened_mates: int = 0, ace_extra: int = 0) -> dict[str, int]:
    """The target's dice (its Help card): a He 111 adds a black die per other untokened He 111
    of its squadron in the Area, up to the four black dice (digest M3); a Fighter Ace (d) adds
    one die."""
    dice = dict(aircraft.dice)
    if aircraft.shares_dice is not None:
        colour = aircraft.shares_dice.colour
        dice[colour] = min(aircraft.shares_dice.maximum, dice.get(colour, 0) + untokened_mates)
    if ace_extra:
        first = next(iter(aircraft.dice))
        dice[first] = dice.get(first, 0) + ace_extra
    return dice


def after_reroll(first: str, second: str | None) -> str:
    """ "Reroll": the die is rolled once more; a second Reroll is a miss (``blank``)."""
    if symbol(first) != "reroll":
        return first
    assert second is not None, "a Reroll face needs its reroll"
    return "blank" if symbol(second) == "reroll" else second


def hits_with_propellers(faces: Iterable[str]) -> int:
    return sum(1 for f in faces if propeller(f))


def extra_moves(
    area: str, neighbours: frozenset[str], squadron_areas: dict[str, str]
) -> tuple[str, ...]:
    """ "Pilots shot down": every German squadron in the Area and in the adjacent Areas gets an
    extra Move at once. ``squadron_areas`` maps squadron -> Area; the answer keeps its order."""
    near = neighbours | {area}
    return tuple(s for s, a in squadron_areas.items() if a in near)

"""The odds procedures ``dowding odds bob ...`` offers, built on the exact dice of ``odds.py``.

Cards are named by their id in ``data/squadrons.json`` (``raf-11-01``) or by aircraft type
(``Spitfire``, ``Bf 109``, ``bf109``); a type stands for a card with the type's printed values.
Dice and damage may be given outright instead. Every figure is an exact ``Fraction``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from dowding.engine.game import OptionSpec
from dowding.engine.odds import Odds, Procedure

from . import odds
from .cards import Squadrons, load_squadrons

# Target kinds and the hits that knock them out (Bombing Run Procedure): one for an airfield or
# a radar station, three for a city.
TARGET_HITS = {"airfield": 1, "radar": 1, "city": 3}
MAX_INTERCEPT_LW_CARDS = 3  # "The RAF player selects 3 cards at random" (Intercept Procedure)
FUEL_LEVELS = (0, 1, 2)  # Reaching for Home: two or more tokens roll no dice


class CardValues(NamedTuple):
    name: str
    side: str
    role: str
    aircraft: str
    dogfight: int
    damage: int
    bombing: int


def _squeeze(text: str) -> str:
    return text.replace(" ", "").replace("-", "").lower()


def card_values(spec: str, side: str, data: str = "") -> CardValues:
    """A card by id or an aircraft type by name, checked to fly for ``side``."""
    squadrons = load_squadrons(data)
    spec = spec.strip()
    found = _by_id(squadrons, spec) or _by_type(squadrons, spec)
    if found is None:
        types = ", ".join(n for n, a in squadrons.aircraft.items() if a.side == side)
        raise ValueError(
            f"no {side} card or aircraft type {spec!r}: give a card id from squadrons.json "
            f"(like {squadrons.deck(11 if side == 'raf' else 2)[0]}) or a type: {types}"
        )
    if found.side != side:
        raise ValueError(f"{spec} flies for the {found.side}, not the {side}")
    return found


def _by_id(squadrons: Squadrons, spec: str) -> CardValues | None:
    card = squadrons.cards.get(spec)
    if card is None:
        return None
    return CardValues(
        card.id,
        card.side,
        card.role,
        card.aircraft,
        card.dogfight,
        card.damage,
        card.bombing,
    )


def _by_type(squadrons: Squadrons, spec: str) -> CardValues | None:
    for name, kind in squadrons.aircraft.items():
        if _squeeze(name) == _squeeze(spec):
            return CardValues(
                name, kind.side, kind.role, name, kind.dogfight, kind.damage, kind.bombing
            )
    return None


def card_list(specs: str, side: str, data: str = "") -> list[CardValues]:
    """``"Spitfire, raf-11-02"`` -> the cards; an empty text is no cards."""
    return [card_values(s, side, data) for s in specs.split(",") if s.strip()]


def _counts(distribution: dict[int, Fraction]) -> dict[str, Fraction]:
    return {str(k): p for k, p in sorted(distribution.items()) if p}


def _add(out: dict[int, Fraction], key: int, p: Fraction) -> None:
    out[key] = out.get(key, Fraction(0)) + p


# --- dogfight -------------------------------------------------------------------------------
def dogfight(
    raf: str,
    luftwaffe: str,
    raf_dice: int,
    raf_damage: int,
    luftwaffe_dice: int,
    luftwaffe_damage: int,
    raf_ace: bool,
    luftwaffe_ace: bool,
    data: str,
) -> Odds:
    """Dogfight Procedure: one card against one; which is shot down, if either."""
    r = card_values(raf, "raf", data)
    lw = card_values(luftwaffe, "luftwaffe", data)
    duel = odds.dogfight(
        raf_dice or r.dogfight,
        raf_damage or r.damage,
        luftwaffe_dice or lw.dogfight,
        luftwaffe_damage or lw.damage,
        raf_ace,
        luftwaffe_ace,
    )
    return {
        "raf_shot_down": duel.raf_down,
        "luftwaffe_shot_down": duel.luftwaffe_down,
        "neither": duel.neither,
    }


# --- intercept ------------------------------------------------------------------------------
def intercept(raf: str, luftwaffe: str, raf_dice: int, luftwaffe_dice: int, data: str) -> Odds:
    """Intercept Procedure: one roll of every card's dogfight dice; the hits on each side, and
    the cards each side loses when it accounts for the hits with as few cards as it can."""
    raf_cards = card_list(raf, "raf", data)
    lw_cards = card_list(luftwaffe, "luftwaffe", data)
    if len(lw_cards) > MAX_INTERCEPT_LW_CARDS:
        raise ValueError(
            f"only {MAX_INTERCEPT_LW_CARDS} Luftwaffe cards fight an intercept "
            f"(the RAF picks them at random); {len(lw_cards)} given"
        )
    white = raf_dice or sum(c.dogfight for c in raf_cards)
    black = luftwaffe_dice or sum(c.dogfight for c in lw_cards)
    if white + black == 0:
        raise ValueError("no dice to roll: name the cards (--raf, --luftwaffe) or give dice")
    on_raf: dict[int, Fraction] = {}
    on_lw: dict[int, Fraction] = {}
    for (crosses, roundels), p in odds.combined(white, black).items():
        _add(on_lw, crosses, p)
        _add(on_raf, roundels, p)
    out: dict[str, object] = {"hits_on_raf": _counts(on_raf), "hits_on_luftwaffe": _counts(on_lw)}
    if raf_cards:
        out["raf_cards_lost"] = _cards_lost(on_raf, [c.damage for c in raf_cards])
    if lw_cards:
        out["luftwaffe_cards_lost"] = _cards_lost(on_lw, [c.damage for c in lw_cards])
    return out


def _cards_lost(hits: dict[int, Fraction], damages: list[int]) -> dict[str, Fraction]:
    lost: dict[int, Fraction] = {}
    for h, p in hits.items():
        _add(lost, odds.fewest_cards_lost(h, damages), p)
    return _counts(lost)


# --- bombing run ----------------------------------------------------------------------------
def bombing_run(bombers: str, dice: int, target: str, target_hits: int, data: str) -> Odds:
    """Bombing Run Procedure and British Ack-Ack Fire: the hits on the target (at most what it can
    still take), whether it is knocked out, and the bomber cards Ack-Ack shoots down."""
    cards = [c for c in card_list(bombers, "luftwaffe", data) if c.role == "bomber"]
    capacity = TARGET_HITS[target]
    if not 0 <= target_hits < capacity:
        raise ValueError(
            f"a {target} is knocked out at {capacity} hit(s): target_hits is 0 to {capacity - 1}"
        )
    stukas = sum(c.aircraft == "Ju 87" for c in cards) if target in ("airfield", "radar") else 0
    total = dice or sum(c.bombing for c in cards) + stukas  # Luftwaffe Dive Bomber Squadron
    if total == 0:
        raise ValueError("no bombing dice: name bomber cards (--bombers) or give --dice")
    left = capacity - target_hits
    hits: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    for (roundels, down), p in odds.bombing_run_outcome(total).items():
        _add(hits, min(roundels, left), p)
        _add(lost, min(down, len(cards)) if cards else down, p)
    return {
        "hits_on_target": _counts(hits),
        "target_knocked_out": hits.get(left, Fraction(0)),
        "bombers_lost": _counts(lost),
    }


# --- reaching for home ----------------------------------------------------------------------
def reach_for_home(fuel: int, fighters: int, bombers: int) -> Odds:
    """Luftwaffe Flight Reaching for Home: each card's loss chance by the fuel markers left; with
    a flight's cards counted, the distribution of cards lost."""
    if fuel < 0:
        return {
            f"fuel {f}": {
                "fighter_lost": odds.reach_for_home_loss("fighter", f),
                "bomber_lost": odds.reach_for_home_loss("bomber", f),
            }
            for f in FUEL_LEVELS
        }
    p_fighter = odds.reach_for_home_loss("fighter", fuel)
    p_bomber = odds.reach_for_home_loss("bomber", fuel)
    out: dict[str, object] = {"fighter_lost": p_fighter, "bomber_lost": p_bomber}
    if fighters or bombers:
        lost: dict[int, Fraction] = {0: Fraction(1)}
        for p in [p_fighter] * fighters + [p_bomber] * bombers:
            step: dict[int, Fraction] = {}
            for k, q in lost.items():
                _add(step, k, q * (1 - p))
                _add(step, k + 1, q * p)
            lost = step
        out["cards_lost"] = _counts(lost)
    return out


_DATA = OptionSpec("data", "", "a folder with your own squadrons.json")

PROCEDURES: dict[str, Procedure] = {
    "dogfight": Procedure(
        "dogfight",
        "One RAF squadron card against one Luftwaffe card (Dogfight Procedure; Ace: +1 die).",
        (
            OptionSpec("raf", "Spitfire", "RAF card id or aircraft type"),
            OptionSpec("luftwaffe", "Bf 109", "Luftwaffe card id or aircraft type"),
            OptionSpec("raf_dice", 0, "RAF dogfight dice (0: the card's)", minimum=0),
            OptionSpec("raf_damage", 0, "RAF damage strength (0: the card's)", minimum=0),
            OptionSpec("luftwaffe_dice", 0, "Luftwaffe dogfight dice (0: the card's)", minimum=0),
            OptionSpec(
                "luftwaffe_damage", 0, "Luftwaffe damage strength (0: the card's)", minimum=0
            ),
            OptionSpec("raf_ace", False, "the RAF card flies with an Ace marker"),
            OptionSpec("luftwaffe_ace", False, "the Luftwaffe card flies with an Ace marker"),
            _DATA,
        ),
        dogfight,
        ("dowding odds bob dogfight --raf Hurricane --luftwaffe 'Bf 110' --raf-ace",),
    ),
    "intercept": Procedure(
        "intercept",
        "One intercept roll (Intercept Procedure): hits on each side and cards lost.",
        (
            OptionSpec("raf", "Spitfire,Hurricane", "RAF cards, comma-separated ids or types"),
            OptionSpec(
                "luftwaffe", "He 111,He 111,Bf 109", "up to 3 Luftwaffe cards, ids or types"
            ),
            OptionSpec("raf_dice", 0, "white dice (0: the cards' dogfight dice)", minimum=0),
            OptionSpec("luftwaffe_dice", 0, "black dice (0: the cards' dogfight dice)", minimum=0),
            _DATA,
        ),
        intercept,
        ("dowding odds bob intercept --raf Spitfire --luftwaffe 'Bf 109,Do 17'",),
    ),
    "bombing_run": Procedure(
        "bombing_run",
        "A bombing run and the Ack-Ack it draws: hits on the target, bomber cards lost.",
        (
            OptionSpec("bombers", "He 111,He 111", "the flight's cards (fighters ignored)"),
            OptionSpec("dice", 0, "bombing dice (0: the bombers' own)", minimum=0),
            OptionSpec("target", "city", "the target's kind", choices=tuple(TARGET_HITS)),
            OptionSpec("target_hits", 0, "hits the target already has", minimum=0),
            _DATA,
        ),
        bombing_run,
        ("dowding odds bob bombing_run --bombers 'Ju 87,Ju 87' --target radar",),
    ),
    "reach_for_home": Procedure(
        "reach_for_home",
        "Luftwaffe cards lost reaching for home, by fuel markers left (-1: every level).",
        (
            OptionSpec("fuel", -1, "fuel markers left (-1: show 0, 1 and 2)", minimum=-1),
            OptionSpec("fighters", 0, "fighter cards in the flight", minimum=0),
            OptionSpec("bombers", 0, "bomber cards in the flight", minimum=0),
        ),
        reach_for_home,
        ("dowding odds bob reach_for_home --fuel 0 --fighters 2 --bombers 3",),
    ),
}

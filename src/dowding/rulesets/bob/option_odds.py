"""The odds beside bob's choices: an intercept, a card played into a dogfight, a bombing run.

Made from the deciding seat's view alone. The seat's own cards are known; the other side's cards
are face down to it, so where they matter the odds are averaged over what the seat knows: a
face-down card is any card of its Luftflotte or Group that the view does not show face up (every
such card equally likely), and the ``assumes`` text says so. Re-dealing what the seat cannot see
(``determinize``) therefore never changes them. The figures come from ``odds.py``: ``intercept``
(Intercept Procedure), ``dogfight`` (Dogfight Procedure) and the ``bombing_run`` procedure.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from dowding.engine import Decision, data_folder
from dowding.engine.option_odds import OptionOdds, mean, percent

from . import odds
from .odds_procedures import PROCEDURES, TARGET_HITS
from .tables import LUFTWAFFE, RAF, Tables, load_tables

View = Mapping[str, Any]
Values = tuple[int, int]  # (dogfight dice, damage strength) of one card
Hand = tuple[Values, ...]  # sorted

INTERCEPT_PICKS = 3  # "The RAF player selects 3 cards at random" (Intercept Procedure)


def _seen_ids(value: object) -> Iterator[str]:
    if isinstance(value, Mapping):
        if isinstance(value.get("id"), str) and "dice" in value:
            yield str(value["id"])
        for v in value.values():
            yield from _seen_ids(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _seen_ids(v)


def unseen_pool(t: Tables, view: View, side: str, unit: int) -> list[Values]:
    """The values of every card of ``unit`` the view does not show face up: what a face-down card
    of that unit may be."""
    seen = set(_seen_ids(view))
    return [
        (c.dice, c.damage)
        for c in t.cards
        if c.side == side and c.unit == unit and c.id not in seen
    ]


def _subsets(values: Sequence[Values], k: int) -> dict[Hand, Fraction]:
    """A uniformly random ``k``-subset of ``values`` (a multiset), as sorted hands."""
    n = len(values)
    if k > n:
        return {}
    counts = Counter(values)
    kinds = sorted(counts)
    total = comb(n, k)
    out: dict[Hand, Fraction] = {}
    for picked in combinations_with_replacement(kinds, k):
        ways = 1
        for kind, m in Counter(picked).items():
            ways *= comb(counts[kind], m)
        if ways:
            out[tuple(sorted(picked))] = Fraction(ways, total)
    return out


def random_picks(
    known: Sequence[Values], hidden: int, pool: Sequence[Values], k: int
) -> dict[Hand, Fraction]:
    """``k`` cards picked at random from a hand of ``known`` cards and ``hidden`` face-down ones,
    each face-down card any card of ``pool`` (a random ``hidden``-subset of it)."""
    n = len(known) + hidden
    k = min(k, n)
    out: dict[Hand, Fraction] = {}
    for j in range(max(0, k - len(known)), min(k, hidden) + 1):
        p_j = Fraction(comb(hidden, j) * comb(len(known), k - j), comb(n, k))
        if not p_j:
            continue
        for a, pa in _subsets(known, k - j).items():
            for b, pb in _subsets(pool, j).items():
                hand = tuple(sorted(a + b))
                out[hand] = out.get(hand, Fraction(0)) + p_j * pa * pb
    return out


def _cards(view: View, flight: str) -> list[Mapping[str, Any]]:
    entry = (view.get("flights") or {}).get(flight) or {}
    return list(entry.get("cards") or ())


def _split(cards: Sequence[Mapping[str, Any]]) -> tuple[list[Values], int, int | None]:
    known = [(int(c["dice"]), int(c["damage"])) for c in cards if c.get("id")]
    hidden = sum(1 for c in cards if not c.get("id"))
    unit = next((int(c["unit"]) for c in cards if c.get("unit") is not None), None)
    return known, hidden, unit


def _flight_at(view: View, side: str, space: str) -> list[str]:
    return [
        fid
        for fid, f in (view.get("flights") or {}).items()
        if f.get("side") == side and f.get("space") == space and f.get("status") == "map"
    ]


def _sum_of(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of X + Y for independent X ~ ``a`` and Y ~ ``b``."""
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@lru_cache(maxsize=512)
def _margins(raf_dice: int, lw_dice: int) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """The margins of ``odds.combined(raf_dice, lw_dice)``: all crosses, all roundels."""
    return (
        _sum_of(
            odds.symbol_count(raf_dice, "raf", "cross"),
            odds.symbol_count(lw_dice, "luftwaffe", "cross"),
        ),
        _sum_of(
            odds.symbol_count(raf_dice, "raf", "roundel"),
            odds.symbol_count(lw_dice, "luftwaffe", "roundel"),
        ),
    )


def intercept_odds(raf: Sequence[Values], lw: Mapping[Hand, Fraction]) -> dict[str, Any]:
    """Cards lost on each side (the fewest that take the hits, as ``odds.intercept`` counts them)
    and the hits, averaged over the Luftwaffe hands ``lw``. The RAF's losses depend only on the
    roundels and the Luftwaffe's only on the crosses, so each is summed from its own margin."""
    raf_dice = sum(d for d, _ in raf)
    raf_damages = tuple(dmg for _, dmg in raf)
    margins: dict[int, tuple[dict[int, Fraction], dict[int, Fraction]]] = {}
    hits_raf: dict[int, Fraction] = {}
    hits_lw: dict[int, Fraction] = {}
    lost_lw: dict[int, Fraction] = {}
    for hand, q in lw.items():
        lw_dice = sum(d for d, _ in hand)
        if lw_dice not in margins:
            margins[lw_dice] = _margins(raf_dice, lw_dice)
        crosses_of, roundels_of = margins[lw_dice]
        lw_damages = tuple(dmg for _, dmg in hand)
        for crosses, p in crosses_of.items():
            hits_lw[crosses] = hits_lw.get(crosses, Fraction(0)) + p * q
            lost = odds.fewest_cards_lost(crosses, lw_damages)
            lost_lw[lost] = lost_lw.get(lost, Fraction(0)) + p * q
        for roundels, p in roundels_of.items():
            hits_raf[roundels] = hits_raf.get(roundels, Fraction(0)) + p * q
    lost_raf: dict[int, Fraction] = {}
    for roundels, p in hits_raf.items():
        lost = odds.fewest_cards_lost(roundels, raf_damages)
        lost_raf[lost] = lost_raf.get(lost, Fraction(0)) + p

    def named(d: dict[int, Fraction]) -> dict[str, Fraction]:
        return {str(k): v for k, v in sorted(d.items()) if v}

    return {
        "luftwaffe_cards_lost": named(lost_lw),
        "raf_cards_lost": named(lost_raf),
        "hits_on_luftwaffe": named(hits_lw),
        "hits_on_raf": named(hits_raf),
    }


def _ge1(d: Mapping[str, Fraction]) -> Fraction:
    return sum((p for k, p in d.items() if int(k) >= 1), Fraction(0))


def _mean(d: Mapping[str, Fraction]) -> float:
    return float(mean({int(k): p for k, p in d.items()}))


def _intercept(t: Tables, view: View, decision: Decision, raf_flight: str) -> OptionOdds | None:
    """British Intercept: ``raf_flight`` against the flight radar reports."""
    found = re.search(r"Luft\. (\S+) at (\S+)", decision.prompt)
    if found is None:
        return None
    return _intercept_fight(t, view, [raf_flight], found.group(1))


def _resolve(t: Tables, view: View, space: str) -> OptionOdds | None:
    """Resolving a space (Step 7): an intercept, every RAF flight there against the Luftwaffe's;
    a dogfight (or Big Wing), its first duel; a lone bombing run, the run."""
    combats = (view.get("markers") or {}).get("combats") or {}
    lw = _flight_at(view, LUFTWAFFE, space)
    raf = _flight_at(view, RAF, space)
    if len(lw) != 1:
        return None
    if not combats.get(space):
        return _lone_run(t, view, space, lw[0])
    if not raf:
        return None
    if combats.get(space) == "intercept":
        return _intercept_fight(t, view, sorted(raf), lw[0])
    if combats.get(space) in ("dogfight", "bigwing"):
        return _first_duel(t, view, sorted(raf), lw[0])
    return None


Load = tuple[int, int]  # (bombing dice, bomber cards) of some cards


@lru_cache(maxsize=256)
def _loads(pool: tuple[Load, ...], k: int) -> tuple[tuple[Load, Fraction], ...]:
    """The (bombing dice, bombers) of a uniformly random ``k``-subset of ``pool``."""
    ways: list[dict[Load, int]] = [{(0, 0): 1}] + [{} for _ in range(k)]
    for dice, bomber in pool:
        for j in range(k, 0, -1):
            for (d, b), n in ways[j - 1].items():
                key = (d + dice, b + bomber)
                ways[j][key] = ways[j].get(key, 0) + n
    total = comb(len(pool), k)
    return tuple((load, Fraction(n, total)) for load, n in sorted(ways[k].items()))


def _load_of(card: Any, kind: str) -> Load:
    """A card's bombing dice, a Stuka's extra die against airfields and radar counted (Luftwaffe
    Dive Bomber Squadron), and whether it is a bomber."""
    if card.role != "bomber":
        return (0, 0)
    return (card.bombs + (card.type == "ju87" and kind in ("airfield", "radar")), 1)


def _lone_run(t: Tables, view: View, space: str, flight: str) -> OptionOdds | None:
    """Step 7, a space with only a bombing run marker: Bombing Run Procedure and British Ack-Ack
    Fire, as ``_auto_bombing`` rolls it. The marker lies over the flight's target, one of the
    space's (which one its hidden mission says); its face-down cards are any unseen cards of
    its Luftflotte."""
    here = sorted(
        (x for x in t.targets.values() if x.space == space and x.kind in TARGET_HITS),
        key=lambda x: x.name,
    )
    entry = (view.get("flights") or {}).get(flight) or {}
    if not here or not entry.get("bombrun"):
        return None
    cards = list(entry.get("cards") or ())
    _, hidden, unit = _split(cards)
    if hidden and unit is None:
        return None
    runs = {x.name: _run(t, view, x, cards, hidden, unit) for x in here}
    found = {name: out for name, out in runs.items() if out is not None}
    if not found:
        return None
    assumes = "the Luftwaffe's cards as they are when the run is made"
    if hidden:
        assumes += f"; a face-down card any unseen Luftflotte {unit} card"

    def line(name: str) -> str:
        out = found[name]
        return (
            f"knock out {percent(out['target_knocked_out'])}, "
            f"Ack-Ack downs ≥1 bomber {percent(_ge1(out['bombers_lost']))}"
        )

    if len(found) == 1:
        name, out = next(iter(found.items()))
        summary = f"Knock out {t.targets[name].kind}: {line(name)[len('knock out ') :]}"
        return OptionOdds(summary, out, assumes=assumes, procedure="bombing_run")
    summary = "; ".join(
        f"if {name.replace('-', ' ').title()} ({t.targets[name].kind}): {line(name)}"
        for name in found
    )
    assumes += "; the target whichever of the space's its hidden mission names"
    return OptionOdds(
        summary[0].upper() + summary[1:], found, assumes=assumes, procedure="bombing_run"
    )


def _run(
    t: Tables,
    view: View,
    target: Any,
    cards: Sequence[Mapping[str, Any]],
    hidden: int,
    unit: int | None,
) -> dict[str, Any] | None:
    """The run on one target: hits, knocked out, bombers lost."""
    seen = [t.cards[t.card_index[str(c["id"])]] for c in cards if c.get("id")]
    base = (sum(_load_of(c, target.kind)[0] for c in seen), sum(c.role == "bomber" for c in seen))
    loads: tuple[tuple[Load, Fraction], ...] = ((base, Fraction(1)),)
    if hidden:
        ids = set(_seen_ids(view))
        pool = tuple(
            sorted(
                _load_of(c, target.kind)
                for c in t.cards
                if c.side == LUFTWAFFE and c.unit == unit and c.id not in ids
            )
        )
        if len(pool) < hidden:
            return None
        loads = tuple(((base[0] + d, base[1] + b), p) for (d, b), p in _loads(pool, hidden))
    before = int(((view.get("targets") or {}).get(target.name) or {}).get("hits") or 0)
    left = TARGET_HITS[target.kind] - before
    if left <= 0:
        return None
    hits: dict[int, Fraction] = {}
    lost: dict[int, Fraction] = {}
    for (dice, bombers), q in loads:
        if not bombers or not dice:
            hits[0] = hits.get(0, Fraction(0)) + q  # no bombers left: the run is over
            lost[0] = lost.get(0, Fraction(0)) + q
            continue
        for (roundels, down), p in odds.bombing_run_outcome(dice).items():
            h, n = min(roundels, left), min(down, bombers)
            hits[h] = hits.get(h, Fraction(0)) + p * q
            lost[n] = lost.get(n, Fraction(0)) + p * q
    return {
        "hits_on_target": {str(k): v for k, v in sorted(hits.items()) if v},
        "target_knocked_out": hits.get(left, Fraction(0)),
        "bombers_lost": {str(k): v for k, v in sorted(lost.items()) if v},
    }


def _marker(t: Tables, view: View, decision: Decision) -> OptionOdds | None:
    """Step 6, a dogfight marker placed: the first duel of the dogfight it starts."""
    found = re.search(r"RAF (\S+) is with Luft\. (\S+) at (\S+)", decision.prompt)
    if found is None:
        return None
    raf = sorted({found.group(1), *_flight_at(view, RAF, found.group(3))})
    return _first_duel(t, view, raf, found.group(2))


Card = tuple[int, int, bool]  # (dogfight dice, damage strength, with its flight's ace)


def _played(t: Tables, view: View, side: str, flights: Sequence[str]) -> dict[Card, Fraction]:
    """The card a side plays first from the hand of ``flights``' cards, any card equally likely
    (a face-down one any unseen card of its unit); the flight's ace goes with it (Ace Squadron
    Dogfight: "used along with the first squadron card that battles")."""
    entries = view.get("flights") or {}
    hands = [(f, _cards(view, f)) for f in flights]
    total = sum(len(cards) for _, cards in hands)
    out: dict[Card, Fraction] = {}
    for f, cards in hands:
        if not cards:
            continue
        known, hidden, unit = _split(cards)
        pool = unseen_pool(t, view, side, unit) if hidden and unit is not None else []
        ace = bool((entries.get(f) or {}).get("ace"))
        for hand, p in random_picks(known, hidden, pool, 1).items():
            key = (hand[0][0], hand[0][1], ace)
            out[key] = out.get(key, Fraction(0)) + p * Fraction(len(cards), total)
    return out


def _first_duel(
    t: Tables, view: View, raf_flights: Sequence[str], lw_flight: str
) -> OptionOdds | None:
    """Dogfight Procedure: the first pair of cards, each side's any of its hand."""
    raf = _played(t, view, RAF, raf_flights)
    lw = _played(t, view, LUFTWAFFE, [lw_flight])
    if not raf or not lw:
        return None
    raf_down = lw_down = Fraction(0)
    for (rd, rdmg, race), p in raf.items():
        for (ld, ldmg, lace), q in lw.items():
            duel = odds.dogfight(rd, rdmg, ld, ldmg, race, lace)
            raf_down += p * q * duel.raf_down
            lw_down += p * q * duel.luftwaffe_down
    raf_side = str(view.get("seat") or RAF).startswith("raf")  # seats raf, raf-10-12, ...
    win, lose = (lw_down, raf_down) if raf_side else (raf_down, lw_down)
    out = {"shoot_down": win, "shot_down": lose, "neither": 1 - win - lose}
    assumes = "each side plays any card of its hand first, equally likely"
    if any(not c.get("id") for f in (*raf_flights, lw_flight) for c in _cards(view, f)):
        assumes += ", a face-down card any unseen card of its unit"
    return OptionOdds(
        f"First duel: shoot down {percent(win)}, shot down {percent(lose)}",
        out,
        assumes=assumes,
        procedure="dogfight",
    )


def _intercept_fight(
    t: Tables, view: View, raf_flights: Sequence[str], lw_flight: str
) -> OptionOdds | None:
    raf_cards = [c for f in raf_flights for c in _cards(view, f)]
    raf_known, raf_hidden, _ = _split(raf_cards)
    if raf_hidden or not raf_known:
        return None  # the seat always sees its own cards
    lw_entry = (view.get("flights") or {}).get(lw_flight) or {}
    cards = list(lw_entry.get("cards") or ())
    known, hidden, unit = _split(cards)
    if not known and not hidden:
        return None
    pool = unseen_pool(t, view, LUFTWAFFE, unit) if hidden and unit is not None else []
    picks = random_picks(known, hidden, pool, INTERCEPT_PICKS)
    if not picks:
        return None
    out = intercept_odds(raf_known, picks)
    n = min(INTERCEPT_PICKS, len(cards))
    summary = (
        f"Shoot down ≥1: {percent(_ge1(out['luftwaffe_cards_lost']))}, "
        f"lose ≥1: {percent(_ge1(out['raf_cards_lost']))}; expected hits "
        f"{_mean(out['hits_on_luftwaffe']):.1f} given, {_mean(out['hits_on_raf']):.1f} taken"
    )
    assumes = (
        f"{n} of Luft. {lw_flight}'s {len(cards)} cards at random, the face-down ones any "
        f"unseen Luftflotte {unit} card"
        if hidden
        else ""
    )
    return OptionOdds(summary, out, assumes=assumes, procedure="intercept")


def _pick(t: Tables, view: View, decision: Decision, card_id: str) -> OptionOdds | None:
    fight = view.get("air_combat") or {}
    if fight.get("kind") != "dogfight":
        return None
    index = t.card_index.get(card_id)
    if index is None:
        return None
    mine = t.cards[index]
    side = mine.side
    other = LUFTWAFFE if side == RAF else RAF
    them = "luftwaffe" if other == LUFTWAFFE else "raf"
    my_ace = bool(fight.get(f"{'raf' if side == RAF else 'luftwaffe'}_ace"))
    their_ace = bool(fight.get(f"{them}_ace"))
    theirs: dict[Values, Fraction]
    assumes = ""
    up = fight.get(f"{them}_card")
    if isinstance(up, str) and up in t.card_index and up != "chosen":
        c = t.cards[t.card_index[up]]
        theirs = {(c.dice, c.damage): Fraction(1)}
    else:
        their_ace = False
        cards = [
            c for f in _flight_at(view, other, str(fight.get("space"))) for c in _cards(view, f)
        ]
        known, hidden, unit = _split(cards)
        pool = unseen_pool(t, view, other, unit) if hidden and unit is not None else []
        picks = random_picks(known, hidden, pool, 1)
        if not picks:
            return None
        theirs = {hand[0]: p for hand, p in picks.items()}
        assumes = "the other side plays any card of its hand, equally likely"
        if hidden:
            assumes += ", a face-down card any unseen card of its unit"
    win = lose = Fraction(0)
    for (dice, damage), q in theirs.items():
        if side == RAF:
            duel = odds.dogfight(mine.dice, mine.damage, dice, damage, my_ace, their_ace)
            win += q * duel.luftwaffe_down
            lose += q * duel.raf_down
        else:
            duel = odds.dogfight(dice, damage, mine.dice, mine.damage, their_ace, my_ace)
            win += q * duel.raf_down
            lose += q * duel.luftwaffe_down
    out = {"shoot_down": win, "shot_down": lose, "neither": 1 - win - lose}
    summary = f"Shoot down: {percent(win)}, shot down: {percent(lose)}"
    return OptionOdds(summary, out, assumes=assumes, procedure="dogfight")


def _bombrun(t: Tables, view: View, decision: Decision) -> OptionOdds | None:
    found = re.search(r"Luft\. (\S+) is over its target", decision.prompt)
    if found is None:
        return None
    flight = found.group(1)
    entry = (view.get("flights") or {}).get(flight) or {}
    target = t.targets.get(str(entry.get("target")))
    if target is None or target.kind not in TARGET_HITS:
        return None
    bombers = [str(c["id"]) for c in entry.get("cards") or () if c.get("id") and c.get("bombs")]
    before = int(((view.get("targets") or {}).get(target.name) or {}).get("hits") or 0)
    if not bombers or before >= TARGET_HITS[target.kind]:
        return None
    params = {
        "bombers": ",".join(bombers),
        "dice": 0,
        "target": target.kind,
        "target_hits": before,
        "data": "",
    }
    out = PROCEDURES["bombing_run"].compute(**params)
    summary = (
        f"Knock out {target.kind}: {percent(out['target_knocked_out'])}; "
        f"Ack-Ack downs ≥1 bomber: {percent(_ge1(out['bombers_lost']))}"
    )
    return OptionOdds(
        summary,
        out,
        assumes="if no bomber is lost before the run",
        procedure="bombing_run",
        params=params,
    )


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    t = load_tables(data_folder(view))  # the player's own cards, where the game has them
    out: dict[str, OptionOdds] = {}
    for option in decision.options:
        found: OptionOdds | None = None
        if option.kind == "intercept":
            found = _intercept(t, view, decision, str(option.get("flight")))
        elif option.kind == "pick" and "Dogfight" in decision.prompt:
            found = _pick(t, view, decision, str(option.get("card")))
        elif option.kind == "resolve":
            found = _resolve(t, view, str(option.get("space")))
        elif option.kind == "bombrun":
            found = _bombrun(t, view, decision)
        elif option.kind == "dogfight":
            found = _marker(t, view, decision)
        if found is not None:
            out[option.text] = found
    return out

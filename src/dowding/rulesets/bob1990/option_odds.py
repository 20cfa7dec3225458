"""The odds beside bob1990's choices: a British flight matched to a German stack (B.II.4-5) and
a German flight's bombing run (B.III.2).

Made from the deciding seat's view alone. The British player knows the cards he drew; a German
stack is face down to him unless its cards have been seen, so its dice are averaged over what he
knows: a face-down card is any card of its Luftflotte that his view does not show face up (every
such card equally likely; bombers only once the flight's fighters have left), and ``assumes``
says so. Re-dealing what the seat cannot see (``determinize``) therefore never changes them. The
German player knows his bombers and the hits already on his mission card. The figures come from
``odds.py``: ``dogfight`` and ``bombing``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import comb
from typing import Any

from dowding.engine import Decision
from dowding.engine.option_odds import OptionOdds, percent

from . import odds
from .components import Components, components_for
from .flights import command, count

View = Mapping[str, Any]


def _ge1(d: Mapping[str, Fraction]) -> Fraction:
    return sum((p for k, p in d.items() if int(k) >= 1), Fraction(0))


@cache
def _subset_sums(values: tuple[int, ...], k: int) -> tuple[tuple[int, Fraction], ...]:
    """The sum of a uniformly random ``k``-subset of the multiset ``values`` (sorted)."""
    counts = Counter(values)
    kinds = sorted(counts)
    total = comb(len(values), k)
    out: dict[int, Fraction] = {}
    for picked in combinations_with_replacement(kinds, k):
        ways = 1
        for kind, m in Counter(picked).items():
            ways *= comb(counts[kind], m)
        if ways:
            s = sum(picked)
            out[s] = out.get(s, Fraction(0)) + Fraction(ways, total)
    return tuple(sorted(out.items()))


def shown(view: View) -> set[str]:
    """Every card the view shows face up, wherever it lies."""
    return {cid for ids in (view.get("cards") or {}).values() for cid in ids}


def unseen_dice(c: Components, view: View, lf: int, bombers_only: bool) -> tuple[int, ...]:
    """The dogfight dice of every card of Luftflotte ``lf`` the view does not show face up."""
    seen = shown(view)
    return tuple(
        sorted(
            c.cards[cid].dogfight
            for cid in c.decks[lf]
            if cid not in seen and (not bombers_only or c.cards[cid].role != "fighter")
        )
    )


def _match(c: Components, view: View, flight: str, stack: int) -> OptionOdds | None:
    """B.II.4-5: ``flight``'s drawn cards against stack ``stack``, flipped together."""
    fight = view.get("fight") or {}
    german = str(fight.get("flight") or "")
    if not german or fight.get("flipped"):
        return None
    cards = view.get("cards") or {}
    hand = list(cards.get("hand:" + flight) or ())
    if not hand:
        return None
    raf_dice = sum(c.cards[cid].dogfight for cid in hand)
    known = list(cards.get(f"stack:{stack}") or ())
    hidden = count((view.get("face_down") or {}).get(f"stack:{stack}"))
    if not known and not hidden:
        return None
    base = sum(c.cards[cid].dogfight for cid in known)
    sums: tuple[tuple[int, Fraction], ...] = ((0, Fraction(1)),)
    assumes = ""
    if hidden:
        # B17: once the fighters have left, only bombers can lie in the stack (as determinize)
        bombers_only = bool(((view.get("flights") or {}).get(german) or {}).get("nofighters"))
        pool = unseen_dice(c, view, command(german), bombers_only)
        if len(pool) < hidden:
            return None
        sums = _subset_sums(pool, hidden)
        only = " bomber" if bombers_only else ""
        assumes = f"a face-down card any unseen Luftflotte {command(german)}{only} card"
    n_stack = len(known) + hidden
    raf_lost: dict[str, Fraction] = {}
    lw_lost: dict[str, Fraction] = {}
    for extra, q in sums:
        one = odds.dogfight(raf_dice, base + extra, len(hand), n_stack)
        for out, part in (
            (raf_lost, one["raf_cards_lost"]),
            (lw_lost, one["luftwaffe_cards_lost"]),
        ):
            assert isinstance(part, dict)
            for k, p in part.items():
                out[k] = out.get(k, Fraction(0)) + p * q
    outcomes = {
        "raf_cards_lost": dict(sorted(raf_lost.items(), key=lambda kv: int(kv[0]))),
        "luftwaffe_cards_lost": dict(sorted(lw_lost.items(), key=lambda kv: int(kv[0]))),
    }
    summary = (
        f"Shoot down ≥1: {percent(_ge1(outcomes['luftwaffe_cards_lost']))}, "
        f"lose ≥1: {percent(_ge1(outcomes['raf_cards_lost']))}"
    )
    params = {"raf_dice": raf_dice, "raf_cards": len(hand), "luftwaffe_cards": n_stack}
    if not hidden:
        params["luftwaffe_dice"] = base
    return OptionOdds(summary, outcomes, assumes=assumes, procedure="dogfight", params=params)


def _bomb(c: Components, view: View, flight: str) -> OptionOdds | None:
    """B.III.2: the flight's bombers roll their bombing strength; hits add up on the card."""
    mission = ((view.get("missions") or {}).get("assigned") or {}).get(str(command(flight)))
    if mission not in c.missions:
        return None
    cards = list((view.get("cards") or {}).get("fb:" + flight) or ())
    bombers = [cid for cid in cards if c.cards[cid].bombing > 0]
    dice = sum(c.cards[cid].bombing for cid in bombers)
    hits = int(((view.get("missions") or {}).get("hits") or {}).get(mission, 0))
    need = c.missions[mission].bombs - hits
    if not dice or need <= 0:
        return None
    out = odds.bombing(dice, need, len(bombers))
    lost = out["bombers_lost"]
    outcomes = {"hits": out["hits"], "bombers_lost": lost, "destroyed": out["destroyed"]}
    summary = (
        f"Destroy the target: {percent(out['destroyed'])} ({need} more hit(s) needed); "
        f"AA downs ≥1 bomber: {percent(_ge1(lost))}"
    )
    return OptionOdds(
        summary,
        outcomes,
        procedure="bombing",
        params={"dice": dice, "bombs": need, "bombers": len(bombers)},
    )


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    c = components_for(view)
    out: dict[str, OptionOdds] = {}
    for option in decision.options:
        found: OptionOdds | None = None
        if option.kind == "match" and count(option.get("stack")):
            found = _match(c, view, str(option.get("flight")), count(option.get("stack")))
        elif option.kind == "bomb":
            found = _bomb(c, view, str(option.get("flight")))
        if found is not None:
            out[option.text] = found
    return out

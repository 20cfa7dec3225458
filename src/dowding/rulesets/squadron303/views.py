"""What a seat sees, and re-dealing what it cannot ("Hidden information": the deck orders, and
with the ``open_hands`` option off, the other players' hands)."""

from __future__ import annotations

import random
from typing import Any

from dowding.engine.game import JSON

from .aces import redeal
from .pieces import German
from .state import S303State


def _hidden_hands(st: S303State, seat: str | None) -> bool:
    return not st.options["open_hands"]


def view(st: S303State, seat: str | None, infostate: bool = True) -> JSON:
    private = _hidden_hands(st, seat)
    planes = []
    for p in st.planes:
        mine = seat is not None and p.seat == seat
        planes.append(
            {
                "id": p.id,
                "seat": p.seat,
                "pilot": p.pilot,
                "area": p.area,
                "ammo": p.ammo,
                "hand": list(p.hand) if (mine or not private) else None,
                "cards": len(p.hand),
                "damage": list(p.damage),
                "tokens": p.tokens,
                "medals": p.medals,
                "medal_used": p.medal_used,
                "borrowed": p.borrowed,
                "kills": list(p.kills),
                "status": p.status,
                "fought": p.fought,
                "moves_left": p.moves_left,
                "role": p.role,
                "ability": p.ability,
                "yellow": p.yellow,
            }
        )
    squadrons = {s.id: s for s in st.squadrons}
    hidden = st.hidden_ids()
    germans = [
        {
            "id": g.id,
            "type": g.type,
            "squadron": g.squadron,
            "mode": squadrons[g.squadron].mode,
            "area": g.area,
            "damage": g.damage,
            "tokens": g.tokens,
            "fought": g.fought,
            "target": squadrons[g.squadron].target,
        }
        for g in st.germans
        if g.squadron not in hidden
    ]
    out: JSON = {
        "ruleset": "squadron303",
        "scenario": st.scenario_id,
        "turn": st.turn_no,
        "turns": st.scenario.turns,
        "players": st.players,
        "phase": st.phase(),
        "planes": planes,
        "germans": germans,
        "routes": {s.id: list(s.path) for s in st.squadrons},
        # a Hidden squadron is a token on its Area; its Deployment card lies face down
        "hidden": {sid: st.token_area(sid) for sid in sorted(hidden)},
        # German Aces: a token face down on its squadron until an RAF plane meets it
        "aces": {
            s.id: {"ace": s.ace if s.ace_plane else "face down", "plane": s.ace_plane}
            for s in st.squadrons
            if s.ace
        },
        "target_damage": dict(st.target_damage),
        "deck": len(st.deck),
        "discards": list(st.discards),
        "reserve": len(st.pilots),
        "revealed": [list(r) for r in st.revealed],
        "face_down": [bool(e) for e in st.face_down],
        "kills": st.kills,
        "pilots_down": st.pilots_down,
        "campaign": None
        if not st.camp.id
        else {
            "id": st.camp.id,
            "scenarios": list(st.camp.legs),
            "scenario": st.camp.leg,
            "wins": list(st.camp.wins),
            "target_damage_tiles": list(st.camp.tiles),
            "injured": list(st.camp.injured),
            "records": [list(r) for r in st.camp.records],
        },
        "fight": None if st.fight is None else list(st.fight),
        "result": None
        if st.result is None
        else {"winner": st.result.winner, "reason": st.result.reason},
    }
    if infostate:
        out["infostate"] = canonical(st, seat).to_dict()
    return st.with_own_data(out)  # the player's own components, which bots and words read


def _pool(st: S303State, seat: str | None) -> tuple[list[str], list[tuple[int, int]]]:
    """The cards ``seat`` cannot place: the deck and the others' hands (private hands only),
    with each hidden hand's (plane index, size)."""
    pool = list(st.deck)
    holes = []
    if _hidden_hands(st, seat):
        for i, p in enumerate(st.planes):
            if p.seat != seat:
                pool += p.hand
                holes.append((i, len(p.hand)))
    return sorted(pool), holes


def _events(st: S303State, pick: Any) -> S303State:
    """The face-down Events re-chosen from what each line could hold."""
    other = st.copy()
    decks, down = [], []
    for deck, card in zip(st.event_decks, st.face_down, strict=True):
        if not card:
            decks.append(deck)
            down.append(card)
            continue
        pool = sorted((*deck, card))
        chosen = pick(pool)
        pool.remove(chosen)
        decks.append(tuple(pool))
        down.append(chosen)
    other.event_decks, other.face_down = tuple(decks), tuple(down)
    return other


def _squadrons(st: S303State, pick: Any) -> S303State:
    """The Hidden squadrons' face-down Deployment cards dealt again among them (the cards the
    Scenario lists are known; which token holds which is not), with their planes."""
    hidden = [s for s in st.squadrons if s.hidden]
    if len(hidden) < 2:
        return st
    other = st.copy()
    cards = pick(sorted(s.card for s in hidden))
    new_cards = dict(zip((s.id for s in hidden), cards, strict=True))
    planes = [g for g in other.germans if g.squadron not in new_cards]
    for sq in hidden:
        area = st.token_area(sq.id)
        leg = next((g.leg for g in st.germans if g.squadron == sq.id), 0)
        if area:
            card = st.comp.deployment_card(new_cards[sq.id])
            n = 0
            for kind, count in card.aircraft.items():
                for _ in range(count):
                    n += 1
                    planes.append(German(f"{sq.id}-{n}", kind, sq.id, area, leg))
    order = {s.id: i for i, s in enumerate(st.squadrons)}
    other.germans = tuple(sorted(planes, key=lambda g: (order[g.squadron], g.id)))
    other.squadrons = tuple(
        s._replace(card=new_cards[s.id], mode=st.comp.deployment_card(new_cards[s.id]).mode)
        if s.id in new_cards
        else s
        for s in st.squadrons
    )
    other._node = None
    return other


def _deal(st: S303State, seat: str | None, cards: list[str]) -> S303State:
    other = st.copy()
    _, holes = _pool(st, seat)
    planes = list(other.planes)
    for i, size in holes:
        planes[i] = planes[i]._replace(hand=tuple(sorted(cards[:size])))
        cards = cards[size:]
    other.planes = tuple(planes)
    other.deck = tuple(sorted(cards))
    other._node = None
    return other


def canonical(st: S303State, seat: str | None) -> S303State:
    """The state with ``seat``'s unknowns in one fixed arrangement (the sorted pool dealt in
    plane order), which reveals nothing."""
    pool, _ = _pool(st, seat)
    dealt = _events(_deal(st, seat, pool), lambda options: options[0])
    return redeal(_squadrons(dealt, lambda cards: cards), lambda deals: deals[0])


def determinize(st: S303State, seat: str, rng: Any) -> S303State:
    pool, _ = _pool(st, seat)
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    rng.shuffle(pool)
    dealt = _events(_deal(st, seat, pool), rng.choice)
    return redeal(_squadrons(dealt, lambda cards: rng.sample(cards, len(cards))), rng.choice)

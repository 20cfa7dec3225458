"""What each seat sees, the infostate, and determinisation.

Hidden from the RAF, as at the table: a formation's contents until it crosses the English coast or
is fought (its number of counters and its speed show), its target until it bombs, a patrol's hex,
the Luftwaffe's pool of unflown units and the formations being made up or preplanned. The
Luftwaffe sees everything: the RAF's counters and roster are on the board.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from dowding.engine.game import JSON

from .components import LUFTWAFFE, RAF
from .decisions import _matching, _targets
from .state import PATROL, POOL, RAID, FightState, Form, Lw


def hidden_forms(s: FightState) -> list[Form]:
    return [f for f in s.forms if not f.seen]


def _hidden_units(s: FightState) -> set[int]:
    hidden = {uid for f in hidden_forms(s) for uid in f.units}
    hidden |= {u.id for u in s.lw if u.status == POOL}
    return hidden


def _target_hidden(f: Form) -> bool:
    return f.kind == RAID and not f.revealed and not f.bombed


def _signature(s: FightState, f: Form) -> tuple[Any, ...]:
    types = tuple(sorted((s.unit(u).type, s.unit(u).group, s.unit(u).land_by) for u in f.units))
    return (
        f.hex == "",
        len(f.units),
        s.allowance_of(f.units) if f.units else 0,
        f.kind,
        f.bombed,
        f.launch,
        types,
    )


def _valid_targets(s: FightState, f: Form, others: list[Form]) -> list[str]:
    board = s.board
    found = []
    for t in _targets(s):
        if f.hex:
            if board.reaches(f.hex, board.target_hex[t]):
                found.append(t)
        elif s.basic:
            rest = [g for g in others if not g.hex and g.target]
            if _matching(s, [*rest, f._replace(target=t)], s.free_assembly()):
                found.append(t)
        else:
            found.append(t)
    return found


def rearrange(s: FightState, rng: random.Random | None) -> FightState:
    """A copy with what the RAF cannot see re-dealt by ``rng``, or put in canonical order
    (``rng`` None) for the infostate."""
    other = s.copy()
    forms = list(other.forms)
    # 1. contents swap between face-down formations that look and fly alike
    groups: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for i, f in enumerate(forms):
        if not f.seen and f.units:
            groups[(f.hex == "", len(f.units), f.kind, f.bombed, f.launch, f.hex == "")].append(i)
    for members in groups.values():
        by_sig: dict[tuple[Any, ...], list[int]] = defaultdict(list)
        for i in members:
            by_sig[_signature(s, forms[i])].append(i)
        for idx in by_sig.values():
            payloads = [(forms[i].units, forms[i].top, forms[i].target) for i in idx]
            if rng is None:
                payloads.sort(key=lambda p: (tuple(sorted(p[0])), p[2]))
                idx = sorted(idx, key=lambda i: (forms[i].hex, forms[i].id))
            else:
                rng.shuffle(payloads)
            for i, (units, top, target) in zip(idx, payloads, strict=True):
                forms[i] = forms[i]._replace(units=units, top=top, target=target)
    other.forms = tuple(forms)
    # 2. unit identities re-dealt among hidden units of one type, group and strength
    hidden = _hidden_units(other)
    classes: dict[tuple[str, int, int], list[int]] = defaultdict(list)
    for uid in sorted(hidden):
        u = other.unit(uid)
        classes[(u.type, u.group, u.flights)].append(uid)
    mapping: dict[int, int] = {}
    slot_of = _slots(other)
    for ids in classes.values():
        if rng is None:
            slots = sorted(ids, key=lambda uid: slot_of[uid])
            mapping.update(zip(slots, sorted(ids), strict=True))
        else:
            shuffled = list(ids)
            rng.shuffle(shuffled)
            mapping.update(zip(ids, shuffled, strict=True))
    if mapping:
        lw: list[Lw] = [u._replace(id=mapping.get(u.id, u.id)) for u in other.lw]
        lw.sort(key=lambda u: u.id)
        other.lw = tuple(lw)
        other.forms = tuple(
            f._replace(
                units=tuple(mapping.get(u, u) for u in f.units), top=mapping.get(f.top, f.top)
            )
            for f in other.forms
        )
        other._index()
        if rng is None:
            other.forms = tuple(
                f
                if f.seen
                else f._replace(units=tuple(sorted(f.units)), top=min(f.units))
                if f.units
                else f
                for f in other.forms
            )
    # 3. hidden targets re-dealt among those the formation could still be flying to
    forms = list(other.forms)
    secret = [i for i, f in enumerate(forms) if _target_hidden(f) and f.target]
    for i in secret:
        forms[i] = forms[i]._replace(target="")
    other.forms = tuple(forms)
    for i in secret:
        f = forms[i]
        choices = _valid_targets(other, f, [g for j, g in enumerate(forms) if j != i])
        if choices:
            pick = choices[0] if rng is None else rng.choice(choices)
            forms[i] = f._replace(target=pick)
            other.forms = tuple(forms)
    for i, f in enumerate(forms):
        if f.kind == PATROL and not f.seen and f.patrol:
            forms[i] = f._replace(patrol=f.hex or forms[i].patrol if rng is None else f.patrol)
    other.forms = tuple(forms)
    other._node = None
    return other


def _slots(s: FightState) -> dict[int, tuple[Any, ...]]:
    """A key for each unit's place that does not depend on which unit fills it."""
    where: dict[int, tuple[Any, ...]] = {}
    for f in s.forms:
        for pos, uid in enumerate(sorted(f.units, key=lambda u: (s.unit(u).type, u))):
            where[uid] = (1, f.hex, f.id, pos)
    found = {}
    for u in s.lw:
        found[u.id] = (u.status, u.missions, u.ready, u.land_by, *where.get(u.id, (0,)))
    return found


def determinize(s: FightState, seat: str, rng: Any) -> FightState:
    if seat != RAF:
        return s.copy()
    return rearrange(s, rng)


def infostate(s: FightState, seat: str | None) -> JSON:
    if seat == LUFTWAFFE:
        return s.to_dict()
    return rearrange(s, None).to_dict()


def _unit_view(s: FightState, uid: int) -> JSON:
    u = s.unit(uid)
    return {"id": u.id, "type": u.type, "group": u.group, "flights": u.flights}


def _engaged_hex(s: FightState, fid: int) -> str | None:
    f = s.form(fid) if fid else None
    return f.hex if f is not None and f.hex else None


def view(s: FightState, seat: str | None) -> JSON:
    board = s.board
    lw_seat = seat == LUFTWAFFE
    forms = []
    for f in sorted(s.forms, key=lambda g: (g.hex == "", board.coords.get(g.hex, (0, 0)), g.id)):
        if not f.hex and not lw_seat:
            continue
        entry: JSON = {
            "hex": f.hex or None,
            "counters": len(f.units),
            "speed": s.allowance_of(f.units) if f.units else 0,
            "face_up": f.face_up,
            "bombed": f.bombed,
            "home": s.home_bound(f),
            "moved": f.moved,
        }
        if f.face_up or lw_seat:
            entry["top"] = f.top
        if f.seen or lw_seat:
            entry["kind"] = f.kind
            entry["units"] = [_unit_view(s, u) for u in f.units]
        if lw_seat:
            entry["id"] = f.id
            entry["target"] = f.target or None
            entry["patrol"] = f.patrol or None
            entry["launch"] = f.launch or None
        elif f.revealed or f.bombed:
            entry["target"] = f.target or None
        forms.append(entry)
    raf = [
        {
            "sqn": r.sqn,
            "type": r.type,
            "base": r.base,
            "sector": r.sector,
            "flights": r.flights,
            "status": r.status,
            "at": r.at or None,
            "hex": r.hex or None,
            "land_by": r.land_by or None,
            "ready": r.ready,
            "moved": r.moved,
            "engaged": _engaged_hex(s, r.engaged),
        }
        for r in s.raf
        if r.status != "out"
    ]
    visible = set() if lw_seat else _hidden_units(s)
    units = [
        {
            **_unit_view(s, u.id),
            "status": u.status,
            "missions": u.missions,
            "ready": u.ready,
            "land_by": u.land_by or None,
        }
        for u in s.lw
        if u.status != "out" and u.id not in visible
    ]
    pool = sum(1 for u in s.lw if u.status == POOL)
    scores = s.scores()
    per = s.rules.aircraft_per_flight_lost
    return {
        "ruleset": "fight-for-the-sky",
        "scenario": s.scenario,
        "seat": seat,
        "day": s.day + 1,
        "date": s.comp.days[min(s.day, len(s.comp.days) - 1)],
        "turn": s.turn_no,
        "weather": s.weather,
        "availability": None if s.avail < 0 else s.avail,
        "raf": raf,
        "formations": forms,
        "luftwaffe": units,
        "pool": pool,
        "loss_track": {
            RAF: (s.marks[0] - 1) % per + 1 if s.marks[0] else 0,
            LUFTWAFFE: (s.marks[1] - 1) % per + 1 if s.marks[1] else 0,
        },
        "flights_lost": {"raf": s.lost[0], "lw_fighters": s.lost[1], "lw_bombers": s.lost[2]},
        "damage": {t: h for t, h in zip(s.target_ids, s.damage, strict=True) if h},
        "scores": scores,
        "fight": s.fight[0] if s.fight and s.fight[0] else None,
        "over": None if s.result is None else s.result.reason,
        "infostate": infostate(s, seat),
    }

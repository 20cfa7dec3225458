"""The odds beside Fight for the Sky's choices: a squadron flown onto a formation's hex and
announcing a dogfight, a patrol's strike, a raid flown onto its target (its AA, then the
bombing) and a formation flown home over urban guns.

From the deciding seat's view alone, with the ``attack`` procedure of ``odds.py`` (the attack
table over the six faces of the die). A squadron flown onto a formation's hex is committed to
its dogfight (every formation with RAF units on its hex is fought), so the move shows, as
announcing the dogfight (How to Attack) does, the RAF's first attack: on the escorts at strength
flights + 2 (Step 1), or, with no escort, on the bombers at flights + 4 (Step 6). A face-down formation's make-up is hidden from the RAF, so its odds assume
it is escorted and say so; a hunter pack's strike shows the patrol's attack on the RAF at its
flights, and the RAF's on the patrol. Weather contact and Tactical Advantages (dice still to be
rolled) are left out, and said to be.

A raid's move onto its target hex shows How to Bomb: the AA table (Steps 1-3) and the bombing
table (Steps 4-7) over the 36 pairs of dice, hits beyond the target's boxes ignored; the flights
its AA shoots down are assumed to come off the escorts while any fly with it (the Luftwaffe
allots them). A formation's move home shows the urban guns it passes over (Notes on Movement),
on the path the move takes (``movement.formation_paths``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from dowding.engine import Decision, data_folder
from dowding.engine.option_odds import OptionOdds, percent

from .board import load_board
from .bombing import aa_value_at
from .components import load_components
from .movement import formation_paths
from .odds import attack
from .tables import aa_result, bombing_result

View = Mapping[str, Any]
AIR = "air"
PATROL = "patrol"
FACES = range(1, 7)
SIXTH = Fraction(1, 6)


def _weakest(types: Sequence[str], data: str) -> str:
    """Notes on Attack: a mixed force reads the inferior type's column."""
    kinds = load_components(data).aircraft
    return min(types, key=lambda t: kinds[t].rank)


def attack_odds(aircraft: str, strength: int, data: str = "") -> dict[str, Any]:
    """The ``attack`` procedure: aircraft shot down, and their mean."""
    return dict(attack(aircraft, strength, 0, data))


def _line(who: str, odds: Mapping[str, Any]) -> str:
    down = {int(k): p for k, p in odds["shot_down"].items()}
    some = sum((p for k, p in down.items() if k >= 1), Fraction(0))
    return f"{who} ≥1: {percent(some)}, expected {float(odds['mean']):.1f}"


def _raf_at(view: View, h: str) -> list[Mapping[str, Any]]:
    return [r for r in view.get("raf", ()) if r.get("status") == AIR and r.get("hex") == h]


def _announce(view: View, h: str, joining: Mapping[str, Any] | None = None) -> OptionOdds | None:
    """The RAF's first attack on the formation on ``h``, by the squadrons there (and
    ``joining``, one flying in)."""
    data = data_folder(view)
    rules = load_components(data).rules
    kinds = load_components(data).aircraft
    rafs = _raf_at(view, h)
    if joining is not None:
        rafs = [r for r in rafs if r.get("sqn") != joining.get("sqn")] + [joining]
    if not rafs:
        return None
    flights = sum(int(r["flights"]) for r in rafs)
    column = _weakest([str(r["type"]) for r in rafs], data)
    forms = [f for f in view.get("formations", ()) if f.get("hex") == h]
    if joining is not None and not forms:
        return None
    assumes: list[str] = []
    units = next((f.get("units") for f in forms if f.get("units") is not None), None)
    if units is None:
        on, strength = "the escorts", flights + rules.escort_bonus
        assumes.append("the face-down formation is escorted")
    else:
        roles = [kinds[str(u["type"])].role for u in units]
        kind = next((f.get("kind") for f in forms if f.get("units") is not None), None)
        if "fighter" in roles or kind == "patrol":
            on, strength = "the escorts", flights + rules.escort_bonus
        else:
            on, strength = "the bombers", flights + rules.bomber_bonus
    if view.get("weather") not in (None, "clear"):
        assumes.append("every squadron makes contact")
    odds = attack_odds(column, strength, data)
    return OptionOdds(
        _line("Shoot down", odds) + f" (first attack, on {on}, strength {strength})",
        odds,
        assumes="; ".join(assumes),
        procedure="attack",
        params={"aircraft": column, "strength": strength},
    )


def _strike(view: View, h: str, start: str) -> OptionOdds | None:
    data = data_folder(view)
    rules = load_components(data).rules
    patrol = next(
        (f for f in view.get("formations", ()) if f.get("hex") == start and f.get("units")),
        None,
    )
    rafs = [r for r in view.get("raf", ()) if r.get("status") == AIR and r.get("hex") == h]
    if patrol is None or not rafs:
        return None
    units = patrol["units"]
    strength = sum(int(u["flights"]) for u in units)
    column = _weakest([str(u["type"]) for u in units], data)
    theirs = sum(int(r["flights"]) for r in rafs) + rules.escort_bonus
    raf_column = _weakest([str(r["type"]) for r in rafs], data)
    mine = attack_odds(column, strength, data)
    back = attack_odds(raf_column, theirs, data)
    return OptionOdds(
        f"{_line('Shoot down', mine)}; {_line('RAF shoots down', back)}",
        {"patrol_shoots_down": mine, "raf_shoots_down": back},
        assumes="no Tactical Advantage roll counted",
        procedure="attack",
        params={"aircraft": column, "strength": strength},
    )


def _flights(units: Sequence[Mapping[str, Any]], data: str, role: str | None = None) -> int:
    kinds = load_components(data).aircraft
    return sum(
        int(u["flights"]) for u in units if role is None or kinds[str(u["type"])].role == role
    )


def _mover(view: View, start: str, kind: str) -> Mapping[str, Any] | None:
    """The formation a ``fly`` option moves: the unmoved one of its kind on ``start``; only the
    Luftwaffe, who moves it, sees its units."""
    return next(
        (
            f
            for f in view.get("formations", ())
            if f.get("hex") == start
            and f.get("kind") == kind
            and not f.get("moved")
            and f.get("units") is not None
        ),
        None,
    )


def _losses(view: View) -> int:
    """The Luftwaffe's loss marker within its box: how many aircraft more lose the next flight
    (Step 4: a flight lost at every ``aircraft_per_flight_lost``-th box)."""
    return int((view.get("loss_track") or {}).get("luftwaffe") or 0)


def _flights_lost(view: View, aircraft: int) -> int:
    per = load_components(data_folder(view)).rules.aircraft_per_flight_lost
    before = _losses(view) % per
    return (before + aircraft) // per


def _ge1(d: Mapping[int, Fraction]) -> Fraction:
    return sum((p for k, p in d.items() if k >= 1), Fraction(0))


def _named(d: Mapping[int, Fraction]) -> dict[str, Fraction]:
    return {str(k): p for k, p in sorted(d.items()) if p}


def _bomb_run(view: View, f: Mapping[str, Any], end: str) -> OptionOdds | None:
    """How to Bomb, Steps (1)-(7): the target's AA, then the bombing at the flights left."""
    data = data_folder(view)
    comp = load_components(data)
    board = load_board(data)
    target = str(f.get("target") or "")
    if f.get("kind") != "raid" or f.get("bombed") or board.target_hex.get(target) != end:
        return None
    units = list(f["units"])
    bombers = _flights(units, data, "bomber")
    escorts = _flights(units, data) - bombers
    if not bombers:
        return None
    basic = view.get("scenario") == "basic"
    types = [str(u["type"]) for u in units if comp.aircraft[str(u["type"])].role == "bomber"]
    ju87 = not basic and all(t == "ju87" for t in types)  # the Intermediate Game's Ju 87s
    spot = board.targets[target]
    done = int((view.get("damage") or {}).get(target, 0))
    room = max(0, spot.boxes - done)  # overkill is ignored
    aa = aa_value_at(board, comp.rules, end, not basic and room == 0, ju87)
    bonus = comp.rules.ju87_bomb_bonus if ju87 else 0
    hits: dict[int, Fraction] = {}
    aborted: dict[int, Fraction] = {}
    downed: dict[int, Fraction] = {}
    destroyed = Fraction(0)
    for a in FACES:
        hit, abort = aa_result(comp, bombers, aa, a)
        lost = max(0, _flights_lost(view, hit) - escorts)  # escorts allotted first
        strength = max(0, bombers - lost - min(abort, bombers))
        aborted[abort] = aborted.get(abort, Fraction(0)) + SIXTH
        downed[hit] = downed.get(hit, Fraction(0)) + SIXTH
        for b in FACES:
            scored = max(0, min(bombing_result(comp, strength, b + bonus), room))
            p = SIXTH * SIXTH
            hits[scored] = hits.get(scored, Fraction(0)) + p
            if room and scored >= room:
                destroyed += p
    assumes = ["the flights the AA downs come off the escorts while any fly with it"]
    if view.get("weather") not in (None, "clear"):
        assumes.append("the formation finds its target")
    summary = (
        f"Bomb {spot.place}: ≥1 hit {percent(_ge1(hits))}, destroyed {percent(destroyed)}"
        f" ({room} box(es) left)"
        if room
        else f"Bomb {spot.place} (destroyed already)"
    ) + f"; AA {aa}: aborts ≥1 flight {percent(_ge1(aborted))}"
    return OptionOdds(
        summary,
        {
            "hits": _named(hits),
            "target_destroyed": destroyed,
            "aa_aircraft_hit": _named(downed),
            "aa_flights_aborted": _named(aborted),
        },
        assumes="; ".join(assumes),
        procedure="bombing",
        params={"strength": bombers, "ju87": ju87, "aa": aa, "flights": bombers},
    )


def _guns_home(view: View, f: Mapping[str, Any], end: str) -> OptionOdds | None:
    """Notes on Movement: each urban hex on the way home fires at the formation once."""
    if not f.get("home"):
        return None
    data = data_folder(view)
    board = load_board(data)
    comp = load_components(data)
    blocked = frozenset(
        str(g["hex"])
        for g in view.get("formations", ())
        if g.get("hex") and g is not f and g.get("kind") != PATROL
    )
    path = formation_paths(board, str(f["hex"]), int(f["speed"]), "home", None, blocked).get(end)
    guns = [h for h in path or () if board.urban_aa.get(h, 0) > 0]
    if not guns:
        return None
    units = list(f["units"])
    flights = _flights(units, data, "bomber") or _flights(units, data)
    total: dict[int, Fraction] = {0: Fraction(1)}
    for h in guns:
        step: dict[int, Fraction] = {}
        for d in FACES:
            hit, _ = aa_result(comp, flights, board.urban_aa[h], d)
            for k, p in total.items():
                step[k + hit] = step.get(k + hit, Fraction(0)) + p * SIXTH
        total = step
    lost: dict[int, Fraction] = {}
    for k, p in total.items():
        n = _flights_lost(view, k)
        lost[n] = lost.get(n, Fraction(0)) + p
    where = ", ".join(f"{h} (AA {board.urban_aa[h]})" for h in guns)
    return OptionOdds(
        f"Urban guns over {where}: ≥1 aircraft hit {percent(_ge1(total))}, "
        f"≥1 flight lost {percent(_ge1(lost))}",
        {"aircraft_hit": _named(total), "flights_lost": _named(lost)},
        assumes="the formation's flights as now at every gun",
        procedure="aa",
        params={"flights": flights, "aa": board.urban_aa[guns[0]]},
    )


def _intercept(view: View, sqn: str, end: str) -> OptionOdds | None:
    """How to Move and Intercept: a squadron flown onto a formation's hex is in the dogfight
    announced there (How to Attack: every formation with RAF units on its hex is fought)."""
    mover = next((r for r in view.get("raf", ()) if str(r.get("sqn")) == sqn), None)
    if mover is None or mover.get("hex") == end:
        return None
    return _announce(view, end, mover)


def _fly(view: View, start: str, kind: str, end: str) -> OptionOdds | None:
    f = _mover(view, start, kind)
    if f is None:
        return None
    return _bomb_run(view, f, end) or _guns_home(view, f, end)


def odds_for(view: View, decision: Decision) -> dict[str, OptionOdds]:
    out: dict[str, OptionOdds] = {}
    for option in decision.options:
        found: OptionOdds | None = None
        if option.kind == "attack":
            found = _announce(view, str(option.get("at")))
        elif option.kind == "strike":
            found = _strike(view, str(option.get("at")), str(option.get("from")))
        elif option.kind == "fly" and option.get("unit") is not None:
            found = _intercept(view, str(option.get("unit")), str(option.get("to")))
        elif option.kind == "fly" and option.get("type") is not None:
            found = _fly(
                view, str(option.get("from")), str(option.get("type")), str(option.get("to"))
            )
        if found is not None:
            out[option.text] = found
    return out

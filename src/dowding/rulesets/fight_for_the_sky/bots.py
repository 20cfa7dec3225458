"""Computer players for Fight for the Sky.

``policy`` reads a state and picks among the pending decision's options: the RAF intercepts the
raids it can reach where a squadron adds most points to the dogfight (two squadrons a hex; a
pair of one type reads its own column, a mixed pair the inferior type's; the fire back does not
grow with the second squadron), lets a raid that has bombed go home when a pair of its type
would lose points against the escorts, lands when fuel runs short and allots losses to its
strongest squadron; the Luftwaffe aims at the targets worth most (in the Basic Game: the points
the AA value lets a raid score, less the hexes it must fly within the RAF's reach from the
assembly hex left for it, which is where it is placed; in the others, less the escort flights
that would fail to land), makes up escorted raids and never wastes a decision on the top
counter. ``HeuristicPlayer`` runs it
on the state rebuilt from the view's infostate (what the seat cannot see in canonical order), so it
decides from the view alone. ``rollout_policy`` is the same policy with a little noise, for search;
``evaluate`` turns the victory points so far into each seat's expected result.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any

from dowding.engine import Action, Decision, Terminal

from .board import west_of
from .components import LUFTWAFFE, RAF
from .game_turn import _can_fly, day_ends_this_turn
from .movement import _bases_in_reach
from .state import AIR, GROUND, OUT, FightState
from .tables import attack_result

# a squadron within a Spitfire's allowance of a hex, plus a turn's closing, can meet a raid there
RAF_REACH = 8
# Intermediate Game: what a hex between the assembly hexes and a target costs a raid's value (the
# heuristic Luftwaffe's margin over 8 games, seeds 1000-1007: -24 points before targets were
# weighed by distance, -10 at 0.3 a hex, -20 at 0.6, -42 at 0.15)
INTERMEDIATE_PER_HEX = 0.3
_REACH: dict[tuple[Any, ...], frozenset[str]] = {}
_COST: dict[tuple[Any, ...], int] = {}


@dataclass(frozen=True)
class Settings:
    """The heuristic's weights that a trial may change (``benchmarks/policy_trials.py``); the
    defaults are the heuristic's own, the opponent of every figure in docs/ and the reference of
    the balance measurements. The search player's own side may play other values
    (``search.py: OWN_POLICY``)."""

    # Luftwaffe, Basic Game: what a hex within the RAF's reach on the way costs a target's value
    reach_cost: float = 0.25
    # Luftwaffe, Intermediate Game: what a hex from the assembly hexes costs a target's value
    per_hex: float = INTERMEDIATE_PER_HEX
    # Luftwaffe: a second raid on one target, and an escort flight lost for fuel, in points
    second_raid: float = 2.0
    fuel_flight: float = 1.0
    # Luftwaffe: a raid's bombers and escorts as the formation is made up
    bombers: int = 3
    escorts: int = 3
    # Luftwaffe: how far from the RAF's squadrons a formation keeps (hexes, at most)
    keep_away: int = 9
    # Luftwaffe, Intermediate and Campaign: announce no more raids once this many points ahead
    # with nothing out (None: never)
    stop_ahead: float | None = None
    # Luftwaffe, Campaign without the availability roll: fly at most this share of the units
    # the printed availability table gives the day on average (None: every unit it may)
    day_pace: float | None = None
    # RAF: a squadron takes off for a raid within its reach plus this many hexes
    scramble_slack: int = 4
    # RAF: a raid that has bombed is fought only if a pair would gain at least this many points
    bombed_floor: float = 0.0
    # RAF: what fighting a raid before it bombs is worth over fighting it after
    before_bombing: float = 0.5
    # RAF: a squadron joins the dogfight with a raid still to bomb only if it adds at least
    # this many points to it (None: always)
    join_floor: float | None = None
    # RAF, Basic Game: a target's weight in the guard positions over its AA-capped points
    guard_extra: float = 1.0
    # RAF: a squadron flies to a raid only if the dogfight there with it is worth at least
    # this many points, a squadron alone counted as the pair it expects (the fire back is the
    # same for one squadron or two); None: no such floor
    pair_floor: float | None = None


DEFAULT = Settings()
# The heuristic player a person plays against: the defaults, with the Luftwaffe pacing its
# Campaign as the printed availability table does on average (day_pace 1: against the
# heuristic RAF the Luftwaffe won 38.5 of 40 campaigns, 12.5 without; against the search RAF
# 14 of 20). The search player's rollouts and prior keep DEFAULT: its Campaign figures
# (docs/balance.md) were measured with a Luftwaffe that flies every unit it may.
PLAYER = replace(DEFAULT, day_pace=1.0)
# and where a scenario's differ: the Campaign's RAF goes in only where a pair's dogfight is
# worth 0.2 points (the search's own Intermediate RAF), its answer to a paced Luftwaffe (1.5 of
# 40 campaigns against it with the defaults, 25.5 with this)
PLAYER_BY_SCENARIO: dict[str, Settings] = {"campaign": replace(PLAYER, pair_floor=0.2)}


def _in_reach(s: FightState) -> frozenset[str]:
    """Hexes within RAF_REACH of the home base of a squadron still in the game."""
    board = s.board
    homes = tuple(sorted({board.bases[r.base].hex for r in s.raf if r.status != OUT}))
    key = (id(board), homes)
    found = _REACH.get(key)
    if found is None:
        found = _REACH[key] = frozenset(
            h for h in board.hexes if any(board.distance(h, b) <= RAF_REACH for b in homes)
        )
    return found


def _reach_cost(s: FightState, start: str, target: str) -> int:
    """The fewest hexes in the RAF's reach on a flight path from ``start`` to ``target``."""
    board = s.board
    reach = _in_reach(s)
    key = (id(board), reach, start, target)
    found = _COST.get(key)
    if found is not None:
        return found
    best: dict[str, int] = {start: 0}
    frontier = [(0, start)]
    while frontier:
        frontier.sort()
        cost, h = frontier.pop(0)
        if h == target:
            break
        if cost > best.get(h, 99):
            continue
        for n in board.edges.get(h, ()):
            step = cost + (n in reach)
            if step < best.get(n, 99) and board.reaches(n, target):
                best[n] = step
                frontier.append((step, n))
    found = _COST[key] = best.get(target, 99)
    return found


def _unclaimed(s: FightState) -> list[str]:
    """Basic Game: the assembly hexes left once each formation already aimed takes the one with
    the safest flight path to its target (they are placed after all four are aimed)."""
    free = list(s.board.assembly)
    for f in s.forms:
        if f.hex or not f.target:
            continue
        goal = s.board.target_hex[f.target]
        usable = [h for h in free if s.board.reaches(h, goal)]
        if usable:
            free.remove(min(usable, key=lambda h: _reach_cost(s, h, goal)))
    return free


def _basic_value(s: FightState, target: str, free: list[str], cfg: Settings = DEFAULT) -> float:
    """A raid scores a hit or two, capped at the AA value; every hex flown within the RAF's reach
    is a chance for it to intercept."""
    t = s.board.targets[target]
    goal = s.board.target_hex[target]
    cost = min((_reach_cost(s, h, goal) for h in free if s.board.reaches(h, goal)), default=99)
    return min(t.aa, 2) - cfg.reach_cost * cost


def _target_value(s: FightState, target: str, cfg: Settings = DEFAULT) -> float:
    t = s.board.targets[target]
    if s.basic:
        return _basic_value(s, target, list(s.board.assembly), cfg)
    if s.campaign:
        return t.vp / max(t.boxes, 1) - 0.2 * t.aa
    # Intermediate Game, How to Win: hits score only on radar stations and air bases west of
    # hex row L, so a raid on anything else costs flights for nothing; of the rest, the nearer
    # the target to an assembly hex, the fewer turns the raid spends within the RAF's reach
    board = s.board
    goal = board.target_hex[target]
    scoring = t.kind == "radar" or west_of(board, goal, board.data.vp_west_of)
    near = min(board.distance(h, goal) for h in board.assembly)
    return (1.0 if scoring else -5.0) - 0.25 * t.aa - cfg.per_hex * near


_PATH: dict[tuple[int, str, str], tuple[str, ...]] = {}


def _arrow_path(s: FightState, start: str, target: str) -> tuple[str, ...]:
    """A shortest way along the arrows from ``start`` to ``target``, both included (``()`` when
    none): the way the formation flies (``_lw_move`` takes the shortest way on)."""
    board = s.board
    key = (id(board), start, target)
    found = _PATH.get(key)
    if found is None:
        parent: dict[str, str] = {start: start}
        todo = [start]
        while todo and target not in parent:
            h = todo.pop(0)
            for n in board.edges.get(h, ()):
                if n not in parent:
                    parent[n] = h
                    todo.append(n)
        path = []
        if target in parent:
            h = target
            while h != start:
                path.append(h)
                h = parent[h]
            path.append(start)
        found = _PATH[key] = tuple(reversed(path))
    return found


def _escort_flights_lost(s: FightState, units: tuple[int, ...], start: str, target: str) -> int:
    """Intermediate and Campaign: the flights of a raid's fighters that may fail to land if it
    flies from ``start`` to ``target`` and home. Escorts turn back for fuel only on the way out,
    at the start of a turn once the turns they need home at their own speed are no fewer than
    the turns they have left (``formations._auto_turnback``): too late when the raid flew on
    the turn before, and in time only when the distance falls just right; once the raid has
    bombed they fly home at its speed. So any fighter whose endurance is short of the whole
    round trip at the raid's speed is counted lost (a Me 109, 6 turns, with a slow raid or a
    far target), every flight of it."""
    path = _arrow_path(s, start, target)
    if not path:
        return 0
    speed = s.allowance_of(units)
    out = -(-(len(path) - 1) // speed)  # turns to the target (the raid bombs on arriving)
    home = -(-s.board.home_distance(target) // speed)  # turns back, flying direct
    lost = 0
    for uid in units:
        endurance = s.types[s.unit(uid).type].endurance
        if s.role(uid) == "fighter" and endurance and out + home > endurance - 1:
            lost += s.unit(uid).flights
    return lost


def _fuel_cost(s: FightState, target: str) -> float:
    """The escort flights the formation being aimed would lose for fuel, flown from the free
    assembly hex it will be placed on (the one with the safest path: see ``policy``)."""
    f = s.form(s.queue[0][1])
    if f is None or not any(s.role(u) == "fighter" for u in f.units):
        return 0.0
    goal = s.board.target_hex[target]
    free = _wave_assembly(s) if s.options["preplanning"] else s.free_assembly()
    starts = [h for h in free if s.board.reaches(h, goal)]
    if not starts:
        return 0.0
    start = max(starts, key=lambda h: (_start_score(s, f.units, h, goal), -starts.index(h)))
    return float(_escort_flights_lost(s, f.units, start, goal))


def _start_score(s: FightState, units: tuple[int, ...], start: str, goal: str) -> float:
    """An assembly hex for a raid: the fewer hexes within the RAF's reach on the way, the better,
    and no escorts lost for fuel (Intermediate and Campaign)."""
    cost = float(_reach_cost(s, start, goal))
    if not s.basic:
        cost += _escort_flights_lost(s, units, start, goal)
    return -cost


def _best(options: tuple[Action, ...], score: Any) -> Action:
    return max(options, key=lambda a: (score(a), -options.index(a)))


def policy(s: FightState, rng: random.Random, cfg: Settings = DEFAULT) -> Action:
    node = s.next()
    assert isinstance(node, Decision)
    options = node.options
    kind = s.queue[0][0]
    if len(options) == 1:
        return options[0]
    if kind == "aim":
        aimed = _aimed(s)

        free = _unclaimed(s) if s.basic else []

        def aim_score(a: Action) -> float:
            if a.kind != "target":
                return -s.board.distance(a.word("at"), "E5")
            t = a.word("at")
            count = aimed.get(t, 0)
            if s.basic:
                # what is left under the cap of the target's AA value, flown from the safest
                # assembly hex the formations aimed already leave free
                left = s.board.targets[t].aa - count
                cap = min(s.board.targets[t].aa, 2) - min(left, 2)
                return _basic_value(s, t, free, cfg) - cap
            # a second raid on one target adds little: boxes run out; each escort flight that
            # would fail to land is a point to the RAF (How to Win)
            return (
                _target_value(s, t, cfg)
                - cfg.second_raid * count
                - cfg.fuel_flight * _fuel_cost(s, t)
            )

        return _best(options, aim_score)
    if kind == "form":
        if cfg.stop_ahead is not None and _ahead_with_nothing_out(s, cfg.stop_ahead):
            finish = [a for a in options if a.kind == "finish"]
            if finish:
                return finish[0]
        if _paced_out(s, cfg):
            # none more this turn, not the announcement: an announced end of the day leaves
            # the RAF one move to land, which under Airfield Capacity strands squadrons
            return next(a for a in options if a.kind == "done")
        raid = [a for a in options if a.kind == "form" and a.word("type") == "raid"]
        if raid:
            return raid[0]
        # Hunter Packs: one patrol at a time, flown while raids are out to cover them
        patrol = [a for a in options if a.kind == "form" and a.word("type") == "patrol"]
        raids_out = any(f.hex and f.kind == "raid" and not f.bombed for f in s.forms)
        if patrol and raids_out and not any(f.kind == "patrol" for f in s.forms):
            return patrol[0]
        return options[-1] if s.turn_no > 1 and not s.on_map() else options[-2]
    placing = s.form(s.queue[0][1]) if kind == "place" else None
    if placing is not None and placing.kind == "raid":
        # the assembly hex with the safest flight path to the target
        goal = s.board.target_hex[placing.target]
        return _best(options, lambda a: _start_score(s, placing.units, a.word("at"), goal))
    if kind == "pick":
        return _pick(s, options, cfg)
    if kind == "lw_move":
        return _lw_move(s, tuple(a for a in options if a.kind == "fly"), cfg)
    if kind == "strike":
        strikes = [a for a in options if a.kind == "strike"]
        return strikes[0] if strikes else options[0]
    if kind == "allot":
        side = node.seat
        if side == RAF:
            return _best(options, lambda a: s.sqn(str(a.get("unit"))).flights)
        return _best(options, lambda a: s.unit(int(a.number("unit"))).flights)
    if kind == "raf_move":
        return _raf_select(s, options, cfg)
    if kind == "raf_dest":
        return _raf_dest(s, s.queue[0][1], options, cfg)
    if kind == "insist":
        return options[0]
    if kind == "go":
        return options[0]
    if kind == "when":
        return options[0]
    return options[0]


def _day_mean(s: FightState) -> float:
    """The Campaign's optional availability table: the units a day's roll gives on average."""
    table = s.comp.availability_table
    return sum(row[s.day] for row in table) / len(table)


def _paced_out(s: FightState, cfg: Settings) -> bool:
    """Campaign without the availability roll (``day_pace``): today's units flown or in a
    formation reach the pace, the printed table's day mean times ``day_pace`` (Optional Rules:
    "units were committed gradually"; the rules allow all on day one)."""
    if cfg.day_pace is None or not s.campaign or s.options["availability"]:
        return False
    flying = {u.id for u in s.lw if u.missions > 0}
    flying.update(uid for f in s.forms for uid in f.units)
    return len(flying) >= cfg.day_pace * _day_mean(s)


def _aimed(s: FightState) -> dict[str, int]:
    """Each target's raids out that have not bombed. With Preplanning every raid of the day is
    made up on turn 1, so only those taking off with this raid (``_wave``) or a turn before are
    counted: as a player forming turn by turn would see, the earlier ones will have bombed."""
    wave = _wave(s) if s.options["preplanning"] and not s.basic else 0
    aimed: dict[str, int] = {}
    for f in s.forms:
        if f.target and not f.bombed and (not wave or (f.launch or f.placed) >= wave - 1):
            aimed[f.target] = aimed.get(f.target, 0) + 1
    return aimed


def _wave(s: FightState) -> int:
    """Preplanning: the turn a raid being planned now will take off, the heuristic's pick of
    ``when`` (the first turn with room on the sheet)."""
    planned = s.takeoffs()
    turn = s.turn_no
    while planned.get(turn, 0) >= s.rules.formations_per_turn:
        turn += 1
    return turn


def _wave_assembly(s: FightState) -> list[str]:
    """Preplanning: the assembly hexes a raid being planned now will find free when it takes off
    (``_wave``): those the raids of its wave planned before it leave, each taking the hex with
    the safest path to its target (as ``policy`` places it). The raids of earlier waves will
    have left theirs."""
    wave = _wave(s)
    board = s.board
    free = list(board.assembly)
    for f in s.forms:
        if f.hex and f.placed == wave and f.hex in free:
            free.remove(f.hex)
        elif not f.hex and f.launch == wave and f.target:
            goal = board.target_hex[f.target]
            usable = [h for h in free if board.reaches(h, goal)]
            if usable:
                free.remove(max(usable, key=lambda h: _start_score(s, f.units, h, goal)))
    return free


_LEFT: dict[tuple[int, str, str], int] = {}


def _hexes_left(s: FightState, start: str, target: str) -> int:
    """The fewest hexes along the arrows from ``start`` to ``target``."""
    board = s.board
    key = (id(board), start, target)
    found = _LEFT.get(key)
    if found is None:
        seen = {start: 0}
        todo = [start]
        while todo and target not in seen:
            h = todo.pop(0)
            for n in board.edges.get(h, ()):
                if n not in seen:
                    seen[n] = seen[h] + 1
                    todo.append(n)
        found = _LEFT[key] = seen.get(target, 99)
    return found


def _ahead_with_nothing_out(s: FightState, lead: float) -> bool:
    """Intermediate and Campaign: the Luftwaffe leads How to Win's points by ``lead`` or more
    and has no formation out, so announcing no more raids ends the day ahead."""
    if s.basic or any(f.hex for f in s.forms):
        return False
    scores = s.scores()
    return scores[LUFTWAFFE] - scores[RAF] >= lead


def _lw_move(s: FightState, moves: tuple[Action, ...], cfg: Settings = DEFAULT) -> Action:
    """Take the shortest way on to the target where the flight paths branch (the less time over
    England, the fewer interceptions), then keep out of the RAF's reach."""
    board = s.board
    threats = [r.hex for r in s.raf if r.status == AIR] + [
        board.bases[r.at].hex for r in s.raf if r.status == GROUND and r.at in board.bases
    ]

    def score(a: Action) -> float:
        h = a.word("to")
        f = s.form_at(a.word("from")) if a.word("type") == "raid" else None
        left = 0
        if f is not None and f.kind == "raid" and not f.bombed and f.target:
            left = _hexes_left(s, h, board.target_hex[f.target])
        away = min((board.distance(h, t) for t in threats), default=0)
        return -10 * left + min(away, cfg.keep_away)

    return _best(moves, score)


def _pick(s: FightState, options: tuple[Action, ...], cfg: Settings = DEFAULT) -> Action:
    f = s.form(s.queue[0][1])
    assert f is not None
    roles = [s.role(u) for u in f.units]
    bombers, fighters = roles.count("bomber"), roles.count("fighter")
    adds = [a for a in options if a.kind == "add"]
    if f.kind == "patrol":
        # Hunter Packs: up to 3 fighters, Me 109s first
        me109 = [a for a in adds if s.unit(int(a.number("unit"))).type == "me109"]
        if me109 or adds:
            return (me109 or adds)[0]
        close = [a for a in options if a.kind == "close"]
        return close[0] if close else options[-1]
    want_bomber = bombers < cfg.bombers
    for a in adds:
        role = s.role(int(a.number("unit")))
        if role == "bomber" and want_bomber:
            return a
    if fighters < cfg.escorts and bombers:
        me109 = [a for a in adds if s.unit(int(a.number("unit"))).type == "me109"]
        fighters_left = me109 or [a for a in adds if s.role(int(a.number("unit"))) == "fighter"]
        if fighters_left:
            return fighters_left[0]
    close = [a for a in options if a.kind == "close"]
    return close[0] if close else options[-1]


def _targets_for_raf(s: FightState) -> list[str]:
    return [
        f.hex for f in s.forms if f.hex and f.hex not in s.board.assembly and f.kind != "patrol"
    ]


def _raids_to_come(s: FightState) -> bool:
    """Basic Game: a raid has still to bomb (its target is secret, so any Basic target may be it)."""
    return s.basic and any(f.kind == "raid" and not f.bombed for f in s.forms)


def _guard_weights(s: FightState, cfg: Settings = DEFAULT) -> dict[str, float]:
    """Basic Game: each target hex a raid may be aimed at (How to Win the Basic Game: the six
    listed), worth what its hits can score (capped at its AA value), shared among the airborne
    squadrons that can reach it next turn."""
    board = s.board
    weights: dict[str, float] = {}
    for t in s.comp.basic.targets:
        h = board.target_hex[t]
        if any(f.hex == h and f.bombed for f in s.forms):
            continue
        weights[h] = min(board.targets[t].aa, 2) + cfg.guard_extra
    return weights


def _guard_hex(
    s: FightState, r: Any, flies: list[Action], cfg: Settings = DEFAULT
) -> Action | None:
    """Basic Game, before the raids are seen: the hex from which this squadron reaches the most
    targets next turn (a formation ends its move on its target, and is intercepted there before
    it bombs: How to Move and Intercept), the targets others cover already counted for less."""
    board = s.board
    weights = _guard_weights(s, cfg)
    if not weights or not flies:
        return None
    reach = s.raf_allowance(r)
    cover: dict[str, int] = {}
    for x in s.raf:
        if x.status == AIR and x.sqn != r.sqn and x.moved:
            for h in weights:
                if board.distance(x.hex, h) <= s.raf_allowance(x):
                    cover[h] = cover.get(h, 0) + 1

    def score(a: Action) -> float:
        h = a.word("to")
        got = sum(
            w / (1 + cover.get(t, 0)) for t, w in weights.items() if board.distance(h, t) <= reach
        )
        return got - 0.01 * min(board.distance(h, t) for t in weights)

    return _best(tuple(flies), score)


def _raf_select(s: FightState, options: tuple[Action, ...], cfg: Settings = DEFAULT) -> Action:
    targets = _targets_for_raf(s)
    ending = day_ends_this_turn(s)
    for a in options:
        if a.kind != "select":
            continue
        r = s.sqn(str(a.get("unit")))
        if ending and r.status != AIR:
            # Intermediate Game, How to Move, Notes: a squadron still in the air when the day
            # ends is lost, so none takes off on the day's last turn
            continue
        if not targets and _raids_to_come(s):
            return a  # Basic Game: up to guard the targets before the raids come in
        if r.status == AIR and r.land_by and (r.land_by - s.turn_no <= 1 or ending):
            return a
        if (
            r.status == AIR
            and s.options["airfield_capacity"]
            and not _Rooms(s, r, now=True).way_home(r.hex)
        ):
            return a  # Airfield Capacity: too far from room to land in time; make for it
        if not targets:
            continue
        start, left = s.raf_start(r)
        if left < 0:
            continue
        near = min(s.board.distance(start, h) for h in targets)
        if r.status == AIR or near <= left + cfg.scramble_slack:
            return a
    return next(a for a in options if a.kind == "end")


_MEAN: dict[tuple[int, str, int], float] = {}


def _mean_down(s: FightState, column: str, strength: int) -> float:
    """The aircraft an attack shoots down on average (the attack table over the six faces)."""
    key = (id(s.comp), column, strength)
    found = _MEAN.get(key)
    if found is None:
        found = _MEAN[key] = (
            sum(attack_result(s.comp, column, strength, d) for d in range(1, 7)) / 6
        )
    return found


def _fight_points(s: FightState, rafs: list[Any], f: Any) -> float:
    """How to Attack and How to Win: the points a dogfight of ``rafs`` against formation ``f``
    is worth to the RAF on average, less what the formation's fire back is worth to the
    Luftwaffe (every fourth aircraft a flight: 1 point an escort flight, 2 a bomber flight, 2
    an RAF flight). The RAF's strength reads the column of its inferior type; the fire back
    does not grow with the RAF's numbers."""
    escorts = tuple(u for u in f.units if s.role(u) == "fighter")
    bombers = tuple(u for u in f.units if s.role(u) == "bomber")
    rules = s.rules
    per = rules.aircraft_per_flight_lost
    points = 0.0
    back = 0.0
    if rafs:
        flights = sum(x.flights for x in rafs)
        column = s.raf_column(rafs)
        esc = s.flights_of(escorts)
        if escorts:
            points += _mean_down(s, column, flights + rules.escort_bonus) / per
            back += _mean_down(s, s.lw_column(escorts), esc)
        left = flights - -(-esc // 3)
        if bombers and left > 0:
            points += 2 * _mean_down(s, column, left + rules.bomber_bonus) / per
        if bombers:
            back += _mean_down(s, s.lw_column(bombers), s.flights_of(bombers))
    return points - 2 * back / per


def _join_gain(s: FightState, r: Any, h: str, f: Any) -> float:
    """What squadron ``r`` adds by joining the dogfight on ``h``."""
    there = [x for x in s.raf if x.status == AIR and x.hex == h and x.sqn != r.sqn]
    return _fight_points(s, [*there, r], f) - _fight_points(s, there, f)


def _raf_dest(
    s: FightState, sqn: str, options: tuple[Action, ...], cfg: Settings = DEFAULT
) -> Action:
    r = s.sqn(sqn)
    lands = [a for a in options if a.kind == "land"]
    if (
        lands
        and r.land_by
        and (r.land_by - s.turn_no <= 1 or not _targets_for_raf(s) or day_ends_this_turn(s))
    ):
        home = [a for a in lands if a.word("at") == r.base]
        if home or not s.options["airfield_capacity"]:
            return home[0] if home else lands[0]
        # Airfield Capacity: the base with most room, leaving the one-squadron airfields near
        # the coast to squadrons that reach nothing else
        return _best(tuple(lands), lambda a: _room(s, a.word("at")))
    flies = [a for a in options if a.kind == "fly"]
    if s.options["airfield_capacity"]:
        # Optional Rules, Airfield Capacity: fly (or take off) only where a base with room stays
        # in reach, or a squadron that chased a raid out to sea finds the coast's airfields full
        # when the day ends and is lost (38 squadrons in 5 heuristic days)
        rooms = _Rooms(s, r)
        safe = [a for a in flies if rooms.way_home(a.word("to"))]
        if flies and not safe:
            if r.status != AIR:
                return next(a for a in options if a.kind == "back")  # stays down
            return min(flies, key=lambda a: _to_room(s, a.word("to")))  # make for a base now
        flies = safe
        if flies and r.status == AIR and not s.basic and not _targets_for_raf(s):
            # nothing on the map to meet (a Luftwaffe pacing its day): down while there is
            # room, rather than waiting aloft over the targets for the land-by turn
            return min(flies, key=lambda a: _to_room(s, a.word("to")))
    back = next(a for a in options if a.kind == "back")
    if r.status != AIR and day_ends_this_turn(s):
        return back  # a squadron that took off now would be lost when the day ends
    targets = _targets_for_raf(s)
    if not targets and _raids_to_come(s):
        return _guard_hex(s, r, flies, cfg) or back
    if not flies or not targets:
        return back
    board = s.board
    join_floor = cfg.join_floor
    if join_floor is None and s.options["sector_airfields"] and not s.basic:
        # Optional Rules, Sector Airfields: a squadron that intercepts must stay with the
        # formation and attack every turn, so it joins only where it adds points (the heuristic
        # RAF then won 21.5 of 100 against the heuristic Luftwaffe, where it won 5.5)
        join_floor = 0.0
    carried_out = s.options["sector_airfields"] and s.options["airfield_capacity"]

    def score(a: Action) -> float:
        h = a.word("to")
        if h in targets:
            f = s.form_at(h)
            if f is None:
                return 101.0
            if f.bombed and carried_out:
                # Sector Airfields with Airfield Capacity: a squadron engaged with a raid on its
                # way home is carried out to sea with it, beyond the room left at the coast
                return -1.0
            if f.bombed and _fight_points(s, [r, r], f) < cfg.bombed_floor:
                # its bombs are dropped, and a pair of this type would lose points against
                # its escorts: keep near instead (they turn back for fuel before long)
                return -1.0
            # the points the squadron adds to the dogfight there (a second squadron adds
            # strength without drawing more fire), the more before the raid bombs
            bonus = cfg.before_bombing if not f.bombed else 0.0
            gain = _join_gain(s, r, h, f)
            if not f.bombed and join_floor is not None and gain < join_floor:
                return -1.0
            if cfg.pair_floor is not None:
                there = [x for x in s.raf if x.status == AIR and x.hex == h and x.sqn != r.sqn]
                if _fight_points(s, [*there, r] if there else [r, r], f) < cfg.pair_floor:
                    return -1.5  # a hex beside it (-1) is better: stay near, not in
            return 100 + bonus + gain
        return -min(board.distance(h, t) for t in targets)

    best = _best(tuple(flies), score)
    if score(best) < -2 and _raids_to_come(s):
        # Basic Game: no raid in reach this turn; wait over the targets still to be bombed
        return _guard_hex(s, r, flies, cfg) or back
    if r.status == GROUND and score(best) < -2:
        return back
    return best


def _room(s: FightState, base: str) -> int:
    """Airfield Capacity: the squadrons a base can still take on the ground."""
    grounded = sum(1 for x in s.raf if x.status == GROUND and x.at == base)
    return s.board.bases[base].capacity - grounded


def _to_room(s: FightState, h: str) -> int:
    """Airfield Capacity: the hexes from ``h`` to the nearest sector airfield with room."""
    bases = s.board.bases
    return min(
        (
            s.board.distance(h, b.hex)
            for b in bases.values()
            if b.capacity > 1 and _room(s, b.id) > 0
        ),
        default=0,
    )


def _last_formation_home(s: FightState) -> int:
    """The turns before the last formation on the map can be home (at least 1): with no raid
    to come, the day ends then."""
    board = s.board
    turns = (
        -(-board.home_distance(f.hex) // max(1, s.allowance_of(f.units))) for f in s.forms if f.hex
    )
    return max(1, max(turns, default=1))


class _Rooms:
    """Airfield Capacity, for one squadron's move: the room at each base and the bases each
    other squadron in the air can reach this turn, looked up once for all its destinations."""

    def __init__(self, s: FightState, r: Any, now: bool = False) -> None:
        self.s = s
        cost = s.rules.offmap_cost
        self.room = {b: max(0, _room(s, b)) for b in s.board.bases}
        self.rivals = [
            _bases_in_reach(s.board, x.hex, s.raf_allowance(x), cost)
            for x in s.raf
            if x.status == AIR and x.sqn != r.sqn
        ]
        # the moves left after this turn's (``now``: with it) to be down by its land-by turn,
        # and by the day's last turn at the latest
        last = s.rules.turns_per_day - s.turn_no
        turns = min(r.land_by - s.turn_no, last) if r.land_by else last
        turns += now
        if s.finished or not _can_fly(s) or not any(f.hex for f in s.forms):
            # no raid to come, or none out now, when the Luftwaffe may say it flies no more
            # today: the day may end within the turns the last formation out needs to be home
            turns = min(turns, _last_formation_home(s))
        self.left = s.raf_allowance(r) * max(1, turns)

    def way_home(self, h: str) -> bool:
        """Whether the squadron on hex ``h`` can still land in time, at a sector airfield with
        room for it and for the other squadrons in the air that could land there, within its
        reach by the turn it must be down: its land-by turn, the day's last or, once no more
        raids are to come (or none is out), the turn the last formation on the map can be home
        (the day ends when it leaves). The one-squadron airfields are not counted: squadrons
        landing for fuel fill those near the coast first."""
        s = self.s
        bases = s.board.bases
        mine = {
            b
            for b in _bases_in_reach(s.board, h, self.left, s.rules.offmap_cost)
            if bases[b].capacity > 1
        }
        room = sum(self.room[b] for b in mine)
        # the other squadrons in the air that could land at one of them this turn compete
        return room > sum(1 for reach in self.rivals if not mine.isdisjoint(reach))


def rollout_policy(state: FightState, rng: random.Random, cfg: Settings = DEFAULT) -> Action:
    """The heuristic with a tenth of its choices random: fast, for playouts inside search."""
    node = state.next()
    assert isinstance(node, Decision)
    if rng.random() < 0.1:
        return rng.choice(node.options)
    return policy(state, rng, cfg)


def evaluate(state: FightState) -> dict[str, float]:
    """Each seat's expected result in [0, 1] from the victory points so far (1 a win, 0.5 a draw)."""
    node = state.next()
    if isinstance(node, Terminal):
        if node.winner is None:
            return {RAF: 0.5, LUFTWAFFE: 0.5}
        return {RAF: float(node.winner == RAF), LUFTWAFFE: float(node.winner == LUFTWAFFE)}
    scores = state.scores()
    p = 1 / (1 + math.exp(-(scores[RAF] - scores[LUFTWAFFE]) / 4))
    return {RAF: p, LUFTWAFFE: 1 - p}


class HeuristicPlayer:
    """Decides from the view alone: the state is rebuilt from the view's infostate."""

    def __init__(
        self, seat: str, seed: int = 0, strength: str | None = None, **settings: Any
    ) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        # trials and the search player's own side may change the heuristic's weights
        self.settings = settings
        self._by_scenario: dict[str, Settings] = {}

    def settings_for(self, scenario: str) -> Settings:
        """The weights it plays ``scenario`` with: ``PLAYER`` (or its scenario's own), with any
        the trial named."""
        found = self._by_scenario.get(scenario)
        if found is None:
            base = PLAYER_BY_SCENARIO.get(scenario, PLAYER)
            found = replace(base, **self.settings) if self.settings else base
            self._by_scenario[scenario] = found
        return found

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        from . import GAME

        try:
            state = GAME.state_from_dict(view["infostate"])
            node = state.next()
            if isinstance(node, Decision) and node.options == decision.options:
                choice = policy(state, self.rng, self.settings_for(state.scenario))
                if choice in decision.options:
                    return choice
        except (KeyError, ValueError):
            pass
        return self.rng.choice(decision.options)


PLAYERS = {"heuristic": HeuristicPlayer}

"""The decisions of a Fight for the Sky turn: who chooses and the options they have.

Formations are named by the hex they are on (one formation a hex), never by their number, so
that an RAF player's options and the action texts say nothing about what is face down.
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import cast

from dowding.engine import Action, Decision

from .attack import _pending_fights
from .board import Board
from .components import LUFTWAFFE, RAF
from .counters import R_ENGAGED, R_MOVED, R_READY, R_SQN, R_STATUS
from .state import (
    _DECISIONS,
    AIR,
    GROUND,
    PATROL,
    RAID,
    FightState,
    Form,
    Task,
    _cache,
)


def _matching(s: FightState, forms: list[Form], hexes: list[str]) -> bool:
    """Whether each formation can take a different assembly hex from which its target is
    reachable (Basic Game: every formation must be placed)."""
    return _matches(s.board, tuple(f.target for f in forms), tuple(hexes))


def _matches(board: Board, targets: tuple[str, ...], hexes: tuple[str, ...]) -> bool:
    # a function of the board, the targets and the hexes alone: each answer is kept
    key = (id(board), targets, hexes)
    found = _MATCHES.get(key)
    if found is None:
        found = _MATCHES[key] = any(
            all(
                not t or board.reaches(h, board.target_hex[t])
                for t, h in zip(targets, perm, strict=True)
            )
            for perm in itertools.permutations(hexes, len(targets))
        )
    return found


_MATCHES: dict[tuple[int, tuple[str, ...], tuple[str, ...]], bool] = {}


def _sq(sqn: str) -> int | str:
    """Squadron numbers go into actions as numbers (a number cannot be an action word)."""
    return int(sqn) if sqn.isdigit() else sqn


def _targets(s: FightState) -> tuple[str, ...]:
    return s.comp.basic.targets if s.basic else s.target_ids


def _dec_aim(s: FightState, task: Task) -> Decision:
    f = s.form(task[1])
    assert f is not None
    board = s.board
    options: list[Action] = []
    if f.kind == PATROL:
        # Hunter Packs: a single patrol hex, any hex a fighter can reach and leave again
        reach = max(s.types[s.unit(u).type].move for u in f.units) * 2
        homes = s.free_assembly() or board.assembly
        for h in board.hexes:
            if board.terrain[h] == "assembly":
                continue
            if min(board.distance(h, a) for a in homes) <= reach:
                options.append(_cache("patrol", at=h))
        return Decision(LUFTWAFFE, "choose the patrol hex", tuple(options))
    unplaced = [g for g in s.forms if not g.hex and g.id != f.id and g.target and g.launch == 0]
    free = s.free_assembly()
    for t in _targets(s):
        h = board.target_hex[t]
        if s.basic:
            if not _matching(s, [*unplaced, f._replace(target=t)], free):
                continue
        elif not s.options["preplanning"] and not any(board.reaches(a, h) for a in free):
            continue
        options.append(_cache("target", at=t))
    return Decision(LUFTWAFFE, "choose the formation's target (secret)", tuple(options))


def _dec_place(s: FightState, task: Task) -> Decision | None:
    f = s.form(task[1])
    if f is None or f.hex:
        return None
    board = s.board
    free = s.free_assembly()
    others = [g for g in s.forms if not g.hex and g.id != f.id and g.launch == 0]
    options = []
    for h in free:
        if f.kind != PATROL and not board.reaches(h, board.target_hex[f.target]):
            continue
        if s.basic and not _matching(s, others, [x for x in free if x != h]):
            continue
        options.append(_cache("assemble", at=h))
    if not options:
        return None
    return Decision(LUFTWAFFE, "place the formation on a raid assembly hex", tuple(options))


def _dec_when(s: FightState, task: Task) -> Decision:
    # Optional Rules, Preplanning: the sheet names each raid's take-off turn, this turn (the
    # raid takes off as it would without the rule) or a later one; four formations a turn
    planned = s.takeoffs()
    turns = [
        t
        for t in range(s.turn_no, s.rules.turns_per_day + 1)
        if planned.get(t, 0) < s.rules.formations_per_turn
    ]
    last = s.rules.turns_per_day
    options = tuple(_cache("launch", turn=t) for t in turns) or (_cache("launch", turn=last),)
    return Decision(LUFTWAFFE, "choose the turn the formation takes off", options)


def _free_for_forming(s: FightState) -> bool:
    if s.options["preplanning"]:
        return s.turn_no == 1
    used = {g.hex for g in s.forms if g.hex}
    return s.formed < s.rules.formations_per_turn and any(h not in used for h in s.board.assembly)


def _ready_roles(s: FightState) -> tuple[bool, bool]:
    """Whether a bomber, and a fighter, is available and in no formation not yet on the map:
    the units are looked at only until both are found."""
    planned = s._planned()
    bomber = fighter = False
    for uid, _, role, _ in s.available_units():
        if uid in planned:
            continue
        if role == "bomber":
            bomber = True
        elif role == "fighter":
            fighter = True
        if bomber and fighter:
            break
    return bomber, fighter


def _dec_form(s: FightState, task: Task) -> Decision | None:
    if s.finished:
        return None
    options = []
    if _free_for_forming(s):
        bomber, fighter = _ready_roles(s)
        if bomber:
            options.append(_cache("form", type="raid"))
        if s.options["hunter_packs"] and fighter:
            options.append(_cache("form", type="patrol"))
    options += [_cache("done"), _cache("finish")]
    return Decision(LUFTWAFFE, "make up a formation, or none more this turn", tuple(options))


def _dec_pick(s: FightState, task: Task) -> Decision:
    f = s.form(task[1])
    assert f is not None
    options = [_add_action(uid) for uid in s.addable_units(f)]
    roles = [s.role(u) for u in f.units]
    if (f.kind == RAID and "bomber" in roles) or (f.kind == PATROL and roles):
        options.append(_cache("close"))
    options.append(_cache("cancel"))
    return Decision(LUFTWAFFE, "add a unit to the formation", tuple(options))


def _dec_go(s: FightState, task: Task) -> Decision:
    return Decision(
        LUFTWAFFE, "fly today, or announce no more missions", (_cache("fly"), _cache("stop"))
    )


def _dec_lw_move(s: FightState, task: Task) -> Decision | None:
    options: list[Action] = []
    tops: list[Action] = []
    for f in s.forms:
        if not f.hex or f.moved:
            continue
        options += _lw_flies(s.board, f.kind, f.hex, tuple(s.move_options(f)))
    if not options:
        return None
    for f in s.forms:
        # Notes on Movement: the Luftwaffe chooses which counter is on top of a face-up stack
        if f.hex and f.face_up and not f.topped and f.kind != PATROL and len(f.units) > 1:
            tops += [_top_action(f.hex, u) for u in f.units if u != f.top]
    return Decision(LUFTWAFFE, "move a formation along the flight paths", (*options, *tops))


def _lw_flies(board: Board, kind: str, start: str, ends: tuple[str, ...]) -> tuple[Action, ...]:
    """``fly type=<kind> from=<start> to=<end>`` for each end in board order; kept."""
    key = (id(board), kind, start, ends)
    found = _LW_FLIES.get(key)
    if found is None:
        found = _LW_FLIES[key] = tuple(
            _lw_fly(kind, start, end) for end in sorted(ends, key=board.coords.__getitem__)
        )
    return found


_LW_FLIES: dict[tuple[int, str, str, tuple[str, ...]], tuple[Action, ...]] = {}


@cache
def _lw_fly(kind: str, start: str, end: str) -> Action:
    # hundreds of these are made in a game's first moves: the engine's fast constructor, equal
    # to Action("fly", type=kind, to=end, **{"from": start}) (arguments in key order; a kind
    # is raid, patrol or home and a hex name letters then digits, all words)
    return Action.trusted("fly", _pair("from", start), _pair("to", end), _pair("type", kind))


def _dec_raf_move(s: FightState, task: Task) -> Decision | None:
    options = []
    turn = s.turn_no
    flies = None  # can_take_off and can_fly, made on the first unit on the ground ready to fly
    select = _SELECT
    for r in s.raf:
        # (the squadron's fields by place: this runs over every squadron after every move)
        if r[R_MOVED]:
            continue
        status = r[R_STATUS]
        if status == AIR:
            if r[R_ENGAGED] and not s.may_disengage(r):
                continue
        elif status != GROUND or r[R_READY] > turn:
            continue
        else:
            if flies is None:
                flies = s.ground_fliers()
            if not flies(r):
                continue
        sqn = r[R_SQN]
        action = select.get(sqn)
        if action is None:
            action = select[sqn] = _unit_action("select", sqn)
        options.append(action)
    if not options:
        return None
    options.append(_END)
    return Decision(RAF, "choose a squadron to move, or end the RAF's movement", tuple(options))


_SELECT: dict[str, Action] = {}  # select unit=<sqn>, by squadron
_END = _cache("end")


def _dec_raf_dest(s: FightState, task: Task) -> Decision:
    r = s.sqn(task[1])
    # the hexes of raf_destinations, with their actions
    start, left = s.raf_start(r)
    blocked = s._raf_blocked(r) if left >= 0 else None
    options: list[Action]
    if blocked is None:
        options = []
    else:
        board = s.board
        options = list(_flies(board, r.sqn, start, left))
        if blocked:
            # the few blocked hexes taken out by their places, rather than every hex looked at
            place = board.within_places(start, left)
            for i in sorted([place[h] for h in blocked if h in place], reverse=True):
                del options[i]
    sqn = r.sqn
    bases = s.landing_bases(r)
    if bases:
        # each squadron's land actions by base, read with plain lookups
        lands = _LAND.get(sqn)
        if lands is None:
            lands = _LAND[sqn] = {}
        for b in bases:
            action = lands.get(b)
            if action is None:
                action = lands[b] = _land_action(sqn, b)
            options.append(action)
    back = _BACK.get(sqn)
    if back is None:
        back = _BACK[sqn] = _unit_action("back", sqn)
    options.append(back)
    where = r.hex or s.board.bases[r.at].name
    return Decision(RAF, f"move {r.sqn} Squadron from {where}", tuple(options))


@cache
def _unit_action(kind: str, sqn: str) -> Action:
    """``select unit=<sqn>``, ``back unit=<sqn>``: made once per squadron."""
    return _cache(kind, unit=_sq(sqn))


@cache
def _top_action(h: str, uid: int) -> Action:
    # the engine's fast constructor, equal to Action("top", at=h, unit=uid) (arguments in key
    # order, a hex name is letters then digits, a word; a unit id a number)
    return Action.trusted("top", _pair("at", h), ("unit", uid))


@cache
def _add_action(uid: int) -> Action:
    return _cache("add", unit=uid)


def _land_action(sqn: str, base: str) -> Action:
    return _cache("land", unit=_sq(sqn), at=base)


_LAND: dict[str, dict[str, Action]] = {}  # land unit=<sqn> at=<base>, by squadron and base
_BACK: dict[str, Action] = {}  # back unit=<sqn>, by squadron


def _flies(board: Board, sqn: str, start: str, left: int) -> tuple[Action, ...]:
    """``fly unit=<sqn> to=<hex>`` for each hex of ``board.within_ordered(start, left)``, each
    action made once per squadron and hex; kept by (board, squadron, start, allowance left): a
    player's own map (the ``data`` option) may close other hexes."""
    key = (id(board), sqn, start, left)
    found = _FLIES.get(key)
    if found is None:
        hexes = board.within_ordered(start, left)
        table = _FLY.get(sqn)
        if table is None:
            table = _FLY[sqn] = {}
            _unit_action("back", sqn)  # the squadron's name checked once as an action word
        actions = list(map(table.get, hexes))
        if not all(actions):  # Actions are always true
            unit = ("unit", _sq(sqn))
            for i, h in enumerate(hexes):
                if actions[i] is None:
                    # hundreds of these are made in a game's first moves: the engine's fast
                    # constructor, equal to Action("fly", unit=unit, to=h) (arguments in key
                    # order, a hex name is letters then digits, a word; its pairs shared)
                    actions[i] = table[h] = Action.trusted("fly", _pair("to", h), unit)
        found = _FLIES[key] = tuple(cast(list[Action], actions))
    return found


_FLIES: dict[tuple[int, str, str, int], tuple[Action, ...]] = {}


def _pair(key: str, word: str) -> tuple[str, str]:
    """An action's argument ``(key, word)``, made once: the fast constructor keeps the pairs
    it is given, and they are immutable, so actions share them (fewer objects for the
    collector)."""
    pair = (key, word)
    return _PAIRS.setdefault(pair, pair)


_PAIRS: dict[tuple[str, str], tuple[str, str]] = {}
_FLY: dict[str, dict[str, Action]] = {}


def _dec_strike(s: FightState, task: Task) -> Decision | None:
    options: list[Action] = []
    board = s.board
    reach = s.rules.patrol_reach
    rafs = {r.hex for r in s.raf if r.status == AIR}
    for f in s.forms:
        if f.kind != PATROL or not f.hex or f.topped:
            continue
        options.append(_cache("hold", **{"from": f.hex}))
        patrols = {g.hex for g in s.forms if g.kind == PATROL and g.id != f.id}
        for h in sorted(rafs, key=board.coords.__getitem__):
            if h not in patrols and board.distance(f.hex, h) <= reach:
                options.append(_cache("strike", at=h, **{"from": f.hex}))
    if not options:
        return None
    return Decision(LUFTWAFFE, "a patrol may attack RAF units within 3 hexes", tuple(options))


def _dec_combat(s: FightState, task: Task) -> Decision | None:
    # How to Attack (A): the RAF announces which formation it attacks
    fights = _pending_fights(s)
    if not fights:
        return None
    return Decision(
        RAF, "announce the next dogfight", tuple(_cache("attack", at=h) for h in fights)
    )


def _dec_allot(s: FightState, task: Task) -> Decision | None:
    # Step (4): the owner allots the lost flight to a unit just attacked
    side, group = task[1], task[2]
    candidates = s.allot_candidates(side, group)
    if not candidates:
        return None
    options = tuple(_cache("allot", unit=int(c) if c.isdigit() else c) for c in candidates)
    who = RAF if side == RAF else LUFTWAFFE
    return Decision(who, "choose the unit that loses a flight", options)


def _dec_insist(s: FightState, task: Task) -> Decision:
    return Decision(
        RAF,
        "Stukas: allot the flights lost to the Ju 87s?",
        (_cache("insist", on="stukas"), _cache("insist", on="escorts")),
    )


def _auto_strike(s: FightState, task: Task) -> None:
    for f in s.forms:
        if f.kind == PATROL and f.hex:
            s._put_form(f._replace(topped=False))


_DECISIONS.update(
    {
        "aim": _dec_aim,
        "place": _dec_place,
        "when": _dec_when,
        "form": _dec_form,
        "pick": _dec_pick,
        "go": _dec_go,
        "lw_move": _dec_lw_move,
        "raf_move": _dec_raf_move,
        "raf_dest": _dec_raf_dest,
        "strike": _dec_strike,
        "combat": _dec_combat,
        "allot": _dec_allot,
        "insist": _dec_insist,
    }
)

"""What each seat sees, the infostate, and determinisation.

Hidden from the RAF, as at the table: a formation's contents until it crosses the English coast or
is fought (its number of counters and its speed show), which of the Basic Game's four formations
is on which hex, its target until it bombs, a patrol's hex, and where each Luftwaffe unit out of
sight is (the pool, the face-down formations, those being made up or preplanned): the RAF knows
which units those are, since every other counter is on view. The Luftwaffe sees everything: the
RAF's counters and roster are on the board. ``rearrange`` re-deals all of it (a sample) or puts
it in one order that depends on the RAF's view alone (the infostate)."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import Any, NamedTuple

from dowding.engine.game import JSON

from .components import LUFTWAFFE, RAF
from .decisions import _matching, _targets
from .state import AIR, PATROL, POOL, RAID, FightState, Form, Lw


def hidden_forms(s: FightState) -> list[Form]:
    return [f for f in s.forms if not f.seen]


def _hidden_units(s: FightState) -> set[int]:
    hidden = {uid for f in hidden_forms(s) for uid in f.units}
    hidden |= {u.id for u in s.lw if u.status == POOL}
    return hidden


def _target_hidden(f: Form) -> bool:
    return f.kind == RAID and not f.revealed and not f.bombed


def _look(s: FightState, f: Form) -> tuple[Any, ...]:
    """What the RAF sees of a face-down formation: counters, speed, heading home or not."""
    return (
        len(f.units),
        s.allowance_of(f.units) if f.units else 0,
        f.kind,
        f.bombed,
        f.launch,
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


def placing(s: FightState) -> bool:
    """Basic Game: the four formations go down together, so none shows until all are placed."""
    return s.basic and any(t[0] == "place" for t in s.queue)


def rearrange(s: FightState, rng: random.Random | None) -> FightState:
    """A copy with what the RAF cannot see re-dealt by ``rng``, or put in one canonical
    arrangement (``rng`` None) for the infostate: a function of the RAF's view alone."""
    other = s.copy()
    if s.basic:
        _swap_formations(other, rng)
    else:
        _redeal_units(other, rng)
    _redeal_targets(other, rng)
    if rng is None and not s.basic and s.options.get("preplanning"):
        _renumber_forms(other)
    other._index()
    other._node = None
    return other


# tasks that name a formation, and where (``contact``: last)
_FORM_AT = {"aim": 1, "pick": 1, "place": 1, "when": 1, "urban_aa": 1, "aa": 1, "bomb": 1}


def _renumber_forms(s: FightState) -> None:
    """The canonical arrangement under Preplanning: formations numbered 1, 2, ... in the order
    they were made, every task, combat and squadron that names one renamed with it. Their own
    numbers, which the RAF never sees, would leave gaps where planned raids were made."""
    named: set[int] = {f.id for f in s.forms}
    named |= {abs(x) for r in s.raf for x in (r.engaged, r.contact) if x}
    for task in s.queue:
        at = len(task) - 1 if task[0] == "contact" else _FORM_AT.get(task[0])
        if at is not None and isinstance(task[at], int):
            named.add(task[at])
        elif task[0] == "allot" and str(task[2]).startswith("form:"):
            named.add(int(str(task[2])[5:]))
    if s.fight:
        named |= {x for x in s.fight[1:3] if isinstance(x, int) and x > 0}
    mapping = {old: new for new, old in enumerate(sorted(named), start=1)}
    s.next_form = len(mapping) + 1
    if all(old == new for old, new in mapping.items()):
        return
    s.forms = tuple(f._replace(id=mapping[f.id]) for f in s.forms)
    _renumber_refs(s, mapping)

    def renamed(task: Any) -> Any:
        at = len(task) - 1 if task[0] == "contact" else _FORM_AT.get(task[0])
        if at is not None and isinstance(task[at], int):
            return (*task[:at], mapping[task[at]], *task[at + 1 :])
        if task[0] == "allot" and str(task[2]).startswith("form:"):
            return (*task[:2], f"form:{mapping[int(str(task[2])[5:])]}", *task[3:])
        return task

    s.queue = tuple(renamed(t) for t in s.queue)
    if s.fight:
        s.fight = (
            s.fight[0],
            *(mapping.get(x, x) if isinstance(x, int) and x > 0 else x for x in s.fight[1:3]),
            *s.fight[3:],
        )


def _swap_formations(s: FightState, rng: random.Random | None) -> None:
    """Basic Game: the four formations are made up exactly as listed, so the RAF knows what they
    are but not which is on which hex ("he is not told what formation is being placed on each
    assembly hex"). Whole formations (number, units, top counter, target) are re-dealt among
    the face-down ones that look alike; their places (hex, moves) stay."""
    forms = list(s.forms)
    hide_hex = placing(s)
    groups: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for i, f in enumerate(forms):
        if not f.seen and f.units:
            groups[(*_look(s, f), hide_hex or f.hex == "")].append(i)
    mapping: dict[int, int] = {}
    for idx in groups.values():
        payloads = [(forms[i].id, forms[i].units, forms[i].top, forms[i].target) for i in idx]
        if rng is None:
            payloads.sort(key=lambda p: tuple(sorted(p[1])))
            payloads = [(fid, tuple(sorted(units)), min(units), t) for fid, units, _, t in payloads]
            slots = sorted(idx, key=lambda i: (forms[i].hex, i))
        else:
            rng.shuffle(payloads)
            slots = idx
        for i, (fid, units, top, target) in zip(slots, payloads, strict=True):
            mapping[forms[i].id] = fid
            forms[i] = forms[i]._replace(id=fid, units=units, top=top, target=target)
    s.forms = tuple(forms)
    _renumber_refs(s, mapping)


def _renumber_refs(s: FightState, mapping: dict[int, int]) -> None:
    """Squadrons that point at a re-dealt formation point at the one now in its place."""
    if not any(old != new for old, new in mapping.items()):
        return

    def moved(fid: int) -> int:
        if fid == 0:
            return 0
        new = mapping.get(abs(fid), abs(fid))
        return new if fid > 0 else -new

    s.raf = tuple(r._replace(engaged=moved(r.engaged), contact=moved(r.contact)) for r in s.raf)


class _Slot(NamedTuple):
    at: int  # position in s.forms
    size: int
    speed: int
    kind: str
    placed: int


def _prior_missions(s: FightState, u: Lw) -> int:
    return u.missions - (1 if u.status != POOL else 0)


def _fits(s: FightState, slot: _Slot, members: list[Lw], complete: bool) -> bool:
    """Could these units be (part of) a formation that looks and flies like ``slot``?
    How to Make Up Your Formations, with what the RAF saw: counters, speed, take-off turn."""
    types = s.types
    rules = s.rules
    fighters = 0
    bomber_key: tuple[int, bool] | None = None
    slowest = 99
    for u in members:
        t = types[u.type]
        move = max(1, t.move - 1) if s.weather == "poor" else t.move
        if move < slot.speed:
            return False
        slowest = min(slowest, move)
        if t.endurance and slot.placed + t.endurance - 1 < s.turn_no:
            return False  # it would have had to land already
        if _prior_missions(s, u) and slot.placed < u.ready:
            return False  # a second mission flown before it was refuelled
        if t.role == "fighter":
            fighters += 1
            continue
        if slot.kind == PATROL or move != slot.speed:
            return False  # a raid flies at its bombers' speed (fighters are all faster)
        key = (u.group, t.move == 3)
        if bomber_key is not None and key != bomber_key:
            return False  # one group; allowance 3 and 4 bombers apart
        bomber_key = key
    if slot.kind != PATROL and fighters > rules.max_fighters_per_formation:
        return False
    if not complete:
        return True
    return slowest == slot.speed and (slot.kind == PATROL or bomber_key is not None)


def _redeal_units(s: FightState, rng: random.Random | None) -> None:
    """Intermediate and Campaign games: the RAF knows which units are out of sight (the pool and
    the face-down formations hold every unit not on view) but not where each one is. Face-down
    raids and patrols are filled again from all of them, keeping what the RAF saw of each
    (counters, speed, take-off turn) and the make-up rules; formations not yet on the map are
    emptied, and in a sample made up again at random from the pool. Preplanning: the plan is on
    the Luftwaffe's sheet of paper, so the raids planned and not yet off are dropped, how many
    and when they take off with them, and a sample plans again (``_plan_again``)."""
    planned = _planned_raids(s)
    if planned:
        s.forms = tuple(f for f in s.forms if f.id not in planned)
        # the count of formations made would tell how many were planned (a number a squadron
        # still names is never given again)
        named = [abs(x) for r in s.raf for x in (r.engaged, r.contact)]
        s.next_form = max((*(f.id for f in s.forms), *named), default=0) + 1
    forms = list(s.forms)
    slots = [
        _Slot(i, len(f.units), s.allowance_of(f.units), f.kind, f.placed)
        for i, f in enumerate(forms)
        if f.hex and not f.seen and f.units and f.kind in (RAID, PATROL)
    ]
    unplaced = [i for i, f in enumerate(forms) if not f.hex]
    for i in unplaced:
        forms[i] = forms[i]._replace(units=(), top=0)
    hidden = [u for u in s.lw if u.status == POOL]
    hidden += [s.unit(uid) for slot in slots for uid in forms[slot.at].units]
    # units on a second mission were seen leaving the Returning box: they are in the air
    filled = _arrange(s, slots, hidden, rng)
    if filled is None and rng is not None:  # an unlucky order: start from the canonical fit
        filled = _arrange(s, slots, hidden, None)
    if filled is None:  # no arrangement found within the search's budget: keep the real one
        filled = [[s.unit(uid) for uid in forms[slot.at].units] for slot in slots]
    if rng is not None:
        placed_ids = {u.id for members in filled for u in members}
        _shuffle_swaps(s, slots, filled, [u for u in hidden if u.id not in placed_ids], rng)
    flying: dict[int, _Slot] = {}
    for slot, members in zip(slots, filled, strict=True):
        ids = tuple(u.id for u in members)
        if rng is None:
            ids = tuple(sorted(ids))
        top = min(ids) if rng is None else rng.choice(ids)
        forms[slot.at] = forms[slot.at]._replace(units=ids, top=top)
        flying.update((uid, slot) for uid in ids)
    hidden_ids = {u.id for u in hidden}
    lw = []
    for u in s.lw:
        if u.id not in hidden_ids:
            lw.append(u)
            continue
        prior = _prior_missions(s, u)
        home = flying.get(u.id)
        if home is None:
            lw.append(u._replace(status=POOL, missions=prior, land_by=0))
            continue
        endurance = s.types[u.type].endurance
        land_by = home.placed + endurance - 1 if endurance else 0
        lw.append(u._replace(status=AIR, missions=prior + 1, land_by=land_by))
    s.lw = tuple(lw)
    s.forms = tuple(forms)
    s._index()
    if rng is not None:
        for i in unplaced:
            forms[i] = _make_up(s, forms[i], rng)
            s.forms = tuple(forms)
        if s.options.get("preplanning"):
            _plan_again(s, rng)


def _planned_raids(s: FightState) -> set[int]:
    """Preplanning: the formations planned and not yet off (no task names them yet)."""
    if not s.options.get("preplanning"):
        return set()
    named = {t[1] for t in s.queue if len(t) > 1 and isinstance(t[1], int)}
    return {
        f.id
        for f in s.forms
        if not f.hex and f.launch > s.turn_no and f.id not in named and not f.seen
    }


def _plan_again(s: FightState, rng: random.Random) -> None:
    """Preplanning, in a sample: the Luftwaffe's sheet made out again from the pool. A guess
    that every bomber still in the pool flies today: raids made up at random (a bomber first,
    ``_make_up``) while a bomber is left, each with a target and a take-off turn from the next
    turn on, at most ``formations_per_turn`` a turn. With Hunter Packs the sheet also names
    patrols: ``_plan_patrols``."""
    taking_off = s.takeoffs()
    targets = _targets(s)
    while targets:
        turns = _free_turns(s, taking_off)
        if not turns:
            return
        f = _make_up(s, s._new_form((), RAID), rng)
        if not any(s.types[s.unit(u).type].role == "bomber" for u in f.units):
            break
        turn = rng.choice(turns)
        taking_off[turn] = taking_off.get(turn, 0) + 1
        s.forms = (*s.forms, f._replace(target=rng.choice(targets), launch=turn))
        s.next_form += 1
    if s.options.get("hunter_packs"):
        _plan_patrols(s, rng, taking_off)


def _free_turns(s: FightState, taking_off: dict[int, int]) -> list[int]:
    """The turns still to come with room on the sheet for one more take-off (four a turn)."""
    rules = s.rules
    return [
        t
        for t in range(s.turn_no + 1, rules.turns_per_day + 1)
        if taking_off.get(t, 0) < rules.formations_per_turn
    ]


def _plan_patrols(s: FightState, rng: random.Random, taking_off: dict[int, int]) -> None:
    """Preplanning with Hunter Packs, in a sample: "fighters that are to act as patrols only must
    also be designated along with their patrol area and take-off turns". How many the sheet
    names the RAF cannot know, so a sample draws it evenly from none to as many as the fighters
    left in the pool make up (three a patrol); each patrol made up at random from them, with a
    take-off turn from the next turn on (its patrol hex is dealt with the targets,
    ``_redeal_targets``)."""
    taken = {uid for f in s.forms for uid in f.units}
    fighters = sum(
        1
        for u in s.lw
        if u.status == POOL and u.id not in taken and s.types[u.type].role == "fighter"
    )
    for _ in range(rng.randint(0, math.ceil(fighters / s.rules.patrol_size))):
        turns = _free_turns(s, taking_off)
        if not turns:
            return
        f = _make_up(s, s._new_form((), PATROL), rng)
        if not f.units:
            return
        turn = rng.choice(turns)
        taking_off[turn] = taking_off.get(turn, 0) + 1
        s.forms = (*s.forms, f._replace(launch=turn))
        s.next_form += 1


def _alike(s: FightState, u: Lw) -> tuple[Any, ...]:
    """Units the make-up rules cannot tell apart."""
    prior = _prior_missions(s, u) > 0
    return (prior, u.type, u.group, u.ready if prior else 0)


def _order(s: FightState, hidden: list[Lw], rng: random.Random | None) -> list[Lw]:
    """The units to try, alike ones together and second missions first: by number for the
    canonical arrangement, shuffled for a sample."""
    classes: dict[tuple[Any, ...], list[Lw]] = defaultdict(list)
    for u in sorted(hidden, key=lambda u: u.id):
        classes[_alike(s, u)].append(u)
    keys = sorted(classes, key=lambda k: (not k[0], classes[k][0].id))
    if rng is not None:
        rng.shuffle(keys)
        keys.sort(key=lambda k: not k[0])
        for members in classes.values():
            rng.shuffle(members)
    return [u for k in keys for u in classes[k]]


def _speed(s: FightState, move: int) -> int:
    return max(1, move - 1) if s.weather == "poor" else move


def _arrange(
    s: FightState, slots: list[_Slot], hidden: list[Lw], rng: random.Random | None
) -> list[list[Lw]] | None:
    """The first arrangement of ``hidden`` into ``slots`` (in number order, or shuffled by
    ``rng``): each raid's bombers first (one group at its speed, as many as leave at most three
    fighters), then the fighters, second missions among them. None if none is found within a
    budget (it never happens in the games played so far)."""
    pools: dict[tuple[int, int], list[Lw]] = defaultdict(list)
    for u in sorted(hidden, key=lambda u: u.id):
        t = s.types[u.type]
        if t.role == "bomber":
            pools[(u.group, t.move)].append(u)
    fighters = _order(s, [u for u in hidden if s.types[u.type].role == "fighter"], rng)
    forced = sum(1 for u in fighters if _prior_missions(s, u))
    if any(_prior_missions(s, u) for u in hidden if s.types[u.type].role == "bomber"):
        return None  # bombers fly once a day: cannot happen
    choices: list[list[tuple[tuple[int, int], int]]] = []
    for slot in slots:
        found = []
        if slot.kind != PATROL:
            fewest = max(1, slot.size - s.rules.max_fighters_per_formation)
            for key in sorted(pools):
                if _speed(s, key[1]) != slot.speed:
                    continue
                found += [(key, b) for b in range(slot.size, fewest - 1, -1)]
        if rng is not None:
            # tried in a random order weighted by the ways each choice can be filled, so a group
            # with many bombers comes first as often as it has arrangements (a weighted shuffle)
            def ways(choice: tuple[tuple[int, int], int], size: int = slot.size) -> float:
                key, count = choice
                return math.comb(len(pools[key]), count) * math.comb(len(fighters), size - count)

            found.sort(key=lambda c: -(rng.random() ** (1.0 / max(ways(c), 1))))
        choices.append(found)
    if rng is not None:
        for members in pools.values():
            rng.shuffle(members)
    left = {key: len(members) for key, members in pools.items()}
    picked: list[tuple[tuple[int, int], int] | None] = [None] * len(slots)
    tries = [0]
    # fighters still free for the raids' escorts once the patrols have theirs
    spare = [len(fighters) - sum(slot.size for slot in slots if slot.kind == PATROL)]

    def bombers() -> list[list[Lw]] | None:
        taken: dict[tuple[int, int], int] = defaultdict(int)
        out: list[list[Lw]] = []
        for slot, pick in zip(slots, picked, strict=True):
            members: list[Lw] = []
            if pick is not None:
                key, count = pick
                pool = pools[key]
                while len(members) < count and taken[key] < len(pool):
                    u = pool[taken[key]]
                    taken[key] += 1
                    if _fits(s, slot, [*members, u], False):
                        members.append(u)
                if len(members) < count:
                    return None
            out.append(members)
        return out

    # the raids, one speed (so one set of bomber pools) at a time, biggest first
    raids = sorted(
        (k for k, slot in enumerate(slots) if slot.kind != PATROL),
        key=lambda k: (slots[k].speed, -slots[k].size, k),
    )

    def least(k: int) -> int:
        return max(1, slots[k].size - s.rules.max_fighters_per_formation)

    def hopeless(n: int) -> bool:
        """Some raid not yet chosen for can no longer find its bombers."""
        need: dict[int, int] = defaultdict(int)
        for k in raids[n:]:
            speed = slots[k].speed
            need[speed] += least(k)
            if not any(left[key] >= least(k) for key in pools if _speed(s, key[1]) == speed):
                return True
        for speed, count in need.items():
            if sum(c for key, c in left.items() if _speed(s, key[1]) == speed) < count:
                return True
        return False

    def choose(n: int) -> list[list[Lw]] | None:
        if n == len(raids):
            start = bombers()
            return None if start is None else _fill(s, slots, fighters, forced, start)
        if hopeless(n):
            return None
        k = raids[n]
        for key, count in choices[k]:
            tries[0] += 1
            if tries[0] > 20000:
                return None
            escorts = slots[k].size - count
            if left[key] < count or escorts > spare[0]:
                continue
            left[key] -= count
            spare[0] -= escorts
            picked[k] = (key, count)
            found = choose(n + 1)
            left[key] += count
            spare[0] += escorts
            if found is not None:
                return found
        picked[k] = None
        return None

    return choose(0)


def _fill(
    s: FightState,
    slots: list[_Slot],
    order: list[Lw],
    forced: int,
    start: list[list[Lw]],
    budget: int = 5000,
) -> list[list[Lw]] | None:
    """The first completion, in ``order``, of the formations begun in ``start`` that fits each
    one and puts the first ``forced`` units (second missions) in the air; None if none is found
    in budget. Alike units are tried once per choice, so the search does not wander among
    equals."""
    keys = [_alike(s, u) for u in order]
    used = [False] * len(order)
    chosen: list[list[Lw]] = [list(members) for members in start]
    steps = [0]

    def place(k: int, start: int) -> bool:
        steps[0] += 1
        if steps[0] > budget:
            return False
        if k == len(slots):
            return all(used[:forced])
        slot, members = slots[k], chosen[k]
        if len(members) == slot.size:
            return _fits(s, slot, members, True) and place(k + 1, 0)
        for j in range(start, len(order)):
            if used[j] or (j > start and keys[j] == keys[j - 1] and not used[j - 1]):
                continue
            members.append(order[j])
            used[j] = True
            if _fits(s, slot, members, False) and place(k, j + 1):
                return True
            members.pop()
            used[j] = False
        return False

    return chosen if place(0, 0) else None


def _shuffle_swaps(
    s: FightState, slots: list[_Slot], filled: list[list[Lw]], resting: list[Lw], rng: Any
) -> None:
    """Random swaps of two units (between formations, or with the pool), each kept when both
    places still fit: a walk whose resting distribution is uniform over the arrangements it
    reaches, started from a random first fit."""
    places = [(k, p) for k, members in enumerate(filled) for p in range(len(members))]
    if not places:
        return
    for _ in range(6 * len(places)):
        k, p = rng.choice(places)
        r = rng.randrange(len(places) + len(resting))
        u = filled[k][p]
        if r < len(places):
            k2, p2 = places[r]
            if k2 == k:
                continue
            v = filled[k2][p2]
            filled[k][p], filled[k2][p2] = v, u
            if not (_fits(s, slots[k], filled[k], True) and _fits(s, slots[k2], filled[k2], True)):
                filled[k][p], filled[k2][p2] = u, v
        else:
            q = r - len(places)
            v = resting[q]
            if _prior_missions(s, u):
                continue  # a second-mission unit cannot be back in the pool
            filled[k][p] = v
            if _fits(s, slots[k], filled[k], True):
                resting[q] = u
            else:
                filled[k][p] = u


def _make_up(s: FightState, f: Form, rng: random.Random) -> Form:
    """A formation not yet on the map, made up again at random from the pool."""
    taken = {uid for g in s.forms for uid in g.units}
    free = [u for u in s.lw if u.status == POOL and u.id not in taken]
    rng.shuffle(free)
    want = rng.randint(1, s.rules.max_units_per_formation)
    if f.kind != PATROL:
        # a raid needs a bomber first
        free.sort(key=lambda u: s.types[u.type].role != "bomber")
    for u in free:
        if len(f.units) >= want:
            break
        if s.can_add(f, u):
            f = f._replace(units=(*f.units, u.id), top=f.units[0] if f.units else u.id)
    return f


def _redeal_targets(s: FightState, rng: random.Random | None) -> None:
    """Hidden targets re-dealt among those each formation could still be flying to."""
    forms = list(s.forms)
    secret = [i for i, f in enumerate(forms) if _target_hidden(f) and f.target]
    for i in secret:
        forms[i] = forms[i]._replace(target="")
    s.forms = tuple(forms)
    for i in secret:
        f = forms[i]
        choices = _valid_targets(s, f, [g for j, g in enumerate(forms) if j != i])
        if choices:
            pick = choices[0] if rng is None else rng.choice(choices)
            forms[i] = f._replace(target=pick)
            s.forms = tuple(forms)
    for i, f in enumerate(forms):
        if f.kind != PATROL or f.seen:
            continue
        if f.hex:
            # a patrol on the map: canonically already over its patrol hex
            if f.patrol and rng is None:
                forms[i] = f._replace(patrol=f.hex)
        elif rng is None or not f.units:
            forms[i] = f._replace(patrol="")
        else:
            forms[i] = f._replace(patrol=rng.choice(_patrol_hexes(s, f)))
    s.forms = tuple(forms)


def _patrol_hexes(s: FightState, f: Form) -> list[str]:
    """Hunter Packs: the hexes a patrol made up of ``f``'s fighters could be sent to."""
    board = s.board
    reach = max(s.types[s.unit(u).type].move for u in f.units) * 2
    return [
        h
        for h in board.hexes
        if board.terrain[h] != "assembly"
        and min(board.distance(h, a) for a in s.free_assembly() or board.assembly) <= reach
    ]


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


def view(s: FightState, seat: str | None, with_infostate: bool = True) -> JSON:
    board = s.board
    lw_seat = seat == LUFTWAFFE
    forms = []
    for f in sorted(s.forms, key=lambda g: (g.hex == "", board.coords.get(g.hex, (0, 0)), g.id)):
        if (not f.hex or placing(s)) and not lw_seat:
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
    return s.with_own_data(
        {
            "ruleset": "fight-for-the-sky",
            "scenario": s.scenario,
            "seat": seat,
            "day": s.day + 1,
            "date": s.comp.days[min(s.day, len(s.comp.days) - 1)],
            "turn": s.turn_no,
            "weather": s.weather,
            "availability": None if s.avail < 0 else s.avail,
            "raids_over": s.finished,  # the Luftwaffe has announced it flies no more raids today
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
            "infostate": infostate(s, seat) if with_infostate else None,
        }
    )

"""Heuristic players for bob, deciding from the seat's view and the printed board alone.

The Luftwaffe picks missions it can reach and come home from on its three fuel tokens and
that pay (cities for points, airfields to ground flights, radar to open gaps), flies the
least watched shortest path, bombs on arrival, sends its Bf 109s home early on a long leg
unless fighters wait at the target, and turns for home when the bombers are gone or the
target is out of reach. It counts how often the RAF has intercepted and dogfought its raids,
and flies less against a keen defence. The RAF intercepts at the radar line, prefers the
flights that carry bombers and keeps a marker back for the raids still to come, dogfights
when the odds say so (``odds.py``), spreads its flights in front of what is threatened, and
comes home to refuel when weak.

A player never sees the state: the view, the decision, and the static tables that both
sides know (``load_tables``: spaces, distances, radar line, targets, the printed cards).
What the view leaves out is read from the prompt (which flight is moving, how far it may
go); docs/rules/bob-bots.md lists what the view should carry instead.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from dowding.engine import Action, Decision, data_folder

from . import odds
from .tables import LUFTWAFFE, RAF, Card, Mission, Tables, load_tables

MOVE_PER_FUEL = 5  # Step 5: a fuel token moves a flight up to 5 spaces
RAF_MOVE = 3  # Step 6 and British Intercept: three spaces
LW_FULL = 6  # a Luftwaffe flight flies with six squadron cards
LOSS_VP = 1.0  # every squadron card shot down is a victory point to the other side
FAIL_VP = 2.0  # a failed mission is two victory points to the RAF
# how often an RAF flight in reach intercepts a raid entering the radar line, or dogfights a raid
# ending its move within three spaces, before anything has been seen (a determined RAF); the
# Luftwaffe then counts what its raids actually meet
ICPT_PRIOR = 0.6
DF_PRIOR = 0.4
# a flight is grounded rather than sent on a mission not expected to gain victory points
# (No Mission Assignment: grounding scores nothing). Flying the missions valued down to -2, as
# this player once did, gave the RAF 94% of 200 Channel Battles (LW 5%); at 0 the Luftwaffe won
# 29 of 40 (docs/rules/bob.md, Balance): the marginal raids were the ones intercepted.
GROUND_BELOW = 0.0
# how much the RAF's guard positions weigh the targets themselves, against the radar line the
# raids cross (the search player's own policy sets 0: docs/benchmarks.md, "bob's own policy")
TARGET_GUARD = 0.1
# playing to win rather than for points: a Luftwaffe behind (after the repairs the RAF is expected
# to make) flies raids down to RISK_PER_VP a victory point short, spread over the turns left, and
# never below MAX_RISK; ahead, it keeps to the raids that pay
RISK_PER_VP = 1.0
MAX_RISK = 3.0
REPAIRS_A_TURN = 5
FUTURE_RISK = 2.0  # an intercept waiting at next turn's crossing of the radar line
# (cards lost, bombers among them) in a dogfight of three RAF fighters against six cards with
# 0, 1, 2, ... Bf 109s to lead (the dogfight procedure played out with the card values)
DOGFIGHT_LOSSES = ((2.9, 2.9), (2.2, 1.9), (1.5, 0.9), (1.1, 0.4), (1.0, 0.2), (0.9, 0.1))
# bombers wanted among a flight's six cards when it is filled up (Step 4); the rest fighters
BOMBERS_FOR_CITY = 4
BOMBERS_FOR_ONE_HIT = 3

_LUFT = re.compile(r"Luft\. (\w+)")
_RAF = re.compile(r"RAF (\w+)")
_LEFT = re.compile(r"(\d+) space\(s\) left")
_OVER = re.compile(r"over (\w+)")


# --------------------------------------------------------------------------- static knowledge


@dataclass(frozen=True)
class _Kind:
    """One aircraft type as a card of it prints it, and how often a deck holds it."""

    type: str
    dice: int
    damage: int
    bombs: int
    bomber: bool
    share: float

    def card(self, unit: int) -> Card:
        role = "bomber" if self.bomber else "fighter"
        return Card("", "", unit, "", self.type, role, self.dice, self.damage, self.bombs)


class _Static:
    """What both players know before the game: the board, the targets, the printed cards."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.mission: dict[str, Mission] = {m.id: m for m in t.missions}
        self.card: dict[str, Card] = {c.id: c for c in t.cards}
        self.lw_bases = frozenset(t.lw_base.values())
        self.pos: dict[str, tuple[int, int]] = {}
        for s in t.spaces:
            m = re.fullmatch(r"([A-Z]+)(\d+)", s)
            if m:
                col = 0
                for ch in m.group(1):
                    col = col * 26 + ord(ch) - 64
                self.pos[s] = (col, int(m.group(2)))
        self.at = {p: s for s, p in self.pos.items()}
        self.kinds: dict[int, list[_Kind]] = {}
        for unit in {c.unit for c in t.cards}:
            deck = [c for c in t.cards if c.unit == unit]
            counts: dict[tuple[str, int, int, int, bool], int] = {}
            for c in deck:
                key = (c.type, c.dice, c.damage, c.bombs, c.role == "bomber")
                counts[key] = counts.get(key, 0) + 1
            self.kinds[unit] = [
                _Kind(*key, share=n / len(deck)) for key, n in sorted(counts.items())
            ]
        # the cards a flight still in its box is reckoned to fly with (Step 3), by unit
        self.expected_cards: dict[int, list[Card]] = {
            unit: [k.card(unit) for k in kinds for _ in range(round(k.share * LW_FULL))]
            for unit, kinds in self.kinds.items()
        }
        self.target_weight = self._target_weights()
        self.radar_weight = self._radar_weights()
        self._near: dict[tuple[str, int], tuple[str, ...]] = {}
        for space in self.pos:
            self.near(space, RAF_MOVE)  # built once here, not in the middle of a decision

    def near(self, space: str, n: int) -> tuple[str, ...]:
        """Grid spaces within ``n`` king moves (the box excluded)."""
        key = (space, n)
        got = self._near.get(key)
        if got is None:
            got = ()
            if space in self.pos:
                c0, r0 = self.pos[space]
                got = tuple(
                    self.at[(c, r)]
                    for c in range(c0 - n, c0 + n + 1)
                    for r in range(r0 - n, r0 + n + 1)
                    if (c, r) in self.at
                )
            self._near[key] = got
        return got

    def _target_weights(self) -> dict[str, float]:
        # how much each target space is worth guarding: its value, if a raid can reach it
        out: dict[str, float] = {}
        for m in self.t.missions:
            target = self.t.targets[m.target]
            reach = min(self.t.distance(b, target.space) for b in self.t.lw_base.values())
            if reach > 3 * MOVE_PER_FUEL:
                continue
            value = 4.0 if target.kind == "city" else 2.5
            out[target.space] = out.get(target.space, 0.0) + value * (1.5 if reach <= 10 else 1.0)
        return out

    def _radar_weights(self) -> dict[str, float]:
        # the radar spaces a raid crosses on a shortest path from a Luftwaffe airfield to a
        # target it can reach: where interceptors are worth having within three spaces
        out: dict[str, float] = {}
        radar = [s for s in self.t.radar_of if s in self.pos]
        for base in self.t.lw_base.values():
            for space, value in self.target_weight.items():
                d = self.t.distance(base, space)
                if d > 3 * MOVE_PER_FUEL:
                    continue
                on_path = [
                    r for r in radar if self.t.distance(base, r) + self.t.distance(r, space) == d
                ]
                for r in on_path:
                    out[r] = out.get(r, 0.0) + value / len(on_path)
        top = max(out.values(), default=1.0)
        return {s: 3.0 * w / top for s, w in out.items()}


@lru_cache(maxsize=4)
def _static(data_dir: str = "") -> _Static:
    static = _Static(load_tables(data_dir))
    # the exact odds are Fractions: worked out once here rather than in a player's first turn
    for dice in range(16):
        for hits in range(4):
            _at_least(dice, hits)
            _exactly(dice, hits)
    kinds = [k for unit in static.kinds.values() for k in unit]
    for a in kinds:
        for b in kinds:
            _duel(a.dice, a.damage, b.dice, b.damage)
    return static


# --------------------------------------------------------------------------- the view


class _View:
    """Convenient reading of a bob view."""

    def __init__(self, view: dict[str, Any], s: _Static) -> None:
        self.v = view
        self.s = s
        self.t = s.t
        self.turn = int(view.get("turn", 1))
        self.last_turn = int(view.get("last_turn", 4))
        self.flights: dict[str, dict[str, Any]] = view.get("flights", {})
        markers = view.get("markers", {})
        self.markers = int(markers.get("air_combat", 0)) + int(markers.get("big_wing", 0))
        self.combats: dict[str, str] = markers.get("combats", {})
        self.hits: dict[str, int] = {
            name: int(entry.get("hits", 0)) for name, entry in view.get("targets", {}).items()
        }
        self.memo: dict[Any, Any] = {}  # what one decision works out once and reads often

    def on_map(self, side: str) -> dict[str, dict[str, Any]]:
        """The side's flights on the map (worked out once per decision; callers only read it)."""
        got: dict[str, dict[str, Any]] | None = self.memo.get(("on_map", side))
        if got is None:
            got = self.memo["on_map", side] = {
                f: e
                for f, e in self.flights.items()
                if e.get("side") == side and e.get("status") == "map" and e.get("space")
            }
        return got

    def knocked_out(self, target: str) -> bool:
        return self.hits.get(target, 0) >= self.t.targets[target].hits

    def target_of(self, flight: str) -> str | None:
        """A Luftwaffe flight's target id, for its own side."""
        e = self.flights.get(flight, {})
        target = e.get("target")
        if isinstance(target, str) and target in self.t.targets:
            return target
        mission = e.get("mission")
        if isinstance(mission, str) and mission in self.s.mission:
            return self.s.mission[mission].target
        return None

    def own_cards(self, flight: str) -> list[Card]:
        out = []
        for c in self.flights.get(flight, {}).get("cards", []):
            cid = c.get("id")
            if cid in self.s.card:
                out.append(self.s.card[cid])
        return out

    def raf_blocks(self) -> frozenset[str]:
        return frozenset(e["space"] for e in self.on_map(RAF).values())

    def interceptors(self, space: str) -> int:
        """RAF flights that could intercept a raid entering ``space`` (British Intercept)."""
        if self.markers <= 0 or space in self.t.no_raf:
            return 0
        return sum(
            1
            for e in self.on_map(RAF).values()
            if not e.get("intercepted")
            and not self.combats.get(e["space"])
            and self.t.distance(e["space"], space) <= RAF_MOVE
        )

    def production(self, group: int) -> int:
        return sum(
            self.t.targets[c].production
            for c in self.t.group_cities.get(group, ())
            if self.hits.get(c, 0) == 0
        )


def _turns_left(v: _View) -> int:
    """Turns still to play, this one included."""
    return max(0, v.last_turn - v.turn + 1)


def _score(v: _View) -> tuple[int, int]:
    """(Luftwaffe, RAF) victory points so far (Winning, Victory Points): the view's own count,
    or, in a brief view without it, what the table shows (the missions left out)."""
    vp = v.v.get("victory_points")
    if isinstance(vp, dict):
        lw, raf = int(vp.get(LUFTWAFFE, 0)), int(vp.get(RAF, 0))
        campaign = v.v.get("campaign")
        if isinstance(campaign, dict):  # the campaign: the scenarios before count too
            lw, raf = lw + int(campaign.get(LUFTWAFFE, 0)), raf + int(campaign.get(RAF, 0))
        return lw, raf
    lw = raf = 0
    for c in v.v.get("damaged", []):
        if int(c.get("unit", 0)) >= 10:
            lw += 1
        else:
            raf += 1
    for name, hits in v.hits.items():
        target = v.t.targets.get(name)
        if target is None:
            continue
        if target.kind == "city":
            lw += 3 if hits >= target.hits else hits
        elif hits >= target.hits:
            lw += 1
    for e in v.flights.values():
        if e.get("ace"):
            if e.get("side") == RAF:
                raf += 1
            else:
                lw += 1
    return lw, raf


def _repairs_to_come(v: _View) -> float:
    """Victory points the RAF is expected to take back by repairs (Step 2) before the end:
    its damaged cards and knocked-out airfields and radar stations, about three a turn."""
    turns = max(0, v.last_turn - v.turn)  # the Step 2s still to come
    repairable = sum(1 for c in v.v.get("damaged", []) if int(c.get("unit", 0)) >= 10)
    for name in v.hits:
        target = v.t.targets.get(name)
        if target is not None and target.kind != "city" and v.knocked_out(name):
            repairable += 1
    return float(min(repairable, REPAIRS_A_TURN * turns))


def _reach(fuel: int, turns: int) -> int:
    """How far a flight with ``fuel`` tokens can still get in ``turns`` turns (Step 5)."""
    if turns <= 0 or fuel <= 0:
        return 0
    if fuel >= 3:
        return MOVE_PER_FUEL if turns == 1 else 3 * MOVE_PER_FUEL
    return MOVE_PER_FUEL * fuel  # two tokens may be spent together for 10 spaces


def _home_loss(cards: list[Card], fuel: int, escort_home: bool = True) -> float:
    """Expected cards lost reaching for home with ``fuel`` tokens left."""
    lost = 0.0
    for c in cards:
        if c.type == "bf109" and escort_home and fuel == 0:
            continue  # turned back early on a two-token move: home safe
        lost += _home_odds(c.role == "bomber", fuel)
    return lost


@lru_cache(maxsize=16)
def _home_odds(bomber: bool, fuel: int) -> float:
    return float(odds.reach_for_home_loss("bomber" if bomber else "fighter", fuel))


@lru_cache(maxsize=1024)
def _duel(raf_dice: int, raf_damage: int, lw_dice: int, lw_damage: int) -> tuple[float, float]:
    """(P RAF card down, P Luftwaffe card down) for one card against one."""
    d = odds.dogfight(raf_dice, raf_damage, lw_dice, lw_damage)
    return float(d.raf_down), float(d.luftwaffe_down)


@lru_cache(maxsize=256)
def _at_least(dice: int, hits: int) -> float:
    return float(odds.p_bomb_hits(max(0, dice), hits))


@lru_cache(maxsize=256)
def _exactly(dice: int, hits: int) -> float:
    return float(odds.symbol_count(max(0, dice), "luftwaffe", "roundel").get(hits, 0))


def _lw_card_value(c: Card, target_kind: str | None) -> float:
    """What a Luftwaffe card is worth keeping: bombs on the target, then guns."""
    bombs = c.bombs + (1 if c.type == "ju87" and target_kind in ("airfield", "radar") else 0)
    return 1.0 * bombs + 0.25 * c.dice + 0.1 * c.damage


def _raf_card_value(c: Card) -> float:
    return 0.3 * c.dice + 0.25 * c.damage


# --------------------------------------------------------------------------- the player


class BobHeuristic:
    """One heuristic player for any bob seat; it plays the side its seat belongs to.

    It is deterministic (the seed chooses nothing); what it remembers from earlier views is
    what the RAF has seen of the Luftwaffe's cards, and each flight's planned path.
    """

    # it reads the view without the infostate; not the brief one (BobState.view(..., brief=True),
    # cheaper by about 0.08 ms), which leaves out the victory points its Step 3 plays to
    view_options: ClassVar[dict[str, bool]] = {"infostate": False}

    def __init__(
        self,
        seat: str,
        seed: int = 0,
        strength: str | None = None,
        *,
        ground_below: float | None = None,
        target_guard: float | None = None,
    ) -> None:
        self.seat = seat
        self.side = RAF if seat.startswith(RAF) else LUFTWAFFE
        # the module's values unless given (read now, so that a test may set them)
        self.ground_below = GROUND_BELOW if ground_below is None else ground_below
        self.target_guard = TARGET_GUARD if target_guard is None else target_guard
        _static()  # the board's tables, built now rather than in the first decision
        self.data = ""  # the player's own data folder, as the last view named it
        # what the RAF has seen of each Luftwaffe flight's cards (face up in a fight)
        self.seen: dict[str, dict[str, Card]] = {}
        self._paths: dict[str, tuple[tuple[Any, ...], list[str]]] = {}
        # how the RAF has met the Luftwaffe's raids so far: flight-turns flown, and the
        # intercepts and dogfights they ran into (each once, by turn and flight or space)
        self.icpt_chances: set[tuple[int, str]] = set()
        self.df_chances: set[tuple[int, str]] = set()
        self.intercepted: set[tuple[int, str]] = set()
        self.dogfought: set[tuple[int, str]] = set()
        # the last Step 3's mission values, and what they were worked out from
        self._step3_key: Any = None
        self._step3_values: dict[tuple[Any, ...], float] = {}
        self._step3_crossings: dict[tuple[str, str], str | None] = {}

    @property
    def s(self) -> _Static:
        return _static(self.data)  # shared by every player, and not copied with one

    def choose(self, view: dict[str, Any], decision: Decision) -> Action:
        self.data = data_folder(view)
        v = _View(view, self.s)
        if self.side == RAF:
            self._remember(v)
        else:
            self._tally(v, decision)
        kinds = {o.kind for o in decision.options}
        for kind, handler in _HANDLERS:
            if kind in kinds:
                choice: Action = handler(self, v, decision)
                if choice in decision.options:
                    return choice
                break
        return decision.options[0]

    # --- memory ------------------------------------------------------------------------------
    def _remember(self, v: _View) -> None:
        down = {c.get("id") for c in v.v.get("damaged", []) if c.get("id")}
        for f, e in v.flights.items():
            if e.get("side") != LUFTWAFFE:
                continue
            if e.get("status") == "grounded":
                self.seen.pop(f, None)  # its cards went back to the combat ready box
                continue
            known = self.seen.setdefault(f, {})
            for c in e.get("cards", []):
                cid = c.get("id")
                if cid in self.s.card:
                    known[cid] = self.s.card[cid]
            for cid in [c for c in known if c in down]:
                del known[cid]

    def _tally(self, v: _View, d: Decision) -> None:
        """The Luftwaffe keeps count of how keen the RAF is: intercepts show as an RAF flight
        marked as intercepting on a raid's space, dogfights as a card to pick."""
        raf_spaces = {e["space"] for e in v.on_map(RAF).values() if e.get("intercepted")}
        for f, e in v.on_map(LUFTWAFFE).items():
            if e["space"] in raf_spaces:
                self.intercepted.add((v.turn, f))
        if d.options[0].kind == "pick":
            m = _OVER.search(d.prompt)
            if m:
                self.dogfought.add((v.turn, m.group(1)))

    def _note_move(self, v: _View, flight: str, e: dict[str, Any], left: int, act: Action) -> None:
        """Chances the RAF had: a raid entering a watched radar space unseen before, and a
        raid ending its move within reach of RAF flights."""
        here = e["space"]
        to = act.word("to") if act.kind == "move" else here
        if act.kind == "move" and not e.get("detected") and not e.get("nondetect"):
            stations = v.t.radar_of.get(to, ())
            if any(not v.knocked_out(st) for st in stations) and v.interceptors(to):
                self.icpt_chances.add((v.turn, flight))
        ends = act.kind == "stop" or left <= v.t.step_cost(here, to) or to in v.raf_blocks()
        if ends and to not in v.t.no_raf and not e.get("nondetect"):
            free = [x for x in v.on_map(RAF).values() if not x.get("intercepted")]
            if any(v.t.distance(x["space"], to) <= RAF_MOVE for x in free):
                self.df_chances.add((v.turn, flight))

    def _keenness(self) -> tuple[float, float]:
        """(intercept, dogfight) chance for each RAF flight in reach: a determined RAF's at
        first, then more and more what the raids have met."""
        icpt = (len(self.intercepted) + 2 * ICPT_PRIOR) / (len(self.icpt_chances) + 2)
        dogfight = (len(self.dogfought) + 2 * DF_PRIOR) / (len(self.df_chances) + 2)
        return min(1.0, icpt), min(1.0, dogfight)

    def _lw_estimate(self, v: _View, flight: str) -> tuple[int, float, list[_Kind]]:
        """(cards, expected bombers, the kinds its cards may be) as the RAF reckons them."""
        e = v.flights.get(flight, {})
        n = len(e.get("cards", []))
        known = list(self.seen.get(flight, {}).values())[:n]
        unit = int(flight[0])
        prior = self.s.kinds.get(unit, [])
        bombers = sum(1.0 for c in known if c.role == "bomber")
        bombers += (n - len(known)) * sum(k.share for k in prior if k.bomber)
        kinds = [_Kind(c.type, c.dice, c.damage, c.bombs, c.role == "bomber", 1.0) for c in known]
        return n, bombers, kinds

    # --- Step 2, Production & Repairs (RAF) ---------------------------------------------------
    def _assist(self, v: _View, d: Decision) -> Action:
        best: tuple[float, str, Action] | None = None
        for o in d.options:
            if o.kind != "assist":
                continue
            group = int(o.number("to"))
            need = self._repair_need(v, group)
            score = need / (1.0 + v.production(group))
            if best is None or (score, o.text) > best[:2]:
                best = (score, o.text, o)
        return best[2] if best is not None else d.options[-1]

    def _repair_need(self, v: _View, group: int) -> float:
        need = sum(1.0 for c in v.v.get("damaged", []) if c.get("unit") == group and c.get("id"))
        for name, target in v.t.targets.items():
            if target.group == group and target.kind != "city" and v.knocked_out(name):
                need += 3.0 if target.kind == "airfield" else 2.0
        return need

    def _repair(self, v: _View, d: Decision) -> Action:
        def worth(o: Action) -> tuple[float, str]:
            kind, name = o.args[0]
            name = str(name)
            if kind == "airfield":
                return 10.0, o.text  # a flight back on duty and a victory point taken back
            if kind == "radar":
                # the gap lets raids through unseen; the busy coast first
                return 6.0 + self.s.radar_weight.get(v.t.targets[name].space, 0.0), o.text
            card = self.s.card.get(name)
            return (1.0 + _raf_card_value(card) if card else 1.0), o.text

        return max(d.options, key=worth)

    # --- Step 3, Mission Assignment (Luftwaffe) ----------------------------------------------
    def _assign(self, v: _View, d: Decision) -> Action:
        m = _LUFT.search(d.prompt)
        me = m.group(1) if m else ""
        hand = [o.word("mission") for o in d.options if o.kind == "assign"]
        waiting = [
            f
            for f, e in v.flights.items()
            if e.get("side") == LUFTWAFFE
            and e.get("status") in ("box", "grounded")
            and not e.get("mission")
        ]
        if me and me not in waiting:
            waiting.append(me)
        taken = {
            v.t.targets[t].space
            for f, e in v.on_map(LUFTWAFFE).items()
            if (t := v.target_of(f)) is not None
        }
        floor = self._ground_below(v)
        heap = [(-self._mission_value(v, f, mid), f, mid, False) for f in waiting for mid in hand]
        heapq.heapify(heap)
        used_f: set[str] = set()
        used_m: set[str] = set()
        spaces = set(taken)
        # greedy matching of flights to missions, best pairs first; a second raid on a space
        # already raided counts for less (two flights may not end on one space)
        while heap:
            cost, f, mid, shared = heapq.heappop(heap)
            if f in used_f or mid in used_m:
                continue
            space = v.t.targets[self.s.mission[mid].target].space
            if space in spaces and not shared:
                heapq.heappush(heap, (cost + 1.5, f, mid, True))
                continue
            if -cost <= floor:
                break
            if f == me:
                return Action("assign", mission=mid)
            used_f.add(f)
            used_m.add(mid)
            spaces.add(space)
        return Action("ground")

    def _ground_below(self, v: _View) -> float:
        """The least a raid must be expected to bring to be flown: ``ground_below``
        (GROUND_BELOW) while the Luftwaffe is ahead, less when it is behind and grounding would
        lose the game."""
        lw, raf = _score(v)
        margin = lw - raf - _repairs_to_come(v)
        if margin > 0:
            return self.ground_below
        short = 1 - margin  # victory points to gain to be ahead
        return self.ground_below - min(MAX_RISK, RISK_PER_VP * short / max(1, _turns_left(v)))

    def _mission_value(self, v: _View, flight: str, mid: str) -> float:
        """Expected victory points of sending ``flight`` on mission ``mid`` (0: grounding it).

        Step 3 asks once per flight waiting, each time for every flight and mission: a value
        is kept while everything it is worked out from stays the same (the turn, the hits,
        the RAF flights' status and space, the RAF's keenness so far, the flight's own cards
        and the status of the flight based at the target), so the assignments of one Step 3
        work each pair out once, with the same result."""
        common = v.memo.get("mission-values")
        if common is None:
            common = v.memo["mission-values"] = (
                v.turn,
                v.last_turn,
                tuple(sorted(v.hits.items())),
                tuple(
                    (f, e.get("status"), e.get("space"))
                    for f, e in v.flights.items()
                    if e.get("side") == RAF
                ),
                self._keenness(),
            )
        if self._step3_key != common:
            self._step3_key = common
            self._step3_values.clear()
            self._step3_crossings.clear()
        based = v.t.targets[self.s.mission[mid].target].flight
        key = (
            flight,
            mid,
            tuple(c.get("id") for c in v.flights.get(flight, {}).get("cards", ())),
            v.flights.get(based, {}).get("status") if based else None,
        )
        got = self._step3_values.get(key)
        if got is None:
            got = self._step3_values[key] = self._value_of_mission(v, flight, mid)
        return got

    def _value_of_mission(self, v: _View, flight: str, mid: str) -> float:
        mission = self.s.mission[mid]
        target = v.t.targets[mission.target]
        base = v.t.lw_base.get(flight)
        if base is None:
            return -99.0
        d = v.t.distance(base, target.space)
        turns = _turns_left(v)
        if v.knocked_out(target.name):
            # Mission Success: the target already has a knocked out marker, so the mission
            # counts as a success when the flight lands; it turns for home at once
            return 1.0 if turns >= 1 else -1.0
        if d > _reach(3, turns):
            return -99.0  # out of reach before the scenario ends: a certain failure
        cards = v.own_cards(flight)
        unit = int(flight[0])
        prior = self.s.kinds.get(unit, [])
        bomb_dice = sum(c.bombs for c in cards)
        bombers = [c for c in cards if c.role == "bomber"]
        if target.kind != "city":
            bomb_dice += sum(1 for c in bombers if c.type == "ju87")
        # the cards still to come from the combat ready box (placed for bombs, Step 4)
        free = max(0, LW_FULL - len(cards))
        per_card = sum(k.share * k.bombs for k in prior)
        # after turn 1 the cards are chosen, and chosen for their bombs
        bomb_dice += round(free * per_card * (1.3 if cards else 1.0))
        arrive_fuel = 2 if d <= MOVE_PER_FUEL else 1 if d <= 2 * MOVE_PER_FUEL else 0
        # the defence in the way: fighters within three spaces of where the raid crosses the
        # radar line (an intercept) and of the target (a dogfight before the bombs fall)
        fighters = v.memo.get("raf")
        if fighters is None:
            fighters = v.memo["raf"] = self._raf_positions(v)
        # where the raid crosses the radar line depends on the radars knocked out, so on the
        # hits: kept with the Step 3 values (cleared when the hits change)
        crossing = self._step3_crossings.get((base, target.space), "")
        if crossing == "":
            crossing = self._step3_crossings[base, target.space] = self._crossing(
                v, base, target.space
            )
        n_icpt = (
            0
            if crossing is None
            else sum(1 for x in fighters if v.t.distance(x, crossing) <= RAF_MOVE)
        )
        n_df = sum(1 for x in fighters if v.t.distance(x, target.space) <= RAF_MOVE)
        icpt_rate, df_rate = self._keenness()
        p_icpt = min(0.95, 1 - (1 - icpt_rate) ** n_icpt)
        p_df = min(0.9, 1 - (1 - df_rate) ** n_df)
        # a dogfight costs a flight with few Bf 109s to lead it most of its bombers
        escorts = sum(1 for c in cards if c.type == "bf109")
        escorts += round(free * sum(k.share for k in prior if k.type == "bf109"))
        df_lost, df_bombers = DOGFIGHT_LOSSES[min(escorts, len(DOGFIGHT_LOSSES) - 1)]
        bombers_left = max(1.0, len(bombers) + free * sum(k.share for k in prior if k.bomber))
        df_share = min(1.0, df_bombers / bombers_left)
        p_bomb = (1 - 0.45 * p_icpt) * (1 - df_share * p_df) * (1.0 if d <= MOVE_PER_FUEL else 0.9)
        if (d > MOVE_PER_FUEL and turns <= 2) or d > 2 * MOVE_PER_FUEL:
            # stopped on the radar line on its last leg (the last turn, or the two-token
            # dash with nothing left after it), a raid cannot go on
            p_bomb *= 1 - 0.5 * p_icpt
        dice = max(1, round(bomb_dice * (1 - 0.3 * p_icpt - 0.5 * df_share * p_df)))
        need = max(1, target.hits - v.hits.get(target.name, 0))
        p_ko = _at_least(dice, need)
        if target.kind == "city":
            have = v.hits.get(target.name, 0)
            # a bomb marker also stops the city's production, and so the RAF's repairs
            denial = 0.15 * target.production * max(0, turns - 1) if have == 0 else 0.0
            win = (3 - have) + 1.0 + denial
            partial = sum((k + denial) * _exactly(dice, k) for k in range(1, need))
            p_zero = _exactly(dice, 0)
            bombed = p_ko * win + partial - p_zero * FAIL_VP
        else:
            extra = 0.0
            if target.kind == "airfield" and target.flight:
                e = v.flights.get(target.flight, {})
                extra = 1.0 if e.get("status") in ("map", "box") else 0.2
            elif target.kind == "radar":
                extra = 0.3
            bombed = p_ko * (2.0 + extra) - (1 - p_ko) * FAIL_VP
        expected_cards = cards or self.s.expected_cards.get(unit, [])
        home = _home_loss(expected_cards, arrive_fuel)
        lost = 2.4 * p_icpt + df_lost * p_df + home
        shot = 1.6 * p_icpt + (0.2 + 0.2 * min(escorts, 4)) * p_df
        return p_bomb * bombed - (1 - p_bomb) * FAIL_VP - lost * LOSS_VP + 0.6 * shot - 0.2

    def _raf_positions(self, v: _View) -> list[str]:
        """Where the RAF's flights will be when the raids go in: on the map, or back on
        their airfields after the Squadron Alert."""
        out = []
        for f, e in v.flights.items():
            if e.get("side") != RAF:
                continue
            if e.get("status") == "map" and e.get("space"):
                out.append(e["space"])
            elif e.get("status") == "box":
                base = v.t.raf_base_name.get(f)
                if base and not v.knocked_out(base) and f in v.t.raf_base:
                    out.append(v.t.raf_base[f])
        return out

    def _crossing(self, v: _View, start: str, goal: str) -> str | None:
        """The first working radar space on a straight run from ``start`` to ``goal``."""
        key = ("crossing", start, goal)
        if key not in v.memo:
            v.memo[key] = self._walk_to_radar(v, start, goal)
        found: str | None = v.memo[key]
        return found

    def _walk_to_radar(self, v: _View, start: str, goal: str) -> str | None:
        pos = self.s.pos
        here = start
        if here not in pos:  # the Norway box: out through the link nearest the goal
            links = [n for n in v.t.neighbours.get(here, ()) if n in pos]
            if not links:
                return None
            here = min(links, key=lambda n: (v.t.distance(n, goal), n))
        by_pos = self.s.at
        for _ in range(64):
            stations = v.t.radar_of.get(here)
            if stations and any(not v.knocked_out(st) for st in stations):
                return here
            if here == goal:
                return None
            (c, r), (gc, gr) = pos[here], pos[goal]
            step = (c + (gc > c) - (gc < c), r + (gr > r) - (gr < r))
            nxt = by_pos.get(step)
            if nxt is None:
                return None
            here = nxt
        return None

    # --- Step 4, Squadron Alert ----------------------------------------------------------------
    def _place(self, v: _View, d: Decision) -> Action:
        places = [o for o in d.options if o.kind == "place"]
        if not places:
            return d.options[-1]
        counts: dict[str, int] = {}
        for o in places:
            f = o.word("flight")
            counts[f] = len(v.flights.get(f, {}).get("cards", []))
        # fill the emptiest box first, so that every flight can fly
        flight = min(counts, key=lambda f: (counts[f], f))
        cards = [self.s.card[o.word("card")] for o in places if o.word("flight") == flight]
        if self.side == RAF:
            best = max(cards, key=lambda c: (_raf_card_value(c), c.id))
        else:
            own = v.own_cards(flight)
            target = v.target_of(flight)
            kind = v.t.targets[target].kind if target else None
            bombers = sum(1 for c in own if c.role == "bomber")
            fighters = len(own) - bombers
            # enough bombers for the target (three hits on a city, one elsewhere) and Bf 109s
            # to lead the dogfights, so that the RAF meets fighters before it meets bombers
            want = BOMBERS_FOR_CITY if kind == "city" else BOMBERS_FOR_ONE_HIT
            want_bomber = bombers < want or fighters >= LW_FULL - want

            def fit(c: Card) -> tuple[float, str]:
                role = 1.0 if (c.role == "bomber") == want_bomber else 0.0
                return role * 10 + _lw_card_value(c, kind), c.id

            best = max(cards, key=fit)
        return Action("place", card=best.id, flight=flight)

    # --- Step 5, Luftwaffe Movement -------------------------------------------------------------
    def _lw_fly(self, v: _View, d: Decision) -> Action:
        # the flights worth least go first: they draw the interceptors and their markers
        def order(o: Action) -> tuple[float, str]:
            f = o.word("flight")
            target = v.target_of(f)
            if target is None:
                return -10.0, o.text
            bombs = sum(c.bombs for c in v.own_cards(f))
            value = bombs * (2.0 if v.t.targets[target].kind == "city" else 1.0)
            return value, o.text

        return min(d.options, key=order)

    def _fuel(self, v: _View, d: Decision) -> Action:
        m = _LUFT.search(d.prompt)
        f = m.group(1) if m else ""
        e = v.flights.get(f, {})
        target = v.target_of(f)
        space = e.get("space")
        ones = [o for o in d.options if o.number("tokens") == 1]
        twos = [o for o in d.options if o.number("tokens") == 2]
        if not target or not space or not twos:
            return ones[0] if ones else d.options[0]
        left = v.t.distance(space, v.t.targets[target].space)
        if left <= MOVE_PER_FUEL:
            return ones[0] if ones else d.options[0]
        # ten spaces in one go leaves no fuel: Bf 109s that stay roll two dice each reaching
        # for home (a loss in three), so they stay only if fighters wait at the target
        # (Fighter Squadrons Turning for Home Early)
        goal = v.t.targets[target].space
        hunters = sum(
            1
            for x in v.on_map(RAF).values()
            if v.t.distance(x["space"], goal) <= RAF_MOVE and not x.get("intercepted")
        )
        cards = v.own_cards(f)
        escorts = sum(1 for c in cards if c.type == "bf109")
        p_df = min(0.9, 1 - (1 - self._keenness()[1]) ** hunters)
        # a dogfight costs the bombers about a card and a half more without their escort;
        # staying costs each Bf 109 a loss in three on the way home
        stay = (
            any(c.role == "bomber" for c in cards) and 1.5 * p_df > _home_odds(False, 0) * escorts
        )
        want = "stay" if stay else "home"
        for o in twos:
            if o.get("escort") == want:
                return o
        return twos[0]

    def _lw_step(self, v: _View, d: Decision) -> Action:
        act = self._lw_step_choice(v, d)
        m = _LUFT.search(d.prompt)
        lm = _LEFT.search(d.prompt)
        e = v.flights.get(m.group(1)) if m else None
        if m and e and e.get("space") and act in d.options:
            self._note_move(v, m.group(1), e, int(lm.group(1)) if lm else 0, act)
        return act

    def _lw_step_choice(self, v: _View, d: Decision) -> Action:
        m = _LUFT.search(d.prompt)
        flight = m.group(1) if m else ""
        e = v.flights.get(flight)
        moves = {o.word("to"): o for o in d.options if o.kind == "move"}
        stop = next((o for o in d.options if o.kind == "stop"), None)
        if e is None or not e.get("space"):
            return stop or d.options[0]
        here = e["space"]
        lm = _LEFT.search(d.prompt)
        left = int(lm.group(1)) if lm else MOVE_PER_FUEL
        target = v.target_of(flight)
        goal = v.t.targets[target].space if target else v.t.lw_base.get(flight, here)
        if here == goal and stop is not None:
            return stop
        # the path planned at the first move of a turn holds while nothing it rests on changes
        key = (here, left, v.turn, goal, v.raf_blocks(), v.markers, bool(e.get("detected")))
        cached = self._paths.get(flight)
        path = cached[1] if cached and cached[0][2:] == key[2:] and here in cached[1] else None
        if path is None:
            path = self._plan_lw(v, flight, here, left, goal)
            self._paths[flight] = (key, path)
        i = path.index(here)
        if i + 1 < len(path) and path[i + 1] in moves:
            return moves[path[i + 1]]
        if i + 1 >= len(path) and stop is not None:
            return stop
        # off the plan (a friendly flight in the way): the move that gets closest
        if moves:
            friends = {x["space"] for x in v.on_map(LUFTWAFFE).values()}
            return min(
                moves.values(),
                key=lambda o: (o.word("to") in friends, v.t.distance(o.word("to"), goal), o.text),
            )
        return stop or d.options[0]

    def _plan_lw(self, v: _View, flight: str, start: str, left: int, goal: str) -> list[str]:
        """The path for this turn's move: the least risky way to each place it can get to,
        move by move over (space, detected), then the best of those places to end on."""
        t = v.t
        e = v.flights[flight]
        fuel_after = int(e.get("fuel", 0))
        turns = _turns_left(v) - 1
        cards = v.own_cards(flight)
        raf = v.raf_blocks()
        friends = {x["space"] for f, x in v.on_map(LUFTWAFFE).items() if f != flight}
        detected0 = bool(e.get("detected"))
        nondetect0 = bool(e.get("nondetect"))
        risk_cache: dict[str, float] = {}
        fighters = [x["space"] for x in v.on_map(RAF).values()]
        icpt_rate, df_rate = self._keenness()
        keen_i, keen_d = icpt_rate / ICPT_PRIOR, df_rate / DF_PRIOR

        def entry_risk(space: str, detected: bool) -> tuple[float, bool]:
            stations = t.radar_of.get(space)
            if not stations or detected:
                return 0.0, detected
            if not any(not v.knocked_out(s) for s in stations):
                return 0.0, detected  # through the gap, unseen (Non-Detected Flight)
            r = risk_cache.get(space)
            if r is None:
                r = 0.4
                if v.interceptors(space):
                    # an intercept stops the raid; over its target it still bombs, short of it
                    # on the last turn the mission is lost
                    last_leg = turns <= 0 or fuel_after <= 0
                    r = 1.0 if space == goal else 2.5 + (FAIL_VP if last_leg else 0.0)
                risk_cache[space] = r
            return r, True

        # the RAF flights within a move of each space (Step 6 reach), counted once for the plan
        near = self.s.near
        hunt: dict[str, int] = {}
        for x in fighters:
            for y in near(x, RAF_MOVE):
                hunt[y] = hunt.get(y, 0) + 1

        def hunters_at(space: str) -> int:
            if space in self.s.pos:
                return hunt.get(space, 0)
            return sum(1 for x in fighters if t.distance(x, space) <= RAF_MOVE)  # the box

        to_goal = t.dist_to(goal)
        nxt = 2 * MOVE_PER_FUEL if fuel_after >= 2 else MOVE_PER_FUEL * fuel_after
        reachable = to_goal[start] <= left
        if not reachable and turns <= 0:
            return [start]  # the last turn: it cannot get there, so it does not go on
        # keep only the places from which the plan can still work: the target this turn if
        # it is in range, else a place from which next turn's fuel reaches it
        spare = 0 if reachable else nxt
        State = tuple[str, bool]
        layers: list[dict[State, tuple[float, State | None]]] = [{} for _ in range(left + 1)]
        layers[0][(start, detected0)] = (0.0, None)
        for k in range(left):
            for (space, det), (risk, _) in layers[k].items():
                if k and (space in raf or space == goal):
                    continue  # a flight stops on meeting RAF flights, and at its target
                for n in t.neighbours[space]:
                    if n == t.box or n in friends:
                        continue  # a friend there: if stopped, two flights on one space
                    k1 = k + t.step_cost(space, n)  # leaving the Norway box may cost more
                    if k1 > left or to_goal[n] > left - k1 + spare:
                        continue
                    add, ndet = entry_risk(n, det)
                    got = layers[k1].get((n, ndet))
                    if got is None or risk + add < got[0]:
                        layers[k1][(n, ndet)] = (risk + add, (space, det))

        def end_cost(space: str, det: bool) -> float:
            if space == goal:
                return -100.0
            r = to_goal[space]
            if turns <= 0:
                return 0.1 * r
            cost = 0.05 * r
            if r > nxt:
                cost += 20.0 + r
            else:
                arrive = fuel_after - (1 if r <= MOVE_PER_FUEL else 2)
                cost += _home_loss(cards, max(0, arrive))
                if not det:
                    # still to cross the radar line next turn: where, and who is waiting there
                    crossing = self._crossing(v, space, goal)
                    if crossing is not None:
                        watched = hunters_at(crossing) > 0
                        cost += FUTURE_RISK * keen_i if watched else 0.4
            if space in raf:
                cost += 2.0  # a dogfight is all but certain
            elif space not in t.no_raf and space not in self.s.lw_bases:
                hunters = hunters_at(space)
                unseen = nondetect0 or (not det and space not in t.radar_of)
                cost += min(2, hunters) * (0.3 if unseen else 1.0) * keen_d
            return cost

        ends = [
            (risk + end_cost(space, det), k, space, det)
            for k, layer in enumerate(layers)
            for (space, det), (risk, _) in layer.items()
            if space not in friends
        ]
        if not ends:
            return [start]
        _, k, space, det = min(ends)
        path = [space]
        node = layers[k][(space, det)][1]
        while node is not None:
            # the layer the previous state sits in: one move back (or the box's cost)
            k -= t.step_cost(node[0], path[-1])
            path.append(node[0])
            node = layers[k][node][1]
        path.reverse()
        return path

    def _bombrun(self, v: _View, d: Decision) -> Action:
        return Action("bombrun")  # Bomb Run Marker: without it the flight may not bomb

    def _deal(self, v: _View, d: Decision) -> Action:
        # London Burning: Luftflotte 2 takes the seventh card (one more squadron to meet the
        # Big Wing with), as the Luftwaffe always did before the choice was offered
        return max(d.options, key=lambda o: o.number("cards"))

    def _abort(self, v: _View, d: Decision) -> Action:
        m = _LUFT.search(d.prompt)
        f = m.group(1) if m else ""
        e = v.flights.get(f, {})
        target = v.target_of(f)
        if target is None or not e.get("space"):
            return Action("abort")
        if v.knocked_out(target):
            return Action("abort")  # already knocked out: a success once it lands
        cards = v.own_cards(f)
        if not any(c.role == "bomber" for c in cards):
            return Action("abort")  # nothing left to bomb with: save the fighters' fuel
        left = v.t.distance(e["space"], v.t.targets[target].space)
        if left > _reach(int(e.get("fuel", 0)), _turns_left(v) - 1):
            return Action("abort")
        return Action("press_on")

    # --- British Intercept and RAF Movement ------------------------------------------------------
    def _intercept(self, v: _View, d: Decision) -> Action:
        m = _LUFT.search(d.prompt)
        lw = m.group(1) if m else ""
        n, bombers, _ = self._lw_estimate(v, lw)
        if n == 0:
            return Action("decline")
        # keep the last marker for a raid with bombers in it
        raiders = sum(
            1
            for f, e in v.flights.items()
            if e.get("side") == LUFTWAFFE
            and e.get("status") == "map"
            and not e.get("detected")
            and f != lw
        )
        if v.markers <= 1 and raiders > 0 and bombers < 1.5:
            return Action("decline")
        best: tuple[float, str, Action] | None = None
        for o in d.options:
            if o.kind != "intercept":
                continue
            value = self._intercept_value(v, o.word("flight"), lw)
            if best is None or (value, o.text) > best[:2]:
                best = (value, o.text, o)
        if best is None or best[0] <= 0:
            return Action("decline")
        return best[2]

    def _intercept_value(self, v: _View, raf: str, lw: str) -> float:
        """Cards shot down less cards lost in one intercept roll, and the raid stopped."""
        cards = v.own_cards(raf)
        if not cards:
            return -1.0
        n, bombers, _ = self._lw_estimate(v, lw)
        prior = self.s.kinds.get(int(lw[0]), [])
        lw_dice = 3 * sum(k.share * k.dice for k in prior)
        lw_damage = sum(k.share * k.damage for k in prior) or 2.5
        raf_dice = sum(c.dice for c in cards)
        crosses = 0.5 * raf_dice + lw_dice / 6
        roundels = raf_dice / 6 + 0.5 * lw_dice
        kills = min(min(3, n), crosses / lw_damage)
        raf_damage = sum(c.damage for c in cards) / len(cards)
        losses = min(len(cards), roundels / raf_damage)
        share = bombers / n if n else 0.0
        # stopped on the radar line, the raid loses a turn: worth most when it carries bombs
        return kills * (1.0 + share) - losses + 0.3 + share

    def _duel_value(self, v: _View, raf: str, lw: str) -> float:
        """What a dogfight with ``raf``'s cards against ``lw`` is expected to bring."""
        cards = sorted(v.own_cards(raf), key=_raf_card_value, reverse=True)
        if not cards:
            return -1.0
        n, bombers, known = self._lw_estimate(v, lw)
        if n == 0:
            return -1.0
        prior = self.s.kinds.get(int(lw[0]), [])
        share = bombers / n
        value = 0.0
        # the Luftwaffe sends its fighters up first; duels go on while both have cards
        for i, c in enumerate(cards[: min(len(cards), n)]):
            pool = [known[i]] if i < len(known) else prior
            down_raf = down_lw = 0.0
            total = sum(k.share for k in pool) or 1.0
            for k in pool:
                pr, pl = _duel(c.dice, c.damage, k.dice, k.damage)
                down_raf += pr * k.share / total
                down_lw += pl * k.share / total
            value += down_lw * (1.0 + 0.5 * share) - down_raf
        e = v.flights.get(lw, {})
        if e.get("bombrun"):
            value += 1.0 * share  # shot down before the bombs fall
        return value

    def _raf_targets(self, v: _View) -> dict[str, dict[str, Any]]:
        """Luftwaffe flights the RAF may dogfight now: seen, and no combat there yet."""
        return {
            f: e
            for f, e in v.on_map(LUFTWAFFE).items()
            if not e.get("nondetect") and not v.combats.get(e["space"])
        }

    def _raf_reach(self, v: _View, start: str, left: int) -> dict[str, list[str]]:
        """Paths to every space an RAF flight can end on (Step 6): no French or Norwegian
        coast, a stop on meeting a Luftwaffe flight, never ending on another RAF flight
        (worked out once per decision; the callers only read it)."""
        key = ("reach", start, left)
        got: dict[str, list[str]] | None = v.memo.get(key)
        if got is None:
            got = v.memo[key] = self._raf_reach_of(v, start, left)
        return got

    def _raf_reach_of(self, v: _View, start: str, left: int) -> dict[str, list[str]]:
        t = v.t
        lw = {e["space"] for e in v.on_map(LUFTWAFFE).values()}
        paths = {start: [start]}
        frontier = [start]
        for _ in range(left):
            nxt = []
            for space in frontier:
                if space in lw and space != start:
                    continue
                for n in t.neighbours[space]:
                    if n in paths or n in t.no_raf or n == t.box:
                        continue
                    paths[n] = [*paths[space], n]
                    nxt.append(n)
            frontier = nxt
        others = {e["space"] for f, e in v.on_map(RAF).items() if e["space"] != start}
        return {s: p for s, p in paths.items() if s not in others or s == start}

    def _attack(self, v: _View, raf: str, start: str, left: int) -> tuple[float, list[str]]:
        """The best dogfight in reach for ``raf``: (value, path)."""
        if v.markers <= 0:
            return 0.0, []
        reach = self._raf_reach(v, start, left)
        best: tuple[float, list[str]] = (0.0, [])
        for f, e in self._raf_targets(v).items():
            path = reach.get(e["space"])
            if path is None:
                continue
            value = self._duel_value(v, raf, f) - 0.25  # a marker spent
            if value > best[0]:
                best = (value, path)
        return best

    def _guard_weights(self, v: _View) -> dict[str, float]:
        """Where the RAF is worth having next turn: the radar line the raids cross, and the
        targets within reach of the raids already over England."""
        w = dict(self.s.radar_weight)
        for space, value in self.s.target_weight.items():
            w[space] = w.get(space, 0.0) + self.target_guard * value
        for name in v.hits:
            if name in v.t.targets and v.knocked_out(name):
                target = v.t.targets[name]
                if target.kind == "radar":
                    for s, st in v.t.radar_of.items():
                        if name in st:
                            w[s] = w.get(s, 0.0) + 1.0  # a gap: watch it with fighters
        for e in v.on_map(LUFTWAFFE).values():
            reach = MOVE_PER_FUEL * int(e.get("fuel", 0))
            near = [
                (space, value)
                for space, value in self.s.target_weight.items()
                if v.t.distance(e["space"], space) <= reach
            ]
            for space, value in near:
                w[space] = w.get(space, 0.0) + 2.0 * value / len(near)
        return w

    @staticmethod
    def _guard_weighted(weights: dict[str, float], covered: set[str]) -> dict[str, float]:
        """The weights with the spaces another flight covers already counted at 0.3 (the same
        products the guard score takes, worked out once per flight, not once per space)."""
        return {x: w * (0.3 if x in covered else 1.0) for x, w in weights.items() if w}

    def _guard_sum(self, space: str, weighted: dict[str, float]) -> float:
        total = 0.0
        get = weighted.get
        for x in self.s.near(space, RAF_MOVE):
            w = get(x)
            if w:
                total += w
        return total

    def _covered(self, v: _View, flight: str) -> set[str]:
        covered: set[str] = set()
        for f, e in v.flights.items():
            if e.get("side") != RAF or f == flight:
                continue
            where = e.get("space") if e.get("status") == "map" else None
            if where is None and e.get("status") == "box":
                base = v.t.raf_base_name.get(f)
                if base and not v.knocked_out(base):
                    where = v.t.raf_base.get(f)  # back on its airfield next turn
            if where:
                covered.update(self.s.near(where, RAF_MOVE))
        return covered

    def _raf_plan(self, v: _View, flight: str, start: str, left: int) -> tuple[float, list[str]]:
        """(gain, path) for one RAF flight: a dogfight if one pays, else a guard position."""
        value, path = self._attack(v, flight, start, left)
        if path:
            return 10.0 + value, path
        weights = v.memo.get("guard")
        if weights is None:
            weights = v.memo["guard"] = self._guard_weights(v)
        weighted = self._guard_weighted(weights, self._covered(v, flight))
        here = self._guard_sum(start, weighted)
        lw = {e["space"] for e in v.on_map(LUFTWAFFE).values()}
        best: tuple[float, str, list[str]] = (here + 0.2, start, [start])  # staying is free
        for space, p in self._raf_reach(v, start, left).items():
            if space in lw:
                continue  # sharing a space without a marker only stops it
            score = self._guard_sum(space, weighted)
            if (score, space) > best[:2]:
                best = (score, space, p)
        return best[0] - here, best[2]

    def _raf_fly(self, v: _View, d: Decision) -> Action:
        best: tuple[float, str, Action] | None = None
        for o in d.options:
            if o.kind != "fly":
                continue
            f = o.word("flight")
            e = v.flights.get(f, {})
            if not e.get("space"):
                continue
            gain, _ = self._raf_plan(v, f, e["space"], RAF_MOVE)
            if best is None or (gain, o.text) > best[:2]:
                best = (gain, o.text, o)
        if best is None or best[0] <= 0.05:
            done = [o for o in d.options if o.kind == "done"]
            if done:
                return done[0]
        return best[2] if best is not None else d.options[0]

    def _raf_step(self, v: _View, d: Decision) -> Action:
        m = _RAF.search(d.prompt)
        flight = m.group(1) if m else ""
        e = v.flights.get(flight, {})
        moves = {o.word("to"): o for o in d.options if o.kind == "move"}
        stop = next((o for o in d.options if o.kind == "stop"), None)
        start = e.get("space")
        if not start:
            return stop or d.options[0]
        lm = _LEFT.search(d.prompt)
        left = int(lm.group(1)) if lm else RAF_MOVE
        _, path = self._raf_plan(v, flight, start, left)
        if len(path) >= 2 and path[1] in moves:
            return moves[path[1]]
        if stop is not None:
            return stop
        return min(d.options, key=lambda o: o.text)

    def _dogfight(self, v: _View, d: Decision) -> Action:
        m = _RAF.search(d.prompt)
        raf = m.group(1) if m else ""
        lm = _LUFT.search(d.prompt)
        lw = lm.group(1) if lm else ""
        if raf and lw and self._duel_value(v, raf, lw) > 0.1:
            return Action("dogfight")
        return Action("hold")

    # --- Step 7, Battle & Bombing ----------------------------------------------------------------
    def _resolve(self, v: _View, d: Decision) -> Action:
        # the raids about to bomb first, so their fights are over before the bombs fall
        lw = {e["space"]: e for e in v.on_map(LUFTWAFFE).values()}

        def order(o: Action) -> tuple[int, str]:
            space = o.word("space")
            e = lw.get(space, {})
            return (0 if e.get("bombrun") and space in v.combats else 1), o.text

        return min(d.options, key=order)

    def _pick(self, v: _View, d: Decision) -> Action:
        cards = [
            (self.s.card[o.word("card")], o) for o in d.options if o.word("card") in self.s.card
        ]
        if not cards:
            return d.options[0]
        if self.side == RAF:
            prior = self.s.kinds.get(2, []) + self.s.kinds.get(3, [])
            total = sum(k.share for k in prior) or 1.0

            def strength(c: Card) -> float:
                # against the fighters the Luftwaffe leads with
                score = 0.0
                for k in prior:
                    pr, pl = _duel(c.dice, c.damage, k.dice, k.damage)
                    weight = k.share * (2.0 if not k.bomber else 1.0)
                    score += (pl - pr) * weight / total
                return score

            return max(cards, key=lambda x: (strength(x[0]), x[0].id))[1]
        # the Luftwaffe leads with its best fighters and keeps its bombers for the target
        m = _OVER.search(d.prompt)
        fight = v.v.get("air_combat") or {}
        space = m.group(1) if m else str(fight.get("space", ""))
        flight = next((f for f, e in v.on_map(LUFTWAFFE).items() if e["space"] == space), "")
        target = v.target_of(flight) if flight else None
        kind = v.t.targets[target].kind if target else None
        raf_kinds = self.s.kinds.get(11, [])

        def fitness(c: Card) -> float:
            score = 0.0
            for k in raf_kinds:
                pr, pl = _duel(k.dice, k.damage, c.dice, c.damage)
                score += (pr - pl) * k.share
            return score - 0.5 * _lw_card_value(c, kind) * (c.role == "bomber")

        return max(cards, key=lambda x: (fitness(x[0]), x[0].id))[1]

    def _lose(self, v: _View, d: Decision) -> Action:
        kind = None
        if self.side == LUFTWAFFE:
            m = _LUFT.search(d.prompt) or _OVER.search(d.prompt)
            key = m.group(1) if m else ""
            flight = (
                key
                if key in v.flights
                else next((f for f, e in v.on_map(LUFTWAFFE).items() if e["space"] == key), "")
            )
            target = v.target_of(flight) if flight else None
            kind = v.t.targets[target].kind if target else None

        def cost(o: Action) -> tuple[int, float, str]:
            raw = o.get("cards")
            ids = raw if isinstance(raw, tuple) else (raw,)
            cards = [self.s.card[str(i)] for i in ids if str(i) in self.s.card]
            # fewest cards first (each is a victory point), then the cheapest ones
            worth = sum(
                _raf_card_value(c) if self.side == RAF else _lw_card_value(c, kind) for c in cards
            )
            return len(ids), worth, o.text

        return min(d.options, key=cost)

    def _head_home(self, v: _View, d: Decision) -> Action:
        flight = d.options[0].word("flight")
        e = v.flights.get(flight, {})
        n = len(e.get("cards", []))
        base = v.t.raf_base_name.get(flight)
        base_ok = base is None or not v.knocked_out(base)
        # home to refuel and fill up when weak, unless the airfield is out and it would be grounded
        if base_ok and n < 3 and _turns_left(v) > 1:
            return Action("home", flight=flight)
        return Action("patrol", flight=flight)


def _lw_or_raf(lw: Any, raf: Any) -> Any:
    def pick(player: BobHeuristic, v: _View, d: Decision) -> Action:
        handler = raf if player.side == RAF else lw
        result: Action = handler(player, v, d)
        return result

    return pick


_HANDLERS: tuple[tuple[str, Any], ...] = (
    ("assist", BobHeuristic._assist),
    ("repair", BobHeuristic._repair),
    ("assign", BobHeuristic._assign),
    ("place", BobHeuristic._place),
    ("fuel", BobHeuristic._fuel),
    ("intercept", BobHeuristic._intercept),
    ("bombrun", BobHeuristic._bombrun),
    ("deal", BobHeuristic._deal),
    ("dogfight", BobHeuristic._dogfight),
    ("resolve", BobHeuristic._resolve),
    ("patrol", BobHeuristic._head_home),
    ("press_on", BobHeuristic._abort),
    ("pick", BobHeuristic._pick),
    ("lose", BobHeuristic._lose),
    ("fly", _lw_or_raf(BobHeuristic._lw_fly, BobHeuristic._raf_fly)),
    ("move", _lw_or_raf(BobHeuristic._lw_step, BobHeuristic._raf_step)),
    ("stop", _lw_or_raf(BobHeuristic._lw_step, BobHeuristic._raf_step)),
)


def heuristic(seat: str, seed: int = 0, strength: str | None = None) -> BobHeuristic:
    return BobHeuristic(seat, seed, strength)


PLAYERS = {"heuristic": heuristic}

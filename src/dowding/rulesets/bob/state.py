"""The bob game state: the plotting table, the displays, the decks and a queue of steps.

Section names are the rulebook's (``shared/seeds/000_*``): "Step 5, British Intercept" and so
on. Readings where the rulebook is silent are listed in docs/rules/bob.md.

Cards and missions live in location tuples (one entry per card), flights are small
NamedTuples, and the turn is a queue of tasks as in crane: the head of the queue is what
happens next, and tasks that need no one's choice and no dice run by themselves.

The steps' rules are mixins, one module each, named after the rulebook's steps: adjustments.py
(Scenario Adjustments), turn_marker.py (Step 1), production.py (Step 2), assignment.py (Step 3, German Mission Assignment: missions.py holds the mission
cards), alert.py (Step 4), movement.py (Steps 5 and 6), intercept.py
(British Intercept and the Intercept Procedure), dogfight.py (the order of spaces, the Dogfight
Procedure, Air Ace, Big Wing, RAF Flight Head Home), bombing.py (Bombing Run, Ack-Ack),
returns.py (Reaching for Home, Mission Success or Failure, Abort Mission, the end of the turn)
and victory.py (Winning). This module keeps what they share: the fields, set-up, the queue's
dispatch, the chance events (each step adds up its own dice), views and serialisation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from dowding.engine import (
    LUFTWAFFE_DIE,
    RAF_DIE,
    Action,
    Chance,
    Decision,
    Die,
    Draw,
    Event,
    SymbolPool,
    Terminal,
)
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import TaskQueueState, handlers_of

from .tables import LUFTWAFFE, LW_FLIGHTS, RAF, RAF_FLIGHTS, Card, Tables
from .words import AIRCRAFT as AIRCRAFT_NAMES

if TYPE_CHECKING:
    from .game import BobGame

from .adjustments import ADJUSTMENT_DRAWS, ScenarioAdjustments
from .alert import AlertStep
from .assignment import MissionStep
from .bombing import BombingPhase
from .dogfight import DogfightCombat
from .intercept import InterceptCombat
from .movement import MovementSteps
from .pieces import (
    CRB,
    DAMAGED,
    LW_FULL,
    NON_DETECT_MARKERS,
    OUT,
    Duel,
    Flight,
    Intercept,
    Task,
    box,
    move_to,
    unit_of,
)
from .production import ProductionStep
from .returns import ReturnsPhase
from .turn_marker import TurnMarkerStep
from .victory import VictoryRules

__all__ = [
    "CRB",
    "DAMAGED",
    "LW_FULL",
    "NON_DETECT_MARKERS",
    "OUT",
    "BobState",
    "Duel",
    "Flight",
    "Intercept",
    "Task",
    "box",
    "move_to",
    "unit_of",
]

CHANCE_TASKS = frozenset({"draw", "roll", "pick", "observe", "home_roll"})
_ROLL_LABELS = {
    "repair": "Production dice: each roundel repairs one thing (Step 2)",
    "intercept_raf": "The RAF's white dice in the intercept",
    "intercept_lw": "The Luftwaffe's black dice in the intercept",
    "duel_raf": "The RAF's white dice in the dogfight",
    "duel_lw": "The Luftwaffe's black dice in the dogfight",
    "bombs": "Bombing dice: each roundel is a hit",
    "ack_ack": "Ack-ack: a white die for each cross; every two crosses down a bomber",
}

# The brief views' card entries, one per card face up and one per unit face down: a rollout
# reads them and never changes them, so every brief view shares them.
_BRIEF_CARDS: dict[str, tuple[Card, JSON]] = {}
_BRIEF_HIDDEN: dict[int, JSON] = {}
_NONE_UP: frozenset[int] = frozenset()
# what a seat knows of cards seen face up: (card, where it lies); (card, where it may lie)
Shown = tuple[tuple[int, str], ...]
Traced = tuple[tuple[int, tuple[str, ...]], ...]
# boxes whose cards lie face up to both sides (the Damaged box) or are set aside in sight (out)
_SEEN_BOXES = frozenset((DAMAGED, OUT))
# a brief view's card lists by side, for the card_loc and tables they were read from
_BRIEF_SHELVES: dict[str | None, tuple[tuple[str, ...], Tables, dict[str, tuple[JSON, ...]]]] = {}


_POOLS: dict[tuple[str, Die, int, str], SymbolPool] = {}


def _pool(label: str, die: Die, count: int, roller: str) -> SymbolPool:
    """A roll of ``count`` dice, made once (a Chance is immutable; the same rolls recur)."""
    key = (label, die, count, roller)
    pool = _POOLS.get(key)
    if pool is None:
        if len(_POOLS) >= 1 << 12:
            _POOLS.clear()
        pool = _POOLS[key] = SymbolPool(label, die=die, count=count, roller=roller)
    return pool


# seat_for_unit and side_seats by (players, split, side[, unit]): the seating never changes
_UNIT_SEATS: dict[tuple[Any, ...], str] = {}
_SIDE_SEATS: dict[tuple[Any, ...], frozenset[str]] = {}
_FLIGHT_SEATS: dict[tuple[Any, ...], str] = {}


def _unit_seat(players: int, split: str, side: str, unit: int) -> str:
    if side == RAF:
        if players == 4 or (players == 3 and split == RAF):
            return "raf-10-12" if unit in (10, 12) else "raf-11-13"
        return RAF
    if players == 4 or (players == 3 and split == LUFTWAFFE):
        return "luftwaffe-2" if unit == 2 else "luftwaffe-3-5"
    return LUFTWAFFE


def _shifted(
    lw: dict[str, list[Flight]],
    raf: dict[str, list[Flight]],
    rank: dict[str, int],
    prev: Flight,
    new: Flight,
) -> tuple[dict[str, list[Flight]], dict[str, list[Flight]], dict[str, int]]:
    """The flights on the map by space once ``prev`` is replaced by ``new`` (new dicts and lists:
    the old ones may be shared with copies of the state)."""
    by_side = {LUFTWAFFE: lw, RAF: raf}
    if prev.status == "map" and prev.side in by_side:
        by = by_side[prev.side] = dict(by_side[prev.side])
        rest = [g for g in by[prev.space] if g.id != prev.id]
        if rest:
            by[prev.space] = rest
        else:
            del by[prev.space]
    if new.status == "map" and new.side in by_side:
        by = by_side[new.side]
        if by is lw or by is raf:
            by = by_side[new.side] = dict(by)
        here = [*by.get(new.space, ()), new]
        if len(here) > 1:
            here.sort(key=lambda g: rank[g.id])
        by[new.space] = here
    return by_side[LUFTWAFFE], by_side[RAF], rank


def _card_json(card: Card) -> JSON:
    """A card face up, as views show it."""
    return {
        "id": card.id,
        "type": card.type,
        "dice": card.dice,
        "damage": card.damage,
        "bombs": card.bombs,
        "unit": card.unit,
        "name": card.name,
    }


def _brief_card(card: Card) -> JSON:
    # keyed by the card's id, checked by identity (hashing a dataclass reads every field)
    got = _BRIEF_CARDS.get(card.id)
    if got is None or got[0] is not card:
        got = _BRIEF_CARDS[card.id] = (card, _card_json(card))
    return got[1]


def _brief_hidden(unit: int) -> JSON:
    got = _BRIEF_HIDDEN.get(unit)
    if got is None:
        got = _BRIEF_HIDDEN[unit] = {"id": None, "unit": unit, "hidden": True}
    return got


class BobState(
    ScenarioAdjustments,
    TurnMarkerStep,
    ProductionStep,
    MissionStep,
    AlertStep,
    MovementSteps,
    InterceptCombat,
    DogfightCombat,
    BombingPhase,
    ReturnsPhase,
    VictoryRules,
    TaskQueueState,
):
    """The shared state and what every step uses; each step's rules are a mixin named after it."""

    chance_tasks = CHANCE_TASKS
    # (flights, Luftwaffe by space, RAF by space, each flight's place in flights) for the
    # flights dict it was built from; the lists are never changed in place (copies share them)
    _map_index: tuple[
        dict[str, Flight] | None,
        dict[str, list[Flight]],
        dict[str, list[Flight]],
        dict[str, int],
    ] = (None, {}, {}, {})
    _shown_at: tuple[str, ...] | None = None  # the card_loc that shown was last checked against
    _crb_memo: tuple[tuple[str, ...] | None, tuple[str, int] | None, list[int]] = (None, None, [])

    def __init__(
        self, game: BobGame, scenario: str, options: dict[str, Any], tables: Tables
    ) -> None:
        self.game = game
        self.t = tables
        self.scenario = scenario
        self.options = options
        self.turn_no = 0
        self.last_turn = 4
        self.flights: dict[str, Flight] = {}
        self.card_loc: tuple[str, ...] = ()
        self.mission_loc: tuple[str, ...] = ()
        self.bottom: tuple[int, ...] = ()  # missions returned under the deck, in order
        self.hits: dict[str, int] = {}  # target -> hits on it (knocked out when >= needed)
        self.markers = 5  # air combat markers in the pool (Step 6)
        self.big_wing = 0
        self.combat: dict[str, str] = {}  # space -> "intercept" / "dogfight" / "bigwing"
        self.aces = {RAF: 7, LUFTWAFFE: 7}
        self.queue: tuple[Task, ...] = ()
        self.fight: Duel | Intercept | None = None  # the air combat under way
        self.scratch: tuple[Any, ...] = ()  # cards drawn and not yet placed, rolls to allot
        self.assists: tuple[tuple[int, int], ...] = ()  # production assistance (giver, receiver)
        self.pending_home: tuple[str, ...] = ()  # RAF flights that may head home after a combat
        self.slipped: tuple[str, ...] = ()  # flights through a radar gap this turn (Step 5)
        self.campaign: tuple[Any, ...] = ()
        # cards that were face up (to both sides) and still lie where they were then:
        # (card, where), in card order. Nobody forgets them: determinize keeps them in place
        self.shown: Shown = ()
        # cards seen face up, then taken face down from among others of their unit: (card, the
        # places it may be now, sorted), in card order. determinize keeps each in one of them
        self.traced: Traced = ()
        self.result: Terminal | None = None
        self.events = ()
        self._log: list[Event] = []
        self._node: Node | None = None

    # --- seats ----------------------------------------------------------------------------
    def seat_for_unit(self, side: str, unit: int) -> str:
        """Who commands a Group or Luftflotte ("Battle of Britain for 3 & 4 Players")."""
        key = (self.options["players"], self.options["split"], side, unit)
        seat = _UNIT_SEATS.get(key)
        if seat is None:
            seat = _UNIT_SEATS[key] = _unit_seat(*key)
        return seat

    def side_seats(self, side: str) -> frozenset[str]:
        # asked for every line of narration one side reads: one frozenset per seating
        key = (self.options["players"], self.options["split"], side)
        seats = _SIDE_SEATS.get(key)
        if seats is None:
            units = (10, 11, 12, 13) if side == RAF else (2, 3, 5)
            seats = _SIDE_SEATS[key] = frozenset(self.seat_for_unit(side, u) for u in units)
        return seats

    def side_of_seat(self, seat: str | None) -> str | None:
        if seat is None:
            return None
        return RAF if seat.startswith("raf") else LUFTWAFFE

    def seat_of_flight(self, flight: str) -> str:
        # a flight's side and unit never change (its id names them): one seat per seating
        key = (self.options["players"], self.options["split"], flight)
        seat = _FLIGHT_SEATS.get(key)
        if seat is None:
            f = self.flights[flight]
            seat = _FLIGHT_SEATS[key] = self.seat_for_unit(f.side, unit_of(flight))
        return seat

    def roller(self, side: str, unit: int | None, where: str) -> str:
        """The seat that rolls ``side``'s dice ("Dice": white for the RAF, black for the
        Luftwaffe) at a real table: the commander of ``unit``, else of that side's flight
        ``where`` names or that is in the space ``where``, else the side's first seat."""
        if self.options["players"] == 2:
            return side
        if unit is not None:
            return self.seat_for_unit(side, unit)
        f = self.flights.get(where)
        if f is not None and f.side == side:
            return self.seat_of_flight(where)
        space = f.space if f is not None else where
        here = self.raf_at(space) if side == RAF else [self.lw_at(space)]
        for flight in here:
            if flight is not None:
                return self.seat_of_flight(flight.id)
        return min(self.side_seats(side))

    # --- small helpers ------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return min(self.turn_no, self.last_turn)  # the marker stops on the last turn

    def _say(self, text: str, side: str | None = None) -> None:
        self._log.append(Event(text, None if side is None else self.side_seats(side)))

    def flying_cards(self, flight: str) -> list[int]:
        """The cards flying with a flight: its box, less Bf 109s that turned for home early."""
        cards = self.cards_in(box(flight))
        if self.flights[flight].escort_home:
            return [c for c in cards if self.t.cards[c].type != "bf109"]
        return cards

    def cards_in(self, where: str) -> list[int]:
        if where.startswith("f:"):
            # a flight box only ever holds its own Group's or Luftflotte's cards
            flight = where[2:]
            side = RAF if flight in RAF_FLIGHTS else LUFTWAFFE
            locs = self.card_loc
            return [i for i in self.t.unit_cards[side, unit_of(flight)] if locs[i] == where]
        return [i for i, loc in enumerate(self.card_loc) if loc == where]

    def crb_cards(self, side: str, unit: int) -> list[int]:
        # a draw asks twice (is there a card? which ones?) of the same cards: the last answer
        # is kept for the card_loc it was read from
        locs = self.card_loc
        memo = self._crb_memo
        if memo[0] is locs and memo[1] == (side, unit):
            return list(memo[2])
        got = [i for i in self.t.unit_cards[side, unit] if locs[i] == CRB]
        self._crb_memo = (locs, (side, unit), got)
        return list(got)

    def _move_cards(self, cards: Iterable[int], where: str) -> None:
        locs = list(self.card_loc)
        for c in cards:
            locs[c] = where
        self.card_loc = tuple(locs)

    def _set_mission(self, mission: int, where: str) -> None:
        locs = list(self.mission_loc)
        locs[mission] = where
        self.mission_loc = tuple(locs)

    def _put(self, flight: Flight) -> None:
        old = self.flights
        new = self.flights = {**old, flight.id: flight}
        index = self._map_index
        prev = old.get(flight.id)
        if index[0] is old and prev is not None:
            # the flights by space follow the one flight that changed, not rebuilt from all
            self._map_index = (new, *_shifted(index[1], index[2], index[3], prev, flight))

    def knocked_out(self, target: str) -> bool:
        return self.hits.get(target, 0) >= self.t.targets[target].hits

    def station_working(self, station: str) -> bool:
        return not self.knocked_out(station)

    def _on_map(self) -> tuple[dict[str, list[Flight]], dict[str, list[Flight]]]:
        """The flights on the map by space, Luftwaffe and RAF, in the flights' order: kept for
        one ``flights`` dict (every change replaces it; ``_put`` carries it over), as moves ask
        this of each neighbour."""
        got = self._map_index
        if got[0] is not self.flights:
            lw: dict[str, list[Flight]] = {}
            raf: dict[str, list[Flight]] = {}
            for f in self.flights.values():
                if f.status == "map":
                    if f.side == LUFTWAFFE:
                        lw.setdefault(f.space, []).append(f)
                    elif f.side == RAF:
                        raf.setdefault(f.space, []).append(f)
            rank = {fid: i for i, fid in enumerate(self.flights)}
            got = self._map_index = (self.flights, lw, raf, rank)
        return got[1], got[2]

    def lw_at(self, space: str) -> Flight | None:
        here = self._on_map()[0].get(space)
        return here[0] if here else None

    def lw_others(self, space: str, flight: str) -> bool:
        here = self._on_map()[0].get(space)
        return here is not None and (len(here) > 1 or here[0].id != flight)

    def raf_others(self, space: str, flight: str) -> int:
        here = self._on_map()[1].get(space)
        if here is None:
            return 0
        return sum(1 for f in here if f.id != flight)

    def raf_at(self, space: str) -> list[Flight]:
        return list(self._on_map()[1].get(space, ()))

    def card_name(self, c: int) -> str:
        card = self.t.cards[c]
        return f"{card.name} ({AIRCRAFT_NAMES.get(card.type, card.type)})"

    def place_name(self, tid: str) -> str:
        """A target's place name for the narration: 'swingate-dover' -> 'Swingate (Dover)'."""
        return self.t.display.get(tid, tid)

    # --- the engine contract ----------------------------------------------------------
    def _advance(self) -> None:
        while True:
            self._node = None
            if self.result is not None:
                return
            task = self.queue[0]
            kind = task[0]
            if kind in CHANCE_TASKS:
                if self._chance_ready(task):
                    return
                continue
            auto = _AUTO.get(kind)
            if auto is not None:
                self.queue = self.queue[1:]
                auto(self, task)
                continue
            decide = _DECIDE.get(kind)
            if decide is None:
                raise AssertionError(f"task {task} has no decision")
            decision = decide(self, *task[1:])  # self._decision(task), one call less
            if decision is not None:
                self._node = decision
                return
            self.queue = self.queue[1:]
            _DO[kind](self, task, None)

    def _apply(self, action: Action) -> None:
        # TaskQueueState._apply, then the cards seen (one call less on every step)
        self._node = None
        task = self.queue[0]
        self.queue = self.queue[1:]
        _DO[task[0]](self, task, action)
        self._advance()
        self.events = tuple(self._log)
        self._log = []
        self._remember_shown()

    def _remember_shown(self) -> None:
        """Note the cards face up now; follow the ones that have moved since with every card
        that lay with them (``_followed``, ``_traced_on``)."""
        shown = self.shown
        traced = self.traced
        loc = self.card_loc
        before = self._shown_at
        if before is not loc:
            if traced:
                shown, traced = self._traced_on(shown, traced, before)
            # every entry held when shown was last checked against this same card_loc: no card
            # moved
            if shown and any(loc[c] != where for c, where in shown):
                shown, traced = self._followed(shown, traced, before)
            self.traced = traced
        self._shown_at = loc
        fight = self.fight
        if fight is None and not (self.queue and self.queue[0][0] == "pick"):
            self.shown = shown
            return
        candidates: set[int] = set()
        if self._scratch_holds_cards():
            candidates.update(c for c in self.scratch if isinstance(c, int))
        if isinstance(fight, Intercept):
            candidates.update(fight.raf_cards)
            candidates.update(fight.lw_cards)
        elif isinstance(fight, Duel):
            candidates.update((fight.raf_card, fight.lw_card))
        known = dict(shown)
        for c in candidates:
            if 0 <= c < len(loc) and c not in known and self._face_up(c):
                known[c] = loc[c]
        if len(known) != len(shown):
            self.shown = tuple(sorted(known.items()))
            if self.traced:
                self.traced = tuple((c, p) for c, p in self.traced if c not in known)
        else:
            self.shown = shown

    def _followed(
        self,
        shown: Shown,
        traced: Traced,
        before: tuple[str, ...] | None,
    ) -> tuple[Shown, Traced]:
        """Where each card seen face up is now, as both sides know it (``_gone_to``). A card
        that moved with every card of its unit that lay with it (a flight's box returned whole
        to the combat ready box at Step 9, its cards to the Damaged box) is where they all went:
        the boxes' counts show it. One taken from among others (dealt face down from the combat
        ready box at the Alert, a Big Wing's cards returned to the boxes of the RAF player's
        choice) is one of them, and is traced to the places they went."""
        loc = self.card_loc
        out = []
        more = dict(traced)
        for c, where in shown:
            if loc[c] == where:
                out.append((c, where))
                continue
            if before is None:
                continue
            now = self._gone_to(c, (where,), before, loc)
            if isinstance(now, str):
                out.append((c, now))
            elif now is not None:
                more[c] = now
        return tuple(sorted(out)), tuple(sorted(more.items()))

    def _traced_on(
        self,
        shown: Shown,
        traced: Traced,
        before: tuple[str, ...] | None,
    ) -> tuple[Shown, Traced]:
        """Each traced card after the cards moved from ``before`` to where they lie now
        (``_gone_to``): known again, traced on, or forgotten."""
        if before is None:
            return shown, ()
        loc = self.card_loc
        out = []
        found = []
        for c, places in traced:
            now = self._gone_to(c, places, before, loc)
            if isinstance(now, str):
                found.append((c, now))
            elif now is not None:
                out.append((c, places if now == places else now))
        if found:
            shown = tuple(sorted((*shown, *found)))
        return shown, tuple(out)

    def _gone_to(
        self, c: int, places: tuple[str, ...], before: tuple[str, ...], loc: tuple[str, ...]
    ) -> str | tuple[str, ...] | None:
        """Where card ``c``, which lay in one of ``places`` when the cards lay as in ``before``,
        may lie now, as the other side can tell from the boxes' counts: the place itself when
        it is known (face up in the Damaged box, or every card of its unit from those places
        went to one place), the places those cards went to (sorted), or None when they take in
        every place its unit's unseen cards lie in, which tells nothing."""
        here = loc[c]
        if here in _SEEN_BOXES:
            return here  # face up there, to both sides
        card = self.t.cards[c]
        now: set[str] = set()
        every: set[str] = set()
        for x in self.t.unit_cards[card.side, card.unit]:
            at = loc[x]
            if at in _SEEN_BOXES:
                continue  # seen there: not ``c``
            every.add(at)
            if before[x] in places:
                now.add(at)
        if len(now) == 1:
            return here
        if now == every:
            return None
        return tuple(sorted(now))

    def copy(self) -> BobState:
        other = object.__new__(BobState)
        other.__dict__.update(self.__dict__)
        other.aces = dict(self.aces)
        other._log = []
        return other  # every other field is immutable or replaced, never mutated in place

    def key(self) -> tuple[Any, ...]:
        return (
            self.scenario,
            tuple(sorted(self.options.items())),
            self.turn_no,
            tuple(tuple(f) for f in self.flights.values()),
            self.card_loc,
            self.mission_loc,
            self.bottom,
            tuple(sorted(self.hits.items())),
            self.markers,
            self.big_wing,
            tuple(sorted(self.combat.items())),
            (self.aces[RAF], self.aces[LUFTWAFFE]),
            self.queue,
            None if self.fight is None else (type(self.fight).__name__, *self.fight),
            self.scratch,
            self.assists,
            self.pending_home,
            self.slipped,
            self.campaign,
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    # --- set-up and the turn --------------------------------------------------------------
    def setup(self) -> None:
        stage = "channel-battle" if self.scenario == "campaign" else self.scenario
        # campaign: (stage index, Luftwaffe points so far, RAF points so far, missions the
        # Luftwaffe gained last scenario, Luftwaffe cards damaged last scenario)
        self.campaign = (0, 0, 0, (), ()) if self.scenario == "campaign" else ()
        self._start_scenario(stage)
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    @property
    def stage(self) -> str:
        """The scenario being played (in a campaign, the current one of the three)."""
        if self.scenario != "campaign":
            return self.scenario
        return ("channel-battle", "duel-of-eagles", "london-burning")[self.campaign[0]]

    def _start_scenario(self, stage: str) -> None:
        """Set up: every card in its combat ready box, the missions shuffled, then the adjustments."""
        t = self.t
        self.card_loc = tuple(CRB for _ in t.cards)
        self.mission_loc = tuple("deck" for _ in t.missions)
        self.bottom = ()
        self.hits = {}
        self.aces = {RAF: 7, LUFTWAFFE: 7}
        self.turn_no = 0
        # London Burning: the Big Wing marker replaces one of the five air combat markers
        self.markers, self.big_wing = (4, 1) if stage == "london-burning" else (5, 0)
        self.flights = {
            f: Flight(f, RAF, "", "box", 0, -1, False, False, False, False, False, False, False)
            for f in RAF_FLIGHTS
        } | {
            f: Flight(
                f, LUFTWAFFE, "", "box", 0, -1, False, False, False, False, False, False, False
            )
            for f in LW_FLIGHTS
        }
        tasks: list[Task] = []
        if stage in ("duel-of-eagles", "london-burning"):
            tasks.append(("adjust", stage))
        self.queue = (*tasks, ("turn",))

    # --- chance ---------------------------------------------------------------------------
    def _chance(self, task: Task) -> Chance:
        kind = task[0]
        if kind == "draw" and task[1] in ADJUSTMENT_DRAWS:
            return self._adjustment_draw(task)
        if kind == "draw":
            if task[1] == "mission":
                deck = self.deck()
                return Draw(
                    "Draw a mission card (Step 3)",
                    items=tuple(self.t.missions[m].id for m in deck),
                    names=self.t.names,
                    visible_to=self.side_seats(LUFTWAFFE),
                )
            _, _, side, unit = task
            ids = self.t.card_ids
            return Draw(
                f"Draw a squadron card for {'Group' if side == RAF else 'Luftflotte'} {unit} (Step 4)",
                items=tuple([ids[c] for c in self.crb_cards(side, unit)]),
                names=self.t.names,
                visible_to=self.side_seats(side),
            )
        if kind == "pick":
            ids = self.t.card_ids
            return Draw(
                "The winner draws the opponent's next card at random (Dogfight Procedure)"
                if task[1] == "duel"
                else "The RAF picks a Luftwaffe squadron at random (Intercept Procedure)",
                items=tuple([ids[c] for c in self._pick_pool(task)]),
                names=self.t.names,
            )
        if kind == "roll":
            _, what, subject, n, side = task
            die = RAF_DIE if side == RAF else LUFTWAFFE_DIE
            unit = subject if what == "repair" else None
            return _pool(_ROLL_LABELS[what], die, n, self.roller(side, unit, subject))
        if kind == "observe":
            return _pool(
                f"Observer Corps: a cross spots Luft. {task[1]}",
                RAF_DIE,
                1,
                self.roller(RAF, None, task[1]),
            )
        if kind == "home_roll":
            _, flight, card, n = task
            # the card is face down to the RAF: only the Luftwaffe reads which one rolls
            return SymbolPool(
                f"Reaching for home: a squadron of Luft. {flight} is lost on a cross",
                die=LUFTWAFFE_DIE,
                count=n,
                roller=self.seat_of_flight(flight),
                detail=f"Reaching for home: {card} of Luft. {flight} is lost on a cross",
                detail_to=self.side_seats(LUFTWAFFE),
            )
        raise AssertionError(task)

    def _pick_pool(self, task: Task) -> Sequence[int]:
        """The cards a pick draws from: the loser's hand in a dogfight, else the flight's cards
        not yet picked for the intercept."""
        if task[1] == "duel":
            return self.duel().raf_hand if task[2] == RAF else self.duel().lw_hand
        taken = set(self.scratch)
        return [c for c in self.flying_cards(task[1]) if c not in taken]

    def _chance_ready(self, task: Task) -> bool:
        """False (and the task dealt with) when there is nothing to draw or no die to roll."""
        kind = task[0]
        if kind == "draw" and task[1] == "mission" and not self.deck():
            self.queue = self.queue[1:]
            self._draw_from_empty_deck()
            return False
        if kind == "draw" and task[1] in ADJUSTMENT_DRAWS and not self._adjustment_pool(task):
            self.queue = self.queue[1:]
            return False
        if kind == "draw" and task[1] == "card" and not self.crb_cards(task[2], task[3]):
            self.queue = self.queue[1:]
            return False
        if kind == "pick" and not self._pick_pool(task):
            self.queue = self.queue[1:]
            return False
        if kind == "roll" and task[3] <= 0:
            self.queue = self.queue[1:]
            self._do_roll(task, Action("roll", blank=0, cross=0, roundel=0))
            return False
        return True

    def _do_draw(self, task: Task, action: Action | None) -> None:
        assert action is not None
        item = action.word("item")
        if task[1] in ADJUSTMENT_DRAWS:
            self._drawn_for_adjustment(task, item)
            return
        if task[1] == "mission":
            self._set_mission(self.t.mission_index[item], "hand")
            return
        c = self.t.card_index[item]
        self._move_cards([c], "drawn")
        self.scratch = (*self.scratch, c)

    def _do_pick(self, task: Task, action: Action | None) -> None:
        assert action is not None
        c = self.t.card_index[action.word("item")]
        if task[1] == "duel":
            self._take_duel_card(task[2], c)
            self._say(f"The next opponent drawn: {self.card_name(c)}.")
            return
        self.scratch = (*self.scratch, c)

    def _do_roll(self, task: Task, action: Action | None) -> None:
        assert action is not None
        _, what, subject, n, _side = task
        crosses = int(action.number("cross"))
        roundels = int(action.number("roundel"))
        # each step adds up its own dice
        if what == "repair":
            self._tally_repair(subject, n, roundels)
        elif what in ("intercept_raf", "intercept_lw"):
            self._tally_intercept(what, crosses, roundels)
        elif what in ("duel_raf", "duel_lw"):
            self._tally_duel(crosses, roundels)
        else:
            self._tally_bombs(what, crosses, roundels)

    # --- decisions dispatch -------------------------------------------------------------------
    def _decision(self, task: Task) -> Decision | None:
        kind = task[0]
        method = _DECIDE.get(kind)
        if method is None:
            raise AssertionError(f"task {task} has no decision")
        return method(self, *task[1:])  # type: ignore[no-any-return]

    # --- views and serialisation --------------------------------------------------------------
    def view(self, seat: str | None, infostate: bool = True, *, brief: bool = False) -> JSON:
        return self.with_own_data(self._view(seat, infostate, brief=brief))

    def _view(self, seat: str | None, infostate: bool = True, *, brief: bool = False) -> JSON:
        """What ``seat`` sees. ``brief`` (for the search player's rollouts) leaves out what the
        heuristic player does not read: the step's name, production, assists, the flights that
        may head home, the combat ready boxes, the missions, the aces, the victory points and
        the campaign (the rest is the same)."""
        side = self.side_of_seat(seat)
        t = self.t
        shelves = self._brief_shelves(side) if brief else self._shelves(side, brief=False)
        flights = {}
        for fid, f in self.flights.items():
            entry: JSON = {
                "side": f.side,
                "space": f.space or None,
                "status": f.status,
                "fuel": f.fuel,
                "detected": f.detected,
                "nondetect": f.nondetect,
                "bombrun": f.bombrun,
                "ace": f.ace,
                "intercepted": f.intercepted,
                # the cards this seat may see, then the face-down ones (their order tells nothing)
                "cards": list(shelves.get(box(fid), ())),
            }
            if f.side == LUFTWAFFE:
                entry["mission"] = (
                    t.missions[f.mission].id
                    if f.mission >= 0 and side == LUFTWAFFE
                    else ("hidden" if f.mission >= 0 else None)
                )
                if side == LUFTWAFFE and f.mission >= 0:
                    entry["target"] = t.missions[f.mission].target
            flights[fid] = entry
        if brief:
            return {
                "ruleset": "bob",
                "scenario": self.scenario,
                "stage": self.stage,
                "turn": self.turn_no,
                "last_turn": self.last_turn,
                "seat": seat,
                "flights": flights,
                "damaged": list(shelves.get(DAMAGED, ())),
                "drawn": list(shelves.get("drawn", ())),
                "air_combat": self._fight_view(side),
                "targets": {
                    name: {"hits": h, "knocked_out": self.knocked_out(name)}
                    for name, h in sorted(self.hits.items())
                },
                "markers": {
                    "air_combat": self.markers,
                    "big_wing": self.big_wing,
                    "combats": dict(self.combat),
                },
                "result": None
                if self.result is None
                else {"winner": self.result.winner, "reason": self.result.reason},
                "infostate": None,
            }
        return {
            "ruleset": "bob",
            "scenario": self.scenario,
            "stage": self.stage,
            "campaign": None
            if not self.campaign
            else {
                "scenario": self.campaign[0] + 1,
                "luftwaffe": self.campaign[1],
                "raf": self.campaign[2],
            },
            "turn": self.turn_no,
            "last_turn": self.last_turn,
            "seat": seat,
            "flights": flights,
            "damaged": list(shelves.get(DAMAGED, ())),
            # Squadron Alert: the cards drawn and not yet placed (face up to their owner only)
            "drawn": list(shelves.get("drawn", ())),
            "step": self._step_name(),
            "production": {str(g): self.repair_dice(g) for g in (10, 11, 12, 13)},
            "assists": [list(a) for a in self.assists],
            "may_head_home": list(self.pending_home),
            "air_combat": self._fight_view(side),
            "combat_ready": {
                f"{s}-{u}": len(self.crb_cards(s, u))
                for s, units in ((RAF, (10, 11, 12, 13)), (LUFTWAFFE, (2, 3, 5)))
                for u in units
            },
            "missions": {
                "deck": len(self.deck()) + len(self.bottom),
                "hand": [t.missions[m].id for m in self.hand()]
                if side == LUFTWAFFE
                else len(self.hand()),
                "luftwaffe": [
                    t.missions[m].id for m, loc in enumerate(self.mission_loc) if loc == "lw"
                ],
                "raf": [t.missions[m].id for m, loc in enumerate(self.mission_loc) if loc == "raf"],
            },
            "targets": {
                name: {"hits": h, "knocked_out": self.knocked_out(name)}
                for name, h in sorted(self.hits.items())
            },
            "markers": {
                "air_combat": self.markers,
                "big_wing": self.big_wing,
                "combats": dict(self.combat),
            },
            "aces": dict(self.aces),
            "victory_points": dict(zip((LUFTWAFFE, RAF), self.victory_points(), strict=True)),
            "result": None
            if self.result is None
            else {"winner": self.result.winner, "reason": self.result.reason},
            # for search players: the state as this seat knows it (Game.state_from_view)
            "infostate": None if seat is None or not infostate else self.infostate(seat),
        }

    def _shelves(self, side: str | None, *, brief: bool) -> dict[str, tuple[JSON, ...]]:
        """Each place's cards as ``side`` sees them, from one pass over the cards: a Flight box's
        and the drawn cards those it may see first, then the face-down ones (their order tells
        nothing); the damaged in card order."""
        t = self.t
        locs = self.card_loc
        up = self._face_up_cards()
        held: dict[str, list[int]] = {}
        for c, where in enumerate(locs):
            got = held.get(where)
            if got is None:
                held[where] = [c]
            else:
                got.append(c)

        def card_view(c: int) -> JSON:
            card = t.cards[c]
            if card.side == side or locs[c] == DAMAGED or c in up:
                # a rollout only reads its view: one dict per card serves them all
                return _brief_card(card) if brief else _card_json(card)
            if brief:
                return _brief_hidden(card.unit)
            return {"id": None, "unit": card.unit, "hidden": True}

        shelves: dict[str, tuple[JSON, ...]] = {}
        for where, cards in held.items():
            if where == DAMAGED:
                shelves[where] = tuple(card_view(c) for c in cards)
            elif where == "drawn" or where.startswith("f:"):
                shelves[where] = tuple(
                    sorted(
                        (card_view(c) for c in cards),
                        key=lambda v: (v.get("hidden", False), v["id"] or ""),
                    )
                )
        return shelves

    def _brief_shelves(self, side: str | None) -> dict[str, tuple[JSON, ...]]:
        """``_shelves`` for a brief view, kept for the ``card_loc`` and side they were read for
        while no card is face up in a combat: a rollout's moves ask again of the same cards."""
        fight = self.fight
        queue = self.queue
        if isinstance(fight, (Intercept, Duel)) or (
            queue and queue[0][0] == "pick" and queue[0][1] != "duel"
        ):
            return self._shelves(side, brief=True)
        memo = _BRIEF_SHELVES.get(side)
        if memo is not None and memo[0] is self.card_loc and memo[1] is self.t:
            return memo[2]
        got = self._shelves(side, brief=True)
        _BRIEF_SHELVES[side] = (self.card_loc, self.t, got)
        return got

    def determinize(self, seat: str, rng: Any) -> BobState:
        """Re-deal what ``seat`` cannot see: the other side's face-down cards (within each Group or
        Luftflotte) and, for the RAF, the Luftwaffe's face-down missions."""

        def shuffled(items: list[int], where: Callable[[], tuple[Any, ...]]) -> list[int]:
            out = list(items)
            rng.shuffle(out)
            return out

        return self._rearranged(seat, shuffled)

    def infostate(self, seat: str) -> JSON:
        """``to_dict()`` with what ``seat`` cannot see put in one canonical arrangement: the
        hidden cards of a unit take their places in card order, the secret missions likewise, so
        two states that differ only in ``seat``'s unknowns give the same infostate."""

        def canonical(items: list[int], where: Callable[[], tuple[Any, ...]]) -> list[int]:
            # the item at the i-th place (in a fixed order of places) becomes the i-th item
            places = where()
            by_place = sorted(items, key=lambda i: (str(places[i]), i))
            return [sorted(items)[by_place.index(i)] for i in items]

        return self._rearranged(seat, canonical, in_order=True).to_dict()

    def _scratch_holds_cards(self) -> bool:
        """Whether the ints in ``scratch`` are cards (drawn, picked) rather than the crosses and
        roundels of a roll waiting for its result."""
        head = self.queue[0] if self.queue else ("",)
        if head[0] in ("duel_result", "bomb_result", "flak_losses"):
            return False
        return not (head[0] == "roll" and head[1] == "duel_lw")

    def _rearranged(
        self,
        seat: str,
        arrange: Callable[[list[int], Callable[[], tuple[Any, ...]]], list[int]],
        in_order: bool = False,
    ) -> BobState:
        """A copy in which the seat's unknowns are rearranged: ``arrange(items, where)`` says,
        for each item, which item takes its place (``where()`` is the place of every item).
        ``in_order`` also sorts unknown cards held in sequences (drawn, in a dogfight hand), whose
        order would otherwise tell the draw order."""
        side = self.side_of_seat(seat)
        other = self.copy()
        hidden: dict[int, list[int]] = {}
        # seen face up and not moved since: the seat knows where they are (``shown``)
        locs = self.card_loc
        # known: seen and not moved since, or face up now
        known = {c for c, where in self.shown if locs[c] == where} | self._face_up_cards()
        for c, card in enumerate(self.t.cards):
            if card.side != side and c not in known and locs[c] not in (DAMAGED, OUT):
                hidden.setdefault(card.unit, []).append(c)
        # a card's place: where it lies, and whether it is held aside (picked, in a dogfight hand)
        held = set(self.scratch) if self._scratch_holds_cards() else set()
        hands = (self.fight.raf_hand, self.fight.lw_hand) if isinstance(self.fight, Duel) else ()
        # tasks waiting in the queue name cards too (a roll for each card reaching for home)
        queued: dict[int, tuple[int, ...]] = {}
        for k, task in enumerate(self.queue):
            for x in task:
                if isinstance(x, str) and x in self.t.card_index:
                    queued[self.t.card_index[x]] = (*queued.get(self.t.card_index[x], ()), k)
        places: list[tuple[Any, ...]] = []

        def where() -> tuple[Any, ...]:  # made for an arrangement that asks (not a re-deal)
            if not places:
                places.append(
                    tuple(
                        (loc, c in held, *(c in hand for hand in hands), queued.get(c, ()))
                        for c, loc in enumerate(self.card_loc)
                    )
                )
            return places[0]

        perm: dict[int, int] = {}
        traced = dict(self.traced)
        for cards in hidden.values():
            arranged = arrange(cards, where)
            if traced:
                arranged = _within_traces(cards, arranged, locs, traced)
            perm.update(zip(cards, arranged, strict=True))
        locs = list(self.card_loc)
        for c, c2 in perm.items():
            locs[c2] = self.card_loc[c]
        other.card_loc = tuple(locs)
        other._shown_at = other.card_loc  # the world's own history: no card moved in it yet

        def remap(value: Any) -> Any:
            if isinstance(value, bool) or not isinstance(value, int):
                return value
            return perm.get(value, value)

        def remapped(items: tuple[Any, ...]) -> tuple[Any, ...]:
            out = [remap(x) for x in items]
            if in_order:
                slots = [i for i, x in enumerate(items) if isinstance(x, int) and x in perm]
                for i, x in zip(slots, sorted(out[i] for i in slots), strict=True):
                    out[i] = x
            return tuple(out)

        if self._scratch_holds_cards():
            other.scratch = remapped(self.scratch)
        if queued:
            named = {self.t.cards[c].id: self.t.cards[perm.get(c, c)].id for c in queued}
            other.queue = tuple(
                tuple(named.get(x, x) if isinstance(x, str) else x for x in task)
                for task in self.queue
            )
        if isinstance(self.fight, Duel):
            other.fight = self.fight._replace(
                raf_hand=remapped(self.fight.raf_hand), lw_hand=remapped(self.fight.lw_hand)
            )
        if side == RAF:
            secret = [
                m
                for m, loc in enumerate(self.mission_loc)
                if loc == "hand" or loc.startswith("flight:")
            ]
            pool = secret + self.deck()
            mlocs = list(self.mission_loc)
            # re-dealt within what the RAF has seen of them: each kept group is re-dealt apart
            exact, spaces = self._targets_in_sight()
            groups: dict[Any, list[int]] = {}
            for m in pool:
                space = self.t.targets[self.t.missions[m].target].space
                key = m if m in exact else space if space in spaces else ""
                groups.setdefault(key, []).append(m)
            moved: dict[int, int] = {}
            mission_places = self.mission_loc
            for group in groups.values():
                moved.update(zip(group, arrange(group, lambda: mission_places), strict=True))
            for m, m2 in moved.items():
                mlocs[m2] = self.mission_loc[m]
            other.mission_loc = tuple(mlocs)
            other.flights = {
                fid: f._replace(mission=moved.get(f.mission, f.mission)) if f.mission >= 0 else f
                for fid, f in self.flights.items()
            }
        other._node = None
        return other

    def _targets_in_sight(self) -> tuple[set[int], set[str]]:
        """What the RAF has learnt of the Luftwaffe's secret missions: exactly, the mission of a
        flight whose bombing is under way ("Luft. 2B bombs coventry"); up to the space of its
        target, that of a flight with a bombing run marker (placed only over its target; the
        question is put after every flight's move, so being asked tells nothing)."""
        bombing = {
            t[2] if t[0] == "roll" else t[1]
            for t in self.queue
            if t[0] in ("bomb_result", "flak_losses", "returns")
            or (t[0] == "roll" and t[1] in ("bombs", "ack_ack"))
            or (t[0] == "go_home" and t[2] == "after its bombing run")
        }
        exact: set[int] = set()
        spaces: set[str] = set()
        for f in self.flights.values():
            if f.side != LUFTWAFFE or f.mission < 0 or f.status != "map":
                continue
            if f.id in bombing:
                exact.add(f.mission)
            elif f.bombrun:
                spaces.add(f.space)
        return exact, spaces

    def _step_name(self) -> str:
        if self.result is not None:
            return "game over"
        kind = self.queue[0][0] if self.queue else ""
        steps = {
            "assist": "Step 2, British Production & Repairs",
            "repair": "Step 2, British Production & Repairs",
            "roll": "dice",
            "assign": "Step 3, German Mission Assignment",
            "draw": "cards drawn",
            "reinforce": "Step 4, Squadron Alert",
            "lf2_deal": "Step 4, Squadron Alert",
            "lw_select": "Step 5, Luftwaffe Movement",
            "fuel": "Step 5, Luftwaffe Movement",
            "step": "Step 5, Luftwaffe Movement",
            "intercept": "Step 5, British Intercept",
            "bomb_marker": "Step 5, Bomb Run Marker",
            "observe": "Step 6, Observer Corps",
            "raf_select": "Step 6, RAF Movement",
            "raf_step": "Step 6, RAF Movement",
            "combat_marker": "Step 6, RAF Movement",
            "battle_select": "Step 7, Battle & Bombing",
            "intercept_losses": "Step 7, Intercept",
            "duel_pick": "Step 7, Dogfight",
            "pick": "Step 7, Air Combat",
            "head_home": "Step 7, RAF Flight Head Home",
            "wing_return": "Step 7, Big Wing",
            "flak_losses": "Step 7, British Ack-Ack Fire",
            "home_roll": "Step 7, Reaching for Home",
            "abort": "Step 7, Abort Mission",
        }
        return steps.get(kind, "")

    def _fight_view(self, side: str | None) -> JSON | None:
        fight = self.fight
        if isinstance(fight, Intercept):
            return {
                "kind": "intercept",
                "space": fight.space,
                "raf": [self.t.cards[c].id for c in fight.raf_cards],
                "luftwaffe": [self.t.cards[c].id for c in fight.lw_cards],
                "hits_on_luftwaffe": fight.hits_lw,
                "hits_on_raf": fight.hits_raf,
            }
        if isinstance(fight, Duel):
            both = fight.raf_card >= 0 and fight.lw_card >= 0

            def shown(card: int, owner: str) -> str | None:
                if card < 0:
                    return None
                won = (fight.raf_wins if owner == RAF else fight.lw_wins) > 0
                return self.t.cards[card].id if (both or won or owner == side) else "chosen"

            return {
                "kind": "dogfight",
                "space": fight.space,
                "raf_card": shown(fight.raf_card, RAF),
                "luftwaffe_card": shown(fight.lw_card, LUFTWAFFE),
                "raf_in_hand": len(fight.raf_hand),
                "luftwaffe_in_hand": len(fight.lw_hand),
                "raf_wins": fight.raf_wins,
                "luftwaffe_wins": fight.lw_wins,
                "raf_kills": fight.raf_kills,
                "luftwaffe_kills": fight.lw_kills,
                "raf_ace": fight.raf_ace,
                "luftwaffe_ace": fight.lw_ace,
            }
        return None

    def _face_up_cards(self) -> frozenset[int]:
        """Every card ``_face_up`` holds face up, at once: the views and re-deals ask of all."""
        queue = self.queue
        if queue and queue[0][0] == "pick" and queue[0][1] != "duel":
            return frozenset(self.scratch)
        d = self.fight
        if isinstance(d, Intercept):
            return frozenset((*d.raf_cards, *d.lw_cards))
        if isinstance(d, Duel):
            up = [d.raf_card, d.lw_card] if d.raf_card >= 0 and d.lw_card >= 0 else []
            if d.raf_wins > 0:
                up.append(d.raf_card)
            if d.lw_wins > 0:
                up.append(d.lw_card)
            return frozenset(c for c in up if c >= 0)
        return _NONE_UP

    def _face_up(self, c: int) -> bool:
        # Intercept Procedure: each card the RAF picks at random is turned up as it is picked
        if self.queue and self.queue[0][0] == "pick" and self.queue[0][1] != "duel":
            return c in self.scratch
        # cards on the table in an intercept, and the two cards of a dogfight once both are chosen
        if isinstance(self.fight, Intercept):
            return c in self.fight.raf_cards or c in self.fight.lw_cards
        if isinstance(self.fight, Duel):
            d = self.fight
            # both chosen cards are revealed at the roll; a card that won stays up in the air
            return (d.raf_card >= 0 and d.lw_card >= 0 and c in (d.raf_card, d.lw_card)) or (
                (c == d.raf_card and d.raf_wins > 0) or (c == d.lw_card and d.lw_wins > 0)
            )
        return False

    def to_dict(self) -> JSON:
        return {
            "scenario": self.scenario,
            "options": dict(self.options),
            "turn": self.turn_no,
            "flights": [list(f) for f in self.flights.values()],
            "card_loc": list(self.card_loc),
            "mission_loc": list(self.mission_loc),
            "bottom": list(self.bottom),
            "hits": dict(self.hits),
            "markers": self.markers,
            "big_wing": self.big_wing,
            "combat": dict(self.combat),
            "aces": dict(self.aces),
            "queue": [list(t) for t in self.queue],
            "fight": None if self.fight is None else [type(self.fight).__name__, *self.fight],
            "scratch": list(self.scratch),
            "assists": [list(a) for a in self.assists],
            "pending_home": list(self.pending_home),
            "slipped": list(self.slipped),
            "campaign": [list(x) if isinstance(x, tuple) else x for x in self.campaign],
            "shown": [list(x) for x in self.shown],
            "traced": [[c, list(places)] for c, places in self.traced],
            "result": None if self.result is None else self.result.to_json(),
        }


def _within_traces(
    cards: list[int],
    arranged: list[int],
    locs: Sequence[str],
    traced: dict[int, tuple[str, ...]],
) -> list[int]:
    """``arranged`` (the card that takes the place of each of ``cards``) changed so that every
    traced card lies in one of its places. The places are read in the arrangement's order (by
    the card it put there: random in a re-deal, the places' own order in the canonical one);
    each traced card, fewest places first, takes the first of its places from the one the
    arrangement gave it on, moving a traced card already there to another of its own
    (augmenting paths). The other cards fill the places left in the arrangement's order. The
    true deal meets every trace, so a place is always found; a card that found none would go
    with the others."""
    tr = [c for c in arranged if c in traced]
    if not tr:
        return arranged
    n = len(cards)
    order = sorted(range(n), key=arranged.__getitem__)
    rank = {arranged[j]: k for k, j in enumerate(order)}
    options: dict[int, list[int]] = {}
    for c in tr:
        allowed = traced[c]
        k = rank[c]
        options[c] = [j for j in (*order[k:], *order[:k]) if locs[cards[j]] in allowed]
    held: dict[int, int] = {}  # place (index in cards) -> the traced card that lies there

    def seat(c: int, tried: set[int]) -> bool:
        for j in options[c]:
            if j in tried:
                continue
            tried.add(j)
            if j not in held or seat(held[j], tried):
                held[j] = c
                return True
        return False

    for c in sorted(tr, key=lambda c: (len(options[c]), rank[c])):
        seat(c, set())
    seated = set(held.values())
    rest = iter([arranged[j] for j in order if arranged[j] not in seated])
    out = list(arranged)
    for j in order:
        out[j] = held[j] if j in held else next(rest)
    return out


def _decide_table() -> dict[str, Any]:
    # each kind's decision method, called as ``method(state, *task[1:])`` (the methods' own
    # defaults fill the arguments an older task leaves out)
    kinds = (
        "assist repair assign reinforce lf2_deal lw_select fuel step intercept bomb_marker "
        "raf_select raf_step combat_marker battle_select intercept_losses duel_pick head_home "
        "flak_losses abort wing_return"
    )
    return {kind: getattr(BobState, f"_{kind}_decision") for kind in kinds.split()}


_DECIDE = _decide_table()
# the handlers of every step module, found by name along the class's bases
_DO = {k: v for c in reversed(BobState.__mro__) for k, v in handlers_of(c).items()}
BobState.handlers = _DO
_AUTO = {
    name[6:]: fn
    for c in reversed(BobState.__mro__)
    for name, fn in vars(c).items()
    if name.startswith("_auto_")
}

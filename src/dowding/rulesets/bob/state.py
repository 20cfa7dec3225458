"""The bob game state: the plotting table, the displays, the decks and a queue of steps.

Section names are the rulebook's (``shared/seeds/000_*``): "Step 5, British Intercept" and so
on. Readings where the rulebook is silent are listed in docs/rules/bob.md.

Cards and missions live in location tuples (one entry per card), flights are small
NamedTuples, and the turn is a queue of tasks as in crane: the head of the queue is what
happens next, and tasks that need no one's choice and no dice run by themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from dowding.engine import (
    LUFTWAFFE_DIE,
    RAF_DIE,
    Action,
    Chance,
    Decision,
    Draw,
    Event,
    SymbolPool,
    Terminal,
)
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import TaskQueueState, handlers_of

from .tables import LUFTWAFFE, LW_FLIGHTS, RAF, RAF_FLIGHTS, Tables
from .words import AIRCRAFT as AIRCRAFT_NAMES
from .words import stage as stage_name

if TYPE_CHECKING:
    from .game import BobGame

Task = tuple[Any, ...]
NON_DETECT_MARKERS = 5  # Components: 5 Non-Detect markers
LW_FULL = 6  # German Squadron Alert: "full strength of 6 squadron cards"
CHANCE_TASKS = frozenset({"draw", "roll", "pick", "observe", "home_roll"})

# card locations
CRB = "crb"  # the Group's or Luftflotte's combat ready box
DAMAGED = "dmg"  # the damaged aircraft box
OUT = "out"  # set aside for the scenario


_MOVES: dict[str, Action] = {}


def _move_to(space: str) -> Action:
    """'move to=K14', built once per space: step options are generated on every move."""
    action = _MOVES.get(space)
    if action is None:
        action = _MOVES[space] = Action("move", to=space)
    return action


def box(flight: str) -> str:
    return f"f:{flight}"


class Flight(NamedTuple):
    id: str
    side: str
    space: str  # "" while on its squadron card box on the display
    status: str  # "box", "map", "grounded"
    fuel: int
    mission: int  # index into tables.missions, -1 for none
    detected: bool
    nondetect: bool
    bombrun: bool
    intercepted: bool  # an RAF flight that moved to intercept this turn
    ace: bool
    escort_home: bool  # its Bf 109s turned for home early this turn
    bombed: bool  # made its bombing run this turn


class Intercept(NamedTuple):
    """Intercept Procedure: three Luftwaffe cards at random against the whole RAF flight."""

    space: str
    raf_cards: tuple[int, ...]
    lw_cards: tuple[int, ...]
    hits_lw: int = 0
    hits_raf: int = 0


class Duel(NamedTuple):
    """Dogfight Procedure: card against card until one side has none left."""

    space: str
    raf_hand: tuple[int, ...]
    lw_hand: tuple[int, ...]
    raf_card: int = -1  # the card in the air, -1 for none
    lw_card: int = -1
    raf_wins: int = 0  # consecutive wins of the card in the air
    lw_wins: int = 0
    raf_kills: int = 0  # squadrons shot down in this dogfight, for the Ace award
    lw_kills: int = 0
    raf_ace: bool = False  # the card in the air carries its flight's ace
    lw_ace: bool = False
    sent: tuple[str, ...] = ()  # flights that have sent their first card into this dogfight


def unit_of(flight: str) -> int:
    return int(flight[:-1])


class BobState(TaskQueueState):
    chance_tasks = CHANCE_TASKS

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
        self.result: Terminal | None = None
        self.events = ()
        self._log: list[Event] = []
        self._node: Node | None = None

    # --- seats ------------------------------------------------------------------------
    def seat_for_unit(self, side: str, unit: int) -> str:
        """Who commands a Group or Luftflotte ("Battle of Britain for 3 & 4 Players")."""
        players = self.options["players"]
        split = self.options["split"]
        if side == RAF:
            if players == 4 or (players == 3 and split == RAF):
                return "raf-10-12" if unit in (10, 12) else "raf-11-13"
            return RAF
        if players == 4 or (players == 3 and split == LUFTWAFFE):
            return "luftwaffe-2" if unit == 2 else "luftwaffe-3-5"
        return LUFTWAFFE

    def side_seats(self, side: str) -> frozenset[str]:
        units = (10, 11, 12, 13) if side == RAF else (2, 3, 5)
        return frozenset(self.seat_for_unit(side, u) for u in units)

    def side_of_seat(self, seat: str | None) -> str | None:
        if seat is None:
            return None
        return RAF if seat.startswith("raf") else LUFTWAFFE

    def seat_of_flight(self, flight: str) -> str:
        f = self.flights[flight]
        return self.seat_for_unit(f.side, unit_of(flight))

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
        locs = self.card_loc
        return [i for i in self.t.unit_cards[side, unit] if locs[i] == CRB]

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
        self.flights = {**self.flights, flight.id: flight}

    def knocked_out(self, target: str) -> bool:
        return self.hits.get(target, 0) >= self.t.targets[target].hits

    def station_working(self, station: str) -> bool:
        return not self.knocked_out(station)

    def lw_at(self, space: str) -> Flight | None:
        for f in self.flights.values():
            if f.side == LUFTWAFFE and f.status == "map" and f.space == space:
                return f
        return None

    def lw_others(self, space: str, flight: str) -> bool:
        return any(
            f.side == LUFTWAFFE and f.status == "map" and f.space == space and f.id != flight
            for f in self.flights.values()
        )

    def raf_others(self, space: str, flight: str) -> int:
        return sum(
            1
            for f in self.flights.values()
            if f.side == RAF and f.status == "map" and f.space == space and f.id != flight
        )

    def raf_at(self, space: str) -> list[Flight]:
        return [
            f
            for f in self.flights.values()
            if f.side == RAF and f.status == "map" and f.space == space
        ]

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
            decision = self._decision(task)
            if decision is not None:
                self._node = decision
                return
            self.queue = self.queue[1:]
            _DO[kind](self, task, None)

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

    # --- Scenario Adjustments -----------------------------------------------------------
    def _auto_adjust(self, task: Task) -> None:
        stage = task[1]
        eagles = stage == "duel-of-eagles"
        tasks: list[Task] = []
        completed = 5 if eagles else 9
        history = self.options["historical"] and self.campaign and self.campaign[3]
        # the missions already flown: from last scenario's gains (historical option) or the deck
        tasks += [("draw", "completed", bool(history))] * completed
        tasks.append(("strip", "radar" if eagles else "airfield"))
        losses = [(2, 7), (3, 7)] if eagles else [(2, 10), (3, 10), (5, 2)]
        if self.options["historical"] and self.campaign and self.campaign[4]:
            tasks += [("draw", "damage_history")] * (14 if eagles else 20)
        else:
            for lf, n in losses:
                tasks += [("draw", "damage", LUFTWAFFE, lf)] * n
        if not eagles:
            tasks.append(("strip_cards",))
        for group in (10, 11, 12, 13):
            tasks.append(("draw", "damage", RAF, group))
        self.queue = (*tasks, *self.queue)
        self._say(f"Scenario adjustments for {stage_name(stage)}.")

    def _auto_strip(self, task: Task) -> None:
        kind = task[1]
        pool = [m for m in self.deck() if self.t.missions[m].kind == kind]
        n = math.ceil(len(pool) / 2)
        # half of them, rounded up, chosen at random, are out of play
        self.queue = (*([("draw", "strip", kind)] * n), *self.queue)

    def _auto_strip_cards(self, task: Task) -> None:
        # London Burning: no Ju 87s in Luftflotten 2 and 3, no Defiants in 12 and 13 Group
        out = [
            c
            for c, card in enumerate(self.t.cards)
            if self.card_loc[c] == CRB
            and (
                (card.type == "ju87" and card.unit in (2, 3))
                or (card.type == "defiant" and card.unit in (12, 13))
            )
        ]
        self._move_cards(out, OUT)
        self._say(f"{len(out)} Ju 87 and Defiant squadron cards are set aside.")

    def _auto_turn(self, task: Task) -> None:
        # Step 1, Advance the Scenario Turn Marker
        self.turn_no += 1
        if self.turn_no > self.last_turn:
            if self.campaign and self.campaign[0] < 2:
                self._next_campaign_scenario()
            else:
                self._finish()
            return
        self._say(f"Turn {self.turn_no} of {self.last_turn} begins.")
        self.queue = (
            ("production",),
            ("missions",),
            ("alert",),
            ("lw_phase",),
            ("raf_phase",),
            ("battle",),
            ("end_turn",),
            ("turn",),
            *self.queue,
        )

    # --- Step 2, British Production & Repairs -----------------------------------------------
    def production(self, group: int) -> int:
        """Production points of a Group's cities with no bomb marker on them."""
        return sum(
            self.t.targets[c].production
            for c in self.t.group_cities.get(group, ())
            if self.hits.get(c, 0) == 0
        )

    def repairs_open(self, group: int) -> list[tuple[str, str]]:
        """What a Group can repair: its damaged squadrons, knocked-out airfields and radar stations."""
        out: list[tuple[str, str]] = [
            ("card", self.t.cards[c].id)
            for c in self.cards_in(DAMAGED)
            if self.t.cards[c].side == RAF and self.t.cards[c].unit == group
        ]
        for name, target in self.t.targets.items():
            if (
                target.group == group
                and target.kind in ("airfield", "radar")
                and self.knocked_out(name)
            ):
                out.append((target.kind, name))
        return out

    def _auto_production(self, task: Task) -> None:
        tasks: list[Task] = []
        idle = [g for g in (10, 11, 12, 13) if not self.repairs_open(g)]
        needy = [g for g in (10, 11, 12, 13) if self.repairs_open(g)]
        if not needy:
            return  # nothing to repair anywhere: the step is skipped (Step 2, Note)
        # Production Assistance is announced at the start of the step
        for g in idle:
            if self.production(g) > 0:
                tasks.append(("assist", g))
        for g in needy:
            tasks.append(("repair_roll", g))
        self.assists = ()
        self.queue = (*tasks, *self.queue)

    def _assist_decision(self, group: int) -> Decision | None:
        taken = {r for _, r in self._assists()}
        receivers = [
            g for g in (10, 11, 12, 13) if g != group and g not in taken and self.repairs_open(g)
        ]
        if not receivers:
            return None
        give = math.ceil(self.production(group) / 3)
        return Decision(
            self.seat_for_unit(RAF, group),
            f"{group} Group has nothing to repair: send {give} production dice to another Group? (Step 2, Production Assistance)",
            (*(Action("assist", to=g) for g in receivers), Action("keep")),
        )

    def _assists(self) -> list[tuple[int, int]]:
        return list(self.assists)

    def _do_assist(self, task: Task, action: Action | None) -> None:
        if action is None or action.kind == "keep":
            return
        receiver = int(action.number("to"))
        self.assists = (*self.assists, (task[1], receiver))
        self._say(f"{task[1]} Group sends production to {receiver} Group.")

    def repair_dice(self, group: int) -> int:
        extra = sum(math.ceil(self.production(g) / 3) for g, r in self._assists() if r == group)
        return self.production(group) + extra

    def _auto_repair_roll(self, task: Task) -> None:
        n = self.repair_dice(task[1])
        if n > 0:
            self.queue = (("roll", "repair", task[1], n, RAF), *self.queue)
        else:
            self._say(f"{task[1]} Group has no production to repair with.")

    def _repair_decision(self, group: int, left: int) -> Decision | None:
        open_ = self.repairs_open(group)
        if left <= 0 or not open_:
            return None
        return Decision(
            self.seat_for_unit(RAF, group),
            f"{group} Group: {left} repair(s) to make (Step 2)",
            tuple(Action("repair", **{kind: name}) for kind, name in open_),
        )

    def _do_repair(self, task: Task, action: Action | None) -> None:
        _, group, left = task
        if action is None:
            return
        kind, name = action.args[0]
        assert isinstance(name, str)
        if kind == "card":
            self._move_cards([self.t.card_index[name]], CRB)
        else:
            self.hits = {k: v for k, v in self.hits.items() if k != name}
        fixed = self.card_name(self.t.card_index[name]) if kind == "card" else self.place_name(name)
        self._say(f"{group} Group repairs {fixed}.")
        if left > 1:
            self.queue = (("repair", group, left - 1), *self.queue)

    # --- Step 3, German Mission Assignment ---------------------------------------------------
    def deck(self) -> list[int]:
        return [i for i, loc in enumerate(self.mission_loc) if loc == "deck"]

    def hand(self) -> list[int]:
        return [i for i, loc in enumerate(self.mission_loc) if loc == "hand"]

    def _auto_missions(self, task: Task) -> None:
        lw = self.options_lw_flights()
        if (
            self.turn_no == 1
            and not any(f.mission >= 0 for f in self.flights.values())
            and not self.hand()
        ):
            # Special Procedure Turn 1: draw 10, assign one to each flight, keep the rest pending
            draws = 10
            needing = lw
        else:
            needing = [
                f
                for f in lw
                if self.flights[f].status in ("box", "grounded") and self.flights[f].mission < 0
            ]
            # "when there are more than one Luftwaffe flight on its squadron box, draw one
            # mission card for each flight": a grounded flight is on its box with no mission, so
            # it draws too, every turn it stays grounded (docs/rules/bob.md, Step 3)
            draws = len(needing)
        self.queue = (
            *(("draw", "mission") for _ in range(draws)),
            *(("assign", f) for f in needing),
            *self.queue,
        )

    def options_lw_flights(self) -> list[str]:
        return [f for f in LW_FLIGHTS if self.flights[f].status != "out"]

    def _assign_decision(self, flight: str) -> Decision | None:
        hand = self.hand()
        return Decision(
            self.seat_of_flight(flight),
            f"Mission for Luft. {flight} (Step 3): assign a pending mission, or ground the flight",
            (*(Action("assign", mission=self.t.missions[m].id) for m in hand), Action("ground")),
        )

    def _do_assign(self, task: Task, action: Action | None) -> None:
        flight = self.flights[task[1]]
        if action is None or action.kind == "ground":
            # No Mission Assignment: the flight is grounded and its cards go back
            self._move_cards(self.cards_in(box(flight.id)), CRB)
            self._put(flight._replace(status="grounded", mission=-1, space=""))
            self._say(f"Luft. {flight.id} is grounded this turn.", LUFTWAFFE)
            return
        m = next(i for i, mm in enumerate(self.t.missions) if mm.id == action.word("mission"))
        self._set_mission(m, f"flight:{flight.id}")
        self._put(
            flight._replace(
                mission=m, status="box" if flight.status == "grounded" else flight.status
            )
        )
        given = self.t.missions[m]
        self._say(
            f"Luft. {flight.id} is given mission {given.id}: {self.place_name(given.target)}.",
            LUFTWAFFE,
        )

    # --- Step 4, Squadron Alert ----------------------------------------------------------
    def lw_box_size(self, flight: str) -> int:
        """The most cards a Luftwaffe box holds. London Burning: the Luftwaffe "may increase the
        number of squadron cards in Luftflotte 2 flight squadron card boxes, from 6 cards to 7"."""
        return 7 if self.stage == "london-burning" and flight.startswith("2") else LW_FULL

    def lw_can_alert(self, f: Flight) -> bool:
        """On its box with a mission (a flight grounded for want of cards keeps its mission)."""
        return f.status in ("box", "grounded") and f.mission >= 0

    def raf_can_alert(self, f: Flight) -> bool:
        base = self.t.raf_base_name[f.id]
        return f.status == "box" and not self.knocked_out(base)

    def _auto_alert(self, task: Task) -> None:
        tasks: list[Task] = []
        for group in (10, 11, 12, 13):
            flights = [
                f
                for f in RAF_FLIGHTS
                if unit_of(f) == group and self.raf_can_alert(self.flights[f])
            ]
            need = sum(max(0, 3 - len(self.cards_in(box(f)))) for f in flights)
            if need == 0:
                for f in flights:
                    tasks.append(("launch", f))
                continue
            first = self.turn_no == 1 and all(not self.cards_in(box(f)) for f in RAF_FLIGHTS)
            extra = 0 if first else 2  # after turn 1: the cards needed plus 2, then choose
            n = min(need + extra, len(self.crb_cards(RAF, group)))
            tasks += [("draw", "card", RAF, group)] * n
            tasks.append(("reinforce", RAF, group, first))
        for lf in (2, 3, 5):
            flights = [
                f for f in LW_FLIGHTS if unit_of(f) == lf and self.lw_can_alert(self.flights[f])
            ]
            need = sum(max(0, self.lw_box_size(f) - len(self.cards_in(box(f)))) for f in flights)
            if not flights:
                continue
            first = self.turn_no == 1 and all(not self.cards_in(box(f)) for f in LW_FLIGHTS)
            if first and lf == 2 and self.stage == "london-burning":
                tasks.append(("lf2_deal",))  # London Burning: 6 or 7 cards, the Luftwaffe's choice
                continue
            if need == 0:
                # nothing to reinforce: no cards drawn ("the cards needed plus 2" only when needed)
                tasks += [("launch", f) for f in flights]
                continue
            n = min(need + (0 if first else 2), len(self.crb_cards(LUFTWAFFE, lf)))
            tasks += [("draw", "card", LUFTWAFFE, lf)] * n
            tasks.append(("reinforce", LUFTWAFFE, lf, first))
        self.scratch = ()
        self.queue = (*tasks, *self.queue)

    def _lf2_deal_decision(self) -> Decision | None:
        return Decision(
            self.seat_for_unit(LUFTWAFFE, 2),
            "London Burning: deal 6 or 7 squadron cards to each Luftflotte 2 flight (Step 4)",
            (Action("deal", cards=6), Action("deal", cards=7)),
        )

    def _do_lf2_deal(self, task: Task, action: Action | None) -> None:
        # Scenario 3, London Burning: the Luftwaffe "may increase" Luftflotte 2's boxes to 7
        size = LW_FULL if action is None else int(action.number("cards"))
        flights = [f for f in LW_FLIGHTS if unit_of(f) == 2 and self.lw_can_alert(self.flights[f])]
        n = min(size * len(flights), len(self.crb_cards(LUFTWAFFE, 2)))
        self._say(f"Luftflotte 2 flies with {size} squadron cards a flight.", LUFTWAFFE)
        self.queue = (
            *([("draw", "card", LUFTWAFFE, 2)] * n),
            ("reinforce", LUFTWAFFE, 2, True, size),
            *self.queue,
        )

    def _open_boxes(self, side: str, unit: int, size: int = 0) -> list[str]:
        open_ = []
        for f in RAF_FLIGHTS if side == RAF else LW_FLIGHTS:
            fl = self.flights[f]
            if unit_of(f) != unit:
                continue
            if side == RAF and not self.raf_can_alert(fl):
                continue
            if side == LUFTWAFFE and not self.lw_can_alert(fl):
                continue
            cap = size or (3 if side == RAF else self.lw_box_size(f))
            if len(self.cards_in(box(f))) < cap:
                open_.append(f)
        return open_

    def _reinforce_decision(
        self, side: str, unit: int, first: bool, size: int = 0
    ) -> Decision | None:
        drawn = [c for c in self.scratch if isinstance(c, int)]
        if not drawn or first:
            return None  # turn 1: the cards are dealt, not chosen
        open_ = self._open_boxes(side, unit)
        if not open_:
            return None
        options = [Action("place", card=self.t.cards[c].id, flight=f) for c in drawn for f in open_]
        return Decision(
            self.seat_for_unit(side, unit),
            f"Squadron Alert (Step 4): place the cards drawn for {'Group' if side == RAF else 'Luftflotte'} {unit}; 'done' returns the rest",
            (*options, Action("done")),
        )

    def _do_reinforce(self, task: Task, action: Action | None) -> None:
        side, unit, first = task[1:4]
        size = task[4] if len(task) > 4 else 0  # London Burning: Luftflotte 2's choice
        if action is None and first:
            # Special Procedure Turn 1: deal the cards face down, box by box
            for c in [c for c in self.scratch if isinstance(c, int)]:
                open_ = self._open_boxes(side, unit, size)
                if not open_:
                    break
                self._move_cards([c], box(open_[0]))
                self.scratch = tuple(x for x in self.scratch if x != c)
        if action is not None and action.kind == "place":
            c = self.t.card_index[action.word("card")]
            self._move_cards([c], box(action.word("flight")))
            self.scratch = tuple(x for x in self.scratch if x != c)
            self.queue = (task, *self.queue)  # keep placing
            return
        # done, or nowhere left to place: the rest go back to the combat ready box
        self._move_cards([c for c in self.scratch if isinstance(c, int)], CRB)
        self.scratch = ()
        flights = RAF_FLIGHTS if side == RAF else LW_FLIGHTS
        for f in flights:
            if unit_of(f) == unit:
                self.queue = (("launch", f), *self.queue)

    def _auto_launch(self, task: Task) -> None:
        f = self.flights[task[1]]
        cards = self.cards_in(box(f.id))
        if f.side == RAF:
            if f.status == "box" and cards and self.raf_can_alert(f):
                self._put(f._replace(status="map", space=self.t.raf_base[f.id]))
            return
        if not self.lw_can_alert(f):
            return
        if len(cards) < LW_FULL:
            # "grounded if its squadron cards cannot be brought up to 6" (7 in London Burning's
            # Luftflotte 2 is the Luftwaffe's option, not a minimum)
            self._move_cards(cards, CRB)
            self._put(f._replace(status="grounded"))  # it keeps its mission for a later turn
            self._say(f"Luft. {f.id} cannot be brought up to strength and is grounded.")
            return
        self._put(
            f._replace(
                status="map", space=self.t.lw_base[f.id], fuel=3, detected=False, nondetect=False
            )
        )

    # --- Step 5, Luftwaffe Movement ----------------------------------------------------------
    def _auto_lw_phase(self, task: Task) -> None:
        self.queue = (("lw_select",), *self.queue)

    def lw_to_move(self) -> list[str]:
        done = (
            set(self.scratch)
            if self.scratch and all(isinstance(x, str) for x in self.scratch)
            else set()
        )
        return [f for f in LW_FLIGHTS if self.flights[f].status == "map" and f not in done]

    def _lw_select_decision(self) -> Decision | None:
        pool = self.lw_to_move()
        if not pool:
            return None
        seats = {self.seat_of_flight(f) for f in pool}
        seat = sorted(seats)[0]
        mine = [f for f in pool if self.seat_of_flight(f) == seat]
        return Decision(
            seat,
            "Choose the next Luftwaffe flight to move (Step 5)",
            tuple(Action("fly", flight=f) for f in mine),
        )

    def _do_lw_select(self, task: Task, action: Action | None) -> None:
        if action is None:
            self.scratch = ()
            return  # every flight has moved
        f = self.flights[action.word("flight")]
        self.scratch = (*self.scratch, f.id)
        if f.fuel <= 0:
            # A flight with no fuel markers may not move and must reach for home
            self._say(f"Luft. {f.id} is out of fuel and turns for home.")
            self.queue = (("go_home", f.id, "out of fuel"), task, *self.queue)
            return
        self.queue = (("fuel", f.id), task, *self.queue)

    def _fuel_decision(self, flight: str) -> Decision:
        f = self.flights[flight]
        options = [Action("fuel", tokens=1)]
        if f.fuel == 2:
            # two tokens: up to 10 spaces, and the Bf 109s stay or turn for home early
            if any(self.t.cards[c].type == "bf109" for c in self.cards_in(box(flight))):
                options += [
                    Action("fuel", tokens=2, escort="stay"),
                    Action("fuel", tokens=2, escort="home"),
                ]
            else:
                options.append(Action("fuel", tokens=2))
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight}: fuel tokens to spend this turn (Step 5)",
            tuple(options),
        )

    def _do_fuel(self, task: Task, action: Action | None) -> None:
        assert action is not None
        f = self.flights[task[1]]
        tokens = int(action.number("tokens"))
        home = action.get("escort") == "home"
        self._put(f._replace(fuel=f.fuel - tokens, escort_home=home))
        self._say(
            f"Luft. {f.id} spends {tokens} fuel token(s){', its Bf 109s turning for home' if home else ''}."
        )
        self.queue = (("step", f.id, 5 * tokens), ("bomb_marker", f.id), *self.queue)

    def _step_decision(self, flight: str, left: int) -> Decision | None:
        if left <= 0:
            return None
        f = self.flights[flight]
        options = []
        for n in self.t.neighbours[f.space]:
            if n == self.t.box and not f.id.startswith("5"):
                continue  # the Norway box is Luftflotte 5's base
            if self.t.step_cost(f.space, n) > left:
                continue
            if self.lw_others(n, flight) and (
                left - self.t.step_cost(f.space, n) <= 0 or self._would_stop(f, n)
            ):
                continue  # may pass a friendly flight, never end its move on one
            options.append(_move_to(n))
        if not self.lw_others(f.space, flight):
            options.append(Action("stop"))
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight} at {f.space}: {left} space(s) left (Step 5)",
            tuple(options),
        )

    def _would_stop(self, f: Flight, space: str) -> bool:
        """Whether entering ``space`` may end the flight's move there: an RAF flight, or a first
        radar detection (which may bring an intercept)."""
        if self.raf_at(space):
            return True
        stations = self.t.radar_of.get(space, ())
        return (
            bool(stations)
            and not f.detected
            and f.id not in self.slipped
            and any(map(self.station_working, stations))
        )

    def _do_step(self, task: Task, action: Action | None) -> None:
        _, flight, left = task
        if action is None or action.kind == "stop":
            return
        f = self.flights[flight]
        to = action.word("to")
        left -= self.t.step_cost(f.space, to)
        f = f._replace(space=to)
        self._put(f)
        # "A Luftwaffe flight may not move through a space with a RAF flight": it stops there,
        # but British Radar and British Intercept still apply to the space it has entered
        blocked = bool(self.raf_at(to))
        if blocked:
            self._say(f"Luft. {flight} meets RAF flights at {to} and stops.")
            left = 0
        stations = self.t.radar_of.get(to, ())
        # Non-Detected Flight: "may not be intercepted this turn" (slipped), not on later turns
        if stations and not f.detected and flight not in self.slipped:
            working = [s for s in stations if self.station_working(s)]
            if working:
                self._put(f._replace(detected=True, nondetect=False))
                names = ", ".join(self.place_name(s) for s in working)
                self._say(f"Radar ({names}) detects Luft. {flight} at {to}.")
                self.queue = (("intercept", flight, left), *self.queue)
                return
            in_use = sum(1 for x in self.flights.values() if x.nondetect)
            if f.nondetect or in_use < NON_DETECT_MARKERS:  # the punchboard has five
                self.slipped = (*self.slipped, flight)
            if not f.nondetect and in_use < NON_DETECT_MARKERS:
                self._put(f._replace(nondetect=True))
                self._say(
                    f"Luft. {flight} slips through the radar gap at {to} (Non-Detected Flight)."
                )
        if not blocked:
            self.queue = (("step", flight, left), *self.queue)

    def interceptors(self, space: str) -> list[str]:
        """RAF flights that can reach ``space`` with their normal three-space move (British Intercept)."""
        if self.markers + self.big_wing <= 0:
            return []
        # Step 6: "Only one RAF flight may occupy a space": on a space an RAF flight already
        # holds, only that flight can intercept (two flights against one is a Big Wing dogfight)
        held = {f.id for f in self.raf_at(space)}
        out = []
        for f in RAF_FLIGHTS:
            fl = self.flights[f]
            if fl.status != "map" or fl.intercepted or self.combat.get(fl.space):
                continue
            if held and f not in held:
                continue
            if self.t.distance(fl.space, space) <= 3 and space not in self.t.no_raf:
                out.append(f)
        return out

    def _intercept_decision(
        self, flight: str, left: int, asked: tuple[str, ...] = ()
    ) -> Decision | None:
        space = self.flights[flight].space
        candidates = self.interceptors(space)
        seats = sorted({self.seat_of_flight(f) for f in candidates} - set(asked))
        if not seats:
            return None
        return Decision(
            seats[0],
            f"Radar reports Luft. {flight} at {space}: intercept? (Step 5, British Intercept)",
            (
                *(
                    Action("intercept", flight=f)
                    for f in candidates
                    if self.seat_of_flight(f) == seats[0]
                ),
                Action("decline"),
            ),
        )

    def _do_intercept(self, task: Task, action: Action | None) -> None:
        flight, left = task[1], task[2]
        asked = task[3] if len(task) > 3 else ()
        if action is not None and action.kind == "decline":
            node = self._intercept_decision(flight, left, asked)
            seat = node.seat if node is not None else ""
            # the other RAF commander may still intercept with his own flights
            self.queue = (("intercept", flight, left, (*asked, seat)), *self.queue)
            return
        if action is None:
            self.queue = (("step", flight, left), *self.queue)
            return
        raf = self.flights[action.word("flight")]
        space = self.flights[flight].space
        self._put(raf._replace(space=space, intercepted=True))
        self._take_marker(space, "intercept")
        self._say(f"{raf.id[:-1]} Group, flight {raf.id[-1]} intercepts Luft. {flight} at {space}!")

    def _take_marker(self, space: str, kind: str) -> None:
        if self.markers > 0:
            self.markers -= 1
        else:
            self.big_wing -= 1
        self.combat = {**self.combat, space: kind}

    def _bomb_marker_decision(self, flight: str) -> Decision | None:
        f = self.flights[flight]
        if f.status != "map" or f.mission < 0 or f.bombrun:
            return None
        target = self.t.targets[self.t.missions[f.mission].target]
        if target.space != f.space:
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight} is over its target: place a bombing run marker? (Step 5, Bomb Run Marker)",
            (Action("bombrun"), Action("hold")),
        )

    def _do_bomb_marker(self, task: Task, action: Action | None) -> None:
        if action is not None and action.kind == "bombrun":
            f = self.flights[task[1]]
            self._put(f._replace(bombrun=True))
            self._say(f"Luft. {f.id} begins its bombing run at {f.space}.")

    # --- Step 6, RAF Movement -------------------------------------------------------------
    def _auto_raf_phase(self, task: Task) -> None:
        # Observer Corps: a die for each undetected flight at the start of the RAF's movement
        spotted = [
            ("observe", f)
            for f in LW_FLIGHTS
            if self.flights[f].status == "map" and self.flights[f].nondetect
        ]
        self.scratch = ()
        self.queue = (*spotted, ("raf_select",), *self.queue)

    def raf_to_move(self) -> list[str]:
        done = set(self.scratch)
        out = []
        for f in RAF_FLIGHTS:
            fl = self.flights[f]
            if fl.status != "map" or fl.intercepted or f in done:
                continue
            if fl.space == self.t.raf_base[f] and self.knocked_out(self.t.raf_base_name[f]):
                continue  # no take-off from a damaged airfield
            out.append(f)
        return out

    def _raf_select_decision(self) -> Decision | None:
        finished = {x[5:] for x in self.scratch if x.startswith("done:")}
        pool = [f for f in self.raf_to_move() if self.seat_of_flight(f) not in finished]
        if not pool:
            return None
        seat = sorted({self.seat_of_flight(f) for f in pool})[0]
        mine = [f for f in pool if self.seat_of_flight(f) == seat]
        return Decision(
            seat,
            "Choose the next RAF flight to move, or end the RAF's movement (Step 6)",
            (*(Action("fly", flight=f) for f in mine), Action("done")),
        )

    def _do_raf_select(self, task: Task, action: Action | None) -> None:
        if action is None:
            self.scratch = ()
            return
        if action.kind == "done":
            node = self._raf_select_decision()
            seat = node.seat if node is not None else ""
            self.scratch = (*self.scratch, f"done:{seat}")
            self.queue = (task, *self.queue)  # the other RAF commander may still move
            return
        f = action.word("flight")
        self.scratch = (*self.scratch, f)
        self.queue = (("raf_step", f, 3), ("combat_marker", f), task, *self.queue)

    def _raf_step_decision(self, flight: str, left: int) -> Decision | None:
        if left <= 0:
            return None
        f = self.flights[flight]
        if self.lw_at(f.space) is not None and left < 3:
            return None  # entered a space with a Luftwaffe flight: stop there
        options = []
        for n in self.t.neighbours[f.space]:
            if n in self.t.no_raf or n == self.t.box:
                continue  # never the coastal spaces of France or Norway
            ends = left == 1 or self.lw_at(n) is not None  # a Luftwaffe flight stops it
            if ends and self.raf_others(n, flight) and not self._big_wing_ok(n, flight):
                continue  # may not end on another RAF flight
            options.append(_move_to(n))
        if not self.raf_others(f.space, flight) or self._big_wing_ok(f.space, flight):
            options.append(Action("stop"))
        if not options:
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"RAF {flight} at {f.space}: {left} space(s) left (Step 6)",
            tuple(options),
        )

    def _big_wing_ok(self, space: str, flight: str) -> bool:
        # Big Wing Rules: two RAF flights may share a Luftwaffe flight's space in a dogfight
        # under the Big Wing marker, never join an intercept ("engage in a dogfight")
        return (
            self.stage == "london-burning"
            and self.big_wing > 0
            and self.lw_at(space) is not None
            and self.raf_others(space, flight) <= 1
            and self.combat.get(space) in (None, "dogfight")
        )

    def _do_raf_step(self, task: Task, action: Action | None) -> None:
        _, flight, left = task
        if action is None or action.kind == "stop":
            return
        f = self.flights[flight]
        self._put(f._replace(space=action.word("to")))
        self.queue = (("raf_step", flight, left - 1), *self.queue)

    def _combat_marker_decision(self, flight: str) -> Decision | None:
        f = self.flights[flight]
        lw = self.lw_at(f.space)
        if lw is None or lw.nondetect:
            return None
        big = len(self.raf_at(f.space)) >= 2
        if f.space in self.combat and not (big and self.combat[f.space] == "dogfight"):
            return None
        if big:
            # Big Wing Rules: two flights against one take the Big Wing marker (_do_ makes the swap)
            return None
        if self.markers + self.big_wing <= 0:
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"RAF {flight} is with Luft. {lw.id} at {f.space}: place a dogfight marker? ({self.markers} left, Step 6)",
            (Action("dogfight"), Action("hold")),
        )

    def _do_combat_marker(self, task: Task, action: Action | None) -> None:
        f = self.flights[task[1]]
        if action is None:
            if (
                len(self.raf_at(f.space)) >= 2
                and self.lw_at(f.space) is not None
                and self.big_wing > 0
                and self.combat.get(f.space) in (None, "dogfight")
            ):
                if self.combat.get(f.space) == "dogfight":
                    self.markers += (
                        1  # the ordinary marker goes back; the Big Wing marker replaces it
                    )
                self.big_wing -= 1
                self.combat = {**self.combat, f.space: "bigwing"}
                self._say(
                    f"Big Wing over {f.space}: two RAF flights against Luft. {self.lw_at(f.space).id}."
                )  # type: ignore[union-attr]
            return
        if action.kind == "dogfight":
            self._take_marker(f.space, "dogfight")
            self._say(f"Dogfight marker over {f.space}.")

    # --- Step 7, Battle & Bombing ------------------------------------------------------------
    def battle_spaces(self) -> list[str]:
        spaces = set(self.combat)
        for f in LW_FLIGHTS:
            fl = self.flights[f]
            if fl.status == "map" and fl.bombrun:
                spaces.add(fl.space)
        return sorted(spaces)

    def _auto_battle(self, task: Task) -> None:
        self.queue = (("battle_select",), ("aborts",), *self.queue)

    def _battle_select_decision(self) -> Decision | None:
        spaces = self.battle_spaces()
        if not spaces:
            return None
        return Decision(
            self.seat_for_unit(RAF, 11),
            "Choose the next space to resolve (Step 7: the RAF chooses the order)",
            tuple(Action("resolve", space=s) for s in spaces),
        )

    def _do_battle_select(self, task: Task, action: Action | None) -> None:
        if action is None:
            return
        space = action.word("space")
        tasks: list[Task] = []
        kind = self.combat.get(space)
        if kind == "intercept":
            tasks.append(("intercept_fight", space))
        elif kind in ("dogfight", "bigwing"):
            tasks.append(("dogfight_start", space))
        tasks += [("head_home", space), ("bombing", space), ("space_done", space)]
        self.queue = (*tasks, task, *self.queue)

    # Air Combat Phase: Intercept Procedure
    def _auto_intercept_fight(self, task: Task) -> None:
        space = task[1]
        lw = self.lw_at(space)
        raf = self.raf_at(space)
        if lw is None or not raf:
            self._clear_combat(space)
            return
        lw_cards = self.flying_cards(lw.id)
        picks = min(3, len(lw_cards))
        self.scratch = ()
        self.queue = (
            *(("pick", lw.id) for _ in range(picks)),
            ("intercept_roll", space),
            *self.queue,
        )

    def _auto_intercept_roll(self, task: Task) -> None:
        space = task[1]
        raf_cards = [c for f in self.raf_at(space) for c in self.cards_in(box(f.id))]
        lw_cards = [c for c in self.scratch if isinstance(c, int)]
        raf_dice = sum(self.t.cards[c].dice for c in raf_cards)
        lw_dice = sum(self.t.cards[c].dice for c in lw_cards)
        self._say(
            f"Intercept over {space}: {', '.join(self.card_name(c) for c in lw_cards)} against "
            f"{', '.join(self.card_name(c) for c in raf_cards)}; {raf_dice} white and {lw_dice} black dice."
        )
        self.fight = Intercept(space, tuple(raf_cards), tuple(lw_cards))
        self.queue = (
            ("roll", "intercept_raf", space, raf_dice, RAF),
            ("roll", "intercept_lw", space, lw_dice, LUFTWAFFE),
            ("intercept_losses", RAF),
            ("intercept_losses", LUFTWAFFE),
            ("intercept_end", space),
            *self.queue,
        )

    def loss_sets(self, cards: list[int], hits: int) -> list[tuple[int, ...]]:
        """The smallest sets of cards whose damage strengths take every hit (Intercept: "All hits must be accounted for")."""
        if hits <= 0 or not cards:
            return [()]
        if hits >= sum(self.t.cards[c].damage for c in cards):
            return [tuple(cards)]
        out = []
        for r in range(1, len(cards) + 1):
            for combo in combinations(cards, r):
                if sum(self.t.cards[c].damage for c in combo) < hits:
                    continue
                # minimal: dropping any card would leave hits unaccounted for
                if all(sum(self.t.cards[c].damage for c in combo if c != d) < hits for d in combo):
                    out.append(combo)
        return out

    def _intercept_losses_decision(self, side: str) -> Decision | None:
        fight = self.intercept()
        space = fight.space
        cards = list(fight.raf_cards if side == RAF else fight.lw_cards)
        hits = fight.hits_raf if side == RAF else fight.hits_lw
        sets = self.loss_sets(cards, hits)
        if sets == [()] or len(sets) == 1:
            return None
        unit = self.t.cards[cards[0]].unit
        return Decision(
            self.seat_for_unit(side, unit),
            f"Intercept over {space}: choose the squadrons that take {hits} hit(s)",
            tuple(Action("lose", cards=tuple(self.t.cards[c].id for c in s)) for s in sets),
        )

    def _do_intercept_losses(self, task: Task, action: Action | None) -> None:
        side = task[1]
        fight = self.intercept()
        space = fight.space
        if action is None:
            sets = self.loss_sets(
                list(fight.raf_cards if side == RAF else fight.lw_cards),
                fight.hits_raf if side == RAF else fight.hits_lw,
            )
            lost: tuple[int, ...] = sets[0]
        else:
            ids = action.get("cards")
            ids = ids if isinstance(ids, tuple) else (ids,)
            lost = tuple(self.t.card_index[str(i)] for i in ids)
        if lost:
            self._move_cards(lost, DAMAGED)
            self._say(f"Shot down over {space}: {', '.join(self.card_name(c) for c in lost)}.")

    def _auto_intercept_end(self, task: Task) -> None:
        space = task[1]
        self.fight = None
        self.scratch = ()
        self._after_combat(space)

    def intercept(self) -> Intercept:
        assert isinstance(self.fight, Intercept)
        return self.fight

    def _after_combat(self, space: str) -> None:
        self.pending_home = tuple(f.id for f in self.raf_at(space))
        for f in list(self.raf_at(space)) + ([self.lw_at(space)] if self.lw_at(space) else []):
            if f is not None and not self.cards_in(box(f.id)):
                # a flight that lost all its squadron cards goes back to its display
                self._put(
                    f._replace(
                        status="box" if f.side == RAF else f.status,
                        space="" if f.side == RAF else f.space,
                    )
                )
        lw = self.lw_at(space)
        if lw is not None and not self.cards_in(box(lw.id)):
            self._return_lw(lw.id, "shot down to the last squadron")
        self._clear_combat(space)

    def _clear_combat(self, space: str) -> None:
        if space in self.combat:
            self.combat = {k: v for k, v in self.combat.items() if k != space}

    # Air Combat Phase: Dogfight Procedure
    def _auto_dogfight_start(self, task: Task) -> None:
        space = task[1]
        lw = self.lw_at(space)
        raf = self.raf_at(space)
        if lw is None or not raf:
            self._clear_combat(space)
            return
        raf_hand = tuple(c for f in raf for c in self.cards_in(box(f.id)))
        lw_hand = tuple(self.flying_cards(lw.id))
        self.fight = Duel(space, raf_hand, lw_hand)
        self._say(
            f"Dogfight over {space}: {len(raf_hand)} RAF against {len(lw_hand)} Luftwaffe squadrons."
        )
        self.queue = (("duel", space), *self.queue)

    def duel(self) -> Duel:
        assert isinstance(self.fight, Duel)
        return self.fight

    def _auto_duel(self, task: Task) -> None:
        d = self.duel()
        # the dogfights go on as long as both sides have squadron cards
        if not (d.raf_hand or d.raf_card >= 0) or not (d.lw_hand or d.lw_card >= 0):
            self._end_dogfight(d.space)
            return
        tasks: list[Task] = []
        if d.lw_card < 0:
            tasks.append(
                ("duel_pick", LUFTWAFFE)
            )  # both choose at the same time: the RAF never sees this
        if d.raf_card < 0:
            tasks.append(("duel_pick", RAF))
        tasks.append(("duel_roll", d.space))
        self.queue = (*tasks, *self.queue)

    def _duel_pick_decision(self, side: str) -> Decision | None:
        d = self.duel()
        hand = d.raf_hand if side == RAF else d.lw_hand
        if not hand:
            return None
        unit = self.t.cards[hand[0]].unit
        return Decision(
            self.seat_for_unit(side, unit),
            f"Dogfight over {d.space}: choose your squadron card (the other side chooses unseen)",
            tuple(Action("pick", card=self.t.cards[c].id) for c in hand),
        )

    def _do_duel_pick(self, task: Task, action: Action | None) -> None:
        side = task[1]
        d = self.duel()
        hand = d.raf_hand if side == RAF else d.lw_hand
        card = hand[0] if action is None else self.t.card_index[action.word("card")]
        self._take_duel_card(side, card)

    def _take_duel_card(self, side: str, card: int) -> None:
        d = self.duel()
        # Ace Squadron Dogfight: the ace "is used along with the first squadron card that battles
        # in a dogfight", the first its flight sends; after a tie it stays on the box
        flight = self._flight_of_card(card)
        ace = flight is not None and flight not in d.sent and self.flights[flight].ace
        if ace and flight is not None:
            self._put(self.flights[flight]._replace(ace=False))
        if flight is not None and flight not in d.sent:
            d = d._replace(sent=(*d.sent, flight))
        if side == RAF:
            self.fight = d._replace(
                raf_hand=tuple(c for c in d.raf_hand if c != card),
                raf_card=card,
                raf_wins=0,
                raf_ace=ace,
            )
        else:
            self.fight = d._replace(
                lw_hand=tuple(c for c in d.lw_hand if c != card),
                lw_card=card,
                lw_wins=0,
                lw_ace=ace,
            )

    def _flight_of_card(self, card: int) -> str | None:
        loc = self.card_loc[card]
        return loc[2:] if loc.startswith("f:") else None

    def _auto_duel_roll(self, task: Task) -> None:
        d = self.duel()
        raf_dice = self.t.cards[d.raf_card].dice + d.raf_ace  # an ace rolls one more die
        lw_dice = self.t.cards[d.lw_card].dice + d.lw_ace
        self._say(
            f"Over {d.space}: {self.card_name(d.raf_card)} ({raf_dice} dice) "
            f"against {self.card_name(d.lw_card)} ({lw_dice} dice)."
        )
        self.scratch = ()
        self.queue = (
            ("roll", "duel_raf", d.space, raf_dice, RAF),
            ("roll", "duel_lw", d.space, lw_dice, LUFTWAFFE),
            ("duel_result", d.space),
            *self.queue,
        )

    def _auto_duel_result(self, task: Task) -> None:
        d = self.duel()
        on_lw, on_raf = self.scratch[-2], self.scratch[-1]  # all crosses, all roundels
        self.scratch = ()
        self._say(f"{on_lw} cross(es), {on_raf} roundel(s).")
        # only the card with the most hits can fall, and only if the hits reach its damage
        if on_lw > on_raf and on_lw >= self.t.cards[d.lw_card].damage:
            loser = LUFTWAFFE
        elif on_raf > on_lw and on_raf >= self.t.cards[d.raf_card].damage:
            loser = RAF
        else:
            self._return_duel_card(d.raf_card, d.raf_ace)
            self._return_duel_card(d.lw_card, d.lw_ace)
            self.fight = d._replace(
                raf_card=-1, lw_card=-1, raf_wins=0, lw_wins=0, raf_ace=False, lw_ace=False
            )
            self._say("Neither squadron is shot down; both go back to their boxes.")
            self.queue = (("duel", d.space), *self.queue)
            return
        winner = RAF if loser == LUFTWAFFE else LUFTWAFFE
        down = d.lw_card if loser == LUFTWAFFE else d.raf_card
        self._move_cards([down], DAMAGED)
        if d.lw_ace if loser == LUFTWAFFE else d.raf_ace:
            self.aces[loser] += 1  # the ace is lost with its squadron, back to the pool
        self._say(f"{self.card_name(down)} is shot down.")
        if winner == RAF:
            d = d._replace(
                lw_card=-1, lw_ace=False, raf_wins=d.raf_wins + 1, raf_kills=d.raf_kills + 1
            )
            stays = d.raf_wins < 2  # a squadron fights at most two dogfights in a row
            if not stays:
                self._return_duel_card(d.raf_card, d.raf_ace)
                d = d._replace(raf_card=-1, raf_ace=False, raf_wins=0)
            next_hand = d.lw_hand
        else:
            d = d._replace(
                raf_card=-1, raf_ace=False, lw_wins=d.lw_wins + 1, lw_kills=d.lw_kills + 1
            )
            stays = d.lw_wins < 2
            if not stays:
                self._return_duel_card(d.lw_card, d.lw_ace)
                d = d._replace(lw_card=-1, lw_ace=False, lw_wins=0)
            next_hand = d.raf_hand
        self.fight = d
        # the winner draws the opponent's next card at random from the cards left in hand
        draw: tuple[Task, ...] = (("pick", "duel", loser),) if stays and next_hand else ()
        self.queue = (*draw, ("duel", d.space), *self.queue)

    def _return_duel_card(self, card: int, with_ace: bool) -> None:
        flight = self._flight_of_card(card) if card >= 0 else None
        if with_ace and flight is not None:
            self._put(self.flights[flight]._replace(ace=True))

    def _end_dogfight(self, space: str) -> None:
        d = self.duel()
        self._return_duel_card(d.raf_card, d.raf_ace)
        self._return_duel_card(d.lw_card, d.lw_ace)
        # Air Ace: a flight whose dogfight shot down two opposing squadrons
        lw = self.lw_at(space)
        for side, kills, flights in (
            (RAF, d.raf_kills, [f.id for f in self.raf_at(space)]),
            (LUFTWAFFE, d.lw_kills, [lw.id] if lw is not None else []),
        ):
            if kills >= 2 and self.aces[side] > 0:
                for fid in flights:
                    if not self.flights[fid].ace and self.cards_in(box(fid)):
                        self._put(self.flights[fid]._replace(ace=True))
                        self.aces[side] -= 1
                        self._say(f"{fid} earns an Ace marker.")
                        break
        self.fight = None
        wing = [f.id for f in self.raf_at(space)]
        if len(wing) == 2 and unit_of(wing[0]) == unit_of(wing[1]):
            # Big Wing Rules: "When both flights are from the same Group, the RAF player may
            # return squadron card to the flight squadron card box of his choice"
            left = [c for f in wing for c in self.cards_in(box(f))]
            self._move_cards(left, "drawn")
            self.queue = (
                *([("wing_return", space)] * len(left)),
                ("after_combat", space),
                *self.queue,
            )
            return
        self._after_combat(space)

    def _wing_boxes(self, space: str) -> list[str]:
        """The Big Wing's flights with room in their box (three cards at most)."""
        return [f.id for f in self.raf_at(space) if len(self.cards_in(box(f.id))) < 3]

    def _wing_return_decision(self, space: str) -> Decision | None:
        held = self.cards_in("drawn")
        boxes = self._wing_boxes(space)
        if not held or len(boxes) < 2:
            return None
        card = self.t.cards[held[0]].id
        return Decision(
            self.seat_of_flight(boxes[0]),
            f"Big Wing over {space}: which flight's box does {card} return to?",
            tuple(Action("return", card=card, flight=f) for f in boxes),
        )

    def _do_wing_return(self, task: Task, action: Action | None) -> None:
        held = self.cards_in("drawn")
        if not held:
            return
        flight = self._wing_boxes(task[1])[0] if action is None else action.word("flight")
        self._move_cards([held[0]], box(flight))

    def _auto_after_combat(self, task: Task) -> None:
        self._after_combat(task[1])

    # RAF Flight Head Home Phase: only a flight that fought an air combat may head home
    def _head_home_decision(self, space: str) -> Decision | None:
        waiting = [
            f
            for f in self.pending_home
            if self.flights[f].status == "map" and self.flights[f].space == space
        ]
        if not waiting:
            return None
        f = waiting[0]
        return Decision(
            self.seat_of_flight(f),
            f"RAF {f} after the air combat over {space}: stay on patrol or head home? (RAF Flight Head Home Phase)",
            (Action("patrol", flight=f), Action("home", flight=f)),
        )

    def _do_head_home(self, task: Task, action: Action | None) -> None:
        if action is None:
            self.pending_home = ()
            return
        f = self.flights[action.word("flight")]
        if action.kind == "home":
            self._put(f._replace(status="box", space=""))
            self._say(f"RAF {f.id} heads home to refuel.")
        self.pending_home = tuple(x for x in self.pending_home if x != f.id)
        if self.pending_home:
            self.queue = (task, *self.queue)

    # Luftwaffe Bombing Run Phase and British Ack-Ack Fire Phase
    def _auto_bombing(self, task: Task) -> None:
        space = task[1]
        lw = self.lw_at(space)
        if lw is None or not lw.bombrun or lw.mission < 0:
            return
        target = self.t.targets[self.t.missions[lw.mission].target]
        bombers = [c for c in self.cards_in(box(lw.id)) if self.t.cards[c].role == "bomber"]
        self._put(lw._replace(bombrun=False))
        if target.space != space:
            return
        if not bombers:
            # "The flight must have one or more bomber squadron cards to make a bombing run": its
            # run is over with no hits, and Reaching for Home follows the bombing run phase
            self._say(
                f"Luft. {lw.id} has no bombers left to bomb {self.place_name(target.name)}.",
                LUFTWAFFE,
            )
            self._return_lw(lw.id, "no bombers left")
            return
        dice = sum(self.t.cards[c].bombs for c in bombers)
        if target.kind in ("airfield", "radar"):
            # Luftwaffe Dive Bomber Squadron: an extra die for each Stuka against airfields and radar
            dice += sum(1 for c in bombers if self.t.cards[c].type == "ju87")
        self._say(f"Luft. {lw.id} bombs {self.place_name(target.name)} with {dice} dice.")
        self.queue = (
            ("roll", "bombs", lw.id, dice, LUFTWAFFE),
            ("bomb_result", lw.id),
            *self.queue,
        )

    def _auto_bomb_result(self, task: Task) -> None:
        lw = self.flights[task[1]]
        crosses, roundels = self.scratch[-2], self.scratch[-1]
        self.scratch = ()
        target = self.t.targets[self.t.missions[lw.mission].target]
        before = self.hits.get(target.name, 0)
        after = min(target.hits, before + roundels)
        if after != before:
            self.hits = {**self.hits, target.name: after}
        self._put(lw._replace(bombed=roundels > 0))  # a run with no hits is a failure
        state = "knocked out" if after >= target.hits else f"{after} hit(s)"
        self._say(f"{roundels} hit(s) on {self.place_name(target.name)}: {state}.")
        if crosses > 0:
            self.queue = (
                ("roll", "ack_ack", lw.id, crosses, RAF),
                ("flak_losses", lw.id),
                ("returns", lw.id),
                *self.queue,
            )
        else:
            self.queue = (("returns", lw.id), *self.queue)

    def _flak_losses_decision(self, flight: str) -> Decision | None:
        losses = self.scratch[-2] // 2 if self.scratch else 0  # crosses on the ack-ack roll
        bombers = [c for c in self.cards_in(box(flight)) if self.t.cards[c].role == "bomber"]
        if losses <= 0 or not bombers:
            return None
        if losses >= len(bombers):
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"Ack-ack brings down {losses} bomber squadron(s) of Luft. {flight}: choose",
            tuple(
                Action("lose", cards=tuple(self.t.cards[c].id for c in combo))
                for combo in combinations(bombers, losses)
            ),
        )

    def _do_flak_losses(self, task: Task, action: Action | None) -> None:
        flight = task[1]
        losses = self.scratch[-2] // 2 if self.scratch else 0
        self.scratch = ()
        bombers = [c for c in self.cards_in(box(flight)) if self.t.cards[c].role == "bomber"]
        if action is None:
            lost = bombers[:losses]
        else:
            ids = action.get("cards")
            ids = ids if isinstance(ids, tuple) else (ids,)
            lost = [self.t.card_index[str(i)] for i in ids]
        if lost:
            self._move_cards(lost, DAMAGED)
            self._say(f"Ack-ack shoots down {', '.join(self.card_name(c) for c in lost)}.")

    def _auto_returns(self, task: Task) -> None:
        self._return_lw(task[1], "after its bombing run")

    # Luftwaffe Flight Reaching for Home Phase
    def _return_lw(self, flight: str, why: str) -> None:
        self.queue = (("go_home", flight, why), *self.queue)

    def _auto_go_home(self, task: Task) -> None:
        _, flight, why = task
        f = self.flights[flight]
        if f.status != "map":
            return
        rolls: list[Task] = []
        for c in self.cards_in(box(flight)):
            card = self.t.cards[c]
            fuel = f.fuel  # Bf 109s that stayed on a two-token move have no fuel left either
            if card.type == "bf109" and f.escort_home:
                continue  # turned back early and home safe
            if card.role == "bomber":
                n = 1 if fuel == 0 else 0
            else:
                n = 2 if fuel == 0 else 1 if fuel == 1 else 0
            if n:
                rolls.append(("home_roll", flight, card.id, n))
        self._say(f"Luft. {flight} reaches for home ({why}).")
        self.queue = (*rolls, ("landed", flight), *self.queue)

    def _auto_landed(self, task: Task) -> None:
        flight = task[1]
        f = self.flights[flight]
        # Mission Success or Failure Phase
        m = f.mission
        if m >= 0:
            mission = self.t.missions[m]
            hits = self.hits.get(mission.target, 0)
            if self.knocked_out(mission.target):
                self._set_mission(m, "lw")
                verdict = "a success: the Luftwaffe keeps the card"
            elif hits > 0 and self.t.targets[mission.target].kind == "city" and f.bombed:
                self._set_mission(m, "deck_bottom")
                self.bottom = (*self.bottom, m)
                verdict = "a minor success: the card goes under the deck"
            else:
                self._set_mission(m, "raf")
                verdict = "a failure: the RAF takes the card"
            self._say(
                f"Luft. {flight}'s mission against {self.place_name(mission.target)} is {verdict}."
            )
        self._put(
            f._replace(
                status="box",
                space="",
                mission=-1,
                detected=False,
                nondetect=False,
                bombrun=False,
                bombed=False,
                escort_home=False,
                fuel=0,
            )
        )

    def _auto_space_done(self, task: Task) -> None:
        self._clear_combat(task[1])

    # Abort Mission, and every flight home on the last turn
    def _auto_aborts(self, task: Task) -> None:
        flying = [f for f in LW_FLIGHTS if self.flights[f].status == "map"]
        if self.turn_no >= self.last_turn:
            self.queue = (*(("go_home", f, "the last turn") for f in flying), *self.queue)
        else:
            self.queue = (*(("abort", f) for f in flying), *self.queue)

    def _abort_decision(self, flight: str) -> Decision | None:
        f = self.flights[flight]
        if f.status != "map":
            return None
        return Decision(
            self.seat_of_flight(flight),
            f"Luft. {flight} at {f.space}: abort its mission and turn for home?",
            (Action("press_on"), Action("abort")),
        )

    def _do_abort(self, task: Task, action: Action | None) -> None:
        if action is not None and action.kind == "abort":
            self.queue = (("go_home", task[1], "mission aborted"), *self.queue)

    # --- end of turn ----------------------------------------------------------------------
    def _auto_end_turn(self, task: Task) -> None:
        # Bombed Airfield: the flight goes back to its box and its cards to the combat ready box
        for f in RAF_FLIGHTS:
            fl = self.flights[f]
            if self.knocked_out(self.t.raf_base_name[f]) and fl.status != "grounded":
                self._move_cards(self.cards_in(box(f)), CRB)
                self._put(fl._replace(status="box", space=""))
        for fl in list(self.flights.values()):
            if fl.intercepted:
                self._put(fl._replace(intercepted=False))
        self.markers, self.big_wing = (4, 1) if self.stage == "london-burning" else (5, 0)
        self.combat = {}
        self.slipped = ()  # Non-Detected Flight: undetected "this turn"

    def _next_campaign_scenario(self) -> None:
        """The campaign: victory points carry over, and each scenario is set up anew."""
        lw, raf = self.victory_points()
        stage, lw_total, raf_total, _, _ = self.campaign
        gained = tuple(m for m, loc in enumerate(self.mission_loc) if loc == "lw")
        damaged = tuple(
            c
            for c, loc in enumerate(self.card_loc)
            if loc == DAMAGED and self.t.cards[c].side == LUFTWAFFE
        )
        self._say(f"{stage_name(self.stage)} ends: Luftwaffe {lw}, RAF {raf} victory points.")
        self.campaign = (stage + 1, lw_total + lw, raf_total + raf, gained, damaged)
        self._start_scenario(self.stage)
        self._say(f"The campaign goes on with {stage_name(self.stage)}.")

    def _finish(self) -> None:
        lw, raf = self.victory_points()
        if self.campaign:
            _, lw_total, raf_total, _, _ = self.campaign
            self._say(f"{stage_name(self.stage)} ends: Luftwaffe {lw}, RAF {raf} victory points.")
            lw, raf = lw + lw_total, raf + raf_total
        winner = LUFTWAFFE if lw > raf else RAF if raf > lw else None
        self.result = Terminal(
            winner,
            {RAF: float(raf), LUFTWAFFE: float(lw)},
            f"{'the campaign' if self.campaign else f'after {self.last_turn} turns'}: "
            f"Luftwaffe {lw}, RAF {raf} victory points",
        )
        self._say(f"Game over: {self.result.reason}.")
        self.queue = (("over",),)

    def victory_points(self) -> tuple[int, int]:
        """Winning, Victory Points."""
        lw = sum(1 for loc in self.mission_loc if loc == "lw")
        raf = 2 * sum(1 for loc in self.mission_loc if loc == "raf")
        for c, loc in enumerate(self.card_loc):
            if loc == DAMAGED:
                if self.t.cards[c].side == RAF:
                    lw += 1
                else:
                    raf += 1
        for name, target in self.t.targets.items():
            hits = self.hits.get(name, 0)
            if target.kind == "city":
                lw += 3 if hits >= target.hits else hits  # bomb 1 and bomb 2 markers, knocked out
            elif hits >= target.hits:
                lw += 1
        for f in self.flights.values():
            if f.ace:
                if f.side == RAF:
                    raf += 1
                else:
                    lw += 1
        return lw, raf

    # --- chance ---------------------------------------------------------------------------
    def _chance(self, task: Task) -> Chance:
        kind = task[0]
        if kind == "draw" and task[1] in ("completed", "strip"):
            return Draw(
                "Scenario adjustments: a mission card at random",
                items=tuple(self.t.missions[m].id for m in self._adjust_pool(task)),
            )
        if kind == "draw" and task[1] == "damage_history":
            pool = self._damage_history_pool()
            return Draw(
                "Campaign: a damaged Luftwaffe card at random",
                items=tuple(self.t.cards[c].id for c in pool),
            )
        if kind == "draw" and task[1] == "damage":
            _, _, side, unit = task
            return Draw(
                f"Scenario adjustments: a damaged squadron card of {'Group' if side == RAF else 'Luftflotte'} {unit}",
                items=tuple(self.t.cards[c].id for c in self.crb_cards(side, unit)),
            )
        if kind == "draw":
            if task[1] == "mission":
                deck = self.deck()
                return Draw(
                    "Draw a mission card (Step 3)",
                    items=tuple(self.t.missions[m].id for m in deck),
                    visible_to=self.side_seats(LUFTWAFFE),
                )
            _, _, side, unit = task
            cards = self.crb_cards(side, unit)
            return Draw(
                f"Draw a squadron card for {'Group' if side == RAF else 'Luftflotte'} {unit} (Step 4)",
                items=tuple(self.t.cards[c].id for c in cards),
                visible_to=self.side_seats(side),
            )
        if kind == "pick":
            if task[1] == "duel":
                side = task[2]
                hand = self.duel().raf_hand if side == RAF else self.duel().lw_hand
                return Draw(
                    "The winner draws the opponent's next card at random (Dogfight Procedure)",
                    items=tuple(self.t.cards[c].id for c in hand),
                )
            flight = task[1]
            taken = set(self.scratch)
            cards = [c for c in self.flying_cards(flight) if c not in taken]
            return Draw(
                "The RAF picks a Luftwaffe squadron at random (Intercept Procedure)",
                items=tuple(self.t.cards[c].id for c in cards),
            )
        if kind == "roll":
            _, what, _, n, side = task
            die = RAF_DIE if side == RAF else LUFTWAFFE_DIE
            labels = {
                "repair": "Production dice: each roundel repairs one thing (Step 2)",
                "intercept_raf": "The RAF's white dice in the intercept",
                "intercept_lw": "The Luftwaffe's black dice in the intercept",
                "duel_raf": "The RAF's white dice in the dogfight",
                "duel_lw": "The Luftwaffe's black dice in the dogfight",
                "bombs": "Bombing dice: each roundel is a hit",
                "ack_ack": "Ack-ack: a white die for each cross; every two crosses down a bomber",
            }
            return SymbolPool(labels[what], die=die, count=n)
        if kind == "observe":
            return SymbolPool(
                f"Observer Corps: a cross spots Luft. {task[1]}", die=RAF_DIE, count=1
            )
        if kind == "home_roll":
            _, flight, card, n = task
            # the card is face down to the RAF: only the Luftwaffe reads which one rolls
            return SymbolPool(
                f"Reaching for home: a squadron of Luft. {flight} is lost on a cross",
                die=LUFTWAFFE_DIE,
                count=n,
                detail=f"Reaching for home: {card} of Luft. {flight} is lost on a cross",
                detail_to=self.side_seats(LUFTWAFFE),
            )
        raise AssertionError(task)

    def _chance_ready(self, task: Task) -> bool:
        """False (and the task dealt with) when there is nothing to draw or no die to roll."""
        kind = task[0]
        if kind == "draw" and task[1] == "mission" and not self.deck():
            self.queue = self.queue[1:]
            if self.bottom:  # only the cards returned under the deck are left: take the top one
                self._set_mission(self.bottom[0], "hand")
                self.bottom = self.bottom[1:]
            return False
        if kind == "draw" and task[1] in ("completed", "strip") and not self._adjust_pool(task):
            self.queue = self.queue[1:]
            return False
        if kind == "draw" and task[1] == "damage_history" and not self._damage_history_pool():
            self.queue = self.queue[1:]
            return False
        if (
            kind == "draw"
            and task[1] in ("card", "damage")
            and not self.crb_cards(task[2], task[3])
        ):
            self.queue = self.queue[1:]
            return False
        if kind == "pick" and not self._chance(task).items:  # type: ignore[attr-defined]
            self.queue = self.queue[1:]
            return False
        if kind == "roll" and task[3] <= 0:
            self.queue = self.queue[1:]
            self._do_roll(task, Action("roll", blank=0, cross=0, roundel=0))
            return False
        return True

    def _adjust_pool(self, task: Task) -> list[int]:
        if task[1] == "strip":
            return [m for m in self.deck() if self.t.missions[m].kind == task[2]]
        if task[2]:  # historical: last scenario's gains, while any are left
            previous = [m for m in self.campaign[3] if self.mission_loc[m] == "deck"]
            if previous:
                return previous
        return self.deck()

    def _damage_history_pool(self) -> list[int]:
        return [c for c in self.campaign[4] if self.card_loc[c] == CRB]

    def _do_draw(self, task: Task, action: Action | None) -> None:
        assert action is not None
        item = action.word("item")
        if task[1] in ("completed", "strip"):
            m = next(i for i, mm in enumerate(self.t.missions) if mm.id == item)
            if task[1] == "strip":
                self._set_mission(m, OUT)
                return
            # it counts as completed: knocked out, or a "bomb 1" marker on a city
            self._set_mission(m, "lw")
            target = self.t.targets[self.t.missions[m].target]
            self.hits = {
                **self.hits,
                target.name: max(
                    self.hits.get(target.name, 0), 1 if target.kind == "city" else target.hits
                ),
            }
            self._say(f"Already flown: {self.t.display.get(target.name, target.name)}.")
            return
        if task[1] in ("damage", "damage_history"):
            self._move_cards([self.t.card_index[item]], DAMAGED)
            return
        if task[1] == "mission":
            m = next(i for i, mm in enumerate(self.t.missions) if mm.id == item)
            self._set_mission(m, "hand")
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
        if what == "repair":
            self.queue = (("repair", subject, roundels), *self.queue)
            self._say(f"{subject} Group rolls {n} production dice: {roundels} roundel(s).")
            return
        if what in ("intercept_raf", "intercept_lw"):
            fight = self.intercept()
            fight = fight._replace(
                hits_lw=fight.hits_lw + crosses, hits_raf=fight.hits_raf + roundels
            )
            self.fight = fight
            if what == "intercept_lw":
                self._say(
                    f"Intercept over {fight.space}: {fight.hits_lw} hit(s) on the Luftwaffe, "
                    f"{fight.hits_raf} on the RAF."
                )
            return
        if what in ("duel_raf", "duel_lw"):
            prev = self.scratch if len(self.scratch) == 2 else (0, 0)
            self.scratch = (prev[0] + crosses, prev[1] + roundels)
            return
        self.scratch = (crosses, roundels)
        if what == "ack_ack":
            self._say(f"Ack-ack rolls {crosses} cross(es).")

    def _do_observe(self, task: Task, action: Action | None) -> None:
        assert action is not None
        if int(action.number("cross")) > 0:
            f = self.flights[task[1]]
            self._put(f._replace(nondetect=False))
            self._say(f"The Observer Corps spots Luft. {f.id} at {f.space}.")

    def _do_home_roll(self, task: Task, action: Action | None) -> None:
        assert action is not None
        _, flight, card, _n = task
        if int(action.number("cross")) > 0:
            self._move_cards([self.t.card_index[card]], DAMAGED)
            lost = self.card_name(self.t.card_index[card])
            self._say(f"{lost} of Luft. {flight} runs out of fuel and is lost.")

    # --- decisions dispatch -------------------------------------------------------------------
    def _decision(self, task: Task) -> Decision | None:
        kind = task[0]
        method = _DECIDE.get(kind)
        if method is None:
            raise AssertionError(f"task {task} has no decision")
        return method(self, *task[1:])  # type: ignore[no-any-return]

    # --- views and serialisation --------------------------------------------------------------
    def view(self, seat: str | None, infostate: bool = True) -> JSON:
        side = self.side_of_seat(seat)
        t = self.t

        def card_view(c: int) -> JSON:
            card = t.cards[c]
            if card.side == side or self.card_loc[c] in (DAMAGED,) or self._face_up(c):
                return {
                    "id": card.id,
                    "type": card.type,
                    "dice": card.dice,
                    "damage": card.damage,
                    "bombs": card.bombs,
                    "unit": card.unit,
                    "name": card.name,
                }
            return {"id": None, "unit": card.unit, "hidden": True}

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
                "cards": sorted(
                    (card_view(c) for c in self.cards_in(box(fid))),
                    key=lambda v: (v.get("hidden", False), v["id"] or ""),
                ),
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
            "damaged": [card_view(c) for c in self.cards_in(DAMAGED)],
            # Squadron Alert: the cards drawn and not yet placed (face up to their owner only)
            "drawn": sorted(
                (card_view(c) for c in self.cards_in("drawn")),
                key=lambda v: (v.get("hidden", False), v["id"] or ""),
            ),
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

    def determinize(self, seat: str, rng: Any) -> BobState:
        """Re-deal what ``seat`` cannot see: the other side's face-down cards (within each Group or
        Luftflotte) and, for the RAF, the Luftwaffe's face-down missions."""

        def shuffled(items: list[int], where: tuple[Any, ...]) -> list[int]:
            out = list(items)
            rng.shuffle(out)
            return out

        return self._rearranged(seat, shuffled)

    def infostate(self, seat: str) -> JSON:
        """``to_dict()`` with what ``seat`` cannot see put in one canonical arrangement: the
        hidden cards of a unit take their places in card order, the secret missions likewise, so
        two states that differ only in ``seat``'s unknowns give the same infostate."""

        def canonical(items: list[int], where: tuple[Any, ...]) -> list[int]:
            # the item at the i-th place (in a fixed order of places) becomes the i-th item
            by_place = sorted(items, key=lambda i: (str(where[i]), i))
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
        arrange: Callable[[list[int], tuple[Any, ...]], list[int]],
        in_order: bool = False,
    ) -> BobState:
        """A copy in which the seat's unknowns are rearranged: ``arrange(items, where)`` says,
        for each item, which item takes its place (``where`` is the place of every item).
        ``in_order`` also sorts unknown cards held in sequences (drawn, in a dogfight hand), whose
        order would otherwise tell the draw order."""
        side = self.side_of_seat(seat)
        other = self.copy()
        hidden: dict[int, list[int]] = {}
        for c, card in enumerate(self.t.cards):
            if (
                card.side != side
                and self.card_loc[c] not in (DAMAGED, OUT)
                and not self._face_up(c)
            ):
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
        where = tuple(
            (loc, c in held, *(c in hand for hand in hands), queued.get(c, ()))
            for c, loc in enumerate(self.card_loc)
        )
        perm: dict[int, int] = {}
        for cards in hidden.values():
            perm.update(zip(cards, arrange(cards, where), strict=True))
        locs = list(self.card_loc)
        for c, c2 in perm.items():
            locs[c2] = self.card_loc[c]
        other.card_loc = tuple(locs)

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
            for group in groups.values():
                moved.update(zip(group, arrange(group, self.mission_loc), strict=True))
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
        target, that of a flight with a bombing run marker, or being asked whether to place one
        (both only over its target)."""
        bombing = {
            t[2] if t[0] == "roll" else t[1]
            for t in self.queue
            if t[0] in ("bomb_result", "flak_losses", "returns")
            or (t[0] == "roll" and t[1] in ("bombs", "ack_ack"))
            or (t[0] == "go_home" and t[2] == "after its bombing run")
        }
        head = self.queue[0] if self.queue else ("",)
        exact: set[int] = set()
        spaces: set[str] = set()
        for f in self.flights.values():
            if f.side != LUFTWAFFE or f.mission < 0 or f.status != "map":
                continue
            if f.id in bombing:
                exact.add(f.mission)
            elif f.bombrun or head == ("bomb_marker", f.id):
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
            "result": None
            if self.result is None
            else {
                "winner": self.result.winner,
                "scores": dict(self.result.scores),
                "reason": self.result.reason,
            },
        }


def _decide_table() -> dict[str, Any]:
    return {
        "assist": lambda s, g: s._assist_decision(g),
        "repair": lambda s, g, left: s._repair_decision(g, left),
        "assign": lambda s, f: s._assign_decision(f),
        "reinforce": lambda s, side, unit, first, size=0: s._reinforce_decision(
            side, unit, first, size
        ),
        "lf2_deal": lambda s: s._lf2_deal_decision(),
        "lw_select": lambda s: s._lw_select_decision(),
        "fuel": lambda s, f: s._fuel_decision(f),
        "step": lambda s, f, left: s._step_decision(f, left),
        "intercept": lambda s, f, left, asked=(): s._intercept_decision(f, left, asked),
        "bomb_marker": lambda s, f: s._bomb_marker_decision(f),
        "raf_select": lambda s: s._raf_select_decision(),
        "raf_step": lambda s, f, left: s._raf_step_decision(f, left),
        "combat_marker": lambda s, f: s._combat_marker_decision(f),
        "battle_select": lambda s: s._battle_select_decision(),
        "intercept_losses": lambda s, side: s._intercept_losses_decision(side),
        "duel_pick": lambda s, side: s._duel_pick_decision(side),
        "head_home": lambda s, space: s._head_home_decision(space),
        "flak_losses": lambda s, f: s._flak_losses_decision(f),
        "abort": lambda s, f: s._abort_decision(f),
        "wing_return": lambda s, space: s._wing_return_decision(space),
    }


_DECIDE = _decide_table()
_DO = handlers_of(BobState)
BobState.handlers = _DO
_AUTO = {name[6:]: fn for name, fn in vars(BobState).items() if name.startswith("_auto_")}

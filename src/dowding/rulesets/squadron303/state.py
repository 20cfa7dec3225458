"""The squadron303 game state: one node of a cooperative game against a rule-driven Luftwaffe.

A turn is the rulebook's six phases as declared steps (``STEPS``); each step expands into small
tasks on a queue (draw a card, move a plane, roll for a Fight, ...). The head of the queue is
what happens next; tasks that need nobody run by themselves. The rules live in modules named
after the phases, which hold both the arithmetic and the task handlers:

- `setup.py`           Game setup: pilots, Deployment cards onto Areas, hands
- `events.py`          Phase I: Events
- `players.py`         Phase II: Players (draw, discard, Movement, Disengage, Landing)
- `combat.py`          Phase III: Combat (the Fight, Toughness, damage, shoot-downs)
- `counterattack.py`   Phase IV: Counterattack
- `germans.py`         Phase V: The German Phase
- `reorganization.py`  Phase VI: Reorganization, and the end of the turn
There is no Luftwaffe seat: the Germans act by rule, their randomness only as chance events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dowding.engine import Action, Chance, Decision, Draw, Event, Roll, Terminal
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import Task, TaskQueueState

from .board import board_for
from .campaign import CampaignState, camp_from_json
from .components import Components, Goal, Scenario
from .dice import make_dice
from .pieces import FLYING, German, Plane, Squadron

if TYPE_CHECKING:
    from .game import Squadron303Game

# The turn as the rulebook's table of contents gives it (Phase II's five steps; Reconnaissance
# is not built yet).
STEPS = (
    "events",  # Phase I
    "abilities",  # Phase II.1
    "draw",  # Phase II.2
    "movement",  # Phase II.3 (with Landing, II.5)
    "reconnaissance",  # Phase II.4
    "combat",  # Phase III
    "counterattack",  # Phase IV
    "germans",  # Phase V
    "reorganization",  # Phase VI
)


class S303State(TaskQueueState):
    game: Squadron303Game

    def __init__(
        self, game: Squadron303Game, scenario: str, options: dict[str, Any], comp: Components
    ) -> None:
        self.game = game
        self.scenario_id = scenario
        self.options = options
        self.comp = comp
        self.board = board_for(comp.map)
        self.dice = make_dice(comp.dice)
        self.players: int = int(options["players"])
        self.turn_no = 0
        self.planes: tuple[Plane, ...] = ()
        self.squadrons: tuple[Squadron, ...] = ()
        self.germans: tuple[German, ...] = ()
        self.deck: tuple[str, ...] = ()  # the Combat deck (sorted: its order is never known)
        self.discards: tuple[str, ...] = ()
        self.pilots: tuple[str, ...] = ()  # Pilot cards not dealt yet (then the Reserve)
        self.undeployed: tuple[str, ...] = ()  # Deployment cards still to go onto Areas
        self.event_decks: tuple[tuple[str, ...], ...] = ()  # the Events not drawn, per line
        self.face_down: tuple[str, ...] = ()  # per Events line: its face-down Event ("" none)
        self.revealed: tuple[tuple[str, int], ...] = ()  # (Event, turn revealed)
        self.downed: tuple[str, ...] = ()  # the squadron of each German aircraft shot down
        self.exited: tuple[str, ...] = ()  # the squadron of each German aircraft gone home
        self.marks: tuple[tuple[str, str], ...] = ()  # (Event, plane) contributions
        self.settled: tuple[str, ...] = ()  # Events whose goal someone met
        self.target_damage: tuple[tuple[str, int], ...] = ()
        self.kills = 0
        self.pilots_down = 0
        self.reserve_short = False
        self.fight: tuple[Any, ...] | None = None
        self.pending: tuple[Any, ...] = ()  # dice of a Counterattack under way
        self.camp = CampaignState("", ())  # the Campaign under way, if any
        self.queue: tuple[Task, ...] = ()
        self.result: Terminal | None = None
        self.events = ()
        self._node: Node | None = None
        self._log: list[Event] = []

    # --- lookups ------------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario:
        return self.comp.scenario(self.scenario_id)

    @property
    def players_goal(self) -> Goal:
        """The players' goal for this many players ("End of the game")."""
        return self.comp.players_goal(self.scenario_id, self.players)

    @property
    def turn(self) -> int:
        return self.turn_no

    def plane(self, plane_id: str) -> Plane:
        for p in self.planes:
            if p.id == plane_id:
                return p
        raise KeyError(plane_id)

    def put(self, plane: Plane) -> None:
        pid = plane.id
        self.planes = tuple([plane if p.id == pid else p for p in self.planes])

    def squadron(self, squadron_id: str) -> Squadron:
        for s in self.squadrons:
            if s.id == squadron_id:
                return s
        raise KeyError(squadron_id)

    def german(self, german_id: str) -> German:
        for g in self.germans:
            if g.id == german_id:
                return g
        raise KeyError(german_id)

    def put_german(self, german: German) -> None:
        gid = german.id
        self.germans = tuple([german if g.id == gid else g for g in self.germans])

    def germans_in(self, area: str) -> tuple[German, ...]:
        """The German aircraft in sight in an Area (a Hidden squadron is only its token)."""
        here = tuple([g for g in self.germans if g.area == area])
        # the Hidden squadrons are looked up only when needed: asked on most steps, mostly none
        if here and any(s.hidden for s in self.squadrons):
            hidden = self.hidden_ids()
            return tuple([g for g in here if g.squadron not in hidden])
        return here

    def hidden_ids(self) -> frozenset[str]:
        return frozenset(s.id for s in self.squadrons if s.hidden)

    def token_area(self, squadron: str) -> str:
        """Where a squadron's token stands (its planes fly together while it is Hidden)."""
        return next((g.area for g in self.germans if g.squadron == squadron), "")

    def reveal_contacts(self, entering: str = "") -> None:
        """ "Hidden Squadrons": an RAF plane in the Area of a Hidden squadron reveals it. A
        plane ``entering`` its Area in Movement reveals it in "Hun in the Sun" mode (its
        fighters strike before the Fights; reading: this turn, then its card's mode), and may
        not attack it this turn ("Reconnaissance")."""
        if not any(s.hidden or (s.ace and not s.ace_plane) for s in self.squadrons):
            return  # nothing face down to turn up (most steps): skip the counting
        squadrons = self.squadrons
        raf = self.raf_counts() if any(s.hidden for s in squadrons) else {}
        for sq in squadrons:
            if sq.hidden and raf.get(self.token_area(sq.id), 0):
                self.reveal(sq.id)
                if entering and self.plane(entering).area == self.token_area(sq.id):
                    self.squadrons = tuple(
                        s._replace(sun=True) if s.id == sq.id else s for s in self.squadrons
                    )
                    plane = self.plane(entering)
                    self.put(plane._replace(barred=(*plane.barred, sq.id)))
        from .aces import reveal_aces

        reveal_aces(self)

    def reveal(self, squadron: str) -> None:
        self.squadrons = tuple(
            s._replace(hidden=False) if s.id == squadron else s for s in self.squadrons
        )
        card = self.comp.deployment_card(self.squadron(squadron).card)
        kinds = ", ".join(f"{n} {self.comp.aircraft[k].name}" for k, n in card.aircraft.items())
        self.say(f"the {squadron} squadron is revealed: {kinds}")

    def raf_in(self, area: str) -> tuple[Plane, ...]:
        return tuple(p for p in self.planes if p.airborne and p.area == area)

    def raf_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for p in self.planes:
            if p.airborne:
                counts[p.area] = counts.get(p.area, 0) + 1
        return counts

    def damage_of(self, area: str) -> int:
        return dict(self.target_damage).get(area, 0)

    def hand_visible_to(self, plane: Plane) -> frozenset[str] | None:
        """Who sees a plane's cards: the team (``open_hands``, the default), or its seat."""
        return None if self.options["open_hands"] else frozenset({plane.seat})

    # --- narration --------------------------------------------------------------------
    def say(self, text: str, seats: frozenset[str] | None = None) -> None:
        self._log.append(Event(text, seats))

    # --- the queue runner -----------------------------------------------------------
    def push(self, *tasks: Task) -> None:
        """Put tasks at the head of the queue, in this order."""
        self.queue = (*tasks, *self.queue)

    def _advance(self) -> None:
        # the tables as locals: this loop runs a few times on every step
        chance_tasks, chance_ready, autos, decisions = (
            self.chance_tasks,
            _CHANCE_READY,
            _AUTO,
            _DECISION,
        )
        while self.result is None:
            self._node = None
            queue = self.queue
            if not queue:
                raise AssertionError("the turn ran out of tasks")
            task = queue[0]
            kind = task[0]
            if kind in chance_tasks:
                if chance_ready.get(kind, _always)(self, task):
                    return
                self.queue = queue[1:]
                continue
            auto = autos.get(kind)
            if auto is not None:
                self.queue = queue[1:]
                auto(self, task)
                continue
            decision = decisions[kind](self, task)
            if decision is not None:
                self._node = decision
                return
            self.queue = queue[1:]  # nothing to decide: the task lapses

    def _decision(self, task: Task) -> Decision | None:
        return _DECISION[task[0]](self, task)

    def _chance(self, task: Task) -> Chance:
        return _CHANCE[task[0]](self, task)

    def check_free(self, action: Action, decision: Decision) -> str | None:
        return "not one of the listed options"

    # --- copies and identity -------------------------------------------------------
    def copy(self) -> S303State:
        other = object.__new__(S303State)
        other.__dict__.update(self.__dict__)
        other._log = []
        return other

    def key(self) -> tuple[Any, ...]:
        return (
            self.scenario_id,
            tuple(sorted(self.options.items())),
            self.turn_no,
            tuple(tuple(p) for p in self.planes),
            tuple(tuple(s) for s in self.squadrons),
            tuple(tuple(g) for g in self.germans),
            self.deck,
            self.discards,
            self.pilots,
            self.undeployed,
            self.event_decks,
            self.face_down,
            self.revealed,
            (self.downed, self.exited, self.marks, self.settled),
            self.target_damage,
            (self.kills, self.pilots_down, self.reserve_short),
            self.camp,
            self.fight,
            self.pending,
            self.queue,
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    # --- views and serialisation ----------------------------------------------------
    def phase(self) -> str:
        if self.result is not None:
            return "game over"
        if self.turn_no == 0:
            return "setup"
        for task in self.queue:
            if task[0] == "step":
                index = STEPS.index(task[1])
                return STEPS[index - 1] if index else "reorganization"
        return "reorganization"

    def view(self, seat: str | None, infostate: bool = True) -> JSON:
        from .views import view

        return view(self, seat, infostate)

    def determinize(self, seat: str, rng: Any) -> S303State:
        from .views import determinize

        return determinize(self, seat, rng)

    def to_dict(self) -> JSON:
        return {
            "scenario": self.scenario_id,
            "options": dict(self.options),
            "turn": self.turn_no,
            "planes": [list(p) for p in self.planes],
            "squadrons": [list(s) for s in self.squadrons],
            "germans": [list(g) for g in self.germans],
            "deck": list(self.deck),
            "discards": list(self.discards),
            "pilots": list(self.pilots),
            "undeployed": list(self.undeployed),
            "event_decks": [list(d) for d in self.event_decks],
            "face_down": list(self.face_down),
            "revealed": [list(r) for r in self.revealed],
            "downed": list(self.downed),
            "exited": list(self.exited),
            "marks": [list(m) for m in self.marks],
            "settled": list(self.settled),
            "target_damage": [list(t) for t in self.target_damage],
            "kills": self.kills,
            "pilots_down": self.pilots_down,
            "reserve_short": self.reserve_short,
            "campaign": _jsonable(self.camp),
            "fight": None if self.fight is None else _jsonable(self.fight),
            "pending": _jsonable(self.pending),
            "queue": [_jsonable(t) for t in self.queue],
            "result": None if self.result is None else self.result.to_json(),
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def restore(state: S303State, data: JSON) -> None:
    """Fill a fresh state from ``to_dict``'s output."""
    state.turn_no = int(data["turn"])
    state.planes = tuple(Plane(*p) for p in _tupled(data["planes"]))
    state.squadrons = tuple(Squadron(*s) for s in _tupled(data["squadrons"]))
    state.germans = tuple(German(*g) for g in _tupled(data["germans"]))
    state.deck = tuple(data["deck"])
    state.discards = tuple(data["discards"])
    state.pilots = tuple(data["pilots"])
    state.undeployed = tuple(data["undeployed"])
    state.event_decks = _tupled(data["event_decks"])
    state.face_down = tuple(data["face_down"])
    state.revealed = _tupled(data["revealed"])
    state.downed = tuple(data["downed"])
    state.exited = tuple(data["exited"])
    state.marks = _tupled(data["marks"])
    state.settled = tuple(data["settled"])
    state.target_damage = _tupled(data["target_damage"])
    state.kills = int(data["kills"])
    state.pilots_down = int(data["pilots_down"])
    state.reserve_short = bool(data["reserve_short"])
    state.camp = camp_from_json(data["campaign"])
    state.fight = None if data["fight"] is None else _tupled(data["fight"])
    state.pending = _tupled(data["pending"])
    state.queue = _tupled(data["queue"])
    result = data["result"]
    state.result = (
        None
        if result is None
        else Terminal(result["winner"], dict(result["scores"]), result["reason"])
    )
    state.events = ()
    state._node = None


def _always(state: S303State, task: Task) -> bool:
    return True


# Filled in by handlers.py, which imports every phase module (kept apart to avoid import cycles).
_DECISION: dict[str, Callable[[S303State, Task], Decision | None]] = {}
_CHANCE: dict[str, Callable[[S303State, Task], Chance]] = {}
_CHANCE_READY: dict[str, Callable[[S303State, Task], bool]] = {}
_AUTO: dict[str, Callable[[S303State, Task], None]] = {}


def draw_from(label: str, items: tuple[str, ...], **kw: Any) -> Draw:
    return Draw(label, items, **kw)


def roll_of(label: str, colours: tuple[str, ...], dice: dict[str, Any], **kw: Any) -> Roll:
    return Roll(label, tuple(dice[c] for c in colours), **kw)


__all__ = ["FLYING", "STEPS", "S303State", "restore"]

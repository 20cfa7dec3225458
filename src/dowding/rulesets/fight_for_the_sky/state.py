"""The Fight for the Sky game state: one node of a Basic, Intermediate or Campaign game.

A game turn is a queue of small tasks (move a formation, move a squadron, roll an attack, allot a
lost flight...). The head of the queue is what happens next; tasks that need nobody run by
themselves. Comments cite the rulebook's sections by their headings; readings where the text is
silent are listed in docs/rules/fight-for-the-sky.md.

This class keeps only what every step shares: the fields, How to Set Up (the Basic Game's and the
Intermediate Game's), the lookups, the queue runner with its chance and decision dispatch,
narration, copies, keys, serialisation and views. The rules are mixins and functions in modules
named after the rulebook's sections, and each task kind is dispatched to one of them:

- `counters.py`      the counters: RAF squadrons, Luftwaffe units, formations, their statuses
- `game_turn.py`     How to Play: the order of a game turn, the end of a turn
- `formations.py`    How to Make Up Your Formations, How to Plan Your Raids, Preplanning
                     (and the Basic Game's four formations, assembling on turn 1)
- `movement.py`      How to Move and Intercept, Notes on Movement, the Intermediate Game's How to
                     Move (landing, refuelling), Sector Airfields and Airfield Capacity
- `hunter_packs.py`  Optional Rules, Hunter Packs: a patrol's strike
- `attack.py`        How to Attack, Notes on Attack, Tactical Advantages, Stukas
- `bombing.py`       How to Bomb, the Intermediate Game's How to Attack and Bomb
- `weather.py`       The Campaign Game, Weather: the day's weather and the contact rolls
- `winning.py`       How to Win the Basic Game, How to Win: victory points and the result
- `campaign.py`      The Campaign Game: day turns, availability, end conditions, maintenance

`decisions.py` holds who chooses what at each decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dowding.engine import D6, Action, Chance, Decision, Event, Roll, Terminal
from dowding.engine.game import JSON, Node
from dowding.engine.tasks import TaskQueueState, handlers_of

from .attack import Attack, _auto_combat_end, _live_shoot, _pending_fights
from .board import Board
from .bombing import Bombing, _auto_bombing, _live_form
from .campaign import CampaignGame
from .components import LUFTWAFFE, RAF, Components
from .counters import (
    AIR,
    GROUND,
    GROUNDED,
    HOME,
    LOST,
    MAINT,
    OUT,
    PATROL,
    POOL,
    RAID,
    RETURNING,
    Form,
    Lw,
    Raf,
    Task,
)
from .formations import MakingUpFormations, _auto_launch, _auto_turnback
from .game_turn import GameTurn, _auto_end_turn
from .hunter_packs import HunterPacks
from .movement import Movement, _auto_follow
from .weather import Weather, _auto_contacts, _live_contact
from .winning import Winning

if TYPE_CHECKING:
    from .game import FightGame

__all__ = [
    "AIR",
    "CHANCE_TASKS",
    "GROUND",
    "GROUNDED",
    "HOME",
    "LOST",
    "LUFTWAFFE",
    "MAINT",
    "OUT",
    "PATROL",
    "POOL",
    "RAF",
    "RAID",
    "RETURNING",
    "FightState",
    "Form",
    "Lw",
    "Raf",
    "Task",
    "_pending_fights",
]

CHANCE_TASKS = frozenset(
    {"shoot", "aa", "bomb", "urban_aa", "contact", "tactical", "weather", "availability"}
)
_ROLL = Roll("d6", dice=(D6,))


def _roller(task: Task) -> str | None:
    """Who rolls at a real table: the side whose guns, bombs or squadrons the roll is for. The
    day's weather and the tactical advantage belong to neither (None: the seat that called for
    them, docs/rules/fight-for-the-sky.md)."""
    kind = task[0]
    if kind == "shoot":  # Attack Procedure: the attacker rolls on the attack table
        return RAF if task[1] == RAF else LUFTWAFFE
    if kind in ("aa", "urban_aa"):  # the British guns
        return RAF
    if kind in ("bomb", "availability"):
        return LUFTWAFFE
    if kind == "contact":  # Weather: the squadron or the formation making contact
        return RAF if task[1] == "raf" else LUFTWAFFE
    return None


class FightState(
    GameTurn,
    MakingUpFormations,
    Movement,
    HunterPacks,
    Attack,
    Bombing,
    Weather,
    Winning,
    CampaignGame,
    TaskQueueState,
):
    """The shared state and what every step uses; each step's rules are a mixin named after it."""

    chance_tasks = CHANCE_TASKS

    def __init__(
        self,
        game: FightGame,
        scenario: str,
        options: dict[str, Any],
        comp: Components,
        board: Board,
    ) -> None:
        self.game = game
        self.scenario = scenario
        # read at almost every step: plain fields rather than properties
        self.basic = scenario == "basic"
        self.campaign = scenario == "campaign"
        self.options = options
        self.comp = comp
        self.board = board
        self.rules = comp.rules
        self.types = comp.aircraft
        self.turn_no = 1
        self.day = 0
        self.weather = "clear"
        self.avail = -1  # units the Luftwaffe may still fly today (-1: no limit)
        self.raf: tuple[Raf, ...] = ()
        self.lw: tuple[Lw, ...] = ()
        self.forms: tuple[Form, ...] = ()
        self.next_form = 1
        self.marks = (0, 0)  # aircraft shot down: RAF's, Luftwaffe's (the Losses Track)
        self.lost = (0, 0, 0)  # flights lost: RAF, Luftwaffe fighters, Luftwaffe bombers
        self.damage: tuple[int, ...] = tuple(0 for _ in board.targets)
        self.stukas_lost = 0
        self.formed = 0  # formations put together this turn
        self.finished = False  # the Luftwaffe flies no more raids today
        self.fight: tuple[Any, ...] = ()  # (hex, raid id, patrol id, raf squadrons, bonus)
        self.queue: tuple[Task, ...] = ()
        self.result: Terminal | None = None
        self.events = ()
        self._node: Node | None = None
        self._log: list[Event] = []
        self.target_ids = tuple(board.targets)
        self.target_index = {t: i for i, t in enumerate(self.target_ids)}
        self.unit_index: dict[int, int] = {}
        self.sqn_index: dict[str, int] = {}
        self.unit_move: dict[int, int] = {}
        self.unit_role: dict[int, str] = {}
        # (units, (turn, avail, stukas lost), the available units): see available_units
        self._available_memo: tuple[Any, ...] | None = None

    # --- set-up ------------------------------------------------------------------------------
    def setup(self) -> None:
        # the counters as set up are the same in every game of a scenario: kept (immutable)
        key = (id(self.comp), self.basic)
        kept = _SET_UP.get(key)
        if kept is None or kept[0] is not self.comp:
            self._set_up_counters()
            kept = _SET_UP[key] = (
                self.comp,
                self.raf,
                self.lw,
                self.forms,
                self.next_form,
                (self.unit_index, self.unit_move, self.unit_role, self.sqn_index),
            )
        _, self.raf, self.lw, self.forms, self.next_form, indexes = kept
        # (the indexes are shared: they are replaced, never changed in place)
        self.unit_index, self.unit_move, self.unit_role, self.sqn_index = indexes
        tasks: list[Task] = []
        if self.basic:
            # the Luftwaffe notes each target secretly, then places the formations (turn 1)
            tasks += [("aim", f.id) for f in self.forms]
            tasks += [("place", f.id) for f in self.forms]
            tasks += self._turn_tail()
        else:
            tasks += self._day_start()
        self.queue = tuple(tasks)
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    def _set_up_counters(self) -> None:
        comp = self.comp
        basic_sqns = set(comp.basic.squadrons)
        raf = []
        for sq in comp.squadrons:
            # How to Set Up: each unit face down (on the ground) on its home base
            status = GROUND if (not self.basic or sq.sqn in basic_sqns) else OUT
            raf.append(
                Raf(
                    sq.sqn,
                    sq.type,
                    sq.base,
                    sq.sector,
                    comp.flights_per_unit,
                    status,
                    sq.base,
                    "",
                    0,
                    1,
                    False,
                    0,
                    0,
                )
            )
        self.raf = tuple(raf)
        basic_units = {u for f in comp.basic.formations for u in f}
        lw = []
        for u in comp.luftwaffe_units:
            status = POOL if (not self.basic or u.id in basic_units) else OUT
            lw.append(Lw(u.id, u.type, u.group, comp.flights_per_unit, status, 0, 1, 0))
        self.lw = tuple(lw)
        self._index()
        if self.basic:
            # How to Play: the four formations made up exactly as listed
            forms = []
            for units in comp.basic.formations:
                forms.append(self._new_form(units, RAID))
                self.next_form += 1
            self.forms = tuple(forms)
            for f in self.forms:
                self._set_units(f.units, status=AIR, missions=1)

    def _index(self) -> None:
        self.unit_index = {u.id: i for i, u in enumerate(self.lw)}
        # a unit's type never changes: its type's movement allowance and role, by unit id
        types = self.types
        self.unit_move = {u.id: types[u.type].move for u in self.lw}
        self.unit_role = {u.id: types[u.type].role for u in self.lw}
        self.sqn_index = {r.sqn: i for i, r in enumerate(self.raf)}

    def _new_form(self, units: tuple[int, ...], kind: str) -> Form:
        return Form(
            self.next_form,
            tuple(units),
            "",
            "",
            kind,
            False,
            False,
            units[0] if units else 0,
            False,
            False,
            "",
            False,
            0,
            False,
            0,
            False,
        )

    # --- lookups -----------------------------------------------------------------------------
    def unit(self, uid: int) -> Lw:
        return self.lw[self.unit_index[uid]]

    def sqn(self, sqn: str) -> Raf:
        return self.raf[self.sqn_index[sqn]]

    def form(self, fid: int) -> Form | None:
        for f in self.forms:
            if f.id == fid:
                return f
        return None

    def form_at(self, h: str) -> Form | None:
        for f in self.forms:
            if f.hex == h and f.kind != PATROL:
                return f
        return None

    def patrol_at(self, h: str) -> Form | None:
        for f in self.forms:
            if f.hex == h and f.kind == PATROL:
                return f
        return None

    def on_map(self) -> list[Form]:
        return [f for f in self.forms if f.hex]

    def role(self, uid: int) -> str:
        return self.unit_role[uid]

    def flights_of(self, units: tuple[int, ...], role: str | None = None) -> int:
        return sum(self.unit(u).flights for u in units if role is None or self.role(u) == role)

    def _put_raf(self, r: Raf) -> None:
        i = self.sqn_index[r.sqn]
        self.raf = (*self.raf[:i], r, *self.raf[i + 1 :])

    def _put_lw(self, u: Lw) -> None:
        i = self.unit_index[u.id]
        self.lw = (*self.lw[:i], u, *self.lw[i + 1 :])

    def _set_units(self, uids: tuple[int, ...], **changes: Any) -> None:
        lw = list(self.lw)
        for uid in uids:
            i = self.unit_index[uid]
            lw[i] = lw[i]._replace(**changes)
        self.lw = tuple(lw)

    def _put_form(self, f: Form) -> None:
        forms = self.forms
        fid = f.id
        for i, g in enumerate(forms):
            if g[0] == fid:  # (g.id: a field read by place is cheaper)
                self.forms = (*forms[:i], f, *forms[i + 1 :])
                return

    def _drop_form(self, fid: int) -> None:
        self.forms = tuple(g for g in self.forms if g.id != fid)

    def say(self, text: str, seats: frozenset[str] | None = None) -> None:
        self._log.append(Event(text, seats))

    def lw_only(self, text: str) -> None:
        self.say(text, frozenset({LUFTWAFFE}))

    def hits_on(self, target: str) -> int:
        return self.damage[self.target_index[target]]

    def destroyed(self, target: str) -> bool:
        return self.hits_on(target) >= self.board.targets[target].boxes

    # --- chance and decisions ----------------------------------------------------------------
    def _chance(self, task: Task) -> Chance:
        # a Roll is immutable and depends only on the task's kind and first two fields
        key = task[:3]
        roll = _ROLLS.get(key)
        if roll is None:
            roll = _ROLLS[key] = self._new_chance(task)
        return roll

    def _new_chance(self, task: Task) -> Chance:
        labels: dict[str, Callable[[], str]] = {
            "shoot": lambda: f"attack: {task[1]} fires at the {task[2]}",
            "aa": lambda: "anti-aircraft fire over the target",
            "bomb": lambda: "bombing",
            "urban_aa": lambda: f"anti-aircraft fire over {task[2]}",
            "contact": lambda: f"weather: contact at {task[2]}",
            "tactical": lambda: "tactical advantage",
            "weather": lambda: "weather for the day",
            "availability": lambda: "Luftwaffe availability for the day",
        }
        return Roll(labels[task[0]](), dice=(D6,), roller=_roller(task))

    def _decision(self, task: Task) -> Decision | None:
        maker = _DECISIONS.get(task[0])
        return None if maker is None else maker(self, task)

    def _advance(self) -> None:
        while self.result is None:
            self._node = None
            if not self.queue:
                self._finish("no more tasks")
                return
            task = self.queue[0]
            kind = task[0]
            auto = _AUTO.get(kind)
            if auto is not None:
                self.queue = self.queue[1:]
                auto(self, task)
                continue
            if kind in CHANCE_TASKS:
                if _LIVE[kind](self, task):
                    return
                self.queue = self.queue[1:]
                continue
            decision = self._decision(task)
            if decision is not None:
                self._node = decision
                return
            self.queue = self.queue[1:]

    def _push(self, *tasks: Task) -> None:
        self.queue = (*tasks, *self.queue)

    @property
    def turn(self) -> int:
        return self.day * 100 + self.turn_no

    # --- copies, identity, serialisation, views -----------------------------------------------
    _FIELDS = (
        "turn_no",
        "day",
        "weather",
        "avail",
        "raf",
        "lw",
        "forms",
        "next_form",
        "marks",
        "lost",
        "damage",
        "stukas_lost",
        "formed",
        "finished",
        "fight",
        "queue",
        "result",
    )

    def copy(self) -> FightState:
        twin = object.__new__(FightState)
        twin.__dict__.update(self.__dict__)
        twin._log = []
        return twin

    def key(self) -> tuple[Any, ...]:
        fight = self.fight
        if fight:
            fight = (*fight[:5], tuple(sorted(fight[5])))
        return (
            self.scenario,
            tuple(sorted(self.options.items())),
            self.turn_no,
            self.day,
            self.weather,
            self.avail,
            self.raf,
            self.lw,
            self.forms,
            self.next_form,
            self.marks,
            self.lost,
            self.damage,
            self.stukas_lost,
            self.formed,
            self.finished,
            fight,
            self.queue,
            None if self.result is None else (self.result.winner, self.result.reason),
        )

    def to_dict(self) -> JSON:
        fight: Any = list(self.fight)
        if fight:
            fight = [*fight[:3], list(fight[3]), fight[4], sorted(fight[5])]
        return {
            "scenario": self.scenario,
            "options": dict(self.options),
            "turn": self.turn_no,
            "day": self.day,
            "weather": self.weather,
            "avail": self.avail,
            "raf": [list(r) for r in self.raf],
            "lw": [list(u) for u in self.lw],
            "forms": [[*f[:1], list(f.units), *f[2:]] for f in self.forms],
            "next_form": self.next_form,
            "marks": list(self.marks),
            "lost": list(self.lost),
            "damage": list(self.damage),
            "stukas_lost": self.stukas_lost,
            "formed": self.formed,
            "finished": self.finished,
            "fight": fight,
            "queue": [list(t) for t in self.queue],
            "result": None if self.result is None else self.result.to_json(),
        }

    def load(self, data: JSON) -> None:
        self.turn_no = int(data["turn"])
        self.day = int(data["day"])
        self.weather = str(data["weather"])
        self.avail = int(data["avail"])
        self.raf = tuple(Raf(*r) for r in data["raf"])
        self.lw = tuple(Lw(*u) for u in data["lw"])
        self.forms = tuple(Form(f[0], tuple(f[1]), *f[2:]) for f in data["forms"])
        self.next_form = int(data["next_form"])
        self.marks = (int(data["marks"][0]), int(data["marks"][1]))
        self.lost = tuple(int(x) for x in data["lost"])  # type: ignore[assignment]
        self.damage = tuple(int(x) for x in data["damage"])
        self.stukas_lost = int(data["stukas_lost"])
        self.formed = int(data["formed"])
        self.finished = bool(data["finished"])
        fight = data["fight"]
        self.fight = (
            (fight[0], fight[1], fight[2], tuple(fight[3]), fight[4], frozenset(fight[5]))
            if fight
            else ()
        )
        self.queue = tuple(_task(t) for t in data["queue"])
        result = data["result"]
        self.result = (
            None
            if result is None
            else Terminal(result["winner"], dict(result["scores"]), result["reason"])
        )
        self._index()
        self.events = ()
        self._node = None
        self._log = []

    def view(self, seat: str | None, infostate: bool = True) -> JSON:
        return _view(self, seat, infostate)

    def determinize(self, seat: str, rng: Any) -> FightState:
        return _determinize(self, seat, rng)


# --- the automatic tasks and the chance checks of every step module, by kind -----------------
_AUTO: dict[str, Callable[[FightState, Task], None]] = {
    "turnback": _auto_turnback,
    "launch": _auto_launch,
    "follow": _auto_follow,
    "contacts": _auto_contacts,
    "fight_end": _auto_combat_end,
    "bombing": _auto_bombing,
    "end_turn": _auto_end_turn,
}


_LIVE: dict[str, Callable[[FightState, Task], bool]] = {
    "shoot": _live_shoot,
    "aa": _live_form,
    "bomb": _live_form,
    "urban_aa": _live_form,
    "contact": _live_contact,
    "tactical": lambda s, t: True,
    "weather": lambda s, t: True,
    "availability": lambda s, t: True,
}


# the handlers of every step module, found by name along the class's bases
FightState.handlers = {
    **{k: v for c in reversed(FightState.__mro__) for k, v in handlers_of(c).items()},
    "combat": FightState._do_pick_fight,
}


def _task(raw: list[Any]) -> Task:
    return tuple(tuple(x) if isinstance(x, list) else x for x in raw)


def _view(s: FightState, seat: str | None, infostate: bool = True) -> JSON:
    from .views import view

    return view(s, seat, infostate)


def _determinize(s: FightState, seat: str, rng: Any) -> FightState:
    from .views import determinize

    return determinize(s, seat, rng)


def _cache(name: str, /, **args: object) -> Action:
    # a call site always names its arguments in the same order: no need to sort them
    key = (name, tuple(args.items()))
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(name, **args)
    return action


_ACTIONS: dict[tuple[str, tuple[tuple[str, object], ...]], Action] = {}
# the counters as set up, by (components, Basic Game), with the components they were read from
_SET_UP: dict[tuple[int, bool], tuple[Any, ...]] = {}
_ROLLS: dict[Task, Chance] = {}
# filled in by decisions.py
_DECISIONS: dict[str, Any] = {}

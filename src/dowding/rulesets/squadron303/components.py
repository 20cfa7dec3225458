"""The 303 Squadron components as schema-checked data.

The rulebook (shared/seeds/003_*) names the components ("Components") but prints none of their
content: the board, the dice faces, the 51 Combat cards, the Pilot, Event, Scenario and
Deployment cards are all in the Compendium and on the printed pieces, which the text lacks.
What ships in ``data/*.json`` is a design argued in docs/rules/squadron303.md. A player who owns
the printed game may point ``data_dir`` at a folder holding any of the same files (a partial
file is enough: it is merged over the shipped one key by key; a list replaces the list); a
mistake is reported with its path in the file.
"""

from __future__ import annotations

import itertools
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from dowding.rulesets.overrides import merge as _merge

FILES = (
    "campaign",
    "map",
    "dice",
    "aircraft",
    "cards",
    "pilots",
    "events",
    "deployment",
    "scenarios",
    "rules",
)

Symbol = Literal["hit", "evade", "maneuver"]
SupportSymbol = Literal["hit", "evade", "wild"]
Propeller = Literal["2", "3", "4", "wild"]
AreaSymbol = Literal["airfield", "radar", "city", "port", "factory"]
Category = Literal["fighter", "heavy_fighter", "bomber"]
Mode = Literal["close_escort", "patrol", "escape", "offensive", "hun_in_the_sun", "hunting"]
DieColour = Literal["blue", "yellow", "red", "white", "black"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- the board ("Areas vs Sectors", "Campaign": radars) ---------------------------------------


class Sector(_Strict):
    colour: str
    name: str


class Area(_Strict):
    id: str
    name: str
    sector: str
    # Where it is: a gazetteer place (its coordinates) or, for a designed Area, a point of its own.
    place: str | None = None
    lat: float | None = None
    lon: float | None = None
    note: str = ""
    sea: bool = False
    symbols: tuple[AreaSymbol, ...] = ()
    neighbours: tuple[str, ...]

    @model_validator(mode="after")
    def _located(self) -> Area:
        if (self.place is None) == (self.lat is None or self.lon is None):
            raise ValueError(f"area {self.id}: give either a gazetteer place or lat and lon")
        return self


class Map(_Strict):
    sectors: dict[str, Sector]
    radar_cover: dict[str, tuple[str, ...]]
    airfields: tuple[str, ...]
    areas: tuple[Area, ...]

    @model_validator(mode="after")
    def _graph(self) -> Map:
        ids = {a.id for a in self.areas}
        if len(ids) != len(self.areas):
            raise ValueError("areas: duplicate ids")
        by_id = {a.id: a for a in self.areas}
        for area in self.areas:
            if area.sector not in self.sectors:
                raise ValueError(f"areas.{area.id}: unknown sector {area.sector!r}")
            for n in area.neighbours:
                if n not in by_id:
                    raise ValueError(f"areas.{area.id}: unknown neighbour {n!r}")
                if area.id not in by_id[n].neighbours:
                    raise ValueError(f"areas.{area.id}: {n} does not list it back as a neighbour")
        for radar, sectors in self.radar_cover.items():
            if radar not in by_id or "radar" not in by_id[radar].symbols:
                raise ValueError(f"radar_cover: {radar!r} is no Area with a radar")
            for s in sectors:
                if s not in self.sectors:
                    raise ValueError(f"radar_cover.{radar}: unknown sector {s!r}")
        for field in self.airfields:
            if field not in by_id or "airfield" not in by_id[field].symbols:
                raise ValueError(f"airfields: {field!r} is no Area with an airfield")
        return self


# --- dice ("Combat": RAF dice, Special die, Luftwaffe dice) ------------------------------------


class Face(_Strict):
    symbol: Literal["hit", "evade", "maneuver", "reroll", "blank", "success", "failure"]
    # Luftwaffe Hit faces carry a 2-, 3- or 4-blade propeller (Phase IV: Counterattack); 0: none.
    propeller: Literal[0, 2, 3, 4] = 0

    @property
    def text(self) -> str:
        """The face as a word in an action's text: ``hit3`` is a Hit with a 3-blade propeller."""
        return f"{self.symbol}{self.propeller}" if self.propeller else self.symbol


class DieSpec(_Strict):
    faces: tuple[Face, ...] = Field(min_length=2)


class Dice(_Strict):
    blue: DieSpec
    yellow: DieSpec
    red: DieSpec
    white: DieSpec
    black: DieSpec

    def spec(self, colour: str) -> DieSpec:
        spec: DieSpec = getattr(self, colour)
        return spec

    @model_validator(mode="after")
    def _families(self) -> Dice:
        for colour in ("blue", "yellow", "red", "white", "black"):
            spec = self.spec(colour)
            for face in spec.faces:
                raf = colour in ("blue", "yellow")
                if raf and face.propeller:
                    raise ValueError(f"dice.{colour}: RAF dice carry no propellers")
                if face.propeller and face.symbol != "hit":
                    raise ValueError(f"dice.{colour}: a propeller goes on a Hit face only")
                if (colour == "yellow") != (face.symbol in ("success", "failure")):
                    raise ValueError(f"dice.{colour}: {face.symbol} is not a face of this die")
                if colour not in ("blue", "yellow") and face.symbol == "maneuver":
                    raise ValueError(f"dice.{colour}: Luftwaffe dice show no Maneuver")
        return self


# --- aircraft and Help cards ("Toughness", "Specialization", Help cards) ------------------------


class DiceShare(_Strict):
    """He 111s give each other a black die ("does not give a black die to another He 111" when
    tokened): each other untokened plane of this type in the squadron and Area adds one die."""

    colour: DieColour
    maximum: int = Field(ge=1)


class Aircraft(_Strict):
    name: str
    side: Literal["raf", "luftwaffe"]
    category: Category | None = None
    toughness: tuple[int, ...] = ()
    dice: dict[DieColour, int] = Field(default_factory=dict)
    shares_dice: DiceShare | None = None
    bombs: int = Field(default=0, ge=0)
    ammo: int = Field(default=0, ge=0)
    models: int = Field(ge=0)
    expansion: bool = False

    @model_validator(mode="after")
    def _sides(self) -> Aircraft:
        if self.side == "luftwaffe" and (not self.toughness or not self.dice or not self.category):
            raise ValueError(f"{self.name}: a German aircraft needs toughness, dice and category")
        if self.side == "raf" and self.ammo < 1:
            raise ValueError(f"{self.name}: an RAF aircraft needs its starting ammo")
        return self


# --- Combat cards ("Combat cards", "Symbols") --------------------------------------------------


class Requirement(_Strict):
    """What activates a card's ability, as the player aid's key gives it: a symbol from a die or
    the card ("any"), only from dice ("dice"), or a Maneuver token ("token")."""

    symbol: Symbol
    count: int = Field(default=1, ge=1, le=3)
    source: Literal["any", "dice", "token"] = "any"

    @model_validator(mode="after")
    def _token(self) -> Requirement:
        if self.source == "token" and self.symbol != "maneuver":
            raise ValueError("only a Maneuver requirement can be paid with a token")
        return self


class Effect(_Strict):
    """One effect of the small ability language (docs/rules/squadron303.md, "Combat cards").

    - ``gain``: add ``amount`` of ``symbol`` (Hit, Evade or Maneuver) this round;
    - ``cancel_german_hit``: cancel ``amount`` of the target's Hits this round;
    - ``first_strike``: "Hits before Luftwaffe": your damage first; a downed target's Hits lapse;
    - ``move_after_round``: after the round move up to ``amount`` Areas (the next set 1 less);
    - ``third_round``: the Fight gets a third Combat round;
    - ``self_support``: your own next card may Support you this Fight;
    - ``draw``: draw ``amount`` Combat cards;
    - ``maneuver_token``: gain ``amount`` Maneuver tokens;
    - ``reroll_german``: reroll ``amount`` of the target's dice once.
    ``per_set``: the effect repeats for each full set of the requirement ("For each set XX gain X").
    """

    kind: Literal[
        "gain",
        "cancel_german_hit",
        "first_strike",
        "move_after_round",
        "third_round",
        "self_support",
        "draw",
        "maneuver_token",
        "reroll_german",
    ]
    symbol: Symbol | None = None
    amount: int = Field(default=1, ge=1, le=3)
    per_set: bool = False

    @model_validator(mode="after")
    def _symbol(self) -> Effect:
        if (self.kind == "gain") != (self.symbol is not None):
            raise ValueError("a symbol goes with a gain effect, and only there")
        return self


class Ability(_Strict):
    text: str
    # Every requirement must be met (the combat example's card wants a Maneuver and a Hit).
    requires: tuple[Requirement, ...] = Field(min_length=1, max_length=3)
    effect: Effect


class CombatCard(_Strict):
    id: str
    name: str
    move: int = Field(ge=1, le=3)
    support: tuple[SupportSymbol, ...] = Field(min_length=1, max_length=3)
    defence: tuple[Propeller, ...] = Field(min_length=1, max_length=2)
    symbol: Symbol
    ability: Ability
    copies: int = Field(default=1, ge=1)
    expansion: bool = False


# --- pilots ("Phase II: 1. Pilot Special Abilities", "Solo game") ------------------------------


class Pilot(_Strict):
    id: str
    name: str
    # When the ability acts: at the Combat card draw, at Movement, at the Combat roll, or always.
    timing: Literal["draw", "movement", "roll", "passive"]
    ability: Literal[
        "draw_and_keep",
        "extra_maneuver_or_move",
        "extra_card",
        "roll_three_keep_two",
        "roll_three_give_one",
        "double_support",
        "reroll_german",
    ]
    text: str
    solo_leader: str = ""
    designed: bool = False
    expansion: bool = False


# --- Events, Deployment cards, Scenarios ("Phase I", "Game setup", "Campaign") ------------------


class Goal(_Strict):
    """A goal: ``shoot_down`` count of aircraft (the players') or pilots (the Luftwaffe's), of
    the Event's own planes when ``own``; ``hold`` ``area`` with a pilot at the end of ``turn``;
    ``protect`` the target ``area`` (it must not reach its Toughness); ``bomb`` it to its
    Toughness; ``exit``: count of the Event's planes leave the board; ``land``: every pilot in
    play is on an airfield at the end. For an Event, ``turn`` counts from its reveal (0: that
    turn); for a Scenario it is the turn number."""

    kind: Literal["shoot_down", "hold", "protect", "bomb", "exit", "land"]
    count: int = Field(default=1, ge=1)
    area: str | None = None
    turn: int | None = None
    own: bool = False


class Slot(_Strict):
    """Where a Deployment card goes: its Area, the route its squadron flies (Areas in order,
    starting next to ``area``), its target Area (to bomb) if any, and its route colour."""

    area: str
    route: tuple[str, ...]
    target: str | None = None
    colour: str


class Event(_Strict):
    id: str
    name: str
    number: int = Field(ge=1)
    colour: Literal["blue", "red", "green", "brown", "yellow"]
    type: Literal["raid", "sweep", "patrol"]
    text: str
    deployment: tuple[str, ...] = ()
    slots: tuple[Slot, ...] = ()
    mode: Mode | None = None
    players_goal: Goal
    luftwaffe_goal: Goal | None = None
    hunts: bool = False
    expansion: bool = False

    @model_validator(mode="after")
    def _slots(self) -> Event:
        if len(self.slots) != len(self.deployment):
            raise ValueError(f"events.{self.id}: one slot per Deployment card")
        return self


class DeploymentCard(_Strict):
    id: str
    side: Literal["luftwaffe", "raf"]
    aircraft: dict[str, int]
    mode: Mode

    @model_validator(mode="after")
    def _count(self) -> DeploymentCard:
        if not self.aircraft or any(n < 1 for n in self.aircraft.values()):
            raise ValueError(f"deployment.{self.id}: at least one aircraft, counts from 1")
        return self


def _german(where: str, card: DeploymentCard) -> None:
    """Setup: "two Deployment cards ... will be used for British planes in special Scenarios":
    the text gives them no rules, so a German squadron is never dealt from one."""
    if card.side != "luftwaffe":
        raise ValueError(
            f"{where}: {card.id!r} is a British Deployment card; the rulebook sets it aside "
            "unless a special Scenario gives it rules, and none is written"
        )


class Setup(_Strict):
    """One player count's deployment: the cards shuffled onto the slots (as many as slots)."""

    cards: tuple[str, ...]
    slots: tuple[Slot, ...]
    starting_areas: tuple[str, ...] = ()
    # a smaller team's own goal where the Scenario's is out of its reach (ours, like the setups)
    players_goal: Goal | None = None

    @model_validator(mode="after")
    def _sizes(self) -> Setup:
        if len(self.cards) != len(self.slots):
            raise ValueError("a setup needs one slot per Deployment card")
        return self


class EventLine(_Strict):
    turn: int = Field(ge=1)
    colours: tuple[Literal["blue", "red", "green", "brown", "yellow"], ...] = Field(min_length=1)


class Scenario(_Strict):
    id: str
    name: str
    date: str
    turns: int = Field(ge=1)
    starting_airfield: str
    # The Starting Area option: Area -> cards to discard (Northolt to London 1, ... ).
    starting_area_costs: dict[str, int] = Field(default_factory=dict)
    ammo: int = Field(default=4, ge=1)
    cards: int = Field(default=6, ge=0)
    events: tuple[EventLine, ...] = ()
    # Setups by player count, "1" to "4"; a missing count uses the next larger one.
    setups: dict[Literal["1", "2", "3", "4"], Setup]
    players_goal: Goal
    luftwaffe_goal: Goal
    hun_in_the_sun: int = Field(default=0, ge=0, le=2)
    hidden_sectors: tuple[str, ...] = ()
    reconnaissance: bool = False
    aces: bool = False
    text: str = ""
    designed: bool = True


# --- rule numbers, damage tokens, target damage, specialization ---------------------------------


class Specialization(_Strict):
    # Kills needed for levels I, II, III per category (reading in docs/rules/squadron303.md).
    thresholds: dict[Category, tuple[int, int, int]]
    cooldown_fields: int = Field(ge=1)


class Rules(_Strict):
    hand_base: int = Field(ge=0)
    draw_per_turn: int = Field(ge=0)
    max_maneuver_tokens: int = Field(ge=1)
    damage_to_destroy: int = Field(ge=1)
    action_points: int = Field(ge=0)
    ammo_per_action_point: int = Field(ge=1)
    yellow_failure_damage: int = Field(ge=1)
    target_toughness: dict[AreaSymbol, int]
    damage_tokens: tuple[Literal["no_free_move", "discard_card", "hand_size", "no_extra"], ...]
    target_damage_tiles: tuple[Literal["factory", "london", "port", "radar", "airfield"], ...]
    reserve_removed: dict[Literal["1", "2", "3", "4"], int]
    specialization: Specialization
    medal_supply: int = Field(ge=0)
    # "Aces" (L8): the German Elite Pilot tokens, 4 red for fighters and 2 black for bombers:
    # (a) +1 Hit per fighter in a Counterattack, (b) blanks rerolled once, (c) a free Evade,
    # (d) an extra die; (e) bombers 1 Area more after being attacked, (f) 1 more token to stop.
    fighter_aces: tuple[Literal["ca_hit", "reroll_blanks", "free_evade", "extra_die"], ...] = (
        "ca_hit",
        "reroll_blanks",
        "free_evade",
        "extra_die",
    )
    bomber_aces: tuple[Literal["extra_move", "extra_token"], ...] = ("extra_move", "extra_token")


class Campaign(_Strict):
    """A Campaign: Scenarios played in sequence ("Campaign")."""

    id: str
    name: str
    text: str = ""
    scenarios: tuple[str, ...] = Field(min_length=2)


class Components(_Strict):
    map: Map
    dice: Dice
    aircraft: dict[str, Aircraft]
    cards: tuple[CombatCard, ...]
    pilots: tuple[Pilot, ...]
    events: tuple[Event, ...]
    deployment: tuple[DeploymentCard, ...]
    scenarios: tuple[Scenario, ...]
    rules: Rules
    campaigns: tuple[Campaign, ...] = ()

    @model_validator(mode="after")
    def _references(self) -> Components:
        areas = {a.id for a in self.map.areas}
        for name, ids in (
            ("cards", [c.id for c in self.cards]),
            ("pilots", [p.id for p in self.pilots]),
            ("events", [e.id for e in self.events]),
        ):
            if len(set(ids)) != len(ids):
                raise ValueError(f"{name}: duplicate ids")
        cards = {d.id: d for d in self.deployment}
        if len(cards) != len(self.deployment):
            raise ValueError("deployment: duplicate ids")
        for d in self.deployment:
            for kind in d.aircraft:
                if kind not in self.aircraft:
                    raise ValueError(f"deployment.{d.id}: unknown aircraft {kind!r}")
        for event in self.events:
            self._check_slots(f"events.{event.id}", event.slots, areas)
            for cid in event.deployment:
                if cid not in cards:
                    raise ValueError(f"events.{event.id}: unknown Deployment card {cid!r}")
                _german(f"events.{event.id}", cards[cid])
        scenario_ids = {sc.id for sc in self.scenarios}
        for camp in self.campaigns:
            for sid in camp.scenarios:
                if sid not in scenario_ids:
                    raise ValueError(f"campaigns.{camp.id}: unknown scenario {sid!r}")
        for sc in self.scenarios:
            if sc.starting_airfield not in self.map.airfields:
                raise ValueError(f"scenarios.{sc.id}: {sc.starting_airfield!r} is no airfield")
            for area in sc.starting_area_costs:
                if area not in areas:
                    raise ValueError(f"scenarios.{sc.id}: unknown starting Area {area!r}")
            for count, setup in sc.setups.items():
                where = f"scenarios.{sc.id}.setups.{count}"
                self._check_slots(where, setup.slots, areas)
                models: dict[str, int] = {}
                for cid in setup.cards:
                    if cid not in cards:
                        raise ValueError(f"{where}: unknown Deployment card {cid!r}")
                    _german(where, cards[cid])
                    for kind, n in cards[cid].aircraft.items():
                        models[kind] = models.get(kind, 0) + n
                for kind, n in models.items():
                    if n > self.aircraft[kind].models:
                        raise ValueError(
                            f"{where}: {n} {kind} but the box holds {self.aircraft[kind].models}"
                        )
        return self

    def _check_slots(self, where: str, slots: tuple[Slot, ...], areas: set[str]) -> None:
        neighbours = {a.id: a.neighbours for a in self.map.areas}
        for slot in slots:
            for a in (slot.area, *slot.route, *((slot.target,) if slot.target else ())):
                if a not in areas:
                    raise ValueError(f"{where}: unknown Area {a!r}")
            path = (slot.area, *slot.route)
            for here, there in itertools.pairwise(path):
                if there not in neighbours[here]:
                    raise ValueError(
                        f"{where}: the route steps from {here} to {there}, not adjacent"
                    )
            if slot.target is not None and slot.route[-1:] != (slot.target,):
                raise ValueError(f"{where}: a route to a target ends on it ({slot.area})")

    def card(self, card_id: str) -> CombatCard:
        return _index(self.cards)[card_id]

    def deck(self, expansion: bool = False) -> tuple[str, ...]:
        """The Combat deck as card ids, each as many times as it has copies."""
        return tuple(
            c.id for c in self.cards if expansion or not c.expansion for _ in range(c.copies)
        )

    def scenario(self, scenario_id: str) -> Scenario:
        return _index(self.scenarios)[scenario_id]

    def deployment_card(self, card_id: str) -> DeploymentCard:
        return _index(self.deployment)[card_id]

    def players_goal(self, scenario_id: str, players: int) -> Goal:
        """The players' goal for ``players``: their setup's where it has one, else the
        Scenario's."""
        return (
            self.setup(scenario_id, players).players_goal or self.scenario(scenario_id).players_goal
        )

    def setup(self, scenario_id: str, players: int) -> Setup:
        """The scenario's setup for ``players``; a smaller count without its own uses the next."""
        setups = self.scenario(scenario_id).setups
        for n in range(players, 5):
            if str(n) in setups:
                return setups[str(n)]  # type: ignore[index]
        raise ValueError(f"scenario {scenario_id} has no setup for {players} players")


_T = TypeVar("_T", CombatCard, Scenario, DeploymentCard)


def _index(items: tuple[_T, ...]) -> dict[str, _T]:
    """``items`` by id, made once for each tuple of items (the components never change)."""
    found = _INDEXES.get(id(items))
    if found is None or found[0] is not items:
        found = _INDEXES[id(items)] = (items, {item.id: item for item in items})
    return found[1]  # type: ignore[return-value]


_INDEXES: dict[int, tuple[tuple[object, ...], dict[str, object]]] = {}


def memo(comp: Components, name: str) -> dict[Any, Any]:
    """A table named ``name`` for values the rules work out from these components and immutable
    keys alone (the components never change), so that a hot rule works each out once. Each table
    is emptied when it grows past a limit."""
    found = _MEMOS.get(id(comp))
    if found is None or found[0] is not comp:
        found = _MEMOS[id(comp)] = (comp, {})
    table = found[1].get(name)
    if table is None or len(table) >= _MEMO_LIMIT:
        table = found[1][name] = {}
    return table


_MEMOS: dict[int, tuple[Components, dict[str, dict[Any, Any]]]] = {}
_MEMO_LIMIT = 1 << 16


def _read(path: Path) -> dict[str, object]:
    try:
        raw = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON: line {exc.lineno}: {exc.msg}") from None
    if not isinstance(raw, dict):
        raise ValueError(f"{path} must hold a JSON object")
    return raw


def _shipped(name: str) -> dict[str, object]:
    text = resources.files(__package__).joinpath(f"data/{name}.json").read_text("utf-8")
    raw = json.loads(text)
    assert isinstance(raw, dict)
    return raw


@lru_cache(maxsize=8)
def load_components(data_dir: str = "") -> Components:
    """The shipped components, each file overlaid with ``data_dir/<file>.json`` when present."""
    raw: dict[str, object] = {}
    for name in FILES:
        part = _shipped(name)
        if data_dir and (Path(data_dir) / f"{name}.json").is_file():
            part = _merge(part, _read(Path(data_dir) / f"{name}.json"))
        raw.update(part)
    try:
        return Components.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'file'}: {err['msg']}"
            for err in exc.errors()
        )
        raise ValueError(f"squadron303 components data is invalid: {problems}") from None

"""The squadron cards of Battle of Britain (2017 reprint) as schema-checked data.

The shipped cards live in ``data/squadrons.json``: the aircraft types with their card values,
and 160 cards, each naming its historical squadron or Staffel and its type. The reasoning and
the sources are in ``docs/rules/bob-cards.md``.

A player may point ``data_dir`` at a folder holding their own ``squadrons.json``. It is merged
over the shipped file key by key (``{"aircraft": {"Hurricane": {"damage": 4}}}`` is enough); a
``cards`` list replaces the shipped list whole. The result is checked like the shipped file, and
every mistake is reported with its path in the file (``cards[17] (raf-11-09).damage: ...``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from dowding.rulesets.overrides import merge as _merge

Side = Literal["raf", "luftwaffe"]
Role = Literal["fighter", "bomber"]
AircraftName = Literal[
    "Spitfire", "Hurricane", "Defiant", "Bf 109", "Bf 110", "Do 17", "He 111", "Ju 88", "Ju 87"
]

# The rules name these types and lean on their side and role (Ju 87 dive bombing, Bf 109s
# turning home early, the Defiants of Scenario 3), so a data file may not change them.
TYPE_SIDE_ROLE: Mapping[AircraftName, tuple[Side, Role]] = MappingProxyType(
    {
        "Spitfire": ("raf", "fighter"),
        "Hurricane": ("raf", "fighter"),
        "Defiant": ("raf", "fighter"),
        "Bf 109": ("luftwaffe", "fighter"),
        "Bf 110": ("luftwaffe", "fighter"),
        "Do 17": ("luftwaffe", "bomber"),
        "He 111": ("luftwaffe", "bomber"),
        "Ju 88": ("luftwaffe", "bomber"),
        "Ju 87": ("luftwaffe", "bomber"),
    }
)

# Components: "48 British RAF Squadron Cards" and "112 German Luftwaffe Squadron Cards".
RAF_DECK_SIZES: Mapping[int, int] = MappingProxyType({10: 9, 11: 20, 12: 13, 13: 6})
LUFTWAFFE_DECK_SIZES: Mapping[int, int] = MappingProxyType({2: 51, 3: 52, 5: 9})
DECK_SIZES: Mapping[Side, Mapping[int, int]] = MappingProxyType(
    {"raf": RAF_DECK_SIZES, "luftwaffe": LUFTWAFFE_DECK_SIZES}
)
RAF_GROUPS: tuple[int, ...] = tuple(RAF_DECK_SIZES)
LUFTFLOTTEN: tuple[int, ...] = tuple(LUFTWAFFE_DECK_SIZES)


def command_name(command: int) -> str:
    """'11 Group' or 'Luftflotte 2': the name along the bottom of a card."""
    return f"{command} Group" if command in RAF_DECK_SIZES else f"Luftflotte {command}"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AircraftType(_Strict):
    """The values every card of one type prints (no shipped card varies from them)."""

    name: str = Field(min_length=1)
    side: Side
    role: Role
    dogfight: int = Field(ge=1, description="dogfight dice, the upper-left number")
    damage: int = Field(ge=1, description="damage strength, the red number")
    bombing: int = Field(ge=0, description="bombing dice, lower right; 0 for a fighter")


class CardEntry(_Strict):
    """One card as the file has it. A card may set its own values; unset ones are its type's."""

    # An id is a word that survives the engine's action text (no spaces, '=' or ',').
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    side: Side
    command: int = Field(description="RAF Group (10-13) or Luftflotte (2, 3, 5)")
    unit: str = Field(min_length=1, description="RAF squadron or Luftwaffe Staffel")
    gruppe: str = ""
    aircraft: AircraftName
    source: str = Field(min_length=1)
    note: str = ""
    dogfight: int | None = Field(default=None, ge=1)
    damage: int | None = Field(default=None, ge=1)
    bombing: int | None = Field(default=None, ge=0)

    @property
    def verified(self) -> bool:
        """False when the source says the unit's place here is unverified."""
        return not self.source.lower().startswith("unverified")


class Card(NamedTuple):
    """A card as the rules engine reads it: a plain tuple, cheap to copy and compare."""

    id: str
    side: Side
    command: int
    unit: str
    aircraft: AircraftName
    role: Role
    dogfight: int
    damage: int
    bombing: int


def _card_path(index: int, entry: CardEntry | Mapping[str, Any] | Any) -> str:
    card_id = entry.id if isinstance(entry, CardEntry) else None
    if isinstance(entry, Mapping) and isinstance(entry.get("id"), str):
        card_id = entry["id"]
    return f"cards[{index}]" + (f" ({card_id})" if card_id else "")


class SquadronsFile(_Strict):
    aircraft: dict[AircraftName, AircraftType]
    cards: list[CardEntry]  # a list, so a JSON user reads 'should be a valid list'

    @model_validator(mode="after")
    def _consistent(self) -> SquadronsFile:
        problems: list[str] = []
        for name, kind in self.aircraft.items():
            side, role = TYPE_SIDE_ROLE[name]
            if kind.side != side:
                problems.append(f"aircraft.{name}.side: the {name} flies for the {side}")
            if kind.role != role:
                problems.append(f"aircraft.{name}.role: the {name} is a {role}")
        seen: dict[str, int] = {}
        counts: dict[tuple[Side, int], int] = {}
        for i, entry in enumerate(self.cards):
            at = _card_path(i, entry)
            if entry.id in seen:
                problems.append(f"{at}.id: repeats cards[{seen[entry.id]}]")
            seen.setdefault(entry.id, i)
            sizes = DECK_SIZES[entry.side]
            if entry.command not in sizes:
                problems.append(
                    f"{at}.command: {entry.side} cards belong to {', '.join(map(str, sizes))}"
                )
            counts[entry.side, entry.command] = counts.get((entry.side, entry.command), 0) + 1
            card_type = self.aircraft.get(entry.aircraft)
            if card_type is None:
                problems.append(f"{at}.aircraft: no {entry.aircraft} in aircraft")
                continue
            if card_type.side != entry.side:
                problems.append(f"{at}.side: a {entry.aircraft} card is {card_type.side}")
            bombing = card_type.bombing if entry.bombing is None else entry.bombing
            if card_type.role == "bomber" and bombing < 1:
                problems.append(f"{at}.bombing: a bomber card needs bombing dice")
            if card_type.role == "fighter" and bombing != 0:
                problems.append(f"{at}.bombing: a fighter card has no bombing dice")
        for side, sizes in DECK_SIZES.items():
            for command, size in sizes.items():
                have = counts.get((side, command), 0)
                if have != size:
                    problems.append(
                        f"cards: {command_name(command)} has {have} cards; the game has {size}"
                    )
        # Scenario 3 removes "the Defiant squadron card from Group 12 and the Defiant squadron
        # card from Group 13" and "all Ju 87 squadron cards from Luftflotte 2 and Luftflotte 3".
        for command in RAF_GROUPS:
            defiants = sum(e.aircraft == "Defiant" and e.command == command for e in self.cards)
            want = 1 if command in (12, 13) else 0
            if defiants != want:
                problems.append(
                    f"cards: {command_name(command)} has {defiants} Defiant cards; "
                    f"Scenario 3 needs {want}"
                )
        for i, entry in enumerate(self.cards):
            if entry.aircraft == "Ju 87" and entry.command not in (2, 3):
                problems.append(
                    f"{_card_path(i, entry)}.command: Ju 87 cards belong to Luftflotten 2 and 3"
                )
        if problems:
            raise ValueError("; ".join(problems))
        return self


@dataclass(frozen=True, slots=True)
class Squadrons:
    """The loaded cards, with the lookups the rules engine uses on every draw."""

    aircraft: Mapping[AircraftName, AircraftType]
    entries: tuple[CardEntry, ...]
    entries_by_id: Mapping[str, CardEntry]
    cards: Mapping[str, Card]
    decks: Mapping[int, tuple[str, ...]]

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def deck(self, command: int) -> tuple[str, ...]:
        """The card ids of one RAF Group or Luftflotte, in file order (shuffle a copy)."""
        return self.decks[command]

    def entry(self, card_id: str) -> CardEntry:
        """The card as the file has it, with its source and note."""
        return self.entries_by_id[card_id]


def _build(data: SquadronsFile) -> Squadrons:
    cards: dict[str, Card] = {}
    decks: dict[int, list[str]] = {c: [] for s in DECK_SIZES.values() for c in s}
    for e in data.cards:
        kind = data.aircraft[e.aircraft]
        cards[e.id] = Card(
            id=e.id,
            side=e.side,
            command=e.command,
            unit=e.unit,
            aircraft=e.aircraft,
            role=kind.role,
            dogfight=kind.dogfight if e.dogfight is None else e.dogfight,
            damage=kind.damage if e.damage is None else e.damage,
            bombing=kind.bombing if e.bombing is None else e.bombing,
        )
        decks[e.command].append(e.id)
    return Squadrons(
        aircraft=MappingProxyType(dict(data.aircraft)),
        entries=tuple(data.cards),
        entries_by_id=MappingProxyType({e.id: e for e in data.cards}),
        cards=MappingProxyType(cards),
        decks=MappingProxyType({c: tuple(ids) for c, ids in decks.items()}),
    )


def _where(loc: tuple[int | str, ...], raw: Mapping[str, Any]) -> str:
    """A pydantic location as a path in the file: ``cards[3] (raf-10-04).damage``."""
    parts: list[str] = []
    rest = list(loc)
    if len(rest) >= 2 and rest[0] == "cards" and isinstance(rest[1], int):
        cards = raw.get("cards")
        entry = cards[rest[1]] if isinstance(cards, list) and rest[1] < len(cards) else None
        parts.append(_card_path(rest[1], entry))
        rest = rest[2:]
    for part in rest:
        if isinstance(part, int):
            parts.append(f"[{part}]")
        else:
            parts.append(("." if parts else "") + part)
    return "".join(parts)


def _problems(exc: ValidationError, raw: Mapping[str, Any]) -> str:
    out = []
    for err in exc.errors():
        msg = str(err["msg"]).removeprefix("Value error, ")
        where = _where(tuple(err["loc"]), raw)
        out.append(f"{where}: {msg}" if where else msg)
    return "; ".join(out)


@lru_cache(maxsize=8)
def load_squadrons(data_dir: str = "", package: str = "") -> Squadrons:
    """The shipped squadron cards, overlaid with ``data_dir/squadrons.json`` when that exists.

    ``data_dir`` must be a folder; without a ``squadrons.json`` in it the shipped cards stand
    (the folder may hold other components' files). ``package``: another ruleset that plays
    these cards with values of its own, in its ``data/squadrons.json``, laid over bob's before
    the player's folder (bob1990's dogfight dice)."""
    shipped = resources.files(__package__).joinpath("data/squadrons.json")
    raw: dict[str, Any] = json.loads(shipped.read_text("utf-8"))
    where = "the shipped squadrons.json"
    if package:
        own = resources.files(package).joinpath("data/squadrons.json")
        raw = _merge(raw, json.loads(own.read_text("utf-8")))
        where = f"{package}'s squadrons.json"
    if data_dir:
        folder = Path(data_dir)
        if not folder.is_dir():
            raise ValueError(f"{folder} is not a folder")
        path = folder / "squadrons.json"
        if path.exists():
            where = str(path)
            try:
                override = json.loads(path.read_text("utf-8"))
            except OSError as exc:
                raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
            except json.JSONDecodeError as exc:
                raise ValueError(
                    f"{path} is not valid JSON: line {exc.lineno}: {exc.msg}"
                ) from None
            if not isinstance(override, dict):
                raise ValueError(f"{path} must hold a JSON object")
            raw = _merge(raw, override)
    try:
        data = SquadronsFile.model_validate(raw)
    except ValidationError as exc:
        raise ValueError(f"{where}: bad squadron cards: {_problems(exc, raw)}") from None
    return _build(data)

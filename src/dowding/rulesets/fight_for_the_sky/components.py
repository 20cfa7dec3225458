"""Fight for the Sky's components as schema-checked data.

``data/components.json`` holds the aircraft, the rosters and the tables; ``data/map.json`` the
hex grid's placement over the gazetteer, the coastlines, targets, urban areas, off-map bases and
flight paths. A player may point the ``data`` option at a folder holding either file (a partial
file is enough: it is merged over the shipped one key by key). Mistakes are reported with their
path in the file.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from dowding.rulesets.overrides import merge

RAF, LUFTWAFFE = "raf", "luftwaffe"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AircraftType(_Strict):
    name: str
    side: Literal["raf", "luftwaffe"]
    role: Literal["fighter", "bomber"]
    move: int = Field(ge=1)
    endurance: int = Field(ge=0, description="turns aloft before landing; 0 is unlimited")
    column: str
    rank: int = Field(ge=0, description="lower is inferior: mixed forces read the lowest")


class Squadron(_Strict):
    sqn: str
    type: str
    base: str
    sector: str


class LwUnit(_Strict):
    id: int = Field(ge=1)
    type: str
    group: int = Field(ge=0)


class Basic(_Strict):
    squadrons: tuple[str, ...]
    formations: tuple[tuple[int, ...], ...]
    targets: tuple[str, ...]
    max_turns: int = Field(ge=2)


class Rules(_Strict):
    escort_bonus: int
    bomber_bonus: int
    aircraft_per_flight_lost: int = Field(ge=1)
    turns_per_day: int = Field(ge=2)
    formations_per_turn: int = Field(ge=1)
    max_units_per_formation: int = Field(ge=1)
    max_fighters_per_formation: int = Field(ge=0)
    fighter_missions: int = Field(ge=1)
    bomber_missions: int = Field(ge=1)
    refuel_home: int = Field(ge=0)
    refuel_away: int = Field(ge=0)
    offmap_cost: int = Field(ge=0)
    raf_per_hex: int = Field(ge=1)
    patrol_size: int = Field(ge=1)
    patrol_reach: int = Field(ge=0)
    sector_control: int = Field(ge=1)
    hits_per_control: int = Field(ge=1)
    ju87_aa_bonus: int
    ju87_bomb_bonus: int
    max_aa: int = Field(ge=1)
    stuka_flights_ground: int = Field(ge=1)
    campaign_days: int = Field(ge=1)


class AttackTable(_Strict):
    lines: dict[str, tuple[int, ...]]
    results: tuple[tuple[int, int, int, int, int, int], ...]

    @model_validator(mode="after")
    def _shape(self) -> AttackTable:
        for column, lines in self.lines.items():
            if len(lines) != len(self.results):
                raise ValueError(f"lines.{column}: {len(lines)} lines for {len(self.results)} rows")
            if list(lines) != sorted(set(lines)):
                raise ValueError(f"lines.{column}: strengths must rise down the column")
        return self


Pair = tuple[int, int]


class AaTable(_Strict):
    bands: tuple[tuple[int, int], ...]
    results: tuple[tuple[Pair, Pair, Pair, Pair, Pair, Pair], ...]


class BombingTable(_Strict):
    bands: tuple[tuple[int, int], ...]
    results: tuple[tuple[int, int, int, int, int, int, int], ...]

    @model_validator(mode="after")
    def _shape(self) -> BombingTable:
        if len(self.bands) != len(self.results):
            raise ValueError("bombing_table: one row of results per band")
        return self


class Components(_Strict):
    aircraft: dict[str, AircraftType]
    squadrons: tuple[Squadron, ...]
    luftwaffe_units: tuple[LwUnit, ...]
    flights_per_unit: int = Field(ge=1)
    basic: Basic
    rules: Rules
    attack_table: AttackTable
    aa_table: AaTable
    bombing_table: BombingTable
    days: tuple[str, ...]
    availability_table: tuple[tuple[int, ...], ...]
    weather_table: tuple[tuple[Literal["clear", "cloudy", "poor"], ...], ...]
    contact: dict[Literal["clear", "cloudy", "poor"], int]

    @model_validator(mode="after")
    def _references(self) -> Components:
        for sq in self.squadrons:
            kind = self.aircraft.get(sq.type)
            if kind is None or kind.side != RAF:
                raise ValueError(f"squadrons: {sq.sqn} has no RAF aircraft type {sq.type!r}")
        for unit in self.luftwaffe_units:
            kind = self.aircraft.get(unit.type)
            if kind is None or kind.side != LUFTWAFFE:
                raise ValueError(f"luftwaffe_units: {unit.id} has no type {unit.type!r}")
        for kind in self.aircraft.values():
            if kind.column not in self.attack_table.lines:
                raise ValueError(f"aircraft {kind.name}: no attack table column {kind.column!r}")
        sqns = {sq.sqn for sq in self.squadrons}
        ids = {u.id for u in self.luftwaffe_units}
        for sqn in self.basic.squadrons:
            if sqn not in sqns:
                raise ValueError(f"basic.squadrons: no squadron {sqn}")
        for formation in self.basic.formations:
            for uid in formation:
                if uid not in ids:
                    raise ValueError(f"basic.formations: no Luftwaffe unit {uid}")
        for name, table in (
            ("availability", self.availability_table),
            ("weather", self.weather_table),
        ):
            if len(table) != 6 or any(len(row) != len(self.days) for row in table):
                raise ValueError(f"{name}_table: six rows of one entry a day")
        return self


class Target(_Strict):
    id: str
    place: str
    kind: Literal["sector", "airfield", "radar"]
    aa: int = Field(ge=0)
    boxes: int = Field(ge=1)
    vp: int = Field(ge=0)


class Urban(_Strict):
    place: str
    hexes: tuple[str, ...]
    aa: int = Field(ge=0)


class OffMap(_Strict):
    id: str
    place: str
    entry: str
    capacity: int = Field(ge=1)


class Grid(_Strict):
    origin: tuple[float, float]
    hex_km: float = Field(gt=0)
    orientation: Literal["flat", "pointy"]
    offset: Literal["odd", "even"]
    columns: int = Field(ge=1, le=26)
    rows: int = Field(ge=1)


class MapData(_Strict):
    grid: Grid
    england: tuple[tuple[float, float], ...]
    france: tuple[tuple[float, float], ...]
    assembly: tuple[str, ...]
    fixed: dict[str, str]
    targets: tuple[Target, ...]
    urban: tuple[Urban, ...]
    offmap: tuple[OffMap, ...]
    capacity: dict[str, int]
    terrain_overrides: dict[str, Literal["sea", "coast", "land", "france"]]
    chains: dict[str, tuple[str, ...]]
    vp_west_of: str


def _read(name: str, data_dir: str) -> dict[str, object]:
    raw: dict[str, object] = json.loads(
        resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8")
    )
    if data_dir:
        path = Path(data_dir) / name
        if not path.exists():
            return raw
        try:
            override = json.loads(path.read_text("utf-8"))
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path} is not valid JSON: line {exc.lineno}: {exc.msg}") from None
        if not isinstance(override, dict):
            raise ValueError(f"{path} must hold a JSON object")
        raw = merge(raw, override)
    return raw


def _problems(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'file'}: {err['msg']}" for err in exc.errors()
    )


@lru_cache(maxsize=8)
def load_components(data_dir: str = "") -> Components:
    """The shipped components, overlaid with ``data_dir/components.json`` when there is one."""
    if data_dir and not Path(data_dir).is_dir():
        raise ValueError(f"the data folder {data_dir!r} does not exist")
    try:
        return Components.model_validate(_read("components.json", data_dir))
    except ValidationError as exc:
        raise ValueError(
            f"fight-for-the-sky components data is invalid: {_problems(exc)}"
        ) from None


@lru_cache(maxsize=8)
def load_map(data_dir: str = "") -> MapData:
    """The shipped map data, overlaid with ``data_dir/map.json`` when there is one."""
    if data_dir and not Path(data_dir).is_dir():
        raise ValueError(f"the data folder {data_dir!r} does not exist")
    try:
        return MapData.model_validate(_read("map.json", data_dir))
    except ValidationError as exc:
        raise ValueError(f"fight-for-the-sky map data is invalid: {_problems(exc)}") from None

"""The crane components as schema-checked data.

The shipped values live in ``data/components.json``. A player may point ``data_dir``
at a folder with their own ``components.json`` (a partial file is enough: it is merged
over the shipped one key by key), and a mistake is reported with its path in the file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from dowding.rulesets.overrides import merge as _merge


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AircraftType(_Strict):
    name: str
    side: Literal["raf", "luftwaffe"]
    role: Literal["fighter", "bomber"]
    move: float = Field(gt=0)
    offense: int = Field(ge=0)
    defense: int = Field(ge=0)
    engines: int = Field(ge=1)
    fuselage: float = Field(gt=0, description="length in inches at the table's scale")
    gunners: tuple[Literal["nose", "rear"], ...] = ()
    bomb_rolls: int = Field(ge=0)


class Rules(_Strict):
    attack_range: float = Field(gt=0)
    arc_degrees: float = Field(gt=0, le=180)
    fighter_straight: float = Field(ge=0)
    bomber_straight: float = Field(ge=0)
    bomber_max_turn: float = Field(gt=0, le=180)
    damage_slowdown: float = Field(ge=0)
    dive_bonus: float = Field(ge=0)
    climb_penalty: float = Field(ge=0)
    flak_range: float = Field(ge=0)
    flak_offense: int = Field(ge=0)
    bombs_needed: int = Field(ge=1)
    entry_near: float = Field(ge=0)
    entry_far: float = Field(gt=0)
    entry_flank: float = Field(ge=0)
    placement_separation: float = Field(ge=0)


@dataclass(frozen=True, slots=True)
class RuleValues:
    """Rules' values as a plain record, for the steps that read them on every move: a pydantic
    model's attributes are several times slower to read (BaseModel's ``__getattr__`` keeps
    CPython 3.11 from specialising the lookup). The same fields as Rules (a test holds them)."""

    attack_range: float
    arc_degrees: float
    fighter_straight: float
    bomber_straight: float
    bomber_max_turn: float
    damage_slowdown: float
    dive_bonus: float
    climb_penalty: float
    flak_range: float
    flak_offense: int
    bombs_needed: int
    entry_near: float
    entry_far: float
    entry_flank: float
    placement_separation: float

    @classmethod
    def of(cls, rules: Rules) -> RuleValues:
        return cls(**{name: getattr(rules, name) for name in Rules.model_fields})


class Table(_Strict):
    width: float = Field(gt=0)
    length: float = Field(gt=0)
    title: str


class Factory(_Strict):
    width: float = Field(gt=0)
    depth: float = Field(gt=0)


class Vic(_Strict):
    id: str
    type: str


class Group(_Strict):
    id: str
    type: str
    count: int = Field(ge=1)
    kind: Literal["schwarm", "bombers"]


class Components(_Strict):
    aircraft: dict[str, AircraftType]
    rules: Rules
    tables: dict[str, Table]
    factory: Factory
    raf_vics: tuple[Vic, ...]
    forces: dict[str, tuple[Group, ...]]
    formations: dict[str, tuple[tuple[float, float], ...]]

    @model_validator(mode="after")
    def _references(self) -> Components:
        for vic in self.raf_vics:
            if self.aircraft.get(vic.type, None) is None or self.aircraft[vic.type].side != "raf":
                raise ValueError(f"raf_vics: {vic.id} has no RAF aircraft type {vic.type!r}")
        for force, groups in self.forces.items():
            for group in groups:
                kind = self.aircraft.get(group.type)
                if kind is None or kind.side != "luftwaffe":
                    raise ValueError(
                        f"forces.{force}: {group.id} has no Luftwaffe aircraft type {group.type!r}"
                    )
                if formation_name(group.kind, group.count) not in self.formations:
                    raise ValueError(f"forces.{force}: no formation for {group.count} {group.kind}")
        if "vic" not in self.formations:
            raise ValueError("formations: the vic formation is missing")
        return self


def formation_name(kind: str, count: int) -> str:
    return "schwarm" if kind == "schwarm" else f"bombers{count}"


@lru_cache(maxsize=8)
def load_components(data_dir: str = "") -> Components:
    """The shipped components, overlaid with ``data_dir/components.json`` when given."""
    raw = json.loads(
        resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    )
    if data_dir:
        path = Path(data_dir) / "components.json"
        try:
            override = json.loads(path.read_text("utf-8"))
        except OSError as exc:
            raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path} is not valid JSON: line {exc.lineno}: {exc.msg}") from None
        if not isinstance(override, dict):
            raise ValueError(f"{path} must hold a JSON object")
        raw = _merge(raw, override)
    try:
        return Components.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'file'}: {err['msg']}"
            for err in exc.errors()
        )
        raise ValueError(f"crane components data is invalid: {problems}") from None

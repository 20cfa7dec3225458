"""Places of 1940 (airfields, radar stations, cities, ...) and lookups over them.

The data file is ``places-1940.csv`` beside this module, copied unchanged from the
project's facts (``shared/facts/places-1940.csv``); a player may load their own file of
the same shape with ``load_places(path)``.
"""

from __future__ import annotations

import csv
import difflib
import io
import math
import os
from collections.abc import Iterable, Iterator
from enum import StrEnum
from importlib import resources
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, computed_field, field_validator

DATA_FILE = "places-1940.csv"
COLUMNS = ("name", "kind", "lat", "lon", "country", "raf_group", "sector", "notes", "source")
EARTH_RADIUS_KM = 6371.0088  # IUGG mean radius


class PlaceKind(StrEnum):
    RAF_SECTOR_AIRFIELD = "raf_sector_airfield"
    RAF_AIRFIELD = "raf_airfield"
    CHAIN_HOME = "chain_home"
    CHAIN_HOME_LOW = "chain_home_low"
    CITY = "city"
    PORT = "port"
    AIRCRAFT_FACTORY = "aircraft_factory"
    LUFTWAFFE_AIRFIELD = "luftwaffe_airfield"


class Place(BaseModel):
    """One row of the gazetteer. ``lat``/``lon`` are WGS84 degrees."""

    model_config = ConfigDict(frozen=True, str_strip_whitespace=True, extra="forbid")

    name: Annotated[str, Field(min_length=1)]
    kind: PlaceKind
    lat: Annotated[float, Field(ge=-90, le=90, allow_inf_nan=False)]
    lon: Annotated[float, Field(ge=-180, le=180, allow_inf_nan=False)]
    country: Annotated[str, Field(min_length=1)]
    # Fighter Command's groups during 1940 were numbered 9 to 14.
    raf_group: Annotated[int, Field(ge=9, le=14)] | None = None
    sector: str | None = None
    notes: str = ""
    source: Annotated[str, Field(min_length=1)]

    @field_validator("raf_group", "sector", mode="before")
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @computed_field  # type: ignore[prop-decorator]
    @property
    def verified(self) -> bool:
        """False when any ';'-separated part of the source starts with 'unverified'."""
        parts = (part.strip().lower() for part in self.source.split(";"))
        return not any(part.startswith("unverified") for part in parts)

    @property
    def latlon(self) -> tuple[float, float]:
        return (self.lat, self.lon)


def great_circle_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Haversine distance on a sphere of the IUGG mean radius."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(math.sqrt(h))


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


class UnknownPlaceError(LookupError):
    """A name that is not in the gazetteer; the message suggests close names."""


class Gazetteer:
    """An immutable collection of places with unique (case-insensitive) names."""

    def __init__(self, places: Iterable[Place]) -> None:
        self._places = tuple(places)
        self._by_key: dict[str, Place] = {}
        for place in self._places:
            key = _key(place.name)
            if key in self._by_key:
                raise ValueError(f"duplicate place name {place.name!r}")
            self._by_key[key] = place

    def __len__(self) -> int:
        return len(self._places)

    def __iter__(self) -> Iterator[Place]:
        return iter(self._places)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and _key(name) in self._by_key

    def __getitem__(self, name: str) -> Place:
        return self.get(name)

    def get(self, name: str) -> Place:
        """The place called ``name`` (case and spacing ignored)."""
        key = _key(name)
        if key in self._by_key:
            return self._by_key[key]
        raise UnknownPlaceError(f"no place called {name!r} in the gazetteer{self._hint(key)}")

    def _hint(self, key: str) -> str:
        names = {_key(p.name): p.name for p in self._places}
        close = difflib.get_close_matches(key, names, n=5, cutoff=0.6)
        close += [k for k in names if key and key in k and k not in close][: 5 - len(close)]
        return f"; did you mean {', '.join(repr(names[k]) for k in close)}?" if close else ""

    def by_kind(self, kind: PlaceKind | str) -> tuple[Place, ...]:
        try:
            wanted = PlaceKind(kind)
        except ValueError:
            known = ", ".join(k.value for k in PlaceKind)
            raise ValueError(f"unknown place kind {kind!r}; kinds are: {known}") from None
        return tuple(p for p in self._places if p.kind is wanted)

    def by_group(self, group: int) -> tuple[Place, ...]:
        """Places assigned to RAF Fighter Command group ``group`` (10, 11, 12, 13...)."""
        return tuple(p for p in self._places if p.raf_group == group)

    def nearest(self, lat: float, lon: float, kind: PlaceKind | str | None = None) -> Place:
        """The place (optionally of one kind) at the least great-circle distance."""
        pool = self._places if kind is None else self.by_kind(kind)
        if not pool:
            raise LookupError(f"no places of kind {kind!r} in the gazetteer")
        return min(pool, key=lambda p: great_circle_km(lat, lon, p.lat, p.lon))


def load_places(path: str | os.PathLike[str] | None = None) -> Gazetteer:
    """Load and schema-check a places CSV; the packaged 1940 file when ``path`` is None.

    Bad data raises ValueError naming the file, the row (the header is row 1, as in a
    spreadsheet), the place and the field.
    """
    if path is None:
        label, data = DATA_FILE, (resources.files("dowding.gazetteer") / DATA_FILE).read_bytes()
    else:
        with open(path, "rb") as fh:
            label, data = os.fspath(path), fh.read()
    return Gazetteer(_parse(data.decode("utf-8-sig"), label))


def _parse(text: str, label: str) -> list[Place]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = reader.fieldnames or []
    missing = [c for c in COLUMNS if c not in header]
    extra = [c for c in header if c not in COLUMNS]
    if missing or extra:
        raise ValueError(
            f"{label}: row 1 (header): missing columns {missing}, unknown columns {extra}; "
            f"expected {', '.join(COLUMNS)}"
        )
    places: list[Place] = []
    seen: dict[str, int] = {}
    for row_no, row in enumerate(reader, start=2):
        where = f"{label}: row {row_no} ({(row.get('name') or '').strip()!r})"
        if None in row or None in row.values():
            raise ValueError(f"{where}: expected {len(COLUMNS)} fields")
        try:
            place = Place.model_validate(row)
        except ValidationError as exc:
            problems = "; ".join(
                f"field {'.'.join(map(str, e['loc'][:1]))!r}: {e['msg']} (got {e['input']!r})"
                for e in exc.errors()
            )
            raise ValueError(f"{where}: {problems}") from None
        key = _key(place.name)
        if key in seen:
            raise ValueError(f"{where}: field 'name': duplicate of row {seen[key]}")
        seen[key] = row_no
        places.append(place)
    return places

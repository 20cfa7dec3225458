"""The bob plotting table (board) as schema-checked data, with fast lookups for the rules.

The rulebook prints none of the board's values, so the board is drawn from real 1940
positions (docs/rules/bob-board.md says how and why):

- a square grid of 25 km cells on the National Grid (``NATIONAL_GRID``), column letters
  from the west and row numbers from the north (``"K14"``); the outermost ring of cells is
  the rulebook's "half spaces along the edge of the map", which may be moved onto;
- land, sea and coast ("both") from a coarse hand-made coastline (``COASTLINES`` below),
  stored in ``data/board.json`` as one string of characters per row so it can be read
  and edited; ``python -m dowding.rulesets.bob.board`` redraws that file;
- every feature (airfields, cities, radar stations) named by its gazetteer name: its
  space is always computed from ``load_places()``, never typed in;
- the Norway box ``NOR``: Luftflotte 5's airfield, off the grid, linked to the
  north-east sea edge spaces.

A player may point ``data_dir`` at a folder holding their own ``board.json`` and/or
``missions.json``; each is merged key by key over the shipped file (a list replaces the
shipped list) and checked, and a mistake is reported with the file and the path of the
bad value.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dowding.gazetteer import (
    NATIONAL_GRID,
    Gazetteer,
    Place,
    column_letters,
    load_places,
    to_square_grid,
)
from dowding.rulesets.overrides import merge as _merge

from .missions import MissionCard, MissionDeck

Terrain = Literal["sea", "land", "both"]
Country = Literal[
    "england", "wales", "scotland", "northern_ireland", "france", "belgium", "netherlands", "sea"
]
FeatureKind = Literal["raf_airfield", "lw_airfield", "city", "london", "port_of_london", "radar"]

BOX = "NOR"  # the Norway box's space id; grid ids always end in a digit, so it cannot clash
TERRAIN_CODES: dict[str, Terrain] = {".": "sea", "#": "land", "+": "both"}
COUNTRY_CODES: dict[str, Country] = {
    ".": "sea",
    "E": "england",
    "W": "wales",
    "S": "scotland",
    "I": "northern_ireland",
    "F": "france",
    "B": "belgium",
    "N": "netherlands",
}
BRITISH = frozenset({"england", "wales", "scotland", "northern_ireland"})
CONTINENTAL = frozenset({"france", "belgium", "netherlands"})
GROUP_CODES: dict[str, int | None] = {".": None, "0": 10, "1": 11, "2": 12, "3": 13}
LUFTFLOTTE_CODES: dict[str, int | None] = {".": None, "2": 2, "3": 3}
RAF_FLIGHTS = ("10A", "10B", "10C", "11A", "11B", "11C", "11D", "12A", "12B", "12C", "13A", "13B")
LW_FLIGHTS = ("2A", "2B", "2C", "3A", "3B", "3C", "5A")
MOVE_RAF = 3  # Step 6: "A RAF flight may move up to 3 spaces on a turn"
MOVE_PER_FUEL = 5  # Step 5: "use one fuel token and move a flight up to 5 spaces"
FUEL_TOKENS = 3  # 21 fuel tokens for 7 flights
MAX_REACH = MOVE_PER_FUEL * FUEL_TOKENS


# --------------------------------------------------------------------------- the data file


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Grid(_Strict):
    """Where the grid lies on the National Grid (km); the outer ring is the half spaces."""

    projection: Literal["NATIONAL_GRID"] = "NATIONAL_GRID"
    cell_km: float = Field(gt=0)
    west_km: float
    north_km: float
    columns: int = Field(ge=3, le=52)
    rows: int = Field(ge=3, le=99)


class PortOfLondon(_Strict):
    place: str
    production: int = Field(ge=0)


class NorwayBox(_Strict):
    flight: str
    place: str
    links: tuple[str, ...] = Field(min_length=1)
    counts_as: int = Field(ge=1, description="moves to go from the box onto a linked space")


Row = Annotated[str, Field(min_length=1)]


class BoardData(_Strict):
    """``board.json``: the grid, its layers (one string per row) and the features."""

    grid: Grid
    terrain: tuple[Row, ...]
    country: tuple[Row, ...]
    raf_group: tuple[Row, ...]
    luftflotte: tuple[Row, ...]
    raf_airfields: dict[str, str]
    luftwaffe_airfields: dict[str, str]
    cities: dict[str, Annotated[int, Field(ge=0)]]
    london: str
    port_of_london: PortOfLondon
    radar: dict[str, tuple[str, ...]]
    norway_box: NorwayBox


# --------------------------------------------------------------------------- the loaded board


class Space(_Strict):
    id: str
    col: int  # 0-based from the west; -1 for the Norway box
    row: int  # 0-based from the north; -1 for the Norway box
    half: bool
    terrain: Terrain
    country: Country | Literal["norway"]
    raf_group: int | None
    luftflotte: int | None
    french_coast: bool
    norwegian_coast: bool
    box: bool = False
    features: tuple[str, ...] = ()


class Feature(_Strict):
    name: str  # the gazetteer name
    kind: FeatureKind
    space: str
    place_kind: str  # the gazetteer's kind (a city "target" may be a port or a works)
    flight: str | None = None  # "11B", "2A" for airfields with a flight
    production: int | None = None  # cities, London and Port of London
    verified: bool


class BoardError(ValueError):
    """A board or missions file that fails its checks; the message names file and path."""


class Board:
    """The plotting table. Lookups are plain dicts and tuples, built once."""

    def __init__(
        self, data: BoardData, spaces: dict[str, Space], features: dict[str, Feature]
    ) -> None:
        self.data = data
        self.grid = data.grid
        self.spaces: Mapping[str, Space] = spaces
        self.features: Mapping[str, Feature] = features
        self.missions: tuple[MissionCard, ...] = ()
        self.box = BOX
        self.box_links: tuple[str, ...] = data.norway_box.links
        self._pos: dict[str, tuple[int, int]] = {
            s.id: (s.col, s.row) for s in spaces.values() if not s.box
        }
        self._grid_ids: tuple[tuple[str, ...], ...] = tuple(
            tuple(space_id(c, r) for c in range(self.grid.columns)) for r in range(self.grid.rows)
        )
        self._group = {s.id: s.raf_group for s in spaces.values()}
        radar_of: dict[str, list[str]] = {}
        for station, cells in data.radar.items():
            for cell in cells:
                radar_of.setdefault(cell, []).append(station)
        self._radar_of = {cell: tuple(stations) for cell, stations in radar_of.items()}
        self.radar_stations: Mapping[str, tuple[str, ...]] = dict(data.radar)
        # The box is a dead end: a path may start or end there but never pass through it
        # (Luftwaffe flights go home off the board), so grid-to-grid distance is the
        # king-move distance and the box's distance is counts_as + the nearest link.
        cost = data.norway_box.counts_as
        self._box_dist = {
            sid: cost + min(self._king(sid, link) for link in self.box_links) for sid in self._pos
        }
        self._neighbours = {sid: self._grid_neighbours(sid) for sid in self._pos}
        self._rows: dict[str, dict[str, int]] = {}
        for link in self.box_links:
            self._neighbours[link] = (*self._neighbours[link], BOX)
        self._neighbours[BOX] = self.box_links
        self._raf = {f.flight: f.space for f in features.values() if f.kind == "raf_airfield"}
        self._lw = {f.flight: f.space for f in features.values() if f.kind == "lw_airfield"}
        self.targets: Mapping[str, Feature] = {
            name: f for name, f in features.items() if f.kind != "lw_airfield"
        }
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}

    # -- geometry
    def _king(self, a: str, b: str) -> int:
        (ca, ra), (cb, rb) = self._pos[a], self._pos[b]
        return max(abs(ca - cb), abs(ra - rb))

    def _grid_neighbours(self, sid: str) -> tuple[str, ...]:
        col, row = self._pos[sid]
        out = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                c, r = col + dc, row + dr
                if (dc or dr) and 0 <= c < self.grid.columns and 0 <= r < self.grid.rows:
                    out.append(self._grid_ids[r][c])
        return tuple(out)

    def neighbours(self, space: str) -> tuple[str, ...]:
        """The spaces one move away (8 on the grid, fewer on an edge; links of the box)."""
        return self._neighbours[space]

    def distance(self, a: str, b: str) -> int:
        """Moves from ``a`` to ``b``: king-move distance; the box as documented."""
        if a == b:
            return 0
        if a == BOX:
            return self._box_dist[b]
        if b == BOX:
            return self._box_dist[a]
        (ca, ra), (cb, rb) = self._pos[a], self._pos[b]
        return max(abs(ca - cb), abs(ra - rb))

    def distances_to(self, space: str) -> Mapping[str, int]:
        """``distance(s, space)`` for every space ``s``, the box's included, made once a space:
        the bots' path searches ask it of every step they weigh toward one target."""
        got = self._rows.get(space)
        if got is None:
            got = self._rows[space] = {s: self.distance(s, space) for s in self.spaces}
        return got

    def spaces_within(self, space: str, n: int) -> tuple[str, ...]:
        """Every space at distance <= ``n`` from ``space`` (itself included)."""
        key = (space, n)
        found = self._within.get(key)
        if found is not None:
            return found
        if space == BOX:
            out = [sid for sid, d in self._box_dist.items() if d <= n]
            out.insert(0, BOX)
        else:
            col, row = self._pos[space]
            out = [
                self._grid_ids[r][c]
                for r in range(max(0, row - n), min(self.grid.rows, row + n + 1))
                for c in range(max(0, col - n), min(self.grid.columns, col + n + 1))
            ]
            if self._box_dist[space] <= n:
                out.append(BOX)
        found = tuple(out)
        self._within[key] = found
        return found

    # -- areas, radar, airfields
    def group_of(self, space: str) -> int | None:
        """The RAF Group area (10-13) of the space, or None (sea, the continent, the box)."""
        return self._group[space]

    def is_radar_space(self, space: str) -> bool:
        return space in self._radar_of

    def radar_covering(self, space: str) -> tuple[str, ...]:
        """The radar stations whose detection spaces include ``space`` (empty if none)."""
        return self._radar_of.get(space, ())

    def raf_airfield(self, flight: str) -> str:
        """The space of an RAF flight's airfield, e.g. ``raf_airfield("11B")``."""
        return self._raf[flight]

    def lw_airfield(self, flight: str) -> str:
        """The space of a Luftwaffe flight's airfield, e.g. ``lw_airfield("2A")``; 5A is NOR."""
        return self._lw[flight]

    def space_of(self, name: str) -> str:
        return self.features[name].space

    def reachability(self) -> dict[str, dict[str, int]]:
        """Moves from each Luftwaffe airfield to each mission target: {target: {flight: n}}."""
        return {
            m.target: {
                f: self.distance(self._lw[f], self.features[m.target].space) for f in LW_FLIGHTS
            }
            for m in self.missions
        }

    # -- a picture for humans
    def render_ascii(self) -> str:
        return render_ascii(self)


def reach_tier(moves: int) -> str:
    """What a raid of ``moves`` spaces costs in fuel (Step 5 and Reaching for Home)."""
    if moves <= MOVE_PER_FUEL:
        return "safe"  # bombs on turn 1 with 2 tokens left: no reach-for-home dice
    if moves <= 2 * MOVE_PER_FUEL:
        return "short"  # 1 token left: fighters roll 1 die each
    if moves <= MAX_REACH:
        return "long"  # 0 tokens left: bombers 1 die, fighters 2 (or Bf 109s turn back)
    return "out"


def space_id(col: int, row: int) -> str:
    """0-based (col, row) -> "A1"-style id."""
    return f"{column_letters(col)}{row + 1}"


def parse_space_id(sid: str) -> tuple[int, int]:
    """The inverse of ``space_id``; ValueError for anything else."""
    letters = sid.rstrip("0123456789")
    digits = sid[len(letters) :]
    if not letters or not digits or not letters.isalpha() or not letters.isupper():
        raise ValueError(f"{sid!r} is not a space id like 'K14'")
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - ord("A") + 1
    return col - 1, int(digits) - 1


# --------------------------------------------------------------------------- loading


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise BoardError(f"cannot read {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise BoardError(f"{path} is not valid JSON: line {exc.lineno}: {exc.msg}") from None


def _has_path(data: Any, path: Sequence[str | int]) -> bool:
    for part in path:
        found = (isinstance(data, dict) and part in data) or (
            isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data)
        )
        if not found:
            return False
        data = data[part]
    return True


class _Source:
    """One data file: the shipped text overlaid with a player's file, and error labels."""

    def __init__(self, name: str, data_dir: str, package: str = __package__) -> None:
        self.name = name
        self.shipped = f"shipped {name}"
        raw = json.loads(resources.files(package).joinpath(f"data/{name}").read_text("utf-8"))
        self.override: dict[str, Any] = {}
        self.path: Path | None = None
        if data_dir:
            if not Path(data_dir).is_dir():
                raise BoardError(f"{data_dir}: no such folder for the board's data")
            path = Path(data_dir) / name
            if path.exists():
                override = _read_json(path)
                if not isinstance(override, dict):
                    raise BoardError(f"{path}: must hold a JSON object")
                self.override, self.path = override, path
                raw = _merge(raw, override)
        self.raw: dict[str, Any] = raw

    def where(self, path: Sequence[str | int]) -> str:
        """The file a value came from, then its path: 'my/board.json: cities.Leeds'."""
        dotted = ".".join(str(p) for p in path) or "(top level)"
        # a value is the player's if their file holds it, or holds the list it sits in
        top = self.override.get(path[0]) if path and isinstance(path[0], str) else None
        from_override = self.path is not None and (
            _has_path(self.override, path) or (top is not None and not isinstance(top, dict))
        )
        return f"{self.path if from_override else self.shipped}: {dotted}"

    def fail(self, path: Sequence[str | int], message: str) -> BoardError:
        return BoardError(f"{self.where(path)}: {message}")

    def validate(self, model: type[BoardData] | type[MissionDeck]) -> Any:
        try:
            return model.model_validate(self.raw)
        except ValidationError as exc:
            problems = "; ".join(
                f"{self.where([p for p in err['loc'] if isinstance(p, (str, int))])}: {err['msg']}"
                for err in exc.errors()
            )
            raise BoardError(problems) from None


@lru_cache(maxsize=8)
def load_board(data_dir: str = "") -> Board:
    """The shipped board and missions, each overlaid with ``data_dir``'s file when given."""
    board = load_grid_board(__package__, "board.json", data_dir)
    missions_src = _Source("missions.json", data_dir)
    deck: MissionDeck = missions_src.validate(MissionDeck)
    board.missions = _check_missions(deck, board, missions_src)
    return board


def load_grid_board(package: str, name: str, data_dir: str = "") -> Board:
    """A board file shipped in ``package``'s ``data/`` (overlaid with ``data_dir``'s file of the
    same name), checked and built, without missions: for a ruleset drawn at another scale."""
    src = _Source(name, data_dir, package)
    data: BoardData = src.validate(BoardData)
    return _build(data, src, load_places())


def _layer(data: BoardData, src: _Source, name: str, codes: Mapping[str, Any]) -> list[list[Any]]:
    rows: tuple[str, ...] = getattr(data, name)
    if len(rows) != data.grid.rows:
        raise src.fail([name], f"has {len(rows)} rows; grid.rows is {data.grid.rows}")
    out = []
    for r, text in enumerate(rows):
        if len(text) != data.grid.columns:
            raise src.fail(
                [name, r], f"row {r + 1} has {len(text)} cells; grid.columns is {data.grid.columns}"
            )
        for c, ch in enumerate(text):
            if ch not in codes:
                raise src.fail(
                    [name, r],
                    f"{space_id(c, r)}: unknown code {ch!r}; codes are {' '.join(codes)}",
                )
        out.append([codes[ch] for ch in text])
    return out


def _grid_space(data: BoardData, src: _Source, path: list[str | int], sid: str) -> tuple[int, int]:
    try:
        col, row = parse_space_id(sid)
    except ValueError as exc:
        raise src.fail(path, str(exc)) from None
    if not (0 <= col < data.grid.columns and 0 <= row < data.grid.rows):
        raise src.fail(path, f"{sid} is off the grid ({data.grid.columns} x {data.grid.rows})")
    return col, row


def _build(data: BoardData, src: _Source, places: Gazetteer) -> Board:
    g = data.grid
    terrain = _layer(data, src, "terrain", TERRAIN_CODES)
    country = _layer(data, src, "country", COUNTRY_CODES)
    group = _layer(data, src, "raf_group", GROUP_CODES)
    fleet = _layer(data, src, "luftflotte", LUFTFLOTTE_CODES)
    for r in range(g.rows):
        for c in range(g.columns):
            sid, t, k = space_id(c, r), terrain[r][c], country[r][c]
            if (t == "sea") != (k == "sea"):
                raise src.fail(["country", r], f"{sid}: country {k} on terrain {t}")
            if (group[r][c] is not None) != (k in BRITISH):
                raise src.fail(["raf_group", r], f"{sid}: a Group area only on British land")
            if (fleet[r][c] is not None) != (k in CONTINENTAL):
                raise src.fail(["luftflotte", r], f"{sid}: a Luftflotte area only on the continent")

    origin = NATIONAL_GRID.to_latlon(g.west_km, g.north_km)

    def place_space(path: list[str | int], name: str) -> tuple[str, Place]:
        if name not in places:
            hint = ""
            try:
                places.get(name)
            except LookupError as exc:
                hint = str(exc)
            raise src.fail(path, hint or f"no place called {name!r}")
        place = places[name]
        col, row = to_square_grid(place.lat, place.lon, origin, g.cell_km)
        if not (0 <= col < g.columns and 0 <= row < g.rows):
            raise src.fail(path, f"{name} lies off the grid (column {col}, row {row})")
        return space_id(col, row), place

    features: dict[str, Feature] = {}

    def add(path: list[str | int], feature: Feature) -> None:
        if feature.name in features:
            raise src.fail(path, f"{feature.name!r} is already a {features[feature.name].kind}")
        features[feature.name] = feature

    sections: tuple[tuple[tuple[str, ...], str, FeatureKind], ...] = (
        (RAF_FLIGHTS, "raf_airfields", "raf_airfield"),
        (LW_FLIGHTS, "luftwaffe_airfields", "lw_airfield"),
    )
    for flights, section, airfield_kind in sections:
        table: dict[str, str] = getattr(data, section)
        expected = set(flights) - (
            {data.norway_box.flight} if airfield_kind == "lw_airfield" else set()
        )
        if set(table) != expected:
            raise src.fail([section], f"needs exactly the flights {sorted(expected)}")
        for flight, name in table.items():
            sid, place = place_space([section, flight], name)
            add(
                [section, flight],
                Feature(
                    name=place.name,
                    kind=airfield_kind,
                    space=sid,
                    place_kind=place.kind.value,
                    flight=flight,
                    verified=place.verified,
                ),
            )
    box = data.norway_box
    if box.flight not in LW_FLIGHTS:
        raise src.fail(["norway_box", "flight"], f"{box.flight!r} is not a Luftwaffe flight")
    if box.place not in places:
        raise src.fail(["norway_box", "place"], f"no place called {box.place!r} in the gazetteer")
    nor = places[box.place]
    add(
        ["norway_box", "place"],
        Feature(
            name=nor.name,
            kind="lw_airfield",
            space=BOX,
            place_kind=nor.kind.value,
            flight=box.flight,
            verified=nor.verified,
        ),
    )
    for name, production in data.cities.items():
        sid, place = place_space(["cities", name], name)
        kind: FeatureKind = "london" if name == data.london else "city"
        add(
            ["cities", name],
            Feature(
                name=place.name,
                kind=kind,
                space=sid,
                place_kind=place.kind.value,
                production=production,
                verified=place.verified,
            ),
        )
    if data.london not in data.cities:
        raise src.fail(["london"], f"{data.london!r} must be one of the cities")
    sid, place = place_space(["port_of_london", "place"], data.port_of_london.place)
    if sid != features[data.london].space:
        raise src.fail(
            ["port_of_london", "place"],
            f"Port of London must share London's space {features[data.london].space}, not {sid}",
        )
    add(
        ["port_of_london", "place"],
        Feature(
            name=place.name,
            kind="port_of_london",
            space=sid,
            place_kind=place.kind.value,
            production=data.port_of_london.production,
            verified=place.verified,
        ),
    )
    for station, cells in data.radar.items():
        sid, place = place_space(["radar", station], station)
        if place.kind.value not in ("chain_home", "chain_home_low"):
            raise src.fail(["radar", station], f"{station} is a {place.kind.value}, not radar")
        for i, cell in enumerate(cells):
            c, r = _grid_space(data, src, ["radar", station, i], cell)
            if terrain[r][c] == "land" or country[r][c] not in BRITISH | {"sea"}:
                raise src.fail(["radar", station, i], f"{cell} is not a British sea or coast space")
        add(
            ["radar", station],
            Feature(
                name=place.name,
                kind="radar",
                space=sid,
                place_kind=place.kind.value,
                verified=place.verified,
            ),
        )

    links: list[str] = []
    for i, link in enumerate(box.links):
        c, r = _grid_space(data, src, ["norway_box", "links", i], link)
        if c not in (0, g.columns - 1) and r not in (0, g.rows - 1):
            raise src.fail(["norway_box", "links", i], f"{link} is not an edge (half) space")
        if terrain[r][c] != "sea":
            raise src.fail(["norway_box", "links", i], f"{link} is not a sea space")
        links.append(link)

    in_space: dict[str, list[str]] = {}
    for f in features.values():
        in_space.setdefault(f.space, []).append(f.name)
    section_of = {
        "raf_airfield": "raf_airfields",
        "lw_airfield": "luftwaffe_airfields",
        "city": "cities",
        "london": "cities",
        "port_of_london": "port_of_london",
    }
    for f in features.values():
        if f.kind in section_of and f.space != BOX:
            c, r = parse_space_id(f.space)
            if terrain[r][c] == "sea":
                where = [section_of[f.kind], f.flight or f.name]
                raise src.fail(where, f"{f.name} falls in {f.space}, a sea space")

    spaces: dict[str, Space] = {}
    for r in range(g.rows):
        for c in range(g.columns):
            sid = space_id(c, r)
            spaces[sid] = Space(
                id=sid,
                col=c,
                row=r,
                half=c in (0, g.columns - 1) or r in (0, g.rows - 1),
                terrain=terrain[r][c],
                country=country[r][c],
                raf_group=group[r][c],
                luftflotte=fleet[r][c],
                french_coast=country[r][c] in CONTINENTAL,
                norwegian_coast=False,
                features=tuple(in_space.get(sid, ())),
            )
    spaces[BOX] = Space(
        id=BOX,
        col=-1,
        row=-1,
        half=False,
        terrain="land",
        country="norway",
        raf_group=None,
        luftflotte=5,
        french_coast=False,
        norwegian_coast=True,
        box=True,
        features=tuple(in_space.get(BOX, ())),
    )
    return Board(data, spaces, features)


def _check_missions(deck: MissionDeck, board: Board, src: _Source) -> tuple[MissionCard, ...]:
    kinds = {
        "airfield": "raf_airfield",
        "radar": "radar",
        "city": "city",
        "london": "london",
        "port_of_london": "port_of_london",
    }
    seen: set[str] = set()
    for i, card in enumerate(deck.missions):
        path: list[str | int] = ["missions", i]
        if card.id in seen:
            raise src.fail([*path, "id"], f"duplicate mission id {card.id!r}")
        seen.add(card.id)
        feature = board.features.get(card.target)
        if feature is None or feature.kind == "lw_airfield":
            close = [n for n in board.targets if card.target.casefold() in n.casefold()]
            hint = f"; did you mean {', '.join(map(repr, close[:3]))}?" if close else ""
            raise src.fail([*path, "target"], f"{card.target!r} is not a target on the board{hint}")
        if feature.kind != kinds[card.kind]:
            raise src.fail([*path, "kind"], f"{card.target} is a {feature.kind}, not {card.kind}")
        area = board.group_of(feature.space)
        if card.group != area:
            raise src.fail(
                [*path, "group"], f"{card.target} lies in {feature.space}, {area} Group's area"
            )
        if card.production != feature.production:
            raise src.fail(
                [*path, "production"],
                f"{card.target} has production {feature.production} on the board",
            )
    return deck.missions


# --------------------------------------------------------------------------- rendering


def render_ascii(board: Board) -> str:
    """The grid, two characters a space, then a legend of features and areas.

    First character: '.' sea, ':' coast (both), '#' land; a radar detection space shows
    '~' (sea) or '=' (coast). Second character: a feature mark, else the area ('0'-'3' for
    10-13 Group, 'k'/'s' for Luftflotte 2/3 land), else blank.
    """
    g = board.grid
    marks: dict[str, str] = {}
    order = {
        "raf_airfield": 0,
        "lw_airfield": 1,
        "london": 2,
        "port_of_london": 3,
        "city": 4,
        "radar": 5,
    }
    sym = {
        "raf_airfield": "A",
        "lw_airfield": "L",
        "london": "X",
        "port_of_london": "X",
        "city": "C",
        "radar": "r",
    }
    for f in sorted(board.features.values(), key=lambda f: order[f.kind]):
        marks.setdefault(f.space, sym[f.kind])
    head = "    " + "".join(column_letters(c).ljust(2) for c in range(g.columns))
    lines = [head]
    for r in range(g.rows):
        cells = []
        for c in range(g.columns):
            s = board.spaces[space_id(c, r)]
            radar = board.is_radar_space(s.id)
            first = {"sea": "~" if radar else ".", "both": "=" if radar else ":", "land": "#"}[
                s.terrain
            ]
            second = marks.get(s.id)
            if second is None:
                if s.raf_group is not None:
                    second = str(s.raf_group - 10)
                elif s.luftflotte is not None:
                    second = "k" if s.luftflotte == 2 else "s"
                else:
                    second = " "
            cells.append(first + second)
        lines.append(f"{r + 1:>3} " + "".join(cells))
    lines.append("")
    lines.append(
        "key: . sea  : coast  # land  ~/= radar line  0-3 = 10-13 Group  k/s = Luftflotte 2/3"
    )
    lines.append("     A RAF airfield  L Luftwaffe airfield  X London  C city  r radar station")
    lines.append(f"     {BOX} (Norway box, Luftflotte 5) links: {' '.join(board.box_links)}")
    for f in sorted(board.features.values(), key=lambda f: (order[f.kind], f.flight or "", f.name)):
        extra = f.flight or (f"prod {f.production}" if f.production is not None else "")
        lines.append(f"     {f.space:>4} {sym[f.kind]} {f.name}" + (f" ({extra})" if extra else ""))
    return "\n".join(lines)


# --------------------------------------------------------------------------- drawing the board
# Everything below draws data/board.json from the gazetteer and the coastline; the loader
# above never runs it. A test checks that the shipped file is what this draws.

LatLonPoint = tuple[float, float]

# A coarse coastline, hand-made from headlands and harbours (lat, lon WGS84, about 2-5 km
# good): the cell size is 25 km, so only which side of the coast a cell lies on matters.
# Great Britain runs from Land's End east along the Channel, north up the east coast to
# Duncansby Head and Dunnet Head, then down the west coast: the radar coast is the first
# RADAR_COAST_END + 1 points. Anglesey, Thanet, Sheppey and Holy Island are joined to the
# mainland; Orkney, Shetland, the Isle of Man, the Channel Islands and Eire are not drawn.
GREAT_BRITAIN: tuple[LatLonPoint, ...] = (
    (50.066, -5.715),  # Land's End
    (49.957, -5.207),  # Lizard Point
    (50.141, -5.016),  # St Anthony Head
    (50.218, -4.802),  # Dodman Point
    (50.313, -4.222),  # Rame Head
    (50.203, -3.722),  # Prawle Point
    (50.222, -3.642),  # Start Point
    (50.399, -3.483),  # Berry Head
    (50.610, -3.405),  # Exmouth
    (50.725, -2.936),  # Lyme Regis
    (50.710, -2.760),  # West Bay
    (50.580, -2.470),  # Chesil Beach at Portland
    (50.514, -2.457),  # Portland Bill
    (50.610, -2.450),  # Weymouth
    (50.577, -2.057),  # St Alban's Head
    (50.640, -1.930),  # Studland
    (50.715, -1.760),  # Hengistbury Head
    (50.706, -1.551),  # Hurst Castle
    (50.815, -1.310),  # Calshot
    (50.790, -1.110),  # Portsmouth Harbour mouth
    (50.722, -0.789),  # Selsey Bill
    (50.810, -0.370),  # Worthing
    (50.820, -0.140),  # Brighton
    (50.734, 0.242),  # Beachy Head
    (50.853, 0.580),  # Hastings
    (50.913, 0.976),  # Dungeness
    (51.070, 1.100),  # Hythe
    (51.080, 1.180),  # Folkestone
    (51.140, 1.375),  # South Foreland
    (51.220, 1.400),  # Deal
    (51.310, 1.380),  # Pegwell Bay
    (51.375, 1.446),  # North Foreland
    (51.390, 1.380),  # Margate
    (51.380, 1.200),  # Reculver
    (51.360, 1.020),  # Whitstable
    (51.390, 0.930),  # Leysdown (Sheppey)
    (51.440, 0.760),  # Sheerness
    (51.460, 0.720),  # Isle of Grain
    (51.480, 0.500),  # Cliffe
    (51.450, 0.380),  # Gravesend (head of the estuary as drawn)
    (51.520, 0.580),  # Canvey Island
    (51.530, 0.710),  # Southend
    (51.530, 0.800),  # Shoeburyness
    (51.620, 0.950),  # Foulness Point
    (51.730, 0.900),  # Bradwell
    (51.780, 0.950),  # Mersea
    (51.790, 1.160),  # Clacton
    (51.855, 1.285),  # Walton-on-the-Naze
    (51.945, 1.290),  # Harwich
    (51.940, 1.320),  # Landguard Point
    (52.083, 1.577),  # Orford Ness
    (52.150, 1.600),  # Aldeburgh
    (52.330, 1.680),  # Southwold
    (52.482, 1.762),  # Lowestoft Ness
    (52.600, 1.740),  # Great Yarmouth
    (52.720, 1.700),  # Winterton Ness
    (52.825, 1.535),  # Happisburgh
    (52.935, 1.300),  # Cromer
    (52.970, 0.960),  # Blakeney Point
    (52.950, 0.500),  # Hunstanton
    (52.780, 0.370),  # King's Lynn
    (52.800, 0.200),  # Sutton Bridge
    (52.930, 0.050),  # Boston (the Wash)
    (53.100, 0.330),  # Gibraltar Point
    (53.340, 0.260),  # Mablethorpe
    (53.470, 0.150),  # Donna Nook
    (53.560, -0.020),  # Cleethorpes
    (53.620, -0.180),  # Immingham
    (53.700, -0.440),  # Barton upon Humber (head of the estuary as drawn)
    (53.740, -0.330),  # Hull
    (53.720, -0.230),  # Paull
    (53.620, 0.130),  # Kilnsea (Spurn)
    (53.730, 0.030),  # Withernsea
    (53.910, -0.160),  # Hornsea
    (54.080, -0.190),  # Bridlington
    (54.117, -0.077),  # Flamborough Head
    (54.210, -0.290),  # Filey
    (54.280, -0.400),  # Scarborough
    (54.430, -0.530),  # Robin Hood's Bay
    (54.490, -0.610),  # Whitby
    (54.620, -1.060),  # Redcar
    (54.640, -1.140),  # Tees mouth
    (54.690, -1.180),  # Hartlepool
    (54.840, -1.330),  # Seaham
    (54.910, -1.360),  # Sunderland
    (55.020, -1.420),  # Tynemouth
    (55.130, -1.500),  # Blyth
    (55.340, -1.570),  # Coquet (Amble)
    (55.610, -1.710),  # Bamburgh
    (55.670, -1.800),  # Holy Island
    (55.770, -1.990),  # Berwick
    (55.916, -2.138),  # St Abb's Head
    (56.000, -2.510),  # Dunbar
    (56.060, -2.720),  # North Berwick
    (56.020, -2.860),  # Aberlady
    (55.980, -3.170),  # Leith
    (55.990, -3.380),  # Queensferry
    (56.060, -3.720),  # Kincardine (head of the Forth as drawn)
    (56.030, -3.430),  # Rosyth
    (56.060, -3.230),  # Burntisland
    (56.110, -3.150),  # Kirkcaldy
    (56.190, -3.000),  # Leven
    (56.190, -2.820),  # Elie
    (56.279, -2.585),  # Fife Ness
    (56.340, -2.790),  # St Andrews
    (56.430, -2.820),  # Tentsmuir
    (56.370, -3.200),  # the Tay above Dundee (as drawn)
    (56.460, -2.970),  # Dundee
    (56.470, -2.750),  # Buddon Ness
    (56.560, -2.580),  # Arbroath
    (56.710, -2.460),  # Montrose
    (56.960, -2.200),  # Stonehaven
    (57.150, -2.080),  # Aberdeen
    (57.310, -1.990),  # Newburgh (Ythan)
    (57.470, -1.770),  # Buchan Ness
    (57.610, -1.820),  # Rattray Head
    (57.700, -2.000),  # Kinnaird Head
    (57.670, -2.520),  # Banff
    (57.690, -2.820),  # Cullen
    (57.720, -3.280),  # Lossiemouth
    (57.700, -3.490),  # Burghead
    (57.590, -3.870),  # Nairn
    (57.480, -4.220),  # Inverness
    (57.570, -4.100),  # Fortrose
    (57.680, -4.040),  # Cromarty
    (57.865, -3.776),  # Tarbat Ness
    (57.870, -4.020),  # Dornoch
    (57.970, -3.970),  # Golspie
    (58.110, -3.650),  # Helmsdale
    (58.250, -3.420),  # Dunbeath
    (58.440, -3.080),  # Wick
    (58.480, -3.050),  # Noss Head
    (58.644, -3.025),  # Duncansby Head
    (58.671, -3.376),  # Dunnet Head (end of the radar coast)
    (58.600, -3.520),  # Thurso
    (58.580, -4.020),  # Strathy Point
    (58.570, -4.630),  # Whiten Head
    (58.625, -5.000),  # Cape Wrath
    (58.380, -5.200),  # Handa
    (58.260, -5.370),  # Point of Stoer
    (58.100, -5.420),  # Rubha Coigeach
    (57.860, -5.810),  # Rubha Reidh
    (57.720, -5.700),  # Gairloch
    (57.430, -5.820),  # Applecross
    (57.280, -5.720),  # Kyle of Lochalsh
    (57.000, -5.830),  # Mallaig
    (56.727, -6.226),  # Ardnamurchan Point
    (56.540, -5.780),  # Lochaline
    (56.410, -5.470),  # Oban
    (56.090, -5.560),  # Crinan
    (55.650, -5.660),  # Tayinloan
    (55.310, -5.800),  # Mull of Kintyre
    (55.420, -5.600),  # Campbeltown
    (55.770, -5.330),  # Skipness
    (55.860, -4.980),  # Toward
    (56.000, -4.730),  # Helensburgh
    (55.940, -4.570),  # Dumbarton (head of the Clyde as drawn)
    (55.950, -4.760),  # Greenock
    (55.790, -4.870),  # Largs
    (55.640, -4.820),  # Ardrossan
    (55.460, -4.640),  # Ayr
    (55.240, -4.860),  # Girvan
    (55.006, -5.159),  # Corsewall Point
    (54.840, -5.120),  # Portpatrick
    (54.635, -4.857),  # Mull of Galloway
    (54.860, -4.820),  # Glenluce
    (54.680, -4.390),  # Burrow Head
    (54.780, -4.060),  # Kirkcudbright
    (54.870, -3.600),  # Southerness
    (54.990, -3.070),  # Gretna
    (54.870, -3.390),  # Silloth
    (54.640, -3.570),  # Workington
    (54.515, -3.638),  # St Bees Head
    (54.200, -3.270),  # Duddon
    (54.070, -3.260),  # Walney
    (54.180, -2.850),  # Arnside (Morecambe Bay)
    (54.070, -2.870),  # Morecambe
    (53.920, -3.010),  # Fleetwood
    (53.820, -3.060),  # Blackpool
    (53.730, -2.950),  # Lytham
    (53.650, -3.010),  # Southport
    (53.550, -3.100),  # Formby Point
    (53.400, -2.990),  # Liverpool
    (53.350, -2.850),  # Hale (the Mersey as drawn)
    (53.330, -2.930),  # Ellesmere Port
    (53.440, -3.040),  # New Brighton
    (53.390, -3.180),  # Hoylake
    (53.210, -3.030),  # Queensferry (head of the Dee as drawn)
    (53.355, -3.320),  # Point of Ayr
    (53.320, -3.490),  # Rhyl
    (53.345, -3.870),  # Great Orme
    (53.310, -4.040),  # Penmon (Anglesey)
    (53.420, -4.290),  # Point Lynas
    (53.400, -4.570),  # Carmel Head
    (53.300, -4.700),  # South Stack
    (53.140, -4.410),  # Llanddwyn
    (53.080, -4.340),  # Dinas Dinlle
    (52.940, -4.520),  # Nefyn
    (52.790, -4.770),  # Braich y Pwll
    (52.820, -4.500),  # Abersoch
    (52.920, -4.230),  # Criccieth
    (52.860, -4.120),  # Harlech
    (52.720, -4.060),  # Barmouth
    (52.540, -4.050),  # Aberdyfi
    (52.410, -4.090),  # Aberystwyth
    (52.210, -4.360),  # New Quay
    (52.110, -4.700),  # Cardigan
    (52.029, -5.072),  # Strumble Head
    (51.905, -5.310),  # St David's Head
    (51.683, -5.172),  # St Ann's Head
    (51.600, -4.940),  # St Govan's Head
    (51.670, -4.700),  # Tenby
    (51.740, -4.550),  # Pendine
    (51.680, -4.250),  # Burry Port
    (51.565, -4.330),  # Worms Head
    (51.570, -3.980),  # Mumbles
    (51.610, -3.930),  # Swansea
    (51.570, -3.800),  # Port Talbot
    (51.480, -3.700),  # Porthcawl
    (51.400, -3.560),  # Nash Point
    (51.390, -3.270),  # Barry
    (51.440, -3.170),  # Penarth
    (51.540, -2.980),  # Newport
    (51.610, -2.640),  # Beachley (head of the Severn as drawn)
    (51.500, -2.700),  # Avonmouth
    (51.440, -2.860),  # Clevedon
    (51.330, -3.020),  # Brean Down
    (51.210, -3.130),  # Hinkley Point
    (51.210, -3.470),  # Minehead
    (51.250, -3.790),  # Foreland Point
    (51.210, -4.120),  # Ilfracombe
    (51.140, -4.260),  # Baggy Point
    (51.022, -4.526),  # Hartland Point
    (50.830, -4.550),  # Bude
    (50.670, -4.760),  # Tintagel
    (50.550, -5.030),  # Trevose Head
    (50.420, -5.090),  # Newquay
    (50.210, -5.480),  # St Ives
    (50.127, -5.709),  # Cape Cornwall
)
RADAR_COAST_END = GREAT_BRITAIN.index((58.671, -3.376))  # Dunnet Head

ISLE_OF_WIGHT: tuple[LatLonPoint, ...] = (
    (50.662, -1.589),  # the Needles
    (50.705, -1.500),  # Yarmouth
    (50.765, -1.297),  # Cowes
    (50.730, -1.160),  # Ryde
    (50.685, -1.070),  # Foreland
    (50.650, -1.150),  # Sandown
    (50.575, -1.297),  # St Catherine's Point
    (50.665, -1.520),  # Freshwater Bay
)
# fmt: off
SCOTTISH_ISLANDS: tuple[tuple[LatLonPoint, ...], ...] = (
    (  # Skye
        (57.690, -6.340), (57.630, -6.200), (57.410, -6.190), (57.270, -5.730),
        (57.020, -6.020), (57.150, -6.100), (57.230, -6.370), (57.420, -6.790),
        (57.520, -6.700), (57.600, -6.640), (57.590, -6.370),
    ),
    (  # Mull
        (56.580, -6.280), (56.620, -6.070), (56.470, -5.710), (56.350, -5.850),
        (56.320, -6.000), (56.320, -6.370), (56.420, -6.150),
    ),
    (  # Islay
        (55.900, -6.120), (55.830, -6.100), (55.630, -6.100), (55.590, -6.330),
        (55.670, -6.510), (55.880, -6.330),
    ),
    (  # Jura
        (56.150, -5.730), (55.860, -5.870), (55.820, -5.950), (55.950, -6.090),
        (56.080, -5.950),
    ),
    (  # Arran
        (55.710, -5.280), (55.630, -5.130), (55.440, -5.100), (55.500, -5.380),
        (55.620, -5.390),
    ),
    (  # Lewis and Harris
        (58.515, -6.262), (58.260, -6.140), (58.210, -6.380), (58.040, -6.360),
        (57.730, -6.970), (57.830, -7.050), (58.240, -7.020), (58.290, -6.800),
    ),
)
# fmt: on
NORTHERN_IRELAND: tuple[LatLonPoint, ...] = (
    (55.225, -6.150),  # Fair Head
    (55.050, -5.970),  # Garron Point
    (54.850, -5.800),  # Larne
    (54.770, -5.690),  # Black Head
    (54.710, -5.810),  # Carrickfergus
    (54.620, -5.900),  # Belfast
    (54.670, -5.670),  # Bangor
    (54.640, -5.530),  # Donaghadee
    (54.490, -5.450),  # Ballyhalbert
    (54.330, -5.500),  # Ballyquintin Point
    (54.230, -5.660),  # St John's Point
    (54.210, -5.890),  # Newcastle
    (54.040, -6.190),  # Carlingford Lough (the border)
    (54.350, -7.000),  # the border, inland (only its east end is on the board)
    (55.050, -7.250),  # Lough Foyle
    (55.170, -6.950),  # Magilligan
    (55.210, -6.650),  # Portrush
)
CONTINENT: tuple[LatLonPoint, ...] = (
    (47.500, -4.700),  # closing the polygon well south of the board
    (48.330, -4.770),  # Pointe Saint-Mathieu
    (48.410, -4.790),  # Pointe de Corsen
    (48.600, -4.560),  # Aber Wrac'h
    (48.730, -3.980),  # Roscoff
    (48.660, -3.850),  # Morlaix bay
    (48.770, -3.570),  # Trebeurden
    (48.830, -3.480),  # Ploumanac'h
    (48.870, -3.080),  # Sillon de Talbert
    (48.650, -2.830),  # Saint-Quay
    (48.530, -2.730),  # Saint-Brieuc
    (48.685, -2.320),  # Cap Frehel
    (48.630, -2.060),  # Dinard
    (48.710, -1.840),  # Pointe du Grouin
    (48.640, -1.510),  # Mont-Saint-Michel bay
    (48.840, -1.600),  # Granville
    (49.330, -1.700),  # Portbail
    (49.530, -1.880),  # Flamanville
    (49.725, -1.940),  # Cap de la Hague
    (49.650, -1.620),  # Cherbourg
    (49.695, -1.265),  # Pointe de Barfleur
    (49.590, -1.260),  # Saint-Vaast
    (49.330, -1.120),  # Carentan
    (49.400, -0.990),  # Pointe du Hoc
    (49.340, -0.620),  # Arromanches
    (49.290, -0.250),  # Ouistreham
    (49.360, 0.070),  # Deauville
    (49.420, 0.230),  # Honfleur
    (49.440, 0.400),  # Tancarville (head of the Seine estuary as drawn)
    (49.490, 0.100),  # Le Havre
    (49.710, 0.200),  # Etretat
    (49.760, 0.370),  # Fecamp
    (49.930, 1.080),  # Dieppe
    (50.060, 1.370),  # Le Treport
    (50.190, 1.630),  # Saint-Valery-sur-Somme
    (50.400, 1.560),  # Berck
    (50.730, 1.600),  # Boulogne
    (50.872, 1.583),  # Cap Gris-Nez
    (50.930, 1.710),  # Cap Blanc-Nez
    (50.965, 1.850),  # Calais
    (51.010, 2.120),  # Gravelines
    (51.050, 2.370),  # Dunkirk
    (51.100, 2.550),  # De Panne (the Belgian border)
    (51.230, 2.920),  # Ostend
    (51.330, 3.200),  # Zeebrugge
    (51.370, 3.380),  # Cadzand (the Dutch border)
    (51.530, 3.440),  # Westkapelle
    (51.980, 4.120),  # Hook of Holland
    (52.460, 4.580),  # IJmuiden
    (52.960, 4.760),  # Den Helder
    (53.400, 9.000),  # closing the polygon well east of the board
    (47.500, 9.000),
)
# Regions that split a landmass between countries or areas (a point is in the region if
# inside the polygon). Wales: west of the Dee-Severn border; Scotland: north-west of the
# Solway-Tweed border; Belgium: north-east of the French border; Luftflotte 2: north and
# east of the Seine (Le Havre - Rouen - Paris), Luftflotte 3 the rest of France.
# fmt: off
WALES: tuple[LatLonPoint, ...] = (
    (53.500, -3.400), (53.400, -3.300), (53.300, -3.170), (53.220, -3.000), (53.000, -2.750),
    (52.850, -3.050), (52.600, -3.100), (52.350, -3.000), (52.080, -3.120), (51.820, -2.720),
    (51.600, -2.660), (51.450, -2.900), (51.350, -3.300), (51.300, -4.200), (51.400, -5.500),
    (51.400, -6.500), (53.500, -6.500),
)
SCOTLAND: tuple[LatLonPoint, ...] = (
    (54.990, -3.060), (55.060, -2.860), (55.250, -2.640), (55.350, -2.480), (55.620, -2.220),
    (55.810, -2.030), (55.810, 2.000), (61.000, 2.000), (61.000, -9.000), (54.300, -9.000),
    (54.300, -5.000), (54.500, -4.300), (54.750, -3.750), (54.900, -3.400),
)
BELGIUM: tuple[LatLonPoint, ...] = (
    (51.500, 2.450), (51.100, 2.540), (50.950, 2.600), (50.820, 2.720), (50.720, 2.880),
    (50.780, 3.100), (50.600, 3.250), (50.300, 3.600), (50.300, 7.000), (51.370, 7.000),
    (51.370, 3.380), (51.500, 3.380),
)
NETHERLANDS: tuple[LatLonPoint, ...] = (
    (51.370, 3.380), (51.370, 7.000), (54.000, 7.000), (54.000, 3.380),
)
LUFTFLOTTE_2: tuple[LatLonPoint, ...] = (
    (49.450, -0.500), (49.450, 0.000), (49.440, 0.350), (49.430, 0.750), (49.440, 1.090),
    (49.250, 1.250), (49.090, 1.480), (48.990, 1.720), (48.950, 2.050), (48.860, 2.350),
    (48.700, 2.500), (48.400, 2.950), (48.000, 4.000), (48.000, 9.000), (54.000, 9.000),
    (54.000, -0.500),
)
# fmt: on

SAMPLES = 5  # a 5 x 5 lattice of sample points in each cell, the centre among them
SEGMENT_STEP_KM = 0.5


def _to_km(points: Iterable[LatLonPoint]) -> list[tuple[float, float]]:
    return [NATIONAL_GRID.to_km(lat, lon) for lat, lon in points]


def _inside(x: float, y: float, poly: Sequence[tuple[float, float]]) -> bool:
    """Even-odd ray casting on the projected plane."""
    hit = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            hit = not hit
        j = i
    return hit


def _segment_cells(
    poly: Sequence[tuple[float, float]], grid: Grid, closed: bool
) -> Iterator[list[tuple[int, int]]]:
    """For each edge, the cells it passes through in order, 4-connected (no corner jumps)."""
    edges = len(poly) if closed else len(poly) - 1
    for i in range(edges):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % len(poly)]
        steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / SEGMENT_STEP_KM))
        cells: list[tuple[int, int]] = []
        for k in range(steps + 1):
            x, y = x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps
            cell = (
                math.floor((x - grid.west_km) / grid.cell_km),
                math.floor((grid.north_km - y) / grid.cell_km),
            )
            if cells and cell != cells[-1]:
                pc, pr = cells[-1]
                if pc != cell[0] and pr != cell[1]:  # a corner jump: step through a side cell
                    cells.append((cell[0], pr))
            if not cells or cell != cells[-1]:
                cells.append(cell)
        yield cells


def draw_board_data(places: Gazetteer | None = None, cell_km: int = 25) -> dict[str, Any]:
    """Draw board.json's content from the coastline, the gazetteer and the choices in it.

    ``cell_km`` sets the scale: the same area (625 x 1175 km from the National Grid's
    (125, 1000) km) cut into cells of that size; 25 km is bob's board."""
    places = places or load_places()
    grid = Grid(
        cell_km=cell_km,
        west_km=WEST_KM,
        north_km=NORTH_KM,
        columns=math.ceil(WIDTH_KM / cell_km),
        rows=math.ceil(HEIGHT_KM / cell_km),
    )
    gb, iow, ni, cont = (
        _to_km(GREAT_BRITAIN),
        _to_km(ISLE_OF_WIGHT),
        _to_km(NORTHERN_IRELAND),
        _to_km(CONTINENT),
    )
    islands = [_to_km(i) for i in SCOTTISH_ISLANDS]
    wales, scotland, belgium, netherlands, lf2 = (
        _to_km(WALES),
        _to_km(SCOTLAND),
        _to_km(BELGIUM),
        _to_km(NETHERLANDS),
        _to_km(LUFTFLOTTE_2),
    )

    def country_at(x: float, y: float) -> str:
        """'E', 'W', ... for land at (x, y) km, '.' for sea."""
        if _inside(x, y, gb) or _inside(x, y, iow) or any(_inside(x, y, i) for i in islands):
            if _inside(x, y, scotland):
                return "S"
            return "W" if _inside(x, y, wales) else "E"
        if _inside(x, y, ni):
            return "I"
        if _inside(x, y, cont):
            if _inside(x, y, netherlands):
                return "N"
            return "B" if _inside(x, y, belgium) else "F"
        return "."

    cols, rows, size = grid.columns, grid.rows, grid.cell_km
    samples: list[list[list[tuple[float, float, str]]]] = []
    for r in range(rows):
        line = []
        for c in range(cols):
            pts = []
            for i in range(SAMPLES):
                for j in range(SAMPLES):
                    x = grid.west_km + (c + (i + 0.5) / SAMPLES) * size
                    y = grid.north_km - (r + (j + 0.5) / SAMPLES) * size
                    pts.append((x, y, country_at(x, y)))
            line.append(pts)
        samples.append(line)
    crossed: dict[tuple[int, int], str] = {}  # coast cells -> the country of that coast
    coasts: list[tuple[list[tuple[float, float]], bool]] = [
        (gb, True),
        (iow, True),
        (ni, True),
        (cont, True),
        *((i, True) for i in islands),
    ]
    for poly, closed in coasts:
        for cells in _segment_cells(poly, grid, closed):
            for c, r in cells:
                if 0 <= c < cols and 0 <= r < rows and (c, r) not in crossed:
                    cx = grid.west_km + (c + 0.5) * size
                    cy = grid.north_km - (r + 0.5) * size
                    crossed[(c, r)] = _nearest_land_code(poly, cx, cy, country_at)
    sectors = [
        (NATIONAL_GRID.to_km(p.lat, p.lon), p.raf_group)
        for p in places.by_kind("raf_sector_airfield")
        if p.raf_group in (10, 11, 12, 13)
    ]
    terrain_rows, country_rows, group_rows, fleet_rows = [], [], [], []
    for r in range(rows):
        t_line, k_line, g_line, f_line = "", "", "", ""
        for c in range(cols):
            pts = samples[r][c]
            land = [k for _, _, k in pts if k != "."]
            coast = (c, r) in crossed or 0 < len(land) < len(pts)
            terrain = "+" if coast else ("#" if land else ".")
            if terrain == ".":
                code = "."
            elif land:
                code = max(sorted(set(land)), key=land.count)
            else:
                code = crossed[(c, r)]
            cx = grid.west_km + (c + 0.5) * size
            cy = grid.north_km - (r + 0.5) * size
            group = "."
            fleet = "."
            if code in "EWSI":
                (_, g) = min(sectors, key=lambda s: math.hypot(s[0][0] - cx, s[0][1] - cy))
                group = str((g or 10) - 10)
            elif code in "FBN":
                on_land = [(x, y) for x, y, k in pts if k in "FBN"] or [(cx, cy)]
                in2 = sum(_inside(x, y, lf2) for x, y in on_land)
                fleet = "2" if 2 * in2 >= len(on_land) else "3"
            t_line, k_line, g_line, f_line = (
                t_line + terrain,
                k_line + code,
                g_line + group,
                f_line + fleet,
            )
        terrain_rows.append(t_line)
        country_rows.append(k_line)
        group_rows.append(g_line)
        fleet_rows.append(f_line)

    # The radar line: the cells the coast passes through from Land's End to Dunnet Head
    # (the approaches from France and Norway) and round the Isle of Wight, each given to
    # the nearest Chain Home station.
    radar_line: list[tuple[int, int]] = []
    for cells in _segment_cells(gb[: RADAR_COAST_END + 1], grid, closed=False):
        radar_line += [cell for cell in cells if cell not in radar_line]
    for cells in _segment_cells(iow, grid, closed=True):
        radar_line += [cell for cell in cells if cell not in radar_line]
    # (at a coarse scale a Channel cell may be more France than sea: no radar there)
    radar_line = [
        (c, r)
        for c, r in radar_line
        if 0 <= c < cols
        and 0 <= r < rows
        and country_rows[r][c] in ".EWSI"
        and terrain_rows[r][c] != "#"
    ]
    stations = [(p.name, NATIONAL_GRID.to_km(p.lat, p.lon)) for p in places.by_kind("chain_home")]
    radar: dict[str, list[str]] = {name: [] for name, _ in stations}
    for c, r in radar_line:
        cx = grid.west_km + (c + 0.5) * size
        cy = grid.north_km - (r + 0.5) * size
        name, _ = min(stations, key=lambda s: math.hypot(s[1][0] - cx, s[1][1] - cy))
        radar[name].append(space_id(c, r))

    top_from = int(NORWAY_TOP_FROM_KM // size)
    east_to = round(NORWAY_EAST_TO_KM / size) - 1
    box_links = [space_id(c, 0) for c in range(top_from, cols)]
    box_links += [space_id(cols - 1, r) for r in range(1, east_to + 1)]
    return {
        "grid": grid.model_dump(),
        "terrain": terrain_rows,
        "country": country_rows,
        "raf_group": group_rows,
        "luftflotte": fleet_rows,
        "raf_airfields": dict(RAF_AIRFIELDS),
        "luftwaffe_airfields": dict(LUFTWAFFE_AIRFIELDS),
        "cities": dict(CITIES),
        "london": "London",
        "port_of_london": {
            "place": "London Docks (Surrey Commercial / West India)",
            "production": PORT_OF_LONDON_PRODUCTION,
        },
        "radar": {name: cells for name, cells in radar.items() if cells},
        "norway_box": {
            "flight": "5A",
            "place": "Stavanger-Sola",
            "links": box_links,
            "counts_as": 1,
        },
    }


def _nearest_land_code(
    poly: Sequence[tuple[float, float]], cx: float, cy: float, country_at: Any
) -> str:
    """The country code of the polygon's vertex nearest (cx, cy), nudged onto land."""
    x, y = min(poly, key=lambda p: math.hypot(p[0] - cx, p[1] - cy))
    for dx, dy in ((0, 0), (0.3, 0), (-0.3, 0), (0, 0.3), (0, -0.3)):
        code: str = country_at(x + dx, y + dy)
        if code != ".":
            return code
    return "E"


# The choices (docs/rules/bob-board.md gives the reasons): flights' airfields by gazetteer
# name, and production values (1931 population band, plus war industry).
RAF_AIRFIELDS = {
    "10A": "Middle Wallop",
    "10B": "Filton",
    "10C": "Roborough",
    "11A": "Tangmere",
    "11B": "Biggin Hill",
    "11C": "Hornchurch",
    "11D": "North Weald",
    "12A": "Duxford",
    "12B": "Coltishall",
    "12C": "Church Fenton",
    "13A": "Usworth",
    "13B": "Turnhouse",
}
LUFTWAFFE_AIRFIELDS = {
    "2A": "Calais-Marck",
    "2B": "Saint-Omer (Longuenesse)",
    "2C": "Amiens-Glisy",
    "3A": "Cherbourg-Maupertus",
    "3B": "Caen-Carpiquet",
    "3C": "Dinard-Pleurtuit",
}
CITIES = {
    "London": 4,
    "Birmingham": 3,
    "Glasgow": 3,
    "Liverpool": 3,
    "Manchester": 3,
    "Sheffield": 2,
    "Leeds": 2,
    "Edinburgh": 2,
    "Bristol": 2,
    "Kingston upon Hull": 2,
    "Newcastle upon Tyne": 2,
    "Coventry": 2,
    "Derby": 2,
    "Southampton": 2,
    "Portsmouth": 1,
    "Cardiff": 1,
    "Plymouth": 1,
    "Sunderland": 1,
    "Swansea": 1,
    "Middlesbrough": 1,
    "Norwich": 1,
    "Portland": 1,
    "Westland, Yeovil": 1,
    "Bristol Aeroplane Company, Filton": 1,
}
PORT_OF_LONDON_PRODUCTION = 3
WEST_KM, NORTH_KM, WIDTH_KM, HEIGHT_KM = 125, 1000, 625, 1175  # the area every scale covers
# The Norway box's links, in km from the grid's west and north edges (column L and row 18 at
# 25 km): the top edge east of Orkney's longitude, the east edge down to the Tyne's latitude.
NORWAY_TOP_FROM_KM = 11 * 25
NORWAY_EAST_TO_KM = 18 * 25


def write_board_json(path: Path | None = None) -> str:
    """board.json's text as drawn (one layer row a line); written to ``path`` if given."""
    data = draw_board_data()
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if path is not None:
        path.write_text(text, "utf-8")
    return text


if __name__ == "__main__":  # python -m dowding.rulesets.bob.board: redraw data/board.json
    target = Path(__file__).with_name("data") / "board.json"
    write_board_json(target)
    load_board.cache_clear()
    print(load_board().render_ascii())

"""The components of Battle of Britain (1990) as schema-checked data.

The rulebook (shared/seeds/001_*) prints no component values; like the digest, the fills come
from bob's components (docs/rules/bob1990.md, B1-B6):

- the board: bob's generator (``bob.board.draw_board_data``) drawn at 50 km (``data/board-50km.json``,
  option ``cell_km`` 50) or bob's own 25 km board (``cell_km`` 25);
- the squadron cards: bob's ``squadrons.json`` (160 cards; dogfight and bombing dice), with
  ``data/squadrons.json`` laid over it on the 50 km board: the Spitfire's and Hurricane's
  dogfight dice, ours for balance (docs/rules/bob1990.md, Players); bob's 25 km board plays
  bob's cards as they are;
- the mission cards: ``data/missions.json``, 50 cards, airfield and radar cards made Group-level
  (B.III: "Radar and Airfield targets are specified just by the RAF Group area"), with the bases
  of each Group they may be aimed at.

A player's ``data`` folder may hold ``board-50km.json``, ``board.json`` (25 km), ``missions.json``
(this package's format) or ``squadrons.json``; each is merged over the shipped file and checked.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from dowding.engine import data_folder
from dowding.rulesets.bob.board import (
    BOX,
    LW_FLIGHTS,
    RAF_FLIGHTS,
    Board,
    BoardError,
    load_grid_board,
)
from dowding.rulesets.bob.cards import Card, load_squadrons
from dowding.rulesets.overrides import merge

GROUPS = (10, 11, 12, 13)
LUFTFLOTTEN = (2, 3, 5)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MissionCard(_Strict):
    id: str = Field(min_length=1, pattern=r"^[A-Za-z0-9-]+$")
    group: Literal[10, 11, 12, 13]
    kind: Literal["city", "airfield", "radar"]
    target: str | None = None  # a city card names its city; airfield and radar cards do not
    bombs: int = Field(ge=1, le=9)

    @model_validator(mode="after")
    def _target(self) -> MissionCard:
        if (self.target is None) == (self.kind == "city"):
            raise ValueError("a city card names its target; an airfield or radar card does not")
        return self


class Bases(_Strict):
    airfield: tuple[str, ...]
    radar: tuple[str, ...]


class MissionsFile(_Strict):
    missions: tuple[MissionCard, ...] = Field(min_length=3)
    bases: dict[Literal["10", "11", "12", "13"], Bases]


@dataclass(frozen=True)
class Components:
    board: Board
    cards: dict[str, Card]
    decks: dict[int, tuple[str, ...]]  # Group or Luftflotte -> card ids
    missions: dict[str, MissionCard]
    bases: dict[int, Bases]
    production: dict[int, tuple[tuple[str, int], ...]]  # Group -> (city, production)
    city_group: dict[str, int]
    fully_12: frozenset[str]  # spaces fully within 12 Group (B19)
    rs: dict[str, tuple[str, ...]]  # radar-scanned space -> its radar stations
    lw_airfields: frozenset[str]  # German airfield spaces, the Norway box among them
    cell_km: int
    data: str  # the player's own data folder ("" for the shipped files), carried in the views
    by_slug: dict[str, str]  # target words in actions -> gazetteer name
    names: dict[str, str]  # card and mission ids -> what is printed on them (manual draws)


def components_for(view: Mapping[str, Any]) -> Components:
    """The components a view was dealt from: its board's scale and the player's own data folder
    (``data``, in the view only when one is set), so a bot or a front end reads the same board
    and cards as the rules (a player's own board had the heuristic look up spaces it lacked)."""
    return load_components(data_folder(view), int(view.get("cell_km", 50)))


def slug(name: str) -> str:
    """A target's name as one word of an action: 'Westland, Yeovil' -> 'Westland-Yeovil'."""
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name).split())


def _missions(data_dir: str) -> MissionsFile:
    raw: Any = json.loads(
        resources.files(__package__).joinpath("data/missions.json").read_text("utf-8")
    )
    where = "shipped missions.json"
    if data_dir:
        path = Path(data_dir) / "missions.json"
        if path.exists():
            raw = merge(raw, json.loads(path.read_text("utf-8")))
            where = str(path)
    try:
        return MissionsFile.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise BoardError(f"{where}: {problems}") from None


def _fully_within(board: Board, group: int) -> frozenset[str]:
    """B19: a land space of the Group none of whose neighbours lies in another Group or at sea."""
    out = []
    for sid, space in board.spaces.items():
        if space.box or space.terrain != "land" or space.raf_group != group:
            continue
        if all(board.group_of(n) == group for n in board.neighbours(sid)):
            out.append(sid)
    return frozenset(out)


@lru_cache(maxsize=8)
def load_components(data_dir: str = "", cell_km: int = 50) -> Components:
    if cell_km == 50:
        board = load_grid_board(__package__, "board-50km.json", data_dir)
    else:
        # bob's 25 km board alone: bob's own missions.json is not read, so a player's folder
        # holds this package's missions.json at either scale
        board = load_grid_board("dowding.rulesets.bob", "board.json", data_dir)
    # the British fighters' dice (data/squadrons.json) were tuned on the 50 km board; bob's own
    # 25 km board plays level with bob's own cards (docs/rules/bob1990.md, Players)
    squadrons = load_squadrons(data_dir, __package__ if cell_km == 50 else "")
    deck = _missions(data_dir)
    seen: set[str] = set()
    city_group: dict[str, int] = {}
    for card in deck.missions:
        if card.id in seen:
            raise BoardError(f"missions.json: duplicate mission id {card.id!r}")
        seen.add(card.id)
        if card.target is not None:
            feature = board.features.get(card.target)
            if feature is None or feature.production is None:
                raise BoardError(f"missions.json: {card.target!r} is not a city on the board")
            city_group[card.target] = card.group
    bases = {int(g): b for g, b in deck.bases.items()}
    for g, b in bases.items():
        for name in (*b.airfield, *b.radar):
            if name not in board.features:
                raise BoardError(f"missions.json: bases.{g}: {name!r} is not on the board")
    production = {
        g: tuple(
            (name, board.features[name].production or 0)
            for name in sorted(city_group)
            if city_group[name] == g
        )
        for g in GROUPS
    }
    rs = {cell: board.radar_covering(cell) for cell in board.spaces if board.radar_covering(cell)}
    lw = frozenset(board.lw_airfield(f) for f in LW_FLIGHTS)
    return Components(
        board=board,
        cards=dict(squadrons.cards),
        decks={k: tuple(v) for k, v in squadrons.decks.items()},
        missions={m.id: m for m in deck.missions},
        bases=bases,
        production=production,
        city_group=city_group,
        fully_12=_fully_within(board, 12),
        rs=rs,
        lw_airfields=lw,
        cell_km=cell_km,
        data=data_dir,
        by_slug={
            slug(n): n
            for n in (*city_group, *(x for b in bases.values() for x in (*b.airfield, *b.radar)))
        },
        names={
            **{cid: f"{card.unit} ({card.aircraft})" for cid, card in squadrons.cards.items()},
            **{m.id: _mission_words(m) for m in deck.missions},
        },
    )


def _mission_words(m: MissionCard) -> str:
    """'Glasgow (13 Group, 3 bombs)', 'airfield of 10 Group (2 bombs)': a card as typed at a
    table (B4: airfield and radar cards name only their Group)."""
    bombs = f"{m.bombs} bomb{'s' if m.bombs > 1 else ''}"
    if m.target is not None:
        return f"{m.target} ({m.group} Group, {bombs})"
    return f"{m.kind} of {m.group} Group ({bombs})"


__all__ = [
    "BOX",
    "GROUPS",
    "LUFTFLOTTEN",
    "LW_FLIGHTS",
    "RAF_FLIGHTS",
    "Components",
    "MissionCard",
    "load_components",
]

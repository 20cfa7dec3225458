"""The 50 mission cards of bob as schema-checked data (``data/missions.json``).

"Mission Cards identify Luftwaffe targets: city, airfield or radar stations, the Group
Area the mission is on the map and the number of bomb hits needed for the target to be
knocked out" (Components, Mission Cards). This module checks a card's own fields; the
board loader (``board.load_board``) checks each card against the board: the target is a
feature of the card's kind, its space lies in the card's Group area, and a city's
production value is the board's.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

MissionKind = Literal["city", "airfield", "radar", "london", "port_of_london"]

# Components, Mission Cards: an airfield or radar card pictures 1 hit, a city 3. London and
# Port of London are the two sections of the one multi-section city: 3 hits each, like a city.
HITS: dict[str, int] = {"city": 3, "london": 3, "port_of_london": 3, "airfield": 1, "radar": 1}
PRODUCING = frozenset({"city", "london", "port_of_london"})


class MissionCard(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1)
    group: Literal[10, 11, 12, 13]
    kind: MissionKind
    target: str = Field(min_length=1, description="the feature's gazetteer name")
    hits: int = Field(ge=1, le=6)
    production: int | None = Field(default=None, ge=0)

    @model_validator(mode="after")
    def _kind_fields(self) -> MissionCard:
        if self.hits != HITS[self.kind]:
            raise ValueError(f"a {self.kind} card needs {HITS[self.kind]} hits, not {self.hits}")
        if (self.production is None) == (self.kind in PRODUCING):
            need = "needs" if self.kind in PRODUCING else "has no"
            raise ValueError(f"a {self.kind} card {need} a production value")
        return self


class MissionDeck(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    missions: tuple[MissionCard, ...] = Field(min_length=1)

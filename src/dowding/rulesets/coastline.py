"""The coastline a square-grid board is drawn from, drawn on that board's map.

bob's board generator (``bob/board.py``) decides each space's terrain from a hand-made coastline
of 1940 headlands and harbours (``GREAT_BRITAIN``, ``ISLE_OF_WIGHT``, the Scottish islands,
``NORTHERN_IRELAND``, ``CONTINENT``: latitude and longitude, projected by the gazetteer's
``NATIONAL_GRID``). A map of such a board draws the same coastline over its spaces, so a
player sees Britain's shape and which part of a coastal space is sea: ``sea_path`` is the sea
(the board less every landmass, even-odd), ``coast_path`` the shore, both in the map's units
for a grid whose top-left corner is drawn at ``(x0, y0)`` with ``size`` units a space.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from dowding.gazetteer import NATIONAL_GRID
from dowding.rulesets.bob.board import (
    CONTINENT,
    GREAT_BRITAIN,
    ISLE_OF_WIGHT,
    NORTHERN_IRELAND,
    SCOTTISH_ISLANDS,
    Grid,
    LatLonPoint,
)

LANDMASSES: tuple[tuple[LatLonPoint, ...], ...] = (
    GREAT_BRITAIN,
    ISLE_OF_WIGHT,
    *SCOTTISH_ISLANDS,
    NORTHERN_IRELAND,
    CONTINENT,
)


@lru_cache(maxsize=1)
def _landmasses_km() -> tuple[tuple[tuple[float, float], ...], ...]:
    return tuple(tuple(NATIONAL_GRID.to_km(lat, lon) for lat, lon in land) for land in LANDMASSES)


def _rings(
    grid: Grid, x0: float, y0: float, size: float
) -> Iterator[Sequence[tuple[float, float]]]:
    scale = size / grid.cell_km
    for land in _landmasses_km():
        yield [(x0 + (e - grid.west_km) * scale, y0 + (grid.north_km - n) * scale) for e, n in land]


def _d(ring: Sequence[tuple[float, float]]) -> str:
    return "M" + "L".join(f"{x:.1f} {y:.1f}" for x, y in ring) + "Z"


def coast_path(grid: Grid, x0: float, y0: float, size: float) -> str:
    """Every landmass's outline as one path's ``d`` (closed; clip it to the board: the
    continent is closed well outside it)."""
    return "".join(_d(ring) for ring in _rings(grid, x0, y0, size))


def sea_path(grid: Grid, x0: float, y0: float, size: float) -> str:
    """The board's rectangle less every landmass: a ``d`` for ``fill-rule="evenodd"``."""
    w, h = grid.columns * size, grid.rows * size
    return f"M{x0:g} {y0:g}h{w:g}v{h:g}h{-w:g}Z" + coast_path(grid, x0, y0, size)

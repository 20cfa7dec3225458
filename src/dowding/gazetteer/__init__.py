"""One gazetteer of 1940 places, and the projection every ruleset draws its map with.

>>> from dowding.gazetteer import load_places, NATIONAL_GRID
>>> places = load_places()
>>> places["biggin hill"].raf_group
11
"""

from .places import (
    COLUMNS,
    Gazetteer,
    Place,
    PlaceKind,
    UnknownPlaceError,
    great_circle_km,
    load_places,
)
from .projection import (
    AIRY_1830,
    GRS80,
    NATIONAL_GRID,
    Ellipsoid,
    LatLon,
    Offset,
    Orientation,
    Projection,
    column_index,
    column_letters,
    hex_centre,
    to_hex_offset,
    to_square_grid,
)

__all__ = [
    "AIRY_1830",
    "COLUMNS",
    "GRS80",
    "NATIONAL_GRID",
    "Ellipsoid",
    "Gazetteer",
    "LatLon",
    "Offset",
    "Orientation",
    "Place",
    "PlaceKind",
    "Projection",
    "UnknownPlaceError",
    "column_index",
    "column_letters",
    "great_circle_km",
    "hex_centre",
    "load_places",
    "to_hex_offset",
    "to_square_grid",
]

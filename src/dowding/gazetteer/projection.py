"""Transverse Mercator projection to planar km, and map-grid helpers built on it.

The formulas are the Ordnance Survey's, from "A Guide to Coordinate Systems in Great
Britain" (Annex C, Transverse Mercator map projection). ``NATIONAL_GRID`` uses the
National Grid's projection constants on the GRS80/WGS84 ellipsoid: these are the OS's
"ETRS89 eastings and northings", which lie within about 0.1 km of true British National
Grid coordinates (those also need the OSGB36 datum shift, OSTN15, which this omits).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

LatLon = tuple[float, float]
Orientation = Literal["flat", "pointy"]
Offset = Literal["odd", "even"]


@dataclass(frozen=True)
class Ellipsoid:
    a: float  # semi-major axis, metres
    b: float  # semi-minor axis, metres


GRS80 = Ellipsoid(6378137.0, 6356752.314140)  # WGS84's differs by 0.1 mm
AIRY_1830 = Ellipsoid(6377563.396, 6356256.909)  # the OSGB36 datum's ellipsoid


@dataclass(frozen=True)
class Projection:
    """Transverse Mercator about (``lat0``, ``lon0``); ``to_km`` gives (easting, northing)."""

    lat0: float
    lon0: float
    k0: float = 1.0  # scale factor on the central meridian
    false_easting_km: float = 0.0
    false_northing_km: float = 0.0
    ellipsoid: Ellipsoid = GRS80

    @classmethod
    def local(cls, lat0: float, lon0: float) -> Projection:
        """True scale on the meridian ``lon0``; (0, 0) at (``lat0``, ``lon0``)."""
        return cls(lat0, lon0)

    def _meridian_arc(self, phi: float) -> float:
        a, b = self.ellipsoid.a, self.ellipsoid.b
        n = (a - b) / (a + b)
        phi0 = math.radians(self.lat0)
        d, s = phi - phi0, phi + phi0
        return (
            b
            * self.k0
            * (
                (1 + n + 1.25 * n**2 + 1.25 * n**3) * d
                - (3 * n + 3 * n**2 + 21 / 8 * n**3) * math.sin(d) * math.cos(s)
                + (15 / 8 * n**2 + 15 / 8 * n**3) * math.sin(2 * d) * math.cos(2 * s)
                - 35 / 24 * n**3 * math.sin(3 * d) * math.cos(3 * s)
            )
        )

    def _radii(self, phi: float) -> tuple[float, float, float]:
        a, b = self.ellipsoid.a, self.ellipsoid.b
        e2 = 1 - (b / a) ** 2
        w = 1 - e2 * math.sin(phi) ** 2
        nu = a * self.k0 / math.sqrt(w)
        rho = a * self.k0 * (1 - e2) / w**1.5
        return nu, rho, nu / rho - 1

    def to_km(self, lat: float, lon: float) -> tuple[float, float]:
        """(easting, northing) in km of the point at WGS84 ``lat``, ``lon`` (degrees)."""
        phi = math.radians(lat)
        dl = math.radians(lon - self.lon0)
        nu, rho, eta2 = self._radii(phi)
        sin, cos, tan2 = math.sin(phi), math.cos(phi), math.tan(phi) ** 2
        north = (
            self._meridian_arc(phi)
            + nu / 2 * sin * cos * dl**2
            + nu / 24 * sin * cos**3 * (5 - tan2 + 9 * eta2) * dl**4
            + nu / 720 * sin * cos**5 * (61 - 58 * tan2 + tan2**2) * dl**6
        )
        east = (
            nu * cos * dl
            + nu / 6 * cos**3 * (nu / rho - tan2) * dl**3
            + nu / 120 * cos**5 * (5 - 18 * tan2 + tan2**2 + 14 * eta2 - 58 * tan2 * eta2) * dl**5
        )
        return east / 1000 + self.false_easting_km, north / 1000 + self.false_northing_km

    def to_latlon(self, easting_km: float, northing_km: float) -> LatLon:
        """The inverse of ``to_km``: WGS84 (lat, lon) in degrees."""
        north = (northing_km - self.false_northing_km) * 1000
        east = (easting_km - self.false_easting_km) * 1000
        aF0 = self.ellipsoid.a * self.k0
        phi = math.radians(self.lat0) + north / aF0
        for _ in range(50):  # converges to < 0.01 mm in a few steps
            step = (north - self._meridian_arc(phi)) / aF0
            phi += step
            if abs(step * aF0) < 1e-5:
                break
        nu, rho, eta2 = self._radii(phi)
        t, t2, sec = math.tan(phi), math.tan(phi) ** 2, 1 / math.cos(phi)
        lat = (
            phi
            - t / (2 * rho * nu) * east**2
            + t / (24 * rho * nu**3) * (5 + 3 * t2 + eta2 - 9 * t2 * eta2) * east**4
            - t / (720 * rho * nu**5) * (61 + 90 * t2 + 45 * t2**2) * east**6
        )
        lon = (
            sec / nu * east
            - sec / (6 * nu**3) * (nu / rho + 2 * t2) * east**3
            + sec / (120 * nu**5) * (5 + 28 * t2 + 24 * t2**2) * east**5
            - sec / (5040 * nu**7) * (61 + 662 * t2 + 1320 * t2**2 + 720 * t2**3) * east**7
        )
        return math.degrees(lat), self.lon0 + math.degrees(lon)

    def distance_km(self, a: LatLon, b: LatLon) -> float:
        """Straight-line distance on the projected plane."""
        (ea, na), (eb, nb) = self.to_km(*a), self.to_km(*b)
        return math.hypot(eb - ea, nb - na)


# The National Grid's true origin, scale and false origin (OS guide, Annex A).
NATIONAL_GRID = Projection(49.0, -2.0, 0.9996012717, 400.0, -100.0)


def _offset_km(lat: float, lon: float, origin: LatLon, projection: Projection) -> LatLon:
    """(km east, km south) of the point from ``origin``, on the projection's grid."""
    e0, n0 = projection.to_km(*origin)
    e, n = projection.to_km(lat, lon)
    return e - e0, n0 - n


def to_square_grid(
    lat: float,
    lon: float,
    origin: LatLon,
    cell_km: float,
    projection: Projection = NATIONAL_GRID,
) -> tuple[int, int]:
    """0-based (col, row) of the square holding the point.

    ``origin`` is the north-west corner of square (0, 0); columns count east and rows
    count south along the projection's grid lines. Points west or north of the origin
    give negative indices: bounds are the ruleset's to check.
    """
    x, y = _offset_km(lat, lon, origin, projection)
    return math.floor(x / cell_km), math.floor(y / cell_km)


def column_letters(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (as spreadsheet columns)."""
    if index < 0:
        raise ValueError(f"column index {index} is west of column A")
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def column_index(letters: str) -> int:
    """The inverse of ``column_letters``: 'A' -> 0, 'AA' -> 26."""
    if not letters.isalpha() or not letters.isascii():
        raise ValueError(f"bad hex column {letters!r}")
    index = 0
    for ch in letters.upper():
        index = index * 26 + ord(ch) - ord("A") + 1
    return index - 1


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def to_hex_offset(
    lat: float,
    lon: float,
    origin: LatLon,
    hex_km: float,
    orientation: Orientation = "flat",
    offset: Offset = "odd",
    projection: Projection = NATIONAL_GRID,
) -> tuple[str, int]:
    """(column letters, row number) of the hex holding the point, e.g. ('C', 4).

    ``origin`` is the centre of hex A1, the north-west hex; ``hex_km`` is the distance
    between neighbouring hex centres (across the flats). Columns are lettered A, B, ...
    eastwards and rows numbered 1, 2, ... southwards. ``offset`` says which lines are
    shifted by half a hex, counting from 0 at column A / row 1: with 'odd' (the
    "odd-q"/"odd-r" layouts) columns B, D, F, ... sit half a hex lower than A, C, E
    (flat-topped), or rows 2, 4, 6, ... sit half a hex further east (pointy-topped);
    'even' shifts A, C, E / rows 1, 3, 5 instead. A point west of column A or north of
    row 1 raises ValueError.
    """
    x, y = _offset_km(lat, lon, origin, projection)
    size = hex_km / math.sqrt(3)  # centre to corner
    if orientation == "flat":
        q, r = _cube_round(2 / 3 * x / size, (-x / 3 + math.sqrt(3) / 3 * y) / size)
        shift = q & 1 if offset == "odd" else -(q & 1)
        col, row = q, r + (q - shift) // 2
    else:
        q, r = _cube_round((math.sqrt(3) / 3 * x - y / 3) / size, 2 / 3 * y / size)
        shift = r & 1 if offset == "odd" else -(r & 1)
        col, row = q + (r - shift) // 2, r
    if row < 0:
        raise ValueError(f"point ({lat}, {lon}) is north of hex row 1")
    return column_letters(col), row + 1


def hex_centre(
    column: str,
    row: int,
    origin: LatLon,
    hex_km: float,
    orientation: Orientation = "flat",
    offset: Offset = "odd",
    projection: Projection = NATIONAL_GRID,
) -> LatLon:
    """(lat, lon) of the centre of hex ``column``/``row``; the inverse of ``to_hex_offset``."""
    col, r0 = column_index(column), row - 1
    size = hex_km / math.sqrt(3)
    if orientation == "flat":
        shift = col & 1 if offset == "odd" else -(col & 1)
        q, r = col, r0 - (col - shift) // 2
        x, y = 1.5 * size * q, math.sqrt(3) * size * (q / 2 + r)
    else:
        shift = r0 & 1 if offset == "odd" else -(r0 & 1)
        q, r = col - (r0 - shift) // 2, r0
        x, y = math.sqrt(3) * size * (q + r / 2), 1.5 * size * r
    e0, n0 = projection.to_km(*origin)
    return projection.to_latlon(e0 + x, n0 - y)

"""Measure the projections against geodesic distances: ``python -m dowding.gazetteer.accuracy``.

Prints Markdown tables (the figures quoted in docs/gazetteer.md).
"""

from __future__ import annotations

import math

from .places import EARTH_RADIUS_KM, Gazetteer, great_circle_km, load_places
from .projection import GRS80, NATIONAL_GRID, LatLon, Projection

SE_ENGLAND = Projection.local(51.25, 0.5)  # an example local projection for a Kent map
EQUIRECT_LAT = 51.25

PAIRS = [
    ("London", "Dover"),
    ("Biggin Hill", "Manston"),
    ("Tangmere", "Biggin Hill"),
    ("Middle Wallop", "Manston"),
    ("Debden", "Tangmere"),
    ("North Weald", "Hawkinge"),
    ("Calais-Marck", "London"),
    ("Audembert", "Biggin Hill"),
    ("Amiens-Glisy", "Kenley"),
    ("Cherbourg-Maupertus", "Middle Wallop"),
    ("Tangmere", "Wick"),
    ("Aalborg", "Coltishall"),
]

# 8- and 10-figure OS grid references quoted in the rows' notes (metres).
GRID_REFS = {
    "Hornchurch": (553000, 184500),
    "Usworth": (434070, 558960),
    "Rye": (596848, 122990),
    "Swingate (Dover)": (633680, 143077),
    "Foreness Point": (638370, 171350),
}


def geodesic_km(a: LatLon, b: LatLon) -> float:
    """Vincenty's inverse formula on the GRS80/WGS84 ellipsoid (sub-millimetre)."""
    big_a, big_b = GRS80.a, GRS80.b
    f = 1 - big_b / big_a
    u1, u2 = (math.atan((1 - f) * math.tan(math.radians(lat))) for lat in (a[0], b[0]))
    ell = math.radians(b[1] - a[1])
    lam = ell
    for _ in range(200):
        sin_s = math.hypot(
            math.cos(u2) * math.sin(lam),
            math.cos(u1) * math.sin(u2) - math.sin(u1) * math.cos(u2) * math.cos(lam),
        )
        if sin_s == 0:
            return 0.0
        cos_s = math.sin(u1) * math.sin(u2) + math.cos(u1) * math.cos(u2) * math.cos(lam)
        sigma = math.atan2(sin_s, cos_s)
        sin_al = math.cos(u1) * math.cos(u2) * math.sin(lam) / sin_s
        cos2_al = 1 - sin_al**2
        c2m = cos_s - 2 * math.sin(u1) * math.sin(u2) / cos2_al if cos2_al else 0.0
        c = f / 16 * cos2_al * (4 + f * (4 - 3 * cos2_al))
        inner = sigma + c * sin_s * (c2m + c * cos_s * (-1 + 2 * c2m**2))
        prev, lam = lam, ell + (1 - c) * f * sin_al * inner
        if abs(lam - prev) < 1e-12:
            break
    u_sq = cos2_al * (big_a**2 - big_b**2) / big_b**2
    k_a = 1 + u_sq / 16384 * (4096 + u_sq * (-768 + u_sq * (320 - 175 * u_sq)))
    k_b = u_sq / 1024 * (256 + u_sq * (-128 + u_sq * (74 - 47 * u_sq)))
    tail = k_b / 6 * c2m * (-3 + 4 * sin_s**2) * (-3 + 4 * c2m**2)
    d_sigma = k_b * sin_s * (c2m + k_b / 4 * (cos_s * (-1 + 2 * c2m**2) - tail))
    return big_b * k_a * (sigma - d_sigma) / 1000


def equirectangular_km(a: LatLon, b: LatLon, lat0: float = EQUIRECT_LAT) -> float:
    """Plane distance after x = R·lon·cos(lat0), y = R·lat on the mean sphere."""
    dx = math.radians(b[1] - a[1]) * math.cos(math.radians(lat0))
    return EARTH_RADIUS_KM * math.hypot(dx, math.radians(b[0] - a[0]))


def _pct(value: float, ref: float) -> str:
    return f"{100 * (value - ref) / ref:+.3f}%"


def report(places: Gazetteer) -> str:
    lines = [
        "| pair | geodesic km | great circle | National Grid TM | local TM | equirect. |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for one, two in PAIRS:
        a, b = places[one].latlon, places[two].latlon
        ref = geodesic_km(a, b)
        cells = [
            great_circle_km(*a, *b),
            NATIONAL_GRID.distance_km(a, b),
            SE_ENGLAND.distance_km(a, b),
            equirectangular_km(a, b),
        ]
        shown = " | ".join(f"{v:.1f} ({_pct(v, ref)})" for v in cells)
        lines.append(f"| {one} – {two} | {ref:.1f} | {shown} |")
    lines += ["", "| place | OS grid ref (E, N) m | NATIONAL_GRID (E, N) m | offset m |"]
    lines.append("|---|---|---|---:|")
    for name, (e_ref, n_ref) in GRID_REFS.items():
        e, n = (1000 * v for v in NATIONAL_GRID.to_km(*places[name].latlon))
        off = math.hypot(e - e_ref, n - n_ref)
        lines.append(f"| {name} | {e_ref}, {n_ref} | {e:.0f}, {n:.0f} | {off:.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(load_places()))

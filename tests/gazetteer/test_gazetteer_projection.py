"""The projection and the square/hex grid helpers, checked against known geography."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dowding.gazetteer import (
    AIRY_1830,
    NATIONAL_GRID,
    Gazetteer,
    Offset,
    Orientation,
    Projection,
    column_index,
    column_letters,
    great_circle_km,
    hex_centre,
    load_places,
    to_hex_offset,
    to_square_grid,
)
from dowding.gazetteer.accuracy import PAIRS, geodesic_km, report

KENT = Projection.local(51.25, 0.5)


@pytest.fixture(scope="module")
def places() -> Gazetteer:
    return load_places()


def dms(d: int, m: int, s: float) -> float:
    return d + m / 60 + s / 3600


def test_ordnance_survey_worked_example() -> None:
    # OS "A Guide to Coordinate Systems in Great Britain", Annex C worked example (OSGB36).
    grid = Projection(49.0, -2.0, 0.9996012717, 400.0, -100.0, AIRY_1830)
    lat, lon = dms(52, 39, 27.2531), dms(1, 43, 4.5177)
    east, north = grid.to_km(lat, lon)
    assert east == pytest.approx(651.409903, abs=1e-6)
    assert north == pytest.approx(313.177270, abs=1e-6)
    back = grid.to_latlon(651.409903, 313.177270)
    assert back == pytest.approx((lat, lon), abs=1e-8)


@given(st.floats(49.0, 60.0), st.floats(-8.0, 4.0))
def test_round_trip_over_britain_and_the_channel(lat: float, lon: float) -> None:
    back = NATIONAL_GRID.to_latlon(*NATIONAL_GRID.to_km(lat, lon))
    assert back == pytest.approx((lat, lon), abs=1e-7)  # about 1 cm


def test_geodesic_reference_matches_vincentys_example() -> None:
    # Flinders Peak to Buninyong, Geoscience Australia's test for Vincenty's formula.
    a = (-dms(37, 57, 3.72030), dms(144, 25, 29.52440))
    b = (-dms(37, 39, 10.15610), dms(143, 55, 35.38390))
    assert geodesic_km(a, b) == pytest.approx(54.972271, abs=1e-6)


@pytest.mark.parametrize("proj", [NATIONAL_GRID, KENT], ids=["national_grid", "local"])
def test_relative_positions(places: Gazetteer, proj: Projection) -> None:
    def en(name: str) -> tuple[float, float]:
        return proj.to_km(*places[name].latlon)

    london, biggin, manston, tangmere = map(en, ["London", "Biggin Hill", "Manston", "Tangmere"])
    assert biggin[0] > london[0] and biggin[1] < london[1]  # south-east of London
    assert manston[0] > biggin[0] + 80  # well east
    assert tangmere[0] < biggin[0] - 50 and tangmere[1] < biggin[1]  # west (and south)
    assert en("Calais-Marck")[1] < en("Dover")[1] < london[1]


def test_london_dover_distance(places: Gazetteer) -> None:
    a, b = places["London"].latlon, places["Dover"].latlon
    planar, sphere = NATIONAL_GRID.distance_km(a, b), great_circle_km(*a, *b)
    assert 100 < sphere < 115
    assert planar == pytest.approx(sphere, rel=0.02)


@pytest.mark.parametrize(("one", "two"), PAIRS[:10])
def test_projection_distance_error_over_the_battle_area(
    places: Gazetteer, one: str, two: str
) -> None:
    a, b = places[one].latlon, places[two].latlon
    ref = geodesic_km(a, b)
    assert NATIONAL_GRID.distance_km(a, b) == pytest.approx(ref, rel=5e-4)
    assert KENT.distance_km(a, b) == pytest.approx(ref, rel=5e-4)
    assert great_circle_km(*a, *b) == pytest.approx(ref, rel=5e-3)


def test_accuracy_report_runs(places: Gazetteer) -> None:
    assert "London – Dover" in report(places)


def test_square_grid(places: Gazetteer) -> None:
    london = places["London"].latlon
    assert to_square_grid(*london, origin=london, cell_km=10) == (0, 0)
    col, row = to_square_grid(*places["Dover"].latlon, origin=london, cell_km=10)
    assert (col, row) == (10, 3)  # 102 km east, 39 km south on the grid
    col, row = to_square_grid(*places["Northolt"].latlon, origin=london, cell_km=10)
    assert col == -3 and row == -1  # west and north of the origin: negative


def test_column_letters() -> None:
    indices = (0, 1, 25, 26, 27, 701, 702)
    assert [column_letters(i) for i in indices] == ["A", "B", "Z", "AA", "AB", "ZZ", "AAA"]
    assert all(column_index(column_letters(i)) == i for i in range(2000))
    assert column_index("ab") == 27
    with pytest.raises(ValueError):
        column_letters(-1)
    with pytest.raises(ValueError):
        column_index("A1")


LAYOUTS: list[tuple[Orientation, Offset]] = [
    ("flat", "odd"),
    ("flat", "even"),
    ("pointy", "odd"),
    ("pointy", "even"),
]


@pytest.mark.parametrize(("orientation", "offset"), LAYOUTS)
def test_hex_centres_round_trip(
    places: Gazetteer, orientation: Orientation, offset: Offset
) -> None:
    origin = places["London"].latlon
    for col in range(12):
        for row in range(1, 12):
            letters = column_letters(col)
            centre = hex_centre(letters, row, origin, 16, orientation, offset)
            assert to_hex_offset(*centre, origin, 16, orientation, offset) == (letters, row)


def _plane(proj: Projection, a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    (ea, na), (eb, nb) = proj.to_km(*a), proj.to_km(*b)
    return eb - ea, nb - na  # km east, km north


@pytest.mark.parametrize(
    ("orientation", "offset", "neighbour", "east", "north"),
    [
        ("flat", "odd", ("B", 1), math.sqrt(3) / 2, -0.5),  # B is half a hex lower
        ("flat", "even", ("B", 1), math.sqrt(3) / 2, 0.5),
        ("flat", "odd", ("A", 2), 0.0, -1.0),
        ("pointy", "odd", ("A", 2), 0.5, -math.sqrt(3) / 2),  # row 2 is half a hex east
        ("pointy", "even", ("A", 2), -0.5, -math.sqrt(3) / 2),
        ("pointy", "odd", ("B", 1), 1.0, 0.0),
    ],
)
def test_hex_layout(
    places: Gazetteer,
    orientation: Orientation,
    offset: Offset,
    neighbour: tuple[str, int],
    east: float,
    north: float,
) -> None:
    origin, hex_km = places["Biggin Hill"].latlon, 10.0
    a1 = hex_centre("A", 1, origin, hex_km, orientation, offset)
    assert a1 == pytest.approx(origin, abs=1e-9)
    other = hex_centre(*neighbour, origin, hex_km, orientation, offset)
    assert _plane(NATIONAL_GRID, a1, other) == pytest.approx(
        (east * hex_km, north * hex_km), abs=1e-6
    )


@given(st.floats(0.0, 150.0), st.floats(0.0, 120.0), st.sampled_from(LAYOUTS))
def test_hex_holds_the_nearest_centre(
    x: float, y: float, layout: tuple[Orientation, Offset]
) -> None:
    orientation, offset = layout
    origin, hex_km = (51.6, -1.0), 12.0
    e0, n0 = NATIONAL_GRID.to_km(*origin)
    point = NATIONAL_GRID.to_latlon(e0 + x, n0 - y)
    try:
        col, row = to_hex_offset(*point, origin, hex_km, orientation, offset)
    except ValueError:  # in the half-hex margin west of column A / north of row 1
        assert min(x, y) < hex_km
        return
    centre = hex_centre(col, row, origin, hex_km, orientation, offset)
    assert math.hypot(*_plane(NATIONAL_GRID, centre, point)) <= hex_km / math.sqrt(3) + 1e-6


def test_points_off_the_hex_map_raise(places: Gazetteer) -> None:
    origin = places["Biggin Hill"].latlon
    with pytest.raises(ValueError, match="west of column A"):
        to_hex_offset(*places["Tangmere"].latlon, origin, 10)
    with pytest.raises(ValueError, match="north of hex row 1"):
        to_hex_offset(*places["North Weald"].latlon, origin, 10)
    # Dover is 90 km east and 20 km south of Biggin Hill: column K (index 10), row 3.
    assert to_hex_offset(*places["Dover"].latlon, origin, 10) == ("K", 3)

"""The packaged 1940 gazetteer: loading, schema checks and lookups."""

from __future__ import annotations

import csv
import io
from importlib import resources
from pathlib import Path

import pytest

from dowding.gazetteer import (
    COLUMNS,
    Gazetteer,
    Place,
    PlaceKind,
    UnknownPlaceError,
    load_places,
)

DATA = resources.files("dowding.gazetteer") / "places-1940.csv"


def packaged_rows() -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(DATA.read_text(encoding="utf-8"), newline="")))


@pytest.fixture(scope="module")
def places() -> Gazetteer:
    return load_places()


def write_csv(path: Path, rows: list[dict[str, str]], columns: tuple[str, ...] = COLUMNS) -> Path:
    with open(path, "w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_csv_ships_as_package_data() -> None:
    assert DATA.is_file()
    assert tuple(packaged_rows()[0]) == COLUMNS


def test_packaged_csv_loads_every_row(places: Gazetteer) -> None:
    assert len(places) == len(packaged_rows()) > 100
    assert {p.kind for p in places} == set(PlaceKind)


def test_packaged_csv_matches_the_facts_file() -> None:
    here = Path(__file__).resolve()
    candidates = [p / "shared/facts/places-1940.csv" for p in here.parents]
    facts = next((p for p in candidates if p.is_file()), None)
    if facts is None:
        pytest.skip("no shared/facts checkout here")
    assert facts.read_bytes() == DATA.read_bytes(), "refresh src/dowding/gazetteer/places-1940.csv"


def test_every_row_has_a_source_and_verified_follows_it(places: Gazetteer) -> None:
    for place in places:
        assert place.source.strip()
        assert place.verified == (not place.source.lower().startswith("unverified"))
    assert places["Biggin Hill"].verified
    assert not places["Croydon"].verified  # "unverified (coords); facts: ..."
    assert 0 < sum(not p.verified for p in places) < len(places)


def test_model_dump_keeps_every_column_and_adds_verified(places: Gazetteer) -> None:
    dumped = places["Kenley"].model_dump()
    assert set(dumped) == {*COLUMNS, "verified"}
    assert dumped["raf_group"] == 11 and dumped["sector"] == "Kenley"
    assert places["London"].raf_group is None and places["London"].sector is None


def test_name_lookup_ignores_case_and_spacing(places: Gazetteer) -> None:
    assert places.get("  biggin   HILL ").name == "Biggin Hill"
    assert "north weald" in places and "Atlantis" not in places


@pytest.mark.parametrize(
    ("query", "suggested"),
    [("Bigin Hil", "Biggin Hill"), ("Tangmer", "Tangmere"), ("Swingate", "Swingate (Dover)")],
)
def test_unknown_name_suggests_close_names(places: Gazetteer, query: str, suggested: str) -> None:
    with pytest.raises(UnknownPlaceError, match="did you mean") as info:
        places[query]
    assert repr(suggested) in str(info.value)
    assert isinstance(info.value, LookupError)


def test_by_kind_and_group(places: Gazetteer) -> None:
    sectors = places.by_kind("raf_sector_airfield")
    assert {"Biggin Hill", "Kenley", "Tangmere"} <= {p.name for p in sectors}
    assert all(p.kind is PlaceKind.RAF_SECTOR_AIRFIELD for p in sectors)
    eleven = places.by_group(11)
    assert {"Biggin Hill", "Manston", "Hawkinge"} <= {p.name for p in eleven}
    assert all(p.raf_group == 11 for p in eleven)
    with pytest.raises(ValueError, match="chain_home_low"):
        places.by_kind("radar")


def test_nearest(places: Gazetteer) -> None:
    manston = places["Manston"]
    assert places.nearest(manston.lat, manston.lon) is manston
    tangmere = places["Tangmere"]
    assert places.nearest(tangmere.lat, tangmere.lon, kind="chain_home").name == "Poling"
    assert places.nearest(50.96, 1.95, PlaceKind.LUFTWAFFE_AIRFIELD).name == "Calais-Marck"


def test_gazetteer_rejects_duplicate_names(places: Gazetteer) -> None:
    kenley = places["Kenley"]
    with pytest.raises(ValueError, match="duplicate"):
        Gazetteer([kenley, kenley.model_copy(update={"name": "KENLEY"})])


# Bad files a player might supply.


def test_missing_column(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "p.csv", packaged_rows()[:3], COLUMNS[:-1])
    with pytest.raises(ValueError, match=r"row 1 .*missing columns \['source'\]"):
        load_places(path)


def test_unknown_column(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "p.csv", packaged_rows()[:3], (*COLUMNS, "colour"))
    with pytest.raises(ValueError, match=r"unknown columns \['colour'\]"):
        load_places(path)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("lat", "95.3", "less than or equal to 90"),
        ("lat", "fifty-one", "valid number"),
        ("lon", "", "valid number"),
        ("kind", "zeppelin_shed", "raf_sector_airfield"),
        ("raf_group", "111", "less than or equal to 14"),
        ("source", " ", "at least 1 character"),
        ("name", "", "at least 1 character"),
    ],
)
def test_bad_value_names_row_and_field(
    tmp_path: Path, field: str, value: str, message: str
) -> None:
    rows = packaged_rows()[:4]
    rows[2] = {**rows[2], field: value}  # the third data row is row 4 of the file
    with pytest.raises(ValueError, match=r"row 4 ") as info:
        load_places(write_csv(tmp_path / "p.csv", rows))
    text = str(info.value)
    assert str(tmp_path / "p.csv") in text
    assert f"field {field!r}" in text and message in text


def test_short_row(tmp_path: Path) -> None:
    path = tmp_path / "p.csv"
    path.write_text(",".join(COLUMNS) + "\nKenley,raf_sector_airfield,51.3\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"row 2 \('Kenley'\): expected 9 fields"):
        load_places(path)


def test_duplicate_row(tmp_path: Path) -> None:
    rows = packaged_rows()[:2]
    rows.append({**rows[0], "name": rows[0]["name"].upper()})
    with pytest.raises(ValueError, match=r"row 4 .*duplicate of row 2"):
        load_places(write_csv(tmp_path / "p.csv", rows))


def test_player_file_with_bom_and_blank_optionals(tmp_path: Path) -> None:
    row = {c: "" for c in COLUMNS} | {
        "name": "Home",
        "kind": "city",
        "lat": "51.0",
        "lon": "-1.0",
        "country": "United Kingdom",
        "source": "unverified",
    }
    path = write_csv(tmp_path / "p.csv", [row])
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    (home,) = load_places(path)
    assert home == Place(
        name="Home",
        kind=PlaceKind.CITY,
        lat=51,
        lon=-1,
        country="United Kingdom",
        source="unverified",
    )
    assert home.raf_group is None and home.sector is None and not home.verified

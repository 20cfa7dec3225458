"""The bob plotting table and mission cards: data drawn from the gazetteer, and the lookups."""

from __future__ import annotations

import json
import math
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from dowding.gazetteer import NATIONAL_GRID, load_places
from dowding.rulesets.bob.board import (
    BOX,
    BRITISH,
    CONTINENTAL,
    LW_FLIGHTS,
    MAX_REACH,
    RAF_FLIGHTS,
    Board,
    BoardError,
    draw_board_data,
    load_board,
    parse_space_id,
    reach_tier,
    space_id,
)

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "bob-board.md"
SHIPPED = ROOT / "src" / "dowding" / "rulesets" / "bob" / "data"


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def reach_rows(board: Board) -> list[str]:
    """The reachability table of docs/rules/bob-board.md, one Markdown row per mission."""
    rows = []
    for m in board.missions:
        space = board.space_of(m.target)
        d = {f: board.distance(board.lw_airfield(f), space) for f in LW_FLIGHTS}
        best = min(d.values())
        who = ", ".join(f for f in LW_FLIGHTS if d[f] == best)
        cells = " | ".join(str(d[f]) for f in LW_FLIGHTS)
        rows.append(
            f"| {m.id} | {m.target} | {m.kind} | {space} | {cells} | {best} ({who}) |"
            f" {reach_tier(best)} |"
        )
    return rows


# -- features come from the gazetteer ----------------------------------------------------


def test_every_feature_is_a_gazetteer_place_in_the_space_its_position_gives(board: Board) -> None:
    places = load_places()
    g = board.grid
    for name, feature in board.features.items():
        place = places[name]  # raises if the name is not in the gazetteer
        assert feature.place_kind == place.kind.value
        if feature.space == BOX:
            assert place.country == "Norway"
            continue
        east, north = NATIONAL_GRID.to_km(place.lat, place.lon)
        col = math.floor((east - g.west_km) / g.cell_km)
        row = math.floor((g.north_km - north) / g.cell_km)
        assert feature.space == space_id(col, row), name
        assert name in board.spaces[feature.space].features


def test_shipped_board_is_what_the_drawing_makes() -> None:
    shipped = json.loads((SHIPPED / "board.json").read_text("utf-8"))
    assert shipped == draw_board_data()


def test_london_and_port_of_london_share_a_space(board: Board) -> None:
    london = [f for f in board.features.values() if f.kind == "london"]
    port = [f for f in board.features.values() if f.kind == "port_of_london"]
    assert len(london) == len(port) == 1
    assert london[0].space == port[0].space
    others = [f.production or 0 for f in board.features.values() if f.kind != "london"]
    assert (london[0].production or 0) > max(others), "London has the largest production"


def test_10_group_c_is_roborough(board: Board) -> None:
    assert board.features["Roborough"].flight == "10C"
    assert board.raf_airfield("10C") == board.space_of("Roborough")


def test_flight_airfields_are_on_land_in_their_own_area_and_apart(board: Board) -> None:
    places = load_places()
    seen: dict[str, str] = {}
    for flight in RAF_FLIGHTS:
        space = board.spaces[board.raf_airfield(flight)]
        assert space.terrain != "sea" and space.country in BRITISH, flight
        assert board.group_of(space.id) == int(flight[:2]), flight
        assert space.id not in seen, f"{flight} shares {space.id} with {seen.get(space.id)}"
        seen[space.id] = flight
    for name, f in board.features.items():
        if f.kind == "raf_airfield":
            assert places[name].kind.value == "raf_sector_airfield" or name == "Roborough"
    for flight in LW_FLIGHTS:
        space = board.spaces[board.lw_airfield(flight)]
        assert space.terrain != "sea", flight
        assert space.luftflotte == int(flight[0]), flight
        assert space.id not in seen
        seen[space.id] = flight
    assert board.lw_airfield("5A") == BOX


def test_areas_and_coasts(board: Board) -> None:
    for s in board.spaces.values():
        if s.box:
            assert s.norwegian_coast and s.luftflotte == 5 and s.raf_group is None
            continue
        assert not s.norwegian_coast
        assert s.french_coast == (s.country in CONTINENTAL)
        assert (s.raf_group is not None) == (s.country in BRITISH)
        assert (s.luftflotte is not None) == (s.country in CONTINENTAL)
        assert (s.terrain == "sea") == (s.country == "sea")
    # about the Seine: Luftflotte 2 north and east of it, Luftflotte 3 west and south
    assert board.spaces[board.lw_airfield("2C")].luftflotte == 2  # Amiens
    assert board.spaces[board.lw_airfield("3B")].luftflotte == 3  # Caen
    assert board.group_of(board.space_of("London")) == 11
    assert board.group_of(board.space_of("Birmingham")) == 12
    assert board.group_of(board.space_of("Plymouth")) == 10
    assert board.group_of(board.space_of("Glasgow")) == 13


def test_half_spaces_are_the_edge_ring(board: Board) -> None:
    g = board.grid
    for s in board.spaces.values():
        if not s.box:
            edge = s.col in (0, g.columns - 1) or s.row in (0, g.rows - 1)
            assert s.half == edge, s.id
    assert len(board.spaces) == g.columns * g.rows + 1


# -- the radar line -------------------------------------------------------------------------


def _radar_spaces(board: Board, without: Iterable[str] = ()) -> set[str]:
    off = set(without)
    return {c for st, cells in board.radar_stations.items() if st not in off for c in cells}


def _unseen_reach(board: Board, radar: set[str]) -> set[str]:
    """Spaces a Luftwaffe flight can reach from its bases without entering a radar space."""
    starts = [board.lw_airfield(f) for f in LW_FLIGHTS]
    seen, todo = set(starts), deque(starts)
    while todo:
        for n in board.neighbours(todo.popleft()):
            if n not in seen and n not in radar:
                seen.add(n)
                todo.append(n)
    return seen


def test_radar_line_runs_from_cornwall_to_scotland_without_a_gap(board: Board) -> None:
    radar = _radar_spaces(board)
    for station, cells in board.radar_stations.items():
        assert cells and board.features[station].kind == "radar"
        for cell in cells:
            assert board.spaces[cell].terrain != "land", cell
            assert station in board.radar_covering(cell)
    # one edge-connected band: a king move cannot slip diagonally through it
    first = min(radar)
    seen, todo = {first}, deque([first])
    while todo:
        c, r = parse_space_id(todo.popleft())
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if c + dc < 0 or r + dr < 0:
                continue
            n = space_id(c + dc, r + dr)
            if n in radar and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == radar
    # from the west edge off Land's End to the top edge at Dunnet Head
    ends = {board.spaces[c].col for c in radar}, {board.spaces[c].row for c in radar}
    assert 0 in ends[0] and 0 in ends[1]
    assert any(board.spaces[c].country == "scotland" for c in radar)
    assert board.is_radar_space(board.space_of("Branscombe")) or any(
        board.spaces[c].col <= 1 for c in board.radar_stations["Branscombe"]
    )
    # no way round it: every raid from France or Norway crosses the line before Britain
    leaks = [s for s in _unseen_reach(board, radar) if board.spaces[s].country in BRITISH]
    assert not leaks


@pytest.mark.parametrize("station", ["Rye", "Swingate (Dover)", "Ventnor", "Bawdsey"])
def test_a_knocked_out_station_opens_a_gap(board: Board, station: str) -> None:
    radar = _radar_spaces(board, without=[station])
    leaks = [s for s in _unseen_reach(board, radar) if board.spaces[s].country in BRITISH]
    assert leaks


# -- missions -------------------------------------------------------------------------------


def test_fifty_missions_13_14_14_9_each_in_its_targets_group(board: Board) -> None:
    assert len(board.missions) == 50
    per_group = {g: sum(m.group == g for m in board.missions) for g in (10, 11, 12, 13)}
    assert per_group == {10: 13, 11: 14, 12: 14, 13: 9}
    targets = [m.target for m in board.missions]
    assert len(set(targets)) == 50
    assert len({m.id for m in board.missions}) == 50
    for m in board.missions:
        feature = board.features[m.target]
        assert board.group_of(feature.space) == m.group, m.id
        assert m.hits == (1 if m.kind in ("airfield", "radar") else 3)
        assert m.production == feature.production
    airfields = {m.target for m in board.missions if m.kind == "airfield"}
    assert airfields == {n for n, f in board.features.items() if f.kind == "raf_airfield"}
    assert sorted(m.kind for m in board.missions if m.kind in ("london", "port_of_london")) == [
        "london",
        "port_of_london",
    ]


def test_every_target_is_in_reach_of_some_luftflotte(board: Board) -> None:
    table = board.reachability()
    for target, row in table.items():
        assert min(row.values()) <= MAX_REACH, target
    # the shape the board was drawn for (docs/rules/bob-board.md)
    assert table["London"]["2A"] == 6
    assert max(min(table[t][f] for f in ("2A", "2B", "2C")) for t in _targets(board, 11)) <= 9
    assert max(min(table[t][f] for f in ("3A", "3B", "3C")) for t in _targets(board, 10)) <= 9
    for city in ("Birmingham", "Coventry", "Derby", "Sheffield", "Manchester", "Leeds"):
        assert min(table[city].values()) >= 10, city
    for t in _targets(board, 13):
        assert reach_tier(table[t]["5A"]) == "long" and table[t]["5A"] == min(table[t].values())
    assert table["London"]["5A"] > MAX_REACH


def _targets(board: Board, group: int) -> list[str]:
    return [m.target for m in board.missions if m.group == group]


def test_docs_reachability_table_matches_the_board(board: Board) -> None:
    text = DOC.read_text("utf-8")
    missing = [row for row in reach_rows(board) if row not in text]
    assert not missing, "docs/rules/bob-board.md is stale:\n" + "\n".join(missing)


# -- lookups --------------------------------------------------------------------------------


def test_neighbours_are_symmetric_and_one_move_away(board: Board) -> None:
    for a in board.spaces:
        ns = board.neighbours(a)
        assert isinstance(ns, tuple) and len(set(ns)) == len(ns)
        for b in ns:
            assert a in board.neighbours(b), (a, b)
            assert board.distance(a, b) == 1
    assert len(board.neighbours("M20")) == 8
    assert set(board.neighbours("A1")) == {"B1", "A2", "B2"}
    assert set(board.neighbours(BOX)) == set(board.box_links)


def test_distance_and_spaces_within_agree(board: Board) -> None:
    for start in ("A1", "M20", "Y47", board.lw_airfield("2A"), "Y18", BOX):
        for n in (0, 1, 3, 5):
            within = board.spaces_within(start, n)
            assert set(within) == {s for s in board.spaces if board.distance(start, s) <= n}
            assert start in within
    assert board.distance("A1", "C2") == 2  # king moves: a diagonal is one move
    assert board.distance(BOX, "L1") == 1 and board.distance(BOX, "Y18") == 1
    assert board.distance(BOX, "Y19") == 2 and board.distance("K1", BOX) == 2
    assert board.distance("L1", "Y18") == 17  # the box is a dead end, never a short cut


def test_radar_and_airfield_lookups(board: Board) -> None:
    rye = board.space_of("Rye")
    assert board.is_radar_space(rye) and "Rye" in board.radar_covering(rye)
    assert not board.is_radar_space(board.space_of("London"))
    assert board.radar_covering(board.space_of("London")) == ()
    assert board.raf_airfield("11B") == board.space_of("Biggin Hill")
    assert board.lw_airfield("2A") == board.space_of("Calais-Marck")
    assert set(board.targets) == {n for n, f in board.features.items() if f.kind != "lw_airfield"}
    assert load_board() is load_board()


def test_render_ascii_shows_the_grid_and_every_feature(board: Board) -> None:
    text = board.render_ascii()
    lines = text.splitlines()
    assert lines[0].split()[:3] == ["A", "B", "C"]
    assert lines[board.grid.rows].startswith(f"{board.grid.rows:>3} ")
    for name, f in board.features.items():
        assert f"{f.space:>4}" in text and name in text


# -- a player's own files -------------------------------------------------------------------


def _load_with(tmp_path: Path, **files: Any) -> Board:
    for name, content in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return load_board(str(tmp_path))


def test_override_files_are_merged_and_checked(tmp_path: Path) -> None:
    board = _load_with(tmp_path, board={"cities": {"Leeds": 3}}, missions=_missions_with(Leeds=3))
    assert board.features["Leeds"].production == 3


def _card(**changes: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "id": "M11-01",
        "group": 11,
        "kind": "london",
        "target": "London",
        "hits": 3,
        "production": 4,
    }
    return card | changes


def _missions_with(**production: int) -> dict[str, Any]:
    deck = json.loads((SHIPPED / "missions.json").read_text("utf-8"))
    for card in deck["missions"]:
        if card["target"] in production:
            card["production"] = production[card["target"]]
    return dict(deck)


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        (
            {"board": {"raf_airfields": {"11B": "Bigin Hill"}}},
            ["board.json: raf_airfields.11B", "'Biggin Hill'"],
        ),
        (
            {"board": {"cities": {"Atlantis": 2}}},
            ["board.json: cities.Atlantis", "no place called 'Atlantis'"],
        ),
        ({"board": {"grid": {"cell_km": -5}}}, ["board.json: grid.cell_km", "greater than 0"]),
        ({"board": {"terrain": ["..."]}}, ["board.json: terrain", "has 1 rows"]),
        ({"board": {"radar": {"Rye": ["ZZ99"]}}}, ["board.json: radar.Rye.0", "off the grid"]),
        ({"board": {"radar": {"Rye": ["M20"]}}}, ["radar.Rye.0", "not a British sea or coast"]),
        (
            {"board": {"port_of_london": {"place": "Chatham", "production": 3}}},
            ["port_of_london.place", "must share London's space"],
        ),
        ({"board": "[1, 2"}, ["board.json is not valid JSON"]),
        ({"board": "[1, 2]"}, ["board.json: must hold a JSON object"]),
        (
            {"missions": {"missions": [{"id": "x"}]}},
            ["missions.json: missions.0.group", "Field required"],
        ),
        (
            {"missions": {"missions": [_card(group=10)]}},
            ["missions.json: missions.0.group", "11 Group's area"],
        ),
        (
            {"missions": {"missions": [_card(target="Londn")]}},
            ["missions.0.target", "'Londn' is not a target"],
        ),
        (
            {"missions": {"missions": [_card(production=2)]}},
            ["missions.0.production", "production 4 on the board"],
        ),
        (
            {"missions": {"missions": [_card(kind="city")]}},
            ["missions.0.kind", "London is a london, not city"],
        ),
        (
            {"missions": {"missions": [_card(hits=1)]}},
            ["missions.0", "needs 3 hits"],
        ),
    ],
)
def test_bad_override_files_say_where(
    tmp_path: Path, files: dict[str, Any], expected: list[str]
) -> None:
    with pytest.raises(BoardError) as err:
        _load_with(tmp_path, **files)
    message = str(err.value)
    for part in expected:
        assert part in message, message
    if "JSON" not in expected[0]:
        assert str(tmp_path) in message, message


def test_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match="no such folder"):
        load_board(str(tmp_path / "nowhere"))

"""The board drawn from the gazetteer meets every constraint the rulebook gives."""

from __future__ import annotations

import pytest

from dowding.gazetteer import load_places
from dowding.rulesets.squadron303.board import Board
from dowding.rulesets.squadron303.components import load_components

NAMED = (
    "Northolt",
    "London",
    "Biggin Hill",
    "Rochester",
    "Canterbury",
    "Tonbridge",
    "Dover",
    "Newchurch",
    "Pevensey",
    "Poling",
    "Portsmouth",
)


@pytest.fixture(scope="module")
def board() -> Board:
    return Board(load_components().map)


def test_every_named_area_is_on_the_board(board: Board) -> None:
    # "Components": the board's named locations.
    assert set(NAMED) <= {a.name for a in board.areas.values()}


def test_starting_area_distances(board: Board) -> None:
    # "Starting Area": Northolt to London 1 card, to Biggin Hill 2, to Tonbridge 3.
    assert board.distance("northolt", "london") == 1
    assert board.distance("northolt", "biggin-hill") == 2
    assert board.distance("northolt", "tonbridge") == 3


def test_area_and_sector_examples(board: Board) -> None:
    # "Areas vs Sectors": A7 in Sector A (red), Pevensey in Sector D (blue), Sector C yellow.
    assert board.sector("A7") == "A"
    assert board.sector("pevensey") == "D"
    assert board.map.sectors["A"].colour == "red"
    assert board.map.sectors["D"].colour == "blue"
    assert board.map.sectors["C"].colour == "yellow"
    # Area codes of the text: A4, B3, C4 (coding), A5, A7, B1 (examples).
    assert {"A4", "B3", "C4", "A5", "A7", "B1"} <= set(board.areas)
    assert set(board.map.sectors) == {"A", "B", "C", "D", "E"}


def test_shoot_down_example_route(board: Board) -> None:
    # "Pilots shot down" example: the squadron flies A7 -> A5 on its route, and the He 111
    # already in A5 flies on to Biggin Hill: A7-A5 and A5-Biggin Hill are adjacent.
    assert board.adjacent("A7", "A5")
    assert board.adjacent("A5", "biggin-hill")


def test_disengage_example_reach(board: Board) -> None:
    # "Disengage" example: after paying, 3 Movement points reach B1 or Biggin Hill; the shipped
    # map puts that fight at Rochester.
    assert board.distance("rochester", "B1") <= 3
    assert board.distance("rochester", "biggin-hill") <= 3


def test_radar_coverage(board: Board) -> None:
    # "Campaign": damaged Poling hides Sector C; Canterbury B; Newchurch D and E; Pevensey D and E.
    assert board.radar_sectors(["poling"]) == {"C"}
    assert board.radar_sectors(["canterbury"]) == {"B"}
    assert board.radar_sectors(["newchurch"]) == {"D", "E"}
    assert board.radar_sectors(["pevensey"]) == {"D", "E"}
    assert set(board.with_symbol("radar")) == {"poling", "canterbury", "newchurch", "pevensey"}


def test_symbols(board: Board) -> None:
    # "Landing": Biggin Hill and Northolt are the airfields; London the city; the ports and
    # factories are the design of docs/rules/squadron303.md.
    assert set(board.with_symbol("airfield")) == {"northolt", "biggin-hill"}
    assert board.with_symbol("city") == ("london",)
    assert set(board.with_symbol("port")) == {"dover", "portsmouth"}
    assert set(board.with_symbol("factory")) == {"rochester", "tonbridge"}


def test_recon_example_raid_from_sector_c_reaches_tonbridge(board: Board) -> None:
    # "Hidden Squadrons" example: a raid deployed in Sector C attacks Tonbridge.
    assert any(board.sector(a) == "C" for a in board.areas if board.distance(a, "tonbridge") <= 4)


def test_the_graph_is_connected_and_geographic(board: Board) -> None:
    assert len(board.distances("northolt")) == len(board.areas)
    for a in board.areas:
        for b in board.neighbours[a]:
            assert board.km(a, b) <= 48, (a, b)  # neighbours lie within two Areas' width


def test_named_areas_stand_on_their_gazetteer_places(board: Board) -> None:
    places = load_places()
    for area in board.areas.values():
        if area.place is not None:
            assert board.latlon(area.id) == places[area.place].latlon
    # Every named Area but Tonbridge (a town the gazetteer lacks) is a gazetteer place.
    unplaced = {a.name for a in board.areas.values() if a.name in NAMED and a.place is None}
    assert unplaced == {"Tonbridge"}


def test_step_toward_breaks_ties_by_area_id(board: Board) -> None:
    assert board.step_toward("A7", "biggin-hill") == "A5"
    # Northolt reaches Biggin Hill through London or C2: the lower id, C2, wins (digest M16).
    assert board.step_toward("northolt", "biggin-hill") == "C2"

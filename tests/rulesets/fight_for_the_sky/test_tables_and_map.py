"""Every worked result the booklet prints comes out of the reconstructed tables; the map keeps
every hex the text fixes and makes every move of the example legal."""

from __future__ import annotations

import itertools

import pytest

from dowding.engine import get_game
from dowding.rulesets.fight_for_the_sky.board import load_board, west_of
from dowding.rulesets.fight_for_the_sky.components import load_components
from dowding.rulesets.fight_for_the_sky.tables import (
    aa_result,
    attack_line,
    attack_result,
    bombing_result,
)

COMP = load_components()
BOARD = load_board()


@pytest.mark.parametrize(
    ("column", "strength", "die", "down"),
    [
        ("hurricane", 10, 2, 1),
        ("hurricane", 9, 4, 1),
        ("hurricane", 10, 4, 1),
        ("hurricane", 8, 5, 1),
        ("me109", 8, 3, 0),
        ("me109", 6, 3, 0),
        ("me109", 12, 6, 2),
        ("spitfire", 7, 6, 2),
        ("bomber", 16, 2, 0),
        ("bomber", 11, 5, 1),
    ],
)
def test_attack_table_worked_results(column: str, strength: int, die: int, down: int) -> None:
    assert attack_result(COMP, column, strength, die) == down


def test_attack_table_lines_the_text_names() -> None:
    lines = COMP.attack_table.lines
    assert 10 in lines["hurricane"]  # "look down the Hurricane column until you come to 10"
    assert attack_line(COMP, "me109", 8) == lines["me109"].index(6)  # "use the lower number of 6"
    assert attack_line(COMP, "spitfire", 5) == lines["spitfire"].index(4)
    assert attack_line(COMP, "bomber", 16) == lines["bomber"].index(15)
    # line 15 of the bombers: a 3, 4, 5 or 6 to shoot anything down
    assert [attack_result(COMP, "bomber", 16, d) > 0 for d in range(1, 7)] == [
        False,
        False,
        True,
        True,
        True,
        True,
    ]
    assert 1 in [attack_result(COMP, "spitfire", 10, d) for d in range(1, 7)]
    assert 0 in [attack_result(COMP, "bomber", 11, d) for d in range(1, 7)]  # "miss!"


def test_aa_and_bombing_worked_results() -> None:
    assert aa_result(COMP, 11, 1, 4) == (1, 1)  # Rye
    assert bombing_result(COMP, 9, 5) == 1
    printed = {1: (0, 0, 0, 0, 1, 1, 1), 4: (0, 0, 0, 1, 1, 1, 2), 8: (0, 0, 1, 1, 1, 2, 2)}
    for strength, row in printed.items():
        for top in range(strength, strength + 3):
            assert tuple(bombing_result(COMP, top, c) for c in range(1, 8)) == row


def test_bombing_strengths_above_the_printed_rows_read_the_8_to_15_row() -> None:
    # How to Bomb, Step (5), with Notes on Attack's "nearest lower number": the booklet prints
    # rows up to 8-15 and we supply none above it
    assert [tuple(band) for band in COMP.bombing_table.bands] == [(1, 3), (4, 7), (8, 15)]
    top = (0, 0, 1, 1, 1, 2, 2)
    for strength in (16, 23, 24, 40):
        assert tuple(bombing_result(COMP, strength, c) for c in range(1, 8)) == top
    assert bombing_result(COMP, 0, 6) == 0


def test_text_fixed_hexes() -> None:
    hexes = BOARD.target_hex
    assert hexes["biggin-hill"] == "E5" and hexes["manston"] == "P5" and hexes["dover"] == "P7"
    assert BOARD.urban_aa["P7"] == 3 and BOARD.targets["rye"].aa == 1
    assert BOARD.targets["rye"].boxes == 3
    assert BOARD.bases["tangmere"].hex == "A9" and BOARD.bases["martlesham"].hex == "J1"
    assert BOARD.assembly == ("U6", "S9", "Q10", "Q12")
    assert min(BOARD.coords[h][1] for h in BOARD.assembly) == BOARD.coords["U6"][1]


def test_example_moves_are_between_neighbours() -> None:
    for path in (
        ["K3", "K4", "K5", "K6", "L7"],
        ["H5", "I5", "J6", "K6", "L7", "L8"],
        ["U6", "T6"],
        ["S7", "R7", "Q6"],
        ["S9", "R9", "Q8", "P8", "O7"],
        ["Q10", "P10", "O9", "N10", "M10"],
        ["Q12", "P12", "P11", "P10", "O9"],
    ):
        for a, b in itertools.pairwise(path):
            assert b in BOARD.neighbours[a], (a, b)
    assert BOARD.distance("E5", "J8") == 5 and BOARD.distance("E5", "K8") == 6
    assert BOARD.distance(BOARD.target_hex["rochford"], "K3") == 1
    assert BOARD.distance(BOARD.target_hex["hornchurch"], "L8") <= 6
    assert BOARD.distance("M10", "K9") <= 3


def test_coast_as_the_example_needs() -> None:
    assert BOARD.terrain["O7"] == "coast"
    for h in ("S9", "R9", "Q8", "P8", "P10", "O9", "N10", "M10", "Q6", "R7"):
        assert not BOARD.england(h), h
    assert BOARD.terrain["K9"] == "coast" and BOARD.terrain["P7"] == "coast"


def test_the_campaign_destroys_a_radar_station_only_when_its_boxes_are_full() -> None:
    # Targets (ours but Rye's): the Basic Game's radar targets keep 3 boxes, so its game is as
    # it was; Poling has 4, and Pevensey and Canewdon 3 with AA 2, tuned for the Campaign's
    # and the Intermediate Game's balance (docs/rules/fight-for-the-sky.md, "A refit that would
    # end the Campaign, and the radar stations' boxes" and "The Intermediate Game's own
    # airfields and radar stations"). The Campaign Game: "a target is considered destroyed when
    # all its boxes have hit marks on them"
    radar = {t: BOARD.targets[t].boxes for t in BOARD.targets if BOARD.targets[t].kind == "radar"}
    assert radar == {"dover": 3, "rye": 3, "dunkirk": 3, "pevensey": 3, "canewdon": 3, "poling": 4}
    start = get_game("fight-for-the-sky").new_state("campaign", {})
    where = start.target_ids.index("poling")
    points = []
    for hits in (3, 4):
        s = start.copy()
        s.damage = tuple(hits if i == where else 0 for i in range(len(s.damage)))
        points.append(s.scores()["luftwaffe"])
    assert points == [0.0, float(BOARD.targets["poling"].vp)]


def test_the_intermediate_games_cheapest_scoring_targets_carry_the_tuned_aa() -> None:
    # Ours (only Dover's AA 3 and Rye's 1 are printed): the targets the Intermediate Game's raids
    # scored on most (a hit each on a radar station or a base west of row L), raised so that
    # equal search players split its days (docs/rules/fight-for-the-sky.md, "The Intermediate
    # Game's own airfields and radar stations"); the Basic Game's six keep theirs
    aa = {t: BOARD.targets[t].aa for t in BOARD.targets}
    tuned = ("west-malling", "detling", "gravesend", "rochford", "canewdon", "pevensey")
    assert [aa[t] for t in tuned] == [3, 3, 3, 3, 2, 2]
    assert {t: aa[t] for t in ("dover", "rye", "dunkirk", "manston", "hawkinge", "lympne")} == {
        "dover": 3,
        "rye": 1,
        "dunkirk": 1,
        "manston": 1,
        "hawkinge": 2,
        "lympne": 1,
    }
    for t in tuned:  # each of them scores in the Intermediate Game
        goal = BOARD.target_hex[t]
        assert BOARD.targets[t].kind == "radar" or west_of(BOARD, goal, BOARD.data.vp_west_of), t

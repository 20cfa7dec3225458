"""The sections of Mike Crane's rules that test_rules.py does not pin down on their own: the
equipment and forces (II, III), the factory's place (V.A), the altitude bands (V.D), the
values (VI.E.1-2), a damaged fighter's move (VI.D.1.c), flying on after firing (VI.D.3.a),
flak (VII.A) and a damaged bomber's bombing dice (VII.C). Traced in docs/rules/crane.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from dowding.engine import Chance, Decision
from dowding.rulesets.crane import GAME

from .position import decide, plane, position, roll

FAR_BOMBER = {"B1-1": (24.0, 20.0, 0.0)}


# --- II.A, III: the table, the models, the sections ----------------------------------------
@pytest.mark.parametrize(
    ("scenario", "german"),
    [
        ("eight-heinkels", {"me109": 8, "he111": 8}),
        ("heinkels-and-stukas", {"me109": 8, "he111": 6, "ju87": 4}),
    ],
)
def test_the_forces_and_their_sections(scenario: str, german: dict[str, int]) -> None:
    state = GAME.new_state(scenario)
    raf = Counter(p.type for p in state.planes if p.side == "raf")
    assert raf == {"spitfire": 6, "hurricane": 6}  # II.A.1
    assert Counter(p.type for p in state.planes if p.side == "luftwaffe") == german  # II.A.2
    sections = Counter(p.section for p in state.planes)
    assert all(sections[v] == 3 for v in ("V1", "V2", "V3", "V4"))  # III: vics of three
    assert sections["S1"] == sections["S2"] == 4  # III: two schwarms of four
    assert {sections["B1"], sections["B2"]} <= {4, 6}  # III: groups of four (or six)
    # III: the British wait to enter; the Germans are placed before the game begins
    assert all(p.status == "waiting" for p in state.planes)
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "luftwaffe" and "S1" in node.prompt


# --- V.A: the factory, II: a rectangle 7" wide and 4" deep ---------------------------------
@pytest.mark.parametrize(
    ("table", "factory"),
    [("6x4", (20.5, 68.0, 27.5, 72.0)), ("pingpong", (26.5, 104.0, 33.5, 108.0))],
)
def test_the_factory_is_centred_on_the_far_edge(
    table: str, factory: tuple[float, float, float, float]
) -> None:
    state = GAME.new_state("eight-heinkels", {"table": table})
    assert state.factory == factory


# --- V.D: the altitude roll -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "altitude"),
    [(1, "below"), (2, "below"), (3, "level"), (4, "level"), (5, "above"), (6, "above")],
)
def test_altitude_roll_bands(face: int, altitude: str) -> None:
    state = GAME.new_state("eight-heinkels")
    for spot in ("place x=12 y=12", "place x=36 y=12", "place x=20 y=9", "place x=28 y=9"):
        state.apply(spot)
    node = state.next()
    assert isinstance(node, Chance) and "S1" in node.label
    roll(state, face)
    assert {p.altitude for p in state.planes if p.section == "S1"} == {altitude}


# --- VI.E.1-2: offensive and defensive values -----------------------------------------------
def test_offensive_and_defensive_values() -> None:
    aircraft = GAME.new_state("heinkels-and-stukas").comp.aircraft
    values = {name: (kind.offense, kind.defense) for name, kind in aircraft.items()}
    assert values == {
        "spitfire": (3, 2),
        "hurricane": (3, 2),
        "me109": (3, 2),
        "he111": (1, 3),
        "ju87": (1, 1),
    }


# --- VI.D.1.c: a damage point costs a fighter 2" --------------------------------------------
def test_a_damaged_fighter_flies_two_inches_less() -> None:
    state = position({"V1-1": (10, 30, 0), **FAR_BOMBER}, [], damage={"V1-1": 1})
    assert state.allowance(plane(state, "V1-1")) == 12


# --- VI.D.3.a: a fighter that stops to fire flies on to the washer ----------------------------
def test_a_fighter_flies_on_after_firing() -> None:
    state = position({"V1-1": (21, 26, 0), "B1-1": (24, 34, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    decide(state, "fire target=B1-1 at=8")
    assert round(plane(state, "V1-1").y, 6) == 34.0  # stopped to fire
    roll(state, 1, 6)  # a miss; no gunner covers the beam
    p = plane(state, "V1-1")
    assert (round(p.x, 6), round(p.y, 6)) == (21.0, 40.0)  # the whole 14"


# --- VII.A: AA fire ---------------------------------------------------------------------------
def test_flak_is_one_against_the_bombers_defence_and_the_run_goes_on() -> None:
    state = position({"B1-1": (24, 47, 0), "B1-2": (10, 20, 0)}, [("select", "bombers")])
    decide(state, "select plane=B1-1")
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Chance) and "1d6+1 against 1d6+3" in node.label  # VII.A.2
    roll(state, 6, 1)  # 7 against 4: less, not doubled: an engine is damaged (VII.A.3)
    b = plane(state, "B1-1")
    assert b.damage == 1 and b.status == "flying"
    assert round(b.y, 6) == 57.0  # VII.A.4: it continues its run to the end of its move


def test_a_bomber_destroyed_by_flak_drops_nothing() -> None:
    state = position(
        {"B2-1": (24, 61.5, 0), "B1-1": (10, 20, 0)},
        [("select", "bombers")],
        scenario="heinkels-and-stukas",
    )
    decide(state, "select plane=B2-1")
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Chance) and "1d6+1 against 1d6+1" in node.label
    assert round(plane(state, "B2-1").y, 6) == 61.5  # already within 12": fired on at once
    roll(state, 6, 1)  # 7 against 2: doubled, destroyed (VII.A.3, VI.E.4.e)
    assert plane(state, "B2-1").status == "destroyed" and state.bomb_hits == 0
    node = state.next()
    assert not (isinstance(node, Decision) and any(o.kind == "bomb" for o in node.options))


# --- VII.C: one pair of dice per engine, damaged or not ----------------------------------------
def test_a_damaged_he111_still_rolls_twice() -> None:
    state = position({"B1-1": (24, 61.5, 0)}, [("select", "bombers")], damage={"B1-1": 1})
    decide(state, "move turn=0")  # 10" less 2": to y=69.5
    roll(state, 1, 6)  # flak misses
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].kind == "bomb"
    state.apply(node.options[0])
    node = state.next()
    assert isinstance(node, Chance) and len(node.dice) == 4  # type: ignore[attr-defined]

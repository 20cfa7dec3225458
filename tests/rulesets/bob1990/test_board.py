"""B1: the board is bob's generator drawn at 50 km, where the fuel rules (B.I.1) reach the targets."""

from __future__ import annotations

import json
import random

from dowding.engine import Decision, Terminal
from dowding.rulesets.bob1990 import GAME
from dowding.rulesets.bob1990.board import FILE, board_text
from dowding.rulesets.bob1990.components import load_components
from dowding.rulesets.bob1990.flights import FUEL_MARKERS

REACH = sum(FUEL_MARKERS)  # 5 + 4 + 3 + 2 + 1 spaces a turn


def targets(cell_km: int) -> dict[str, int]:
    """Every mission target -> the fewest spaces out from any German airfield."""
    c = load_components("", cell_km)
    names = {str(m.target) for m in c.missions.values() if m.target}
    for b in c.bases.values():
        names |= {*b.airfield, *b.radar}
    return {n: min(c.board.distance(a, c.board.space_of(n)) for a in c.lw_airfields) for n in names}


def test_fifteen_spaces_of_fuel() -> None:
    assert REACH == 15


def test_at_50_km_49_of_50_targets_are_a_round_trip() -> None:
    out = targets(50)
    assert len(out) == 50
    far = sorted(n for n, d in out.items() if 2 * d > REACH)
    assert far == ["Newcastle upon Tyne"]


def test_at_50_km_luftflotte_5_reaches_13_group() -> None:
    c = load_components("", 50)
    for name in ("Edinburgh", "Glasgow", "Sunderland", "Middlesbrough", "Usworth", "Turnhouse"):
        assert 2 * c.board.distance("NOR", c.board.space_of(name)) <= REACH, name


def test_at_25_km_luftflotte_5_reaches_nothing() -> None:
    c = load_components("", 25)
    for n in targets(25):
        assert 2 * c.board.distance("NOR", c.board.space_of(n)) > REACH, n


def test_the_shipped_board_is_the_drawing() -> None:
    assert json.loads(FILE.read_text("utf-8")) == json.loads(board_text())


def test_radar_scanned_spaces_and_12_group() -> None:
    c = load_components("", 50)
    assert c.rs["K17"] == ("Swingate (Dover)",)
    assert c.fully_12 == frozenset({"G13", "H13", "H14"})
    assert c.production == {
        10: c.production[10],
        11: (
            ("London", 4),
            ("London Docks (Surrey Commercial / West India)", 3),
            ("Portsmouth", 1),
        ),
        12: c.production[12],
        13: c.production[13],
    }
    assert [sum(p for _, p in c.production[g]) for g in (10, 11, 12, 13)] == [10, 8, 20, 9]


def test_bobs_25_km_board_as_an_option_plays_to_the_end() -> None:
    """B1: cell_km=25 is bob's own board; a random game on it still ends (C.I)."""
    for seed in (1, 2):
        s = GAME.new_state(None, {"cell_km": 25})
        assert s.c.cell_km == 25 and len(s.c.board.spaces) > 600
        rng = random.Random(seed)
        for _ in range(20_000):
            node = s.next()
            if isinstance(node, Terminal):
                break
            s.apply(rng.choice(node.options) if isinstance(node, Decision) else node.sample(rng))
        assert isinstance(node, Terminal), seed
        assert node.winner in ("raf", "luftwaffe")

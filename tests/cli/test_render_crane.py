"""The crane terminal renderer, on hand-made views and on real ones."""

from __future__ import annotations

import io

import pytest
from rich.console import Console, RenderableType

from dowding.engine import Match
from dowding.rulesets.crane.render import arrow, gunner_arcs, nearest_foe, render

from .conftest import crane_view, plane


def text_of(renderable: RenderableType, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined]


def map_rows(text: str) -> list[str]:
    """The map's cells, row by row, without the border and the x ruler."""
    rows = []
    for line in text.splitlines():
        if line.count("│") == 2:
            rows.append(line[line.index("│") + 1 : line.rindex("│")])
    return rows


def test_the_map_is_72_columns_and_keeps_the_table_in_proportion() -> None:
    rows = map_rows(text_of(render(crane_view([]), "raf")))
    assert len(rows) == 24  # 48" across at 2" a row, 72" long at 1" a column
    assert {len(row) for row in rows} == {72}


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        (0, "→"),
        (45, "↘"),
        (90, "↓"),
        (135, "↙"),
        (180, "←"),
        (225, "↖"),
        (270, "↑"),
        (315, "↗"),
        (350, "→"),
        (22, "→"),
        (23, "↘"),
    ],
)
def test_headings_turn_clockwise_on_screen(heading: float, expected: str) -> None:
    assert arrow(heading) == expected


def test_planes_are_letters_by_type_with_case_by_side_and_a_heading_arrow() -> None:
    planes = [
        plane("V1-1", "spitfire", "raf", 12.0, 36.0, heading=90),
        plane("V3-1", "hurricane", "raf", 40.0, 10.0, heading=180),
        plane("S1-1", "me109", "luftwaffe", 2.0, 2.0),
        plane("B1-1", "he111", "luftwaffe", 30.0, 20.0),
        plane("B2-1", "ju87", "luftwaffe", 30.0, 50.0, heading=270),
    ]
    rows = map_rows(text_of(render(crane_view(planes), "raf")))
    assert rows[6][36:38] == "S↓"  # x 12" -> row 6, y 36" -> column 36
    assert rows[20][10:12] == "H←"
    assert rows[1][2:4] == "m→"
    assert rows[15][20:22] == "b→"
    assert rows[15][50:52] == "j↑"


def test_stacked_planes_show_their_count_and_lost_planes_leave_the_map() -> None:
    planes = [
        plane("V1-1", "spitfire", "raf", 12.0, 36.0),
        plane("S1-1", "me109", "luftwaffe", 12.2, 36.3),
        plane("V1-2", "spitfire", "raf", 30.0, 30.0, status="destroyed"),
        plane("V2-1", "spitfire", "raf", 0.0, 0.0, status="waiting"),
        plane("B1-1", "he111", "luftwaffe", 40.0, 40.0, status="exited"),
    ]
    text = text_of(render(crane_view(planes), "raf"))
    rows = map_rows(text)
    assert rows[6][36] == "2"
    assert "S" not in "".join(rows) and "b" not in "".join(rows)
    assert "Destroyed: S V1-2" in text
    assert "Waiting: S V2-1" in text
    assert "Exited: b B1-1" in text


def test_factory_and_dotted_flak_boundary() -> None:
    rows = map_rows(text_of(render(crane_view([]), None)))
    factory = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "▒"]
    # 20.5-27.5" across -> rows 10-13; 68-72" along -> the last four columns
    assert {r for r, _ in factory} == {10, 11, 12, 13}
    assert {c for _, c in factory} == {68, 69, 70, 71}
    flak = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "·"]
    assert flak, "no flak boundary drawn"
    # every dot lies about 12" from the factory: within a cell of the boundary
    for r, c in flak:
        x, y = (r + 0.5) * 2.0, c + 0.5
        dx = max(20.5 - x, 0.0, x - 27.5)
        dy = max(68.0 - y, 0.0)
        assert 10.0 <= (dx * dx + dy * dy) ** 0.5 <= 12.0
    # straight out from the factory face: 68 - 12 = 56"
    assert rows[12][56] == "·"
    assert rows[0][0] == " "


def test_moving_plane_path_and_end_marker() -> None:
    planes = [plane("V1-1", "spitfire", "raf", 12.0, 10.0)]
    current = {
        "plane": "V1-1",
        "path": [[12.0, 10.0], [12.0, 16.0], [20.0, 22.0]],
        "marker": [20.0, 22.0],
    }
    text = text_of(render(crane_view(planes, current=current), "raf"))
    rows = map_rows(text)
    assert rows[10][22] == "◎"
    assert rows[6][14] == "•"  # on the straight leg
    assert rows[6][10] == "S"  # the plane is drawn over its own path
    assert "moving V1-1" in text


def test_header_reports_turn_phase_bombs_and_losses() -> None:
    text = text_of(render(crane_view([]), "luftwaffe"))
    first = text.splitlines()[0]
    for part in (
        "Turn 3",
        "british movement",
        "bomb hits 1/3",
        "RAF 2",
        "Luftwaffe 4",
        "you: Luftwaffe",
    ):
        assert part in first


def test_aircraft_table_gives_the_nearest_foe_and_gunner_arcs() -> None:
    bomber = plane("B1-1", "he111", "luftwaffe", 24.0, 30.0, gunners=["nose", "rear"])
    ahead = plane("V1-1", "spitfire", "raf", 24.0, 33.0)
    behind = plane("V1-2", "spitfire", "raf", 24.0, 27.0)
    beside = plane("V1-3", "spitfire", "raf", 26.5, 30.0)
    far_ahead = plane("V2-1", "hurricane", "raf", 24.0, 35.0)
    flying = [bomber, ahead, behind, beside, far_ahead]
    assert gunner_arcs(ahead, flying, 4.0, 45.0) == ["B1-1 nose"]
    assert gunner_arcs(behind, flying, 4.0, 45.0) == ["B1-1 rear"]
    assert gunner_arcs(beside, flying, 4.0, 45.0) == []
    assert gunner_arcs(far_ahead, flying, 4.0, 45.0) == []  # in the arc but out of range
    assert gunner_arcs(bomber, flying, 4.0, 45.0) == []
    foe = nearest_foe(bomber, flying)
    assert foe is not None and foe[0]["id"] == "V1-3" and foe[1] == pytest.approx(2.5)
    text = text_of(render(crane_view(flying), "raf"), width=120)
    row = next(line for line in text.splitlines() if "V1-2 " in line and "Spitfire" in line)
    assert "B1-1 rear" in row and "24.0,27.0" in row and "000°→" in row


def test_a_stuka_has_only_a_rear_gunner() -> None:
    stuka = plane("B2-1", "ju87", "luftwaffe", 10.0, 10.0)  # no "gunners": the default applies
    ahead = plane("V1-1", "spitfire", "raf", 10.0, 12.0)
    behind = plane("V1-2", "spitfire", "raf", 10.0, 8.0)
    assert gunner_arcs(ahead, [stuka, ahead, behind], 4.0, 45.0) == []
    assert gunner_arcs(behind, [stuka, ahead, behind], 4.0, 45.0) == ["B2-1 rear"]


def test_a_sparse_view_still_renders() -> None:
    view = {"table": {"width": 60.0, "length": 108.0}, "planes": []}
    assert len(map_rows(text_of(render(view, None)))) == 20


def test_real_crane_views_render() -> None:
    match = Match("crane", seed=4)
    for seat in ("raf", "luftwaffe", None):
        text = text_of(render(match.state.view(seat), seat), width=80)
        assert "Turn" in text and "▒" in text
    big = Match("crane", options={"table": "pingpong"}, seed=4)
    assert len(map_rows(text_of(render(big.state.view("raf"), "raf")))) == 20

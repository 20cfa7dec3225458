"""Phase V over the pieces: squadrons deployed from their cards fly their routes, bomb on
arrival, are pinned by Maneuver tokens, and close-escort fighters stay with their bombers."""

from __future__ import annotations

import pytest

from dowding.rulesets.squadron303 import germans
from dowding.rulesets.squadron303.board import Board
from dowding.rulesets.squadron303.components import Components, load_components
from dowding.rulesets.squadron303.pieces import German, Squadron, deploy, flight_path


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


@pytest.fixture(scope="module")
def board(comp: Components) -> Board:
    return Board(comp.map)


def _brown(comp: Components) -> Squadron:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[0]  # A3 -> A6, A7, A5, Biggin Hill
    sq, _ = deploy(comp, "d01", slot, "brown")
    return sq


def test_deploy_turns_a_card_into_models(comp: Components) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[0]
    sq, planes = deploy(comp, "d09", slot, "black")  # 4 Bf 109 + 2 He 111, as in the examples
    assert [p.type for p in planes] == ["bf109"] * 4 + ["he111"] * 2
    assert {p.area for p in planes} == {"A3"}
    assert sq.target == "biggin-hill" and sq.mode == "close_escort"


def test_the_path_goes_out_and_back(comp: Components) -> None:
    assert flight_path("A3", ("A6", "A7")) == ("A3", "A6", "A7", "A6", "A3")


def test_ex9_extra_move_pins_bombs_and_escorts(comp: Components, board: Board) -> None:
    # "Pilots shot down" example: in A7 three Bf 109s and two He 111s, one of them damaged with
    # 2 Maneuver tokens; a third He 111 already in A5. The extra move: the damaged He 111
    # removes a token; the Bf 109s and the 2nd He 111 fly A7 -> A5; the He 111 in A5 flies to
    # Biggin Hill and bombs at once.
    sq = _brown(comp)
    a7, a5 = sq.path.index("A7"), sq.path.index("A5")
    planes = (
        *(German(f"brown-{i}", "bf109", "brown", "A7", leg=a7) for i in (1, 2, 3)),
        German("brown-4", "he111", "brown", "A7", leg=a7, damage=1, tokens=2),
        German("brown-5", "he111", "brown", "A7", leg=a7),
        German("brown-6", "he111", "brown", "A5", leg=a5),
    )
    after, bombings = germans.move_squadron(comp, board, sq, planes)
    where = {p.id: p.area for p in after}
    assert where == {
        "brown-1": "A5",
        "brown-2": "A5",
        "brown-3": "A5",
        "brown-4": "A7",
        "brown-5": "A5",
        "brown-6": "biggin-hill",
    }
    assert after[3].tokens == 1
    assert bombings == (("brown-6", "biggin-hill"),)
    assert after[5].bombed


def test_escorts_stay_when_every_bomber_is_stopped(comp: Components, board: Board) -> None:
    sq = _brown(comp)
    planes = (
        German("brown-1", "bf109", "brown", "A3"),
        German("brown-2", "he111", "brown", "A3", tokens=1),
    )
    after, _ = germans.move_squadron(comp, board, sq, planes)
    assert [p.area for p in after] == ["A3", "A3"]
    assert after[1].tokens == 0


def test_a_bomber_bombs_once_and_flies_home(comp: Components, board: Board) -> None:
    sq = _brown(comp)
    plane = German("brown-1", "he111", "brown", "A5", leg=sq.path.index("A5"))
    planes, bombings = germans.move_squadron(comp, board, sq, (plane,))
    assert bombings == (("brown-1", "biggin-hill"),)
    for _ in range(4):
        planes, bombings = germans.move_squadron(comp, board, sq, planes)
        assert bombings == ()
    assert planes[0].area == "A3"
    planes, _ = germans.move_squadron(comp, board, sq, planes)
    assert not planes[0].on_board


def test_a_plane_off_its_path_flies_back_to_it(comp: Components, board: Board) -> None:
    sq = _brown(comp)  # A3, A6, A7, A5, Biggin Hill
    plane = German("brown-1", "bf109", "brown", "B1", leg=1)  # diverted from A6 to B1
    planes, _ = germans.move_squadron(comp, board, sq._replace(mode="patrol"), (plane,))
    # B1 to A7 is 2 Areas through A6 or Rochester: the lower id, A6 (digest M16)
    assert planes[0].area == "A6" and planes[0].leg == 1
    planes, _ = germans.move_squadron(comp, board, sq._replace(mode="patrol"), planes)
    assert planes[0].area == "A7" and planes[0].leg == 2


def test_patrol_fighters_fly_their_route(comp: Components, board: Board) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[3]  # C7 -> D1, D2, Biggin Hill
    sq, planes = deploy(comp, "d22", slot, "red")
    after, bombings = germans.move_squadron(comp, board, sq, planes)
    assert {p.area for p in after} == {"D1"} and bombings == ()


def test_squadrons_with_bombers(comp: Components) -> None:
    sq = _brown(comp)
    fighters = (German("brown-1", "bf109", "brown", "A3"),)
    assert germans.squadrons_with_bombers(comp, [sq], fighters) == ()
    both = (*fighters, German("brown-2", "he111", "brown", "A3"))
    assert germans.squadrons_with_bombers(comp, [sq], both) == ("brown",)


def _red_patrol(comp: Components) -> tuple[Squadron, tuple[German, ...]]:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[3]  # C7 -> D1, D2, Biggin Hill
    return deploy(comp, "d22", slot, "red")  # 2 Bf 109, Patrol


def test_patrol_sharing_an_area_with_raf_does_not_move(comp: Components, board: Board) -> None:
    sq, planes = _red_patrol(comp)
    out = germans.german_phase(comp, board, (sq,), planes, {"C7": 1})
    assert {p.area for p in out.planes} == {"C7"} and out.attacks == ()


def test_patrol_ending_with_raf_attacks(comp: Components, board: Board) -> None:
    sq, planes = _red_patrol(comp)
    out = germans.german_phase(comp, board, (sq,), planes, {"D1": 2})
    assert {p.area for p in out.planes} == {"D1"}
    assert out.attacks == (("red", "D1"),)


def test_patrol_ending_next_to_raf_moves_in_without_attacking(
    comp: Components, board: Board
) -> None:
    sq, planes = _red_patrol(comp)
    # D1 touches C4 and Pevensey: it goes to the Area with more RAF planes.
    out = germans.german_phase(comp, board, (sq,), planes, {"C4": 1, "pevensey": 2})
    assert {p.area for p in out.planes} == {"pevensey"}
    assert out.attacks == ()


def test_escape_speeds_up_once_attacked(comp: Components, board: Board) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[0]
    sq, planes = deploy(comp, "d35", slot, "grey")  # Escape
    out = germans.german_phase(comp, board, (sq,), planes, {})
    assert {p.area for p in out.planes} == {"A6"}
    out = germans.german_phase(comp, board, (sq._replace(attacked=True),), planes, {})
    assert {p.area for p in out.planes} == {"A7"}


def test_offensive_flies_two_areas(comp: Components, board: Board) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[0]
    sq, planes = deploy(comp, "d33", slot, "grey")  # 4 Bf 109, Offensive
    out = germans.german_phase(comp, board, (sq,), planes, {})
    assert {p.area for p in out.planes} == {"A7"}


def test_escort_without_bombers_joins_the_nearest_raid(comp: Components, board: Board) -> None:
    raid_slot, lone_slot = comp.setup("attack-on-biggin-hill", 4).slots[:2]
    raid, raid_planes = deploy(comp, "d15", raid_slot, "brown")  # 3 He 111 at A3
    lone, lone_planes = deploy(comp, "d11", lone_slot, "black")  # 2 Bf 109 + 1 He 111 at B4
    lone_planes = lone_planes[:2]  # its He 111 shot down
    out = germans.german_phase(comp, board, (raid, lone), raid_planes + lone_planes, {})
    # The raid moves first (A3 -> A6); the escorts fly 2 Areas toward it (B4 -> B3 -> A3): not
    # there yet, still close escort.
    assert {p.area for p in out.planes if p.squadron == "brown"} == {"A6"}
    escorts = [p for p in out.planes if p.id.startswith("black")]
    assert {p.area for p in escorts} == {"A3"}
    assert [s.mode for s in out.squadrons] == ["close_escort", "close_escort"]
    # Next German Phase they reach it and join the raid as its close escort.
    out2 = germans.german_phase(comp, board, out.squadrons, out.planes, {})
    joined = [p for p in out2.planes if p.id.startswith("black")]
    assert {p.squadron for p in joined} == {"brown"}
    assert {p.area for p in joined} == {p.area for p in out2.planes if p.id.startswith("brown")}


def test_escort_without_bombers_attacks_raf_on_its_way(comp: Components, board: Board) -> None:
    raid_slot, lone_slot = comp.setup("attack-on-biggin-hill", 4).slots[:2]
    raid, raid_planes = deploy(comp, "d15", raid_slot, "brown")
    lone, lone_planes = deploy(comp, "d11", lone_slot, "black")
    out = germans.german_phase(comp, board, (raid, lone), raid_planes + lone_planes[:2], {"B3": 1})
    assert out.attacks == (("black", "B3"),)
    assert out.squadrons[1].mode == "patrol"


def test_escort_with_no_bombers_anywhere_patrols(comp: Components, board: Board) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[1]
    lone, planes = deploy(comp, "d11", slot, "black")
    out = germans.german_phase(comp, board, (lone,), planes[:2], {})
    assert out.squadrons[0].mode == "patrol"


def test_german_phase_moves_raids_first(comp: Components, board: Board) -> None:
    slots = comp.setup("attack-on-biggin-hill", 4).slots
    fighters, f_planes = deploy(comp, "d22", slots[3], "red")
    raid, r_planes = deploy(comp, "d01", slots[0], "brown")
    near = tuple(p._replace(area="A5", leg=raid.path.index("A5")) for p in r_planes)
    out = germans.german_phase(comp, board, (fighters, raid), f_planes + near, {})
    assert [b for _, b in out.bombings] == ["biggin-hill", "biggin-hill"]

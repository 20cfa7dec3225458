"""Phase V over the pieces: squadrons deployed from their cards fly their routes, bomb on
arrival, are pinned by Maneuver tokens, and close-escort fighters stay with their bombers."""

from __future__ import annotations

import pytest

from dowding.rulesets.squadron303 import germans
from dowding.rulesets.squadron303.components import Components, load_components
from dowding.rulesets.squadron303.pieces import German, Squadron, deploy, flight_path


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def _brown(comp: Components) -> Squadron:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[0]  # A3 -> A6, A7, A5, Biggin Hill
    sq, _ = deploy(comp, "d01", slot, "brown")
    return sq


def test_deploy_turns_a_card_into_models(comp: Components) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[0]
    sq, planes = deploy(comp, "d09", slot, "black")  # 4 Bf 109 + 2 He 111, as in the examples
    assert [p.type for p in planes] == ["bf109"] * 4 + ["he111"] * 2
    assert {p.area(sq) for p in planes} == {"A3"}
    assert sq.target == "biggin-hill" and sq.mode == "close_escort"


def test_the_path_goes_out_and_back(comp: Components) -> None:
    assert flight_path("A3", ("A6", "A7")) == ("A3", "A6", "A7", "A6", "A3")


def test_ex9_extra_move_pins_bombs_and_escorts(comp: Components) -> None:
    # "Pilots shot down" example: in A7 three Bf 109s and two He 111s, one of them damaged with
    # 2 Maneuver tokens; a third He 111 already in A5. The extra move: the damaged He 111
    # removes a token; the Bf 109s and the 2nd He 111 fly A7 -> A5; the He 111 in A5 flies to
    # Biggin Hill and bombs at once.
    sq = _brown(comp)
    a7, a5 = sq.path.index("A7"), sq.path.index("A5")
    planes = (
        *(German(f"brown-{i}", "bf109", "brown", leg=a7) for i in (1, 2, 3)),
        German("brown-4", "he111", "brown", leg=a7, damage=1, tokens=2),
        German("brown-5", "he111", "brown", leg=a7),
        German("brown-6", "he111", "brown", leg=a5),
    )
    after, bombings = germans.move_squadron(comp, sq, planes)
    where = {p.id: p.area(sq) for p in after}
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


def test_escorts_stay_when_every_bomber_is_stopped(comp: Components) -> None:
    sq = _brown(comp)
    planes = (
        German("brown-1", "bf109", "brown"),
        German("brown-2", "he111", "brown", tokens=1),
    )
    after, _ = germans.move_squadron(comp, sq, planes)
    assert [p.area(sq) for p in after] == ["A3", "A3"]
    assert after[1].tokens == 0


def test_a_bomber_bombs_once_and_flies_home(comp: Components) -> None:
    sq = _brown(comp)
    plane = German("brown-1", "he111", "brown", leg=sq.path.index("A5"))
    planes, bombings = germans.move_squadron(comp, sq, (plane,))
    assert bombings == (("brown-1", "biggin-hill"),)
    for _ in range(4):
        planes, bombings = germans.move_squadron(comp, sq, planes)
        assert bombings == ()
    assert planes[0].area(sq) == "A3"
    planes, _ = germans.move_squadron(comp, sq, planes)
    assert planes[0].area(sq) is None  # off the board


def test_patrol_fighters_fly_their_route(comp: Components) -> None:
    slot = comp.setup("attack-on-biggin-hill", 4).slots[3]  # C7 -> D1, D2, Biggin Hill
    sq, planes = deploy(comp, "d22", slot, "red")
    after, bombings = germans.move_squadron(comp, sq, planes)
    assert {p.area(sq) for p in after} == {"D1"} and bombings == ()


def test_squadrons_with_bombers(comp: Components) -> None:
    sq = _brown(comp)
    fighters = (German("brown-1", "bf109", "brown"),)
    assert germans.squadrons_with_bombers(comp, [sq], fighters) == ()
    both = (*fighters, German("brown-2", "he111", "brown"))
    assert germans.squadrons_with_bombers(comp, [sq], both) == ("brown",)

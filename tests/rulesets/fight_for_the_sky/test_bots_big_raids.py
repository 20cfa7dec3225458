"""The RAF heuristic against big raids (issues 15 and 16): the settings that change how it meets a
raid of six bombers, and that their defaults leave its play as it was."""

from __future__ import annotations

import random
from dataclasses import replace

from dowding.engine import Decision
from dowding.rulesets.fight_for_the_sky.bots import DEFAULT, Settings, _fight_points, policy
from dowding.rulesets.fight_for_the_sky.state import FightState

from .position import blank, fly, formation, run

# six bombers, no escort (How to Make Up Your Formations: at most six units): 24 bomber flights
SIX_BOMBERS = (11, 12, 13, 14, 15, 16)


def _dest(s: FightState, sqn: str, cfg: Settings = DEFAULT) -> str:
    node = run(s, ("raf_dest", sqn))
    assert isinstance(node, Decision)
    choice = policy(s, random.Random(0), cfg)
    return choice.word("to") if choice.kind == "fly" else choice.kind


def _six_bomber_raid(sqn: str) -> FightState:
    s = blank("intermediate", turn=5)
    formation(s, SIX_BOMBERS, "L8", "detling")
    fly(s, sqn, "J8", land_by=10)
    return s


def test_a_pair_of_hurricanes_breaks_even_against_six_bombers_and_spitfires_gain() -> None:
    # 24 bomber flights fire back on line 24 (1.17 aircraft) at one squadron or two; a pair of
    # Hurricanes (strength 12) downs 1.17 bombers, a pair of Spitfires 1.5
    s = _six_bomber_raid("32")
    f = s.form_at("L8")
    assert f is not None
    hurricanes = _fight_points(s, [s.sqn("32"), s.sqn("501")], f)
    spitfires = _fight_points(s, [s.sqn("610"), s.sqn("41")], f)
    assert abs(hurricanes) < 1e-9
    assert spitfires > 0.1


def test_the_pair_floor_keeps_hurricanes_off_a_fresh_six_bomber_raid() -> None:
    # by default a Hurricane goes in before the bombs fall whatever the exchange
    assert _dest(_six_bomber_raid("32"), "32") == "L8"
    floor = replace(DEFAULT, pair_floor=0.1)
    got = _dest(_six_bomber_raid("32"), "32", floor)
    assert got != "L8" and got != "back"  # it keeps near, in the air
    # a Spitfire, whose pair gains, still goes in
    assert _dest(_six_bomber_raid("610"), "610", floor) == "L8"


def test_the_pair_floor_reads_the_squadron_already_there() -> None:
    # a Hurricane joining a Spitfire makes a mixed pair, read on the Hurricane's column: no gain
    floor = replace(DEFAULT, pair_floor=0.1)
    s = _six_bomber_raid("32")
    fly(s, "610", "L8", land_by=10)
    assert _dest(s, "32", floor) != "L8"
    s = _six_bomber_raid("41")
    fly(s, "610", "L8", land_by=10)
    assert _dest(s, "41", floor) == "L8"


def test_the_new_settings_default_to_the_old_play() -> None:
    assert DEFAULT.pair_floor is None

"""The players and the end of a day (Intermediate Game, How to Move, Notes: "A unit that fails
to land by the end of the game is treated in the same way", shot down): the heuristic keeps
its squadrons down on the day's last turn, the search's score counts a squadron left in the
air then as lost already, and the search favours the heuristic's own pick, not its rollouts'
noisy one."""

from __future__ import annotations

import random

from dowding.bots.ismcts import ISMCTSPlayer
from dowding.engine import Decision
from dowding.rulesets.fight_for_the_sky import search
from dowding.rulesets.fight_for_the_sky.bots import policy
from dowding.rulesets.fight_for_the_sky.state import AIR, GROUND, LUFTWAFFE, RAF, FightState

from .position import BARRIER, blank, fly, formation, run


def _last_turn_raf_move(**options: object) -> FightState:
    """Turn 16, the RAF to move, a raid on the map it could fly at."""
    s = blank("intermediate", turn=16, **options)
    formation(s, (35, 36, 37, 52), "K9", "rye", seen=True, face_up=True)
    return s


def test_the_heuristic_raf_takes_no_squadron_off_on_the_last_turn() -> None:
    s = _last_turn_raf_move()
    rng = random.Random(0)
    node = run(s, ("raf_move",), ("end_turn",))
    assert isinstance(node, Decision)
    assert policy(s, rng).kind == "end"  # every squadron is on the ground: none goes up
    assert all(r.status == GROUND for r in s.raf)


def test_the_heuristic_raf_lands_when_no_bomber_is_left_to_fly() -> None:
    # the day ends when nothing of the Luftwaffe is on the map and it cannot fly a raid, with
    # or without an announcement (game_turn.py)
    s = blank("intermediate", turn=9)
    for u in s.lw:
        if s.types[u.type].role == "bomber":
            s._put_lw(u._replace(status="returning", missions=1))
    fly(s, "41", "F4", land_by=12)
    rng = random.Random(0)
    run(s, ("raf_move",), ("end_turn",))
    s.apply(policy(s, rng))
    s.apply(policy(s, rng))
    assert s.sqn("41").status == GROUND


def test_the_score_counts_a_squadron_left_in_the_air_at_the_days_end_as_lost() -> None:
    s = _last_turn_raf_move()
    fly(s, "41", "F4", land_by=20)
    node = run(s, ("raf_move",), ("end_turn",))
    assert isinstance(node, Decision)
    s.apply("select unit=41")
    node = s.next()
    assert isinstance(node, Decision)
    landed, flown = s.copy(), s.copy()
    landed.apply(next(o for o in node.options if o.kind == "land"))
    flown.apply(next(o for o in node.options if o.kind == "fly"))
    assert search.doomed(landed)[0] == frozenset()
    assert search.doomed(flown)[0] == frozenset({"41"})
    # How to Win: 2 points an RAF flight, counted before the turn ends
    assert search.features(flown)[1] == search.features(landed)[1] + 8
    assert search.evaluate(landed)[RAF] > search.evaluate(flown)[RAF]


def test_a_squadron_not_yet_moved_is_not_counted_lost() -> None:
    s = _last_turn_raf_move()
    fly(s, "41", "F4", land_by=20)
    run(s, ("raf_move",), ("end_turn",))
    assert search.doomed(s)[0] == frozenset()  # it may still land this turn


def test_the_score_counts_a_raid_still_on_the_map_after_the_last_luftwaffe_move_as_lost() -> None:
    s = _last_turn_raf_move()
    f = s.forms[0]
    s.queue = (("raf_move",), ("end_turn",), BARRIER)
    raf, lw = search.doomed(s)
    assert not raf and lw == frozenset(f.units)
    # before the Luftwaffe has moved it may still get home
    s.queue = (("lw_move",), ("raf_move",), ("end_turn",), BARRIER)
    assert search.doomed(s) == (frozenset(), frozenset())
    # no end of the day and no landing limit in the Basic Game
    basic = blank("basic", turn=16)
    fly(basic, "41", "F4")
    basic._put_raf(basic.sqn("41")._replace(moved=True))
    basic.queue = (("end_turn",), BARRIER)
    assert search.doomed(basic) == (frozenset(), frozenset())


def test_a_squadron_past_its_landing_turn_counts_lost_once_it_has_moved() -> None:
    s = blank("intermediate", turn=7)
    fly(s, "41", "F4", land_by=7, moved=True)
    s.queue = (("raf_move",), ("end_turn",), BARRIER)
    assert search.doomed(s)[0] == frozenset({"41"})
    assert s.sqn("41").status == AIR


def test_the_search_favours_the_heuristics_pick_not_its_rollouts() -> None:
    player = ISMCTSPlayer("fight-for-the-sky", LUFTWAFFE, 0, "novice")
    assert isinstance(player.rollout, search.OwnPolicy)
    assert player.prior == player.rollout.prior
    # a caller's own rollout policy is its prior too
    mine = ISMCTSPlayer("fight-for-the-sky", RAF, 0, "novice", rollout=search.prior_policy)
    assert mine.prior is search.prior_policy


def test_the_novice_raf_lands_on_the_last_turn() -> None:
    s = _last_turn_raf_move()
    fly(s, "41", "F4", land_by=20)
    run(s, ("raf_move",), ("end_turn",))
    s.apply("select unit=41")
    node = s.next()
    assert isinstance(node, Decision)
    for seed in range(10):
        player = ISMCTSPlayer("fight-for-the-sky", RAF, seed, "novice", seconds=60.0)
        assert player.choose(s.view(RAF), node).kind == "land", seed

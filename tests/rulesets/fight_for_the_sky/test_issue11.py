"""Issue 11: the booklet's choices and examples the first map, views and rules got wrong. Each
test names the booklet's section it checks."""

from __future__ import annotations

import random

from dowding.engine import Decision
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.board import load_board
from dowding.rulesets.fight_for_the_sky.bots import policy
from dowding.rulesets.fight_for_the_sky.state import GROUND, LOST

from .position import blank, fly, formation, run

BOARD = load_board()


# --- the flight paths (How to Win the Basic Game; How to Make Up Your Formations) ------------
def test_every_assembly_hex_reaches_every_target() -> None:
    # "places these on any raid assembly hex of his choice ... may attack any of the following
    # targets"; the Intermediate roster lists every target for every formation
    for target, h in BOARD.target_hex.items():
        for a in BOARD.assembly:
            assert BOARD.reaches(a, h), f"{a} cannot reach {target}"


def test_basic_game_any_target_from_any_assembly_hex() -> None:
    s = GAME.new_state("basic", {})
    node = s.next()
    assert isinstance(node, Decision)
    assert {o.word("at") for o in node.options} == set(s.comp.basic.targets)
    # four formations on Rye, Manston, Dunkirk and Dover: each needs a hex of its own
    for target in ("manston", "dunkirk", "manston", "dunkirk"):
        s.apply(f"target at={target}")
    node = s.next()
    assert isinstance(node, Decision)
    assert {o.word("at") for o in node.options} == set(BOARD.assembly)


def test_flight_paths_have_no_loops() -> None:
    for h, ends in BOARD.edges.items():
        for n in ends:
            assert not BOARD.reaches(n, h), f"{h}->{n} closes a loop"


def test_ju88_escorts_from_q12_reach_hex_row_e() -> None:
    # "if a number of Ju88's set out from Q12 with an escort of Me109's, the fighters would move
    # as far as hex row E before they had to turn back"
    s = blank("intermediate", turn=2)
    formation(s, (19, 20, 49), "Q12", "poling")  # assembled on turn 1: the Me 109 lands by 6
    furthest = 99
    for _ in range(6):
        node = run(s, ("turnback",), ("lw_move",))
        escort = next(f for f in s.forms if 49 in f.units)
        if escort.kind == "home":
            break
        furthest = min(furthest, BOARD.coords[escort.hex][0])
        assert isinstance(node, Decision)
        flies = [o for o in node.options if o.kind == "fly"]
        s.apply(min(flies, key=lambda o: BOARD.coords[o.word("to")][0]))
        furthest = min(furthest, BOARD.coords[s.form(escort.id).hex][0])  # type: ignore[union-attr]
        s.forms = tuple(f._replace(moved=False) for f in s.forms)
        s.turn_no += 1
    assert furthest == 4  # column E


# --- the end of the day (Intermediate Game: How to Move, Notes; How to Win) -------------------
def test_the_announcement_of_no_more_raids_reaches_both_sides() -> None:
    s = blank("intermediate")
    node = run(s, ("form",))
    assert isinstance(node, Decision)
    s.apply("finish")
    told = [e for e in s.events if "no more raids" in e.text]
    assert told and all(e.seats is None or "raf" in e.seats for e in told)
    assert s.view("raf")["raids_over"] is True


def test_squadrons_aloft_when_the_day_ends_are_lost_and_told() -> None:
    # "A unit that fails to land by the end of the game is treated in the same way"
    s = blank("intermediate")
    fly(s, "41", "K5", land_by=9)
    s.finished = True
    s.queue = (("end_turn",),)
    s._advance()
    assert s.result is not None and s.sqn("41").status == LOST
    assert s.lost[0] == 4
    assert any("41 Squadron" in e.text and "lost" in e.text for e in s._log)


def test_the_heuristic_raf_lands_when_the_luftwaffe_has_stopped() -> None:
    s = blank("intermediate")
    fly(s, "41", "F4", land_by=9)
    s.finished = True
    rng = random.Random(0)
    run(s, ("raf_move",))
    s.apply(policy(s, rng))
    s.apply(policy(s, rng))
    assert s.sqn("41").status == GROUND


# --- Sector Airfields ------------------------------------------------------------------------
def test_engaged_squadrons_count_toward_the_limits_of_a_hex() -> None:
    s = blank("intermediate", sector_airfields=True)
    f = formation(s, (35, 36, 37, 52), "K9", "rye", seen=True, face_up=True)
    fly(s, "41", "K9", land_by=9, engaged=f.id)  # Hornchurch squadrons, engaged with the raid
    fly(s, "32", "I8", land_by=9)  # Biggin Hill: another sector
    fly(s, "65", "I8", land_by=9)  # Hornchurch
    assert "K9" not in s.raf_destinations(s.sqn("32"))  # one sector a hex
    fly(s, "54", "K9", land_by=9, engaged=f.id)
    assert "K9" not in s.raf_destinations(s.sqn("65"))  # two a hex


# --- Hunter Packs ----------------------------------------------------------------------------
def test_a_patrol_strikes_once_a_turn() -> None:
    # "it can move up to 6 hexes per turn: 3 to return to its patrol hex during movement and a
    # further 3 to intercept when all other movement has ceased"
    s = blank("intermediate", hunter_packs=True)
    formation(s, (49, 50), "K8", kind="patrol", patrol="K8")
    fly(s, "41", "K5")
    fly(s, "54", "K2")
    node = run(s, ("strike",))
    assert isinstance(node, Decision)
    s.apply("strike at=K5 from=K8")
    node = s.next()
    assert not (isinstance(node, Decision) and any(o.kind == "strike" for o in node.options))
    assert s.patrol_at("K5") is not None


# --- The Campaign Game: the end conditions ---------------------------------------------------
def test_the_campaign_ends_when_the_last_raf_unit_is_shot_down_mid_day() -> None:
    # "The game ends when one of the following conditions has been met: (1) All RAF units have
    # been shot down"
    s = blank("campaign", turn=5)
    s.raf = tuple(r._replace(status=LOST, flights=0) if r.sqn != "41" else r for r in s.raf)
    fly(s, "41", "K9", land_by=9, flights=1)
    formation(s, (35, 36, 37, 52), "K9", "rye", seen=True, face_up=True)
    s._take_flight_raf("41")
    assert s.result is not None and s.result.reason == "every RAF unit has been shot down"
    assert s.day == 0 and s.turn_no == 5


def test_the_campaign_ends_when_the_last_luftwaffe_unit_is_shot_down_mid_day() -> None:
    s = blank("campaign", turn=5)
    s.lw = tuple(u._replace(status=LOST, flights=0) if u.id != 35 else u for u in s.lw)
    formation(s, (35,), "K9", "rye", seen=True, face_up=True)
    s._put_lw(s.unit(35)._replace(flights=1))
    s._take_flight_lw(35)
    assert s.result is not None and s.result.reason == "every Luftwaffe unit has been shot down"

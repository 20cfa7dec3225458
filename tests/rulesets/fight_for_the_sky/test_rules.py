"""One test per rule, with fixed dice; section names are the booklet's headings."""

from __future__ import annotations

import random

from dowding.engine import Chance, Decision, Terminal
from dowding.rulesets.fight_for_the_sky import GAME
from dowding.rulesets.fight_for_the_sky.citations import cite
from dowding.rulesets.fight_for_the_sky.state import GROUND, LOST, POOL, RETURNING, FightState

from .position import at_barrier, blank, fly, formation, run


def texts(node: Decision | Chance) -> set[str]:
    assert isinstance(node, Decision)
    return {o.text for o in node.options}


# --- How to Move and Intercept / Notes on Movement ------------------------------------------
def test_formations_move_their_full_allowance_along_the_arrows() -> None:
    s = blank("basic")
    formation(s, (31, 32, 33, 34, 50, 51), "S9", "lympne")
    options = texts(run(s, ("lw_move",)))
    assert options == {"fly from=S9 to=O7 type=raid"}  # four hexes: Do 17s govern


def test_a_formation_stops_on_its_target_and_not_on_another_formation() -> None:
    s = blank("basic")
    formation(s, (35, 36, 37, 52, 53, 54), "M10", "rye")
    assert texts(run(s, ("lw_move",))) == {"fly from=M10 to=K9 type=raid"}
    s = blank("basic")
    formation(s, (35, 36, 37, 52, 53, 54), "M10", "rye")
    formation(s, (38, 39, 40, 41, 42, 55), "K9", "rye", moved=True)
    ends = texts(run(s, ("lw_move",)))
    assert "fly from=M10 to=K9 type=raid" not in ends  # must stop in an adjacent hex
    assert ends == {"fly from=M10 to=L10 type=raid"}


def test_crossing_the_english_coast_turns_a_formation_face_up() -> None:
    s = blank("basic")
    formation(s, (31, 32, 33, 34, 50, 51), "S9", "lympne")
    run(s, ("lw_move",))
    s.apply("fly from=S9 to=O7 type=raid")
    f = s.form_at("O7")
    assert f is not None and f.face_up and f.seen
    view = s.view("raf")
    assert {u["id"] for u in view["formations"][0]["units"]} == {31, 32, 33, 34, 50, 51}


def test_returning_formations_fly_direct_and_land_on_an_assembly_hex() -> None:
    s = blank("basic")
    formation(s, (35, 36, 37, 52, 53, 54), "N10", "rye", bombed=True, seen=True, face_up=True)
    node = run(s, ("lw_move",))
    assert {t for t in texts(node) if t.startswith("fly")} == {"fly from=N10 to=Q10 type=raid"}
    s.apply("fly from=N10 to=Q10 type=raid")
    assert not s.forms
    assert all(s.unit(u).status == RETURNING for u in (35, 36, 37, 52, 53, 54))


def test_urban_hexes_fire_on_formations_straying_home() -> None:
    s = blank("basic")
    formation(s, (38, 39, 40, 41, 42, 55), "K4", "dover", bombed=True, seen=True)
    s.forms = (s.forms[0]._replace(hex="J4"),)  # over the estuary, Sheerness (K4) on the way
    f = s.forms[0]
    paths = s.move_options(f)
    assert paths
    s._fly(f, "K4", ("K4",))
    assert s.queue[0] == ("urban_aa", f.id, "K4")


def test_raf_units_two_a_hex_and_never_on_an_assembly_hex() -> None:
    s = blank("basic")
    fly(s, "41", "L8")
    fly(s, "54", "L8")
    run(s, ("raf_dest", "56"))
    options = texts(s.next())
    assert "fly to=L8 unit=56" not in options
    assert not any("to=U6" in o or "to=Q10" in o for o in options)
    assert not any(o.startswith("land") for o in options)  # no landing in the Basic Game


# --- How to Attack ---------------------------------------------------------------------------
def test_screening_takes_at_least_a_third_of_the_escort_flights() -> None:
    s = blank("basic")
    formation(s, (35, 36, 37, 52, 53, 54), "M10", "rye")
    fly(s, "32", "M10")
    fly(s, "610", "M10")
    s._put_lw(s.unit(52)._replace(flights=3))  # 11 escort flights: 4 screen
    s.fight = ("M10", s.forms[0].id, 0, ("32", "610"), 0, frozenset())
    assert s.strength("raf", "bomber") == (8 - 4 + 4, "hurricane")
    assert s.strength("raf", "escort") == (10, "hurricane")
    assert s.strength("escort", "raf") == (11, "me109")


def test_an_unescorted_formation_meets_every_flight() -> None:
    s = blank("basic")
    formation(s, (15, 16, 17, 18, 21, 22), "Q6", "manston")
    fly(s, "41", "Q6")
    s.fight = ("Q6", s.forms[0].id, 0, ("41",), 0, frozenset())
    assert s.strength("raf", "escort") == (0, "")
    assert s.strength("raf", "bomber") == (8, "spitfire")


def test_mixed_luftwaffe_fighters_read_the_me110_column() -> None:
    s = blank("basic")
    formation(s, (35, 36, 49, 50, 77), "M10", "rye")
    fly(s, "41", "M10")
    s.fight = ("M10", s.forms[0].id, 0, ("41",), 0, frozenset())
    assert s.strength("escort", "raf") == (12, "me110")


def test_the_loss_track_loses_a_flight_at_every_fourth_aircraft() -> None:
    s = blank("basic")
    s.marks = (0, 3)
    assert s._lose_aircraft("luftwaffe", 2) == 1
    assert s.marks[1] == 5  # box 1
    s.marks = (0, 4)
    assert s._lose_aircraft("luftwaffe", 2) == 0  # from box 4 to box 2


def test_a_whole_dogfight_with_fixed_dice() -> None:
    s = blank("basic")
    formation(s, (31, 32, 33, 34, 50, 51), "O7", "hawkinge", seen=True, face_up=True)
    fly(s, "56", "O7")
    fly(s, "501", "O7")
    node = run(s, ("combat",))
    s.apply("attack at=O7")
    for die in ("roll d=6", "roll d=6"):  # 10 Hurricanes: 2 down; 8 Me 109s: 1 down
        assert isinstance(s.next(), Chance)
        s.apply(die)
    assert s.marks == (1, 2)
    del node


# --- How to Bomb -----------------------------------------------------------------------------
def test_aa_aborts_reduce_the_bombing_strength() -> None:
    s = blank("basic")
    formation(s, (35, 36, 37), "K9", "rye", seen=True)
    s._put_lw(s.unit(35)._replace(flights=3))
    s.marks = (0, 3)
    node = run(s, ("bombing",))
    assert isinstance(node, Chance)
    s.apply("roll d=4")  # AA 1, 11 flights: 1 hit, 1 abort
    s.apply("allot unit=36")
    assert s.forms[0].aborts == 1
    s.apply("roll d=5")  # 10 - 1 = 9 flights, die 5: 1 hit
    assert s.hits_on("rye") == 1 and s.forms[0].bombed


def test_basic_victory_points_are_capped_at_the_aa_value() -> None:
    s = blank("basic")
    s.damage = tuple(3 if t == "rye" else 0 for t in s.target_ids)
    assert s.scores()["luftwaffe"] == 1
    s.damage = tuple(3 if t == "dover" else 0 for t in s.target_ids)
    assert s.scores()["luftwaffe"] == 3


# --- Intermediate Game ----------------------------------------------------------------------
def test_endurance_a_unit_that_fails_to_land_is_shot_down() -> None:
    s = blank("intermediate", turn=9)
    fly(s, "17", "K5", land_by=9)
    run(s, ("end_turn",))
    assert s.sqn("17").status == LOST and s.lost[0] == 4


def test_refuelling_home_two_turns_elsewhere_four_plus_hits() -> None:
    s = blank("intermediate", turn=9)
    fly(s, "32", "E6", land_by=12)
    run(s, ("raf_dest", "32"))
    s.apply("land at=biggin-hill unit=32")
    assert s.sqn("32").ready == 12  # the booklet's 17 Squadron: landed 9, off again on 12
    fly(s, "501", "E6", land_by=12)
    s.damage = tuple(1 if t == "biggin-hill" else 0 for t in s.target_ids)
    run(s, ("raf_dest", "501"))
    s.apply("land at=biggin-hill unit=501")
    assert s.sqn("501").ready == 9 + 4 + 1 + 1


def test_off_map_bases_cost_three_to_leave() -> None:
    s = blank("intermediate")
    run(s, ("raf_dest", "85"))
    reach = {o.word("to") for o in s.next().options if o.kind == "fly"}  # type: ignore[union-attr]
    assert "J1" in reach and max(s.board.distance("J1", h) for h in reach) == 2


def test_formation_restrictions() -> None:
    s = blank("intermediate", turn=1)
    f = formation(s, (11,), "")
    s._put_lw(s.unit(11)._replace(status=POOL, missions=0))
    assert not s.can_add(f, s.unit(23))  # another group
    assert not s.can_add(f, s.unit(15))  # He 111 (3) with Do 17 (4)
    assert s.can_add(f, s.unit(12))
    f = f._replace(units=(11, 49, 50, 51))
    assert not s.can_add(f, s.unit(52))  # three fighters at most
    f = f._replace(units=(11, 12, 13, 14, 49, 50))
    assert not s.can_add(f, s.unit(51))  # six units at most


def test_ju87_modifiers_unless_mixed() -> None:
    s = blank("intermediate")
    f = formation(s, (29, 30), "K9", "rye")
    assert s.aa_value(f) == 2
    g = formation(s, (29, 31), "M5", "dunkirk")
    assert s.aa_value(g) == 1


def test_destroyed_targets_lose_their_aa_except_dover() -> None:
    s = blank("intermediate")
    s.damage = tuple(3 if t in ("rye", "dover") else 0 for t in s.target_ids)
    assert s.aa_value(formation(s, (11,), "K9", "rye")) == 0
    assert s.aa_value(formation(s, (12,), "P7", "dover")) == 3


def test_intermediate_victory_points() -> None:
    s = blank("intermediate")
    s.damage = tuple({"rye": 2, "manston": 4, "biggin-hill": 3}.get(t, 0) for t in s.target_ids)
    assert s.scores()["luftwaffe"] == 2 + 3  # radar hits and Biggin Hill (west of L), not Manston


def test_escorts_turn_back_for_fuel() -> None:
    s = blank("intermediate", turn=5)
    formation(s, (19, 20, 49, 50), "E8", "redhill")  # Me 109s launched turn 4: land by 9
    for uid in (49, 50):
        s._put_lw(s.unit(uid)._replace(land_by=6))
    run(s, ("turnback",))
    kinds = sorted(f.kind for f in s.forms)
    assert kinds == ["home", "raid"]


# --- Optional rules --------------------------------------------------------------------------
def test_sector_airfields_control_three_units() -> None:
    s = blank("intermediate", sector_airfields=True)
    for sqn in ("32", "610", "501"):
        fly(s, sqn, "E6")
    node = run(s, ("raf_move",))
    assert "select unit=79" not in texts(node)


def test_hunter_packs_strike_within_three_hexes() -> None:
    s = blank("intermediate", hunter_packs=True)
    formation(s, (49, 50), "K8", kind="patrol", patrol="K8")
    fly(s, "41", "K5")
    fly(s, "54", "F8")
    options = texts(run(s, ("strike",)))
    assert options == {"hold from=K8", "strike at=K5 from=K8"}


def test_tactical_advantage_roll() -> None:
    s = blank("intermediate", hunter_packs=True, tactical_advantage=True)
    formation(s, (49, 50), "K5", kind="patrol", patrol="K5")
    fly(s, "41", "K5")
    node = run(s, ("combat",))
    s.apply("attack at=K5")
    assert isinstance(s.next(), Chance)
    s.apply("roll d=3")
    assert s.strength("raf", "patrol") == (4 + 2 + 1, "spitfire")
    del node


def test_airfield_capacity_limits_landing() -> None:
    s = blank("intermediate", airfield_capacity=True)
    fly(s, "41", "F4", land_by=9)
    options = texts(run(s, ("raf_dest", "41")))
    assert "land at=hornchurch unit=41" in options  # three of its four on the ground
    assert "land at=gravesend unit=41" not in options  # 501 is on the ground there


def test_weather_contact_and_poor_movement() -> None:
    s = blank("basic", weather=True)
    s.weather = "poor"
    formation(s, (31, 32, 33, 34, 50, 51), "S9", "lympne")
    assert texts(run(s, ("lw_move",))) == {"fly from=S9 to=P8 type=raid"}
    s = blank("basic", weather=True)
    s.weather = "cloudy"
    formation(s, (31, 32, 33, 34, 50, 51), "O7", "hawkinge")
    fly(s, "56", "O7")
    node = run(s, ("contacts",), ("combat",))
    assert isinstance(node, Chance)
    s.apply("roll d=5")  # cloudy: 5 fails
    assert s.sqn("56").contact < 0 and at_barrier(s)


def test_stukas_the_raf_may_insist() -> None:
    s = blank("intermediate", stukas=True)
    formation(s, (29, 30, 49), "K9", "rye", seen=True)
    fly(s, "41", "K9")
    fly(s, "54", "K9")
    s.marks = (0, 3)
    run(s, ("combat",))
    s.apply("attack at=K9")
    s.apply("roll d=6")  # 10 Spitfire flights, die 6: 2 down, a flight lost
    assert texts(s.next()) == {"insist on=stukas", "insist on=escorts"}
    s.apply("insist on=stukas")
    s.apply("allot unit=29")
    assert s.unit(29).flights == 3 and s.stukas_lost == 1


def test_campaign_maintenance_and_me109_half() -> None:
    s = blank("campaign", maintenance=True)
    for uid in (49, 50, 51, 11):
        s._put_lw(s.unit(uid)._replace(status=RETURNING, missions=1))
    run(s, ("end_turn",))
    s.turn_no = 16
    run(s, ("end_turn",))
    statuses = {uid: s.unit(uid).status for uid in (49, 50, 51, 11)}
    assert statuses[11] == "maint" and statuses[49] == "maint"
    assert statuses[50] == POOL and statuses[51] == POOL
    assert s.day == 1 and s.sqn("32").status == GROUND


def test_availability_limits_the_units_flown() -> None:
    s = blank("campaign", availability=True)
    run(s, ("availability",))
    s.apply("roll d=1")
    assert s.avail == 16
    s.avail = 0
    assert not s._available(s.unit(11))


def _plan(s: FightState, unit: int, target: str, turn: int) -> None:
    """Preplanning: one raid of one bomber unit on the sheet, to take off on ``turn``."""
    for action in ("form type=raid", f"add unit={unit}", "close", f"target at={target}"):
        s.apply(action)
    assert "launch turn=1" in texts(s.next()) or s.turn_no > 1
    s.apply(f"launch turn={turn}")


def test_preplanning_a_raid_planned_for_turn_1_takes_off_at_once() -> None:
    """Optional Rules, Preplanning: the sheet is written at the start of the day, and a raid
    may take off on the first turn as it would without the rule."""
    s = GAME.new_state("intermediate", {"preplanning": True})
    _plan(s, 11, "biggin-hill", 1)
    node = s.next()
    assert isinstance(node, Decision) and node.prompt.startswith("place the formation")
    s.apply(node.options[0])
    (first,) = [f for f in s.forms if f.hex]
    assert first.placed == 1 and first.launch == 0 and first.units == (11,)


def test_preplanning_later_raids_take_off_on_their_turn_in_the_sheets_order() -> None:
    s = GAME.new_state("intermediate", {"preplanning": True})
    _plan(s, 11, "biggin-hill", 3)
    _plan(s, 12, "kenley", 3)
    assert not any(f.hex for f in s.forms)
    assert s.takeoffs() == {3: 2}
    s.apply("done")
    rng = random.Random(0)
    while s.turn_no < 3 or not isinstance(s.next(), Decision) or s.queue[0][0] != "place":
        node = s.next()
        assert s.turn_no <= 3 and not isinstance(node, Terminal)
        s.apply(node.sample(rng) if isinstance(node, Chance) else node.options[0])
        assert not any(f.hex for f in s.forms if f.kind == "raid") or s.turn_no == 3
    # the first raid on the sheet is placed first
    assert s.queue[0] == ("place", s.forms[0].id) and s.forms[0].units == (11,)


def test_preplanning_four_take_offs_a_turn_counting_those_gone() -> None:
    s = GAME.new_state("intermediate", {"preplanning": True})
    for unit, target in zip((11, 12, 13), ("biggin-hill", "kenley", "hornchurch"), strict=True):
        _plan(s, unit, target, 1)
        s.apply(s.next().options[0])  # placed at once
    _plan(s, 14, "northolt", 2)
    for action in ("form type=raid", "add unit=15", "close", "target at=north-weald"):
        s.apply(action)
    turns = {o.number("turn") for o in s.next().options}
    assert 1 in turns and 2 in turns  # three off on turn 1, one planned on turn 2
    s.apply("launch turn=1")
    s.apply(s.next().options[0])
    for action in ("form type=raid", "add unit=16", "close", "target at=biggin-hill"):
        s.apply(action)
    turns = {o.number("turn") for o in s.next().options}
    assert 1 not in turns and 2 in turns


def test_a_raids_target_is_told_by_the_section_that_plans_it() -> None:
    """The Luftwaffe's own line naming a raid's target cites How to Plan Your Raids in the
    Intermediate Game (the roster sheet), How to Win the Basic Game in the Basic Game."""
    s = GAME.new_state("intermediate")
    for action in ("form type=raid", "add unit=11", "close", "target at=biggin-hill"):
        s.apply(action)
    (line,) = [e for e in s.events if " will bomb " in e.text]
    assert line.text.endswith("will bomb Biggin Hill (on the roster)")
    assert line.seats == frozenset({"luftwaffe"})
    assert cite(line.text) == "Intermediate Game, How to Plan Your Raids"
    assert cite("formation 1 will bomb Rye") == "How to Win the Basic Game"

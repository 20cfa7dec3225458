"""One test per rule of the Advanced Game, with fixed dice (sections as the rulebook names them)."""

from __future__ import annotations

import random

from dowding.engine import Action, Decision, Terminal
from dowding.rulesets.bob1990.bots import heuristic
from dowding.rulesets.bob1990.flights import (
    DOWN,
    LANDED,
    ON_MAP,
    OUT,
    WAITING,
    dogfight_cards,
    fuel_marker,
    max_move,
    shot_down,
)
from dowding.rulesets.bob1990.search import shield_bombers

from .position import fresh, roll, run, until


# --- the text's example and the digest's known answers ---------------------------------------
def test_eight_hits_shoot_down_three_squadrons() -> None:
    assert shot_down(8) == 3


def test_shot_down_known_answers() -> None:
    assert [shot_down(h) for h in range(12)] == [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5]


def test_dogfight_cards_by_movement_marker() -> None:
    assert [dogfight_cards(m) for m in (0, 1, 2, 3)] == [None, 2, 1, 1]


def test_fuel_markers() -> None:
    assert fuel_marker(0, 5) == 5 and fuel_marker(1 << 4, 5) is None  # no second 5-space move
    assert fuel_marker(1 << 3, 4) == 5  # a move of 4 after 4 is used takes 5
    assert fuel_marker(0b111, 0) == 4  # after 1-3, standing still costs 4
    assert max_move(0) == 5 and max_move(0b11111) == -1


# --- Advanced Game Turn, A. Ready Stage -------------------------------------------------------
def draws(state: object) -> int:
    return sum(1 for t in state.queue if t[0] == "mission_draw")  # type: ignore[attr-defined]


def test_five_missions_are_drawn() -> None:
    assert draws(fresh()) == 5


def test_fewer_missions_with_a_luftflotte_out() -> None:
    for out, n in ((2, 3), (5, 4), (3, 3)):
        s = fresh()
        s.queue = (("turn",),)
        s.turn_no = 0
        for f in s.flights_of(out):
            s.set(f, status=OUT, pos=None)
        s._advance()
        assert draws(s) == n, out


def test_unassigned_airfield_and_radar_missions_are_shown_and_removed() -> None:
    s = fresh()
    for m in ("10-airfield-1", "11-radar-1", "C11-01", "C12-04", "C13-03"):
        s.apply(Action("draw", item=m))
    s.apply(Action("assign", mission="C11-01"))
    s.apply(Action("assign", mission="C12-04"))
    s.apply(Action("assign", mission="C13-03"))
    assert set(s.removed) == {"10-airfield-1", "11-radar-1"}
    assert s.assigned == {2: "C11-01", 3: "C12-04", 5: "C13-03"}
    s2 = fresh()
    for m in ("10-airfield-1", "11-radar-1", "C11-01", "C12-04", "C13-03"):
        s2.apply(Action("draw", item=m))
    for m in ("10-airfield-1", "11-radar-1", "C11-01"):
        s2.apply(Action("assign", mission=m))
    assert s2.removed == () and {"C12-04", "C13-03"} <= set(s2.deck)  # cities go back


def test_ju87s_leave_at_the_start_of_turn_5() -> None:
    s = fresh()
    s.queue = (("turn",),)
    s.turn_no = 4
    s._advance()
    stukas = [c for c, card in s.c.cards.items() if card.aircraft == "Ju 87"]
    assert stukas and all(s.loc[c] == "gone" for c in stukas)


def test_british_flight_boxes_get_three_unseen_cards() -> None:
    s = fresh()
    until(s, "reinforce")
    assert all(s.unseen[f] == 3 for f in ("10A", "11D", "13B"))
    assert s.fb("11A") == []  # nobody knows them yet (B22)


def test_a_british_flight_short_of_three_cards_leaves_the_board() -> None:
    s = fresh()
    s.loc["raf-13-01"] = "dmg"  # 13 Group: 5 cards for two flights
    until(s, "reinforce")
    assert s.fl["13A"].status == ON_MAP and s.fl["13B"].status == DOWN


def test_a_luftflotte_short_of_six_per_flight_leaves_for_good() -> None:
    s = fresh()
    for c in s.c.decks[5][:4]:
        s.loc[c] = "shot"  # Luftflotte 5: 5 cards left
    until(s, "reinforce")
    assert s.fl["5A"].status == OUT
    assert all(s.loc[c] in ("shot", "gone") for c in s.c.decks[5])


def test_german_reinforcement_adds_a_card_per_cross() -> None:
    s = fresh()
    until(s, "reinforce")
    for _ in range(7):
        node = s.next()
        assert isinstance(node, Decision)
        f = node.options[0].get("flight")
        s.apply(Action("reinforce" if f == "2A" else "pass", flight=f))
    until(s, "reinforce_roll")
    assert len(s.fb("2A")) == 6
    s.apply(roll(cross=2, roundel=1, blank=3))
    until(s, "lw_move")
    assert len(s.fb("2A")) == 8 and len(s.fb("2B")) == 6


# --- B.I Moving ---------------------------------------------------------------------------------
def at_german_move(flight: str = "2A"):  # type: ignore[no-untyped-def]
    s = fresh()
    until(s, "lw_move")
    while s.queue[0] != ("lw_move", flight):
        node = s.next()
        assert isinstance(node, Decision)
        here = s.fl[str(node.options[0].get("flight"))].pos
        s.apply(Action("move", flight=node.options[0].get("flight"), to=here))
    return s


def test_the_first_working_radar_space_stops_a_german_flight() -> None:
    s = at_german_move()
    dests = s.lw_destinations("2A")
    assert dests["K17"][0] == 1  # Dover's radar-scanned space
    assert "I16" not in dests  # the coast's radar line stops every flight crossing it


def test_a_destroyed_radar_stops_nobody_but_counts_as_entered() -> None:
    s = at_german_move()
    s.destroyed = frozenset(st for sts in s.c.rs.values() for st in sts)
    dests = s.lw_destinations("2A")
    assert "I16" in dests and dests["K17"][1]  # radar-scanned, not stopped


def test_a_german_move_uses_the_lowest_fuel_marker_and_stops_at_radar() -> None:
    s = at_german_move()
    s.apply(Action("move", flight="2A", to="K17"))
    f = s.fl["2A"]
    assert f.fuel == 0b1 and f.rs and f.rs_stop and f.airborne and f.pos == "K17"


def test_no_landing_before_a_radar_scanned_space() -> None:
    s = at_german_move()
    s.apply(Action("move", flight="2A", to="L18"))
    assert s.fl["2A"].status == ON_MAP  # standing at home is no landing


def test_landing_after_the_radar_space() -> None:
    s = at_german_move()
    s.set("2A", pos="K17", rs=True, rs_stop=True, airborne=True)
    s._node = None
    s.apply(Action("move", flight="2A", to="L18"))
    assert s.fl["2A"].status == LANDED


def test_fighters_leave_at_the_end_of_the_fourth_move() -> None:
    s = at_german_move()
    s.stage = 4
    s._auto_lw_moved(("lw_moved",))
    for f in ("2A", "3A", "5A"):
        assert s.fb(f) and not any(s.fighter(c) for c in s.fb(f)), f


def test_bf109_only_option_keeps_bf110s() -> None:
    s = fresh(fighters_leave="bf109")
    until(s, "lw_move")
    s.stage = 4
    s._auto_lw_moved(("lw_moved",))
    kinds = {s.c.cards[c].aircraft for f in ("2A", "2B", "2C") for c in s.fb(f)}
    assert "Bf 109" not in kinds


def test_entering_a_space_fully_within_12_group_sends_fighters_home() -> None:
    s = at_german_move()
    s.set("2A", pos="H12", rs=True, rs_stop=True, airborne=True)
    s.loc[
        next(c for c in s.c.decks[2] if s.c.cards[c].aircraft == "Bf 109" and s.loc[c] == "crb")
    ] = "fb:2A"
    assert any(s.fighter(c) for c in s.fb("2A"))
    s._node = None
    s.apply(Action("move", flight="2A", to="H13"))
    assert s.fb("2A") == [] or not any(s.fighter(c) for c in s.fb("2A"))
    assert s.fl["2A"].nofighters


def test_british_flights_move_0_to_3_spaces_over_britain_and_the_sea() -> None:
    s = fresh()
    until(s, "raf_move")
    node = s.next()
    assert isinstance(node, Decision)
    f = str(node.options[0].get("flight"))
    board = s.c.board
    for a in node.options:
        to = str(a.get("to"))
        assert board.distance(s.fl[f].pos, to) <= 3
        assert board.spaces[to].country not in ("france", "belgium", "netherlands", "norway")


def test_british_refill_inside_the_group_up_to_three() -> None:
    s = fresh()
    until(s, "raf_move")
    s.unseen["11A"] = 1
    run(s, ("refill", "11A"))
    node = s.next()
    assert isinstance(node, Decision) and [a.get("n") for a in node.options] == [0, 1, 2]


# --- B.II Dogfighting -----------------------------------------------------------------------
def dogfight_position():  # type: ignore[no-untyped-def]
    s = fresh()
    until(s, "raf_move")
    for f in s.flights_of(2) + s.flights_of(3) + s.flights_of(5):
        if f != "2A":
            s.set(f, status=LANDED)
    for f in ("10A", "10B", "10C", "11B", "11C", "11D", "12A", "12B", "12C", "13A", "13B"):
        s.set(f, status=DOWN, pos=None)
        s.unseen[f] = 0
    s.set("2A", pos="I17", airborne=True, rs=True, rs_stop=True)
    s.set("11A", pos="I17", marker=0)
    for c in s.fb("2A"):
        s.loc[c] = "crb"
    bf109 = [c for c in s.c.decks[2] if s.c.cards[c].aircraft == "Bf 109" and s.loc[c] == "crb"]
    he111 = [c for c in s.c.decks[2] if s.c.cards[c].aircraft == "He 111" and s.loc[c] == "crb"]
    for c in bf109[:3] + he111[:3]:
        s.loc[c] = "fb:2A"
    s.queue = (("dogfights",), ("stage_end",))
    s._node = None
    s._advance()
    return s


def test_a_dogfight_counts_both_colours_for_both_sides() -> None:
    s = dogfight_position()
    s.apply(Action("dogfight", space="I17"))
    s.apply(Action("attack", flight="2A"))
    for _ in range(6):
        node = s.next()
        assert isinstance(node, Decision) and node.seat == "luftwaffe"
        s.apply(node.options[-1])  # up to 3 stacks
    assert s.fight[2] == 3 and sum(s.stack_sizes()) == 6
    for _ in range(3):  # no marker: all 3 cards of 11A
        node = s.next()
        s.apply(Action("draw", item=sorted(node.items)[0]))  # type: ignore[union-attr]
    k = max((1, 2, 3), key=lambda k: sum(s.c.cards[c].dogfight for c in s.cards_at(f"stack:{k}")))
    s.apply(Action("match", flight="11A", stack=k))
    n_lw = s.next().count  # type: ignore[union-attr]
    s.apply(roll(roundel=2, cross=1, blank=n_lw - 3))  # black dice
    n_raf = s.next().count  # type: ignore[union-attr]
    s.apply(roll(roundel=1, cross=2, blank=n_raf - 3))  # white dice
    for seat in ("raf", "luftwaffe"):  # the owners choose their losses (B.II.6)
        node = s.next()
        assert isinstance(node, Decision) and node.seat == seat
        s.apply(node.options[0])
    # 3 roundels: one British card shot down; 3 crosses: one German card
    assert len(s.cards_at("dmg")) == 1
    assert len(s.cards_at("shot")) == 1
    assert s.fight == ()  # and the stage goes on


def test_the_texts_example_eight_hits_shoot_down_three_squadrons_in_a_dogfight() -> None:
    """B.II.5: "8 hits will shoot down 3 squadrons": 8 crosses on a stack of 4 cards."""
    s = dogfight_position()
    s.apply(Action("dogfight", space="I17"))
    s.apply(Action("attack", flight="2A"))
    for _ in range(6):
        s.apply(s.next().options[0])  # type: ignore[union-attr]  # stacks of 4, 1, 1
    assert s.stack_sizes() == [4, 1, 1]
    for _ in range(3):
        node = s.next()
        s.apply(Action("draw", item=sorted(node.items)[0]))  # type: ignore[union-attr]
    s.apply(Action("match", flight="11A", stack=1))
    n_lw = s.next().count  # type: ignore[union-attr]
    s.apply(roll(cross=3, blank=n_lw - 3))  # black dice: crosses hit the Luftwaffe too
    n_raf = s.next().count  # type: ignore[union-attr]
    assert n_raf >= 5
    s.apply(roll(cross=5, blank=n_raf - 5))  # white: 3 + 5 = 8 crosses, no roundel
    for _ in range(3):  # the German player chooses the 3 squadrons lost (B.II.6)
        node = s.next()
        assert isinstance(node, Decision) and node.seat == "luftwaffe"
        s.apply(node.options[0])
    assert len(s.cards_at("shot")) == 3 and not s.cards_at("dmg")
    assert len(s.fb("2A")) == 3  # the fourth card of the stack and the other two stacks


def test_the_stacks_are_at_most_three_and_never_empty() -> None:
    s = dogfight_position()
    s.apply(Action("dogfight", space="I17"))
    s.apply(Action("attack", flight="2A"))
    seen = []
    for _ in range(6):
        node = s.next()
        assert isinstance(node, Decision)
        seen.append([a.get("n") for a in node.options])
        s.apply(node.options[0])  # all on stack 1 as long as the rest can fill 2 and 3
    assert seen[0] == [1, 2, 3] and seen[-2] == [2, 3] and seen[-1] == [3]
    assert s.stack_sizes() == [4, 1, 1]


def test_the_german_player_numbers_the_stacks_so_a_number_says_nothing() -> None:
    # B.II.2: the GP lays each card on the stack he likes. The Flight box lists the bombers
    # first, and when a new stack was always the next number its first card (a bomber) was
    # always on stack 1; the heuristic and the search's policy now open a stack at random
    for chooser in ("heuristic", "policy"):
        first_card_on = set()
        for seed in range(12):
            s = dogfight_position()
            s.apply(Action("dogfight", space="I17"))
            s.apply(Action("attack", flight="2A"))
            first = s.fb("2A")[0]
            assert s.c.cards[first].bombing  # an He 111
            player, rng = heuristic("luftwaffe", seed), random.Random(seed)
            while s.queue[0][0] == "stack":
                node = s.next()
                assert isinstance(node, Decision)
                view = s.view("luftwaffe", infostate=False)
                pick = (
                    player.choose(view, node)
                    if chooser == "heuristic"
                    else shield_bombers(s, node, rng)
                )
                s.apply(pick)
            first_card_on.add(s.loc[first])
        assert first_card_on == {"stack:1", "stack:2", "stack:3"}, (chooser, first_card_on)


# --- B.III Bombing --------------------------------------------------------------------------
def bombing_position():  # type: ignore[no-untyped-def]
    s = dogfight_position()
    s.set("11A", status=DOWN, pos=None)
    s.assigned = {2: "C11-01"}
    s.queue = (("bombing",), ("stage_end",))
    s._node = None
    s._advance()
    return s


def test_bombing_hits_accumulate_and_two_crosses_down_a_bomber() -> None:
    s = bombing_position()
    target = s.c.missions["C11-01"].target
    node = s.next()
    assert isinstance(node, Decision) and node.options[0].kind == "bomb"
    bombers = len(s.bombers("2A"))
    s.apply(node.options[0])
    n = s.next().count  # type: ignore[union-attr]
    s.apply(roll(roundel=2, cross=2, blank=n - 4))
    assert s.hits["C11-01"] == 2 and target not in s.destroyed
    if bombers > 1:
        s.apply(s.next().options[0])  # type: ignore[union-attr]
    assert len(s.bombers("2A")) == bombers - 1
    assert s.target[2] == target  # the card is flipped


def test_three_hits_destroy_a_city_and_complete_the_mission() -> None:
    s = bombing_position()
    s.hits["C11-01"] = 2
    s.target[2] = str(s.c.missions["C11-01"].target)
    s.apply(s.next().options[0])  # type: ignore[union-attr]
    n = s.next().count  # type: ignore[union-attr]
    s.apply(roll(roundel=1, blank=n - 1))
    assert "C11-01" in s.completed and s.c.missions["C11-01"].target in s.destroyed
    assert s.production(11) == 8 - s.c.board.features[str(s.c.missions["C11-01"].target)].production  # type: ignore[operator]


# --- C. The Post-Flight Stage ---------------------------------------------------------------
def test_nine_missions_win_for_the_german_player() -> None:
    s = fresh()
    s.completed = tuple(sorted(s.c.missions)[:9])
    run(s, ("post_flight",))
    assert isinstance(s.next(), Terminal) and s.result.winner == "luftwaffe"  # type: ignore[union-attr]


def test_turn_8_without_nine_missions_wins_for_the_british() -> None:
    s = fresh()
    s.turn_no = 8
    s.completed = tuple(sorted(s.c.missions)[:8])
    run(s, ("post_flight",))
    assert s.result is not None and s.result.winner == "raf"


def test_no_working_luftflotte_wins_for_the_british() -> None:
    s = fresh()
    for lf, keep in ((2, 17), (3, 17), (5, 5)):
        for c in s.c.decks[lf][keep:]:
            s.loc[c] = "shot"
    run(s, ("post_flight",))
    assert s.result is not None and s.result.winner == "raf"


def test_repairs_one_squadron_per_roundel() -> None:
    s = fresh()
    s.turn_no = 1
    for c in s.c.decks[11][:3]:
        s.loc[c] = "dmg"
    run(s, ("post_flight",))
    while s.queue[0][0] != "repair_dice":
        s.apply(s.next().options[-1])  # type: ignore[union-attr]  # keep the dice, all on squadrons
    assert s.next().count == 8  # type: ignore[union-attr]  # London 4, Port of London 3, Portsmouth 1
    s.apply(roll(roundel=2, blank=6))
    for _ in range(2):  # the British player selects the squadrons repaired
        node = s.next()
        assert isinstance(node, Decision) and node.options[0].kind == "fix"
        s.apply(node.options[0])
    assert len(s.damaged_cards(11)) == 1


def test_given_dice_repair_squadrons_only() -> None:
    """C.II: a Group with nothing to repair gives its dice "for squadron repairs only"."""
    s = fresh()
    s.turn_no = 1
    s.destroyed = frozenset({"Biggin Hill"})
    for c in s.c.decks[11][:3]:
        s.loc[c] = "dmg"
    run(s, ("post_flight",))
    for g in (10, 12, 13):  # each gives its dice to 11 Group
        node = s.next()
        assert isinstance(node, Decision) and node.options[0] == Action("donate", to=11), g
        s.apply(node.options[0])
    node = s.next()
    assert isinstance(node, Decision) and "39 given for squadrons" in node.prompt
    assert [a.get("squadrons") for a in node.options] == list(range(9))  # only its own 8
    s.apply(Action("repair", squadrons=0))
    assert s.next().count == 39  # type: ignore[union-attr]  # 10 + 20 + 9, all on squadrons
    s.apply(roll(blank=39))
    assert s.next().count == 8  # type: ignore[union-attr]  # its own 8 on Biggin Hill


def test_a_repaired_base_loses_its_damage() -> None:
    s = fresh()
    s.turn_no = 1
    s.destroyed = frozenset({"Tangmere", "Biggin Hill", "London"})
    run(s, ("post_flight",))
    while s.queue[0][0] != "repair_dice" or s.queue[0][2] != "bases":
        s.apply(s.next().options[0])  # type: ignore[union-attr]  # 0 dice on squadrons
    assert s.next().count == 4  # type: ignore[union-attr]  # London is gone: 3 + 1
    s.apply(roll(roundel=1, blank=3))
    node = s.next()
    assert isinstance(node, Decision) and [a.get("base") for a in node.options] == [
        "Tangmere",
        "Biggin-Hill",
    ]
    s.apply(node.options[1])
    assert s.destroyed == frozenset({"Tangmere", "London"})  # cities cannot be repaired


def test_a_stranded_flight_loses_a_squadron_on_a_cross() -> None:
    s = dogfight_position()
    s.set("11A", status=DOWN, pos=None)
    s.set("2A", pos="I16")
    n = len(s.fb("2A"))
    s.queue = (("crash", "2A", 0), ("homecoming",), ("turn",))
    s._node = None
    s._advance()
    node = s.next()
    assert node.count == s.home_distance("2A")  # type: ignore[union-attr]
    s.apply(roll(cross=1, blank=node.count - 1))  # type: ignore[union-attr]
    assert len(s.fb("2A")) == n - 1


def test_homecoming_is_limited_by_undamaged_airfields() -> None:
    s = fresh()
    s.destroyed = frozenset({"Tangmere", "Biggin Hill", "Hornchurch"})
    run(s, ("homecoming",))
    node = s.next()
    assert isinstance(node, Decision) and node.options[0].kind == "wait"
    assert len(node.options) == 4
    for _ in range(3):
        s.apply(s.next().options[0])  # type: ignore[union-attr]
    waiting = [f for f in ("11A", "11B", "11C", "11D") if s.fl[f].status == WAITING]
    assert len(waiting) == 3


def test_the_first_flight_into_an_enemy_space_stops_the_next_passes() -> None:
    s = at_german_move()
    s.destroyed = frozenset(st for sts in s.c.rs.values() for st in sts)  # no radar stops
    s.set("11B", pos="J17")
    # every space about J17 is also reached around it, so the stop shows in the flights' moves
    s.apply(Action("move", flight="2A", to="J17"))  # 2A ends up with 11B: it stops there
    assert "J17" in s.passes
    node = s.next()
    assert isinstance(node, Decision) and node.options[0].get("flight") == "2B"
    through = {str(a.get("to")) for a in node.options}
    assert "H16" in through  # 2B may fly on through J17 (L18 -> K17 -> J17 -> I16 -> H16)


def test_a_flight_entering_an_enemy_space_stops_there() -> None:
    s = fresh()
    until(s, "raf_move")
    pos = s.fl["11B"].pos
    ring = frozenset(s.c.board.neighbours(str(pos)))
    boxed = s._raf_search(str(pos), ring)  # an enemy in every space about it
    assert set(boxed) <= {pos, *ring} and max(boxed.values()) == 1
    free = s._raf_search(str(pos), frozenset())
    assert max(free.values()) == 3


def test_with_move_order_chosen_the_mover_picks_the_next_flight() -> None:
    s = fresh(move_order="chosen")
    until(s, "lw_pick")
    node = s.next()
    assert isinstance(node, Decision) and len(node.options) == 7
    s.apply(Action("next", flight="3B"))
    node = s.next()
    assert isinstance(node, Decision) and node.options[0].get("flight") == "3B"
    s.apply(node.options[0])
    node = s.next()
    assert isinstance(node, Decision) and "3B" not in {a.get("flight") for a in node.options}

"""Medal tokens ("Events and Medal tokens"): how they are earned (the 5th kill, a won Scenario,
from a supply of 8) and spent (another pilot's ability, Withdraw, stopping an extra German move
after a shoot-down), one per pilot per turn; the dice fixed."""

from __future__ import annotations

from dowding.engine import Action, Decision, Roll
from dowding.rulesets.squadron303.combat import shoot_down_german
from dowding.rulesets.squadron303.pieces import German
from dowding.rulesets.squadron303.reorganization import do_endturn
from dowding.rulesets.squadron303.state import S303State
from tests.rulesets.squadron303.test_game_examples import _decide, _table

FOUR = ("no_free_move", "discard_card", "hand_size", "no_extra")


def _abilities(state: S303State, p1: str, p2: str, medals: int = 1) -> S303State:
    state.planes = (
        state.plane("p1")._replace(pilot=p1, medals=medals),
        state.plane("p2")._replace(pilot=p2, medals=0),
    )
    state.queue = (("step", "abilities"),)
    state._node = None
    state._advance()
    return state


def test_a_medal_buys_another_pilots_ability_never_ones_own() -> None:
    # "Use another player's Pilot ability ... A player cannot spend a Medal to use the Ability of
    # their own Pilot": Paszkiewicz's pilot (p1) buys Zumbach's, whom p2 flies.
    state = _abilities(_table(), "paszkiewicz", "zumbach")
    _decide(state, Action("ability", use=0))  # p2 declines Zumbach's for the yellow die
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    assert {str(o.get("pilot")) for o in node.options if o.kind == "borrow"} == {"zumbach"}
    _decide(state, Action("borrow", pilot="zumbach"))
    p1 = state.plane("p1")
    assert (p1.medals, p1.medal_used, p1.borrowed) == (0, True, "zumbach")
    state.next()
    # Zumbach's ability acts for p1 at the draw: 3 cards; p2, who declined it, draws 2
    assert state.queue.count(("draw", "p1")) == 3 and state.queue.count(("draw", "p2")) == 2


def test_one_medal_per_pilot_per_turn() -> None:
    # "one Pilot can use only one Medal per turn": after buying an ability, no Withdraw
    state = _abilities(_table(), "paszkiewicz", "zumbach", medals=2)
    _decide(state, Action("ability", use=1))
    _decide(state, Action("borrow", pilot="zumbach"))
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (
        state.plane("p1")._replace(fought_last=("brown",), moves_left=0),
        state.plane("p2")._replace(moves_left=0),
    )
    state.queue = (("move", "p1"),)
    state._node = None
    node = state.next()
    assert isinstance(node, Decision) and Action("withdraw") not in node.options
    assert state.plane("p1").medals == 1


def _shoot_down_near(state: S303State, p2_area: str, medals: int) -> S303State:
    """The shoot-down example's Areas: p1 shot down in A7; the brown squadron in A7 and A5."""
    sq = state.squadron("brown")
    a7, a5 = sq.path.index("A7"), sq.path.index("A5")
    state.germans = (
        German("brown-1", "bf109", "brown", "A7", a7),
        German("brown-2", "he111", "brown", "A7", a7),
        German("brown-3", "he111", "brown", "A5", a5),
    )
    state.planes = (
        state.plane("p1")._replace(damage=FOUR, medals=1),
        state.plane("p2")._replace(area=p2_area, medals=medals),
    )
    state.queue = (("damage", "p1"), ("move", "p2"))
    state._node = None
    state._advance()
    return state


def test_a_medal_stops_a_squadrons_extra_move() -> None:
    # "Prevent an additional Movement of one selected German squadron ... any player whose
    # Pilot is located in the Area or adjacent": p2 in A5, next to A7, spends his Medal.
    state = _shoot_down_near(_table(), "A5", 1)
    assert state.plane("p1").medals == 0  # a shot-down pilot's Medals are lost
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p2"
    assert node.options == (Action("pass"), Action("medal", squadron="brown"))
    _decide(state, Action("medal", squadron="brown"))
    assert {g.id: g.area for g in state.germans} == {
        "brown-1": "A7",
        "brown-2": "A7",
        "brown-3": "A5",
    }
    assert state.plane("p2").medals == 0 and state.target_damage == ()


def test_a_medal_not_spent_lets_the_squadron_move() -> None:
    state = _shoot_down_near(_table(), "A5", 1)
    _decide(state, Action("pass"))
    assert state.german("brown-3").area == "biggin-hill"  # it reaches its target and bombs
    assert dict(state.target_damage)["biggin-hill"] == 1 and state.plane("p2").medals == 1


def test_a_pilot_far_from_the_shoot_down_cannot_stop_it() -> None:
    state = _shoot_down_near(_table(), "northolt", 1)
    node = state.next()
    assert not (isinstance(node, Decision) and node.prompt.startswith("p2: spend a Medal"))
    assert state.german("brown-3").area == "biggin-hill"


def test_the_fifth_kill_earns_a_medal() -> None:
    # "shooting down 5 enemy aircraft (such a medal is awarded after shooting down the 5th)"
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (state.plane("p1")._replace(kills=("bf109",) * 4, medals=0), state.planes[1])
    shoot_down_german(state, "p1", state.german("brown-1"))
    assert state.plane("p1").medals == 1 and len(state.plane("p1").kills) == 5


def test_a_won_scenario_gives_a_medal_to_each_pilot_in_play() -> None:
    # "at the end of the game for winning the Scenario ... only to the pilots that are in play"
    state = _table()
    state.turn_no = state.scenario.turns
    state.planes = (
        state.plane("p1")._replace(medals=0),
        state.plane("p2")._replace(medals=0, status="withdrawn"),
    )
    state.pilots = ("henneberg",)
    state.queue = ()
    do_endturn(state, ("endturn",))
    assert state.result is not None and state.result.winner == "raf"
    assert [p.medals for p in state.planes] == [1, 0]


def test_the_medal_supply_runs_out_at_eight() -> None:
    state = _table()
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (
        state.plane("p1")._replace(kills=("bf109",) * 4, medals=3),
        state.plane("p2")._replace(medals=5),
    )
    shoot_down_german(state, "p1", state.german("brown-1"))
    assert state.plane("p1").medals == 3


def test_an_ability_of_the_combat_roll_is_bought_as_the_fight_starts() -> None:
    # "They can do it at the moment they wish to use the Ability": p1 (Paszkiewicz) buys
    # František's as his Fight starts: three dice, Evades read as Hits
    state = _abilities(_table(), "paszkiewicz", "frantisek")
    _decide(state, Action("ability", use=1))
    node = state.next()
    assert not (isinstance(node, Decision) and node.prompt.startswith("p1: spend a Medal"))
    state.germans = (German("brown-1", "bf109", "brown", "A7", 2),)
    state.planes = (state.plane("p1")._replace(hand=()), state.plane("p2"))
    state.queue = (("fight", "p1"), ("move", "p2"))
    state._node = None
    _decide(state, Action("fight", target="brown-1", medal="frantisek"))
    p1 = state.plane("p1")
    assert (p1.medals, p1.medal_used, p1.borrowed) == (0, True, "frantisek")
    node = state.next()
    assert isinstance(node, Roll) and len(node.dice) == 3

"""End of the game and the goals ("End of the game", "Events and Medal tokens")."""

from __future__ import annotations

import pytest

from dowding.rulesets.squadron303.components import Components, Goal, load_components
from dowding.rulesets.squadron303.victory import Facts, event_goal_turn, goal_met, scenario_end


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components()


def _facts(turn: int, damage: int = 0, **kw: object) -> Facts:
    return Facts(
        turn=turn,
        target_damage={"biggin-hill": damage},
        toughness={"biggin-hill": 3},
        **kw,  # type: ignore[arg-type]
    )


def test_biggin_hill_destroyed_ends_it_for_the_luftwaffe(comp: Components) -> None:
    sc = comp.scenario("attack-on-biggin-hill")
    assert scenario_end(sc, _facts(3, damage=3), False, False) == (
        "luftwaffe",
        "the Luftwaffe met the Scenario goal",
    )
    assert scenario_end(sc, _facts(3, damage=2), False, False) is None


def test_biggin_hill_standing_at_the_last_turn_is_a_win(comp: Components) -> None:
    sc = comp.scenario("attack-on-biggin-hill")
    assert scenario_end(sc, _facts(sc.turns, damage=2), False, False) == (
        "raf",
        "the players met the Scenario goal",
    )


def test_an_empty_reserve_loses(comp: Components) -> None:
    sc = comp.scenario("attack-on-biggin-hill")
    result = scenario_end(sc, _facts(2), False, reserve_short=True)
    assert result is not None and result[0] == "luftwaffe"


def test_shoot_down_goals() -> None:
    players = Goal(kind="shoot_down", count=8)
    assert goal_met(players, Facts(turn=3, kills=8), False)
    assert not goal_met(players, Facts(turn=3, kills=7), False)
    germans = Goal(kind="shoot_down", count=2)
    assert goal_met(germans, Facts(turn=3, pilots_down=2), False, "luftwaffe")
    own = Goal(kind="shoot_down", count=1, own=True)
    assert not goal_met(own, Facts(turn=3, kills=3), False)
    assert goal_met(own, Facts(turn=3, own_kills=1), False)


def test_on_patrol_holds_an_area_the_turn_after_its_reveal(comp: Components) -> None:
    event = next(e for e in comp.events if e.id == "on-patrol")
    goal = event_goal_turn(event.players_goal, revealed=2)
    assert goal.turn == 3
    assert goal_met(goal, Facts(turn=3, pilots_in=frozenset({"tonbridge"})), False)
    assert not goal_met(goal, Facts(turn=2, pilots_in=frozenset({"tonbridge"})), False)


def test_coming_home_needs_everyone_landed_at_the_end(comp: Components) -> None:
    sc = comp.scenario("coming-home")
    assert scenario_end(sc, Facts(turn=sc.turns, all_landed=True), False, False) == (
        "raf",
        "the players met the Scenario goal",
    )
    assert scenario_end(sc, Facts(turn=2, all_landed=True), False, False) is None


def test_battle_of_britain_day_asks_a_smaller_team_for_four(comp: Components) -> None:
    # "End of the game": the players win on their goal. Ours: Battle of Britain Day's eight is
    # four for one to three players (docs/rules/squadron303.md, Balance, "Fewer players")
    sc = comp.scenario("battle-of-britain-day")
    four = Facts(turn=3, kills=4, target_damage={"london": 0}, toughness={"london": 4})
    assert comp.players_goal(sc.id, 4).count == 8
    for players in (1, 2, 3):
        goal = comp.players_goal(sc.id, players)
        assert (goal.kind, goal.count) == ("shoot_down", 4)
        assert scenario_end(sc, four, False, False, goal) == (
            "raf",
            "the players met the Scenario goal",
        )
    assert scenario_end(sc, four, False, False, comp.players_goal(sc.id, 4)) is None
    # a Scenario whose setups name no goal of their own keeps its one goal for every count
    blitz = comp.scenario("blitz")
    assert all(comp.players_goal("blitz", n) == blitz.players_goal for n in (1, 2, 3, 4))

"""End of the game, and the goals of Scenarios and Events ("End of the game", "Events and Medal
tokens", "Campaign"). Goals are data (``components.Goal``); these functions say when one is met
from facts the game state gathers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .components import Goal, Scenario


@dataclass(frozen=True)
class Facts:
    """What the goals look at, at the end of a turn."""

    turn: int
    target_damage: Mapping[str, int] = field(default_factory=dict)  # Area -> damage
    toughness: Mapping[str, int] = field(default_factory=dict)  # Area -> its Toughness
    kills: int = 0  # German aircraft the players shot down
    own_kills: int = 0  # of the Event's own planes (an Event's goal)
    pilots_down: int = 0  # RAF pilots shot down
    own_exited: int = 0  # of the Event's own planes that left the board
    pilots_in: frozenset[str] = frozenset()  # Areas with an airborne pilot
    all_landed: bool = False  # every pilot in play is on an airfield


def goal_met(goal: Goal, facts: Facts, last_turn: bool, side: str = "players") -> bool:
    """Whether ``goal`` is met now. A ``protect`` goal is met when the last turn ends with the
    target short of its Toughness; ``land`` likewise at the end; ``hold`` at the end of its
    turn (``turn`` is already absolute here). ``shoot_down`` counts German aircraft for the
    players and RAF pilots for the Luftwaffe."""
    if goal.kind == "bomb":
        assert goal.area is not None
        return facts.target_damage.get(goal.area, 0) >= facts.toughness[goal.area]
    if goal.kind == "protect":
        assert goal.area is not None
        return last_turn and facts.target_damage.get(goal.area, 0) < facts.toughness[goal.area]
    if goal.kind == "shoot_down":
        if side == "luftwaffe":
            return facts.pilots_down >= goal.count
        return (facts.own_kills if goal.own else facts.kills) >= goal.count
    if goal.kind == "hold":
        return facts.turn == goal.turn and goal.area in facts.pilots_in
    if goal.kind == "exit":
        return facts.own_exited >= goal.count
    if goal.kind == "land":
        return last_turn and facts.all_landed
    raise AssertionError(goal.kind)


def scenario_end(
    scenario: Scenario,
    facts: Facts,
    no_pilots_left: bool,
    reserve_short: bool,
    players_goal: Goal | None = None,
) -> tuple[str, str] | None:
    """At the end of a turn: (winner, reason) when the game ends, else None ("End of the
    game"). The Germans' goal is looked at first: the players lose when it is met, or when a
    new pilot must come in and the Reserve is empty (``reserve_short``); all pilots out with no
    Reserve ends it too. Otherwise the players win on their goal; the last turn ends it either
    way (a goal not met is a loss: "Players win when they have met the goal")."""
    last = facts.turn >= scenario.turns
    if goal_met(scenario.luftwaffe_goal, facts, last, "luftwaffe"):
        return ("luftwaffe", "the Luftwaffe met the Scenario goal")
    if reserve_short or no_pilots_left:
        return ("luftwaffe", "a pilot had to come in and the Reserve was empty")
    # the goal for this many players (``Components.players_goal``), by default the Scenario's
    if goal_met(players_goal or scenario.players_goal, facts, last):
        return ("raf", "the players met the Scenario goal")
    if last:
        return ("luftwaffe", "the last turn ended with the Scenario goal not met")
    return None


def event_goal_turn(goal: Goal, revealed: int) -> Goal:
    """An Event's goal with its turn made absolute (an Event counts from its reveal)."""
    return goal if goal.turn is None else goal.model_copy(update={"turn": revealed + goal.turn})

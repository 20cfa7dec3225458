"""Positions for the rule tests: a fresh game driven with chosen dice and cards."""

from __future__ import annotations

from dowding.engine import Action, Chance, Decision, Draw, SymbolPool, Terminal
from dowding.engine.tasks import Task
from dowding.rulesets.bob1990 import GAME
from dowding.rulesets.bob1990.state import Bob1990State


def fresh(**options: object) -> Bob1990State:
    return GAME.new_state(None, options)


def blank(node: Chance) -> Action:
    """A roll of nothing but blanks, or the first card of a draw."""
    if isinstance(node, SymbolPool):
        return Action("roll", blank=node.count, cross=0, roundel=0)
    assert isinstance(node, Draw)
    return Action("draw", item=sorted(node.items)[0])


def roll(roundel: int = 0, cross: int = 0, blank: int = 0) -> Action:
    return Action("roll", blank=blank, cross=cross, roundel=roundel)


def until(state: Bob1990State, kind: str, limit: int = 5000) -> None:
    """Play the first option (blank dice, first cards) until the head task is ``kind``."""
    for _ in range(limit):
        if state.queue and state.queue[0][0] == kind:
            return
        node = state.next()
        assert not isinstance(node, Terminal), f"the game ended before {kind}"
        state.apply(node.options[0] if isinstance(node, Decision) else blank(node))
    raise AssertionError(f"no {kind} task in {limit} steps")


def run(state: Bob1990State, *tasks: Task) -> None:
    """Put ``tasks`` at the head of the queue and run what needs nobody."""
    state.queue = tuple(tasks) + state.queue
    state._node = None
    state._advance()

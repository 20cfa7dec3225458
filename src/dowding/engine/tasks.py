"""A State whose turn is a queue of small tasks: the head of the queue is what happens next.

Rulesets written this way (crane, bob) give each task kind a handler ``_do_<kind>(task,
action)``, a decision builder, and the set of kinds that are chance events; this base answers
``next()`` from the head of the queue and applies an action to it, then lets the ruleset run
every task that needs nobody (``_advance``).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from .actions import Action
from .dice import Chance
from .game import Decision, Event, Node, State, Terminal

Task = tuple[Any, ...]


class TaskQueueState(State):
    chance_tasks: ClassVar[frozenset[str]]
    handlers: ClassVar[dict[str, Callable[..., None]]]  # kind -> _do_<kind>

    queue: tuple[Task, ...]
    result: Terminal | None
    _node: Node | None
    _log: list[Event]

    def next(self) -> Node:
        if self._node is None:
            self._node = self._compute_node()
        return self._node

    def _compute_node(self) -> Node:
        if self.result is not None:
            return self.result
        task = self.queue[0]
        if task[0] in self.chance_tasks:
            return self._chance(task)
        decision = self._decision(task)
        assert decision is not None, f"task {task} should have run by itself"
        return decision

    def _apply(self, action: Action) -> None:
        self._node = None
        task = self.queue[0]
        self.queue = self.queue[1:]
        self.handlers[task[0]](self, task, action)
        self._advance()
        self.events = tuple(self._log)
        self._log = []

    @abstractmethod
    def _chance(self, task: Task) -> Chance: ...

    @abstractmethod
    def _decision(self, task: Task) -> Decision | None: ...

    @abstractmethod
    def _advance(self) -> None:
        """Run every task that needs no decision or dice, until one does or the game ends."""


def handlers_of(cls: type) -> dict[str, Callable[..., None]]:
    """The ``_do_<kind>`` methods of a class, by kind."""
    return {name[4:]: fn for name, fn in vars(cls).items() if name.startswith("_do_")}

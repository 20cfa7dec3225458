"""The conformance checks can fail: each broken variant of the toy game is caught."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dowding.engine import Action, Decision, Node
from tests.support import BIG_SEED, check_copy, check_dict, check_node, check_refusals, check_views
from tests.toygame import TOY, ToyState, random_toy_state


def broken(cls: type[ToyState], steps: int) -> ToyState:
    state = random_toy_state(steps, seed=5)
    state.__class__ = cls
    return state


class LeakyView(ToyState):
    def view(self, seat: str | None, infostate: bool = True) -> dict[str, Any]:
        return {**super().view(seat, infostate), "target": self.target}


class SharedCopy(ToyState):
    def copy(self) -> ToyState:
        other = super().copy()
        other.scores = self.scores
        return other


class LossyDict(ToyState):
    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "history": []}


class SetInDict(ToyState):
    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "history": set(self.history)}


class MutatingRefusal(ToyState):
    def check_free(self, action: Any, decision: Any) -> str | None:
        self.bombers += 1
        return "never"


class SeedInView(ToyState):
    def view(self, seat: str | None, infostate: bool = True) -> dict[str, Any]:
        return {**super().view(seat, infostate), "rng": {"seed": 1}}


class UnsortedTrusted(ToyState):
    def next(self) -> Node:
        node = super().next()
        if not isinstance(node, Decision):
            return node
        options = tuple(Action.trusted(o.kind, ("z", 1), *o.args) for o in node.options)
        return Decision(node.seat, node.prompt, options, node.free)


class NumericWordTrusted(ToyState):
    def next(self) -> Node:
        node = super().next()
        if not isinstance(node, Decision):
            return node
        options = tuple(Action.trusted(o.kind, ("n", str(i))) for i, o in enumerate(node.options))
        return Decision(node.seat, node.prompt, options, node.free)


@pytest.mark.parametrize(
    ("cls", "steps", "check"),
    [
        (LeakyView, 3, lambda s: check_views(TOY, s, s.next(), seed=BIG_SEED)),
        (SeedInView, 3, lambda s: check_views(TOY, s, s.next(), seed=BIG_SEED)),
        (SharedCopy, 3, lambda s: check_copy(s, s.next())),
        (LossyDict, 6, lambda s: check_dict(TOY, s, s.next())),
        (SetInDict, 6, lambda s: check_dict(TOY, s, s.next())),
        (UnsortedTrusted, 1, lambda s: check_node(TOY, s, s.next())),
        (NumericWordTrusted, 1, lambda s: check_node(TOY, s, s.next())),
        (MutatingRefusal, 2, lambda s: check_refusals(s, s.next(), None)),
    ],
    ids=lambda v: v.__name__ if isinstance(v, type) else "",
)
def test_broken_ruleset_is_caught(cls: type[ToyState], steps: int, check: Any) -> None:
    state = broken(cls, steps)
    with pytest.raises((AssertionError, TypeError, ValueError)):
        check(state)


def test_sound_toy_passes_every_check() -> None:
    for steps in range(0, 20, 3):
        state = random_toy_state(steps, seed=5)
        node = state.next()
        check_node(TOY, state, node)
        check_views(TOY, state, node, seed=BIG_SEED)
        check_copy(state, node)
        check_dict(TOY, state, node)
        check_refusals(state, node, None)


def test_leaky_view_is_found_by_redeal() -> None:
    """The leak shows only when a re-deal changes the secret; three re-deals find it here."""
    state = broken(LeakyView, 3)
    redealt = {state.determinize("raf", random.Random(1 + k)).target for k in range(3)}
    assert len(redealt) > 1

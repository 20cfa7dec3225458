"""The search player keeps the subtree under its choice for its next decision, where only its
own choices and dice came between; anything else starts a fresh tree."""

from __future__ import annotations

import random

from dowding.bots.ismcts import ISMCTSPlayer, _Edge, _Node
from dowding.engine import Action, Decision, State, get_game, view
from tests.support import to_decision


def _british_moves(seed: int = 3) -> tuple[State, Decision, random.Random]:
    """A bob1990 game at its first British move (B.I.3): the British player then moves his
    flights one after another, nobody else deciding between."""
    state = get_game("bob1990").new_state(None, {})
    rng = random.Random(seed)
    while True:
        node = to_decision(state, rng)
        if node.seat == "raf" and node.prompt.startswith("Move British flight"):
            return state, node, rng
        state.apply(rng.choice(node.options))


def test_a_chain_of_own_decisions_starts_from_the_kept_subtree() -> None:
    state, node, rng = _british_moves()
    player = ISMCTSPlayer("bob1990", "raf", 1, simulations=40, seconds=60)
    first = player.choose(view(state, "raf"), node)
    assert player.last_carried == 0  # the first search of the game starts afresh
    kept = player._carry
    assert kept is not None and kept.seat == "raf" and kept.edges
    state.apply(first)
    after = to_decision(state, rng)
    assert after.seat == "raf" and after.prompt in kept.prompts
    visits = sum(e.visits for e in kept.edges.values())
    second = player.choose(view(state, "raf"), after)
    assert second in after.options
    # the kept visits are on top of the decision's own simulations
    assert player.last_carried == visits > 0
    assert player.last_simulations == 40


def test_an_opponents_choice_between_starts_a_fresh_tree() -> None:
    """The toy game alternates: after the RAF scrambles, the Luftwaffe raids before the RAF
    decides again, so the subtree kept is the Luftwaffe's and is not used."""
    state = get_game("toy").new_state("skirmish", {})
    state.apply("draw item=dover")
    state.apply("raid bombers=2")
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "raf"
    player = ISMCTSPlayer("toy", "raf", 2, simulations=60, seconds=60, depth=50)
    state.apply(player.choose(view(state, "raf"), node))
    assert player._carry is not None and player._carry.seat == "luftwaffe"
    rng = random.Random(5)
    while True:
        nxt = to_decision(state, rng)
        if nxt.seat == "raf":
            break
        state.apply(nxt.options[0])
    player.choose(view(state, "raf"), nxt)
    assert player.last_carried == 0


def _node(seat: str, prompts: set[str], edges: int = 1) -> _Node:
    node = _Node()
    node.seat, node.prompts = seat, prompts
    node.preferred = Action("pick", n=0)
    for n in range(edges):
        edge = node.edges[Action("pick", n=n)] = _Edge()
        edge.visits, edge.total = 3, 1.5
    return node


def test_a_subtree_is_kept_only_for_the_seats_own_decision_with_a_prompt_met_there() -> None:
    player = ISMCTSPlayer("toy", "raf", 1)
    decision = Decision("raf", "Round 2: scramble?", (Action("pick", n=0), Action("pick", n=1)))
    for node, kept in (
        (_node("raf", {"Round 2: scramble?"}), True),
        (_node("raf", {"Round 3: scramble?"}), False),  # another decision than the one met
        (_node("luftwaffe", {"Round 2: scramble?"}), False),  # the other seat decided there
        (_node("", {"Round 2: scramble?"}), False),  # both seats, in different worlds
        (_node("raf", {"Round 2: scramble?"}, edges=0), False),  # never searched from
    ):
        player._carry = node
        got = player._carried(decision)
        assert (got is node) is kept
        assert player._carry is None  # used once, or dropped
        if kept:
            assert node.preferred is None  # the prior's pick is made again in a new world


def test_keep_tree_off_keeps_nothing() -> None:
    state, node, _ = _british_moves()
    player = ISMCTSPlayer("bob1990", "raf", 1, simulations=20, seconds=60, keep_tree=False)
    assert not player.budget.keep_tree
    player.choose(view(state, "raf"), node)
    assert player._carry is None


def test_the_same_views_give_the_same_choices_with_the_tree_kept() -> None:
    picks = []
    for _ in range(2):
        state, node, rng = _british_moves(seed=4)
        player = ISMCTSPlayer("bob1990", "raf", 7, simulations=30, seconds=60)
        chosen = []
        for _ in range(4):
            action = player.choose(view(state, "raf"), node)
            chosen.append(action.text)
            state.apply(action)
            node = to_decision(state, rng)
            if node.seat != "raf":
                break
        picks.append(chosen)
    assert picks[0] == picks[1]

"""The search player's own behaviour: budgets, strengths, determinism, what it prefers."""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import replace

import pytest

from dowding.bots import make_player, player_kinds
from dowding.bots.ismcts import STRENGTHS, ISMCTSPlayer, _Edge, _Node, terminal_values
from dowding.engine import Decision, Terminal, get_game, view
from tests.support import to_decision


def _first_choice(ruleset: str, seed: int = 1):  # type: ignore[no-untyped-def]
    state = get_game(ruleset).new_state(None, {})
    return state, to_decision(state, random.Random(seed))


def test_every_ruleset_offers_the_strengths() -> None:
    for ruleset in ("crane", "bob"):
        kinds = player_kinds(ruleset)
        assert [k for k in kinds if k.startswith("ismcts:")] == [f"ismcts:{s}" for s in STRENGTHS]


def test_strength_sets_the_budget_and_a_bad_one_is_named() -> None:
    player = make_player("crane", "ismcts:veteran", "raf", 1)
    assert isinstance(player, ISMCTSPlayer)
    # crane's search module adds its KEEP_POLICY_MARGIN to every strength's budget
    assert player.budget == replace(STRENGTHS["veteran"], keep_margin=0.05)
    regular = make_player("crane", "ismcts", "raf", 1)
    assert regular.budget == replace(STRENGTHS["regular"], keep_margin=0.05)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="novice, regular, veteran, ace"):
        make_player("crane", "ismcts:godlike", "raf", 1)


def test_budgets_grow_with_strength() -> None:
    budgets = list(STRENGTHS.values())
    assert all(a.simulations < b.simulations for a, b in itertools.pairwise(budgets))
    assert STRENGTHS["veteran"].seconds <= 1.0  # a person waits about a second at most


def test_same_seed_same_choice() -> None:
    state, node = _first_choice("crane")
    seen = view(state, node.seat)
    picks = {
        ISMCTSPlayer("crane", node.seat, 5, simulations=12, seconds=60).choose(seen, node)
        for _ in range(3)
    }
    assert len(picks) == 1


def test_the_time_cap_stops_a_search() -> None:
    state, node = _first_choice("bob")
    player = ISMCTSPlayer("bob", node.seat, 1, simulations=10**6, seconds=0.2, depth=5)
    start = time.perf_counter()
    assert player.choose(view(state, node.seat), node) in node.options
    assert time.perf_counter() - start < 5.0  # generous: the cap is 0.2 s of searching
    assert 1 <= player.last_simulations < 10**6


def test_a_single_option_is_taken_without_search() -> None:
    state, node = _first_choice("crane")
    only = Decision(node.seat, node.prompt, node.options[:1])
    player = ISMCTSPlayer("crane", node.seat, 1, simulations=50)
    assert player.choose(view(state, node.seat), only) == node.options[0]
    assert player.last_simulations == 0


def test_terminal_values_by_seat_and_side() -> None:
    sides = {"raf-10-12": "raf", "raf-11-13": "raf", "luftwaffe": "luftwaffe"}
    won = terminal_values(Terminal("raf", {}, ""), sides)
    assert won == {"raf-10-12": 1.0, "raf-11-13": 1.0, "luftwaffe": 0.0}
    assert set(terminal_values(Terminal(None, {}, ""), sides).values()) == {0.5}


def test_search_finds_the_winning_move_in_the_toy_game() -> None:
    """Toy scramble, last round: the RAF who knows nothing still learns by search that
    scrambling the most squadrons scores best on average (more crosses in the fight)."""
    game = get_game("toy")
    state = game.new_state("skirmish", {})
    state.apply("draw item=dover")
    state.apply("raid bombers=3")
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "raf"
    player = ISMCTSPlayer("toy", "raf", 2, simulations=400, seconds=60, depth=50)
    assert player.choose(view(state, "raf"), node).text == "scramble squadrons=2"


def test_a_keep_margin_holds_the_policys_pick_unless_another_scores_clearly_better() -> None:
    """With ``keep_margin`` set, the most simulated choice wins only if its mean beats the
    policy's pick by the margin; without it, the most simulated choice always wins."""
    from dataclasses import replace

    state = get_game("toy").new_state("skirmish", {})
    state.apply("draw item=dover")
    state.apply("raid bombers=3")
    decision = state.next()
    assert isinstance(decision, Decision) and len(decision.options) >= 2
    policy, other = decision.options[0], decision.options[1]
    root = _Node()
    root.preferred = policy
    for action, visits, total in ((policy, 10, 5.0), (other, 12, 6.6)):  # means 0.50, 0.55
        edge = root.edges[action] = _Edge()
        edge.visits, edge.total = visits, total
    player = ISMCTSPlayer("toy", decision.seat, 1)
    assert player.budget.keep_margin is None
    assert player._kept(root, other, decision.options) == other
    player.budget = replace(player.budget, keep_margin=0.1)
    assert player._kept(root, other, decision.options) == policy
    player.budget = replace(player.budget, keep_margin=0.02)
    assert player._kept(root, other, decision.options) == other


def test_a_rollout_that_observes_sees_every_real_decision_and_no_imagined_one() -> None:
    """A rollout policy with ``observe`` is told each real decision of its seat, a forced one
    too, before the search; the worlds the search imagines reach only its ``__call__``."""

    class Watching:
        def __init__(self) -> None:
            self.observed: list[str] = []
            self.calls = 0

        def observe(self, view: dict[str, object], decision: Decision) -> None:
            self.observed.append(decision.prompt)

        def __call__(self, state: object, rng: random.Random) -> object:
            self.calls += 1
            node = state.next()  # type: ignore[attr-defined]
            return node.options[0]

    state, node = _first_choice("crane")
    watching = Watching()
    player = ISMCTSPlayer("crane", node.seat, 1, simulations=20, rollout=watching)  # type: ignore[arg-type]
    player.choose(view(state, node.seat), node)
    player.choose(view(state, node.seat), Decision(node.seat, "forced", node.options[:1]))
    assert watching.observed == [node.prompt, "forced"]
    assert watching.calls > 0

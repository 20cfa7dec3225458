"""The odds beside a Fight's round 2 (issue 12): the same opponent or another, exact, checked
against the rules themselves played through every roll of the target's dice."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction
from typing import Any

from dowding.bots.playout import make_players, play_out
from dowding.engine import Chance, Decision, State, get_game
from dowding.engine.option_odds import option_odds

SCORED = re.compile(r"scores (\d+) Hit\(s\) on \S+(, shooting it down)?; takes (\d+) damage")


def _round_two(seed: int) -> tuple[State, Decision]:
    game = get_game("squadron303")
    state = game.new_state("battle-of-britain-day", None)
    players = make_players(game, {s: "random" for s in state.seat_ids()}, seed)

    def stop(s: State, node: Decision) -> bool:
        return any(o.kind == "next" for o in node.options)

    node = play_out(state, players, dice=random.Random(seed), max_steps=50_000, stop=stop)
    assert isinstance(node, Decision), "no round 2 in this game"
    return state, node


def _played(state: State) -> tuple[int, int, int]:
    """(shot down, hits scored, damage taken) of the round just chosen (a state's events are
    those of its last step)."""
    while not any(SCORED.search(e.text) for e in state.events):
        node = state.next()
        assert isinstance(node, Decision), node  # nothing is rolled between choice and result
        state.apply(next(o for o in node.options if o.kind == "pass"))
    found = next(m for e in state.events if (m := SCORED.search(e.text)))
    return int(bool(found.group(2))), int(found.group(1)), int(found.group(3))


def _rules(state: State, p: Fraction, into: Counter[tuple[int, int, int]]) -> None:
    """Every roll of the target's dice, then the best die placed with no card, as the odds do."""
    node = state.next()
    if isinstance(node, Chance):
        for outcome, q in node.outcomes():
            again = state.copy()
            again.apply(outcome)
            _rules(again, p * q, into)
        return
    assert isinstance(node, Decision)
    if not any(o.kind == "round" for o in node.options):
        state.apply(next(o for o in node.options if o.kind == "pass"))  # no Support offered
        _rules(state, p, into)
        return
    results = []
    for option in node.options:
        if option.get("card"):
            continue
        again = state.copy()
        again.apply(option)
        results.append(_played(again))
    best = max(results, key=lambda r: (r[0], r[1], -r[2]))
    into[best] += p


def test_round_two_shows_each_target_s_odds_as_the_rules_play_them() -> None:
    checked = 0
    for seed in (1, 4):
        state, node = _round_two(seed)
        view: Any = state.view(node.seat, infostate=False)
        for option, odds in zip(node.options, option_odds("squadron303", view, node), strict=True):
            assert odds is not None, option
            outcomes: Counter[tuple[int, int, int]] = Counter()
            start = state.copy()
            start.apply(option)
            _rules(start, Fraction(1), outcomes)
            down = sum((p for (d, _, _), p in outcomes.items() if d), Fraction(0))
            taken: Counter[str] = Counter()
            for (_, _, t), p in outcomes.items():
                taken[str(t)] += p
            assert odds.outcomes["shot_down"] == down, option
            assert odds.outcomes["damage_taken"] == dict(sorted(taken.items())), option
            checked += 1
    assert checked >= 2

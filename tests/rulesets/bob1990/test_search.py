"""The search player's hooks for bob1990 score a position for the right side (C.I's two ways to
win) and its rollout policy is the heuristic player's choice, but for the German losses, where
it keeps the bombers."""

from __future__ import annotations

import random

from dowding.engine import Decision, Terminal
from dowding.rulesets.bob1990.bots import heuristic
from dowding.rulesets.bob1990.components import LUFTFLOTTEN
from dowding.rulesets.bob1990.flights import LUFTWAFFE, RAF, WORKING
from dowding.rulesets.bob1990.search import (
    evaluate,
    rollout_policy,
)
from dowding.rulesets.bob1990.state import Bob1990State

from .position import fresh, until


def turn_three() -> Bob1990State:
    """Heuristic against heuristic (dice from seed 0) to the first decision of turn 3."""
    s = fresh()
    rng = random.Random(0)
    players = {seat: heuristic(seat) for seat in (RAF, LUFTWAFFE)}
    while True:
        node = s.next()
        assert not isinstance(node, Terminal)
        if isinstance(node, Decision):
            if s.turn_no >= 3:
                return s
            s.apply(players[node.seat].choose(s.view(node.seat, infostate=False), node))
        else:
            s.apply(node.sample(rng))


def test_the_score_is_each_sides_chance_and_sums_to_one() -> None:
    odds = evaluate(turn_three())
    assert set(odds) == {RAF, LUFTWAFFE}
    assert abs(odds[RAF] + odds[LUFTWAFFE] - 1) < 1e-9
    assert 0.05 < odds[RAF] < 0.95  # mid-game: neither side is sure


def test_a_luftwaffe_with_no_working_luftflotte_scores_for_the_raf() -> None:
    """C.I: the British win when no Luftflotte is working; a position short of it by German
    cards shot down is scored high for the RAF, not for the Luftwaffe."""
    s = turn_three()
    before = evaluate(s)[RAF]
    for lf in LUFTFLOTTEN:
        cards = s.unit_cards(lf)
        for cid in cards[: max(0, len(cards) - (WORKING[lf] - 1))]:
            s.loc[cid] = "shot"
    after = evaluate(s)
    assert after[RAF] > before and after[RAF] > 0.9 and after[LUFTWAFFE] < 0.1


def test_missions_completed_score_for_the_luftwaffe() -> None:
    """C.I: 9 German missions win; 8 completed by turn 3 is scored high for the Luftwaffe."""
    s = turn_three()
    before = evaluate(s)[LUFTWAFFE]
    done = [m for m in sorted(s.c.missions) if m not in s.completed]
    s.completed = (*s.completed, *done[: 8 - len(s.completed)])
    assert len(s.completed) == 8
    after = evaluate(s)
    assert after[LUFTWAFFE] > before and after[LUFTWAFFE] > 0.9 and after[RAF] < 0.1


def test_the_rollout_policy_is_the_heuristic() -> None:
    """The search's prior and rollouts are the heuristic's choice, for the RAF as for the
    Luftwaffe: on the brief view, and for the German stacks (B.II.2) and squadrons shot down
    (B.II.6), which read the cards, by the heuristic's own rules read from the state. A Ju 87 is
    lost first before turn 5, else the card with the fewest bombing dice."""
    s = fresh()
    rng = random.Random(2)
    players = {seat: heuristic(seat, seed=7) for seat in (RAF, LUFTWAFFE)}
    seen = {RAF: 0, LUFTWAFFE: 0}
    kinds = set()
    for _ in range(3000):
        node = s.next()
        if isinstance(node, Terminal):
            break
        if not isinstance(node, Decision):
            s.apply(node.sample(rng))
            continue
        # the same random pick of a new stack: the policy's generator seeded as the player's
        twin = random.Random()
        twin.setstate(players[node.seat].rng.getstate())
        choice = players[node.seat].choose(s.view(node.seat, infostate=False), node)
        if len(node.options) > 1:
            policy = rollout_policy(s, twin)
            assert policy == choice, (node.prompt, policy, choice)
            if node.seat == LUFTWAFFE and choice.kind == "lose":
                lost = s.c.cards[str(policy.get("card"))]
                others = [s.c.cards[str(a.get("card"))] for a in node.options if a != policy]
                if s.turn_no >= 5 or lost.aircraft != "Ju 87":
                    assert all(lost.bombing <= o.bombing for o in others)
                    assert all(o.aircraft != "Ju 87" for o in others) or s.turn_no >= 5
            seen[node.seat] += 1
            kinds.add(choice.kind)
        s.apply(choice)
    assert seen[RAF] > 50 and seen[LUFTWAFFE] > 50
    assert {"lose", "stack"} <= kinds


def test_every_strength_scores_straight_after_the_tree_unless_told() -> None:
    from dowding.bots.ismcts import STRENGTHS, ISMCTSPlayer

    for strength in STRENGTHS:
        assert ISMCTSPlayer("bob1990", RAF, strength=strength).budget.depth == 0
    assert ISMCTSPlayer("bob1990", RAF, strength="veteran", depth=3).budget.depth == 3
    # a ruleset that fixes no depth keeps each strength's own
    assert (
        ISMCTSPlayer("crane", "raf", strength="veteran").budget.depth == STRENGTHS["veteran"].depth
    )


def test_every_strength_keeps_the_policys_pick_without_a_clear_gain() -> None:
    from dowding.bots.ismcts import STRENGTHS, ISMCTSPlayer

    for strength in STRENGTHS:
        assert ISMCTSPlayer("bob1990", LUFTWAFFE, strength=strength).budget.keep_margin == 0.05
    # a ruleset that fixes no margin follows the most simulated choice
    assert ISMCTSPlayer("toy", "raf", strength="veteran").budget.keep_margin is None


def test_the_rollout_policy_stacks_the_bombers_together() -> None:
    """B.II.2: the bombers of an attacked flight go on one stack and the fighters on the others,
    in the rollouts as by the heuristic."""
    for chooser in ("policy", "heuristic"):
        s = fresh()
        until(s, "stack")
        g = str(s.fight[1])
        deck = s.c.decks[5]
        assert g == "5A" and s.fight[2] == 3
        for cid in deck:  # four bombers, then the two Bf 110s, in the Flight box's order
            s.loc[cid] = "fb:5A" if cid in deck[3:] else "crb"
        player = heuristic(LUFTWAFFE)
        while s.queue[0][0] == "stack":
            node = s.next()
            assert isinstance(node, Decision)
            if chooser == "policy":
                action = rollout_policy(s, random.Random(0))
            else:
                action = player.choose(s.view(LUFTWAFFE, infostate=False), node)
            s.apply(action)
        stacks = {
            k: {s.c.cards[c].bombing > 0 for c in s.cards_at(f"stack:{k}", 5)} for k in (1, 2, 3)
        }
        together = sorted(tuple(sorted(k)) for k in stacks.values()) == [
            (False,),
            (False,),
            (True,),
        ]
        assert together, (chooser, stacks)

"""The search player's hooks for bob1990 score a position for the right side (C.I's two ways to
win) and its rollout policy is the heuristic player's choice, but for the German losses, where
it keeps the bombers, the German stacks, where the fighters shield them, and the British
matches, planned for every flight of the fight at once."""

from __future__ import annotations

import random

from dowding.engine import Action, Decision, Terminal
from dowding.rulesets.bob1990.bots import heuristic
from dowding.rulesets.bob1990.components import LUFTFLOTTEN
from dowding.rulesets.bob1990.flights import LUFTWAFFE, RAF, WORKING
from dowding.rulesets.bob1990.search import (
    evaluate,
    match_plan,
    pair_value,
    rollout_policy,
    shield_bombers,
)
from dowding.rulesets.bob1990.state import Bob1990State

from .position import fresh, until
from .test_rules import dogfight_position


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


def test_the_rollout_policy_is_the_heuristic_but_for_stacks_and_matches() -> None:
    """The search's prior and rollouts are the heuristic's choice, for the RAF as for the
    Luftwaffe: on the brief view, and for the German squadrons shot down (B.II.6), which read
    the cards, by the heuristic's own rule read from the state. A Ju 87 is lost first before
    turn 5, else the card with the fewest bombing dice. The German stacks (B.II.2) and British
    matches (B.II.4) are the search's own (below)."""
    s = fresh()
    rng = random.Random(2)
    players = {seat: heuristic(seat, seed=7) for seat in (RAF, LUFTWAFFE)}
    seen = {RAF: 0, LUFTWAFFE: 0}
    kinds = set()
    own: set[str] = set()
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
            if choice.kind in ("stack", "match"):
                assert policy in node.options
                own.add(choice.kind)
            else:
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
    assert {"lose", "stack"} <= kinds and own == {"stack", "match"}


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


def stacks_laid(s: Bob1990State, lay) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    """The stacks of 2A (3 He 111s and 3 Bf 109s, ``dogfight_position``) as ``lay`` lays them:
    (bombers, fighters) a stack, largest first."""
    s.apply(Action("dogfight", space="I17"))
    s.apply(Action("attack", flight="2A"))
    while s.queue[0][0] == "stack":
        node = s.next()
        assert isinstance(node, Decision)
        s.apply(lay(s, node))
    stacks = [[s.c.cards[c].bombing > 0 for c in s.cards_at(f"stack:{k}", 2)] for k in (1, 2, 3)]
    return sorted(((sum(k), len(k) - sum(k)) for k in stacks), key=sum, reverse=True)


def test_the_search_shields_its_bombers_with_the_fighters_left_over() -> None:
    """B.II.2: the search's German stacks open each stack with a lone fighter and lay the rest,
    the bombers first, on the largest; the heuristic keeps the bombers alone."""
    for seed in range(4):
        rng = random.Random(seed)
        shielded = stacks_laid(dogfight_position(), lambda s, n, rng=rng: shield_bombers(s, n, rng))
        assert shielded == [(3, 1), (0, 1), (0, 1)], shielded
    player = heuristic(LUFTWAFFE)
    alone = stacks_laid(
        dogfight_position(), lambda s, n: player.choose(s.view(LUFTWAFFE, infostate=False), n)
    )
    assert alone == [(3, 0), (0, 2), (0, 1)], alone


def two_flights_to_match() -> Bob1990State:
    """2A's stacks of 4, 1 and 1 against 11A, which moved 2 spaces (1 card, B.II.3), and then
    11B, which did not (all 3 of its cards): 11A matches first."""
    s = dogfight_position()
    s.set("11A", marker=2)
    s.set("11B", status="map", pos="I17", marker=0, airborne=True)
    s.unseen["11B"] = 3
    rng = random.Random(0)
    stacks_laid(s, lambda st, n: shield_bombers(st, n, rng))
    assert sorted(s.stack_sizes()) == [1, 1, 4]
    while True:
        node = s.next()
        if isinstance(node, Decision):
            return s
        s.apply(node.sample(rng))


def test_the_search_keeps_the_large_stack_for_the_flight_with_the_most_cards() -> None:
    """B.II.4: 11A's one card on a lone German card, 11B's three (drawn after 11A matches) on the
    stack of four, which they can shoot down whole; the heuristic sends 11A to the largest."""
    s = two_flights_to_match()
    node = s.next()
    assert isinstance(node, Decision) and node.options[0].get("flight") == "11A"
    big = 1 + s.stack_sizes().index(4)
    first = match_plan(s, node)
    assert first.get("stack") not in (0, big)
    player = heuristic(RAF)
    assert player.choose(s.view(RAF, infostate=False), node).get("stack") == big
    s.apply(first)
    while True:
        node = s.next()
        if isinstance(node, Decision):
            break
        s.apply(node.sample(random.Random(1)))
    assert node.options[0].get("flight") == "11B"
    assert match_plan(s, node).get("stack") == big


def test_a_pair_is_valued_by_the_cards_each_side_can_lose() -> None:
    """B.II.5 with the caps: three Spitfires (18 dice) against a lone bomber gain little more
    than one Hurricane does, against four Bf 109s (16 dice) they gain most."""
    lone_by_three, lone_by_one = pair_value(18, 1, 3, 1), pair_value(5, 1, 1, 1)
    assert abs(lone_by_three - lone_by_one) < 0.5
    assert pair_value(18, 16, 3, 4) > pair_value(5, 16, 1, 4)
    assert pair_value(18, 16, 3, 4) > lone_by_three

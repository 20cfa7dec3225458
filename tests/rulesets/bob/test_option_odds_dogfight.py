"""The odds beside placing a dogfight marker and resolving a dogfight's space (issue 12): the
first duel of the Dogfight Procedure; and beside resolving a lone bombing run's space: the run.
Exact, averaged over what the RAF cannot see."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

from dowding.engine import Decision
from dowding.engine.option_odds import option_odds
from dowding.rulesets.bob import odds
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF

from .position import blank, decide, decision, move_cards, put, run, take


def _by_hand(state: object, raf: list[str]) -> dict[str, Fraction]:
    """Each of the RAF's cards equally likely against any Luftflotte 2 card it has not seen."""
    t = state.t  # type: ignore[attr-defined]
    view = state.view(RAF)  # type: ignore[attr-defined]
    shown = {c["id"] for f in view["flights"].values() for c in f["cards"] if c.get("id")}
    shown |= {c["id"] for c in view["damaged"] if c.get("id")}
    pool = [c for c in t.cards if c.side == LUFTWAFFE and c.unit == 2 and c.id not in shown]
    win = lose = Fraction(0)
    for mine in raf:
        card = t.cards[t.card_index[mine]]
        for theirs in pool:
            duel = odds.dogfight(card.dice, card.damage, theirs.dice, theirs.damage)
            win += duel.luftwaffe_down / (len(pool) * len(raf))
            lose += duel.raf_down / (len(pool) * len(raf))
    return {"shoot_down": win, "shot_down": lose, "neither": 1 - win - lose}


def _marker_position() -> tuple[object, Decision, list[str]]:
    state = blank()
    put(state, "2A", space="R37", cards=take(state, 2, he111=3, bf109=3))
    raf = take(state, 11, spitfire=2, hurricane=1)
    put(state, "11C", space="R35", cards=raf)
    run(state, ("raf_phase",))
    decide(state, "fly flight=11C")
    decide(state, "move to=R36")
    decide(state, "move to=R37")
    node = decision(state)
    assert {o.text for o in node.options} == {"dogfight", "hold"}
    return state, node, raf


def test_a_dogfight_marker_shows_the_first_duel_over_the_unseen_cards() -> None:
    state, node, raf = _marker_position()
    view = state.view(RAF)  # type: ignore[attr-defined]
    got = dict(zip((o.text for o in node.options), option_odds("bob", view, node), strict=True))
    assert got["hold"] is None
    found = got["dogfight"]
    assert found is not None and "unseen" in found.assumes
    assert found.outcomes == _by_hand(state, raf)
    assert found.summary.startswith("First duel: shoot down ")
    for seed in range(3):  # what the RAF cannot see, re-dealt, changes nothing
        again = state.determinize(RAF, random.Random(seed))  # type: ignore[attr-defined]
        assert option_odds("bob", again.view(RAF), node) == option_odds("bob", view, node)


def test_resolving_a_dogfight_space_shows_its_first_duel() -> None:
    state = blank()
    lw = take(state, 2, do17=2, bf110=1)
    raf = take(state, 11, hurricane=2)
    move_cards(state, lw, "f:2A")
    move_cards(state, raf, "f:11B")
    put(state, "2A", space="P38", fuel=2)
    put(state, "11B", space="P38")
    state.combat = {"P38": "dogfight"}
    state.markers = 4
    run(state, ("battle",))
    node = decision(state)
    assert [o.text for o in node.options] == ["resolve space=P38"]
    found = option_odds("bob", state.view(node.seat), node)[0]
    assert found is not None and found.outcomes == _by_hand(state, raf)
    decide(state, "resolve space=P38")  # the rules start the dogfight: each side picks a card
    assert decision(state).seat == LUFTWAFFE


def test_resolving_a_lone_bombing_run_shows_the_run_over_the_unseen_cards() -> None:
    state = blank()
    bombers = take(state, 2, ju87=1, he111=1)
    put(state, "2A", space="Q34", cards=bombers, mission="biggin-hill", bombrun=True)
    run(state, ("battle",))
    node = decision(state)
    assert node.seat == RAF and [o.text for o in node.options] == ["resolve space=Q34"]
    view = state.view(RAF)
    found = option_odds("bob", view, node)[0]
    assert found is not None and "unseen Luftflotte 2" in found.assumes
    # by hand: the two face-down cards are any two Luftflotte 2 cards the RAF has not seen; the
    # bombers among them roll their dice, a Stuka one more against an airfield
    t = state.t
    shown = {c["id"] for f in view["flights"].values() for c in f["cards"] if c.get("id")}
    shown |= {c["id"] for c in view["damaged"] if c.get("id")}
    pool = [c for c in t.cards if c.side == LUFTWAFFE and c.unit == 2 and c.id not in shown]
    pairs = list(combinations(pool, 2))
    knocked = Fraction(0)
    for pair in pairs:
        run_with = [c for c in pair if c.role == "bomber"]
        dice = sum(c.bombs + (c.type == "ju87") for c in run_with)
        if run_with and dice:
            knocked += sum(
                (p for (roundels, _), p in odds.bombing_run_outcome(dice).items() if roundels),
                Fraction(0),
            ) / len(pairs)
    assert found.outcomes["target_knocked_out"] == knocked
    for seed in range(2):  # what the RAF cannot see, re-dealt, changes nothing
        again = state.determinize(RAF, random.Random(seed))
        assert option_odds("bob", again.view(RAF), node)[0] == found

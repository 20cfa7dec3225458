"""The odds beside bob's choices (issue 12): exact, from the deciding seat's view alone."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

from dowding.engine import Decision
from dowding.engine.option_odds import option_odds
from dowding.rulesets.bob import odds
from dowding.rulesets.bob.tables import LUFTWAFFE, RAF

from .position import blank, decide, decision, put, run, take


def radar_run(state: object, *path: str) -> None:
    """2A, one fuel token spent, flies ``path`` from W35 (as in test_rules)."""
    run(state, ("lw_phase",))  # type: ignore[arg-type]
    decide(state, "fly flight=2A")  # type: ignore[arg-type]
    decide(state, "fuel tokens=1")  # type: ignore[arg-type]
    for space in path:
        decide(state, f"move to={space}")  # type: ignore[arg-type]


def _intercept_position() -> tuple[object, Decision]:
    state = blank()
    put(state, "2A", space="W35", cards=take(state, 2, he111=4, bf109=2))
    put(state, "11C", space="R33", cards=take(state, 11, spitfire=2, hurricane=1))
    radar_run(state, "V35", "U35")
    node = decision(state)
    assert node.seat == RAF and {o.text for o in node.options} == {
        "intercept flight=11C",
        "decline",
    }
    return state, node


def test_an_intercept_shows_its_exact_odds_over_the_unseen_luftwaffe_cards() -> None:
    state, node = _intercept_position()
    view = state.view(node.seat)  # type: ignore[attr-defined]
    got = dict(zip((o.text for o in node.options), option_odds("bob", view, node), strict=True))
    assert got["decline"] is None  # declining starts no combat
    found = got["intercept flight=11C"]
    assert found is not None and "unseen" in found.assumes
    # by hand: the RAF sees none of 2A's six cards, so the three picked at random are any three
    # of Luftflotte 2's cards not face up in its view, every three equally likely
    t = state.t  # type: ignore[attr-defined]
    raf = [t.cards[c] for c in state.cards_in("f:11C")]  # type: ignore[attr-defined]
    shown = {c["id"] for f in view["flights"].values() for c in f["cards"] if c.get("id")}
    shown |= {c["id"] for c in view["damaged"] if c.get("id")}
    pool = [c for c in t.cards if c.side == LUFTWAFFE and c.unit == 2 and c.id not in shown]
    lost_lw: dict[str, Fraction] = {}
    lost_raf: dict[str, Fraction] = {}
    trios = list(combinations(pool, 3))
    # trios alike in what the combat reads (damages in that order, dice) fight alike: each such
    # kind once, weighted by how many trios it stands for
    kinds = Counter((tuple(c.damage for c in trio), sum(c.dice for c in trio)) for trio in trios)
    for (damages, dice), count in kinds.items():
        for (r, lo), p in odds.intercept(
            tuple(c.damage for c in raf), sum(c.dice for c in raf), damages, dice
        ).items():
            lost_lw[str(lo)] = lost_lw.get(str(lo), Fraction(0)) + p * count / len(trios)
            lost_raf[str(r)] = lost_raf.get(str(r), Fraction(0)) + p * count / len(trios)
    assert found.outcomes["luftwaffe_cards_lost"] == dict(sorted(lost_lw.items()))
    assert found.outcomes["raf_cards_lost"] == dict(sorted(lost_raf.items()))
    assert found.summary.startswith("Shoot down ≥1: ")


def test_intercept_odds_never_change_when_the_hidden_cards_are_redealt() -> None:
    state, node = _intercept_position()
    before = option_odds("bob", state.view(node.seat), node)  # type: ignore[attr-defined]
    for seed in range(3):
        again = state.determinize(node.seat, random.Random(seed))  # type: ignore[attr-defined]
        assert option_odds("bob", again.view(node.seat), node) == before


def test_a_bombing_run_marker_shows_the_bombing_run_procedure() -> None:
    state = blank()
    bombers = take(state, 2, he111=2)
    put(state, "2A", space="Q34", cards=bombers, mission="biggin-hill")
    run(state, ("bomb_marker", "2A"))
    node = state.next()
    assert isinstance(node, Decision), node
    view = state.view(LUFTWAFFE)
    got = dict(zip((o.text for o in node.options), option_odds("bob", view, node), strict=True))
    assert got["hold"] is None
    marker = got["bombrun"]
    assert marker is not None
    # by hand: two He 111 cards roll their bombing dice; an airfield falls to one roundel
    dice = sum(state.t.cards[state.t.card_index[c]].bombs for c in bombers)
    assert marker.outcomes["target_knocked_out"] == 1 - Fraction(1, 2) ** dice
    decide(state, "hold")


def test_a_dogfight_card_shows_its_odds_against_the_unseen_luftwaffe_card() -> None:
    from .test_rules import dogfight_position

    state = blank()
    hurricane, spitfire = take(state, 11, hurricane=1, spitfire=1)
    stuka, bf109 = take(state, 2, ju87=1, bf109=1)
    state = dogfight_position([hurricane, spitfire], [stuka, bf109], state)
    decide(state, f"pick card={stuka}")  # the Luftwaffe chooses unseen
    node = decision(state)
    assert node.seat == RAF
    view = state.view(RAF)
    assert view["air_combat"]["luftwaffe_card"] == "chosen"
    got = dict(zip((o.text for o in node.options), option_odds("bob", view, node), strict=True))
    # by hand: the chosen card is any Luftflotte 2 card the RAF has not seen, equally likely
    t = state.t
    shown = {c["id"] for f in view["flights"].values() for c in f["cards"] if c.get("id")}
    shown |= {c["id"] for c in view["damaged"] if c.get("id")}
    pool = [c for c in t.cards if c.side == LUFTWAFFE and c.unit == 2 and c.id not in shown]
    for mine in (hurricane, spitfire):
        card = t.cards[t.card_index[mine]]
        win = sum(
            (odds.dogfight(card.dice, card.damage, c.dice, c.damage).luftwaffe_down for c in pool),
            Fraction(0),
        ) / len(pool)
        lose = sum(
            (odds.dogfight(card.dice, card.damage, c.dice, c.damage).raf_down for c in pool),
            Fraction(0),
        ) / len(pool)
        found = got[f"pick card={mine}"]
        assert found is not None and "unseen" in found.assumes
        assert found.outcomes == {"shoot_down": win, "shot_down": lose, "neither": 1 - win - lose}
    before = option_odds("bob", view, node)
    again = state.determinize(RAF, random.Random(5))
    assert option_odds("bob", again.view(RAF), node) == before


def test_resolving_an_intercept_space_shows_the_same_odds_as_the_intercept() -> None:
    state, node = _intercept_position()
    before = option_odds("bob", state.view(node.seat), node)[0]  # type: ignore[attr-defined]
    decide(state, "intercept flight=11C")  # type: ignore[arg-type]
    run(state, ("battle",))  # type: ignore[arg-type]
    node = decision(state)  # type: ignore[arg-type]
    assert [o.text for o in node.options] == ["resolve space=U35"]
    resolve = option_odds("bob", state.view(node.seat), node)[0]  # type: ignore[attr-defined]
    assert before is not None and resolve is not None
    assert resolve.outcomes == before.outcomes

"""The odds beside Fight for the Sky's choices (issue 12): exact, from the seat's view alone."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from dowding.engine import Decision
from dowding.engine.option_odds import option_odds
from dowding.rulesets.fight_for_the_sky.components import LUFTWAFFE, RAF, load_components
from dowding.rulesets.fight_for_the_sky.tables import attack_result

from .position import blank, fly, formation, run


def _by_hand(aircraft: str, strength: int) -> dict[str, Fraction]:
    """The attack table read at each of the six faces, each 1/6."""
    comp = load_components()
    column = comp.aircraft[aircraft].column
    faces = Counter(str(attack_result(comp, column, strength, d)) for d in range(1, 7))
    return {k: Fraction(n, 6) for k, n in sorted(faces.items())}


def _announce(seen: bool) -> tuple[object, Decision]:
    s = blank("intermediate")
    formation(s, (31, 32, 33, 34, 50, 51), "O7", "hawkinge", seen=seen, face_up=seen)
    fly(s, "56", "O7")
    fly(s, "501", "O7")
    node = run(s, ("combat",))
    assert isinstance(node, Decision) and node.seat == RAF
    return s, node


def test_announcing_a_dogfight_shows_the_first_attack_on_the_escorts() -> None:
    s, node = _announce(seen=False)
    got = option_odds("fight-for-the-sky", s.view(RAF), node)  # type: ignore[attr-defined]
    assert len(got) == 1 and got[0] is not None
    flights = s.sqn("56").flights + s.sqn("501").flights  # type: ignore[attr-defined]
    assert got[0].params == {"aircraft": "hurricane", "strength": flights + 2}
    assert got[0].outcomes["shot_down"] == _by_hand("hurricane", flights + 2)
    assert "escorted" in got[0].assumes  # the RAF cannot see the face-down formation


def test_the_odds_never_change_when_the_hidden_formations_are_redealt() -> None:
    s, node = _announce(seen=False)
    before = option_odds("fight-for-the-sky", s.view(RAF), node)  # type: ignore[attr-defined]
    for seed in range(3):
        again = s.determinize(RAF, random.Random(seed))  # type: ignore[attr-defined]
        assert option_odds("fight-for-the-sky", again.view(RAF), node) == before


def test_a_hunter_pack_strike_shows_both_attacks_and_holding_none() -> None:
    s = blank("intermediate", hunter_packs=True)
    formation(s, (49, 50), "K8", kind="patrol", patrol="K8")
    fly(s, "54", "K5")
    node = run(s, ("strike",))
    assert isinstance(node, Decision) and node.seat == LUFTWAFFE
    got = dict(
        zip(
            (o.text for o in node.options),
            option_odds("fight-for-the-sky", s.view(LUFTWAFFE), node),
            strict=True,
        )
    )
    assert got["hold from=K8"] is None
    strike = got["strike at=K5 from=K8"]
    assert strike is not None
    units = [s.unit(49), s.unit(50)]
    strength = sum(u.flights for u in units)
    weakest = min((u.type for u in units), key=lambda t: load_components().aircraft[t].rank)
    assert strike.outcomes["patrol_shoots_down"]["shot_down"] == _by_hand(weakest, strength)
    raf = s.sqn("54")
    assert strike.outcomes["raf_shoots_down"]["shot_down"] == _by_hand(raf.type, raf.flights + 2)

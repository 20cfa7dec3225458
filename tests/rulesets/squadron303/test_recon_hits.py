"""Reading S15 as an option (``recon_hits``, off by default as the digest advises): "For each
Maneuver symbol give one hit before considering dice results of Luftwaffe" on Reconnaissance."""

from __future__ import annotations

import random

from dowding.engine import Action, Decision
from dowding.rulesets.squadron303.game import GAME
from dowding.rulesets.squadron303.state import S303State


def _beside_hidden(recon_hits: bool) -> tuple[S303State, str]:
    state = GAME.new_state("home-sweet-home", {"players": 2, "recon_hits": recon_hits})
    rng = random.Random(3)
    while state.turn_no == 0:
        state.apply(state.next().sample(rng))  # type: ignore[union-attr]
    sid = next(s.id for s in state.squadrons if s.hidden)
    beside = min(state.board.neighbours[state.token_area(sid)])
    state.planes = (
        state.plane("p1")._replace(area=beside, hand=("c03", "c06", "c01")),  # two Maneuvers
        *state.planes[1:],
    )
    state.queue = (("recon", "p1"), ("move", "p2"))
    state._node = None
    state.apply(Action("recon", squadron=sid, cards=("c03", "c06")))
    return state, sid


def test_the_option_off_gives_no_hits() -> None:
    assert GAME.resolve_options({})["recon_hits"] is False
    state, sid = _beside_hidden(False)
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p2"  # straight on to p2's move
    assert all(g.damage == 0 for g in state.germans if g.squadron == sid)


def test_two_maneuver_cards_strike_two_hits_before_the_germans_answer() -> None:
    state, sid = _beside_hidden(True)
    node = state.next()
    assert isinstance(node, Decision) and node.seat == "p1"
    targets = [g for g in state.germans if g.squadron == sid]
    assert {str(o.get("target")) for o in node.options} == {g.id for g in targets}
    # a Bf 109 (Toughness 1, 1): two Hits in one go shoot it down ("Toughness")
    assert {g.type for g in targets} == {"bf109"}  # the 2-player setup's D4 patrol, d28
    state.apply(Action("strike", target=targets[0].id))
    assert all(g.id != targets[0].id for g in state.germans)
    assert state.plane("p1").kills == ("bf109",) and state.kills == 1
    assert state.plane("p1").damage == ()  # no German dice rolled

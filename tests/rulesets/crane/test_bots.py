"""The crane heuristic's British choices (bots.py): which bomber it attacks, where it stops."""

from __future__ import annotations

import math

import pytest

from dowding.engine import Chance, Decision
from dowding.rulesets.crane import GAME, search
from dowding.rulesets.crane.bots import CraneHeuristic
from dowding.rulesets.crane.state import CraneState

from .position import decide, position, roll


def _choice(state: CraneState) -> str:
    node = state.next()
    assert isinstance(node, Decision)
    player = CraneHeuristic(node.seat)
    return player.choose(state.view(node.seat, infostate=False), node).text


def test_the_raf_holds_its_fire_at_a_bomber_that_has_bombed() -> None:
    # B1-1 has dropped its load (VII.B, one load a bomber): shooting it saves nothing
    # (B2-1, far off, has still to bomb: the game goes on)
    state = position(
        {"V1-1": (21, 26, 0), "B1-1": (24, 34, 0), "B2-1": (44, 8, 0)}, [("select", "raf")]
    )
    state.planes = tuple(p._replace(bombed=True) if p.id == "B1-1" else p for p in state.planes)
    state._node = None
    decide(state, "move turn=0")
    assert _choice(state) == "hold"


def test_the_raf_stops_where_no_gunner_covers_it() -> None:
    # Flying east 2.5" behind the He-111: at the closest approach (at=10) the rear gunner's arc
    # holds the fighter; 3" sooner it is still within 4" but off the tail by more than 45 degrees
    state = position({"V1-1": (14, 31.5, 90), "B1-1": (24, 34, 0)}, [("select", "raf")])
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision) and "fire at=10 target=B1-1" in [o.text for o in node.options]
    choice = _choice(state)
    assert (
        choice.startswith("fire") and "target=B1-1" in choice and choice != "fire at=10 target=B1-1"
    )
    state.apply(choice)
    roll(state, 1, 6)  # the attack misses
    assert not isinstance(state.next(), Chance)  # and no gunner answers (VI.E.5.a-d)


def test_the_raf_goes_for_the_bomber_rather_than_a_closer_fighter() -> None:
    # VI.B lets the Spitfire shoot the Me-109 (it is closer than the bomber); both are abeam
    # and in range, and the bomber is the objective
    state = position(
        {"V1-1": (24, 20, 0), "S1-1": (27, 26, 0), "B1-1": (21, 30, 0)}, [("select", "raf")]
    )
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    assert {o.word("target") for o in node.options if o.kind == "fire"} == {"S1-1", "B1-1"}
    assert "target=B1-1" in _choice(state)


@pytest.mark.parametrize("table", ["pingpong", "6x4"])
def test_the_search_score_reads_the_weights_fitted_on_its_table(table: str) -> None:
    # A bomber has further to fly on II.A's ping-pong table (108") than on the 6 ft x 4 ft one
    # (72"): one score for both read the start of the larger table 0.74 where the Luftwaffe won
    # 82% (docs/rules/crane.md, Balance); each table has its own fit
    state = GAME.new_state("eight-heinkels", {"table": table})
    weights = search.WEIGHTS[table]
    z = weights[-1] + sum(w * f for w, f in zip(weights[:-1], search.features(state), strict=True))
    assert search.evaluate(state)["luftwaffe"] == pytest.approx(1 / (1 + math.exp(-z)))
    other = search.WEIGHTS["6x4" if table == "pingpong" else "pingpong"]
    assert weights != other
    assert (
        GAME.new_state("eight-heinkels", {}).options["table"] == "pingpong"
    )  # II.A's, the default

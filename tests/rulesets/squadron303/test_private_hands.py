"""The "private hands" option (``open_hands`` false: the team no longer sees each other's hands,
issue 14) through the conformance suite's leak check: nothing the server sends a seat depends on
the other players' cards. tests/conformance/test_secret_strings.py plays only the options that
change who sits at the table, so this one is played here with the same machinery."""

from __future__ import annotations

import random

from tests.conformance.test_secret_strings import (  # noqa: F401  (drawn_once: autouse fixture)
    drawn_once,
    leaks,
    played,
    table,
)

SEED = 1_940_303


def test_private_hands_leak_nothing() -> None:
    options = {"open_hands": False, "players": 3}
    found: list[str] = []
    redealt = [0]
    games = [
        (scenario, kind)
        for scenario in ("attack-on-biggin-hill", "home-sweet-home")  # the 2nd: Reconnaissance
        for kind in ("heuristic", "random")
    ]
    for n, (scenario, kind) in enumerate(games):
        live = table("squadron303", scenario, options, SEED + n)
        rng = random.Random(SEED + n)
        for step in played(live, kind, SEED + n):
            found += [f"{scenario}, {kind}, {f}" for f in leaks(live, step, rng, redealt)]
    assert redealt[0] > 0, "no sampled state had anything to re-deal"
    assert not found, f"{len(found)} leak(s); the first ones:\n" + "\n\n".join(found[:6])


def test_a_private_hand_is_hidden_from_the_other_seats() -> None:
    from dowding.rulesets.squadron303.game import GAME

    state = GAME.new_state("blitz", {"players": 2, "open_hands": False})
    rng = random.Random(2)
    while state.turn_no == 0:
        state.apply(state.next().sample(rng))  # type: ignore[union-attr]
    mine = {p["id"]: p for p in state.view("p1", infostate=False)["planes"]}
    assert mine["p1"]["hand"] and mine["p2"]["hand"] is None and mine["p2"]["cards"] == 6

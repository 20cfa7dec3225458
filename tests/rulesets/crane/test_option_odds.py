"""The odds beside crane's choices (issue 12): exact, from the view, only on fire and bomb."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

from dowding.engine import Decision, data_folder
from dowding.engine.option_odds import option_odds
from dowding.engine.words import option_labels
from dowding.rulesets.crane.bots import _kill_value

from .position import decide, position, roll


def _fire_decision(damage: int = 0) -> tuple[dict, Decision, object]:
    # a Hurricane (offense 3) flies north past an He-111 (defense 3, two engines)
    state = position(
        {"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")], damage={"B1-1": damage}
    )
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    return state.view(node.seat), node, state


def _by_hand(damage: int) -> dict[str, Fraction]:
    """VI.E.4 by hand: 1d6+3 against 1d6+3; doubled destroys, more damages an engine."""
    out = {"no_effect": Fraction(0), "damaged": Fraction(0), "destroyed": Fraction(0)}
    for a in range(1, 7):
        for d in range(1, 7):
            attack, guard = a + 3, d + 3
            if guard >= attack:
                out["no_effect"] += Fraction(1, 36)
            elif attack >= 2 * guard or damage >= 2:
                out["destroyed"] += Fraction(1, 36)
            else:
                out["damaged"] += Fraction(1, 36)
    return out


def test_fire_options_carry_the_exact_attack_odds() -> None:
    view, node, _ = _fire_decision()
    odds = option_odds("crane", view, node)
    by_text = dict(zip((o.text for o in node.options), odds, strict=True))
    fire = by_text["fire at=10 target=B1-1"]
    assert fire is not None
    assert dict(fire.outcomes) == _by_hand(0)
    assert fire.outcomes["destroyed"] == Fraction(1, 18)
    assert fire.outcomes["damaged"] == Fraction(13, 36)
    assert fire.summary == "Destroy: 6%, damage an engine: 36%, no effect: 58%"
    assert by_text["hold"] is None  # holding fire starts no combat
    data = fire.to_json()
    assert data["exact"]["destroyed"] == "1/18"
    assert abs(data["outcomes"]["no_effect"] - 7 / 12) < 1e-12


def test_a_bomber_with_every_engine_damaged_falls_to_any_hit() -> None:
    view, node, _ = _fire_decision(damage=2)
    fire = option_odds("crane", view, node)[0]
    assert fire is not None
    assert dict(fire.outcomes) == _by_hand(2)
    assert fire.outcomes["destroyed"] == Fraction(15, 36)
    assert "damage an engine" not in fire.summary


def test_no_odds_on_moves_and_the_same_odds_after_determinize() -> None:
    state = position({"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")])
    node = state.next()
    assert isinstance(node, Decision)
    assert option_odds("crane", state.view(node.seat), node) == [None] * len(node.options)
    view, node, fire_state = _fire_decision()
    again = fire_state.determinize(node.seat, random.Random(3))  # type: ignore[attr-defined]
    assert option_odds("crane", again.view(node.seat), node) == option_odds("crane", view, node)


def test_a_bomb_run_shows_the_chance_the_factory_falls() -> None:
    # an He-111 (two bombing rolls) flies over the factory with no hits on it yet
    state = position({"B1-1": (24, 60, 0)}, [("select", "bombers")])
    decide(state, "move turn=0")
    roll(state, 1, 1)  # the factory's flak misses (1+1 against 1+3)
    node = state.next()
    assert isinstance(node, Decision) and node.options[0].kind == "bomb", node
    got = option_odds("crane", state.view(node.seat), node)
    assert got[-1] is None  # "hold": no bombs, no odds
    run = got[0]
    assert run is not None
    # by hand (VII.D): a pair scores 2 when doubled (9 of 36), 1 when higher (6 of 36), else 0;
    # the factory (3 hits) falls to 2+1, 1+2 or 2+2
    two, one = Fraction(9, 36), Fraction(6, 36)
    assert run.outcomes["factory_destroyed"] == 2 * two * one + two * two == Fraction(7, 48)
    assert run.outcomes["hits"]["0"] == (1 - two - one) ** 2
    assert run.summary.startswith("Factory destroyed: 15%")


def test_the_odds_words_and_heuristic_read_the_players_own_aircraft(tmp_path: Path) -> None:
    """A player's own components (the ``data`` option): an He-111 of defense 1, renamed. The
    odds beside the fire option, its words and what the heuristic expects of the shot read
    them, not the shipped defense 3."""
    (tmp_path / "components.json").write_text(
        '{"aircraft": {"he111": {"defense": 1, "name": "He-111 (mine)"}}}'
    )
    folder = str(tmp_path)
    state = position({"V1-1": (10, 30, 0), "B1-1": (14, 40, 0)}, [("select", "raf")], data=folder)
    decide(state, "move turn=0")
    node = state.next()
    assert isinstance(node, Decision)
    view = state.view(node.seat)
    assert data_folder(view) == folder
    at = [o.text for o in node.options].index("fire at=10 target=B1-1")
    fire = option_odds("crane", view, node)[at]
    assert fire is not None and fire.params["data"] == folder
    assert fire.outcomes["destroyed"] > Fraction(1, 18)  # 1d6+3 against 1d6+1
    shipped = option_odds("crane", {**view, "data": ""}, node)[at]
    assert shipped is not None and shipped.outcomes["destroyed"] == Fraction(1, 18)
    assert "He-111 (mine)" in option_labels("crane", view, node)[at]
    target = next(p for p in view["planes"] if p["id"] == "B1-1")
    assert _kill_value(target, folder) > _kill_value(target)

"""Whose dice they are (issue 10, item 8): at a real table, and in a networked game with dice
typed in, each roll belongs to the seat the rules make roll it. Every dice event of a game
between two sides names that seat (``Chance.roller``), and it is a seat of the side whose dice
they are: the server takes typed dice from that seat alone (``web/live.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dowding.engine import Chance, Draw, Match, Node
from dowding.engine.dice import LUFTWAFFE_DIE, RAF_DIE
from tests.support import play


def _each_roll(
    ruleset: str,
    scenario: str,
    seeds: range,
    check: Callable[[Any, Chance], None],
    options: dict[str, object] | None = None,
) -> int:
    """``check(state, node)`` at every dice event (not a card drawn) of a few random games,
    while the state is at that event; the number of events."""
    found = 0

    def hook(match: Match, node: Node, step: int) -> None:
        nonlocal found
        if isinstance(node, Chance) and not isinstance(node, Draw):
            found += 1
            check(match.state, node)

    for seed in seeds:
        play(ruleset, scenario, seed, hook=hook, options=options)
    assert found, f"{ruleset}/{scenario}: no dice rolled"
    return found


def _side_of_die(node: Chance) -> str | None:
    die = getattr(node, "die", None)
    return {RAF_DIE: "raf", LUFTWAFFE_DIE: "luftwaffe"}.get(die)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bob_white_dice_are_the_raf_s_and_black_the_luftwaffe_s(players: int) -> None:
    # bob "Dice": white dice for the RAF, black for the Luftwaffe, whatever the roll
    def check(state: Any, node: Chance) -> None:
        assert node.roller is not None, node.label
        assert node.roller in state.seat_ids(), (node.label, node.roller)
        assert state.side_of_seat(node.roller) == _side_of_die(node), (node.label, node.roller)

    _each_roll("bob", "channel-battle", range(3), check, {"players": players})


def test_bob_four_players_each_group_rolls_its_own_production_dice() -> None:
    seen = []

    def check(state: Any, node: Chance) -> None:
        if node.label.startswith("Production dice"):
            group = state.queue[0][2]
            assert node.roller == state.seat_for_unit("raf", group)
            seen.append(group)

    _each_roll("bob", "duel-of-eagles", range(3), check, {"players": 4})
    assert seen


# The side whose dice they are, read off the task at the head of the queue (the rulebooks'
# words are in each ruleset's chance builder); None: the rules give the roll to neither side.
def _crane_side(state: Any, node: Chance) -> str | None:
    task = state.queue[0]
    if task[0] == "attack":  # VI.E.4 the attacker's roll; VII.A flak is the factory's
        return "raf" if task[1] == "AA" else state.plane(task[1]).side
    if task[0] == "bomb":  # VII.C the bomber's
        return "luftwaffe"
    if task[0] in ("arrive", "entry"):  # V.C the RAF's vics
        return "raf"
    if task[0] == "alt":  # V.D each side's own sections
        return state._section(task[1])[0].side
    raise AssertionError(f"crane: a roll not covered here: {task}")


def _ffs_side(state: Any, node: Chance) -> str | None:
    task = state.queue[0]
    kind = task[0]
    if kind == "shoot":
        return "raf" if task[1] == "raf" else "luftwaffe"
    if kind in ("aa", "urban_aa"):
        return "raf"
    if kind in ("bomb", "availability"):
        return "luftwaffe"
    if kind == "contact":
        return "raf" if task[1] == "raf" else "luftwaffe"
    if kind in ("tactical", "weather"):
        return None
    raise AssertionError(f"fight-for-the-sky: a roll not covered here: {task}")


def _by_die(state: Any, node: Chance) -> str | None:
    # bob1990 "Dice" (as 000's): white for the British, black for the Germans
    return _side_of_die(node)


EXPECTED = {
    ("crane", "eight-heinkels"): _crane_side,
    ("crane", "heinkels-and-stukas"): _crane_side,
    ("fight-for-the-sky", "basic"): _ffs_side,
    ("fight-for-the-sky", "intermediate"): _ffs_side,
    ("bob1990", "advanced"): _by_die,
}


@pytest.mark.parametrize(("ruleset", "scenario"), sorted(EXPECTED))
def test_each_roll_is_typed_by_the_side_whose_dice_they_are(ruleset: str, scenario: str) -> None:
    expected = EXPECTED[(ruleset, scenario)]

    def check(state: Any, node: Chance) -> None:
        side = expected(state, node)
        assert node.roller == side, (node.label, node.roller, side)

    options: dict[str, object] = {}
    if ruleset == "fight-for-the-sky":
        options = {"tactical_advantage": True, "weather": True}
    _each_roll(ruleset, scenario, range(3), check, options)

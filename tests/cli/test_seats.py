"""SEAT=KIND parsing, defaults and the computer players' seeds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dowding.cli.common import CLIError, parse_pairs
from dowding.cli.seats import make_players, resolve_seats
from dowding.engine import get_game


def test_play_defaults_first_seat_human_and_the_best_bot_elsewhere() -> None:
    assert resolve_seats(get_game("crane"), [], allow_human=True) == {
        "raf": "human",
        "luftwaffe": "heuristic",
    }
    # the toy ruleset has no heuristic bot: random stands in
    assert resolve_seats(get_game("toy"), [], allow_human=True) == {
        "raf": "human",
        "luftwaffe": "random",
    }


def test_selfplay_defaults_every_seat_to_a_computer() -> None:
    seats = resolve_seats(get_game("crane"), [], allow_human=False)
    assert seats == {"raf": "heuristic", "luftwaffe": "heuristic"}


def test_specs_override_defaults_and_saved_seats() -> None:
    game = get_game("crane")
    saved = {"raf": "random", "luftwaffe": "human"}
    assert resolve_seats(game, [], allow_human=True, base=saved) == saved
    seats = resolve_seats(game, ["luftwaffe=random", "raf=human"], allow_human=True, base=saved)
    assert seats == {"raf": "human", "luftwaffe": "random"}


@pytest.mark.parametrize(
    ("specs", "allow_human", "message"),
    [
        (["rfa=human"], True, "no seat 'rfa'; seats: raf, luftwaffe"),
        (
            ["raf=genius"],
            True,
            "no player kind 'genius' for crane; choose from: human, random, heuristic",
        ),
        (["raf=human"], False, "selfplay has no human seats"),
        (["raf"], True, "not of the form NAME=VALUE"),
        (["raf=human", "raf=random"], True, "given twice"),
    ],
)
def test_bad_seats_are_refused_with_a_message(
    specs: list[str], allow_human: bool, message: str
) -> None:
    with pytest.raises(CLIError) as info:
        resolve_seats(get_game("crane"), specs, allow_human=allow_human)
    assert message in str(info.value)
    assert info.value.code == 2


def test_bots_are_seeded_from_the_game_seed_and_seat() -> None:
    game = get_game("toy")
    seats = {"raf": "random", "luftwaffe": "random"}
    one, two, other = (make_players(game, seats, seed) for seed in (5, 5, 6))
    state = game.new_state()
    while not hasattr(state.next(), "options"):
        node = state.next()
        state.apply(node.outcomes()[0][0])  # type: ignore[union-attr]
    decision = state.next()
    picks = [[p["luftwaffe"].choose({}, decision) for _ in range(20)] for p in (one, two, other)]  # type: ignore[arg-type]
    assert picks[0] == picks[1]
    assert picks[0] != picks[2]
    assert set(make_players(game, {"raf": "human", "luftwaffe": "random"}, 1)) == {"luftwaffe"}


def test_parse_pairs() -> None:
    assert parse_pairs(["a=1", " b = x "], "option") == {"a": "1", "b": "x"}
    with pytest.raises(CLIError, match="NAME=VALUE"):
        parse_pairs(["=1"], "option")


@pytest.mark.parametrize(
    ("ruleset", "options", "message"),
    [
        # seats that follow the options: a bad value was an internal error here
        ("bob", {"players": 9}, "option players must be at most 4"),
        ("squadron303", {"players": 0}, "option players must be at least 1"),
        ("bob", {"data": "/nonexistent/folder"}, "does not exist"),
    ],
)
def test_bad_options_are_refused_before_the_seats(
    ruleset: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(CLIError) as info:
        resolve_seats(get_game(ruleset), [], allow_human=False, options=options)
    assert message in str(info.value) and info.value.code == 2


def test_a_folder_without_any_component_file_is_refused(cli: Any, tmp_path: Path) -> None:
    """A mistyped folder or file name is refused, never played as the shipped game."""
    (tmp_path / "Cards.json").write_text("{}")  # not a name 303 Squadron reads
    run = cli("selfplay", "squadron303", "--seed", "1", "--data", str(tmp_path))
    assert run.code == 2
    assert "holds none of squadron303's component files (campaign.json" in run.stderr
    assert "internal error" not in run.stderr

"""Every registered ruleset and scenario obeys the engine contract (STYLE.md principle 8).

Parametrised over ``ruleset_ids()`` and each game's scenarios, so a new ruleset is covered
as soon as it is registered. Letters refer to the conformance checklist in support.py.
"""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest

from dowding.bots import make_player, player_kinds
from dowding.engine import (
    Action,
    Decision,
    Game,
    Match,
    Node,
    Terminal,
    data_folder,
    get_game,
    view,
)
from tests.support import (
    BIG_SEED,
    SLOW,
    cases,
    check_copy,
    check_dict,
    check_node,
    check_refusals,
    check_views,
    dumps,
    play,
    walk,
)

CASES = cases()
SEEDS = (1, 2, 3)


def probed(step: int) -> bool:
    """The steps where the costlier checks run: the first 300, then one in ten."""
    return step < 300 or step % 10 == 0


def viewed(step: int) -> bool:
    """The steps where every seat's views are re-dealt and compared, the costliest check: as
    ``probed`` with DOWDING_SLOW=1; in the short form (CI) the first 100, then one in 25."""
    return probed(step) if SLOW else step < 100 or step % 25 == 0


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest) -> tuple[str, str]:
    ruleset, scenario = request.param
    get_game(ruleset)  # an unloadable ruleset fails here, with its own error
    return ruleset, scenario


@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_offer_only_legal_options(case: tuple[str, str], seed: int) -> None:
    """(a) and (h): random play ends in a Terminal; every node offers legal options only."""
    game = get_game(case[0])

    def hook(match: Match, node: Node, step: int) -> None:
        check_node(game, match.state, node)

    match = play(*case, seed, hook=hook)
    assert match.finished


def test_illegal_actions_are_refused(case: tuple[str, str]) -> None:
    """(b): nonsense, outcomes at decisions, decisions at chance nodes, moves after the end."""
    match = play(*case, seed=11)
    seen: Action | None = None
    for step, (state, node) in enumerate(walk(match)):
        if isinstance(node, Decision):
            seen = node.options[-1]
        if probed(step) or isinstance(node, Terminal):
            check_refusals(state, node, seen)


def test_saved_log_replays(case: tuple[str, str], tmp_path: Path) -> None:
    """(c): Match.load of a saved log reproduces every hash and the final one."""
    match = play(*case, seed=12)
    match.save(tmp_path / "game.jsonl")
    loaded = Match.load(tmp_path / "game.jsonl")
    assert [s.hash for s in loaded.steps] == [s.hash for s in match.steps]
    assert loaded.state.hash() == match.state.hash()
    assert loaded.log_lines() == match.log_lines()


def test_resumed_game_rolls_what_it_would_have(case: tuple[str, str], tmp_path: Path) -> None:
    """(c): a game saved half-way and loaded again goes on exactly as if it had never stopped."""
    whole = play(*case, seed=13)
    half = Match(case[0], case[1] or None, seed=13)
    for step in whole.steps[: len(whole.steps) // 2]:
        half.play(step.action)
    half.save(tmp_path / "half.jsonl")
    resumed = Match.load(tmp_path / "half.jsonl")
    for step in whole.steps[len(resumed.steps) :]:
        node = resumed.node()
        if isinstance(node, Decision):
            resumed.play(step.action)
        else:
            resumed.roll()
    assert resumed.log_lines() == whole.log_lines()


def test_seed_determines_the_game(case: tuple[str, str]) -> None:
    """(d): the same seed gives the same log; different seeds give different logs."""
    logs = [play(*case, seed).log_lines() for seed in (21, 22, 23)]
    assert play(*case, 21).log_lines() == logs[0]
    assert len({"\n".join(log) for log in logs}) > 1, "three seeds gave one and the same game"


def test_copies_are_independent(case: tuple[str, str]) -> None:
    """(e)."""
    for step, (state, node) in enumerate(walk(play(*case, seed=14))):
        if probed(step):
            check_copy(state, node)


def test_to_dict_round_trips(case: tuple[str, str]) -> None:
    """(f)."""
    game = get_game(case[0])
    for step, (state, node) in enumerate(walk(play(*case, seed=15))):
        if probed(step) or isinstance(node, Terminal):
            check_dict(game, state, node)


def test_views_hide_what_a_seat_cannot_see(case: tuple[str, str]) -> None:
    """(g): views are JSON, seedless, and unchanged by a re-deal of other seats' secrets."""
    game = get_game(case[0])
    seed = BIG_SEED + 16

    def hook(match: Match, node: Node, step: int) -> None:
        if viewed(step) or isinstance(node, Terminal):
            check_views(game, match.state, node, seed)

    play(*case, seed, hook=hook)


@pytest.mark.parametrize("seed", (1, 2))
def test_every_computer_player_plays_legal_games(case: tuple[str, str], seed: int) -> None:
    """Each player kind the ruleset offers, against itself: only legal choices, to the end."""
    game = get_game(case[0])
    for kind in player_kinds(case[0]):
        if kind.startswith("ismcts"):
            continue  # the search player: tests/conformance/test_search_player.py, on a budget
        seats = game.seat_ids()
        players = {seat: make_player(case[0], kind, seat, seed + i) for i, seat in enumerate(seats)}
        assert play(*case, seed, players=players).finished, kind


def test_a_players_own_data_is_named_in_every_view(case: tuple[str, str], tmp_path: Path) -> None:
    """A game dealt from a player's own components (the ``data`` option; an empty folder is
    the shipped values) names the folder in every seat's view and the spectator's, and in the
    worlds a search player samples, so whatever reads components from a view (the bots, the
    words, the odds, the maps: ``engine.data_folder``) reads the player's own; the heuristic
    plays it to the end."""
    game = get_game(case[0])
    if "data" not in {spec.name for spec in game.option_specs}:
        pytest.skip(f"{case[0]} has no components a player may own")
    folder = str(tmp_path)
    # the player's own files: here copies of the shipped ones
    package = resources.files(f"dowding.rulesets.{case[0].replace('-', '_')}") / "data"
    for name in game.component_files:
        if (package / name).is_file():
            (tmp_path / name).write_bytes((package / name).read_bytes())
    seats = game.seat_ids()
    players = {seat: make_player(case[0], "heuristic", seat, 5 + i) for i, seat in enumerate(seats)}
    rng = random.Random(3)

    def hook(match: Match, node: Node, step: int) -> None:
        if step % 25 and not isinstance(node, Terminal):
            return
        for seat in (*match.state.seat_ids(), None):
            assert data_folder(view(match.state, seat, infostate=False)) == folder, (seat, step)
        if isinstance(node, Decision):
            world = game.state_from_view(view(match.state, node.seat), node.seat, rng)
            assert data_folder(view(world, node.seat, infostate=False)) == folder, step

    assert play(*case, seed=4, players=players, hook=hook, options={"data": folder}).finished
    shipped = Match(case[0], case[1], None, seed=4).state
    assert "data" not in view(shipped, None, infostate=False)  # none named, none sent


def option_variants(game: Game) -> list[dict[str, object]]:
    """One game per other value of each option: bools flipped, each choice, every value of a
    small count, else the numeric bounds."""
    variants: list[dict[str, object]] = []
    for spec in game.option_specs:
        if isinstance(spec.default, bool):
            values: list[object] = [not spec.default]
        elif isinstance(spec.default, str):
            values = [c for c in spec.choices if c != spec.default]
        elif (
            isinstance(spec.minimum, int)
            and isinstance(spec.maximum, int)
            and spec.maximum - spec.minimum <= 4
        ):
            # a small count (players 1-4): every value, as each seats the game differently
            values = [v for v in range(spec.minimum, spec.maximum + 1) if v != spec.default]
        else:
            values = [
                v for v in (spec.minimum, spec.maximum) if v is not None and v != spec.default
            ]
        variants += [{spec.name: value} for value in values]
    return variants


def test_every_option_value_plays_to_the_end(case: tuple[str, str]) -> None:
    game = get_game(case[0])

    def hook(match: Match, node: Node, step: int) -> None:
        check_node(game, match.state, node)

    for options in option_variants(game):
        match = play(*case, seed=17, hook=hook, options=options)
        assert match.options == game.resolve_options(options)
        check_dict(game, match.state, match.node())


def test_describe_is_json(case: tuple[str, str]) -> None:
    game = get_game(case[0])
    assert case[1] in {s.id for s in game.scenarios}
    assert game.default_scenario in {s.id for s in game.scenarios}
    assert len(set(game.seat_ids())) == len(game.seats) >= 1
    dumps(game.describe())

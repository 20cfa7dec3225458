"""The repository on SQLite and PostgreSQL: games, seats, tokens, and the idempotent log."""

from __future__ import annotations

import pytest

from dowding.storage import (
    GameRecord,
    Repository,
    SeatRecord,
    StepConflict,
    StepRecord,
    Summary,
    UnknownGame,
    VersionConflict,
    describe_url,
    hash_token,
)


def new_game(game_id: str = "g1") -> GameRecord:
    return GameRecord(
        id=game_id,
        ruleset="crane",
        scenario="eight-heinkels",
        options={"max_turns": 12},
        seed=2**52 + 5,
        initial_hash="abc",
        spectators=True,
        spectator_token_hash=hash_token(f"watch-{game_id}"),
        seats=[
            SeatRecord("raf", "human", None, hash_token(f"raf-{game_id}")),
            SeatRecord("luftwaffe", "computer", "heuristic", None),
        ],
    )


@pytest.fixture
def repo(database_url: str) -> Repository:
    repository = Repository(database_url)
    yield repository
    repository.close()


def test_a_game_reads_back_as_stored(repo: Repository) -> None:
    repo.create_game(new_game())
    game = repo.game("g1")
    assert (game.ruleset, game.scenario, game.options) == (
        "crane",
        "eight-heinkels",
        {"max_turns": 12},
    )
    assert game.seed == 2**52 + 5 and game.status == "active" and game.spectators
    assert [(s.seat, s.controller, s.player) for s in game.seats] == [
        ("raf", "human", None),
        ("luftwaffe", "computer", "heuristic"),
    ]
    with pytest.raises(UnknownGame):
        repo.game("nope")


def test_each_write_is_conditional_on_the_version_it_read(repo: Repository) -> None:
    repo.create_game(new_game())
    assert repo.game("g1").version == 0
    first = [StepRecord(0, "raf", "move turn=30", "h0"), StepRecord(1, "chance", "roll d=4", "h1")]
    assert repo.append_steps("g1", first, Summary(2, 1, "raf", "active"), version=0) == 1
    # a write made from version 0 again (a retry, or a server with an older copy): refused whole
    with pytest.raises(VersionConflict) as refused:
        repo.append_steps(
            "g1",
            [*first, StepRecord(2, "raf", "fire target=B2", "h9")],
            Summary(3, 1, None, "active"),
            version=0,
        )
    assert (refused.value.expected, refused.value.stored) == (0, 1)
    assert isinstance(refused.value, StepConflict)
    repo.append_steps(
        "g1", [StepRecord(2, "raf", "fire target=B1", "h2")], Summary(3, 1, None, "active"), 1
    )
    assert [(s.seq, s.action) for s in repo.steps("g1")] == [
        (0, "move turn=30"),
        (1, "roll d=4"),
        (2, "fire target=B1"),
    ]
    game = repo.game("g1")
    assert (game.steps, game.version) == (3, 2)
    # a step at a taken seq, even from the right version, stores nothing
    with pytest.raises(StepConflict):
        repo.append_steps(
            "g1", [StepRecord(2, "raf", "fire target=B3", "h8")], Summary(3, 1, None, "active"), 2
        )
    assert [s.action for s in repo.steps("g1", since=2)] == ["fire target=B1"]
    assert repo.game("g1").version == 2
    with pytest.raises(UnknownGame):
        repo.append_steps("nope", [], Summary(0, 1, None, "active"), 0)


def test_a_stale_writer_cannot_undo_a_resignation(repo: Repository) -> None:
    """Server A resigns; server B, holding version 0, writes a step: refused, still resigned."""
    repo.create_game(new_game())
    result = {"winner": "luftwaffe", "scores": {}, "reason": "RAF resigned"}
    repo.set_summary("g1", Summary(0, 1, None, "resigned", result), version=0)
    with pytest.raises(VersionConflict):
        repo.append_steps(
            "g1", [StepRecord(0, "raf", "move turn=30", "h0")], Summary(1, 1, "raf", "active"), 0
        )
    game = repo.game("g1")
    assert (game.status, game.result, game.steps) == ("resigned", result, 0)
    assert repo.steps("g1") == []


def test_since_reads_the_header_and_the_steps_after_a_seq(repo: Repository) -> None:
    repo.create_game(new_game())
    steps = [StepRecord(n, "raf", f"a n={n}", f"h{n}") for n in range(4)]
    repo.append_steps("g1", steps, Summary(4, 1, "raf", "active"), 0)
    record, after = repo.since("g1", 2)
    assert record.version == 1 and [s.seq for s in after] == [2, 3]
    with pytest.raises(UnknownGame):
        repo.since("nope", 0)


def test_summary_and_status(repo: Repository) -> None:
    repo.create_game(new_game())
    result = {"winner": "luftwaffe", "scores": {}, "reason": "RAF resigned"}
    repo.set_summary("g1", Summary(0, 1, None, "resigned", result), 0)
    game = repo.game("g1")
    assert (game.status, game.result) == ("resigned", result)
    assert repo.active_game_ids() == []


def test_tokens_find_their_seat_and_games(repo: Repository) -> None:
    repo.create_game(new_game("g1"))
    repo.create_game(new_game("g2"))
    assert repo.find_token(hash_token("raf-g1")) == ("g1", "raf")
    assert repo.find_token(hash_token("watch-g2")) == ("g2", None)
    assert repo.find_token(hash_token("someone else")) is None
    found = repo.games_for_tokens([hash_token("raf-g1"), hash_token("raf-g2"), hash_token("x")])
    assert sorted((g.id, seat) for g, seat in found) == [("g1", "raf"), ("g2", "raf")]
    assert repo.games_for_tokens([]) == []


def test_reopening_runs_no_migration_twice_and_keeps_the_games(database_url: str) -> None:
    first = Repository(database_url)
    first.create_game(new_game())
    first.close()
    again = Repository(database_url)
    assert again.game("g1").id == "g1"
    again.close()


def test_a_bad_url_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not a database URL"):
        Repository("no such thing")


def test_urls_print_without_passwords() -> None:
    assert (
        describe_url("postgresql+psycopg://me:secret@db/games")
        == "postgresql+psycopg://me:***@db/games"
    )
    assert describe_url("sqlite:////tmp/x.db") == "/tmp/x.db"


def test_writes_committed_together_still_fail_alone(repo: Repository) -> None:
    for n in range(5):
        repo.create_game(new_game(f"g{n}"))
    repo.append_steps("g0", [StepRecord(0, "raf", "a", "h0")], Summary(1, 1, "raf", "active"), 0)
    futures = [
        repo.submit_append(
            f"g{n}", [StepRecord(0, "raf", f"act {n}", f"h{n}")], Summary(1, 1, None, "active"), 0
        )
        for n in range(1, 5)
    ]
    clash = repo.submit_append(
        "g0", [StepRecord(0, "raf", "b", "h9")], Summary(1, 1, None, "active"), 0
    )
    for future in futures:
        assert future.result(timeout=30) == 1
    with pytest.raises(StepConflict):
        clash.result(timeout=30)
    assert [s.action for s in repo.steps("g0")] == ["a"]
    assert [repo.steps(f"g{n}")[0].action for n in range(1, 5)] == [f"act {n}" for n in range(1, 5)]


def test_a_database_from_before_versions_is_upgraded(database_url: str) -> None:
    """A database at migration 0001 (no games.version) keeps its games, each at version 0."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from dowding.storage import make_engine
    from dowding.storage.database import MIGRATIONS

    engine = make_engine(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            text(
                "INSERT INTO games (id, ruleset, scenario, options, seed, initial_hash, dice, "
                "spectators, status, steps, turn, created, updated) VALUES ('old', 'crane', "
                "'eight-heinkels', '{}', 1, 'abc', 'auto', false, 'active', 0, 1, "
                "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            )
        )
    engine.dispose()
    repository = Repository(database_url)
    try:
        assert repository.game("old").version == 0
        assert repository.set_summary("old", Summary(0, 1, None, "abandoned"), 0) == 1
    finally:
        repository.close()

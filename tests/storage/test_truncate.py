"""Taking steps back (issue 12): a write like any other, conditional on the game's version."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dowding.storage import Repository, StepRecord, Summary, VersionConflict

from .test_repository import new_game


@pytest.fixture
def repo(database_url: str) -> Iterator[Repository]:
    repository = Repository(database_url)
    yield repository
    repository.close()


def steps(first: int, count: int, seat: str = "raf") -> list[StepRecord]:
    return [
        StepRecord(first + i, seat, f"move n={first + i}", f"h{first + i}") for i in range(count)
    ]


def test_a_take_back_removes_the_last_steps_under_the_version(repo: Repository) -> None:
    repo.create_game(new_game())
    version = repo.append_steps("g1", steps(0, 3), Summary(3, 1, "raf", "active"), 0)
    assert version == 1
    with pytest.raises(VersionConflict):  # a copy of the game older than the stored one
        repo.truncate_steps("g1", 2, Summary(2, 1, "raf", "active"), 0)
    assert len(repo.steps("g1")) == 3
    version = repo.truncate_steps("g1", 2, Summary(2, 1, "raf", "active"), version)
    assert version == 2
    record, stored = repo.since("g1", 0)
    assert (record.steps, record.version) == (2, 2)
    assert [s.action for s in stored] == ["move n=0", "move n=1"]
    # the seq taken back is free for the step played instead
    version = repo.append_steps(
        "g1", [StepRecord(2, "raf", "move n=9", "h9")], Summary(3, 1, "raf", "active"), version
    )
    assert [s.action for s in repo.steps("g1")][-1] == "move n=9" and version == 3
    with pytest.raises(ValueError):  # the summary must count what is kept
        repo.truncate_steps("g1", 1, Summary(3, 1, "raf", "active"), version)
    assert len(repo.steps("g1")) == 3 and repo.game("g1").version == 3


def test_a_stale_server_cannot_replay_a_move_taken_back(database_url: str) -> None:
    """Server A takes a move back; server B, holding the game with that move, is refused by
    the database, drops its copy and answers from the stored log (where the move is gone)."""
    from .test_stale_servers import hotseat_game, server

    with server(database_url) as a, server(database_url, hears_others=False) as b:
        game_id, tokens = hotseat_game(a)
        token = tokens["luftwaffe"]
        start = a.get(f"/api/games/{game_id}", params={"token": token}).json()
        option = start["decision"]["options"][0]["text"]
        body = {"token": token, "seq": 0, "action": option}
        assert a.post(f"/api/games/{game_id}/actions", json=body).json()["seq"] == 1
        assert b.get(f"/api/games/{game_id}", params={"token": token}).json()["seq"] == 1
        back = a.post(f"/api/games/{game_id}/undo", json={"token": token, "seq": 1})
        assert back.status_code == 200 and back.json()["seq"] == 0
        # B's copy still has the move: its next move from there is refused, nothing stored
        second = start["decision"]["options"][1]["text"]
        stale = b.post(
            f"/api/games/{game_id}/actions", json={"token": token, "seq": 1, "action": second}
        )
        assert stale.status_code == 409 and stale.json()["seq"] == 0, stale.text
        assert b.get(f"/api/games/{game_id}", params={"token": token}).json()["seq"] == 0
    repository = Repository(database_url)
    try:
        assert repository.steps(game_id) == [] and repository.game(game_id).steps == 0
    finally:
        repository.close()

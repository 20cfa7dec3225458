"""One server per SQLite file: a second is refused with a clear message; PostgreSQL needs none."""

from __future__ import annotations

from pathlib import Path

import pytest

from dowding.storage import DatabaseInUse, server_lock


def test_a_second_server_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = server_lock(url)
    assert first is not None
    with pytest.raises(DatabaseInUse, match="another dowding server") as refused:
        server_lock(url)
    message = str(refused.value)
    assert "games.sqlite3" in message and "PostgreSQL" in message
    first.release()
    again = server_lock(url)  # released: the next server may start
    assert again is not None
    again.release()


def test_other_databases_take_no_lock(tmp_path: Path) -> None:
    assert server_lock("sqlite://") is None
    assert server_lock("sqlite:///:memory:") is None
    assert server_lock("postgresql+psycopg://me@db/games") is None
    assert server_lock("nonsense") is None  # opening the database reports a bad URL

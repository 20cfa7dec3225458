"""Storage tests run on SQLite and on PostgreSQL (see tests/storage/postgres.py).

With DOWDING_REQUIRE_POSTGRES=1 a missing PostgreSQL fails the tests instead of skipping them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .postgres import postgres_or_skip, wipe


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    yield from postgres_or_skip()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    url: str = request.getfixturevalue("postgres_server")
    wipe(url)
    return url

"""Storage tests run on SQLite and on PostgreSQL (see tests/storage/postgres.py).

With DOWDING_REQUIRE_POSTGRES=1 a missing PostgreSQL fails the tests instead of skipping them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from .postgres import ENV, Unavailable, throwaway_server, wipe


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    url = os.environ.get(ENV)
    if url:
        yield url
        return
    try:
        with throwaway_server() as started:
            yield started
    except Unavailable as exc:
        if os.environ.get("DOWDING_REQUIRE_POSTGRES") == "1":  # CI: a skip would hide a gap
            pytest.fail(f"PostgreSQL is required here: {exc}")
        pytest.skip(str(exc))


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.sqlite3'}"
    url: str = request.getfixturevalue("postgres_server")
    wipe(url)
    return url

"""Where the database is, how to connect to it, and bringing its schema up to date."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

MIGRATIONS = Path(__file__).with_name("migrations")


def default_database_url() -> str:
    """SQLite in the user's data folder (e.g. ~/.local/share/dowding/dowding.sqlite3)."""
    folder = Path(platformdirs.user_data_dir("dowding", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'dowding.sqlite3'}"


def describe_url(url: str) -> str:
    """The URL as it may be printed: a SQLite file's path, or the URL without its password."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return parsed.database or ":memory:"
    return parsed.render_as_string(hide_password=True)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; ValueError with a clear message for a URL SQLAlchemy cannot use."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(
            f"not a database URL: {url!r} (e.g. sqlite:///games.db or postgresql+psycopg://...)"
        ) from None
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            parsed,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=20,  # as many as the server's worker threads, so none is reopened
            max_overflow=20,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    try:
        return create_engine(parsed, pool_pre_ping=True, pool_size=10, max_overflow=20)
    except ModuleNotFoundError as exc:
        raise ValueError(
            f"the driver for {parsed.drivername} is not installed ({exc.name}); "
            "for PostgreSQL: pip install 'dowding[postgres]'"
        ) from None


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the writer. With synchronous=NORMAL a commit is in the WAL
    # file, in the operating system's hands, before it returns: a killed server loses nothing
    # it acknowledged; only a power cut may lose the last commits. DOWDING_SQLITE_SYNC=FULL
    # syncs every commit to the disk as well (each action then waits for the disk).
    sync = os.environ.get("DOWDING_SQLITE_SYNC", "NORMAL").upper()
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(
        f"PRAGMA synchronous={sync if sync in ('NORMAL', 'FULL', 'EXTRA') else 'NORMAL'}"
    )
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrate(engine: Engine) -> None:
    """Upgrade the schema to the newest migration (a new database is created from nothing)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")

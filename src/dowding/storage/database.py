"""Where the database is, how to connect to it, and bringing its schema up to date."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import IO, Any

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


class DatabaseInUse(ValueError):
    """Another server holds this SQLite database."""


class ServerLock:
    """An exclusive lock on a file beside a SQLite database, held while a server runs.

    A server keeps the games it serves in its memory, and only PostgreSQL tells one server of
    another's writes (LISTEN/NOTIFY), so a second server on the same SQLite file is refused.
    The operating system drops the lock when the process ends, however it ends (kill -9
    included), so a crashed server never leaves a stale lock behind.
    """

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + ".server-lock")
        self._file: IO[str] | None = None

    def acquire(self) -> None:
        handle = open(self.path, "a+")  # noqa: SIM115 (held open for the server's lifetime)
        try:
            _lock(handle)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip()
            handle.close()
            raise DatabaseInUse(
                f"another dowding server{f' (process {holder})' if holder.isdigit() else ''} "
                f"is serving {self.path.with_name(self.path.name.removesuffix('.server-lock'))}: "
                "a SQLite database takes one server at a time. Stop that server, give this one "
                "another database, or serve from PostgreSQL (--database-url "
                "postgresql+psycopg://...), which takes several servers at once."
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.seek(0)
                self._file.truncate()
            self._file.close()  # closing drops the lock
            self._file = None


def _lock(handle: IO[str]) -> None:
    try:
        import fcntl
    except ImportError:  # Windows
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        return
    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


def server_lock(url: str) -> ServerLock | None:
    """Take the one-server lock of a SQLite database file (DatabaseInUse if another server
    holds it); None for other databases, which need no lock."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return None  # not a URL: opening the database says so
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    if parsed.database == ":memory:" or parsed.query.get("mode") == "memory":
        return None
    lock = ServerLock(Path(parsed.database).expanduser().resolve())
    lock.path.parent.mkdir(parents=True, exist_ok=True)
    lock.acquire()
    return lock

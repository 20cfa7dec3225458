"""Games kept in a database: each game's header and its action log (SQLAlchemy, alembic).

SQLite in the user's data folder by default; PostgreSQL (or any SQLAlchemy URL) by choice.
"""

from .database import (
    DatabaseInUse,
    ServerLock,
    default_database_url,
    describe_url,
    make_engine,
    migrate,
    server_lock,
)
from .notify import Listener
from .repository import (
    GameRecord,
    Repository,
    SeatRecord,
    StepConflict,
    StepRecord,
    Summary,
    UnknownGame,
    VersionConflict,
    hash_token,
)

__all__ = [
    "DatabaseInUse",
    "GameRecord",
    "Listener",
    "Repository",
    "SeatRecord",
    "ServerLock",
    "StepConflict",
    "StepRecord",
    "Summary",
    "UnknownGame",
    "VersionConflict",
    "default_database_url",
    "describe_url",
    "hash_token",
    "make_engine",
    "migrate",
    "server_lock",
]

"""Games kept in a database: each game's header and its action log (SQLAlchemy, alembic).

SQLite in the user's data folder by default; PostgreSQL (or any SQLAlchemy URL) by choice.
"""

from .database import default_database_url, describe_url, make_engine, migrate
from .repository import (
    GameRecord,
    Repository,
    SeatRecord,
    StepConflict,
    StepRecord,
    Summary,
    UnknownGame,
    hash_token,
)

__all__ = [
    "GameRecord",
    "Repository",
    "SeatRecord",
    "StepConflict",
    "StepRecord",
    "Summary",
    "UnknownGame",
    "default_database_url",
    "describe_url",
    "hash_token",
    "make_engine",
    "migrate",
]

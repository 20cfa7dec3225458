"""Alembic migrations, run by ``dowding.storage.migrate`` at start-up."""

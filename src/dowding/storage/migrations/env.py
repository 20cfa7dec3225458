"""Alembic environment: always given a connection by dowding.storage.migrate."""

from __future__ import annotations

from alembic import context

from dowding.storage.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through dowding.storage.migrate(engine)")
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()

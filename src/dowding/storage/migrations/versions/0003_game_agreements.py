"""The agreements between a game's people, stored with the game: who has offered or accepted to
abandon it, and which invited seats have accepted manual dice (JSON, written under the version
check like every other write to the game).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:  # SQLite alters a table by copying it
        batch.add_column(sa.Column("agreements", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("agreements")

"""Whether a press message went to everyone: SET TOUCH PRESS allows a player one broadcast a
turn (users' manual 9.1).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("press") as batch:
        batch.add_column(
            sa.Column("broadcast", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("press") as batch:
        batch.drop_column("broadcast")

"""The judge's secrets (`judge_secrets`): the key that signs the tokens in the addresses of
its mail (List-Unsubscribe, judge/mailtokens.py). The table only: the key is made at its
first use, so that a backup's logical copy (backup.py), which migrates an empty database and
then copies every row into it, finds no row of its own in the way.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "judge_secrets",
        sa.Column("name", sa.String(50), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("judge_secrets")

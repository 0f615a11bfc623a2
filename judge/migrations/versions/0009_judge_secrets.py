"""The judge's secrets (`judge_secrets`): the key that signs the tokens in the addresses of
its mail (List-Unsubscribe, judge/mailtokens.py), made here at random, once.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    table = op.create_table(
        "judge_secrets",
        sa.Column("name", sa.String(50), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    now = datetime.now(UTC).replace(tzinfo=None)
    op.bulk_insert(table, [{"name": "tokens", "value": secrets.token_hex(32), "created_at": now}])


def downgrade() -> None:
    op.drop_table("judge_secrets")

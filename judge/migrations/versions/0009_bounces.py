"""Bounces acted on (issue 31): what bounces said of each address and the mark of an
undeliverable one (`bounces`), and the judge's own secrets (`judge_secrets`): the key of
the HMAC in each mail's bounce address (VERP), made at random by the first process that
needs it (mailout/verp.py; made here, it would be made twice in a backup's logical copy).

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
        "bounces",
        sa.Column("address", sa.String(320), primary_key=True),
        sa.Column("temporary", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("permanent", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("counted", sa.JSON(), nullable=False),
        sa.Column("last_at", sa.DateTime(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=False, server_default=""),
        sa.Column("undeliverable_since", sa.DateTime(), nullable=True),
    )
    op.create_table(
        "judge_secrets",
        sa.Column("name", sa.String(40), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("judge_secrets")
    op.drop_table("bounces")

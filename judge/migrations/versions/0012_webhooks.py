"""Webhooks (issue 35, item 5): `webhook_posts`, each post to a game's webhook (SET WEBHOOK)
waiting, delivered or given up, with its tries and the time of the next one, so that the
backoff outlives a restart (judge/webhooks/).

Revision ID: 0012_webhooks
Revises: 0011_ratings
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_webhooks"
down_revision: str | None = "0011_ratings"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "webhook_posts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=True),
        sa.Column("event", sa.String(16), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("form", sa.String(16), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("picture", sa.LargeBinary(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False, server_default="pending"),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("next_attempt_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=False, server_default=""),
        sa.Column("claimed_until", sa.DateTime(), nullable=True),
        sa.Column("claimed_by", sa.String(100), nullable=False, server_default=""),
    )
    op.create_index("ix_webhook_posts_status_next", "webhook_posts", ["status", "next_attempt_at"])


def downgrade() -> None:
    op.drop_index("ix_webhook_posts_status_next", table_name="webhook_posts")
    op.drop_table("webhook_posts")

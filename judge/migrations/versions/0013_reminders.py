"""Reliability (issue 35): `turn_records`, how each user met each phase of a rated game he
owed orders in (on time, late, missed, excused), the last year of which makes his
reliability. Reminders and excuses keep what they need in the game's settings.

Revision ID: 0013_reminders
Revises: 0012_webhooks
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013_reminders"
down_revision: str | None = "0012_webhooks"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "turn_records",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("outcome", sa.String(10), nullable=False),
        sa.UniqueConstraint("game_id", "turn", "user_id"),
    )
    op.create_index("ix_turn_records_game_id", "turn_records", ["game_id"])
    op.create_index("ix_turn_records_user_at", "turn_records", ["user_id", "at"])


def downgrade() -> None:
    op.drop_index("ix_turn_records_user_at", table_name="turn_records")
    op.drop_index("ix_turn_records_game_id", table_name="turn_records")
    op.drop_table("turn_records")

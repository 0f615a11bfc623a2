"""Skill ratings (issue 35, item 4): what each finished game did to each player's
Ghost-Rating (`rating_changes`); a player's rating is his newest row's `after`.

Revision ID: 0011_ratings
Revises: 0010_web_links
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_ratings"
down_revision: str | None = "0010_web_links"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("power", sa.String(40), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("game_id", "user_id"),
    )
    op.create_index("ix_rating_changes_game_id", "rating_changes", ["game_id"])
    op.create_index("ix_rating_changes_user_id", "rating_changes", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_user_id", "rating_changes")
    op.drop_index("ix_rating_changes_game_id", "rating_changes")
    op.drop_table("rating_changes")

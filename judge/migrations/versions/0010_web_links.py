"""The web window's links (issue 36): for each participant who asked for one (GET LINK),
the generation of his links, so that REVOKE LINK makes every link mailed before it dead
at once (judge/web/links.py). A link itself is not kept: it is signed.

Revision ID: 0010_web_links
Revises: 0009
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010_web_links"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "web_links",
        sa.Column(
            "participant_id", sa.Integer(), sa.ForeignKey("participants.id"), primary_key=True
        ),
        sa.Column("generation", sa.Integer(), nullable=False, server_default="1"),
        sa.Column("issued_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("web_links")

"""Defences against hostile mail (issue 15): the connecting host of each inbound mail (rate
limits per host and per envelope sender), the claim a sender holds on an outbox row while it
delivers it (exactly one sender owns a reply), confirmations asked before I AM ALSO links an
address, and failed SIGN ONs (throttled per power and per judge).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("inbound") as batch:
        batch.add_column(sa.Column("peer", sa.String(100), nullable=False, server_default=""))
    op.create_index("ix_inbound_peer_received", "inbound", ["peer", "received_at"])
    op.create_index("ix_inbound_envelope_received", "inbound", ["envelope_from", "received_at"])
    with op.batch_alter_table("outbox") as batch:
        batch.add_column(sa.Column("claimed_until", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("claimed_by", sa.String(100), nullable=False, server_default=""))
    op.create_index("ix_outbox_to_created", "outbox", ["to_address", "created_at"])
    op.create_table(
        "link_requests",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=False),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False, server_default="pending"),
        sa.Column("done_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_link_requests_user_id", "link_requests", ["user_id"])
    op.create_table(
        "sign_on_failures",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("game_id", sa.Integer(), sa.ForeignKey("games.id"), nullable=True),
        sa.Column("power", sa.String(40), nullable=False, server_default=""),
        sa.Column("address", sa.String(320), nullable=False, server_default=""),
    )
    op.create_index("ix_sign_on_failures_at", "sign_on_failures", ["at"])
    op.create_index("ix_sign_on_failures_target", "sign_on_failures", ["game_id", "power", "at"])


def downgrade() -> None:
    op.drop_index("ix_sign_on_failures_target", "sign_on_failures")
    op.drop_index("ix_sign_on_failures_at", "sign_on_failures")
    op.drop_table("sign_on_failures")
    op.drop_index("ix_link_requests_user_id", "link_requests")
    op.drop_table("link_requests")
    op.drop_index("ix_outbox_to_created", "outbox")
    with op.batch_alter_table("outbox") as batch:
        batch.drop_column("claimed_by")
        batch.drop_column("claimed_until")
    op.drop_index("ix_inbound_envelope_received", "inbound")
    op.drop_index("ix_inbound_peer_received", "inbound")
    with op.batch_alter_table("inbound") as batch:
        batch.drop_column("peer")

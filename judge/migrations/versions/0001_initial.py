"""The judge schema: mail in and out, users and their addresses, games and what is in them.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("phase", sa.String(length=12), nullable=True),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("position", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("comment", sa.Text(), nullable=False),
        sa.Column("full_comment", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("deadline", sa.DateTime(), nullable=True),
        sa.Column("grace", sa.DateTime(), nullable=True),
        sa.Column("earliest", sa.DateTime(), nullable=True),
        sa.Column("next_event_at", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_next_event_at"), ["next_event_at"], unique=False)

    op.create_table(
        "inbound",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("received_at", sa.DateTime(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=False),
        sa.Column("envelope_from", sa.String(length=320), nullable=False),
        sa.Column("envelope_to", sa.Text(), nullable=False),
        sa.Column("via", sa.String(length=16), nullable=False),
        sa.Column("sender", sa.String(length=320), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("hold_until", sa.DateTime(), nullable=True),
        sa.Column("done_at", sa.DateTime(), nullable=True),
        sa.Column("outcome", sa.Text(), nullable=False),
        sa.Column("message_key", sa.String(length=64), nullable=True),
        sa.Column("worker", sa.String(length=100), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_key"),
    )
    with op.batch_alter_table("inbound", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_inbound_received_at"), ["received_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_inbound_sender"), ["sender"], unique=False)
        batch_op.create_index("ix_inbound_status_id", ["status", "id"], unique=False)

    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("level", sa.String(length=20), nullable=False),
        sa.Column("site", sa.String(length=200), nullable=False),
        sa.Column("country", sa.String(length=100), nullable=False),
        sa.Column("registration", sa.JSON(), nullable=False),
        sa.Column("registered_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("dedication", sa.Integer(), nullable=False),
        sa.Column("ontime", sa.Integer(), nullable=False),
        sa.Column("due", sa.Integer(), nullable=False),
        sa.Column("civil_disorders", sa.Integer(), nullable=False),
        sa.Column("resigned", sa.Integer(), nullable=False),
        sa.Column("started", sa.Integer(), nullable=False),
        sa.Column("tookover", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("email"),
    )
    op.create_table(
        "addresses",
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("added_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("address"),
    )
    with op.batch_alter_table("addresses", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_addresses_user_id"), ["user_id"], unique=False)

    op.create_table(
        "history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("phase", sa.String(length=12), nullable=True),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("history", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_history_at"), ["at"], unique=False)
        batch_op.create_index(batch_op.f("ix_history_game_id"), ["game_id"], unique=False)

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("inbound_id", sa.Integer(), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("message_id", sa.String(length=255), nullable=False),
        sa.Column("in_reply_to", sa.Text(), nullable=False),
        sa.Column("refs", sa.Text(), nullable=False),
        sa.Column("headers", sa.JSON(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["inbound_id"],
            ["inbound.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("message_id"),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_status_next", ["status", "next_attempt_at"], unique=False)

    op.create_table(
        "participants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("power", sa.String(length=40), nullable=True),
        sa.Column("password_hash", sa.String(length=200), nullable=False),
        sa.Column("report_to", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("wait", sa.Boolean(), nullable=False),
        sa.Column("orders_status", sa.String(length=16), nullable=False),
        sa.Column("preference", sa.String(length=60), nullable=False),
        sa.Column("draw", sa.String(length=40), nullable=True),
        sa.Column("concede", sa.String(length=40), nullable=True),
        sa.Column("late_count", sa.Integer(), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.Column("absences", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("participants", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_participants_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_participants_user_id"), ["user_id"], unique=False)

    op.create_table(
        "phases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=12), nullable=False),
        sa.Column("position", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("processed_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "turn"),
    )
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_phases_game_id"), ["game_id"], unique=False)

    op.create_table(
        "orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("participant_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=40), nullable=False),
        sa.Column("phase", sa.String(length=12), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("condition", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("inbound_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["inbound_id"],
            ["inbound.id"],
        ),
        sa.ForeignKeyConstraint(
            ["participant_id"],
            ["participants.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_orders_game_id"), ["game_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_orders_participant_id"), ["participant_id"], unique=False
        )

    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("sender_id", sa.Integer(), nullable=False),
        sa.Column("recipients", sa.JSON(), nullable=False),
        sa.Column("shown_to", sa.JSON(), nullable=False),
        sa.Column("grey", sa.Boolean(), nullable=False),
        sa.Column("postal", sa.Boolean(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("phase", sa.String(length=12), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.ForeignKeyConstraint(
            ["sender_id"],
            ["participants.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("press", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_press_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("press", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_press_game_id"))

    op.drop_table("press")
    with op.batch_alter_table("orders", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_orders_participant_id"))
        batch_op.drop_index(batch_op.f("ix_orders_game_id"))

    op.drop_table("orders")
    with op.batch_alter_table("phases", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_phases_game_id"))

    op.drop_table("phases")
    with op.batch_alter_table("participants", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_participants_user_id"))
        batch_op.drop_index(batch_op.f("ix_participants_game_id"))

    op.drop_table("participants")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_status_next")

    op.drop_table("outbox")
    with op.batch_alter_table("history", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_history_game_id"))
        batch_op.drop_index(batch_op.f("ix_history_at"))

    op.drop_table("history")
    with op.batch_alter_table("addresses", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_addresses_user_id"))

    op.drop_table("addresses")
    op.drop_table("users")
    with op.batch_alter_table("inbound", schema=None) as batch_op:
        batch_op.drop_index("ix_inbound_status_id")
        batch_op.drop_index(batch_op.f("ix_inbound_sender"))
        batch_op.drop_index(batch_op.f("ix_inbound_received_at"))

    op.drop_table("inbound")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_next_event_at"))

    op.drop_table("games")

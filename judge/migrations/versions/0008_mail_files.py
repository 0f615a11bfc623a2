"""The files mails carry, kept once each: `mail_files` holds each file by the SHA-256 of its
bytes, `outbox_files` says which mail carries which (name, type, inline, in order). A
results mail to seven players stored its two pictures seven times in `outbox.attachments`
(migration 0007); now once. The files of the rows there are moved, and the column goes.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    files = op.create_table(
        "mail_files",
        sa.Column("sha256", sa.String(64), primary_key=True),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    links = op.create_table(
        "outbox_files",
        sa.Column("outbox_id", sa.Integer(), sa.ForeignKey("outbox.id"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        sa.Column("sha256", sa.String(64), sa.ForeignKey("mail_files.sha256"), nullable=False),
        sa.Column("name", sa.String(255), nullable=False),
        sa.Column("content_type", sa.String(100), nullable=False),
        sa.Column("inline", sa.Boolean(), nullable=False),
    )
    op.create_index("ix_outbox_files_sha256", "outbox_files", ["sha256"])
    _move_files(files, links)
    # Not batch mode: on SQLite it would copy `outbox` and drop the original, which
    # `outbox_files` now refers to. SQLite drops a column itself since 3.35 (2021).
    op.execute("ALTER TABLE outbox DROP COLUMN attachments")


def _move_files(files: sa.Table, links: sa.Table) -> None:
    """Each file kept in `outbox.attachments` ({name, type, inline, data in base64}) into
    the new tables, once."""
    connection = op.get_bind()
    outbox = sa.table("outbox", sa.column("id"), sa.column("attachments"))
    now = datetime.now(UTC).replace(tzinfo=None)
    seen: set[str] = set()
    for row_id, stored in connection.execute(sa.select(outbox.c.id, outbox.c.attachments)):
        entries = json.loads(stored) if isinstance(stored, str) else stored or []
        for position, entry in enumerate(entries):
            data = base64.b64decode(entry["data"])
            digest = hashlib.sha256(data).hexdigest()
            if digest not in seen:
                seen.add(digest)
                connection.execute(files.insert().values(sha256=digest, data=data, created_at=now))
            connection.execute(
                links.insert().values(
                    outbox_id=row_id, position=position, sha256=digest, name=entry["name"],
                    content_type=entry["type"], inline=bool(entry["inline"]),
                )
            )  # fmt: skip


def downgrade() -> None:
    op.add_column(
        "outbox",
        sa.Column("attachments", sa.JSON(), nullable=False, server_default=sa.text("'[]'")),
    )
    connection = op.get_bind()
    rows: dict[int, list[dict]] = {}
    query = sa.text(
        "SELECT l.outbox_id, l.name, l.content_type, l.inline, f.data FROM outbox_files l"
        " JOIN mail_files f ON f.sha256 = l.sha256 ORDER BY l.outbox_id, l.position"
    )
    for row_id, name, kind, inline, data in connection.execute(query):
        rows.setdefault(row_id, []).append(
            {"name": name, "type": kind, "inline": bool(inline),
             "data": base64.b64encode(data).decode("ascii")}
        )  # fmt: skip
    outbox = sa.table("outbox", sa.column("id"), sa.column("attachments", sa.JSON()))
    for row_id, entries in rows.items():
        connection.execute(outbox.update().where(outbox.c.id == row_id).values(attachments=entries))
    op.drop_index("ix_outbox_files_sha256", "outbox_files")
    op.drop_table("outbox_files")
    op.drop_table("mail_files")

"""The schema only changes through alembic: from empty to head and back on SQLite and on
PostgreSQL, and the models agree with what the migrations build."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from judge.store import migrate
from judge.store.db import Store
from judge.store.models import Base

TABLES = {
    "inbound", "outbox", "users", "addresses", "games", "participants", "phases", "orders",
    "press", "history", "diary", "link_requests", "sign_on_failures", "mail_files",
    "outbox_files", "bounces", "judge_secrets", "rating_changes", "web_links",
    "webhook_posts", "turn_records",
}  # fmt: skip


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'judge.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    store = Store(url)
    yield store
    store.dispose()


def tables(store: Store) -> set[str]:
    return set(inspect(store.engine).get_table_names()) - {"alembic_version"}


def test_upgrade_from_empty_to_head_and_back(store):
    assert migrate.current(store) is None
    migrate.upgrade(store)
    assert migrate.current(store) == migrate.head()
    assert tables(store) == TABLES
    migrate.downgrade(store, "base")
    assert migrate.current(store) is None
    assert tables(store) == set()
    migrate.upgrade(store)  # and up again: the downgrade left nothing behind
    assert tables(store) == TABLES


def test_the_models_match_the_migrations(store):
    migrate.upgrade(store)
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_the_judge_refuses_a_schema_not_at_head(store):
    with pytest.raises(migrate.SchemaNotCurrent, match="run 'judge migrate' first"):
        migrate.require_head(store)
    migrate.upgrade(store)
    migrate.require_head(store)


def test_the_judge_reads_the_head_and_the_stamp_as_alembic_does(store):
    """require_head reads them without alembic (whose import each judge command would pay)."""
    scripts = ScriptDirectory.from_config(migrate.alembic_config(store))
    assert migrate.head() == scripts.get_current_head()
    below = scripts.get_revision(migrate.head()).down_revision
    for revision in (None, below, migrate.head()):
        if revision is not None:
            migrate.upgrade(store, revision)
        with store.engine.connect() as connection:
            assert (
                migrate.current(store)
                == MigrationContext.configure(connection).get_current_revision()
            )


def test_0008_keeps_each_file_of_the_outbox_once(store):
    """The pictures that 0007 kept in every row that carried them move to `mail_files`,
    once each, and back again on a downgrade."""
    import base64
    import json
    from datetime import datetime

    from sqlalchemy import text

    migrate.upgrade(store, "0007")
    png = {"name": "g-S1901M.png", "type": "image/png", "inline": True,
           "data": base64.b64encode(b"\x89PNG picture").decode()}  # fmt: skip
    svg = {"name": "g-S1901M.svg", "type": "image/svg+xml", "inline": False,
           "data": base64.b64encode(b"<svg/>").decode()}  # fmt: skip
    with store.engine.begin() as connection:
        for n in range(3):
            connection.execute(
                text(
                    "INSERT INTO outbox (created_at, status, to_address, subject, body,"
                    " message_id, in_reply_to, refs, headers, attachments, attempts,"
                    " next_attempt_at, claimed_by, last_error) VALUES (:at, 'sent', :to,"
                    " 's', 'b', :id, '', '', '{}', :files, 0, :at, '', '')"
                ),
                {"at": datetime(2026, 11, 1), "to": f"p{n}@example.org", "id": f"<{n}@x>",
                 "files": json.dumps([png, svg] if n < 2 else [])},
            )  # fmt: skip
    migrate.upgrade(store)
    with store.engine.connect() as connection:
        kept = connection.execute(text("SELECT data FROM mail_files")).scalars().all()
        links = connection.execute(
            text("SELECT outbox_id, position, name FROM outbox_files ORDER BY outbox_id, position")
        ).all()
    assert sorted(bytes(d) for d in kept) == [b"<svg/>", b"\x89PNG picture"]
    assert [(p, n) for _, p, n in links] == [(0, png["name"]), (1, svg["name"])] * 2
    migrate.downgrade(store, "0007")
    with store.engine.connect() as connection:
        back = connection.execute(text("SELECT attachments FROM outbox ORDER BY id")).scalars()
        back = [json.loads(v) if isinstance(v, str) else v for v in back]
    assert back == [[png, svg], [png, svg], []]

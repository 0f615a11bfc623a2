"""`judge migrate`: bring a database's schema to the newest revision, through alembic."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from .db import Store

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"


def alembic_config(store: Store) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", store.url.replace("%", "%%"))
    return config


def _run(store: Store, action: str, revision: str) -> None:
    config = alembic_config(store)
    with store.engine.connect() as connection:
        config.attributes["connection"] = connection
        getattr(command, action)(config, revision)
        connection.commit()


def upgrade(store: Store, revision: str = "head") -> None:
    _run(store, "upgrade", revision)


def downgrade(store: Store, revision: str = "base") -> None:
    _run(store, "downgrade", revision)


def current(store: Store) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with store.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


class SchemaNotCurrent(RuntimeError):
    pass


def head() -> str:
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return ScriptDirectory.from_config(config).get_current_head() or ""


def require_head(store: Store) -> None:
    """Refuse to run on a schema other than this code's: `judge migrate` first."""
    found, wanted = current(store), head()
    if found != wanted:
        raise SchemaNotCurrent(
            f"the database {store.display_url} is at schema revision {found or 'none'}, this judge "
            f"needs {wanted}: run 'judge migrate' first"
        )

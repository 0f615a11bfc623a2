"""`judge migrate`: bring a database's schema to the newest revision, through alembic.

Every other judge command only checks that the schema is at the newest revision
(`require_head`): it reads the stamp and the scripts' revision lines itself, because
importing alembic for that cost each command (`judge process` under a mail system, `judge
tick` from cron) 0.2 s. tests/test_migrations.py checks that alembic reads them the same.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text

from ..package_data import folder
from .db import Store

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = folder("judge", "migrations")  # package data: alembic's env.py and versions/
VERSION_TABLE = "alembic_version"  # alembic's default, which judge/migrations/env.py keeps


def alembic_config(store: Store) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", store.url.replace("%", "%%"))
    return config


def _run(store: Store, action: str, revision: str) -> None:
    from alembic import command

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
    """The revision the database is stamped with (alembic's version table), if any."""
    with store.engine.connect() as connection:
        if not inspect(connection).has_table(VERSION_TABLE):
            return None
        stamps = connection.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))
        return " ".join(sorted(stamps.scalars())) or None


class SchemaNotCurrent(RuntimeError):
    pass


def head() -> str:
    """The newest revision: the one no script names as its `down_revision`."""
    below: set[str] = set()
    revisions: set[str] = set()
    for script in (MIGRATIONS / "versions").glob("*.py"):
        values = _revision_lines(script)
        if "revision" in values:
            revisions.add(str(values["revision"]))
            down = values.get("down_revision") or ()
            below.update((down,) if isinstance(down, str) else down)
    return " ".join(sorted(revisions - below))


# `revision: str = "0002"`, `down_revision: str | None = "0001"` (or None, or a tuple of
# revisions after a merge), at the start of a line, as alembic writes them.
_REVISION_LINE = re.compile(r"^(revision|down_revision)\s*(?::[^=\n]*)?=\s*(.*)$", re.MULTILINE)
_QUOTED = re.compile(r"\"([^\"]*)\"|'([^']*)'")


def _revision_lines(script: Path) -> dict[str, object]:
    """`revision` and `down_revision` as a migration script sets them (to constants). Read
    by a pattern, not by `ast`: CPython 3.11's parser keeps its recursion depth per
    interpreter, and an `ast.parse` racing another thread's compile (pytest's, a plugin's)
    fails with "AST constructor recursion depth mismatch"; the judge checks its schema from
    any thread."""
    found: dict[str, object] = {}
    for name, value in _REVISION_LINE.findall(script.read_text(encoding="utf-8")):
        names = tuple(a or b for a, b in _QUOTED.findall(value))
        found[name] = (
            names[0] if len(names) == 1 and not value.lstrip().startswith("(") else names or None
        )
    return found


def require_head(store: Store) -> None:
    """Refuse to run on a schema other than this code's: `judge migrate` first."""
    found, wanted = current(store), head()
    if found != wanted:
        raise SchemaNotCurrent(
            f"the database {store.display_url} is at schema revision {found or 'none'}, this judge "
            f"needs {wanted}: run 'judge migrate' first"
        )

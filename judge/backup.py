"""`judge backup FILE` and `judge restore FILE`: a consistent copy of the store, taken
while the judge serves, and put back with the judge stopped.

Three kinds of file, told apart by their first bytes:

- SQLite's online backup API (a judge on SQLite): an SQLite file, copied in one step under
  a read transaction, so whatever the write-ahead log holds is in it and no writer waits.
- `pg_dump -Fc` (a judge on PostgreSQL, where pg_dump is installed): restored by
  pg_restore. pg_dump reads one snapshot, so it is consistent while the judge serves.
- A logical copy (PostgreSQL without pg_dump, or `--logical`): every table read in one
  REPEATABLE READ transaction, written into an SQLite file with the schema at the same
  revision. Either store restores from it, so it also moves a judge between the two.

A restore replaces everything: run it with every `judge serve` stopped, then `judge
migrate` (a backup from an older judge is brought up to date like any database).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from sqlalchemy import Engine, MetaData, insert, select, text
from sqlalchemy.engine import make_url

from .store import migrate
from .store.db import Store
from .store.models import Base

CHUNK = 2000  # rows copied at a time


def _sqlite_path(store: Store) -> str:
    return make_url(store.url).database or ""


def _libpq_url(store: Store) -> str:
    return store.url.replace("postgresql+psycopg://", "postgresql://")


def kind_of(path: Path) -> str:
    """ "sqlite", "pg_dump" or "" for a file that is neither."""
    with open(path, "rb") as f:
        head = f.read(16)
    if head.startswith(b"SQLite format 3\0"):
        return "sqlite"
    if head.startswith(b"PGDMP"):
        return "pg_dump"
    return ""


def backup(store: Store, target: Path, logical: bool = False) -> str:
    """Write the copy to `target` (through a temporary file beside it, renamed at the end,
    so a copy cut short never looks whole); what was written, for the judgekeeper."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    if store.is_sqlite:
        source = sqlite3.connect(_sqlite_path(store))
        copy = sqlite3.connect(partial)
        try:
            source.backup(copy)  # all pages in one step: one consistent snapshot
        finally:
            copy.close()
            source.close()
        how = "SQLite online backup"
    elif not logical and shutil.which("pg_dump"):
        done = subprocess.run(
            ["pg_dump", "-Fc", "--no-owner", "-f", str(partial), "-d", _libpq_url(store)],
            capture_output=True,
        )
        if done.returncode != 0:
            partial.unlink(missing_ok=True)
            raise RuntimeError(f"pg_dump failed: {done.stderr.decode(errors='replace')[-500:]}")
        how = "pg_dump"
    else:
        _logical_copy(store.engine, partial, repeatable=True)
        how = "logical copy into SQLite"
    os.replace(partial, target)
    return f"{how} of {store.display_url} written to {target} ({target.stat().st_size} bytes)"


def restore(store: Store, source: Path) -> str:
    """Replace the store's contents with the copy in `source`."""
    kind = kind_of(source)
    if kind == "pg_dump":
        if store.is_sqlite:
            raise RuntimeError(f"{source} is a pg_dump file: it restores into PostgreSQL only")
        _clear(store)
        done = subprocess.run(
            [
                "pg_restore",
                "--no-owner",
                "--exit-on-error",
                "--single-transaction",
                "-d",
                _libpq_url(store),
                str(source),
            ],
            capture_output=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"pg_restore failed: {done.stderr.decode(errors='replace')[-500:]}")
        return f"{source} (pg_dump) restored into {store.display_url}"
    if kind != "sqlite":
        raise RuntimeError(f"{source} is neither an SQLite file nor a pg_dump file")
    if store.is_sqlite:
        copy = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        live = sqlite3.connect(_sqlite_path(store))
        try:
            copy.backup(live)  # every page replaced, through the live file's own log
        finally:
            live.close()
            copy.close()
        return f"{source} restored into {store.display_url}"
    _clear(store)
    copy = Store(f"sqlite:///{source}")
    try:
        revision = migrate.current(copy)
        if revision:
            migrate.upgrade(store, revision)  # the schema the copy was taken at
        with copy.engine.connect() as reading, store.engine.begin() as writing:
            copied, target = MetaData(), MetaData()
            copied.reflect(reading)
            target.reflect(writing)  # the schema at the copy's revision, as it stands
            for name in (t.name for t in Base.metadata.sorted_tables):  # parents first
                if name not in copied.tables or name not in target.tables:
                    continue
                into = target.tables[name]
                names = [c.name for c in copied.tables[name].columns if c.name in into.c]
                rows = reading.execute(select(*[copied.tables[name].c[n] for n in names]))
                while chunk := rows.fetchmany(CHUNK):
                    writing.execute(
                        insert(into), [dict(zip(names, row, strict=True)) for row in chunk]
                    )
            for table in Base.metadata.sorted_tables:
                if "id" in table.c:  # the next new row's id follows the copied ones
                    writing.execute(
                        text(
                            f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                            f"COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM {table.name}"
                        )
                    )
    finally:
        copy.dispose()
    return f"{source} (logical copy at {revision}) restored into {store.display_url}"


def _clear(store: Store) -> None:
    """Every table of the judge gone (a PostgreSQL database), before the copy goes in."""
    with store.engine.begin() as connection:
        Base.metadata.drop_all(connection)
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))


def _logical_copy(engine: Engine, target: Path, repeatable: bool) -> None:
    """Every table of the judge, read in one snapshot, into a new SQLite file with the
    same schema revision."""
    copy = Store(f"sqlite:///{target}")
    try:
        with engine.connect() as reading:
            if repeatable:
                reading = reading.execution_options(isolation_level="REPEATABLE READ")
            with reading.begin():
                revision = reading.execute(text("SELECT version_num FROM alembic_version")).scalar()
                migrate.upgrade(copy, revision or "head")
                with copy.engine.begin() as writing:
                    for table in Base.metadata.sorted_tables:
                        rows = reading.execute(select(table))
                        while chunk := rows.mappings().fetchmany(CHUNK):
                            writing.execute(insert(table), [dict(row) for row in chunk])
    finally:
        copy.dispose()
    (target.parent / (target.name + "-wal")).unlink(missing_ok=True)
    (target.parent / (target.name + "-shm")).unlink(missing_ok=True)
    for suffix in ("-writer", "-waiting"):
        (target.parent / (target.name + suffix)).unlink(missing_ok=True)

"""Fixtures shared by the judge's tests: a fresh judge, and a PostgreSQL database of its
own for tests that need one (skipped, saying why, where PostgreSQL does not answer)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.gametable import Table
from tests.judgekit import InProcessJudge, free_port

POSTGRES = os.environ.get("JUDGE_TEST_POSTGRES", "postgresql://127.0.0.1:5432/test")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Half as many workers again as there are cores: each test starts its own judge on its
    own port and files, and much of a test's time is spent waiting (for a judge process, a
    socket, a DAIDE bot), which another worker fills. On two cores `make test`'s pytest
    took 6m13 with two workers, 4m18 with three, 4m40 to 5m06 with four (each collects
    every module again, and they contend) and 5m21 with six."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    return cores + max(1, cores // 2)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `early` first: a long one (the wheel's install) then runs beside the
    others on its worker rather than alone after them, at the end of the run."""
    items.sort(key=lambda item: item.get_closest_marker("early") is None)


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[InProcessJudge]:
    """A judge on a fresh SQLite file, listening on a free port, replying to a Maildir."""
    with InProcessJudge(tmp_path / "judge") as running:
        yield running


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    """A judge and seven registered players (and a watcher), before any game."""
    with InProcessJudge(tmp_path / "judge", like=Table.home()) as judge:
        yield Table(judge)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Table]:
    """A judge with its web window on a free port, and the seven players (and a watcher)."""
    listen = f"127.0.0.1:{free_port()}"
    with InProcessJudge(tmp_path / "judge", like=Table.home(), JUDGE_WEB_LISTEN=listen) as judge:
        yield Table(judge)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped after the test."""
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(POSTGRES, autocommit=True, connect_timeout=3)
    except Exception as exc:
        pytest.skip(f"PostgreSQL does not answer at {POSTGRES}: {exc}")
    name = f"judge_test_{uuid.uuid4().hex[:12]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = POSTGRES.partition("?")
    try:
        yield base.rsplit("/", 1)[0] + "/" + name
    finally:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", (name,)
        )
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.close()

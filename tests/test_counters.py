"""The dedication counters (store/counters.py): two transactions counting one user at once
both count, neither waits for the other until its commit, a transaction reads its own
counts, and a savepoint rolled back takes its counts back."""

from __future__ import annotations

import threading
from datetime import datetime

from sqlalchemy import select

from judge.store import migrate
from judge.store.db import Store
from judge.store.models import User

NOW = datetime(2024, 1, 1)


def _user(store: Store) -> int:
    with store.transaction() as session:
        user = User(email="robot@x", registered_at=NOW, updated_at=NOW, registration={})
        session.add(user)
        session.flush()
        return user.id


def _counts(store: Store, user_id: int) -> tuple[int, int, int]:
    with store.transaction(readonly=True) as session:
        user = session.get(User, user_id)
        return user.due, user.ontime, user.dedication


def test_concurrent_counts_add_up_without_waiting(postgres_url):
    store = Store(postgres_url)
    migrate.upgrade(store)
    user_id = _user(store)
    first_counted, second_done = threading.Event(), threading.Event()

    def first() -> None:
        with store.transaction() as session:
            user = session.get(User, user_id)
            user.due += 1
            user.dedication += 3
            session.flush()  # as any query would: the row is not locked by it
            first_counted.set()
            assert second_done.wait(10), "the second transaction waited for the first"

    thread = threading.Thread(target=first)
    thread.start()
    assert first_counted.wait(10)
    with store.transaction() as session:
        user = session.get(User, user_id)
        user.due += 1
        user.ontime += 1
        session.flush()
        assert (user.due, user.ontime) == (1, 1)  # its own count, read back
    second_done.set()
    thread.join()
    assert _counts(store, user_id) == (2, 1, 3)
    store.dispose()


def test_a_savepoint_rolled_back_takes_its_counts_back(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'judge.db'}")
    migrate.upgrade(store)
    user_id = _user(store)
    with store.transaction() as session:
        user = session.get(User, user_id)
        user.dedication += 3
        try:
            with session.begin_nested():
                user.dedication -= 50
                user.resigned += 1
                session.flush()
                assert user.dedication == -47
                raise RuntimeError
        except RuntimeError:
            pass
        assert (user.dedication, user.resigned) == (3, 0)
        session.expire(user)  # read again: the store's value and the count not yet written
        assert session.execute(select(User.dedication)).scalar_one() == 0
        assert user.dedication == 3
    with store.transaction(readonly=True) as session:
        user = session.get(User, user_id)
        assert (user.dedication, user.resigned) == (3, 0)
    store.dispose()

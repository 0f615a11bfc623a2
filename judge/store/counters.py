"""A user's dedication counters written as increments at commit, not as values at flush.

The counters (users' manual 5.2) are shared by every game a user plays; robot users play
in nearly all of them. Written by the ORM, a counter is a value read and written back: two
transactions counting the same user at once lose one count unless each locks the user's
row before reading it, and then every game a robot plays waits for every other (processing
takes longer than anything else the judge does). Here a transaction changes the counters
on its objects as before and reads back its own changes, but the store sees only
`counter = counter + delta`, for each user in id order, just before the commit: the rows
are locked for the length of that one statement, concurrent counts add up, and two
transactions take the locks they share in one order, so never deadlock on them.

A savepoint rolled back takes its own counts back with it.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import bindparam, event, inspect, update
from sqlalchemy.orm import Session, SessionTransaction, sessionmaker
from sqlalchemy.orm.attributes import set_committed_value

from .models import User

COUNTERS = ("dedication", "ontime", "due", "civil_disorders", "resigned", "started", "tookover")

_DELTAS = "judge_counter_deltas"  # session.info: user id -> counter -> delta not yet written
_MARKS = "judge_counter_marks"  # session.info: savepoint -> the deltas when it began

_TABLE = User.__table__
_ADD = (
    update(_TABLE)
    .where(_TABLE.c.id == bindparam("user_id"))
    .values({name: _TABLE.c[name] + bindparam(f"d_{name}") for name in COUNTERS})
)


def install(maker: sessionmaker[Session]) -> None:
    """Count this way in every session `maker` makes."""
    event.listen(maker, "before_flush", _before_flush)
    event.listen(maker, "before_commit", _before_commit)
    event.listen(maker, "after_transaction_create", _after_transaction_create)
    event.listen(maker, "after_soft_rollback", _after_soft_rollback)
    event.listen(maker, "after_transaction_end", _after_transaction_end)


def _deltas(session: Session) -> defaultdict[int, defaultdict[str, int]]:
    return session.info.setdefault(_DELTAS, defaultdict(lambda: defaultdict(int)))


def _before_flush(session: Session, _context: Any, _instances: Any) -> None:
    """Each changed counter of a user already stored: its change kept aside, and the
    object's value taken as stored, so that the flush writes no value for it."""
    deltas = None
    for obj in session.dirty:
        if not isinstance(obj, User):
            continue
        state = inspect(obj)
        if state.key is None:
            continue
        for name in COUNTERS:
            history = state.attrs[name].history
            if not (history.added and history.deleted):
                continue  # unchanged, or set without being read: written as it is
            new, old = history.added[0], history.deleted[0]
            if not (isinstance(new, int) and isinstance(old, int)):
                continue
            if deltas is None:
                deltas = _deltas(session)
            deltas[state.key[1][0]][name] += new - old
            set_committed_value(obj, name, new)


def _before_commit(session: Session) -> None:
    if session.in_nested_transaction():
        return  # a savepoint released: its counts go with the transaction's
    session.flush()  # the last changes, kept aside too
    deltas = session.info.pop(_DELTAS, None)
    if not deltas:
        return
    rows = [
        {"user_id": user_id, **{f"d_{name}": deltas[user_id].get(name, 0) for name in COUNTERS}}
        for user_id in sorted(deltas)
        if any(deltas[user_id].values())
    ]
    if rows:
        session.execute(_ADD, rows)


def _after_transaction_create(session: Session, transaction: SessionTransaction) -> None:
    if transaction.nested:
        current = session.info.get(_DELTAS) or {}
        marks = session.info.setdefault(_MARKS, {})
        marks[transaction] = {user_id: dict(counts) for user_id, counts in current.items()}


def _after_soft_rollback(session: Session, previous: SessionTransaction) -> None:
    """A savepoint rolled back: the deltas as they were when it began, and the objects'
    values less what it counted."""
    marks = session.info.get(_MARKS) or {}
    if previous not in marks:
        return  # the transaction itself: its deltas went when it ended
    before = marks.pop(previous)
    deltas = _deltas(session)
    for user_id, counts in list(deltas.items()):
        obj = session.identity_map.get(inspect(User).identity_key_from_primary_key((user_id,)))
        for name, delta in counts.items():
            undone = delta - before.get(user_id, {}).get(name, 0)
            if undone and obj is not None and name in inspect(obj).dict:
                set_committed_value(obj, name, getattr(obj, name) - undone)
    deltas.clear()
    for user_id, counts in before.items():
        deltas[user_id].update(counts)


def _after_transaction_end(session: Session, transaction: SessionTransaction) -> None:
    if transaction.parent is None:  # committed (the deltas written) or rolled back
        session.info.pop(_MARKS, None)
        session.info.pop(_DELTAS, None)


@event.listens_for(User, "load")
def _loaded(target: User, context: Any) -> None:
    _add_pending(target, context.session, COUNTERS)


@event.listens_for(User, "refresh")
def _refreshed(target: User, context: Any, attrs: Any) -> None:
    _add_pending(target, context.session, COUNTERS if attrs is None else attrs)


def _add_pending(target: User, session: Session | None, names: Any) -> None:
    """A user read again within the transaction (expired, refreshed): what the store has,
    plus what this transaction has counted and not yet written."""
    deltas = session.info.get(_DELTAS) if session is not None else None
    if not deltas:
        return
    counts = deltas.get(target.id)
    if not counts:
        return
    loaded = inspect(target).dict
    for name in names:
        if name in counts and name in loaded:
            set_committed_value(target, name, loaded[name] + counts[name])

"""Addresses marked undeliverable (`bounces.undeliverable_since`), and what follows: the
sender withholds every mail to one (status `withheld`, kept as a record, never sent), and
mail from one clears its mark.

Withholding is done as mail leaves, not as it is queued: a game's processing writes its
results to everyone as before, and is never slowed or stopped by a player whose mailbox is
gone; only the mail to him stays in the outbox, withheld.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Sequence

from sqlalchemy import bindparam, or_, select, update
from sqlalchemy.orm import Session

from ..store.models import Bounce, Outbox

log = logging.getLogger("judge.bounces")

WITHHELD = "withheld: the address is marked undeliverable"

_MARKED = select(Bounce.address).where(
    Bounce.address.in_(bindparam("addresses", expanding=True)),
    Bounce.undeliverable_since.is_not(None),
)
# Mail from an address: its mark and its count of permanent failures cleared.
_CLEAR = (
    update(Bounce.__table__)
    .where(Bounce.address.in_(bindparam("addresses", expanding=True)))
    .where(or_(Bounce.permanent > 0, Bounce.undeliverable_since.is_not(None)))
    .values(permanent=0, counted=[], undeliverable_since=None)
)


def marked(session: Session, addresses: Collection[str]) -> set[str]:
    """Those of `addresses` marked undeliverable, in lower case."""
    wanted = sorted({a.lower() for a in addresses if a})
    if not wanted:
        return set()
    return set(session.execute(_MARKED, {"addresses": wanted}).scalars())


def withhold(session: Session, rows: Sequence[Outbox]) -> list[Outbox]:
    """The claimed `rows` that may be sent; the others, to marked addresses, are set
    `withheld` (their claim let go) in the caller's transaction."""
    found = marked(session, [row.to_address for row in rows])
    if not found:
        return list(rows)
    held = [row.id for row in rows if row.to_address.lower() in found]
    session.execute(
        update(Outbox)
        .where(Outbox.id.in_(held))
        .values(status="withheld", claimed_until=None, claimed_by="", last_error=WITHHELD)
        .execution_options(synchronize_session=False)
    )
    for row in rows:
        if row.id in held:
            log.info("outbox %s to %s withheld: marked undeliverable", row.id, row.to_address)
    return [row for row in rows if row.id not in held]


def heard_from(session: Session, addresses: Collection[str]) -> int:
    """Mail came from `addresses`: whatever bounced before, they read mail again, so their
    mark and their count of permanent failures are cleared. How many were."""
    wanted = sorted({a.lower() for a in addresses if a})
    if not wanted:
        return 0
    cleared = session.execute(_CLEAR, {"addresses": wanted}).rowcount or 0
    if cleared:
        log.info("mail from %s: its bounces are forgotten, its mark cleared", ", ".join(wanted))
    return cleared

"""Bounces read and acted on, never answered.

Each mail leaves with its own envelope sender (mailout/verp.py), so a bounce comes back to
an address that names the mail that failed, whatever the bounce's format says of the
recipient. It is read with flufl.bounce (RFC 3464 delivery status notifications and the
common vendors' formats: Exim, Postfix, qmail, Exchange, Yahoo, ...): a temporary failure is
counted, a permanent one recorded against the address the mail went to (once a mail,
however many reports of it come). At `bounce_limit` permanent failures the address is
marked undeliverable (mailout/undeliverable.py: nothing more is sent to it), and the
masters of its games and the judgekeeper are told, once. A token the judge never made
(forged, or mistyped) is logged and ignored.
"""

from __future__ import annotations

import email
import logging
from collections.abc import Sequence
from datetime import datetime
from email.message import Message

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..config import Settings
from ..engine.reply.notices import Notices, addresses, deliver
from ..mailout.verp import is_bounce_address, row_named, secret_of
from ..reports import bounces as texts
from ..reports.listings.record import label
from ..store.fields import clean_text
from ..store.models import Bounce, Game, Outbox, Participant

log = logging.getLogger("judge.bounces")

READ_BYTES = 262_144  # of a bounce: its report comes first, the returned mail after it
LIVE = ("forming", "active", "paused")


def bounce_address(
    settings: Settings, envelope_to: str, via: str, headers: Sequence[tuple[str, str]]
) -> str | None:
    """The bounce address a mail came to, if it came to one: among its envelope
    recipients, or for a pipe that was not told them, its Delivered-To (forged or not,
    the token's HMAC decides)."""
    for address in envelope_to.split(","):
        if is_bounce_address(settings, address):
            return address.strip()
    if via == "pipe" and not envelope_to:
        for name, value in headers:
            if name == "delivered-to" and is_bounce_address(settings, value):
                return value.strip()
    return None


def heard(
    session: Session, settings: Settings, now: datetime, inbound_id: int, raw: bytes, to: str
) -> str:
    """Read the bounce `raw` that came to the bounce address `to`, and act on it; what
    became of it, for the inbound row."""
    row_id = row_named(settings, secret_of(session), to)
    row = session.get(Outbox, row_id) if row_id is not None else None
    if row is None:
        log.warning(
            "inbound %s: a bounce to %r, which names no mail of ours: ignored", inbound_id, to
        )
        return "not answered: a bounce to an address the judge never made (ignored)"
    temporary, permanent, reason = read_bounce(raw)
    if not (temporary or permanent):
        log.info(
            "inbound %s to the bounce address of outbox %s: no failure in it", inbound_id, row.id
        )
        return f"not answered: mail to the bounce address of outbox {row.id}, no failure in it"
    found = record(session, settings, now, row, bool(permanent), reason)
    log.info(
        "inbound %s: a bounce of outbox %s to %s: %s", inbound_id, row.id, row.to_address, found
    )
    return f"not answered: a bounce of outbox {row.id} to {row.to_address}: {found}"


def read_bounce(raw: bytes) -> tuple[frozenset[bytes], frozenset[bytes], str]:
    """The temporary and permanent failures flufl.bounce finds, and the reason the report
    gives (a DSN's Diagnostic-Code or Status, else its Subject)."""
    from flufl.bounce import all_failures  # here: bounces are rare, and every start pays

    message = email.message_from_bytes(raw[:READ_BYTES])
    try:
        temporary, permanent = all_failures(message)
    except Exception:  # a detector choking on a malformed report: no failure read
        log.warning("a bounce flufl.bounce could not read", exc_info=True)
        return frozenset(), frozenset(), ""
    return frozenset(temporary), frozenset(permanent), _reason(message)


def _reason(message: Message) -> str:
    for part in message.walk():
        if part.get_content_type() != "message/delivery-status":
            continue
        for block in part.get_payload() or []:
            if not isinstance(block, Message):
                continue
            said = block.get("Diagnostic-Code") or block.get("Status")
            if said:
                return clean_text(" ".join(str(said).split()), 300)
    return clean_text(" ".join(str(message.get("Subject", "")).split()), 300) or "(none given)"


def record(
    session: Session, settings: Settings, now: datetime, row: Outbox, permanent: bool, reason: str
) -> str:
    """Count a failure of `row` against its address; mark the address at the limit."""
    address = row.to_address.lower()
    kept = session.get(Bounce, address)
    if kept is None:
        kept = Bounce(address=address, temporary=0, permanent=0, counted=[], reason="")
        session.add(kept)
        session.flush()  # found by the next bounce of the same batch
    kept.last_at, kept.reason = now, reason
    if not permanent:
        kept.temporary += 1
        return f"a temporary failure ({kept.temporary} so far)"
    if row.id in (kept.counted or []):
        return "a permanent failure counted already"
    kept.counted = [*(kept.counted or []), row.id][-50:]
    kept.permanent += 1
    counted = f"a permanent failure ({kept.permanent} of {settings.bounce_limit})"
    if kept.permanent < settings.bounce_limit or kept.undeliverable_since is not None:
        return counted
    kept.undeliverable_since = now
    log.warning("%s marked undeliverable after %s permanent failures", address, kept.permanent)
    _tell(session, settings, now, address, reason)
    return counted + "; marked undeliverable"


def _tell(session: Session, settings: Settings, now: datetime, address: str, reason: str) -> None:
    """The masters of each game the address is in, and the judgekeeper, told once."""
    notices = Notices(session, settings, now)
    limit = settings.bounce_limit
    places: list[str] = []
    for game, x in _places(session, address):
        places.append(f"{label(x)} in game '{game.name}'")
        masters = [m for m in game.participants if m.role == "master" and m.status != "resigned"]
        masters = [m for m in masters if address not in {a.lower() for a in addresses(m)}]
        body = texts.to_master(address, label(x), game.name, limit, reason)
        deliver(notices, game, masters, "Undeliverable", body, header=False)
    notices.send(
        settings.keeper,
        f"{settings.code}: {address} marked undeliverable",
        texts.to_keeper(address, limit, reason, places),
    )
    notices.write_outbox()


def _places(session: Session, address: str) -> list[tuple[Game, Participant]]:
    """Each place in a game not ended whose mail goes to `address`."""
    found = session.execute(
        select(Participant)
        .join(Game, Participant.game_id == Game.id)
        .where(Game.status.in_(LIVE), Participant.status != "resigned")
        .order_by(Game.id, Participant.id)
    ).scalars()
    return [(x.game, x) for x in found if address in {a.lower() for a in addresses(x)}]

"""I AM ALSO (users' manual 3.3): another address linked to a registration, only with the
consent of both sides.

The njudge linked any address to any registration on the word of the new address alone,
so anyone could become anyone. Here I AM ALSO only asks: the judge mails a token to the
registration's address of record, and the link is made when that token comes back in an
I AM ALSO CONFIRM line sent from the new address. The token proves the owner agrees (only
he reads the mail at his address); that it comes back from the new address ties it to the
address asking (its mails are the ones that will count as his). Only a hash of the token
is kept; it is good for `link_days` days, and at most `link_pending` requests wait on one
registration, so a stranger cannot fill an owner's mailbox. The owner hears of the
request and of the link.
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from datetime import timedelta

from sqlalchemy import select

import parser as p

from ...reports import accounts as texts
from ...reports.frame import njudge_time
from ...store import queries as q
from ...store.models import LinkRequest, User
from ..reply.conversation import Conversation, user_by_address
from .authenticity import LINKING, refused

SUBJECT = "Diplomacy registration"


def ask(ctx: Conversation, cmd: p.IAmAlso) -> None:
    """I AM ALSO old: mail the owner of `old` a token to send back from this address."""
    if refused(ctx, "I AM ALSO", LINKING):
        return
    new = ctx.sender.lower()
    owner = user_by_address(ctx.session, cmd.address)
    if owner is None:
        ctx.fail(f"{cmd.address} is not registered with this judge: nothing to add {new} to.")
        return
    current = user_by_address(ctx.session, new)
    if current is not None:
        if current.id == owner.id:
            ctx.say(f"{new} is already an address of {owner.email}.")
        else:
            ctx.fail(f"{new} is registered to someone else already; it cannot be added.")
        return
    waiting = (
        ctx.session.execute(
            select(LinkRequest)
            .where(LinkRequest.user_id == owner.id)
            .where(LinkRequest.status == "pending")
            .where(LinkRequest.expires_at > ctx.now)
            .order_by(LinkRequest.expires_at)
        )
        .scalars()
        .all()
    )
    if any(r.address == new for r in waiting):
        ctx.fail(texts.link_mailed_already(cmd.address, new))
        return
    if len(waiting) >= ctx.settings.link_pending:
        when = njudge_time(waiting[0].expires_at, ctx.settings)
        ctx.fail(texts.links_waiting(cmd.address, when))
        return
    token = _new_token()
    expires = ctx.now + timedelta(days=ctx.settings.link_days)
    ctx.session.add(
        LinkRequest(
            token_hash=_hashed(token), user_id=owner.id, address=new, created_at=ctx.now,
            expires_at=expires, status="pending",
        )
    )  # fmt: skip
    when = njudge_time(expires, ctx.settings)
    ctx.send(owner.email, SUBJECT, texts.link_asked(ctx.settings.code, owner, new, token, when))
    ctx.say(texts.link_mailed(cmd.address, new, when))


def confirm(ctx: Conversation, cmd: p.IAmAlsoConfirm) -> None:
    """I AM ALSO CONFIRM token, from the address the token was asked for."""
    if refused(ctx, "I AM ALSO CONFIRM", LINKING):
        return
    request = ctx.session.execute(
        select(LinkRequest).where(LinkRequest.token_hash == _hashed(cmd.token))
    ).scalar_one_or_none()
    if request is None:
        ctx.fail(texts.token_unknown())
        return
    if request.status != "pending":
        ctx.fail("I AM ALSO CONFIRM: that token has been used already.")
        return
    if request.expires_at <= ctx.now:
        when = njudge_time(request.expires_at, ctx.settings)
        ctx.fail(texts.token_expired(when))
        return
    sender = ctx.sender.lower()
    if sender != request.address:
        ctx.fail(texts.token_elsewhere(request.address, sender))
        return
    if user_by_address(ctx.session, sender) is not None:
        ctx.fail(f"{sender} is registered already; it cannot be added.")
        return
    owner = ctx.session.get(User, request.user_id)
    if owner is None:  # (users are never deleted; a broken row is refused all the same)
        ctx.fail("I AM ALSO CONFIRM: no request has that token.")
        return
    added = {"address": sender, "user_id": owner.id, "added_at": ctx.now}
    ctx.session.execute(q.NEW_ADDRESS, added)
    request.status, request.done_at = "confirmed", ctx.now
    ctx.say(texts.linked(sender, owner))
    ctx.send(owner.email, SUBJECT, texts.linked_notice(sender, ctx.settings.code))


def _new_token() -> str:
    """80 random bits, in letters and digits one can copy and type (RFC 4648 base32)."""
    return base64.b32encode(secrets.token_bytes(10)).decode("ascii").lower()


def _hashed(token: str) -> str:
    return hashlib.sha256(token.strip().lower().encode()).hexdigest()

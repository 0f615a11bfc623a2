"""Guessing a game's password made slow and seen: a new password has a minimum length,
and wrong passwords are counted, per place (a game's power, its masters or observers) and
on the whole judge.

Once `sign_on_failures` wrong passwords for one place came in `sign_on_window` seconds,
further SIGN ONs to it are refused unread (no password is checked, so a refusal tells a
guesser nothing) until the oldest of them leaves the window; its player and the game's
masters are told, with the address that tried. The same goes for the whole judge after
`sign_on_judge_failures`. Failures from the addresses of the place's own player are
counted apart from everyone else's: a guesser writing from elsewhere cannot keep the player
out of his game, and a guesser forging the player's address (who never sees the answers,
but whose orders would stand if a guess were right) is throttled all the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ScalarSelect, func, insert, select

from ...reports import accounts as texts
from ...reports.frame import njudge_time
from ...store.models import Address, Game, Participant, SignOnFailure
from ..game.moderation import masters
from ..reply.conversation import Conversation
from ..reply.notices import deliver

PASSWORD = re.compile(r"^\S{1,40}$")


def password_problem(ctx: Conversation, password: str) -> str | None:
    """What is wrong with a new password, or None. Passwords set before the minimum was
    raised are not touched: they still sign on."""
    if not PASSWORD.match(password):
        return "A password is one word of at most 40 characters."
    least = ctx.settings.password_min
    if len(password) < least:
        return f"A password must have at least {least} characters; choose a longer one."
    return None


def locked_until(ctx: Conversation, game: Game, place: str, holders: Iterable[Participant]) -> str:
    """Why a SIGN ON to `place` is refused before its password is read, or "" if it is
    read. The holders' own addresses have a count of their own."""
    settings = ctx.settings
    since = ctx.now - timedelta(seconds=settings.sign_on_window)
    # Both counts in one statement: every SIGN ON asks them.
    here, everywhere = ctx.session.execute(
        select(
            _nth_newest(
                settings.sign_on_failures,
                SignOnFailure.game_id == game.id,
                SignOnFailure.power == place,
                SignOnFailure.at > since,
                _same_side(ctx, holders),
            ),
            _nth_newest(settings.sign_on_judge_failures, SignOnFailure.at > since),
        )
    ).one()
    if here is not None:
        when = njudge_time(here + timedelta(seconds=settings.sign_on_window), settings)
        return texts.place_locked(place, game.name, when)
    if everywhere is not None and not _own(ctx, holders):
        when = njudge_time(everywhere + timedelta(seconds=settings.sign_on_window), settings)
        return texts.judge_locked(settings.sign_on_window // 60, when)
    return ""


def wrong_password(
    ctx: Conversation, game: Game, place: str, holders: Iterable[Participant]
) -> None:
    """A wrong password, kept; the one that locks the place tells its player and masters."""
    settings = ctx.settings
    ctx.session.execute(
        insert(SignOnFailure).values(
            at=ctx.now, game_id=game.id, power=place[:40], address=ctx.sender[:320]
        )
    )
    since = ctx.now - timedelta(seconds=settings.sign_on_window)
    count = ctx.session.execute(
        select(func.count())
        .select_from(SignOnFailure)
        .where(SignOnFailure.game_id == game.id)
        .where(SignOnFailure.power == place)
        .where(SignOnFailure.at > since)
        .where(_same_side(ctx, holders))
    ).scalar_one()
    if count != settings.sign_on_failures:
        return
    until = njudge_time(ctx.now + timedelta(seconds=settings.sign_on_window), settings)
    people = [x for x in holders if x.status != "resigned"]
    people += [x for x in masters(game) if x not in people]
    minutes = settings.sign_on_window // 60
    own = _own(ctx, holders)
    body = texts.failed_signons(count, minutes, place, game.name, ctx.sender, own, until)
    deliver(ctx, game, people, f"Failed Signons: {place}", body, header=False)


def _nth_newest(n: int, *where: Any) -> ScalarSelect[datetime]:
    """The time of the n-th newest failure matching `where` (NULL unless there are n)."""
    query = select(SignOnFailure.at).where(*where).order_by(SignOnFailure.at.desc())
    return query.offset(n - 1).limit(1).scalar_subquery()


def _own(ctx: Conversation, holders: Iterable[Participant]) -> bool:
    """Whether the mail comes from an address of the place's own player."""
    user = ctx.user
    return user is not None and any(x.user_id == user.id for x in holders)


def _same_side(ctx: Conversation, holders: Iterable[Participant]) -> object:
    """The failures counted with this mail's: those from the holders' own addresses, or
    those from anywhere else."""
    own = (
        select(Address.address)
        .where(Address.user_id.in_([x.user_id for x in holders]))
        .scalar_subquery()
    )
    inside = func.lower(SignOnFailure.address).in_(own)
    return inside if _own(ctx, holders) else ~inside

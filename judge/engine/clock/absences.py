"""Absences (users' manual 7.2, SET ABSENCE / HOLIDAY / VACATION): no deadline is set
inside one. The current deadline never moves; the next one does, when a phase is
processed and its normal deadline would fall in the absence.

Each participant keeps at most three pending absences, none overlapping, none longer than
the game's MAX ABSENCE (15 days unless set; a master is not bound by it). Every request is
reported to the masters. Absences are kept as naive UTC moments in ISO form.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import parser as p

from ...reports import clock as texts
from ...reports.frame import njudge_time
from ...store.models import Game, Participant
from ..game.moderation import masters
from ..reply.conversation import Conversation
from ..reply.notices import deliver
from .deadlines import from_local, moment_of, to_local

MAX_PENDING = 3
DEFAULT_MAX_DAYS = 15
DAY = timedelta(hours=24)

Window = tuple[datetime, datetime]


def pending(person: Participant, now: datetime) -> list[Window]:
    """The absences that have not ended yet (an ended one frees its slot)."""
    out = []
    for item in person.absences or []:
        try:
            start, end = datetime.fromisoformat(item["start"]), datetime.fromisoformat(item["end"])
        except (KeyError, TypeError, ValueError):
            continue
        if end > now:
            out.append((start, end))
    return sorted(out)


def windows(game: Game, now: datetime) -> list[Window]:
    """Every absence in the game that has not ended: players' and masters'."""
    return sorted(
        w
        for x in game.participants
        if x.role in ("player", "master") and x.status != "resigned"
        for w in pending(x, now)
    )


def _store(person: Participant, kept: list[Window]) -> None:
    person.absences = [{"start": s.isoformat(), "end": e.isoformat()} for s, e in kept]


def _span(cmd: p.SetAbsence, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """The absence's start and end as moments (an end date alone: to the end of that day)."""
    start = moment_of(cmd.start, time(), zone)
    if cmd.end is None:
        return start, start + DAY
    if cmd.end.time is None:
        return start, from_local(datetime.combine(cmd.end.day + timedelta(days=1), time()), zone)
    return start, moment_of(cmd.end, time(), zone)


def set_absence(ctx: Conversation, cmd: p.SetAbsence) -> None:
    what = "SET NO ABSENCE" if cmd.cancel else "SET ABSENCE"
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"{what}: sign on to a game first.")
        return
    if me.role == "observer" or me.status in ("resigned", "eliminated"):
        ctx.fail(f"{what}: only the players and masters of game '{game.name}' set absences.")
        return
    if game.status in ("finished", "terminated"):
        ctx.fail(f"{what}: game '{game.name}' is {game.status}.")
        return
    zone = ctx.settings.zone
    kept = pending(me, ctx.now)
    if cmd.cancel:
        _cancel(ctx, game, me, kept, cmd.start.day)
        return
    today = to_local(ctx.now, zone).date()
    if cmd.start.day < today or (cmd.end is not None and cmd.end.day < today):
        ctx.fail(f"{what}: an absence cannot begin or end before today.")
        return
    try:
        start, end = _span(cmd, zone)
    except OverflowError:  # the parser keeps years far from 9999; this is the last guard
        ctx.fail(f"{what}: date out of range.")
        return
    shown = _shown(ctx, start, end)
    if end <= ctx.now:
        ctx.fail(f"{what}: an absence {shown} has already ended.")
        return
    if len(kept) >= MAX_PENDING:
        ctx.fail(texts.absences_full(what, MAX_PENDING, game.name))
        return
    clash = next(((s, e) for s, e in kept if s < end and start < e), None)
    if clash is not None:
        ctx.fail(texts.absence_overlaps(what, shown, _shown(ctx, *clash)))
        return
    limit = int((game.settings or {}).get("max_absence", DEFAULT_MAX_DAYS))
    who = me.power or me.user.email
    if me.role != "master" and not ctx.became and end - start > timedelta(days=limit):
        ctx.fail(texts.absence_too_long(what, shown, limit, game.name))
        asked = texts.absence_asked(who, game.name, shown, limit)
        _tell_masters(ctx, game, me, "Absence Request", asked)
        return
    _store(me, sorted([*kept, (start, end)]))
    ctx.say(texts.absence_set(shown, game.name))
    _tell_masters(ctx, game, me, "Absence Request", texts.absence_coming(who, game.name, shown))


def _cancel(
    ctx: Conversation, game: Game, me: Participant, kept: list[Window], day: object
) -> None:
    """The first pending absence that includes the date given is cancelled."""
    zone = ctx.settings.zone
    for start, end in kept:
        first = to_local(start, zone).date()
        last = to_local(end - timedelta(microseconds=1), zone).date()
        if first <= day <= last:  # type: ignore[operator]
            _store(me, [w for w in kept if w != (start, end)])
            shown = _shown(ctx, start, end)
            ctx.say(texts.absence_cancelled(shown, game.name))
            withdrawn = texts.absence_withdrawn(me.power or me.user.email, game.name, shown)
            _tell_masters(ctx, game, me, "Absence Cancelled", withdrawn)
            return
    ctx.fail(f"SET NO ABSENCE: you have no absence pending in game '{game.name}' on that date.")


def _shown(ctx: Conversation, start: datetime, end: datetime) -> str:
    return texts.span(njudge_time(start, ctx.settings), njudge_time(end, ctx.settings))


def _tell_masters(ctx: Conversation, game: Game, me: Participant, event: str, text: str) -> None:
    deliver(ctx, game, [x for x in masters(game) if x is not me], event, text)


def pending_for_master(ctx: Conversation, game: Game) -> None:
    """A master sees the absences to come with every mail for the game (manual 7.2)."""
    found = sorted(
        (s, e, x.power or x.user.email)
        for x in game.participants
        if x.role in ("player", "master") and x.status != "resigned"
        for s, e in pending(x, ctx.now)
    )
    if found:
        shown = [
            (who, njudge_time(s, ctx.settings), njudge_time(e, ctx.settings)) for s, e, who in found
        ]
        ctx.say(texts.absences_pending(game.name, shown))

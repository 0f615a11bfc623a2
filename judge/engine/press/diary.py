"""DIARY RECORD / LIST / READ n / DELETE n (users' manual 7.4): a participant's numbered
notes during a game, published to everyone in it when the game ends."""

from __future__ import annotations

from sqlalchemy import func, select

import parser as p

from ...reports import press as texts
from ...reports.frame import njudge_time
from ...store.models import DiaryEntry, Game, Participant
from ..reply.conversation import Conversation
from ..reply.notices import Notices, deliver, everyone


def diary(ctx: Conversation, cmd: p.Diary) -> None:
    game, me = ctx.game, ctx.me
    if game is None or me is None or me.status == "resigned":
        ctx.fail("DIARY: sign on to a game first.")
        return
    entries = _entries(ctx, me)
    if cmd.action == "record":
        if not cmd.text.strip():
            ctx.fail("DIARY RECORD: the entry is empty; nothing recorded.")
            return
        number = 1 + (
            ctx.session.execute(
                select(func.max(DiaryEntry.number)).where(DiaryEntry.participant_id == me.id)
            ).scalar()
            or 0
        )
        ctx.session.add(
            DiaryEntry(
                game_id=game.id, participant_id=me.id, number=number,
                text=cmd.text.rstrip("\n"), created_at=ctx.now, deleted=False,
            )
        )  # fmt: skip
        ctx.say(texts.diary_recorded(number, game.name))
        return
    if cmd.action == "list":
        if not entries:
            ctx.say(texts.diary_empty(game.name))
            return
        listed = [(e.number, njudge_time(e.created_at, ctx.settings)) for e in entries]
        ctx.say(texts.diary_list(game.name, listed))
        return
    if not cmd.numbers:
        ctx.fail(f"DIARY {cmd.action.upper()}: give the number of the entry (see DIARY LIST).")
        return
    known = {e.number: e for e in entries}
    missing = [n for n in cmd.numbers if n not in known]
    if missing:
        ctx.fail(
            f"DIARY {cmd.action.upper()}: you have no entry "
            f"{', '.join(map(str, missing))} in game '{game.name}'."
        )
        return
    for n in cmd.numbers:
        entry = known[n]
        if cmd.action == "read":
            when = njudge_time(entry.created_at, ctx.settings)
            ctx.say(texts.diary_entry(n, when, entry.text))
        else:
            entry.deleted = True
            ctx.say(texts.diary_deleted(n))


def _entries(ctx: Conversation, me: Participant) -> list[DiaryEntry]:
    return list(
        ctx.session.execute(
            select(DiaryEntry)
            .where(DiaryEntry.participant_id == me.id, DiaryEntry.deleted.is_(False))
            .order_by(DiaryEntry.number)
        ).scalars()
    )


def publish(mailer: Conversation | Notices, game: Game) -> None:
    """At the end of a game, every diary kept in it goes to everyone."""
    rows = mailer.session.execute(
        select(DiaryEntry)
        .where(DiaryEntry.game_id == game.id, DiaryEntry.deleted.is_(False))
        .order_by(DiaryEntry.participant_id, DiaryEntry.number)
    ).scalars()
    by_id = {x.id: x for x in game.participants}
    entries = []
    for e in rows:
        x = by_id.get(e.participant_id)
        who = (x.power or x.role.capitalize()) if x else "Someone"
        entries.append((who, e.number, njudge_time(e.created_at, mailer.settings), e.text))
    if entries:
        deliver(mailer, game, everyone(game), "Diaries", texts.diaries(entries))

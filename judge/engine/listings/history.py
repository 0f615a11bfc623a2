"""HISTORY (users' manual 3.4): what an observer saw of a game, in a span of real time or
all but some turns. Here the events are chosen; the text is
judge/reports/listings/history.py."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta, tzinfo

import parser as p

from ...reports.listings import history as text
from ...reports.listings.record import blind, is_master
from ...store.models import Game
from ..reply.conversation import Conversation
from .lookup import DRAW_KINDS, events, known_variant, phase_key, the_game, viewer

# HISTORY without dates: the last week, at most 1000 lines (manual 3.4).
HISTORY_DAYS = 7
HISTORY_LINES = 1000
# What HISTORY ... EXCLSTART returns without BROAD: the phase results, and draws found
# outside the excluded phases (manual 3.4).
RESULT_KINDS = frozenset({"results", "start"})


def history(ctx: Conversation, cmd: p.History) -> None:
    """HISTORY [name] [FROM date] [TO date] [LINES n]: what an observer saw in a span of
    real time; by default the last seven days, cut after 1000 lines (manual 3.4)."""
    game = _history_game(ctx, cmd.game)
    if game is None:
        return
    limit = HISTORY_LINES if cmd.lines is None else cmd.lines
    if limit < 1:
        ctx.fail(f"HISTORY: LINES takes a number of lines of at least 1, not {limit}.")
        return
    zone = ctx.settings.zone
    since = ctx.now - timedelta(days=HISTORY_DAYS)
    if cmd.since is not None:
        since = _utc(cmd.since.at(time(0, 0)), zone)
    until = ctx.now
    if cmd.until is not None:
        until = _utc(cmd.until.at(time(0, 0)), zone)
    if until < since:  # "the end date is before the start date, it will be ignored"
        until = ctx.now
    found = events(ctx, game)
    if not found:
        ctx.say(text.no_history(game))
        return
    inside = [e for e in found if since <= e.at <= until]
    later = any(e.at > until for e in found)
    ctx.say(text.dated(game, inside, since, until, limit, later, ctx.settings))


def history_turns(ctx: Conversation, cmd: p.HistoryTurns) -> None:
    """HISTORY [name] EXCLSTART turn [EXCLEND turn] [BROAD]: the whole history but the
    phases from EXCLSTART up to (not including) EXCLEND, compared in game time, so a turn
    before the start or after the end works as the manual's examples say; phase results
    and draws only, unless BROAD. An EXCLSTART this game cannot have excludes nothing, an
    EXCLEND it cannot have excludes to the end (manual 3.4)."""
    game = _history_game(ctx, cmd.game)
    if game is None:
        return
    found = events(ctx, game)
    if not found:
        ctx.say(text.no_history(game))
        return
    variant = known_variant(game)
    start = phase_key(cmd.exclude_start, variant)
    end = phase_key(cmd.exclude_end, variant) if cmd.exclude_end else None
    chosen = []
    for e in found:
        key = phase_key(e.phase, variant) if e.phase else None
        if start is not None and key is not None and key >= start and (end is None or key < end):
            continue
        if cmd.broadcasts or e.kind in RESULT_KINDS or e.kind in DRAW_KINDS:
            chosen.append(e)
    ctx.say(text.excluding(game, cmd.exclude_start, cmd.exclude_end, chosen, ctx.settings))


def _history_game(ctx: Conversation, name: str | None) -> Game | None:
    """The game whose history is asked for, if the asker may read it: an unfinished blind
    game's history is its master's alone (manual 3.4)."""
    game = the_game(ctx, name, "HISTORY")
    if game is None:
        return None
    if blind(game) and not is_master(viewer(ctx, game)):
        ctx.fail(
            f"The history of the blind game '{game.name}' is for its master only "
            "until the game ends."
        )
        return None
    return game


def _utc(local: datetime, zone: tzinfo) -> datetime:
    """A time the player wrote in the judge's zone, as the stored (naive UTC) times are."""
    return local.replace(tzinfo=zone).astimezone(UTC).replace(tzinfo=None)

"""HISTORY (users' manual 3.4): what an observer saw of a game, each event as the mail it
was, `Date:` and `Subject:` first; a span of real time cut after so many lines, or the
whole history but some turns. Which events fall in the span is the engine's choice."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from ...config import Settings
from ...store.models import Game, HistoryEvent
from ..frame import njudge_time


def no_history(game: Game) -> str:
    return f"No history available for game '{game.name}'."


def dated(
    game: Game,
    events: Sequence[HistoryEvent],
    since: datetime,
    until: datetime,
    limit: int,
    later: bool,
    settings: Settings,
) -> str:
    """HISTORY [FROM] [TO] [LINES]: the `events` between `since` and `until`, cut after
    `limit` lines; `later`: the history goes on after `until`."""
    head = (
        f"History information for game '{game.name}' from {njudge_time(since, settings)}\n"
        f"through {njudge_time(until, settings)}:"
    )
    if not events:
        return head + "\n\nNo history for specified period."
    text, cut = _limited(game, events, limit, settings)
    if cut:
        why = "line limit exceeded"
    elif later:
        why = "time range exhausted"
    else:
        why = "end of information"
    return f"{head}\n\n{text}\n\n---- History terminated due to {why}."


def excluding(
    game: Game, start: str, end: str | None, events: Sequence[HistoryEvent], settings: Settings
) -> str:
    """HISTORY EXCLSTART start [EXCLEND end]: the `events` left outside those turns."""
    head = (
        f"History information for game '{game.name}' excluding turn '{start}'\n"
        f"to turn '{end or 'end of game'}'."
    )
    body = "\n\n".join(_event_text(game, e, settings) for e in events) or "No history to show."
    return f"{head}\n\n{body}\n\n---- History terminated due to end of information."


def _limited(
    game: Game, events: Sequence[HistoryEvent], limit: int, settings: Settings
) -> tuple[str, bool]:
    """The events' text, cut after `limit` lines (in the middle of an event if need be,
    as the njudge does)."""
    lines: list[str] = []
    for i, e in enumerate(events):
        block = ([""] if i else []) + _event_text(game, e, settings).split("\n")
        room = limit - len(lines)
        if len(block) > room:
            lines += block[:room]
            return "\n".join(lines).rstrip("\n"), True
        lines += block
    return "\n".join(lines), False


def _event_text(game: Game, event: HistoryEvent, settings: Settings) -> str:
    subject = event.subject or event.kind
    return (
        f"Date: {njudge_time(event.at, settings)}\n"
        f"Subject: {settings.code}:{game.name} - {subject}\n\n"
        f"{event.body.strip()}"
    )

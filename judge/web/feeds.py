"""The web window's feeds: an Atom feed of a game's phases as they are processed (the
public copy of each results mail), and an iCalendar of a player's deadlines."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from xml.sax.saxutils import escape

from ..store.models import Game


def _stamp(at: datetime) -> str:
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")


def atom(game: Game, base: str, code: str, entries: Sequence[tuple[str, datetime, str]]) -> str:
    """`entries`: (phase, processed at, the results as the public read them), newest first."""
    url = f"{base}/game/{game.name}"
    updated = _stamp(entries[0][1]) if entries else _stamp(game.created_at)
    out = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"<title>{escape(code)}:{escape(game.name)}</title>",
        f'<link href="{escape(url)}"/>',
        f'<link rel="self" href="{escape(url)}/feed.atom"/>',
        f"<id>{escape(url)}</id>",
        f"<updated>{updated}</updated>",
        f"<author><name>{escape(code)}</name></author>",
    ]
    for phase, at, text in entries:
        out += [
            "<entry>",
            f"<title>{escape(game.name)} {escape(phase)} results</title>",
            f'<link href="{escape(url)}?phase={escape(phase)}"/>',
            f"<id>{escape(url)}/{escape(phase)}</id>",
            f"<updated>{_stamp(at)}</updated>",
            f'<content type="text">{escape(text)}</content>',
            "</entry>",
        ]
    out.append("</feed>")
    return "\n".join(out) + "\n"


def _ics_text(value: str) -> str:
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def _fold(line: str) -> str:
    """RFC 5545 3.1: lines of at most 75 octets, continued after a space."""
    data = line.encode("utf-8")
    if len(data) <= 75:
        return line
    parts, start = [], 0
    while start < len(data):
        end = min(start + (75 if not parts else 74), len(data))
        while end < len(data) and (data[end] & 0xC0) == 0x80:
            end -= 1  # never inside a character
        parts.append(data[start:end].decode("utf-8"))
        start = end
    return "\r\n ".join(parts)


def calendar(
    code: str, domain: str, now: datetime, deadlines: Sequence[tuple[Game, datetime]], base: str
) -> str:
    """A VCALENDAR with an event at each game's next deadline (its UID stays the same
    while the phase does, so a moved deadline moves the event)."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:-//{_ics_text(code)}//judge web window//EN",
        "CALSCALE:GREGORIAN",
        f"X-WR-CALNAME:{_ics_text(code)} deadlines",
    ]
    for game, at in deadlines:
        stamp = _stamp(at).replace("-", "").replace(":", "")
        lines += [
            "BEGIN:VEVENT",
            f"UID:{game.id}-{game.phase}@{domain}",
            f"DTSTAMP:{_stamp(now).replace('-', '').replace(':', '')}",
            f"DTSTART:{stamp}",
            f"DTEND:{stamp}",
            f"SUMMARY:{_ics_text(f'{code}:{game.name} {game.phase} deadline')}",
            f"URL:{base}/game/{game.name}",
            "END:VEVENT",
        ]
    lines.append("END:VCALENDAR")
    return "\r\n".join(_fold(x) for x in lines) + "\r\n"

"""SUMMARY name (njudge-formats 2.12, the njudge's summary.c): who held each power when, the
game's parameters, its draws, who owned each centre at each year's end, and each power's
centre count year by year with the builds it left unused."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import variants

from ...store.models import Game, Participant, PhaseRecord, User
from ..counts import counted
from ..robots import robot_strategy
from .parameters import Rules, parameters
from .record import SOMEONE, centre_count, on

# Ten years and 36 centres to a line (njudge summary.c), and the mark after a centre count
# for 1, 2, ... unused builds.
YEARS_PER_LINE = 10
CENTERS_PER_LINE = 36
UNUSED_MARKS = " *&+%^$#!~@()=-_|\\/?><[]{}abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class YearEnd:
    """The board at the end of a game year (or at the start), and when it stood so."""

    year: int
    position: dict[str, Any]
    at: datetime | None  # None: the start, when the first players held every power
    final: bool  # the game ended on this board: no builds to come, so no marks


@dataclass(frozen=True)
class Summary:
    """A game's summary as one asker may read it, as the engine found it."""

    game: Game
    variant: variants.Variant
    viewer: Participant | None  # the asker, if signed on to this game
    rules: Rules
    records: Sequence[PhaseRecord]  # the phases played, in order (at least one)
    years: Sequence[YearEnd]
    masters: Sequence[Participant]  # its masters (not resigned)
    holders: Mapping[str, Sequence[Participant]]  # everyone who played a power, in turn
    draws: Sequence[str]  # the notices of its draws and concessions
    hidden: bool  # a gunboat game whose players are not to be named
    blind: bool  # a blind game the asker does not master: no centre grid, no marks


def summary_text(shown: Summary, judge: str) -> str:
    """The whole summary; `judge`: this judge's code, named under the parameters."""
    names = _Names(shown.hidden, on(shown.game, "secret", False))
    sections = [
        f"Summary of game '{shown.game.name}' through {shown.records[-1].phase}.",
        _player_history(shown, names),
        "Game parameters are/were as follows:\n"
        + parameters(shown.game, shown.variant, shown.viewer, shown.rules)
        + f"\n  Judge: {judge}.",
    ]
    sections += [body.strip() for body in shown.draws]
    sections.append((shown.game.full_comment or "").strip())
    if not shown.blind:
        sections.append(_center_grid(shown.variant, shown.years))
    sections.append(_center_counts(shown, names, marks=not shown.blind))
    sections.append(
        "Index is the sum of squares of the number of supply centers divided by the\n"
        "number of players.  It is a measure of how far the game has progressed."
    )
    return "\n\n".join(section for section in sections if section)


class _Names:
    """How a summary names a player: by name and address, or as `Somebody #n` at
    `someone@somewhere` in a gunboat game (numbered in order of appearance)."""

    def __init__(self, hidden: bool, secret: bool) -> None:
        self.hidden = hidden
        self.secret = secret
        self.numbers: dict[int, int] = {}

    def name(self, user: User) -> str:
        if not self.hidden:
            return user.name or user.email.split("@")[0]
        if self.secret:
            return "Somebody"
        number = self.numbers.setdefault(user.id, len(self.numbers) + 1)
        return f"Somebody #{number}"

    def address(self, user: User) -> str:
        """A robot's name is all there is of it: it has no address to show."""
        if self.hidden:
            return SOMEONE
        return "" if robot_strategy(user.email) else user.email


def _player_history(shown: Summary, names: _Names) -> str:
    # A master is never anonymous; a gunboat game's players are.
    rows: list[tuple[str, str, str]] = [
        (f"  {'Master:':<15}", x.user.name or x.user.email, x.user.email) for x in shown.masters
    ]
    for power in shown.variant.powers:
        for i, x in enumerate(shown.holders.get(power.name, ())):
            if i == 0:
                head = f"  {power.name + ':':<15}"
            else:
                head = f"   from {_first_phase(shown.game, shown.records, x.joined_at):>6.6}:  "
            rows.append((head, names.name(x.user), names.address(x.user)))
    if not rows:
        return ""
    width = max(len(name) for _, name, _ in rows)
    return "\n".join(f"{head}{name:<{width}}  {address}".rstrip() for head, name, address in rows)


def _holder_at(holders: Sequence[Participant], at: datetime | None) -> Participant | None:
    """Who held a power at `at` (None: at the start)."""
    if not holders:
        return None
    if at is None:
        return holders[0]
    held = [x for x in holders if x.joined_at <= at]
    return held[-1] if held else holders[0]


def _first_phase(game: Game, records: Sequence[PhaseRecord], since: datetime) -> str:
    """The first phase a player who joined at `since` could order."""
    for record in records:
        if record.processed_at is not None and record.processed_at > since:
            return record.phase
    return game.phase or records[-1].phase


def _center_grid(variant: variants.Variant, years: Sequence[YearEnd]) -> str:
    """Who owned each centre at each year's end, a letter a centre (`.` for nobody)."""
    order = list(variant.center_order) or sorted(variant.centers)
    letters = {x.name: x.letter.upper() for x in variant.powers}
    letters[variants.AUTONOMOUS] = "&"  # Machiavelli's cities nobody owns (the njudge's mark)
    blocks = []
    for start in range(0, len(order), CENTERS_PER_LINE):
        chunk = order[start : start + CENTERS_PER_LINE]
        cont = " (cont)" if start else ""
        title = f"Historical Supply Center Summary{cont}"
        lines = [title, "-" * len(title)]
        lines.append("   " + "".join(f" {c.capitalize():<3.3}" for c in chunk[0::2]))
        lines.append("Year " + "".join(f" {c.capitalize():<3.3}" for c in chunk[1::2]))
        for y in years:
            owner = {
                c: letters.get(power, "?")
                for power, cs in (y.position.get("centers") or {}).items()
                for c in cs
            }
            lines.append(f"{y.year:04d}" + "".join(f" {owner.get(c, '.')}" for c in chunk))
        blocks.append("\n".join(line.rstrip() for line in lines))
    return "\n\n".join(blocks)


def _center_counts(shown: Summary, names: _Names, marks: bool) -> str:
    """Each power's centre count per year, with a mark for builds it did not make (or `X`
    for too many), and who played it at the right; a new player starts a new line."""
    years = shown.years
    powers = len(shown.variant.powers)
    used: set[int] = set()
    too_many = False
    blocks = []
    for start in range(0, len(years), YEARS_PER_LINE):
        chunk = years[start : start + YEARS_PER_LINE]
        head = f"Power    {chunk[0].year:04d}" + "".join(f" '{y.year % 100:02d}" for y in chunk[1:])
        lines = [head + " " * (4 * (YEARS_PER_LINE - len(chunk)) + 3) + "Player"]
        squares = [0] * len(chunk)
        for power in shown.variant.powers:
            counts = [centre_count(y.position, power.name) for y in chunk]
            if not counts[0]:
                continue
            row = f"{power.name:<10.10}"
            holders = shown.holders.get(power.name, ())
            holder = _holder_at(holders, chunk[0].at)
            written = 0  # the row stops at the first year the power has no centre
            for i, y in enumerate(chunk):
                now = _holder_at(holders, y.at)
                if holder is not None and now is not None and now.id != holder.id:
                    pad = " " * (4 * (YEARS_PER_LINE - i) + 1)
                    row += f"\\{pad}{names.name(holder.user)}\n" + " " * (10 + 4 * i)
                    holder = now
                if not counts[i]:
                    break
                written = i + 1
                mark = " "
                if marks and not y.final:
                    units = len((y.position.get("units") or {}).get(power.name) or [])
                    if units > counts[i]:
                        mark, too_many = "X", True
                    elif units < counts[i]:
                        mark = UNUSED_MARKS[min(counts[i] - units, len(UNUSED_MARKS) - 1)]
                        used.add(counts[i] - units)
                row += f"{counts[i]:3d}{mark}"
                squares[i] += counts[i] ** 2
            name = names.name(holder.user) if holder is not None else ""
            lines.append(row + " " * (4 * (YEARS_PER_LINE - written) + 2) + name)
        lines.append("Index:   " + "".join(f"{total // powers:4d}" for total in squares))
        blocks.append("\n".join(line.rstrip() for line in lines))
    notes = []
    if too_many:
        notes.append("X = too many build(s).")
    for n in sorted(used):
        mark = UNUSED_MARKS[min(n, len(UNUSED_MARKS) - 1)]
        notes.append(f"{mark} = {counted(n, 'unused build')}.")
    title = "History of Supply Center Counts\n-------------------------------\n"
    return title + "\n\n".join(blocks) + ("\n\n" + "\n".join(notes) if notes else "")

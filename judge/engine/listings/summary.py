"""SUMMARY name: who held each power when, and the centres each owned year by year. Here
the played phases are read into the board at each year's end, and what the asker may see
is decided; the text is judge/reports/listings/summary.py."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import parser as p
import variants

from ...reports.identities import sees_players
from ...reports.listings.record import blind, is_master, year
from ...reports.listings.summary import Summary, YearEnd, summary_text
from ...store.models import Game, Participant, PhaseRecord
from ..game.record import phase_records
from ..reply.conversation import Conversation
from .lookup import DRAW_KINDS, events, known_variant, rules_of, the_game, viewer


def summary(ctx: Conversation, cmd: p.Summary) -> None:
    """SUMMARY name: a gunboat game's players are named only to its master, or once it has
    ended unless NO REVEAL; a blind game's owner of each centre, and the builds its powers
    left unused, only to its master (manual 3.4)."""
    game = the_game(ctx, cmd.game, "SUMMARY")
    if game is None:
        return
    variant = known_variant(game)
    records = phase_records(ctx.session, game)
    if variant is None or not records:
        ctx.fail(f"There is no summary of game '{game.name}' yet: no phase has been played.")
        return
    asker = viewer(ctx, game)
    master = is_master(asker)
    hidden = not sees_players(game, asker)
    shown = Summary(
        game=game,
        variant=variant,
        viewer=asker,
        rules=rules_of(game, variant, ctx.settings),
        records=records,
        years=year_ends(game, variant, records),
        masters=[x for x in game.participants if x.role == "master" and x.status != "resigned"],
        holders={power.name: _holders(game, power.name) for power in variant.powers},
        draws=[e.body for e in events(ctx, game) if e.kind in DRAW_KINDS],
        hidden=hidden,
        blind=blind(game) and not master,
    )
    ctx.say(summary_text(shown, ctx.settings.code))


def _holders(game: Game, power: str) -> list[Participant]:
    """Everyone who has played a power, in the order they took it: a takeover adds a new
    participant with the same power and leaves the old one resigned."""
    found = [x for x in game.participants if x.role == "player" and x.power == power]
    return sorted(found, key=lambda x: (x.joined_at, x.id))


def year_ends(
    game: Game, variant: variants.Variant, records: Sequence[PhaseRecord]
) -> list[YearEnd]:
    """The board at the start and at the end of each finished year.

    A phase record holds the board before its phase, so the board at the end of a year is
    the one before the first phase of a later year (after the builds), or the game's own
    board when the game ended in that year.
    """
    first = records[0]
    first_year = year(first.phase) or 0
    # The board a game starts on is the end of the year before, unless its first phase is
    # late in that year: a build start (chaos, BLANK BOARD) builds on the board of the
    # year before as well, so its first two rows are not both labelled 1900.
    code = first.phase[:1] + first.phase[-1:]
    opening = code == variant.phases[0] or code[1] in "AB"  # (A: Machiavelli's F####A)
    out = [YearEnd(first_year - 1 if opening else first_year, first.position, None, False)]
    boards: list[tuple[int, dict[str, Any], datetime | None, bool]] = []
    for before, record in zip([None, *records], records, strict=False):
        at = before.processed_at if before is not None else None
        boards.append((year(record.phase) or 0, record.position, at, False))
    last = records[-1]
    if last.turn >= game.turn:  # the game stopped after its last phase was played
        boards.append(((year(last.phase) or 0) + 1, game.position or {}, last.processed_at, True))
    elif game.phase:
        boards.append((year(game.phase) or 0, game.position or {}, last.processed_at, False))
    for y in range(first_year, (year(last.phase) or first_year) + 1):
        after = next((b for b in boards if b[0] > y), None)
        if after is not None:
            out.append(YearEnd(y, after[1], after[2], after[3]))
    return out

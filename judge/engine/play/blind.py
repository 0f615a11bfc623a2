"""Who reads which copy of a phase's results: everyone the same, except in a blind game,
where each player and observer gets only what he sees (judge/reports/blind.py) under the
subject `<CODE>:<game> - <phase> Blind Results`, and a master the whole results, as the
njudge's `inform_party_of_blind_turn` sends them (njudge-formats 2.2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...reports.blind import blind_report, sight
from ...reports.play.ownership import Sight
from ...store.models import Game, PhaseRecord
from ..game.machiavelli import is_machiavelli, money_on
from ..game.record import variant_of
from ..reply.notices import addresses, deliver, everyone
from ..reply.webhooks import has_webhook, post
from .mach_results import with_money
from .pictures import phase_files


def is_blind(game: Game) -> bool:
    return "blind" in (game.options or [])


def all_centers(game: Game) -> bool:
    """SET BCENTERS: every reader of a blind game is shown which centres each power owns,
    not only his own (info.blind; manual 9.1)."""
    return bool((game.settings or {}).get("blind_centers"))


def players_sight(game: Game, power: str) -> frozenset[str] | None:
    """The powers whose units a player's own orders listing may name (a reply, or the mail
    on orders given in advance): every power's (None), or in a blind game only his own, as
    in his copy of the results."""
    return sight("player", power) if is_blind(game) else None


def units_seen(game: Game, power: str, units: dict[str, Any]) -> dict[str, Any]:
    """The units of a board (power -> units) as a player of the game sees them: all, or in
    a blind game his own. The conditions of his orders (IF ..., conditions.py) are read on
    this board, or whether his orders stood would tell him what he cannot see."""
    seen = players_sight(game, power)
    return units if seen is None else {p: us for p, us in units.items() if p in seen}


def deliver_results(mailer: Any, game: Game, record: PhaseRecord, report: str, body: str) -> None:
    """Mail the results of the phase `record` holds; `body` is the whole text, which begins
    with `report`, the full report of the phase. In a blind game only the report differs
    from one reader to another: what follows it (the next phase, postal press) is the same
    for all. With Machiavelli's money each reader's copy carries his own money around the
    report (mach_results.with_money), in a blind game as in any other. Each mail carries
    the picture of the phase as its reader sees it (pictures.py). The game's webhook gets
    an observer's copy and picture (`PUBLIC`), by the same rule."""
    pictures = phase_files(mailer.settings, game, record)
    readers = [x for x in everyone(game) if addresses(x)]  # robots and dummies read nothing
    money = money_on(game) and is_machiavelli(game)
    if not body.startswith(report):
        raise ValueError("the results' body must begin with the report")
    rest = body[len(report) :]
    if has_webhook(game):
        copy, seen = reader_copy(game, record, report, PUBLIC)
        subject = "Results" if seen is None else "Blind Results"
        post(mailer, game, "results", subject, copy + rest, record.phase, pictures(seen))
    if not is_blind(game) and not money:
        files = pictures(None) if readers else ()
        deliver(mailer, game, readers, "Results", body, phase=record.phase, attachments=files)
        return
    for person in readers:
        copy, seen = reader_copy(game, record, report, person)
        subject = "Results" if seen is None else "Blind Results"
        deliver(mailer, game, [person], subject, copy + rest, phase=record.phase,
                attachments=pictures(seen))  # fmt: skip


@dataclass(frozen=True)
class Reader:
    """Who a copy of the results is for, as `reader_copy` reads a participant."""

    role: str
    power: str | None = None


PUBLIC = Reader("observer")  # anyone at all: an observer's copy (a webhook's)


def reader_sight(game: Game, person: Any) -> Sight | None:
    """What a reader of the game's results sees of its board: all (None), or in a blind
    game his own power's part (a player), nothing (an observer) or all (a master)."""
    return sight(person.role, person.power, all_centers(game)) if is_blind(game) else None


def reader_copy(
    game: Game, record: PhaseRecord, report: str, person: Any
) -> tuple[str, Sight | None]:
    """One reader's copy of the report of the phase `record` holds (`report`: the whole
    report, as everyone reads it in a game that is not blind), and what he sees of the
    board: the one rule for the results mail and every other channel (the web window,
    the webhook)."""
    seen = reader_sight(game, person)
    copy = report
    if seen is not None:
        doc, out = record.result["input"], record.result["output"]
        copy = blind_report(variant_of(game), game.name, record.turn, doc, out, seen)
    if money_on(game) and is_machiavelli(game):
        copy = with_money(game, record.result["input"], record.result["output"], person, copy)
    return copy, seen

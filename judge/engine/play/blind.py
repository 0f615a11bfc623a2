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
    the picture of the phase as its reader sees it (pictures.py)."""
    pictures = phase_files(mailer.settings, game, record)
    readers = [x for x in everyone(game) if addresses(x)]  # robots and dummies read nothing
    money = money_on(game) and is_machiavelli(game)
    if has_webhook(game):  # the copy any observer is mailed, by the same cut
        subject, copy, seen = copy_for(game, record, report, body, PUBLIC)
        post(mailer, game, "results", subject, copy, record.phase, pictures(seen))
    if not is_blind(game) and not money:
        files = pictures(None) if readers else ()
        deliver(mailer, game, readers, "Results", body, phase=record.phase, attachments=files)
        return
    for person in readers:
        subject, copy, seen = copy_for(game, record, report, body, person)
        deliver(mailer, game, [person], subject, copy, phase=record.phase,
                attachments=pictures(seen))  # fmt: skip


@dataclass(frozen=True)
class Reader:
    """Who a copy of the results is for, as `copy_for` reads a participant."""

    role: str
    power: str | None = None


PUBLIC = Reader("observer")  # anyone at all: an observer's copy (a webhook's)


def copy_for(
    game: Game, record: PhaseRecord, report: str, body: str, person: Any
) -> tuple[str, str, Sight | None]:
    """One reader's copy of the results (`body`, beginning with `report`): the subject's
    words, the text, and what he sees (None: everything, for his picture). In a blind game
    the report as he sees it (reports/blind.py); with money, his own around it."""
    if not body.startswith(report):
        raise ValueError("the results' body must begin with the report")
    rest = body[len(report) :]
    doc, out = record.result["input"], record.result["output"]
    seen = sight(person.role, person.power, all_centers(game)) if is_blind(game) else None
    copy = report if seen is None else blind_report(variant_of(game), game.name, record.turn,
                                                    doc, out, seen)  # fmt: skip
    if money_on(game) and is_machiavelli(game):
        copy = with_money(game, doc, out, person, copy)
    return ("Results" if seen is None else "Blind Results"), copy + rest, seen

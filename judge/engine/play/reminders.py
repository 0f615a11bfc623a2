"""The reminder mail before a deadline (clock/remind.py says to whom and when): what the
player still owes, from the trial adjudication the tick has just made, with his orders as
the judge holds them and the words every reply ends with, so that the reminder says what
a reply to an empty mail would, unasked.
"""

from __future__ import annotations

from typing import Any

from ...reports import play as r
from ...reports import punctuality as texts
from ...reports.counts import counted
from ...reports.frame import njudge_time
from ...reports.play.notation import unit_words
from ...reports.play.status import standing_text
from ...store.models import Game, Participant
from ..clock.remind import due, mark_sent
from ..game.owing import build_at, owed
from ..game.record import variant_of
from ..reply.notices import Notices, deliver
from .blind import players_sight
from .standing import standing

Judged = tuple[dict[str, list[str]], dict[str, Any]]


def send_reminders(mailer: Notices, game: Game, judged: Judged) -> None:
    """Each reminder due now, once (`judged`: the trial of the orders as they stand)."""
    people = due(game, mailer.now)
    if not people:
        return
    for person in people:
        text = reminder_text(mailer, game, person, judged)
        deliver(mailer, game, [person], "Reminder", text)
    mark_sent(game, people)


def reminder_text(mailer: Notices, game: Game, person: Participant, judged: Judged) -> str:
    assert game.deadline is not None and game.phase is not None and person.power
    given, out = judged
    variant = variant_of(game)
    power = person.power
    hours_left = (game.deadline - mailer.now).total_seconds() / 3600
    head = texts.reminder(
        game.name,
        power,
        game.phase,
        njudge_time(game.deadline, mailer.settings),
        round(hours_left, 1) if hours_left < 1 else round(hours_left),
    )
    listing = r.orders_listing(
        variant, game.name, game.turn, game.phase, power, out,
        build_at=build_at(game), seen=players_sight(game, power),
    )  # fmt: skip
    state = standing(game, power, given.get(power, []), out)
    parts = [head, listing.rstrip()]
    missing = missing_items(game, power, out)
    if missing:
        parts.append(texts.missing_lines(missing))
    parts.append(standing_text(mailer.settings, game, person, state))
    parts.append(texts.REMINDER_TAIL)
    return "\n\n".join(parts) + "\n"


def missing_items(game: Game, power: str, out: dict[str, Any]) -> list[str]:
    """What the power has still to order: its units without an order (in a retreat phase,
    those with somewhere to go), or the builds or removals it has not given."""
    variant = variant_of(game)
    phase = game.phase or ""
    lines = [x for x in out.get("orders", ()) if x.get("power") == power]
    if phase.endswith("B"):
        due_now = owed(game, power)
        done = sum(1 for x in lines if x.get("result") == "succeeds")
        short = abs(due_now) - done
        if short <= 0:
            return []
        word = "build" if due_now > 0 else "removal"
        return [f"{counted(short, word)} (or WAIVE)" if due_now > 0 else counted(short, word)]
    shown = []
    for x in lines:
        if x.get("reason") != "no order" or not x.get("order"):
            continue
        kind, location = str(x["order"]).split()[:2]
        shown.append(f"an order for {unit_words(variant, kind, location)}")
    return shown

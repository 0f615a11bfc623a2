"""When reminders fall due (not in the njudge; issue 35): one mail per deadline, `hours`
before it, to each player whose orders are missing or incomplete then. The hours are the
player's own (SET REMINDER, kept by his place in the game; SET NO REMINDER: none) or else
the game's (SET REMINDERS, its master's). A deadline moved (SET DEADLINE, an excuse) is a
new deadline and gets a reminder of its own; complete orders get none; the judge's robots
and program players never get one.

What was sent is kept in the game's settings (`reminded`: place -> the deadline it was
for), so that the tick, which looks at a game again and again, sends each reminder once.
A phase shorter than the hours is reminded of halfway through (`phase_began`, kept when
its clock is set), not at once beside the results that began it.
The mail itself is play's (play/reminders.py): it lists what is missing, from the trial
adjudication.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from ...reports.robots import robot_strategy
from ...store.models import Game, Participant
from ..game.record import players

OWN = "reminder_for"  # game settings: place id -> hours (0: SET NO REMINDER)
DEFAULT = "reminders"  # game settings: hours, the master's SET REMINDERS
SENT = "reminded"  # game settings: place id -> the deadline (ISO) its reminder was for
BEGAN = "phase_began"  # game settings: when the phase under way began (ISO)


def hours_for(game: Game, person: Participant) -> float | None:
    """How many hours before the deadline this player is reminded; None: never."""
    settings = game.settings or {}
    own = (settings.get(OWN) or {}).get(str(person.id))
    if own is not None:
        return float(own) or None
    default = settings.get(DEFAULT)
    return float(default) if default else None


def judge_played(person: Participant) -> bool:
    """A place the judge itself holds: a robot, or FORCE BEGIN's dummy (no address)."""
    email = person.user.email.lower()
    return email.endswith(".invalid") or robot_strategy(email) is not None


def is_machine(person: Participant) -> bool:
    """The judge's robots and dummies, and program players by mail (their registration
    names a program): none reads a reminder."""
    user = person.user
    if judge_played(person):
        return True
    program = " ".join(str((user.registration or {}).get("program", "")).split()).lower()
    return program not in ("", "no", "none", "-")


def _pending(game: Game) -> list[tuple[Participant, datetime]]:
    """Each player still owing orders who is to be reminded of this deadline and has not
    been yet, with the moment his reminder falls due."""
    if game.status != "active" or game.deadline is None:
        return []
    sent = (game.settings or {}).get(SENT) or {}
    stamp = game.deadline.isoformat()
    began = _began(game)
    out = []
    for x in players(game):
        if not x.power or x.status in ("cd", "resigned", "abandoned"):
            continue
        if x.orders_status == "complete" or sent.get(str(x.id)) == stamp:
            continue
        hours = hours_for(game, x)
        if hours is None or is_machine(x):
            continue
        out.append((x, _moment(game.deadline, hours, began)))
    return out


def _moment(deadline: datetime, hours: float, began: datetime | None) -> datetime:
    """`hours` before the deadline; in a phase shorter than that (a retreat's 23 hours
    against a reminder 24 hours ahead), halfway between the phase's start and its deadline,
    not at once beside the results that began it."""
    at = deadline - timedelta(hours=hours)
    if began is not None and at < began < deadline:
        return began + (deadline - began) / 2
    return at


def _began(game: Game) -> datetime | None:
    text = (game.settings or {}).get(BEGAN)
    try:
        return datetime.fromisoformat(text) if text else None
    except (TypeError, ValueError):
        return None


def due(game: Game, now: datetime) -> list[Participant]:
    """The players whose reminder is due now (never once the deadline has come: the late
    notices take over then)."""
    if game.deadline is None or now >= game.deadline:
        return []
    return [x for x, at in _pending(game) if at <= now]


def next_reminder(game: Game, now: datetime) -> datetime | None:
    """When the next reminder of this deadline falls due (now, if one is overdue)."""
    if game.deadline is None or now >= game.deadline:
        return None
    times = [max(at, now) for _, at in _pending(game)]
    return min(times) if times else None


def mark_sent(game: Game, people: list[Participant]) -> None:
    assert game.deadline is not None
    sent = dict((game.settings or {}).get(SENT) or {})
    for x in people:
        sent[str(x.id)] = game.deadline.isoformat()
    game.settings = {**(game.settings or {}), SENT: sent}

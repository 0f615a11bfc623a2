"""Mail about a game to the people in it: results, start notices, signons, draws.

Each mail carries the game's header and a subject of the njudge's pattern
(`USXX:mygame - S1901M Results`), and goes to every address the participant reads.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy.orm import Session

from ...config import Settings
from ...mailout.outbox import Attachment, insert_outbox, outbox_row
from ...mailout.unsubscribe import OBSERVING, mark
from ...reports.frame import game_header, game_subject
from ...reports.robots import robot_strategy
from ...store.models import Game, Participant
from .conversation import Conversation, Outgoing

# The user behind FORCE BEGIN's dummy players: never written to (.invalid, RFC 2606).
DUMMY = "dummy@judge.invalid"


def addresses(participant: Participant) -> list[str]:
    """Where a participant's mail goes: SET ADDRESS's list, else the address of record
    (none for a dummy player or a robot)."""
    if participant.user.email == DUMMY or robot_strategy(participant.user.email):
        return []
    return list(participant.report_to) or [participant.user.email]


def everyone(game: Game) -> list[Participant]:
    """Players, masters and observers still in the game."""
    return [x for x in game.participants if x.status != "resigned"]


def deliver(
    ctx: Conversation | Notices,
    game: Game,
    people: Iterable[Participant],
    event: str,
    body: str,
    phase: str | None = None,
    header: bool = True,
    tag: str = "",
    attachments: tuple[Attachment, ...] = (),
) -> None:
    """`header`: False for the njudge's short notices (sign-ons, press, resignations,
    returns, takeovers), which carry no `:: Judge:` lines. `tag` goes before the subject:
    `[You are late!] ` on a late player's copy. `attachments`: files after the text (a
    results mail's pictures). An observer's copy carries List-Unsubscribe (he may stop
    observing); a player's or a master's, none. An address that is both a player's and an
    observer's gets the player's copy: observers come last."""
    subject = tag + game_subject(ctx.settings, game, event, phase)
    text = game_header(ctx.settings, game) + "\n" + body if header else body
    sent: set[str] = set()
    for person in sorted(people, key=lambda x: x.role == "observer"):
        stream = OBSERVING if person.role == "observer" else ""
        for address in addresses(person):
            if address.lower() not in sent:
                sent.add(address.lower())
                ctx.send(address, subject, text, game.id, attachments=attachments, stream=stream)


def send_together(
    mailer: Conversation | Notices,
    to: str,
    subject: str,
    body: str,
    game_id: int,
    not_before: datetime | None = None,
    stream: str = "",
) -> None:
    """Send `body`, or add it, after a blank line, to the mail this run of the judge is
    already sending `to` under the same subject (a robot's several messages to one reader
    in one phase: one mail, not one each); `not_before`: sent no earlier; `stream`: the
    kind of mail it is, if its reader may stop it (Outgoing)."""
    for out in mailer.extra:
        if out.to.lower() == to.lower() and out.subject == subject and out.game_id == game_id:
            out.body += "\n" + body
            return
    mailer.send(to, subject, body, game_id, not_before=not_before, stream=stream)


@dataclass
class Notices:
    """Mail the judge sends of its own accord (the scheduler's processing, deadlines): the
    same door as a conversation's extra mail, with no mail to answer."""

    session: Session
    settings: Settings
    now: datetime
    extra: list[Outgoing] = field(default_factory=list)

    def send(
        self,
        to: str,
        subject: str,
        body: str,
        game_id: int | None = None,
        attachments: tuple[Attachment, ...] = (),
        not_before: datetime | None = None,
        stream: str = "",
    ) -> None:
        self.extra.append(
            Outgoing(to, subject, body, game_id, not_before=not_before,
                     attachments=attachments, stream=stream)
        )  # fmt: skip

    def write_outbox(self) -> None:
        rows = [
            outbox_row(
                self.settings,
                self.now,
                out.to,
                out.subject,
                out.body,
                game_id=out.game_id,
                attachments=out.attachments,
                stream=out.stream,
            )
            for out in self.extra
        ]
        mark(self.session, self.settings, rows)
        for row, out in zip(rows, self.extra, strict=True):
            if out.not_before is not None:
                row["next_attempt_at"] = out.not_before
        self.extra.clear()
        insert_outbox(self.session, rows)

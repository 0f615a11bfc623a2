"""What happens when a game ends: the dedication it held is credited, its players are
rated (rating.py), its diaries are published to everyone, and a game won or drawn with
SET AUTO CREATE is followed by a new one with the same settings (manual 8.3), unlisted,
its masters the same."""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlalchemy import select

from ...reports.endings import no_successor, successor
from ...store.models import Game, Participant
from ..clock.dedication import credit_held
from ..game.moderation import masters
from ..press.diary import publish
from ..reply.conversation import Conversation
from ..reply.notices import Notices, deliver, everyone
from ..reply.webhooks import post
from .rating import rate

_NUMBERED = re.compile(r"^(.*?)(\d+)$")
MAX_NAME = 19


def ended(
    mailer: Conversation | Notices,
    game: Game,
    decided: bool,
    shared_by: Sequence[str] = (),
    notice: tuple[str, str] = ("", ""),
) -> None:
    """`decided`: won, drawn or conceded (not terminated); `shared_by`: the powers that
    share the result (the winner, or those in the draw), by which the players are rated.
    What a game that hides who plays it held of its players' dedication is credited now
    (clock/dedication.py). `notice`: the subject's words and the text everyone was told the
    end in, for the game's webhook."""
    post(mailer, game, "end", notice[0] or "Game Over", notice[1] or f"Game '{game.name}' is "
         f"{game.status}.\n")  # fmt: skip
    credit_held(mailer.session, game)
    if decided:
        rate(mailer.session, game, shared_by, mailer.now)
    publish(mailer, game)
    if decided and (game.settings or {}).get("auto_create"):
        _successor(mailer, game)


def _successor(mailer: Conversation | Notices, game: Game) -> None:
    name = _next_name(mailer, game.name)
    if name is None:
        deliver(mailer, game, masters(game), "Parameter Change", no_successor(game.name))
        return
    new = Game(
        name=name, variant=game.variant, options=list(game.options or []), status="forming",
        # Not its webhook: a new game has a new key, which its master is given only by
        # setting the webhook himself.
        settings={**_inherited(game), "list": False}, comment=game.comment,
        full_comment=game.full_comment, created_at=mailer.now, participants=[],
    )  # fmt: skip
    mailer.session.add(new)
    mailer.session.flush()
    for x in masters(game):
        keeper = Participant(
            game_id=new.id, user_id=x.user_id, role="master", password_hash=x.password_hash,
            joined_at=mailer.now, report_to=list(x.report_to or []), absences=[],
        )  # fmt: skip
        keeper.user = x.user
        new.participants.append(keeper)
    deliver(mailer, game, everyone(game), "Parameter Change", successor(name, game.name))


def _inherited(game: Game) -> dict:
    return {k: v for k, v in (game.settings or {}).items() if k != "webhook"}


def _next_name(mailer: Conversation | Notices, name: str) -> str | None:
    found = _NUMBERED.match(name)
    stem, number = (found.group(1), int(found.group(2))) if found else (name, 1)
    for n in range(number + 1, number + 100):
        candidate = f"{stem}{n}"
        if len(candidate) > MAX_NAME:
            return None
        taken = mailer.session.execute(select(Game.id).where(Game.name == candidate)).first()
        if taken is None:
            return candidate
    return None

"""Mail to the unsubscribe address of the judge's mail (LOCAL+u-TOKEN@DOMAIN, the
List-Unsubscribe of mailout/unsubscribe.py): the stream its token names is stopped, and
the address that received it is told so. Whatever the mail says, it is never read as
commands: a mail program sends an empty body, or "unsubscribe".

A token names a kind and a game; the address is in its MAC only. So it is checked against
each address that receives that kind of the game's mail now, and stops the stream of the
one it was made for. A token that matches none (forged, mangled, or for a stream stopped
already) is logged and not answered: a mail's From is whatever its sender wrote, and an
answer to it would be the judge's mail to any address a forger names (backscatter). A
token that matches proves the address received the judge's mail: the confirmation goes to
that address, never to the From, which is why it is safe to send.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from ..config import Settings
from ..mailin.message import IncomingMail
from ..mailout import unsubscribe as streams
from ..mailout.outbox import OutboxRow, outbox_row
from ..mailtokens import secret_of
from ..reports import unsubscribe as texts
from ..reports.frame import game_header, shown_phase
from ..reports.replies import reply_subject
from ..store.models import Game, Participant
from .game.moderation import masters
from .game.record import variant_of
from .reply.notices import addresses, everyone

log = logging.getLogger("judge.unsubscribe")

Receiving = Iterable[tuple[Participant, str]]


@dataclass(frozen=True)
class Kind:
    """A kind of stream: who receives it now, at which address (`receiving`), and how one
    of them stops it, in words for the confirmation (`stop`)."""

    receiving: Callable[[Game], Receiving]
    stop: Callable[[Game, Participant, str], str]


def tokens_in(
    settings: Settings, envelope_to: str, via: str, headers: Sequence[tuple[str, str]]
) -> list[str]:
    """The tokens of the unsubscribe addresses among a mail's envelope recipients, or for
    a pipe that was not told them, its Delivered-To (forged or not, the MAC decides), as
    mailin/bounces.py reads a bounce's."""
    told = envelope_to.split(",")
    if via == "pipe" and not envelope_to:
        told = [value for name, value in headers if name == "delivered-to"]
    found = (streams.token_of(settings, a) for a in told)
    return list(dict.fromkeys(token for token in found if token))


def unsubscribe(
    session: Session,
    settings: Settings,
    now: datetime,
    mail: IncomingMail,
    inbound_id: int,
    tokens: list[str],
    outbox: list[OutboxRow],
) -> str:
    """Stop the stream each token names; what was done, for the inbound row's outcome."""
    secret = secret_of(session, streams.PURPOSE)
    done: list[str] = []
    for token in tokens:
        named = streams.read_token(token)
        # Locked (PostgreSQL) as a deadline locks it: its settings are written whole.
        game = session.get(Game, named.game_id, with_for_update=True) if named else None
        kind = KINDS.get(named.kind) if named is not None else None
        if named is None or game is None or kind is None:
            log.warning("inbound %s: unsubscribe token %r names no stream", inbound_id, token)
            continue
        found = [(x, a) for x, a in kind.receiving(game) if named.names(secret, a)]
        if not found:
            log.warning(
                "inbound %s: unsubscribe token %r is not one of the judge's for any address "
                "receiving it now; not answered", inbound_id, token,
            )  # fmt: skip
            continue
        address = found[0][1]
        said = [kind.stop(game, person, address) for person, _ in found]
        log.info("inbound %s: %s stopped its stream %s of game %r", inbound_id, address,
                 named.kind, game.name)  # fmt: skip
        subject = reply_subject(settings.code, mail.subject, game.name, shown_phase(game))
        body = game_header(settings, game) + "\n" + said[0]
        outbox.append(
            outbox_row(settings, now, address, subject, body, inbound_id=inbound_id,
                       game_id=game.id, in_reply_to=mail.message_id)
        )  # fmt: skip
        done.append(f"{named.kind}:{game.name}")
    if not done:
        return "not answered: no stream of the judge's named"
    return "unsubscribed " + ", ".join(done)


# -- the kinds --------------------------------------------------------------------------------


def _at(people: Iterable[Participant]) -> Iterator[tuple[Participant, str]]:
    return ((x, a) for x in people for a in addresses(x))


def _listed(game: Game, key: str) -> set[int]:
    return set((game.settings or {}).get(key) or [])


def _list(game: Game, key: str, person: Participant, member: bool) -> None:
    """A participant put on, or taken off, one of the game's personal lists (settings
    `watchers`, `no_broadcast`, `all_press_off`)."""
    ids = [i for i in (game.settings or {}).get(key) or [] if i != person.id]
    game.settings = {**(game.settings or {}), key: [*ids, person.id] if member else ids}


def _observers(game: Game) -> list[Participant]:
    return [x for x in everyone(game) if x.role == "observer"]


def _stop_observing(game: Game, person: Participant, address: str) -> str:
    """Where his place reports to several addresses, that one is taken off (whoever reads
    it asked); else the place ends, as at RESIGN."""
    others = [a for a in person.report_to or [] if a.lower() != address.lower()]
    if others and len(others) < len(person.report_to or []):
        person.report_to = others
        return texts.stopped_address(game.name, address, others)
    person.status = "resigned"
    return texts.stopped_observing(game.name)


def _stop_watching(game: Game, person: Participant, address: str) -> str:
    _list(game, "watchers", person, False)
    return texts.stopped_watching(game.name)


def _stop_broadcasts(game: Game, person: Participant, address: str) -> str:
    _list(game, "no_broadcast", person, True)
    if person.role == "master":
        letter = "M"
    else:
        letters = {x.name: x.letter.upper() for x in variant_of(game).powers}
        letter = letters.get(person.power or "", "?")
    return texts.stopped_broadcasts(game.name, f"SIGN ON {letter}{game.name} password")


def _stop_all_press(game: Game, person: Participant, address: str) -> str:
    _list(game, "all_press_off", person, True)
    return texts.stopped_all_press(game.name)


def _watching(game: Game) -> Receiving:
    return _at(x for x in _observers(game) if x.id in _listed(game, "watchers"))


def _hearing_broadcasts(game: Game) -> Receiving:
    deaf = _listed(game, "no_broadcast")
    return _at(x for x in everyone(game) if x.role != "observer" and x.id not in deaf)


def _copied(game: Game) -> Receiving:
    return _at(x for x in masters(game) if x.id not in _listed(game, "all_press_off"))


KINDS: dict[str, Kind] = {
    streams.OBSERVING: Kind(lambda game: _at(_observers(game)), _stop_observing),
    streams.WATCHING: Kind(_watching, _stop_watching),
    streams.BROADCASTS: Kind(_hearing_broadcasts, _stop_broadcasts),
    streams.ALL_PRESS: Kind(_copied, _stop_all_press),
}

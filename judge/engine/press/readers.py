"""Who reads a message of a game's press: the one rule for every path that hands press to a
reader (PRESS and BROADCAST in press.py, a robot's press in robot_mail.py). POSTAL PRESS
and diaries go to everyone in the game (manual 7.4), with the results and at the end.

A message goes to its addressees; partial press also to the masters where the master SET
ALL PRESS (manual 8.2), and to the observers who asked for it with SET ALL PRESS in a game
set WATCH ALL PRESS (8.5). Each address once. And never, through an observer's place, to a
person who plays in the game: an observer is "a person who is not playing in a game"
(manual 1.2.2), so a player's other address (I AM ALSO), or an address an observer's place
reports to that is a player's, reads nothing that was not addressed to the player.

Each copy says which stream it is of, if its reader may stop it (mailout/unsubscribe.py): a
master's copy under ALL PRESS (unless he stopped it: settings `all_press_off`), an
observer's watched copy, an observer's own copy, a broadcast a player may refuse (SET NO
BROADCAST); press addressed to a player or a master is none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...mailout.unsubscribe import ALL_PRESS, BROADCASTS, OBSERVING, WATCHING
from ...store.models import Game, Participant
from ..game.moderation import masters
from ..game.record import playing
from ..reply.notices import addresses, everyone


@dataclass(frozen=True)
class Reader:
    """One copy of a message: to whom, and where it is mailed."""

    person: Participant
    addresses: tuple[str, ...]
    stream: str = ""  # the kind of mail it is, if its reader may stop it


def readers(
    game: Game,
    addressees: Iterable[Participant],
    sender: Participant | None,
    partial: bool,
    broadcast: bool = False,
) -> list[Reader]:
    """Who gets a copy of a message to `addressees` from `sender`; `partial`: press to some
    of the game (not a broadcast, nor press to the master alone), which the masters and
    the watching observers may read as well, where the game's settings let them;
    `broadcast`: a broadcast its readers may refuse (not a master's)."""
    people = list(addressees)
    streams = {x.id: OBSERVING if x.role == "observer" else BROADCASTS if broadcast else ""
               for x in people}  # fmt: skip
    if partial:
        settings = game.settings or {}
        off = set(settings.get("all_press_off") or [])
        extra = [x for x in masters(game) if x.id not in off] if settings.get("all_press") else []
        streams.update({x.id: ALL_PRESS for x in extra if x.id not in streams})
        if settings.get("watch_all_press"):
            watching = set(settings.get("watchers") or [])
            extra += [x for x in everyone(game) if x.role == "observer" and x.id in watching]
            streams.update({x: WATCHING for x in watching if x not in streams})
        mine = sender.user_id if sender is not None else None
        people += [x for x in extra if x not in people and x.user_id != mine]
    ids, theirs = playing(game)
    out: list[Reader] = []
    sent: set[str] = set()
    for person in people:
        observer = person.role == "observer"
        if observer and person.user_id in ids:
            continue
        to = []
        for address in addresses(person):
            key = address.lower()
            if key not in sent and not (observer and key in theirs):
                sent.add(key)
                to.append(address)
        if to:
            out.append(Reader(person, tuple(to), streams.get(person.id, "")))
    return out

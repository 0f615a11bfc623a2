"""A game's press as one reader was given it: which kept messages reached him and how his
copy read, for the channels that hand a game's press over after the fact (GET name.json,
`judge export`: engine/listings/export.py).

Who read a message is decided again by the one rule every copy is mailed by (`readers`:
its addressees, the masters under ALL PRESS, the watching observers, never a player
through an observer's place), with the same press settings the mail's sending read
(press.py); the copy's header is the one press.py writes (a gunboat game's names the
power, never the player; grey press names nobody, but to a master). A person reads what he
sent. Anyone not in the game reads what the game's history shows an observer: the
broadcasts and the press to observers. Postal press is everyone's once its phase's results
are out (manual 7.4).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from ...reports.press import press_body
from ...store.models import Game, Participant, PressRecord
from .press import Shown, _header, _letter_name, _letters, _who
from .readers import readers


@dataclass(frozen=True)
class Copy:
    """One message as its reader had it."""

    phase: str | None
    at: str  # ISO time it was sent
    body: str  # header and text, as mailed to the reader
    broadcast: bool
    grey: bool
    postal: bool


def copies_for(
    game: Game,
    press: Iterable[PressRecord],
    reader: Participant | None,
    published: Collection[str],
    everything: bool = False,
) -> list[Copy]:
    """The messages of `press` that `reader` (None: someone not in the game) read, oldest
    first; `published`: the phases whose results are out (postal press goes with them).
    `everything`: the judgekeeper's copy (`judge export`), every message as a master's
    copy reads it."""
    people = {x.id: x for x in game.participants}
    out = []
    for record in sorted(press, key=lambda r: (r.created_at, r.id)):
        sender = people.get(record.sender_id)
        if sender is None:
            continue
        if record.postal:
            if record.phase in published:
                out.append(_copy(game, record, sender, reader, everything))
        elif everything or _reads(game, record, sender, reader, people):
            out.append(_copy(game, record, sender, reader, everything))
    return out


def _reads(
    game: Game,
    record: PressRecord,
    sender: Participant,
    reader: Participant | None,
    people: dict[int, Participant],
) -> bool:
    addressees = [people[i] for i in record.recipients or () if i in people]
    if reader is None:  # what HISTORY shows: broadcasts, and press to observers
        return bool(record.broadcast) or any(x.role == "observer" for x in addressees)
    if reader.user_id == sender.user_id:
        return True
    partial = not record.broadcast
    to_master = partial and bool(addressees) and all(x.role == "master" for x in addressees)
    copies = list(addressees)
    if not partial and sender.role != "master":  # SET NO BROADCAST, as press.py
        deaf = set((game.settings or {}).get("no_broadcast") or [])
        copies = [x for x in copies if x.id not in deaf]
    refusable = not partial and sender.role != "master"
    given = readers(game, copies, sender, partial and not to_master, refusable)
    return any(r.person.id == reader.id for r in given)


def _copy(
    game: Game,
    record: PressRecord,
    sender: Participant,
    reader: Participant | None,
    keeper: bool = False,
) -> Copy:
    shown_to = list(record.shown_to or ["*"])
    if record.postal or shown_to == ["*"]:
        shown = Shown(True)
    else:
        letters = _letters(game)
        given = [c for c in shown_to[0] if c in letters or c in "MO"]
        shown = Shown(False, "".join(given), ", ".join(_letter_name(letters, c) for c in given))
    grey = bool(record.grey)
    reveal = grey and (keeper or (reader is not None and reader.role == "master"))
    body = press_body(_header(game, sender, grey, shown), record.text,
                      _who(game, sender) if reveal else None)  # fmt: skip
    return Copy(
        phase=record.phase, at=record.created_at.isoformat(), body=body,
        broadcast=shown.broadcast, grey=grey, postal=bool(record.postal),
    )  # fmt: skip

"""Press and broadcasts (users' manual 7.4; the game's press settings, 8.5).

A message has real recipients (TO list, -list, TO ALL BUT list; everyone for a
BROADCAST, or for a PRESS that only gives FAKE) and the addressees it is shown to (the
FAKE delivery, or the game's PARTIAL FAKES BROADCAST), and is white (the sender named) or
grey. Press to the master alone, and a master's press, are always allowed; press to the
master is never grey nor faked.

Grey and fake press must not betray the sender: the mails carry only the judge's own
headers, go out at a random moment within `press_scatter` seconds (so neither their time
nor their order beside the sender's other mail tells), and HISTORY keeps what observers
were shown. Only a master's copy names the sender of grey press.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta
from functools import cache

from sqlalchemy import func, select

import parser as p
from variants import Variant, province_of

from ...daide.bridge import daide_notes
from ...reports.dpp import dpp_refused, with_reading
from ...reports.frame import game_subject
from ...reports.identities import hides_players
from ...reports.press import press_body, press_header, press_sent, press_subject, sender_named
from ...store.models import Game, HistoryEvent, Participant, PressRecord
from ..game.owing import owed
from ..game.record import players, variant_of
from ..reply.conversation import Conversation
from ..reply.notices import everyone
from .answers import robot_replies
from .dpp import Read, Refused, read_press
from .readers import readers
from .shorthand import shorthand_refusal

_scatter = random.SystemRandom()


@dataclass(frozen=True)
class Shown:
    """The addressees a message names: everyone (a broadcast) or these."""

    broadcast: bool
    letters: str = ""  # power letters, M and O, as the subject shows them
    names: str = ""  # "England, Germany", as the header shows them


def press(ctx: Conversation, cmd: p.Press) -> None:
    what = "BROADCAST" if cmd.broadcast and cmd.to is None else "PRESS"
    game, me = ctx.game, ctx.me
    if game is None or me is None or me.status == "resigned":
        ctx.fail(f"{what}: sign on to a game first.")
        return
    settings = game.settings or {}
    to = cmd.to
    if to is None:
        if not (cmd.broadcast or cmd.fake is not None):
            ctx.fail(
                "PRESS needs a delivery option (TO list, -list, TO ALL BUT list) or FAKE: "
                "no message was sent."
            )
            return
        to = p.Delivery(kind="all")
    problem = _unknown_letters(game, to, cmd.fake)
    if problem:
        ctx.fail(f"{what}: {problem}  No message was sent.")
        return
    real = [x for x in _people(game, to) if x.user_id != me.user_id]  # (duplex: all his)
    robots = _robots_addressed(game, to, me)
    if not real and not robots:
        ctx.fail(f"{what}: nobody in game '{game.name}' would receive it.  No message was sent.")
        return
    # Press to the master is private whoever else is in the game (before the start, the
    # master may be the only one): never a broadcast, never in the history.
    to_master = to.kind != "all" and all(x.role == "master" for x in real)
    everyone_else = [x for x in everyone(game) if x.user_id != me.user_id]
    partial = to_master or len(real) < len(everyone_else)
    is_master = me.role == "master"
    grey = (cmd.color or _default_color(settings)) == "grey"
    fake = cmd.fake
    if to_master:
        if fake is not None:
            ctx.fail(f"{what}: press to the Master is never faked.  No message was sent.")
            return
        grey = False
    elif not is_master:
        refusal = (
            _refusal(game, me, cmd, partial)
            or _out_of_touch(ctx, game, me, real, partial)
            or shorthand_refusal(game, me, cmd.text)
        )
        if refusal:
            ctx.fail(f"{what}: {refusal}  No message was sent.")
            return
        if me.role == "observer" and settings.get("observer") == "white":
            grey = False
        fakes_broadcast = settings.get("fake", "none") in ("broadcast", "broadcast_default")
        if fake is None and not cmd.no_fake and partial and fakes_broadcast:
            fake = p.Delivery(kind="all")
    shown = _shown(game, fake if fake is not None else to, me)
    text = raw = cmd.text.rstrip("\n")
    dpp = read_press(game, text, None if grey else _role(game, me))
    if isinstance(dpp, Refused):
        ctx.fail(dpp_refused(what, dpp.marked, dpp.reason))
        return
    if isinstance(dpp, Read):
        text = with_reading(text, dpp.reading)
    header = _header(game, me, grey, shown)
    subject = _subject(game, me, grey, shown)
    scatter = grey or fake is not None
    not_before = (
        ctx.now + timedelta(seconds=_scatter.uniform(0, ctx.settings.press_scatter))
        if scatter
        else None
    )
    copies = list(real)
    if not partial and is_master:  # the master's own broadcast comes back to him too, a
        copies.append(me)  # record of what went out (as on the njudge)
    if not partial and not is_master:  # SET NO BROADCAST: those who asked not to get them
        deaf = set(settings.get("no_broadcast") or [])
        copies = [x for x in copies if x.id not in deaf]
    refusable = not partial and not is_master  # a broadcast SET NO BROADCAST refuses
    for reader in readers(game, copies, me, partial and not to_master, refusable):
        reveal = grey and reader.person.role == "master"
        body = press_body(header, text, _who(game, me) if reveal else None)
        for address in reader.addresses:
            ctx.send(
                address, game_subject(ctx.settings, game, subject), body, game.id,
                not_before=not_before, stream=reader.stream,
            )  # fmt: skip
    ctx.session.add(
        PressRecord(
            game_id=game.id, sender_id=me.id, recipients=[x.id for x in real],
            shown_to=[shown.letters] if not shown.broadcast else ["*"], grey=grey,
            postal=False, text=raw, created_at=ctx.now, phase=game.phase,
            broadcast=not partial,
        )
    )  # fmt: skip
    if any(x.role == "observer" for x in real) or not partial:
        # What observers read is the game's history (manual 7.4): as they were shown it.
        ctx.session.add(
            HistoryEvent(
                game_id=game.id, at=ctx.now, kind="press", phase=game.phase,
                subject=subject, body=press_body(header, text),
            )
        )  # fmt: skip
    ctx.say(press_sent(_names(game, real) if partial else None, header, text))
    for note in daide_notes(game, robots, dpp.message if isinstance(dpp, Read) else None):
        ctx.say(note)
    if isinstance(dpp, Read) and robots and not grey and me.role == "player" and me.power:
        robot_replies(ctx, game, me, robots, dpp.message)


def _robots_addressed(game: Game, to: p.Delivery, me: Participant) -> list[str]:
    """The robot powers (game.settings["robots"]) the press goes to, but the sender's."""
    robots = (game.settings or {}).get("robots") or {}
    if not robots:
        return []
    letters = _letters(game)
    chosen = {c for c in to.powers.upper()}
    if to.kind == "all":
        hit = set(letters)
    elif to.kind == "only":
        hit = chosen
    else:
        hit = set(letters) - chosen
    return [
        letters[c] for c in letters if c in hit and letters[c] in robots and letters[c] != me.power
    ]


# -- who receives it ---------------------------------------------------------------------------


def _letters(game: Game) -> dict[str, str]:
    return {x.letter.upper(): x.name for x in variant_of(game).powers}


def _unknown_letters(game: Game, *deliveries: p.Delivery | None) -> str:
    known = {*_letters(game), "M", "O"}
    for delivery in deliveries:
        if delivery is None:
            continue
        for c in delivery.powers.upper():
            if c not in known:
                return f"'{c}' is not a power of game '{game.name}' (nor M or O)."
    return ""


def _people(game: Game, to: p.Delivery) -> list[Participant]:
    chosen = {c for c in to.powers.upper()}
    here = everyone(game)
    if to.kind == "all":
        return here
    hit = [x for x in here if _letter_of(game, x) in chosen]
    if to.kind == "only":
        return hit
    return [x for x in here if x not in hit]


def _letter_of(game: Game, x: Participant) -> str:
    if x.role == "master":
        return "M"
    if x.role == "player" and not x.power:  # before the start: his sign-on number
        return f"#{_number(game, x)}"
    if x.role == "observer" or not x.power:
        return "O"
    return next((k for k, v in _letters(game).items() if v == x.power), "O")


def _names(game: Game, people: list[Participant]) -> str:
    letters = _letters(game)
    order = [*letters, "M", "O"]
    have = sorted({_letter_of(game, x) for x in people}, key=order.index)
    return ", ".join(_letter_name(letters, c) for c in have)


def _letter_name(letters: dict[str, str], c: str) -> str:
    return {"M": "Master", "O": "Observers"}.get(c) or letters[c]


def _shown(game: Game, delivery: p.Delivery, me: Participant) -> Shown:
    letters = _letters(game)
    if delivery.kind == "all":
        return Shown(True)
    given = list(dict.fromkeys(delivery.powers.upper()))
    if delivery.kind == "all_but":
        given = [c for c in letters if c not in given]
    return Shown(False, "".join(given), ", ".join(_letter_name(letters, c) for c in given))


# -- what is allowed -------------------------------------------------------------------------


def _default_color(settings: dict) -> str:
    return "grey" if settings.get("press", "white") in ("grey", "grey/white") else "white"


def _refusal(game: Game, me: Participant, cmd: p.Press, partial: bool) -> str:
    """Why this press may not be sent (8.5), or ''."""
    settings = game.settings or {}
    name = game.name
    mode = settings.get("press", "white")
    if game.status == "forming":
        return f"game '{name}' has not started: press goes to the Master only (PRESS TO M)."
    if mode == "none":
        return f"game '{name}' allows no press, except to and from the Master."
    if me.role == "observer":
        if settings.get("observer") == "no":
            return f"observers of game '{name}' may send press only to the Master."
        if settings.get("observer") == "white" and cmd.color == "grey":
            return f"observers of game '{name}' may not send grey press."
    if cmd.color == "grey" and mode == "white":
        return f"game '{name}' allows no grey press."
    if cmd.color == "white" and mode == "grey" and me.role != "observer":
        return f"game '{name}' allows only grey press."
    if partial and settings.get("partial", True) is False:
        return f"game '{name}' allows no partial press: broadcast, or write to the Master."
    fake = settings.get("fake", "none")
    if cmd.fake is not None and fake == "none":
        return f"game '{name}' allows no fake press."
    if fake == "broadcast" and (cmd.no_fake or (cmd.fake is not None and cmd.fake.kind != "all")):
        return f"in game '{name}' all press is shown as a broadcast."
    phase = game.phase or ""
    if settings.get("minor_press", True) is False and phase[-1:] in ("R", "B"):
        return f"game '{name}' allows no press in retreat and adjustment phases."
    if settings.get("late_press", True) is False and me.status == "late":
        return f"game '{name}' allows no press from a late power, except to the Master."
    if (
        settings.get("must_order")
        and me.power
        and me in players(game)
        and owed(game, me.power)
        and me.orders_status != "complete"
    ):
        return f"in game '{name}' you must give your orders before you send press."
    if not cmd.text.strip() and not settings.get("blank_press"):
        return f"game '{name}' allows no blank press."
    return ""


def _out_of_touch(
    ctx: Conversation, game: Game, me: Participant, real: list[Participant], partial: bool
) -> str:
    """SET TOUCH PRESS (manual 9.1): partial press only to the powers one touches (and the
    Master), none to observers, and one broadcast a turn. Why not, or ''."""
    if not (game.settings or {}).get("touch_press"):
        return ""
    name = game.name
    if not partial:
        if me.role != "player":
            return ""
        sent = ctx.session.scalar(
            select(func.count(PressRecord.id)).where(
                PressRecord.game_id == game.id,
                PressRecord.sender_id == me.id,
                PressRecord.phase == game.phase,
                PressRecord.broadcast.is_(True),
            )
        )
        if sent:
            return f"game '{name}' is set TOUCH PRESS: one broadcast a turn, and you have sent it."
        return ""
    if any(x.role == "observer" for x in real):
        return f"game '{name}' is set TOUCH PRESS: no press to observers."
    units = (game.position or {}).get("units") or {}
    mine = units.get(me.power or "", []) if me.role == "player" else []
    far = sorted(
        {x.power for x in real if x.role == "player" and x.power}
        - set(touching(variant_of(game), mine, units))
    )
    if far:
        return (
            f"game '{name}' is set TOUCH PRESS: partial press goes only to the powers your "
            f"units touch (and the Master), not to {', '.join(far)}."
        )
    return ""


def touching(variant: Variant, mine: list[str], units: dict[str, list[str]]) -> list[str]:
    """The powers with a unit one move (a wing's: over any border, land or sea) from one of
    `mine` (units as the position writes them, `F stp/sc`)."""
    near = set()
    for unit in mine:
        near |= _neighbours(variant, province_of(unit.split()[1]))
    return [
        power
        for power, theirs in units.items()
        if any(province_of(u.split()[1]) in near for u in theirs)
    ]


@cache
def _neighbours(variant: Variant, province: str) -> frozenset[str]:
    out = set(variant.army_moves.get(province, ()))
    out |= variant.wing_moves.get(province, frozenset())
    for location, ends in variant.fleet_moves.items():
        if province_of(location) == province:
            out |= {province_of(end) for end in ends}
    return frozenset(out - {province})


# -- how it reads ---------------------------------------------------------------------------------


def _role(game: Game, me: Participant) -> str:
    if me.role == "master":
        return "Master"
    if me.role == "player" and not me.power:
        return f"Player #{_number(game, me)}"
    return me.power if me.role == "player" and me.power else "Observer"


def _number(game: Game, x: Participant) -> int:
    """A player's place in the order of signing on, as the sign-on notices counted it."""
    ordered = sorted(players(game), key=lambda y: (y.joined_at, y.id))
    return next((i for i, y in enumerate(ordered, 1) if y is x), len(ordered) + 1)


def _who(game: Game, me: Participant) -> str:
    return sender_named(me.user.email, _role(game, me))


def _header(game: Game, me: Participant, grey: bool, shown: Shown) -> str:
    """Grey press names nobody; a gunboat game names the power, never the player."""
    anonymous = hides_players(game) and me.role != "master"
    sender = None if grey else _role(game, me) if anonymous else _who(game, me)
    return press_header(game.name, sender, None if shown.broadcast else shown.names)


def _subject(game: Game, me: Participant, grey: bool, shown: Shown) -> str:
    sender = None if grey else _letter_of(game, me)
    return press_subject(sender, None if shown.broadcast else shown.letters)

"""Who is in a game: the player lines of a full listing (each one's label, whether his orders
are due or late, his counts, lateness, dedication and address) and WHOGAME's registration
blocks. Quiet, secret, gunboat and blind games hide here what the manual says they hide
from all but their master."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime

import variants

from ...store.models import Game, Participant, User
from ..bounces import marked_address
from ..counts import agreeing, counted
from ..identities import sees_players
from ..robots import place_holder
from .record import SOMEONE, address, blind, counts, is_master, label, on

# The registration fields WHOGAME shows under each address, when given.
_WHO_FIELDS = ("name", "country", "level", "site", "timezone", "program")


def player_lines(
    game: Game,
    variant: variants.Variant | None,
    people: Sequence[Participant],
    viewer: Participant | None,
    owing: Collection[str],
    centres_counted: bool,
    now: datetime,
    unreachable: Collection[int] = (),
) -> str:
    """`The following players are signed up ...` and a line for each of `people` (masters,
    powers, observers), as `viewer` may see them. `owing`: the powers with orders to give in
    this phase; `centres_counted`: the centres have been counted once, so the counts show;
    `unreachable`: the people whose address is marked undeliverable, shown to a master."""
    if not people:
        return ""
    master = is_master(viewer)
    secret = on(game, "secret", False) and game.status == "forming" and not master
    quiet = on(game, "quiet", False)
    hidden = blind(game)
    anonymous = not sees_players(game, viewer)
    width = max([10, *(len(x.name) for x in variant.powers)]) if variant else 10
    lines = [f"The following players are signed up for game '{game.name}':"]
    late = abandoned = 0
    for x in people:
        mine = viewer is not None and x.id == viewer.id
        if secret and x.role != "master" and not mine:
            continue
        word = _status_word(game, x, owing, now)
        if x.role == "player" and word in ("late", "part"):
            late += 1
        if x.role == "player" and word in ("CD", "abandon"):
            abandoned += 1
        if quiet and not master and not mine and word != "move":
            word = ""
        if hidden and not master and not mine and word in ("move", "late", "part"):
            word = ""
        shown = "     "
        if x.role == "player" and x.power and not hidden and centres_counted:
            units, centers = counts(game.position or {}, x.power)
            if units or centers:
                shown = f"{units:2d}/{centers}" + (" " if centers < 10 else "")
        lates = "   "
        if on(game, "late_count", False) and x.role == "player" and (not quiet or master or mine):
            lates = f" {x.late_count:2d} "
        ded = "    " if anonymous or x.role == "observer" else f"{x.user.dedication:4d}"
        where = address(x)
        if anonymous and x.role != "master" and not mine:
            where = SOMEONE
        elif master and x.id in unreachable:
            where = marked_address(where)
        lines.append(f"   {label(x):<{width}} {word:<7}{shown}{lates} {ded} {where}")
    if secret:
        lines.append("\n  Other players kept secret.")
    if quiet and (late or abandoned):
        lines.append("")
        if late:
            lines.append(f"{counted(late, 'power')} {agreeing(late, 'is', 'are')} late.")
        if abandoned:
            lines.append(
                f"{counted(abandoned, 'power')} {agreeing(abandoned, 'is', 'are')} abandoned."
            )
    return "\n".join(lines)


def _status_word(game: Game, x: Participant, owing: Collection[str], now: datetime) -> str:
    """move, late, part, CD or abandon: `move` means orders are due, not that they came."""
    if x.role != "player" or not x.power or game.status != "active":
        return ""
    if x.status == "cd":
        return "CD"
    if x.status == "abandoned":
        return "abandon"
    if x.power not in owing:
        return ""
    past = game.deadline is not None and now > game.deadline
    if (past or x.status == "late") and x.orders_status != "complete":
        return "part" if x.orders_status in ("partial", "errors") else "late"
    return "move"


def registrations(
    game: Game, people: Sequence[Participant], unreachable: Collection[int] = ()
) -> str:
    """WHOGAME: each of `people` by label and address, with the registration he gave;
    `unreachable` (for a master): those whose address is marked undeliverable."""
    if not people:
        return f"Nobody has signed up for game '{game.name}' yet."
    blocks = [f"The people in game '{game.name}':"]
    for x in people:
        holder = place_holder(game.settings, x.power, x.status, x.user.email)
        shown = marked_address(holder) if x.id in unreachable else holder
        lines = [f"{label(x) + ':':<11}{shown}"]
        if holder == x.user.email:  # a person; a robot's name says all there is of it
            lines.extend(_registration(x.user))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _registration(user: User) -> list[str]:
    """`Name:      Ann Example` and the other fields of a registration that are given."""
    form = user.registration or {}
    values = ((field, form.get(field) or getattr(user, field, "")) for field in _WHO_FIELDS)
    return [f"{field.capitalize() + ':':<11}{value}" for field, value in values if value]

"""The play room's commands (users' manual 6): a mail's order lines for the current phase,
PHASE for later ones with IF conditions, CLEAR and SET WAIT; and the vocabulary the
parser is given to read them. Each is answered in the reply and, once the reply is
written, the orders flags are refreshed and the phase processed if everyone is in.

The adjudicator is the one judge of what an order means: each reply lists a player's
orders as a trial adjudication reads them, so a player sees exactly how the judge took them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

import parser as p
import variants
from adjudicator.given import explained
from adjudicator.phase import Phase
from parser.values_money import MONEY_ORDERS, BuildSpecial
from variants.model import province_of

from ...reports.counts import counted
from ...store.models import Game, OrderRecord, Participant
from ..game.owing import owed
from ..game.record import places_of, players, power_called, variant_of
from ..reply.conversation import Conversation
from . import order_book, proxy
from .blind import is_blind, units_seen
from .future import (
    WAIT_WORDS,
    clear_future,
    clear_phase,
    condition_holds,
    flatten_block,
    named_phase,
    order_key,
    spoken,
)
from .processing import schedule
from .standing import put_away_errors, refresh

# -- reading a mail's orders --------------------------------------------------------------------


def vocabulary_for(session: Session) -> Callable[[p.Command], p.Vocabulary | None]:
    """For the parser: the names of the game a mail signs on to, and its phase's kind."""

    def look_up(command: p.Command) -> p.Vocabulary | None:
        name = getattr(command, "game", None)
        variant_name = getattr(command, "variant", None)
        phase = None
        if name:
            found = session.execute(_VARIANT_AND_PHASE, {"name": name.lower()}).first()
            if found is not None:
                variant_name, phase = found
        return _vocabulary((variant_name or "standard").lower(), (phase or "")[-1:])

    return look_up


_VARIANT_AND_PHASE = select(Game.variant, Game.phase).where(Game.name == bindparam("name"))


@lru_cache(maxsize=512)
def _vocabulary(variant_name: str, season: str) -> p.Vocabulary | None:
    """A variant's vocabulary for a kind of phase: made once in a process (variants do
    not change while it runs)."""
    try:
        variant = variants.load(variant_name)
    except Exception:
        return None
    titles = {abbr: province.name for abbr, province in variant.provinces.items()}
    kind = order_book.KINDS.get(season)
    return p.Vocabulary(variant.names, power_names(variant), kind, titles, variant.dialect)


def power_names(variant: variants.Variant) -> dict[str, str]:
    return {k: x.name for x in variant.powers for k in (x.name.lower(), x.adjective.lower())}


def _playing(ctx: Conversation, what: str) -> tuple[Game, Participant] | None:
    """The game and power this mail signed on as, if they may give orders now."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"{what}: sign on to a game first.")
        return None
    if me.role != "player" or not me.power:
        if game.status == "forming":
            ctx.fail(f"{what}: game '{game.name}' has not started yet.")
        else:
            ctx.fail(f"{what}: only a player with a power gives orders.")
        return None
    if game.status != "active":
        ctx.fail(f"{what}: game '{game.name}' is {game.status}.")
        return None
    return game, me


# -- orders for the current phase ---------------------------------------------------------------


def order_line(ctx: Conversation, cmd: p.OrderLine) -> None:
    if ctx.me is not None and ctx.me.role == "master" and ctx.game is not None:
        _master_orders(ctx, ctx.game, cmd)
        return
    playing = _playing(ctx, "Orders")
    if playing is None:
        return
    game, me = playing
    _new_mail_of_orders(ctx, game, me.power or "")
    # A duplex player's order goes to whichever of his powers owns the unit it names.
    places = {x.power: x for x in places_of(game, me) if x.power}
    for entry in _joined(cmd.orders):
        named = getattr(entry.order, "power", None) if isinstance(entry.order, p.Waive) else None
        if named is not None:  # `waive France`: one of his powers, by any of its names
            power = power_called(variant_of(game), named)
            if power not in places:
                ctx.fail(f"{entry.text}: you do not play {named.capitalize()} in game "
                         f"'{game.name}'.")  # fmt: skip
                continue
            place = places[power]
        else:
            place = places.get(_owner(game, entry.order) or "", me) if len(places) > 1 else me
        _new_mail_of_orders(ctx, game, place.power or "")
        text = _proxy_or_text(ctx, game, place, entry)
        if text:
            _store(ctx, game, place, game.phase or "", [text], None)
    _settle_at_end(ctx, game)


def _joined(entries: tuple[p.OrderEntry, ...]) -> list[p.OrderEntry]:
    """The order reader cuts `A par P Germany` in two (`A par`, `p germany`), as it cuts
    orders run together; a unit alone followed by a proxy word is put back together."""
    out: list[p.OrderEntry] = []
    for entry in entries:
        last = out[-1] if out else None
        if (
            last is not None
            and isinstance(last.order, p.Bare)
            and entry.order is None
            and proxy.starts_proxy(entry.text)
        ):
            out[-1] = p.OrderEntry(text=f"{last.text} {entry.text}")
            continue
        out.append(entry)
    return out


def _proxy_or_text(
    ctx: Conversation, game: Game, me: Participant, entry: p.OrderEntry
) -> str | None:
    """The text to keep for an order: a proxy in its kept form, the order as written, or
    None (refused, with the reason said)."""
    if entry.order is None:
        blind_giver = me.power if is_blind(game) else None
        read = proxy.read(game, variant_of(game), entry.text, blind_giver)
        if isinstance(read, str):
            ctx.fail(read)
            return None
        if read is not None:
            if read.owner != me.power:
                ctx.fail(proxy.not_owned(entry.text, me.power or ""))
                return None
            ctx.say(f"Proxy: {read.unit} of {read.owner} is ordered by {read.holder} this phase.")
            return proxy.kept_text(read)
    return entry.text if _plausible(ctx, game, entry) else None


def _plausible(ctx: Conversation, game: Game, entry: p.OrderEntry) -> bool:
    """SET STRICT CONVOY (manual 8.3): a convoy whose army starts or ends where no sea
    touches it cannot succeed, and is refused (the order is not kept)."""
    order = entry.order
    if not (game.settings or {}).get("strict_convoy") or not isinstance(order, p.Convoy):
        return True
    variant = variant_of(game)
    for place in (str(order.convoyed.location), str(order.destination)):
        if not _by_the_sea(variant, province_of(place.lower())):
            ctx.fail(
                f"{entry.text}: game '{game.name}' is set STRICT CONVOY, and no sea touches "
                f"{place}: the convoy cannot succeed."
            )
            return False
    return True


def _by_the_sea(variant: variants.Variant, province: str) -> bool:
    return any(
        variant.provinces[province_of(dest)].kind == "sea"
        for here, dests in variant.fleet_moves.items()
        if province_of(here) == province
        for dest in dests
    )


def _master_orders(ctx: Conversation, game: Game, cmd: p.OrderLine) -> None:
    """A master may order any unit without BECOME (manual 8.2): each order goes to the
    power whose unit (or, for a build, whose home centre) it names."""
    if game.status != "active" or not game.phase:
        ctx.fail(f"Orders: game '{game.name}' has no phase under way.")
        return
    holders = {x.power: x for x in players(game) if x.power}
    for entry in cmd.orders:
        power = _owner(game, entry.order)
        if power is None or power not in holders:
            ctx.fail(
                f"Orders: no power of game '{game.name}' can be given '{entry.text}'; "
                "name the power with BECOME."
            )
            continue
        _new_mail_of_orders(ctx, game, power)
        _store(ctx, game, holders[power], game.phase, [entry.text], None)
        ctx.say(f"Order for {power}: {entry.text}")
    _settle_at_end(ctx, game)


def _owner(game: Game, order: object) -> str | None:
    return owner_on(game.position or {}, game.phase or "", order)


def owner_on(position: dict[str, Any], phase: str, order: object) -> str | None:
    """The power an order is for on a board (`position`, in the phase `phase`): whose unit
    it names, or in an adjustment phase whose centre a build names; None if nobody's."""
    if isinstance(order, MONEY_ORDERS) and not isinstance(order, BuildSpecial):
        return None  # a Machiavelli money line is its giver's, whatever unit it names
    unit = getattr(order, "unit", None)
    if unit is None:
        return None
    province = province_of(str(unit.location).lower())
    if phase.endswith("R"):
        for d in position.get("dislodged") or []:
            if province_of(d["unit"].split()[1]) == province:
                return d["power"]
        return None
    for power, units in (position.get("units") or {}).items():
        if any(province_of(u.split()[1]) == province for u in units):
            return power
    if phase.endswith("B"):
        for power, centers in (position.get("centers") or {}).items():
            if province in centers:
                return power
    return None


def _new_mail_of_orders(ctx: Conversation, game: Game, power: str) -> None:
    """The first orders of a mail for a power put away its impossible orders that no
    order could replace (order_book): the player was told of them in the last reply."""
    if f"orders:{power}" in ctx.once:
        return
    ctx.once.add(f"orders:{power}")
    put_away_errors(ctx.session, game, power, orphans_only=True)


def _store(
    ctx: Conversation,
    game: Game,
    me: Participant,
    phase: str,
    texts: list[str],
    condition: dict[str, Any] | None,
) -> None:
    """Keep the orders. One for the phase under way replaces the power's earlier order
    for its unit: the power's standing rows are read once for the mail's order lines
    (ctx.order_books) and the new rows written together, at the next statement or the
    commit; an order for later, or conditional, is written at once."""
    variant = variant_of(game)
    power = me.power or ""
    for text in texts:
        record = OrderRecord(
            game_id=game.id,
            participant_id=me.id,
            power=me.power,
            phase=phase,
            text=text,
            condition=condition,
            created_at=ctx.now,
            inbound_id=ctx.inbound_id,
        )
        if phase == game.phase and condition is None:
            key = (game.id, power, phase)
            book = ctx.order_books.get(key)
            if book is None:
                book = ctx.order_books[key] = order_book.standing_rows(
                    ctx.session, game, power, phase
                )
            order_book.replace_earlier(ctx.session, variant, game, power, phase, text, book)
            ctx.session.add(record)
            book.append(record)
        else:
            ctx.session.add(record)
            ctx.session.flush()


def _settle_at_end(ctx: Conversation, game: Game) -> None:
    """Once the reply is written: the flags from the orders as they now stand, and the
    phase played if everyone is in."""

    def settle() -> None:
        if game.status == "active" and game.phase:
            if f"refreshed:{game.id}" not in ctx.once:  # the reply's tail did it already
                refresh(ctx.session, game)
            schedule(ctx, game)

    ctx.after_reply("schedule", settle)


# -- CLEAR, SET WAIT, PHASE ---------------------------------------------------------------------


def clear(ctx: Conversation, cmd: p.Clear) -> None:
    playing = _playing(ctx, "CLEAR")
    if playing is None:
        return
    game, me = playing
    dropped = clear_future(ctx.session, game, me)
    if dropped:
        ctx.say(f"Pending orders for {me.power} cleared: {counted(dropped, 'order')}.")
    else:
        ctx.say(f"{me.power} has no pending orders to clear.")
    _settle_at_end(ctx, game)


def set_wait(ctx: Conversation, cmd: p.SetWait) -> None:
    playing = _playing(ctx, "SET WAIT")
    if playing is None:
        return
    game, me = playing
    strict = bool((game.settings or {}).get("strict_wait"))
    if cmd.on and strict and not (me.power and owed(game, me.power)):
        ctx.fail(
            f"SET WAIT: game '{game.name}' is set STRICT WAIT: only a power with orders due "
            "this phase may wait."
        )
        return
    me.wait = cmd.on
    ctx.say("Wait status set." if cmd.on else "Wait status cleared.")
    _settle_at_end(ctx, game)


def phased(ctx: Conversation, cmd: p.PhasedOrders) -> None:
    """PHASE season year phase: the orders and IFs after it are for that phase."""
    playing = _playing(ctx, "PHASE")
    if playing is None:
        return
    game, me = playing
    variant = variant_of(game)
    wanted = named_phase(ctx, game, cmd.phase, "PHASE")
    if wanted is None:
        return
    code = str(wanted)
    if order_key(wanted, variant) < order_key(Phase.parse(game.phase or "", variant), variant):
        ctx.fail(f"PHASE {spoken(cmd.phase)}: that phase is over; the game is in {game.phase}.")
        return
    current = code == game.phase
    if current:
        _new_mail_of_orders(ctx, game, me.power or "")
    elif cmd.items == ():
        clear_phase(ctx.session, game, me.power or "", code)  # PHASE alone: nothing for it yet
    refuse = lambda entry: _unreadable(ctx, game, wanted, entry)  # noqa: E731
    for texts, condition, wait in flatten_block(cmd.items, refuse=refuse):
        if wait is not None:
            if current and condition is None:
                me.wait = wait
            elif not current:  # carried to its phase (manual 6.3)
                _store(ctx, game, me, code, [WAIT_WORDS[wait]], condition)
            continue
        if current and condition is not None:
            board = units_seen(game, me.power or "", game.position.get("units", {}))
            if not condition_holds(condition, board):
                continue
            condition = None
        _store(ctx, game, me, code, texts, condition)
    _settle_at_end(ctx, game)


def _unreadable(ctx: Conversation, game: Game, phase: Phase, entry: p.OrderEntry) -> None:
    """An order for a later phase that cannot be read at all could never count: it is
    answered now, with the provinces a misspelt name may have meant, and not kept (the
    manual's "some syntax checking will be done" at once, 6.3)."""
    variant = variant_of(game)
    message = entry.error or ""
    try:
        reader = p.OrderParser.for_names(variant.names, variant.dialect)
        reader.parse(entry.text, order_book.KINDS[phase.letter])
    except p.OrderSyntaxError as exc:
        message = explained(exc, variant)
    ctx.fail(f"{entry.text}\n{message}")

"""PREDICT as a sandbox (issue 35, item 7): a player (or a master) tries orders for any
units on the board as he sees it, and the real adjudicator answers what would happen.
Nothing is kept: no order row, no flag, no mail to anyone else.

What the asker may learn is what he could learn anyway. A player's trial starts from his
own orders standing for the phase (his places, in a duplex game), never another power's:
the others' units do only what the sandbox tells them (a unit without an order holds, as
the adjudicator has it). In a blind game the board is his copy's (reports/blind.py's
`known_position`, the cut a robot playing his power reads), so units he does not see are
not there to order or to bounce against, and the answer is cut as his results are
(`blind_report`). A master's trial starts from every power's orders, on the whole board,
as a master's PREDICT without orders always did.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import parser as p
from adjudicator import adjudicate

from ...reports import master as texts
from ...reports.blind import blind_report, known_position
from ...reports.play.ownership import Sight
from ...store.models import Game, Participant
from ..game.machiavelli import is_machiavelli
from ..game.record import places_of, power_called, variant_of
from ..reply.conversation import Conversation
from .blind import all_centers, is_blind
from .order_book import phase_kind, unit_key
from .orders import owner_on
from .processing import phase_report
from .standing import orders_of, phase_document


def may_try(ctx: Conversation) -> tuple[Game, Participant] | None:
    """The game and the asker, if he may use the sandbox: a master, or a player holding a
    power, while a phase is under way."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail("PREDICT: sign on to a game first.")
        return None
    master = me.role == "master" and me.status != "resigned"
    player = me.role == "player" and bool(me.power) and me.status != "resigned"
    if not (master or player):
        ctx.fail(f"PREDICT: only a player or a master of game '{game.name}' may do that.")
        return None
    if game.status not in ("active", "paused") or not game.phase:
        ctx.fail(f"PREDICT: game '{game.name}' has no phase under way.")
        return None
    if is_machiavelli(game):
        ctx.fail(f"PREDICT: the sandbox is not carried out for Machiavelli games yet "
                 f"(game '{game.name}').")  # fmt: skip
        return None
    return game, me


def predict(ctx: Conversation, cmd: p.Predict) -> None:
    """The sandbox's answer: the phase adjudicated with the asker's standing orders (a
    master's: everyone's) and the sandbox's orders in their place where they name the
    same unit, on the board as he sees it."""
    allowed = may_try(ctx)
    if allowed is None:
        return
    game, me = allowed
    variant = variant_of(game)
    phase = game.phase or ""
    master = me.role == "master"
    mine = {x.power for x in places_of(game, me) if x.power}
    # A blind game's player sees his own units: in a duplex game, those of all his places.
    seen = None if master or not is_blind(game) else Sight(mine, all_centers(game))
    board = known_position(variant, game.position or {}, seen)
    standing = orders_of(ctx.session, game, phase)
    if not master:
        standing = {k: v for k, v in standing.items() if k in mine}
    tried = _tried(ctx, game, me, board, [e for line in cmd.orders for e in line.orders])
    orders = _merged(variant, phase, standing, tried)
    doc = phase_document(game, orders)
    doc.update(units=board.get("units", {}), centers=board.get("centers", {}))
    if phase.endswith("R"):
        doc["dislodged"] = board.get("dislodged", [])
    out = adjudicate(doc)
    if seen is None:
        report = phase_report(game, doc, out)
    else:
        report = blind_report(variant, game.name, game.turn, doc, out, seen)
    given = [(power, text) for power, texts_ in tried.items() for text in texts_]
    ctx.say(texts.sandbox(phase, given, master, report))


def _tried(
    ctx: Conversation,
    game: Game,
    me: Participant,
    board: dict[str, Any],
    entries: list[p.OrderEntry],
) -> dict[str, list[str]]:
    """The sandbox's orders by the power whose unit (or centre, for a build) each names on
    the board as the asker sees it; one that names none is refused, and said so."""
    phase = game.phase or ""
    out: dict[str, list[str]] = defaultdict(list)
    for entry in entries:
        order = entry.order
        if order is None:
            why = f": {entry.error}" if entry.error else ""
            ctx.fail(f"PREDICT: cannot read '{entry.text}'{why}.")
            continue
        if isinstance(order, p.Waive):
            named = getattr(order, "power", None)
            power = power_called(variant_of(game), named) if named else me.power
        else:
            power = owner_on(board, phase, order)
        if power is None:
            ctx.fail(f"PREDICT: no unit on the board as you see it can be given '{entry.text}'.")
            continue
        out[power].append(entry.text)
    return dict(out)


def _merged(
    variant: Any, phase: str, standing: dict[str, list[str]], tried: dict[str, list[str]]
) -> dict[str, list[str]]:
    """The standing orders, each one replaced by a sandbox order for the same unit."""
    kind = phase_kind(phase)
    merged = {power: list(texts_) for power, texts_ in standing.items()}
    for power, texts_ in tried.items():
        keys = {unit_key(variant, kind, t) for t in texts_} - {None}
        kept = [t for t in merged.get(power, []) if unit_key(variant, kind, t) not in keys]
        merged[power] = kept + texts_
    return merged

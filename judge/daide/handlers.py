"""The server's side of the message syntax: the answer to each message a bot sends to its
game's table (room.py), by its first token (`HANDLERS`)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from ..store.db import StoreBusy
from . import play
from . import press as daide_press
from .connection import Client
from .messages import BracketError, Message, bracket, huh, message, parse
from .orders import KIND_ORDERS, unit_message
from .room import Room, phase_of
from .tokens import CLOSE, OPEN, T, number, to_text

log = logging.getLogger("judge.daide")

# Wrong IAM passcodes from one host, in IAM_WINDOW seconds, after which its IAMs are refused
# until the window has passed: a passcode is one of 8191 numbers.
IAM_FAILURES = 5
IAM_WINDOW = 600.0
BUSY_PAUSES = (0.1, 1.0, 5.0)  # seconds before each new try of a SUB the database refused


async def handle(room: Room, client: Client, tokens: list[int]) -> None:
    """One message from a client, answered by its handler (HUH for a message it has not)."""
    if log.isEnabledFor(logging.DEBUG):
        log.debug("DAIDE from %s: %s", client.power or "?", to_text(tokens)[:200])
    try:
        msg = parse(tokens)
    except BracketError:
        client.send([T("PRN"), OPEN, *tokens, CLOSE])
        return
    head = msg.head()
    if client.power and _bare_order(room, msg):
        # The AiClient's replacement for an order THX refused (base_bot.cpp,
        # process_thx_message) comes without its SUB: taken as one, or the unit goes
        # without an order and the phase waits for the deadline.
        msg = message(T("SUB"), bracket(*msg.items))
        tokens, head = msg.flat(), T("SUB")
    handler = HANDLERS.get(head) if head is not None else None
    if handler is None:
        client.send(huh(tokens, 0))
        return
    await handler(room, client, msg, tokens)


def _bare_order(room: Room, msg: Message) -> bool:
    """An order sent as a message of its own: `(unit) HLD` and the like, or `POW WVE`."""
    first = msg.items[0] if msg.items else None
    if len(msg) == 2 and msg[1] == T("WVE"):
        return isinstance(first, int) and first in room.board.power_of_token
    verbs = set().union(*KIND_ORDERS.values())
    return isinstance(first, Message) and len(first) == 3 and len(msg) >= 2 and msg[1] in verbs


async def nme(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    async with room.seating:
        await _nme(room, client, msg)


async def _nme(room: Room, client: Client, msg: Message) -> None:
    v = await room.refresh()
    name = msg[1].text() if len(msg) > 2 and isinstance(msg[1], Message) else None
    version = msg[2].text() if len(msg) > 2 and isinstance(msg[2], Message) else None
    if name is None or version is None or client.power or client.observer:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    asked = None
    if ":" in name:  # DumbBot's -rPOW:code gives its name as 'POW:name'
        token, _, rest = name.partition(":")
        asked = next((p for p, n in room.board.power_names.items() if n == token.upper()), None)
        name = rest or name
    connected = {c.power for c in room.clients if c.power}
    free = [p for p in v.passcodes if p in v.seats and p not in set(v.bots) | connected]
    if asked is not None:
        free = [p for p in free if p == asked]
    if v.status not in ("forming", "active") or not free:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    power = free[0]
    client.power, client.name, client.version = power, name, version
    await room.server.db(play.take_seat, room.game_id, power, name, version)
    client.send(message(T("YES"), bracket(*msg.items)))
    client.send(message(T("MAP"), bracket(room.board.map_name)))


async def obs(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    if client.power:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    client.observer = True
    client.send(message(T("YES"), bracket(*msg.items)))
    client.send(message(T("MAP"), bracket(room.board.map_name)))


async def iam(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    ok = len(msg) == 3 and isinstance(msg[1], Message) and isinstance(msg[2], Message)
    power = room.board.power_of_token.get(msg[1].head()) if ok else None
    code = msg[2].number() if ok else None
    host = client.host
    now = time.monotonic()
    tries = [t for t in room.failures.get(host, []) if now - t < IAM_WINDOW]
    if len(tries) >= IAM_FAILURES:  # a passcode is a number up to 8191: no guessing
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    if power not in v.seats or code is None or v.passcodes.get(power) != code:
        room.failures[host] = [*tries, now]
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    for other in [c for c in room.clients if c.power == power and c is not client]:
        other.power = None
        await other.link.close(final_message=True)
    client.power = power
    client.accepted = True
    client.send(message(T("YES"), bracket(*msg.items)))
    if v.status == "active" and power in room.dropped:
        room.dropped.discard(power)
        room.tell_all(message(T("NOT"), bracket(T("CCD"), bracket(room._power(power)))), client)


async def map_(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    client.send(message(T("MAP"), bracket(room.board.map_name)))


async def mdf(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    client.send(room.board.mdf())


async def yes(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    inner = msg[1] if len(msg) > 1 and isinstance(msg[1], Message) else None
    if inner is not None and inner.head() == T("MAP"):
        client.accepted = True
        client.greet = True  # HLO, SCO and NOW: the room's look sends them, now or at the start
        await room.poll()
    # YES to press comes as SND (YES ...); anything else needs no answer


async def rej(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    inner = msg[1] if len(msg) > 1 and isinstance(msg[1], Message) else None
    if inner is not None and inner.head() == T("MAP"):
        await client.link.close(final_message=True)


async def hlo_request(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    if client.power and v.status in ("active", "finished"):
        client.send(room.hlo(client.power, v))
        client.started = True
    else:
        client.send(message(T("REJ"), bracket(*msg.items)))


async def now_request(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    if v.status in ("active", "finished") and v.phase:
        client.send(room.now(v, client.power))
    else:
        client.send(message(T("REJ"), bracket(*msg.items)))


async def sco_request(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    if v.status in ("active", "finished"):
        client.send(room.sco(v, client.power))
    else:
        client.send(message(T("REJ"), bracket(*msg.items)))


async def ord_request(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    played = await room.server.db(play.phases_after, room.game_id, max(v.turn - 1, 0))
    sent = False
    for _turn, phase, result in played[-1:]:
        for m in room.ord(phase, result, client.power):
            client.send(m)
            sent = True
    if not sent:
        client.send(message(T("REJ"), bracket(*msg.items)))


async def hst(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    phase = phase_of(msg[1]) if len(msg) > 1 and isinstance(msg[1], Message) else None
    result = await room.server.db(play.phase_played, room.game_id, phase) if phase else None
    if not result:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    for m in room.ord(phase, result, client.power):
        client.send(m)
    doc = result.get("input") or {}
    past = play.View(**{**room.view.__dict__, "phase": phase, "position": {
        "units": doc.get("units") or {}, "centers": doc.get("centers") or {},
        "dislodged": doc.get("dislodged") or []}})  # fmt: skip
    client.send(room.sco(past, client.power))
    client.send(room.now(past, client.power))


async def sub(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    orders = [x for x in msg.items[1:] if isinstance(x, Message)]
    if not client.power or not orders:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    answer: asyncio.Future = asyncio.get_running_loop().create_future()
    room.pending.append((client.power, orders, answer))
    if room.submitting is None or room.submitting.done():
        room.submitting = asyncio.create_task(_submit(room))
    notes = await answer
    for order, note in zip(orders, notes, strict=True):
        client.send(message(T("THX"), order, bracket(T(note))))
    await room.poll()


async def _submit(room: Room) -> None:
    """The SUBs waiting, in one transaction; those that come meanwhile, in the next."""
    while room.pending:
        batch, room.pending = room.pending, []
        try:
            notes = await _again_if_busy(
                room, play.submit_many, room.server.settings, room.server.now(), room.game_id,
                [(power, orders) for power, orders, _ in batch],
            )  # fmt: skip
        except Exception as problem:
            for _power, _orders, answer in batch:
                answer.set_exception(problem)
            continue
        room.server.wake()
        for (_power, _orders, answer), mine in zip(batch, notes, strict=True):
            answer.set_result(mine)


async def _again_if_busy(room: Room, fn: Callable[..., Any], *args: Any) -> Any:
    """A write that found the database busy (StoreBusy: another writer held it for the whole
    write_lock_timeout), tried again: orders lost to it would leave the bot, which sent
    them once, silent for the rest of the phase."""
    for pause in BUSY_PAUSES:
        try:
            return await room.server.db(fn, *args)
        except StoreBusy:
            log.warning("DAIDE: game %s: the database was busy; trying again", room.game_id)
            await asyncio.sleep(pause)
    return await room.server.db(fn, *args)


async def not_(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    inner = msg[1] if len(msg) > 1 and isinstance(msg[1], Message) else None
    what = inner.head() if inner is not None else None
    settings, now = room.server.settings, room.server.now()
    done = False
    if client.power and what == T("SUB"):
        order = inner[1] if len(inner) > 1 and isinstance(inner[1], Message) else None
        done = await room.server.db(play.cancel, settings, now, room.game_id, client.power, order)
    elif client.power and what == T("GOF"):
        done = await room.server.db(play.go_flag, settings, now, room.game_id, client.power, False)
    elif client.power and what == T("DRW"):
        done = await room.server.db(
            play.draw_vote, settings, now, room.game_id, client.power, False
        )
    elif what == T("TME") and len(inner) > 1 and isinstance(inner[1], Message):
        seconds = inner[1].number()
        done = seconds in client.timers
        client.timers.discard(seconds)
    elif what is None:
        client.send(huh(tokens, 1))
        return
    client.send(message(T("YES" if done else "REJ"), bracket(*msg.items)))


async def gof(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    done = client.power is not None and await room.server.db(
        play.go_flag, room.server.settings, room.server.now(), room.game_id, client.power,
        True,
    )  # fmt: skip
    room.server.wake()
    client.send(message(T("YES" if done else "REJ"), bracket(*msg.items)))
    await room.poll()


async def drw(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    done = client.power is not None and len(msg) == 1 and await room.server.db(
        play.draw_vote, room.server.settings, room.server.now(), room.game_id,
        client.power, True,
    )  # fmt: skip
    room.server.wake()
    client.send(message(T("YES" if done else "REJ"), bracket(*msg.items)))
    await room.poll()


async def mis(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    if not client.power:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    kind, what = await room.server.db(play.missing, room.game_id, client.power)
    if kind == "adjust":
        client.send(message(T("MIS"), bracket(number(what))))
    elif kind == "units" and what:
        units = [unit_message(room.board, client.power, u) for u in what]
        client.send(message(T("MIS"), *units))
    elif kind == "retreats" and what:
        parts = []
        for u, places in what:
            unit = unit_message(room.board, client.power, u)
            parts.append(
                bracket(*unit.items, T("MRT"), bracket(*(room.board.location(p) for p in places)))
            )
        client.send(message(T("MIS"), *parts))
    else:
        client.send(message(T("MIS")))


async def tme_request(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    if len(msg) == 1:
        seconds = room._left(v)
        if seconds is None or not 0 <= seconds <= 8191:
            client.send(message(T("REJ"), bracket(*msg.items)))
        else:
            client.send(message(T("TME"), bracket(number(seconds))))
        return
    seconds = msg[1].number() if isinstance(msg[1], Message) else None
    if seconds is None or seconds < 0:
        client.send(huh(tokens, 1))
        return
    client.timers.add(seconds)
    client.send(message(T("YES"), bracket(*msg.items)))


async def smr_request(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    v = await room.refresh()
    if v.status != "finished":
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    client.send(room.smr(v))


async def snd(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    items = msg.items[1:]
    if items and isinstance(items[0], Message) and phase_of(items[0]):
        items = items[1:]  # SND (turn) (powers) (press)
    if not client.power or len(items) != 2 or not all(isinstance(x, Message) for x in items):
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    to_tokens, press = items
    v = await room.refresh()
    to = [room.board.power_of_token[t] for t in to_tokens.tokens()
          if t in room.board.power_of_token]  # fmt: skip
    if not to and press.head() in (T("HUH"), T("TRY")) and client.last_from:
        to = [client.last_from]  # an answer to the last FRM, to whoever sent it
    if not to or v.level == 0:
        client.send(message(T("REJ"), bracket(*msg.items)))
        return
    text = to_text(press.flat(), daide_press.judge_names(room.board))
    why = await room.server.db(
        daide_press.bot_press, room.server.settings, room.server.now(), room.game_id,
        client.power, to, text,
    )  # fmt: skip
    room.server.wake()
    if why is None:
        client.send(message(T("YES"), bracket(*msg.items)))
    elif why == "over":
        client.send(message(T("REJ"), bracket(*msg.items)))
    else:
        flat = msg.flat()
        client.send(huh(flat, len(flat) - len(press.flat()) - 1))


async def refuse(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    client.send(message(T("REJ"), bracket(*msg.items)))


async def nothing(room: Room, client: Client, msg: Message, tokens: list[int]) -> None:
    return


HANDLERS: dict[int, Callable[..., Any]] = {
    T("NME"): nme, T("OBS"): obs, T("IAM"): iam, T("MAP"): map_,
    T("MDF"): mdf, T("YES"): yes, T("REJ"): rej, T("HLO"): hlo_request,
    T("NOW"): now_request, T("SCO"): sco_request, T("ORD"): ord_request,
    T("HST"): hst, T("SUB"): sub, T("NOT"): not_, T("GOF"): gof,
    T("DRW"): drw, T("MIS"): mis, T("TME"): tme_request,
    T("SMR"): smr_request, T("SND"): snd, T("ADM"): refuse,
    T("SVE"): refuse, T("LOD"): refuse, T("HUH"): nothing,
    T("PRN"): nothing,
}  # fmt: skip

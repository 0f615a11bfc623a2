"""One game's table on the DAIDE server: its port's connections (`Client`), what each has
been told, (the answers to its messages are handlers.py's), and
the look at what others changed (`Room.poll`): a phase processed, press, the end.

The judge's state is its database; the room reads and writes it through play.py on the
server's database thread (server.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from . import play
from . import press as daide_press
from .connection import Client
from .host import Host
from .mdf import SEASONS, Board, board_of
from .messages import Message, bracket, message, parse
from .orders import order_message, result_message, unit_message
from .protocol import Closed, Link, ProtocolError, representation
from .tokens import T, is_number, number, value_of

log = logging.getLogger("judge.daide")

# The AiClient bots (../shared/daide-client, release 8~3) fail on any FRM: its handler reads
# the sender before it has read the message. They play without press; the judge gives their
# answer for them (HUH and TRY ()), by the names they give in NME.
PRESSLESS = frozenset({"DumbBot", "HoldBot", "RandBot"})


def phase_tokens(phase: str) -> Message:
    """S1901M as (SPR 1901)."""
    return bracket(T(SEASONS[phase[0] + phase[-1]]), number(int(phase[1:-1])))


def phase_of(turn: Message) -> str | None:
    if len(turn) != 2 or not is_number(turn[1]):
        return None
    from .tokens import FIXED_NAMES

    code = {v: k for k, v in SEASONS.items()}.get(FIXED_NAMES.get(turn[0], ""))
    if code is None:
        return None
    return f"{code[0]}{value_of(turn[1]):04d}{code[1]}"


Dispatch = Callable[["Room", Client, list[int]], Awaitable[None]]


class Room:
    """One game's table: its port, its clients, what they have been told."""

    def __init__(self, server: Host, game_id: int, port: int, dispatch: Dispatch) -> None:
        self.server = server
        self.dispatch = dispatch  # handlers.handle: the answer to a client's message
        self.game_id = game_id
        self.port = port
        self.clients: list[Client] = []
        self.tcp: asyncio.base_events.Server | None = None
        self.view: play.View | None = None
        self.board: Board | None = None
        self.turn = 0
        self.status = ""
        self.press_after = 0
        self.ended = False
        self.looking = asyncio.Lock()  # one look at a time: each change is told once
        self.seating = asyncio.Lock()  # one NME at a time: no power is given twice
        self.answers: list[tuple[str, str, Any]] = []  # press a pressless bot answers
        self.tried: set[tuple[str, str]] = set()  # (bot power, sender) told TRY () once
        self.dropped: set[str] = set()  # powers whose bot dropped (CCD told)
        self.failures: dict[str, list[float]] = {}  # host -> times of its wrong passcodes
        self.pending: list[tuple[str, list[Message], asyncio.Future]] = []  # SUBs to take
        self.submitting: asyncio.Task | None = None
        self.out: set[str] = set()  # powers told OUT

    async def start(self, host: str) -> None:
        self.view = await self.server.db(play.view, self.game_id)
        if self.view is None:
            return
        self.board = board_of(self.view.variant)
        self.turn = self.view.turn
        self.status = self.view.status
        self.press_after = await self.server.db(daide_press.last_press, self.game_id)
        self.tcp = await asyncio.start_server(self._connected, host, self.port)
        log.info("DAIDE: game %s on port %s", self.view.name, self.port)

    async def close(self) -> None:
        for client in list(self.clients):
            await client.link.close(final_message=True)
        if self.tcp is not None:
            self.tcp.close()
            with contextlib.suppress(Exception):
                await self.tcp.wait_closed()

    # -- connections ------------------------------------------------------------------------

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        link = Link(reader, writer)
        assert self.board is not None
        try:
            await link.handshake(representation(self.board.representation()))
        except (ProtocolError, Closed, asyncio.CancelledError):
            # Closed here, never left to the garbage collector: an unclosed StreamWriter
            # closes its transport from `__del__`, in whichever thread collects it (the
            # database's), and the transport then takes its descriptor's number out of
            # this loop's selector. By then the number may be a new bot's connection,
            # which is never read again: the bot waits for ever for the answer to its
            # MDF (the S1901M stalls; a port probe that connects and hangs up, as judge
            # doctor and the tests' wait_for_port do, left such a writer each time).
            await link.close()
            return
        client = Client(link)
        self.clients.append(client)
        try:
            while True:
                tokens = await link.receive()
                try:
                    await self.dispatch(self, client, tokens)
                except (Closed, ConnectionError):
                    raise
                except Exception:  # the bot keeps its seat: a dropped bot never orders again
                    log.exception("DAIDE: game %s: a message could not be handled", self.game_id)
                await link.writer.drain()
        except (Closed, ProtocolError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if client in self.clients:
                self.clients.remove(client)
            await link.close()
            gone = client.power and not any(c.power == client.power for c in self.clients)
            if gone and self.status == "active" and not self.ended:
                self.dropped.add(client.power)
                self.tell_all(message(T("CCD"), bracket(self._power(client.power))))

    def tell_all(self, msg: Message, but: Client | None = None) -> None:
        for c in self.clients:
            if c is not but and c.accepted:
                c.send(msg)

    def _power(self, power: str) -> int:
        assert self.board is not None
        return self.board.powers[power]

    # -- what the client is told ----------------------------------------------------------

    async def refresh(self) -> play.View:
        self.view = await self.server.db(play.view, self.game_id)
        assert self.view is not None
        return self.view

    def start_client(self, client: Client, v: play.View) -> None:
        """The game has begun for this client: HLO (a player), then SCO and NOW."""
        if client.power and not client.started:
            client.send(self.hlo(client.power, v))
            client.started = True
        client.send(self.sco(v, client.power))
        client.send(self.now(v, client.power))
        self.tme(client, v)

    def hlo(self, power: str, v: play.View) -> Message:
        options = bracket(bracket(T("LVL"), number(v.level)))
        return message(
            T("HLO"), bracket(self._power(power)), bracket(number(v.passcodes.get(power, 0))),
            options,
        )  # fmt: skip

    def sco(self, v: play.View, power: str | None) -> Message:
        position = play.position_seen(v, power)
        centres = position.get("centers") or {}
        owned = set()
        parts: list[Any] = []
        for name, token in self.board.powers.items():
            mine = [
                self.board.provinces[c] for c in centres.get(name, []) if c in self.board.provinces
            ]
            owned |= set(centres.get(name, []))
            if mine:
                parts.append(bracket(token, *mine))
        rest = [
            t for a, t in self.board.provinces.items()
            if self.board.variant.provinces[a].center and a not in owned
        ]  # fmt: skip
        if rest:
            parts.append(bracket(T("UNO"), *rest))
        return message(T("SCO"), *parts)

    def now(self, v: play.View, power: str | None) -> Message:
        position = play.position_seen(v, power)
        parts: list[Any] = [phase_tokens(v.phase)]
        for name, units in (position.get("units") or {}).items():
            for unit in units:
                parts.append(unit_message(self.board, name, unit))
        if v.phase.endswith("R"):
            for d in position.get("dislodged") or []:
                u = unit_message(self.board, d["power"], d["unit"])
                places = [self.board.location(x) for x in d.get("retreats") or []]
                parts.append(bracket(*u.items, T("MRT"), bracket(*places)))
        return message(T("NOW"), *parts)

    def ord(self, phase: str, result: dict, power: str | None) -> list[Message]:
        v = self.view
        seen = play.result_seen(v, result, power)
        doc, out = seen.get("input") or {}, seen.get("output") or {}
        owner = {}
        for name, units in (doc.get("units") or {}).items():
            for unit in units:
                owner[unit.split()[1].partition("/")[0].lower()] = name
        for d in doc.get("dislodged") or []:
            owner.setdefault(d["unit"].split()[1].partition("/")[0].lower(), d["power"])
        gone = {(d["power"], d["unit"].lower()) for d in out.get("dislodged") or []}
        kind = {"M": "movement", "R": "retreat", "B": "adjustment"}[phase[-1]]
        msgs = []
        for line in out.get("orders") or []:
            order = order_message(self.board, line["power"], line["order"], owner.get, kind)
            if order is None:
                continue
            unit = " ".join(line["order"].split()[:2]).lower()
            out_of = (line["power"], unit) in gone and kind == "movement"
            msgs.append(
                message(T("ORD"), phase_tokens(phase), order, result_message(line, out_of, kind))
            )
        return msgs

    def tme(self, client: Client, v: play.View) -> None:
        seconds = self._left(v)
        if seconds is not None and 0 <= seconds <= 8191:
            client.send(message(T("TME"), bracket(number(seconds))))

    def _left(self, v: play.View) -> int | None:
        if v.deadline is None:
            return None
        return int((v.deadline - self.server.now()).total_seconds())

    def smr(self, v: play.View) -> Message:
        parts: list[Any] = [phase_tokens(v.phase) if v.phase else bracket()]
        for name, token in self.board.powers.items():
            bot = v.bots.get(name) or {"name": "DAIDE bot", "version": ""}
            who, version = (
                (bot["name"], bot["version"]) if name in v.seats else ("player", "by mail")
            )
            if v.hidden:  # a gunboat game: nothing tells a bot from a person
                who, version = "player", ""
            parts.append(
                bracket(token, bracket(who or "?"), bracket(version or "?"),
                        number(v.centers_count.get(name, 0)))
            )  # fmt: skip
        return message(T("SMR"), *parts)

    # -- what others changed ----------------------------------------------------------------

    async def poll(self) -> None:
        """One look at once (`looking`): what each client is told of a change, and its HLO,
        SCO and NOW when it joins (YES (MAP): `greet`), go out in the order things happened,
        from one reading of the game; never a NOW before its HLO, nor an older NOW after a
        newer one."""
        async with self.looking:
            await self._poll()

    async def _poll(self) -> None:
        v = await self.refresh()
        if v is None:
            return
        changed = v.turn != self.turn or v.status != self.status
        if changed:
            played = await self.server.db(play.phases_after, self.game_id, self.turn)
            for _turn, phase, result in played:
                if _turn < self.turn:
                    continue
                for c in self.clients:
                    if c.accepted and (c.started or c.observer) and not c.greet:
                        for m in self.ord(phase, result, c.power):
                            c.send(m)
            self.turn, self.status = v.turn, v.status
            self._out(v)
        if v.status == "active":
            for c in self.clients:
                if not c.accepted:
                    continue
                if c.greet or (changed and c.power and not c.started):
                    c.greet = False
                    self.start_client(c, v)
                elif changed:
                    c.send(self.sco(v, c.power))
                    c.send(self.now(v, c.power))
                    self.tme(c, v)
            self._timers(v)
        heard = await self.server.db(daide_press.press_to_bots, self.game_id, self.press_after)
        for h in heard:
            self.press_after = max(self.press_after, h.id)
            self._deliver(h, v)
        await self.answer_for_pressless()
        if v.status == "finished" and not self.ended:
            self.ended = True
            if v.ending == "draw":
                end = message(T("DRW"))
            else:
                end = message(T("SLO"), bracket(self._power(v.ending))) if v.ending else None
            for c in list(self.clients):
                if end is not None:
                    c.send(end)
                c.send(self.smr(v))
                c.send(message(T("OFF")))
                with contextlib.suppress(Exception):
                    await c.link.writer.drain()

    def _out(self, v: play.View) -> None:
        """OUT (power) for each power left with neither units nor centres, once."""
        units = v.position.get("units") or {}
        centres = v.position.get("centers") or {}
        for power in self.board.powers:
            if power not in self.out and not units.get(power) and not centres.get(power):
                self.out.add(power)
                self.tell_all(message(T("OUT"), bracket(self._power(power))))

    def _timers(self, v: play.View) -> None:
        left = self._left(v)
        if left is None:
            return
        for c in self.clients:
            for seconds in list(c.timers):
                key = (v.phase, seconds)
                if left <= seconds and key not in c.told:
                    c.told.add(key)
                    c.send(message(T("TME"), bracket(number(max(left, 0)))))

    def _deliver(self, h: daide_press.Heard, v: play.View) -> None:
        from parser.dpp import DppError, read_dpp
        from parser.dpp_levels import level

        from .tokens import TokenError, from_text

        try:
            dpp = read_dpp(h.text)
            tokens = from_text(h.text, daide_press.dpp_names(self.board, v.variant))
        except (DppError, TokenError):
            return
        if dpp is None or level(dpp) > v.level:
            return  # the sender was answered HUH by the judge (press.py)
        press = parse(tokens)
        frm = message(
            T("FRM"), bracket(self._power(h.sender)),
            bracket(*(self._power(p) for p in h.to)), bracket(*press.items),
        )  # fmt: skip
        for c in self.clients:
            if c.power in h.to and c.power != h.sender and c.accepted:
                if (v.bots.get(c.power) or {}).get("name") in PRESSLESS:
                    self.answers.append((c.power, h.sender, dpp))
                    continue
                c.last_from = h.sender
                c.send(frm)

    async def answer_for_pressless(self) -> None:
        """What DAIDE's bots without press answer (HUH and TRY ()), said for the AiClient
        bots, whose FRM handler fails (robots.talk: the judge's dumbbot's own answer)."""
        from robots.talk import answer

        from ..engine.press.dpp import names_of

        while self.answers:
            power, sender, dpp = self.answers.pop(0)
            tokens = names_of(self.board.variant).powers
            tried = (power, sender) in self.tried
            for text in answer("dumbbot", power, sender, dpp, frozenset(), tokens=tokens,
                               tried=tried):  # fmt: skip
                if text.startswith("TRY"):
                    self.tried.add((power, sender))
                await self.server.db(
                    daide_press.bot_press, self.server.settings, self.server.now(), self.game_id,
                    power, [sender], text,
                )  # fmt: skip
                self.server.wake()

"""One game's table on the DAIDE server: its port's connections (`Client`), what each has
been told, the message syntax's server side for each message a bot sends (`HANDLERS`), and
the look at what others changed (`Room.poll`): a phase processed, press, the end.

The judge's state is its database; the room reads and writes it through play.py on the
server's database thread (server.py)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import play
from .mdf import SEASONS, Board, board_of
from .messages import BracketError, Message, bracket, huh, message, parse
from .orders import order_message, result_message, unit_message
from .protocol import Closed, Link, ProtocolError, representation
from .tokens import CLOSE, OPEN, T, is_number, number, to_text, value_of

if TYPE_CHECKING:
    from .server import DaideServer

log = logging.getLogger("judge.daide")

# The AiClient bots (../shared/daide-client, release 8~3) fail on any FRM: its handler reads
# the sender before it has read the message. They play without press; the judge gives their
# answer for them (HUH and TRY ()), by the names they give in NME.
PRESSLESS = frozenset({"DumbBot", "HoldBot", "RandBot"})
# Wrong IAM passcodes from one host, in IAM_WINDOW seconds, after which its IAMs are refused
# until the window has passed: a passcode is one of 8191 numbers.
IAM_FAILURES = 5
IAM_WINDOW = 600.0


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


class Client:
    """One connected bot or observer."""

    def __init__(self, link: Link) -> None:
        self.link = link
        peer = link.writer.get_extra_info("peername")
        self.host = str(peer[0]) if peer else "?"
        self.name = ""
        self.version = ""
        self.power: str | None = None
        self.observer = False
        self.accepted = False  # YES (MAP) or IAM: it plays from here on
        self.started = False  # HLO sent
        self.timers: set[int] = set()  # TME (seconds) asked for
        self.told: set[tuple[str, int]] = set()
        self.last_from: str | None = None  # who sent the last FRM (HUH's answer goes back)

    def send(self, tokens: list[int] | Message) -> None:
        flat = tokens.flat() if isinstance(tokens, Message) else tokens
        if log.isEnabledFor(logging.DEBUG):
            log.debug("DAIDE to %s: %s", self.power or "?", to_text(flat)[:200])
        self.link.send(flat)


class Room:
    """One game's table: its port, its clients, what they have been told."""

    def __init__(self, server: DaideServer, game_id: int, port: int) -> None:
        self.server = server
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
        self.press_after = await self.server.db(play.last_press, self.game_id)
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
        except (ProtocolError, Closed):
            return
        client = Client(link)
        self.clients.append(client)
        try:
            while True:
                tokens = await link.receive()
                await self.handle(client, tokens)
                await link.writer.drain()
        except (Closed, ProtocolError, ConnectionError, asyncio.CancelledError):
            pass
        except Exception:
            log.exception("DAIDE: game %s: a message could not be handled", self.game_id)
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

    # -- the client's messages --------------------------------------------------------------

    async def handle(self, client: Client, tokens: list[int]) -> None:
        if log.isEnabledFor(logging.DEBUG):
            log.debug("DAIDE from %s: %s", client.power or "?", to_text(tokens)[:200])
        try:
            msg = parse(tokens)
        except BracketError:
            client.send([T("PRN"), OPEN, *tokens, CLOSE])
            return
        head = msg.head()
        handler = HANDLERS.get(head) if head is not None else None
        if handler is None:
            client.send(huh(tokens, 0))
            return
        await handler(self, client, msg, tokens)

    async def refresh(self) -> play.View:
        self.view = await self.server.db(play.view, self.game_id)
        assert self.view is not None
        return self.view

    async def nme(self, client: Client, msg: Message, tokens: list[int]) -> None:
        async with self.seating:
            await self._nme(client, msg)

    async def _nme(self, client: Client, msg: Message) -> None:
        v = await self.refresh()
        name = msg[1].text() if len(msg) > 2 and isinstance(msg[1], Message) else None
        version = msg[2].text() if len(msg) > 2 and isinstance(msg[2], Message) else None
        if name is None or version is None or client.power or client.observer:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        asked = None
        if ":" in name:  # DumbBot's -rPOW:code gives its name as 'POW:name'
            token, _, rest = name.partition(":")
            asked = next((p for p, n in self.board.power_names.items() if n == token.upper()), None)
            name = rest or name
        connected = {c.power for c in self.clients if c.power}
        free = [p for p in v.passcodes if p in v.seats and p not in set(v.bots) | connected]
        if asked is not None:
            free = [p for p in free if p == asked]
        if v.status not in ("forming", "active") or not free:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        power = free[0]
        client.power, client.name, client.version = power, name, version
        await self.server.db(play.take_seat, self.game_id, power, name, version)
        client.send(message(T("YES"), bracket(*msg.items)))
        client.send(message(T("MAP"), bracket(self.board.map_name)))

    async def obs(self, client: Client, msg: Message, tokens: list[int]) -> None:
        if client.power:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        client.observer = True
        client.send(message(T("YES"), bracket(*msg.items)))
        client.send(message(T("MAP"), bracket(self.board.map_name)))

    async def iam(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        ok = len(msg) == 3 and isinstance(msg[1], Message) and isinstance(msg[2], Message)
        power = self.board.power_of_token.get(msg[1].head()) if ok else None
        code = msg[2].number() if ok else None
        host = client.host
        now = time.monotonic()
        tries = [t for t in self.failures.get(host, []) if now - t < IAM_WINDOW]
        if len(tries) >= IAM_FAILURES:  # a passcode is a number up to 8191: no guessing
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        if power not in v.seats or code is None or v.passcodes.get(power) != code:
            self.failures[host] = [*tries, now]
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        for other in [c for c in self.clients if c.power == power and c is not client]:
            other.power = None
            await other.link.close(final_message=True)
        client.power = power
        client.accepted = True
        client.send(message(T("YES"), bracket(*msg.items)))
        if v.status == "active" and power in self.dropped:
            self.dropped.discard(power)
            self.tell_all(message(T("NOT"), bracket(T("CCD"), bracket(self._power(power)))), client)

    async def map_(self, client: Client, msg: Message, tokens: list[int]) -> None:
        client.send(message(T("MAP"), bracket(self.board.map_name)))

    async def mdf(self, client: Client, msg: Message, tokens: list[int]) -> None:
        client.send(self.board.mdf())

    async def yes(self, client: Client, msg: Message, tokens: list[int]) -> None:
        inner = msg[1] if len(msg) > 1 and isinstance(msg[1], Message) else None
        if inner is not None and inner.head() == T("MAP"):
            client.accepted = True
            v = await self.refresh()
            if v.status == "active":
                self.start_client(client, v)
        # YES to press comes as SND (YES ...); anything else needs no answer

    async def rej(self, client: Client, msg: Message, tokens: list[int]) -> None:
        inner = msg[1] if len(msg) > 1 and isinstance(msg[1], Message) else None
        if inner is not None and inner.head() == T("MAP"):
            await client.link.close(final_message=True)

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

    async def hlo_request(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        if client.power and v.status in ("active", "finished"):
            client.send(self.hlo(client.power, v))
            client.started = True
        else:
            client.send(message(T("REJ"), bracket(*msg.items)))

    async def now_request(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        if v.status in ("active", "finished") and v.phase:
            client.send(self.now(v, client.power))
        else:
            client.send(message(T("REJ"), bracket(*msg.items)))

    async def sco_request(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        if v.status in ("active", "finished"):
            client.send(self.sco(v, client.power))
        else:
            client.send(message(T("REJ"), bracket(*msg.items)))

    async def ord_request(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        played = await self.server.db(play.phases_after, self.game_id, max(v.turn - 1, 0))
        sent = False
        for _turn, phase, result in played[-1:]:
            for m in self.ord(phase, result, client.power):
                client.send(m)
                sent = True
        if not sent:
            client.send(message(T("REJ"), bracket(*msg.items)))

    async def hst(self, client: Client, msg: Message, tokens: list[int]) -> None:
        phase = phase_of(msg[1]) if len(msg) > 1 and isinstance(msg[1], Message) else None
        result = await self.server.db(play.phase_played, self.game_id, phase) if phase else None
        if not result:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        for m in self.ord(phase, result, client.power):
            client.send(m)
        doc = result.get("input") or {}
        past = play.View(**{**self.view.__dict__, "phase": phase, "position": {
            "units": doc.get("units") or {}, "centers": doc.get("centers") or {},
            "dislodged": doc.get("dislodged") or []}})  # fmt: skip
        client.send(self.sco(past, client.power))
        client.send(self.now(past, client.power))

    async def sub(self, client: Client, msg: Message, tokens: list[int]) -> None:
        orders = [x for x in msg.items[1:] if isinstance(x, Message)]
        if not client.power or not orders:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        answer: asyncio.Future = asyncio.get_running_loop().create_future()
        self.pending.append((client.power, orders, answer))
        if self.submitting is None or self.submitting.done():
            self.submitting = asyncio.create_task(self._submit())
        notes = await answer
        for order, note in zip(orders, notes, strict=True):
            client.send(message(T("THX"), order, bracket(T(note))))
        await self.poll()

    async def _submit(self) -> None:
        """The SUBs waiting, in one transaction; those that come meanwhile, in the next."""
        while self.pending:
            batch, self.pending = self.pending, []
            try:
                notes = await self.server.db(
                    play.submit_many, self.server.settings, self.server.now(), self.game_id,
                    [(power, orders) for power, orders, _ in batch],
                )  # fmt: skip
            except Exception as problem:
                for _power, _orders, answer in batch:
                    answer.set_exception(problem)
                continue
            self.server.wake()
            for (_power, _orders, answer), mine in zip(batch, notes, strict=True):
                answer.set_result(mine)

    async def not_(self, client: Client, msg: Message, tokens: list[int]) -> None:
        inner = msg[1] if len(msg) > 1 and isinstance(msg[1], Message) else None
        what = inner.head() if inner is not None else None
        settings, now = self.server.settings, self.server.now()
        done = False
        if client.power and what == T("SUB"):
            order = inner[1] if len(inner) > 1 and isinstance(inner[1], Message) else None
            done = await self.server.db(
                play.cancel, settings, now, self.game_id, client.power, order
            )
        elif client.power and what == T("GOF"):
            done = await self.server.db(
                play.go_flag, settings, now, self.game_id, client.power, False
            )
        elif client.power and what == T("DRW"):
            done = await self.server.db(
                play.draw_vote, settings, now, self.game_id, client.power, False
            )
        elif what == T("TME") and len(inner) > 1 and isinstance(inner[1], Message):
            seconds = inner[1].number()
            done = seconds in client.timers
            client.timers.discard(seconds)
        elif what is None:
            client.send(huh(tokens, 1))
            return
        client.send(message(T("YES" if done else "REJ"), bracket(*msg.items)))

    async def gof(self, client: Client, msg: Message, tokens: list[int]) -> None:
        done = client.power is not None and await self.server.db(
            play.go_flag, self.server.settings, self.server.now(), self.game_id, client.power,
            True,
        )  # fmt: skip
        self.server.wake()
        client.send(message(T("YES" if done else "REJ"), bracket(*msg.items)))
        await self.poll()

    async def drw(self, client: Client, msg: Message, tokens: list[int]) -> None:
        done = client.power is not None and len(msg) == 1 and await self.server.db(
            play.draw_vote, self.server.settings, self.server.now(), self.game_id,
            client.power, True,
        )  # fmt: skip
        self.server.wake()
        client.send(message(T("YES" if done else "REJ"), bracket(*msg.items)))
        await self.poll()

    async def mis(self, client: Client, msg: Message, tokens: list[int]) -> None:
        if not client.power:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        kind, what = await self.server.db(play.missing, self.game_id, client.power)
        if kind == "adjust":
            client.send(message(T("MIS"), bracket(number(what))))
        elif kind == "units" and what:
            units = [unit_message(self.board, client.power, u) for u in what]
            client.send(message(T("MIS"), *units))
        elif kind == "retreats" and what:
            parts = []
            for u, places in what:
                unit = unit_message(self.board, client.power, u)
                parts.append(
                    bracket(
                        *unit.items, T("MRT"), bracket(*(self.board.location(p) for p in places))
                    )
                )
            client.send(message(T("MIS"), *parts))
        else:
            client.send(message(T("MIS")))

    async def tme_request(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        if len(msg) == 1:
            seconds = self._left(v)
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

    async def smr_request(self, client: Client, msg: Message, tokens: list[int]) -> None:
        v = await self.refresh()
        if v.status != "finished":
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        client.send(self.smr(v))

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

    async def snd(self, client: Client, msg: Message, tokens: list[int]) -> None:
        items = msg.items[1:]
        if items and isinstance(items[0], Message) and phase_of(items[0]):
            items = items[1:]  # SND (turn) (powers) (press)
        if not client.power or len(items) != 2 or not all(isinstance(x, Message) for x in items):
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        to_tokens, press = items
        v = await self.refresh()
        to = [self.board.power_of_token[t] for t in to_tokens.tokens()
              if t in self.board.power_of_token]  # fmt: skip
        if not to and press.head() in (T("HUH"), T("TRY")) and client.last_from:
            to = [client.last_from]  # an answer to the last FRM, to whoever sent it
        if not to or v.level == 0:
            client.send(message(T("REJ"), bracket(*msg.items)))
            return
        text = to_text(press.flat(), play.judge_names(self.board))
        why = await self.server.db(
            play.bot_press, self.server.settings, self.server.now(), self.game_id,
            client.power, to, text,
        )  # fmt: skip
        self.server.wake()
        if why is None:
            client.send(message(T("YES"), bracket(*msg.items)))
        elif why == "over":
            client.send(message(T("REJ"), bracket(*msg.items)))
        else:
            flat = msg.flat()
            client.send(huh(flat, len(flat) - len(press.flat()) - 1))

    async def refuse(self, client: Client, msg: Message, tokens: list[int]) -> None:
        client.send(message(T("REJ"), bracket(*msg.items)))

    async def nothing(self, client: Client, msg: Message, tokens: list[int]) -> None:
        return

    # -- what others changed ----------------------------------------------------------------

    async def poll(self) -> None:
        async with self.looking:
            await self._poll()

    async def _poll(self) -> None:
        v = await self.refresh()
        if v is None:
            return
        if v.turn != self.turn or v.status != self.status:
            played = await self.server.db(play.phases_after, self.game_id, self.turn)
            for _turn, phase, result in played:
                if _turn < self.turn:
                    continue
                for c in self.clients:
                    if (c.accepted and c.started) or (c.observer and c.accepted):
                        for m in self.ord(phase, result, c.power):
                            c.send(m)
            began = self.status == "forming" and v.status == "active"
            self.turn, self.status = v.turn, v.status
            self._out(v)
            if v.status == "active":
                for c in self.clients:
                    if not c.accepted:
                        continue
                    if began or (not c.started and c.power):
                        self.start_client(c, v)
                    else:
                        c.send(self.sco(v, c.power))
                        c.send(self.now(v, c.power))
                        self.tme(c, v)
        if v.status == "active":
            self._timers(v)
        heard = await self.server.db(play.press_to_bots, self.game_id, self.press_after)
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

    def _deliver(self, h: play.Heard, v: play.View) -> None:
        from parser.dpp import DppError, read_dpp
        from parser.dpp_levels import level

        from .tokens import TokenError, from_text

        try:
            dpp = read_dpp(h.text)
            tokens = from_text(h.text, play.dpp_names(self.board, v.variant))
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
                    play.bot_press, self.server.settings, self.server.now(), self.game_id,
                    power, [sender], text,
                )  # fmt: skip
                self.server.wake()


HANDLERS: dict[int, Callable[..., Any]] = {
    T("NME"): Room.nme, T("OBS"): Room.obs, T("IAM"): Room.iam, T("MAP"): Room.map_,
    T("MDF"): Room.mdf, T("YES"): Room.yes, T("REJ"): Room.rej, T("HLO"): Room.hlo_request,
    T("NOW"): Room.now_request, T("SCO"): Room.sco_request, T("ORD"): Room.ord_request,
    T("HST"): Room.hst, T("SUB"): Room.sub, T("NOT"): Room.not_, T("GOF"): Room.gof,
    T("DRW"): Room.drw, T("MIS"): Room.mis, T("TME"): Room.tme_request,
    T("SMR"): Room.smr_request, T("SND"): Room.snd, T("ADM"): Room.refuse,
    T("SVE"): Room.refuse, T("LOD"): Room.refuse, T("HUH"): Room.nothing,
    T("PRN"): Room.nothing,
}  # fmt: skip

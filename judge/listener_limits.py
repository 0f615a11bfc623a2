"""What one sender may cost the SMTP and LMTP listeners (docs/operations.md 8f).

The listener's memory and connections are anyone's: aiosmtpd takes every connection,
keeps a message in memory line by line as it arrives (a megabyte for each connection
that stops just short of the end), takes every RCPT TO, and keeps a connection open for
as long as a complete command comes now and then. So each listener here counts its
connections (in all and per host, refused at the greeting with 421), gives a command a
bound from the last reply and a whole message a bound from the 354 (421 at either),
closes a connection after 20 errors, and receives a message into a file once it is
bigger than a small buffer; bytes past the size limit are counted, not kept. The
recipients (which, and how many) are the handler's: listeners.InboundHandler.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from tempfile import SpooledTemporaryFile
from typing import Any

from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import MISSING, syntax

from .config import Settings

log = logging.getLogger("judge.listeners")

ERRORS = 20  # error replies (4xx, 5xx) to one connection, after which it is closed
SPOOL_MEMORY = 32 * 1024  # bytes of a message kept in memory as it arrives; the rest on disk
# Seconds a connection the judge hangs up on is still read (and what comes dropped) after
# its 421: closed at once with bytes unread, it would be reset, and a reset makes the
# sender's system throw away the 421 it had not read yet.
LINGER = 2.0


@dataclass(frozen=True)
class Limits:
    connections: int
    host_connections: int
    command_seconds: float
    data_seconds: float
    relays: frozenset[str]  # hosts without a cap of their own (still counted in all)
    spool: str | None  # the folder a big message arrives in (an unnamed file); None: $TMPDIR

    @classmethod
    def of(cls, settings: Settings) -> Limits:
        home = Path(settings.home)
        return cls(
            connections=settings.smtp_connections,
            host_connections=settings.smtp_host_connections,
            command_seconds=settings.smtp_command_seconds,
            data_seconds=settings.smtp_data_seconds,
            relays=settings.relays,
            spool=str(home) if home.is_dir() else None,
        )


def host_of(peer: Any) -> str:
    """A connecting host's IP address, from a socket's peer name."""
    if isinstance(peer, (tuple, list)) and peer:
        return str(peer[0])
    return str(peer or "")


class Doors:
    """The connections open on one listener, counted in all and by host. Touched only in
    the listener's event loop, so it needs no lock."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.open: set[Guarded] = set()
        self.by_host: Counter[str] = Counter()

    def admit(self, session: Guarded) -> str:
        """Count a new connection in; or the 421 that refuses it."""
        limits, host = self.limits, session.host
        if host not in limits.relays and self.by_host[host] >= limits.host_connections:
            return (
                f"421 4.7.0 Too many connections from your host (at most "
                f"{limits.host_connections}); try again later"
            )
        if len(self.open) >= limits.connections:
            return (
                f"421 4.7.0 Too many connections to this judge (at most {limits.connections});"
                " try again later"
            )
        self.open.add(session)
        self.by_host[host] += 1
        return ""

    def leave(self, session: Guarded) -> None:
        if session in self.open:
            self.open.discard(session)
            self.by_host[session.host] -= 1
            if not self.by_host[session.host]:
                del self.by_host[session.host]

    def close_all(self) -> None:
        """The judge stops: every connection is told so and closed, not left to hang."""
        for session in list(self.open):
            session.hang_up("421 4.3.2 The judge is stopping; try again later", linger=False)


class Arriving:
    """A message as it arrives: its first SPOOL_MEMORY bytes in memory, the rest in an
    unnamed file; the bytes past `limit` are counted and dropped. A file that cannot be
    written (a full disk) is noted, and the message refused with 451 at its end."""

    def __init__(self, limit: int, folder: str | None) -> None:
        self.file = SpooledTemporaryFile(SPOOL_MEMORY, dir=folder)  # noqa: SIM115 (closed by DATA)
        self.limit = limit
        self.size = 0
        self.failed: OSError | None = None

    def add(self, piece: bytes) -> None:
        self.size += len(piece)
        if self.failed is None and not (self.limit and self.size > self.limit):
            try:
                self.file.write(piece)
            except OSError as exc:
                self.failed = exc

    def content(self) -> bytes:
        self.file.seek(0)
        return self.file.read()


class Guarded:
    """The limits, as a mixin before aiosmtpd's SMTP (or LMTP) class: `doors` is set on
    the class each listener makes."""

    doors: Doors
    host = ""
    errors = 0
    receiving = False  # within DATA: the message's bound runs, not the command's
    refusal = ""
    hung = False  # told 421: nothing more is read or answered

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        server: Any = self
        if server.transport is None:  # not STARTTLS's second call
            self.host = host_of(transport.get_extra_info("peername"))
            self.refusal = self.doors.admit(self)
        super().connection_made(transport)  # type: ignore[misc]

    def connection_lost(self, error: Exception | None) -> None:
        self.doors.leave(self)
        super().connection_lost(error)  # type: ignore[misc]

    async def _handle_client(self) -> None:
        if self.refusal:
            log.info("SMTP connection from %s refused: %s", self.host, self.refusal[10:])
            self.hang_up(self.refusal, linger=False)  # he has sent nothing yet
            return
        await super()._handle_client()  # type: ignore[misc]

    def hang_up(self, status: str, linger: bool = True) -> None:
        """Say `status` (a 421) and close, after LINGER seconds in which what the sender
        still sends is read and dropped, unread by the session."""
        server: Any = self
        transport = server.transport
        if transport is None or transport.is_closing():
            return
        if not self.hung:
            self.hung = True
            server._writer.write(status.encode("ascii") + b"\r\n")
            if linger and transport.can_write_eof():
                transport.write_eof()
                server._reader._buffer.clear()  # the commands he had sent, not taken up
                transport.resume_reading()  # in case the reader had paused it, full
                server._timeout_handle.cancel()
                server._timeout_handle = server.loop.call_later(LINGER, transport.close)
                return
        transport.close()  # at once; or, lingering already, now (the judge stops)

    def data_received(self, data: bytes) -> None:
        if not self.hung:
            super().data_received(data)  # type: ignore[misc]

    async def push(self, status: str | bytes) -> None:
        """Every reply starts the bound on the next command, and an error reply counts."""
        server: Any = self
        if self.hung:
            return
        await super().push(status)  # type: ignore[misc]
        if not self.receiving:
            server._reset_timeout()
        code = status[:1] if isinstance(status, str) else status[:1].decode("ascii", "replace")
        if code in ("4", "5"):
            self.errors += 1
            if self.errors == ERRORS:
                log.info("SMTP connection from %s closed after %d errors", self.host, ERRORS)
                self.hang_up(f"421 4.7.0 Too many errors ({ERRORS}); closing the connection")

    def _timeout_cb(self) -> None:
        limits = self.doors.limits
        if self.receiving:
            why = f"The message took more than {limits.data_seconds:g} seconds to send"
        else:
            why = f"No command came in {limits.command_seconds:g} seconds"
        log.info("SMTP connection from %s timed out: %s", self.host, why)
        self.hang_up(f"421 4.4.2 {why}; closing the connection")

    @syntax("DATA")
    async def smtp_DATA(self, arg: str) -> None:
        """aiosmtpd's DATA, but the message is received into `Arriving` (aiosmtpd keeps
        every line in a list until the end), within `data_seconds`."""
        server: Any = self
        if await server.check_helo_needed() or await server.check_auth_needed("DATA"):
            return
        if not server.envelope.rcpt_tos:
            await self.push("503 Error: need RCPT command")
            return
        if arg:
            await self.push("501 Syntax: DATA")
            return
        await self.push("354 End data with <CR><LF>.<CR><LF>")
        self.receiving = True
        server._reset_timeout(self.doors.limits.data_seconds)
        arriving = Arriving(server.data_size_limit or 0, self.doors.limits.spool)
        status: Any = MISSING
        try:
            await self._receive(arriving)
            self.receiving = False
            server._timeout_handle.cancel()  # storing it is the judge's time, not his
            if arriving.failed is not None:
                log.error("cannot receive a message: %s", arriving.failed)
                refused = "451 4.3.0 Local error; please try again later"
            elif arriving.limit and arriving.size > arriving.limit:
                refused = "552 Error: Too much mail data"  # _SizeWords says it in full
            else:
                refused = ""
                server.envelope.content = server.envelope.original_content = arriving.content()
                status = await server._call_handler_hook("DATA")
        finally:
            arriving.file.close()
        # LMTP answers for each recipient (the handler's answer has a line for each)
        answers = len(server.envelope.rcpt_tos) if isinstance(self, LMTP) else 1
        server._set_post_data_state()
        if refused:
            for _ in range(answers):
                await self.push(refused)
        else:
            await self.push("250 OK" if status is MISSING else status)

    async def _receive(self, arriving: Arriving) -> None:
        """The message's lines, each without the dot a line starting with one was sent
        with (RFC 5321 4.5.2), up to the line of a dot alone. A line longer than the
        reader's buffer comes in pieces: only a piece that starts a line is looked at."""
        reader: asyncio.StreamReader = self._reader  # type: ignore[attr-defined]
        line_start = True
        while True:
            try:
                piece = await reader.readuntil(b"\r\n")
            except asyncio.LimitOverrunError as error:
                piece = await reader.read(error.consumed)
            if line_start:
                if piece == b".\r\n":
                    return
                if piece.startswith(b"."):
                    piece = piece[1:]
            line_start = piece.endswith(b"\r\n")
            arriving.add(piece)

"""The doors mail comes in by: SMTP and LMTP listeners (aiosmtpd) that commit each mail
before the 250, take mail for the judge's own addresses only, read envelope addresses
quickly, take long lines, say the size limit in words a player can act on, and keep what
one sender may cost them within the limits of listener_limits.py."""

from __future__ import annotations

import asyncio
import logging
import re
import socket
from collections.abc import Callable
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP
from aiosmtpd.smtp import SMTP, Envelope, Session

from .config import Settings
from .listener_limits import Doors, Guarded, Limits, host_of
from .mailin.queue import Intake
from .mailin.recipients import takes_mail_for

log = logging.getLogger("judge.daemon")

# Connections the kernel holds until the listener accepts them: asyncio's 100 drops the
# SYNs of a burst (a thousand connections at once), and each sender whose SYN was dropped,
# an ordinary one too, waits a second or more before trying again.
BACKLOG = 1024


class InboundHandler:
    """The aiosmtpd handler: take the judge's own recipients, commit the raw mail, then
    say 250 (or 451, to be sent again)."""

    def __init__(
        self, intake: Intake, via: str, arrived: Callable[[], None], settings: Settings
    ) -> None:
        self.intake = intake
        self.via = via
        self.arrived = arrived
        self.settings = settings

    async def handle_RCPT(
        self, server: SMTP, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        """Mail for anyone else is refused, and an envelope takes at most `smtp_recipients`
        (RFC 5321 4.5.3.1.8 asks for 100 at least; the sender sends the rest later)."""
        if not takes_mail_for(self.settings, address):
            return (
                "550 5.7.1 Relay access denied: this judge takes mail only for its own "
                f"address, <{self.settings.address}>"
            )
        most = self.settings.smtp_recipients
        if len(envelope.rcpt_tos) >= most:
            return f"452 4.5.3 Too many recipients: at most {most} for one mail"
        envelope.rcpt_tos.append(address)
        envelope.rcpt_options.extend(options)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        raw = envelope.original_content or b""
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        stored = self.intake.submit(
            raw,
            self.via,
            envelope.mail_from or "",
            ",".join(envelope.rcpt_tos),
            host_of(session.peer),
        )
        try:
            row_id = await asyncio.wrap_future(stored)
        except Exception:
            log.exception("could not store a mail from %r", envelope.mail_from)
            status = "451 4.3.0 Local error; please try again later"
        else:
            log.debug("inbound %s stored (%s bytes, from %r)", row_id, len(raw), envelope.mail_from)
            self.arrived()
            status = f"250 2.0.0 Ok: queued as {row_id}"
        if self.via == "lmtp":  # LMTP answers once for every recipient
            return "\r\n".join([status] * max(len(envelope.rcpt_tos), 1))
        return status


# An address as nearly every relay writes it in MAIL FROM and RCPT TO: `<dot-atom@domain>`.
_PLAIN_ADDRESS = re.compile(
    r"\s*<([A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)>\s*(.*)",
    re.DOTALL,
)


class _AddressReading:
    """aiosmtpd reads each envelope address with the email package's full RFC 5322
    parser, a millisecond an address; the plain form is read here by a pattern, and
    anything else (quoted local parts, source routes, `<>`) still goes to aiosmtpd."""

    local_part_limit: int

    def _getaddr(self, arg: str) -> tuple[str | None, str | None]:
        plain = _PLAIN_ADDRESS.fullmatch(arg)
        if plain is None:
            return super()._getaddr(arg)  # type: ignore[misc]
        address, rest = plain.groups()
        if self.local_part_limit and len(address.rpartition("@")[0]) > self.local_part_limit:
            return None, None
        return address, rest


class _SizeWords:
    """aiosmtpd refuses mail over `data_size_limit` with "552 Error: Too much mail data";
    the sender's relay puts our words in the bounce the player reads, so they say what the
    limit is and what to do."""

    data_size_limit: int

    async def push(self, status: str) -> None:
        if status.startswith("552 Error:"):
            status = (
                f"552 5.3.4 Message too big for this judge: at most {self.data_size_limit} "
                "bytes; send the commands alone, in plain text, without attachments"
            )
        await super().push(status)  # type: ignore[misc]


class Listener(Controller):
    """An aiosmtpd controller for SMTP or LMTP, within `limits` (listener_limits.py).

    It takes long lines: RFC 5321 limits a line to 1000 bytes and aiosmtpd refuses longer
    ones with a 500; mail clients and gateways send them anyway (long subjects, unwrapped
    HTML), so any line of a message that fits in the size limit is taken rather than the
    mail lost (Guarded.smtp_DATA reads a message in pieces, whatever its lines).
    """

    def __init__(self, handler: InboundHandler, lmtp: bool, limits: Limits, **kwargs: Any) -> None:
        base = LMTP if lmtp else SMTP
        self.doors = Doors(limits)
        self.server_class = type(
            base.__name__, (_AddressReading, _SizeWords, Guarded, base), {"doors": self.doors}
        )
        super().__init__(handler, timeout=limits.command_seconds, **kwargs)

    def factory(self) -> SMTP:
        return self.server_class(self.handler, **self.SMTP_kwargs)

    def _create_server(self) -> Any:
        return self.loop.create_server(
            self._factory_invoker, host=self.hostname, port=self.port, backlog=BACKLOG
        )

    def stop(self, no_assert: bool = False) -> None:
        """Every connection still open is told the judge stops (421) and closed first:
        aiosmtpd leaves them open, their clients waiting for nothing."""
        if self._thread is not None:
            self.loop.call_soon_threadsafe(self.doors.close_all)
        super().stop(no_assert)


def can_bind(host: str, port: int) -> None:
    """Raise OSError now if the listener could not bind: aiosmtpd learns it in its own
    thread and says so only after its ready timeout (5 s), and by then the answering
    processes would have been started for nothing."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    for family, kind, proto, _name, address in found:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio binds
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise OSError(exc.errno, f"cannot listen on {address}: {exc.strerror}") from exc

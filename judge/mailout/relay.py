"""Delivery to an SMTP relay: plain (a Postfix on this host), STARTTLS or TLS from the first
byte, with a login; the relay's certificate checked against the system's store or
`relay_ca_file`, and its name against the host `outbound` names.

A relay that cannot be reached, or that refuses the judge itself (its certificate does not
verify, it offers no STARTTLS, it refuses the login) is no fault of the mail in hand: the
sender leaves the relay alone for a while (`Resting`) and tries again, one mail at a time,
and for a refusal tells the judgekeeper once (sender.py).
"""

from __future__ import annotations

import smtplib
import ssl
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from ..config import Settings
from ..mailin.addresses import for_sending
from ..outbound import RelayTarget

if TYPE_CHECKING:
    from ..store.models import Outbox

WHAT = {
    "certificate": "the relay's certificate is not trusted",
    "tls": "no TLS with the relay",
    "login": "the relay refused the judge's login",
}
# What the judgekeeper is told to do about each.
FIXES = {
    "certificate": "if the relay's certificate comes from a CA of your own, set relay_ca_file "
    "to that CA's certificate (PEM); check that the host in outbound is a name the "
    "certificate holds",
    "tls": "the relay offers no STARTTLS, or its TLS failed: use smtps:// for a relay that "
    "speaks TLS from the first byte (port 465), smtp+starttls:// for one that starts plain "
    "(587)",
    "login": "check the user in outbound and the password (in the URL, relay_password_file "
    "or JUDGE_RELAY_PASSWORD) with the relay's owner",
}


class RelayUnusable(smtplib.SMTPException):
    """The relay can take no mail from the judge: `why` is "certificate" (not trusted),
    "tls" (none, or it failed) or "login" (refused). Not a refusal of one mail (a 5xx to
    it), so never a reason to give one up."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(f"{WHAT[why]}: {detail}")
        self.why = why

    @property
    def fix(self) -> str:
        return FIXES[self.why]


def backoff(attempts: int, first: float = 30.0) -> timedelta:
    """`first` (30 s), then twice as long at each failure (1 min, 2 min, ...), up to an
    hour between tries."""
    return timedelta(seconds=min(first * 2 ** max(attempts - 1, 0), 3600))


class Resting:
    """A sink the sender leaves alone after it failed to reach it or was refused: one try
    each wait (`retry_seconds`, doubled at each failure, at most an hour), not one a waiting
    mail; a relay locks out whoever fails its login too often."""

    failures = 0
    resting_until: datetime | None = None

    def resting(self, now: datetime) -> bool:
        return self.resting_until is not None and now < self.resting_until

    def rest(self, now: datetime, first: float) -> None:
        self.failures += 1
        self.resting_until = now + backoff(self.failures, first)

    def woke(self) -> None:
        self.failures, self.resting_until = 0, None


class Relay(Resting):
    """Delivers to an SMTP relay over one connection a batch."""

    exactly_once = False  # a relay cannot be asked whether it has a mail already

    def __init__(
        self,
        host: str,
        port: int,
        sender: str = "",
        timeout: float = 60,
        *,
        security: str = "plain",
        user: str = "",
        password: str = "",
        ca_file: str = "",
    ) -> None:
        self.host, self.port, self.sender, self.timeout = host, port, sender, timeout
        self.security, self.user, self._password = security, user, password
        self.ca_file = ca_file
        self.smtp: smtplib.SMTP | None = None
        self._context: ssl.SSLContext | None = None  # made once: it reads the CA store

    def __repr__(self) -> str:  # never the password
        return (
            f"Relay({self.security} {self.user + '@' if self.user else ''}{self.host}:{self.port})"
        )

    def connect(self) -> smtplib.SMTP:
        """A connection ready for MAIL FROM: TLS as asked, the certificate verified, logged
        in. RelayUnusable when the relay refuses the judge; OSError when it is not there."""
        if self._context is None and self.security != "plain":
            self._context = ssl.create_default_context(cafile=self.ca_file or None)
        context = self._context
        try:
            if self.security == "tls":
                smtp: smtplib.SMTP = smtplib.SMTP_SSL(
                    self.host, self.port, timeout=self.timeout, context=context
                )
            else:
                smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        except ssl.SSLCertVerificationError as exc:
            raise RelayUnusable("certificate", exc.verify_message or str(exc)) from None
        except ssl.SSLError as exc:
            raise RelayUnusable("tls", str(exc)) from None
        try:
            self._secure(smtp, context)
        except BaseException:
            smtp.close()
            raise
        return smtp

    def _secure(self, smtp: smtplib.SMTP, context: ssl.SSLContext | None) -> None:
        if self.security == "starttls":
            smtp.ehlo()
            if not smtp.has_extn("starttls"):
                raise RelayUnusable(
                    "tls", "it offers no STARTTLS; the judge sends nothing in clear"
                )
            try:
                smtp.starttls(context=context)
            except ssl.SSLCertVerificationError as exc:
                raise RelayUnusable("certificate", exc.verify_message or str(exc)) from None
            except ssl.SSLError as exc:
                raise RelayUnusable("tls", str(exc)) from None
        if self.user:
            try:
                smtp.login(self.user, self._password)
            except smtplib.SMTPAuthenticationError as exc:
                said = exc.smtp_error.decode(errors="replace")
                raise RelayUnusable("login", f"{exc.smtp_code} {said}") from None
            except smtplib.SMTPNotSupportedError:
                raise RelayUnusable("login", "it offers no login (AUTH)") from None

    @contextmanager
    def session(self) -> Iterator[None]:
        """One connection for a batch of mails."""
        try:
            yield
        finally:
            if self.smtp is not None:
                try:
                    self.smtp.quit()
                except (OSError, smtplib.SMTPException):
                    self.smtp.close()
                self.smtp = None

    def reset(self) -> None:
        if self.smtp is not None:
            try:
                self.smtp.rset()
            except (OSError, smtplib.SMTPException):
                self.smtp.close()
                self.smtp = None

    def deliver(self, row: Outbox, data: bytes, envelope_from: str = "") -> None:
        """`envelope_from`: the row's own MAIL FROM (verp.py), where its bounce comes back
        to and is read (mailin/bounces.py); else the judge's address."""
        data = data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")  # SMTP wants CRLF
        if self.smtp is None:
            self.smtp = self.connect()
        try:
            to = for_sending(row.to_address)  # an IDN as punycode; UTF-8 wants SMTPUTF8
            options = [] if to.isascii() else ["SMTPUTF8"]
            self.smtp.sendmail(envelope_from or self.sender, [to], data, options)
        except (OSError, smtplib.SMTPServerDisconnected):
            self.smtp.close()
            self.smtp = None
            raise


def relay_for(settings: Settings, target: RelayTarget) -> Relay:
    """The relay `outbound` names, with its password from wherever it is given (config.py
    checked that it is given once)."""
    password = target.password or settings.relay_password
    if settings.relay_password_file:
        # One line; the line break an editor leaves is not part of it.
        password = Path(settings.relay_password_file).read_text().rstrip("\r\n")
    return Relay(
        target.host, target.port, settings.address, security=target.security, user=target.user,
        password=password, ca_file=settings.relay_ca_file,
    )  # fmt: skip

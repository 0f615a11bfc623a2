"""The `outbound` setting read: where the judge's mail goes.

`maildir:PATH`, or a relay: `smtp://HOST:PORT` (plain SMTP and no login: a relay on this
host or a trusted network), `smtp+starttls://USER:PASSWORD@HOST:PORT` (STARTTLS before
anything else; port 587 if none) or `smtps://USER:PASSWORD@HOST:PORT` (TLS from the first
byte; port 465). The login is optional on the two TLS forms and refused on the plain one,
where the password would cross the network readable. A password with `@`, `:` or `/` in it
is written %-encoded, or kept out of the URL (`relay_password_file`, JUDGE_RELAY_PASSWORD).

Nothing here ever shows a password: `shown` is what logs and messages print.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

# scheme: (how the connection is secured, the default port)
SCHEMES = {"smtp": ("plain", 25), "smtp+starttls": ("starttls", 587), "smtps": ("tls", 465)}
FORMS = (
    "maildir:PATH or smtp://host:port (smtp+starttls://USER:PASSWORD@HOST:PORT or "
    "smtps://USER:PASSWORD@HOST:PORT for a relay with TLS and a login)"
)


@dataclass(frozen=True)
class RelayTarget:
    """A relay as `outbound` names it."""

    scheme: str  # a key of SCHEMES
    host: str
    port: int
    user: str = ""
    password: str = field(default="", repr=False)  # as the URL has it; often in a file

    @property
    def security(self) -> str:
        """ "plain", "starttls" or "tls"."""
        return SCHEMES[self.scheme][0]

    def shown(self) -> str:
        """The URL without its password, for logs and messages."""
        login = f"{quote(self.user, safe='')}@" if self.user else ""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{login}{host}:{self.port}"


def read(target: str) -> Path | RelayTarget:
    """The Maildir's path, or the relay; ValueError (saying what is wrong, never the
    password) for anything else."""
    if target.startswith("maildir:"):
        return Path(target[len("maildir:") :])
    scheme = target.partition("://")[0].lower() if "://" in target else ""
    if scheme not in SCHEMES:
        raise ValueError(f"must be {FORMS}")
    parts = urlsplit(target)
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ValueError("must have nothing after HOST:PORT")
    try:
        port = parts.port or SCHEMES[scheme][1]
    except ValueError:
        raise ValueError("must name its port as a number from 1 to 65535") from None
    user = unquote(parts.username or "")
    password = unquote(parts.password or "")
    if password and not user:
        raise ValueError("it gives a password without a user")
    return RelayTarget(scheme, parts.hostname or "127.0.0.1", port, user, password)


_LOGIN = re.compile(r"(://[^/@]*?):[^/@]*@")


def shown(target: str) -> str:
    """`target` as it may be printed: the relay's URL without its password."""
    try:
        found = read(target)
    except ValueError:
        return _LOGIN.sub(r"\1:...@", target)
    return found.shown() if isinstance(found, RelayTarget) else target

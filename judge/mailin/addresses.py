"""Which mail addresses the judge answers: every address a person can have (RFC 5321 and,
for UTF-8, RFC 6531: an apostrophe, a quoted local part, a local part in any script, an
internationalised domain), and none that only a machine reads or that would make the
judge write somewhere other than to a person: a pipe or a file, a bounce address, the
judge itself, an address with control or invisible characters (a zero-width space, a bidi
override: it would show as another address than it is), or one longer than SMTP carries.

One module, so that the header address, the body's REPLY-TO: line and every Reply-To
address are all judged alike.
"""

from __future__ import annotations

import re

from ..store.fields import invisible

MAX_ADDRESS = 254  # RFC 5321's path (256) without its angle brackets
MAX_LOCAL = 64  # octets, RFC 5321 4.5.3.1.1
MAX_DOMAIN = 253  # octets of the ASCII (punycode) form

_MACHINES = re.compile(
    r"^(mailer-daemon|mail-daemon|mailer|postmaster|postma|root|uucp|mmdf|smtp|daemon|"
    r"nobody|noreply|no-reply|do-not-reply|donotreply|bounces?|listserv|majordomo)"
    r"([-+._@]|$)",
    re.IGNORECASE,
)
# RFC 5322 atext, plus any character beyond ASCII (RFC 6531's UTF8-non-ascii).
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-\u0080-\U0010ffff]+"
_DOT_ATOM = re.compile(rf"{_ATOM}(?:\.{_ATOM})*")
# A quoted local part: printable characters and spaces, a backslash escaping one of them.
_QUOTED = re.compile(r'"(?:[ !#-\[\]-~\u0080-\U0010ffff]|\\[ -~])*"')
_LABEL = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$")


def refusal(address: str, own_address: str = "") -> str | None:
    """Why the judge must not write to `address`, or None when a person can be answered
    there. The wording goes into the log and, for a REPLY-TO: line, into the reply."""
    if not address:
        return "no address to answer"
    hidden = invisible(address)
    if hidden is not None:
        return f"not an address one can answer (it holds the invisible character {hidden})"
    shown = address[:80]
    if len(address) > MAX_ADDRESS:
        return f"not an address one can answer (longer than {MAX_ADDRESS} characters)"
    if own_address and address.lower() == own_address.lower():
        return "from our own address"
    parts = _split(address)
    if parts is None:
        return f"not an address one can answer ({shown!r})"
    local, domain = parts
    if _MACHINES.match(_unquoted(local) + "@"):
        return f"a machine's address ({shown})"
    if _unquoted(local)[:1] in ("|", "/", "-", ":"):  # a pipe, a file, an option, :include:
        return f"not an address one can answer ({shown!r})"
    if len(local.encode("utf-8")) > MAX_LOCAL or ascii_domain(domain) is None:
        return f"not an address one can answer ({shown!r})"
    return None


def answerable(address: str, own_address: str = "") -> bool:
    return refusal(address, own_address) is None


def for_sending(address: str) -> str:
    """The address as the relay is given it: an internationalised domain in its ASCII
    (punycode) form, which every relay carries; a UTF-8 local part stays as it is, for a
    relay that offers SMTPUTF8."""
    parts = _split(address)
    if parts is None:
        return address
    local, domain = parts
    encoded = ascii_domain(domain)
    return address if encoded is None or encoded == domain else f"{local}@{encoded}"


def ascii_domain(domain: str) -> str | None:
    """A domain's ASCII form (IDNA), or None when it is not a domain one can mail to: an
    address literal ([192.0.2.1]) is refused too, as no person's address is one."""
    name = domain[:-1] if domain.endswith(".") else domain
    if not name or len(name) > MAX_DOMAIN:
        return None
    try:
        encoded = name.encode("idna").decode("ascii") if not name.isascii() else name
    except UnicodeError:
        return None
    labels = encoded.split(".")
    if len(encoded) > MAX_DOMAIN or not all(_LABEL.match(label) for label in labels):
        return None
    return encoded


def _split(address: str) -> tuple[str, str] | None:
    """The local part and the domain, when the local part is a dot-atom or a quoted string."""
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain:
        return None
    if _DOT_ATOM.fullmatch(local) is None and _QUOTED.fullmatch(local) is None:
        return None
    return local, domain


def _unquoted(local: str) -> str:
    if len(local) >= 2 and local[0] == local[-1] == '"':
        return re.sub(r"\\(.)", r"\1", local[1:-1])
    return local

"""Which webhook URLs the judge posts to: http or https, no login in the URL, a host the
judgekeeper lists in `webhook_hosts` (`*.example.org` for its subdomains), and an address
that is public: never loopback, private, link-local, reserved or multicast, unless the
judgekeeper sets `webhook_allow_private` (a test's local server). A name is resolved and
every address it has is checked, at each post and at each redirect; the post then goes to
an address so checked (http.py), so that a name that changes its answer between the check
and the connection cannot reach what the check refused.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import SplitResult, urlsplit

from ..config import Settings

FORMS = ("json", "discord", "slack")

# Hosts whose webhooks have a form of their own, told from the URL when the master names none.
_DISCORD = ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com")
_SLACK = ("hooks.slack.com",)

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Refused(Exception):
    """A URL or an address the rules do not admit; the message says why."""


def form_of(url: str, named: str | None) -> str:
    """The form a webhook is posted in: the one named, or Discord's or Slack's for their
    hosts, or the judge's own JSON."""
    if named:
        return named
    host = (urlsplit(url).hostname or "").lower()
    if host in _DISCORD:
        return "discord"
    if host in _SLACK:
        return "slack"
    return "json"


def checked_url(url: str, settings: Settings) -> SplitResult:
    """The URL split, if its form and host are admitted (no address looked up: SET WEBHOOK
    answers at once, and every post checks the addresses); Refused otherwise."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise Refused(f"'{url}' is not a URL ({exc})") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise Refused(f"'{url}' is not an http:// or https:// URL")
    if parts.username is not None or parts.password is not None:
        raise Refused("a webhook's URL may not carry a login (user:password@)")
    if port == 0:
        raise Refused(f"'{url}' names port 0")
    host = parts.hostname.lower().rstrip(".")
    if not settings.webhook_host_list:
        raise Refused("this judge posts to no webhooks (its judgekeeper lists no hosts)")
    if not host_listed(host, settings.webhook_host_list):
        raise Refused(
            f"this judge posts only to the hosts its judgekeeper allows, and {host} is not "
            f"one of them ({', '.join(settings.webhook_host_list)})"
        )
    literal = _literal(host)
    if literal is not None:
        refuse_address(literal, settings)
    return parts


def host_listed(host: str, listed: tuple[str, ...]) -> bool:
    for allowed in listed:
        if allowed.startswith("*."):
            if host.endswith(allowed[1:]):
                return True
        elif host == allowed:
            return True
    return False


def is_private(address: Address) -> bool:
    """Whether an address is anything but a public unicast one: loopback, private,
    link-local, shared (100.64/10), reserved, unspecified or multicast; an IPv4 address
    written inside IPv6 (::ffff:127.0.0.1) is judged as itself."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global or address.is_multicast


def refuse_address(address: Address, settings: Settings) -> None:
    if settings.webhook_allow_private:
        return
    if is_private(address):
        raise Refused(
            f"{address} is a loopback, private or reserved address: this judge posts to "
            "public addresses only"
        )


def addresses(host: str, port: int, settings: Settings) -> list[Address]:
    """The addresses `host` has, every one of them admitted; Refused if any is not (a name
    with one private address among public ones is refused whole), or none is found."""
    literal = _literal(host)
    if literal is not None:
        refuse_address(literal, settings)
        return [literal]
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise Refused(f"{host} cannot be looked up ({exc})") from None
    out: list[Address] = []
    for *_, sockaddr in found:
        address = ipaddress.ip_address(str(sockaddr[0]).split("%", 1)[0])
        refuse_address(address, settings)
        if address not in out:
            out.append(address)
    if not out:
        raise Refused(f"{host} has no address")
    return out


def _literal(host: str) -> Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None

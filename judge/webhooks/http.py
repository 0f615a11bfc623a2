"""One post to a webhook: each URL on the way (the first and every redirect's) checked by
the rules, its host's addresses looked up and checked, and the connection made to one of
those very addresses (the Host header and TLS's server name still the host's), so that no
second look-up can lead it elsewhere. A redirect is followed with the same post, at most
MAX_REDIRECTS times; the answer of the last URL is returned."""

from __future__ import annotations

import http.client
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urljoin

from ..config import Settings
from .rules import Address, Refused, addresses, checked_url

MAX_REDIRECTS = 3
_REDIRECTS = (301, 302, 303, 307, 308)
_READ_MOST = 65536  # bytes of an answer read: its status is what counts


class Unreached(Exception):
    """The post did not get an answer (no connection, a timeout, a broken answer): to be
    tried again later."""


@dataclass(frozen=True)
class Answer:
    status: int
    reason: str
    retry_after: float | None = None  # seconds, from Retry-After (429, 503)


def post(url: str, body: bytes, headers: dict[str, str], settings: Settings) -> Answer:
    """POST `body` to `url`; Refused when the rules refuse a URL or address on the way,
    Unreached when no answer came."""
    for _ in range(MAX_REDIRECTS + 1):
        parts = checked_url(url, settings)
        tls = parts.scheme.lower() == "https"
        host = (parts.hostname or "").lower().rstrip(".")
        port = parts.port or (443 if tls else 80)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        answer, location = _post_once(
            host, port, tls, path, addresses(host, port, settings), body, headers,
            settings.webhook_timeout,
        )  # fmt: skip
        if answer.status not in _REDIRECTS or not location:
            return answer
        url = urljoin(url, location)
    raise Refused(f"more than {MAX_REDIRECTS} redirects")


def _post_once(
    host: str,
    port: int,
    tls: bool,
    path: str,
    found: list[Address],
    body: bytes,
    headers: dict[str, str],
    timeout: float,
) -> tuple[Answer, str]:
    problems = []
    for address in found:
        connection = _Pinned(host, port, address, timeout, tls)
        try:
            connection.request("POST", path, body=body, headers=headers)
            response = connection.getresponse()
            response.read(_READ_MOST)
            answer = Answer(response.status, response.reason, _seconds(response))
            return answer, response.getheader("Location", "") or ""
        except (OSError, http.client.HTTPException) as exc:
            problems.append(f"{address}: {type(exc).__name__} {exc}".strip())
        finally:
            connection.close()
    raise Unreached("; ".join(problems) or f"{host} has no address")


def _seconds(response: http.client.HTTPResponse) -> float | None:
    value = response.getheader("Retry-After", "")
    try:
        return max(0.0, float(value)) if value else None
    except ValueError:
        return None  # an HTTP date: the backoff decides


class _Pinned(http.client.HTTPSConnection):
    """A connection to `address` for `host`: TLS checks the certificate against the host's
    name (the system's trust store), plain HTTP just connects."""

    def __init__(self, host: str, port: int, address: Address, timeout: float, tls: bool):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.default_port = 443 if tls else 80  # the Host header names other ports only
        self._address = address
        self._tls = tls

    def connect(self) -> None:
        sock = socket.create_connection((str(self._address), self.port), self.timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if self._tls:
            sock = self._context.wrap_socket(sock, server_hostname=self.host)
        self.sock = sock

"""A local HTTP server for the webhook tests: http.server in a thread, keeping every request
it gets and answering each with the next of the answers it was given (then 200)."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float

    def json(self) -> Any:
        return json.loads(self.body)

    def parts(self) -> dict[str, tuple[str, bytes]]:
        """A multipart/form-data body's parts by name: (content type, bytes)."""
        head = f"Content-Type: {self.headers['content-type']}\r\n\r\n".encode()
        message = BytesParser(policy=HTTP).parsebytes(head + self.body)
        return {
            part.get_param("name", header="content-disposition"): (
                part.get_content_type(),
                part.get_payload(decode=True),
            )
            for part in message.iter_parts()
        }

    def signed_by(self, key: str) -> bool:
        stamp = self.headers["x-judge-timestamp"]
        mac = hmac.new(key.encode(), f"{stamp}.".encode() + self.body, hashlib.sha256)
        return hmac.compare_digest(self.headers["x-judge-signature"], f"sha256={mac.hexdigest()}")


@dataclass
class Hook:
    """The server: its port, what it got, and the answers still to give: a status, or
    (status, {header: value})."""

    answers: list[Any] = field(default_factory=list)
    got: list[Received] = field(default_factory=list)
    port: int = 0
    delay: float = 0.0  # seconds the next answer waits (a slow receiver)

    def url(self, path: str = "/hook", host: str = "127.0.0.1") -> str:
        return f"http://{host}:{self.port}{path}"

    def wait(self, count: int, timeout: float = 20) -> list[Received]:
        end = time.monotonic() + timeout
        while len(self.got) < count:
            if time.monotonic() > end:
                raise AssertionError(f"{len(self.got)} posts, not {count}, after {timeout} s")
            time.sleep(0.02)
        return self.got

    def events(self) -> list[str]:
        return [r.headers["x-judge-event"] for r in self.got]


def serve(hook: Hook) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length)
            headers = {k.lower(): v for k, v in self.headers.items()}
            hook.got.append(Received(self.path, headers, body, time.monotonic()))
            delay, hook.delay = hook.delay, 0.0
            time.sleep(delay)
            answer = hook.answers.pop(0) if hook.answers else 200
            status, extra = answer if isinstance(answer, tuple) else (answer, {})
            self.send_response(status)
            for name, value in extra.items():
                self.send_header(name, value)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    hook.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server

"""`judge bot --imap`: the robot reads its mails from an IMAP mailbox as it reads a Maildir.
The server here is a small IMAP4rev1 responder of the test's own (LOGIN, EXAMINE, SEARCH,
FETCH BODY.PEEK[], LOGOUT: what the robot asks), serving the very mails a Maildir holds, so
that the two readings can be compared; the client is the standard library's imaplib, as in
the robot."""

from __future__ import annotations

import socketserver
import threading
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import ClassVar

import pytest

from judge.botmail.box import imap_mails, maildir_mails

BOT = "bot@players.example"


def _mail(to: str, subject: str, body: str, when: str) -> bytes:
    message = EmailMessage()
    message["From"] = "judge@test.example"
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = when
    message.set_content(body)
    return bytes(message)


MAILS = [
    _mail(BOT, "USTS:war - S1901M Game Starting", "You have been selected as Italy.\n",
          "Wed, 25 Nov 2026 10:00:00 +0000"),
    _mail("other@players.example", "USTS:war - S1901M Game Starting", "Not yours.\n",
          "Wed, 25 Nov 2026 10:00:01 +0000"),
    _mail(BOT, "USTS:war - S1901M Results", "Movement results for Spring of 1901.\n",
          "Wed, 25 Nov 2026 11:00:00 +0000"),
]  # fmt: skip


class _Imap(socketserver.StreamRequestHandler):
    """Just enough IMAP4rev1 for a read-only look at one mailbox."""

    mails: ClassVar[list[bytes]] = []
    seen: ClassVar[list[str]] = []

    def _send(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self._send("* OK [CAPABILITY IMAP4rev1] test server ready")
        while line := self.rfile.readline().decode().strip():
            tag, _, rest = line.partition(" ")
            verb, _, args = rest.partition(" ")
            verb = verb.upper()
            self.seen.append(verb if verb != "LOGIN" else f"LOGIN {args}")
            if verb == "CAPABILITY":
                self._send("* CAPABILITY IMAP4rev1")
            elif verb in ("EXAMINE", "SELECT"):
                self._send(f"* {len(self.mails)} EXISTS")
                self._send("* FLAGS ()")
                self._send(f"{tag} OK [READ-ONLY] {verb} done")
                continue
            elif verb == "SEARCH":
                self._send("* SEARCH " + " ".join(str(i + 1) for i in range(len(self.mails))))
            elif verb == "FETCH":
                number = int(args.split()[0])
                raw = self.mails[number - 1]
                self.wfile.write(f"* {number} FETCH (BODY[] {{{len(raw)}}}\r\n".encode())
                self.wfile.write(raw + b")\r\n")
            elif verb == "LOGOUT":
                self._send("* BYE")
                self._send(f"{tag} OK LOGOUT done")
                return
            self._send(f"{tag} OK {verb} done")


@pytest.fixture
def server() -> Iterator[tuple[int, list[str]]]:
    _Imap.mails, _Imap.seen = MAILS, []
    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Imap) as running:
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        yield running.server_address[1], _Imap.seen
        running.shutdown()


def test_imap_gives_the_robot_the_mails_a_maildir_would(server, tmp_path: Path):
    port, seen = server
    box = tmp_path / "Maildir"
    for sub in ("new", "cur", "tmp"):
        (box / sub).mkdir(parents=True)
    for i, raw in enumerate(MAILS):
        (box / "new" / f"{1700000000 + i}.{i}.test").write_bytes(raw)
    by_imap = imap_mails(f"imap://bot%40players.example:s3cret@127.0.0.1:{port}/INBOX", BOT)
    by_maildir = maildir_mails(box, BOT)
    assert [m["Subject"] for m in by_imap] == [
        "USTS:war - S1901M Game Starting",
        "USTS:war - S1901M Results",
    ]
    assert [m.get_content() for m in by_imap] == [m.get_content() for m in by_maildir]
    # Read-only, with the user and password the address gave, and nothing marked as read.
    assert "LOGIN bot@players.example s3cret" in [x.replace('"', "") for x in seen]
    assert "EXAMINE" in seen and "STORE" not in seen


def test_an_imap_address_that_is_none_is_refused():
    with pytest.raises(ValueError, match="not an IMAP address"):
        imap_mails("pop3://bot@example.org/INBOX", BOT)

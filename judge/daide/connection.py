"""One connection to a game's table on the DAIDE server: a bot or an observer, and what it
has asked for and been told."""

from __future__ import annotations

import logging

from .messages import Message
from .protocol import Link
from .tokens import to_text

log = logging.getLogger("judge.daide")


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
        self.greet = False  # YES (MAP) said: HLO, SCO and NOW owed once the game runs
        self.timers: set[int] = set()  # TME (seconds) asked for
        self.told: set[tuple[str, int]] = set()
        self.last_from: str | None = None  # who sent the last FRM (HUH's answer goes back)

    def send(self, tokens: list[int] | Message) -> None:
        flat = tokens.flat() if isinstance(tokens, Message) else tokens
        if log.isEnabledFor(logging.DEBUG):
            log.debug("DAIDE to %s: %s", self.power or "?", to_text(flat)[:200])
        self.link.send(flat)

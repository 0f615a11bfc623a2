"""DAIDE's Client-Server Protocol, version 1: the frames on the wire and the server's side
of the handshake.

Each message is a 4-byte header (type, a pad byte, the body's length, big-endian) and its
body. The client opens with the Initial Message (version 1 and the magic number 0xDA10)
within 30 seconds; the server answers with the Representation Message (the game's power and
province tokens with their names, 6 bytes each; empty for the standard map) and from then
on both send Diplomacy Messages (tokens). Either side ends with a Final Message; a breach
of the protocol is answered with an Error Message carrying its code, and the connection
closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from enum import IntEnum

from .tokens import from_bytes, to_bytes

VERSION = 1
MAGIC = 0xDA10
FIRST_MESSAGE_SECONDS = 30.0
# No message of ours or a bot's comes near this; a longer one is a client gone wrong.
LONGEST_BODY = 0x7FFF


class Kind(IntEnum):
    IM = 0  # initial message (client)
    RM = 1  # representation message (server)
    DM = 2  # diplomacy message
    FM = 3  # final message
    EM = 4  # error message


class ErrorCode(IntEnum):
    IM_TIMER = 0x01  # no IM within 30 seconds
    IM_NOT_FIRST = 0x02
    IM_WRONG_ENDIAN = 0x03
    IM_WRONG_MAGIC = 0x04
    VERSION = 0x05
    IM_TWICE = 0x06
    IM_BY_SERVER = 0x07
    UNKNOWN_MESSAGE = 0x08
    TOO_SHORT = 0x09
    DM_BEFORE_RM = 0x0A
    RM_NOT_FIRST = 0x0B
    RM_TWICE = 0x0C
    RM_BY_CLIENT = 0x0D
    INVALID_TOKEN = 0x0E


class ProtocolError(Exception):
    """A breach of the protocol by the other side: answered with an EM of this code."""

    def __init__(self, code: ErrorCode) -> None:
        super().__init__(code.name)
        self.code = code


class Closed(Exception):
    """The other side closed the connection (or sent its Final Message)."""


def frame(kind: Kind, body: bytes = b"") -> bytes:
    return bytes((kind, 0)) + len(body).to_bytes(2, "big") + body


def initial_message(version: int = VERSION, magic: int = MAGIC) -> bytes:
    return frame(Kind.IM, version.to_bytes(2, "big") + magic.to_bytes(2, "big"))


def _paired(name: bytes) -> bytes:
    """A name's four bytes as 16-bit words, each high byte first (see `representation`)."""
    return bytes((name[1], name[0], name[3], name[2]))


def representation(entries: Iterable[tuple[int, str]]) -> bytes:
    """The RM: each token with its three-letter name and a NUL, 6 bytes an entry.

    The reference client (AiClient, ../shared/daide-client) turns every message it reads,
    this one too, from network order as a run of 16-bit words; so the name's characters go
    on the wire as words, the second of each pair first ("UA\0S" for AUS), and it reads
    the name it is sent. Our own client reads them the same way (`read_representation`)."""
    body = b"".join(
        t.to_bytes(2, "big") + _paired(name.encode("ascii")[:3].ljust(3, b" ") + b"\0")
        for t, name in entries
    )
    return frame(Kind.RM, body)


def read_representation(body: bytes) -> list[tuple[int, str]]:
    return [
        (
            int.from_bytes(body[i : i + 2], "big"),
            _paired(body[i + 2 : i + 6]).rstrip(b"\0").decode("ascii", "replace"),
        )
        for i in range(0, len(body) - len(body) % 6, 6)
    ]


def diplomacy(tokens: Iterable[int]) -> bytes:
    return frame(Kind.DM, to_bytes(tokens))


def error(code: ErrorCode) -> bytes:
    return frame(Kind.EM, int(code).to_bytes(2, "big"))


def final() -> bytes:
    return frame(Kind.FM)


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """The next message's type and body; Closed at the end of the stream."""
    try:
        header = await reader.readexactly(4)
        length = int.from_bytes(header[2:4], "big")
        body = await reader.readexactly(length) if length else b""
    except (asyncio.IncompleteReadError, ConnectionError) as exc:
        raise Closed() from exc
    return header[0], body


def check_initial(kind: int, body: bytes) -> None:
    """The client's first message must be a good IM."""
    if kind != Kind.IM:
        raise ProtocolError(ErrorCode.IM_NOT_FIRST)
    if len(body) < 4:
        raise ProtocolError(ErrorCode.TOO_SHORT)
    version = int.from_bytes(body[0:2], "big")
    magic = int.from_bytes(body[2:4], "big")
    if magic == 0x10DA or version == 0x0100:
        raise ProtocolError(ErrorCode.IM_WRONG_ENDIAN)
    if magic != MAGIC:
        raise ProtocolError(ErrorCode.IM_WRONG_MAGIC)
    if version != VERSION:
        raise ProtocolError(ErrorCode.VERSION)


def tokens_of(kind: int, body: bytes) -> list[int] | None:
    """A client's later message: the tokens of a DM, None for its FM (Closed), and a
    ProtocolError for anything else."""
    if kind == Kind.DM:
        if len(body) % 2:
            raise ProtocolError(ErrorCode.TOO_SHORT)
        return from_bytes(body)
    if kind == Kind.FM:
        raise Closed()
    if kind == Kind.IM:
        raise ProtocolError(ErrorCode.IM_TWICE)
    if kind == Kind.RM:
        raise ProtocolError(ErrorCode.RM_BY_CLIENT)
    if kind == Kind.EM:
        raise Closed()
    raise ProtocolError(ErrorCode.UNKNOWN_MESSAGE)


class Link:
    """One client's connection, server side: the handshake, then tokens in and out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.closed = False

    async def handshake(self, rm: bytes, timeout: float = FIRST_MESSAGE_SECONDS) -> None:
        """The IM within `timeout` seconds, then our RM; a ProtocolError on failure (the
        EM sent and the connection closed)."""
        try:
            kind, body = await asyncio.wait_for(read_frame(self.reader), timeout)
        except TimeoutError:
            await self.fail(ErrorCode.IM_TIMER)
            raise ProtocolError(ErrorCode.IM_TIMER) from None
        try:
            check_initial(kind, body)
        except ProtocolError as problem:
            await self.fail(problem.code)
            raise
        self.writer.write(rm)
        await self.writer.drain()

    async def receive(self) -> list[int]:
        """The next diplomacy message's tokens (Closed at the end)."""
        while True:
            kind, body = await read_frame(self.reader)
            try:
                tokens = tokens_of(kind, body)
            except ProtocolError as problem:
                await self.fail(problem.code)
                raise
            if tokens is not None:
                return tokens

    def send(self, tokens: Iterable[int]) -> None:
        if not self.closed and not self.writer.is_closing():
            self.writer.write(diplomacy(tokens))

    async def fail(self, code: ErrorCode) -> None:
        if not self.closed:
            self.writer.write(error(code))
            await self.close()

    async def close(self, final_message: bool = False) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            if final_message:
                self.writer.write(final())
            await self.writer.drain()
        except ConnectionError:
            pass
        self.writer.close()
        with contextlib.suppress(ConnectionError, OSError):
            await self.writer.wait_closed()

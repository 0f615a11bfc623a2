"""A mail body to commands: the njudge's way of reading a mail, line by line.

Most lines are one command of `commands.lark`. Some commands take the lines after them:
PRESS, BROADCAST, POSTAL PRESS and DIARY take the text up to a line holding only ENDPRESS,
ENDBROADCAST or SIGN OFF; REGISTER takes `field: value` lines up to END; SET COMMENT BEGIN
takes the rest of the mail. Once a player has signed on, a line that is not a command is a
line of orders; after PHASE, orders (and IF ... ENDIF around them) are for that phase.

`parse_mail` never raises: a line it cannot read becomes a LineError with the reason, and
the lines around it are read as usual. It takes time in proportion to the mail's length.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import datetime

from .commands import (
    JOINING,
    Branch,
    Command,
    Condition,
    Conditional,
    Diary,
    Help,
    LineError,
    OrderEntry,
    OrderLine,
    PhasedOrders,
    PostalPress,
    Predict,
    Press,
    Register,
    SetComment,
    SetWait,
    SignOff,
)
from .commands.base import cut_short
from .commands.play import Else, ElseIf, EndIf, If
from .conditions import MAX_NESTING, nesting, resolve_condition
from .lines import COMMAND_START, MAX_LINE, command_reader
from .orders import OrderParser, OrderSyntaxError, PhaseKind
from .passwords import line_passwords, passwords, secrets_of
from .vocabulary import Vocabulary

MAX_IF_DEPTH = 20  # IFs open at once in a PHASE's orders


@dataclass(frozen=True)
class ParsedMail:
    commands: tuple[Command, ...]
    errors: tuple[LineError, ...]
    # Why reading stopped: "sign off", "help", "signature" (a `-- ` line), "end", or
    # "time": the mail took longer than its deadline and was not read to the end.
    ended: str = "end"
    # The passwords its lines carry, to be masked wherever the mail is kept or echoed:
    # those of every command line read, carried out or not, and of the lines after the
    # mail ended (SIGN OFF, HELP, a signature), which a reply's echo of the mail shows too.
    secrets: tuple[str, ...] = ()


VocabularyFor = Callable[[Command], Vocabulary | None]

_CONDITION_START = re.compile(r"^\s*(else\s*)?if(?![a-z0-9])", re.IGNORECASE)
_BODY_END = re.compile(r"^\s*(endpress|endbroadcast|sign\s*off)\s*$", re.IGNORECASE)
_SIGN_OFF = re.compile(r"^\s*(sign\s*off)\s*$", re.IGNORECASE)
_END_PREDICT = re.compile(r"^\s*end\s*predict\s*$", re.IGNORECASE)
_FIELD_NAME = re.compile(r"[A-Za-z][A-Za-z -]*")
_ORDER_SPLIT = re.compile(r"[,;]")


@dataclass
class _Block:
    """A PHASE command's orders while they are being read, with its open IFs."""

    command: PhasedOrders
    index: int  # where it goes in the list of commands
    items: list = field(default_factory=list)
    # Each open IF: its finished branches, and the current branch's condition and items.
    open_ifs: list[tuple[list[Branch], Condition | None, list, int]] = field(default_factory=list)

    def target(self) -> list:
        return self.open_ifs[-1][2] if self.open_ifs else self.items


class _Reader:
    def __init__(
        self,
        now: datetime,
        vocabulary: Vocabulary | VocabularyFor | None,
        deadline: float | None = None,
    ) -> None:
        self.now = now
        self.deadline = deadline
        self.commands: list[Command] = []
        self.errors: list[LineError] = []
        self.secrets: list[str] = []  # the passwords of the command lines read
        self.signed_on = False
        self.vocabulary: Vocabulary | None = (
            vocabulary if isinstance(vocabulary, Vocabulary) else None
        )
        self.vocabulary_for = vocabulary if callable(vocabulary) else None
        self.block: _Block | None = None
        self.reader = command_reader()

    def error(self, number: int, text: str, reason: str) -> None:
        self.errors.append(LineError(number, text, reason))

    def read(self, lines: list[str]) -> tuple[str, int]:
        """Why reading ended, and the line it ended before."""
        i = 0
        total = len(lines)
        while i < total:
            raw = lines[i]
            number = i + 1
            i += 1
            if self.deadline is not None and not i % 256 and time.monotonic() > self.deadline:
                self.error(number, "", "the rest of the mail was not read: it took too long")
                return "time", i
            if raw == "-- ":
                return "signature", i  # the conventional signature separator: the mail ends
            text = raw.strip()
            if not text or text.startswith(">"):
                # blank, or quoted from an earlier mail: not read, but its passwords kept
                self.secrets.extend(line_passwords(text, self.now) if text else ())
                continue
            if len(text) > MAX_LINE:
                self.error(
                    number, cut_short(text), f"the line is too long ({len(text)} characters)"
                )
                continue
            if not COMMAND_START.match(text):
                self.orders(number, text)
                continue
            if _CONDITION_START.match(text):
                if nesting(text) > MAX_NESTING:
                    self.error(number, cut_short(text), "parentheses nested too deep")
                    continue
                # The end of the line closes the parentheses left open (manual 6.3).
                text += ")" * max(0, text.count("(") - text.count(")"))
            read = self.reader.read(text, self.now)
            if isinstance(read, str):
                self.error(number, text, read)
                continue
            self.secrets.extend(secrets_of(read))  # carried out or not (a second SIGN ON)
            for command in read:
                command = _numbered(command, number)
                ended, i = self.command(command, number, lines, i)
                if ended:
                    return ended, i
        return "end", i

    def command(
        self, command: Command, number: int, lines: list[str], i: int
    ) -> tuple[str | None, int]:
        """Handle one command; returns why reading ends (if it does) and the next line."""
        if isinstance(command, SignOff):
            return "sign off", i
        if isinstance(command, Help):
            self.commands.append(command)
            # Before signing on HELP is the whole mail; after it, the mail goes on.
            return (None if self.signed_on else "help"), i
        if isinstance(command, Press | PostalPress) or (
            isinstance(command, Diary) and command.action == "record"
        ):
            text, i, terminated, ended = _body(lines, i)
            self.commands.append(_with_text(command, text, terminated))
            return ("sign off" if ended else None), i
        if isinstance(command, Predict):
            orders, i = self.sandbox(lines, i)
            self.commands.append(_replace(command, orders=orders))
            return None, i
        if isinstance(command, Register):
            fields, i = self.register(number, lines, i)
            self.commands.append(Register(line=number, fields=fields))
            return None, i
        if isinstance(command, SetComment) and command.full:
            text, i, _, _ = _body(lines, i, until_sign_off_only=True)
            self.commands.append(SetComment(line=number, text=text, full=True))
            return "sign off", i
        if isinstance(command, PhasedOrders):
            self.close_block()
            self.block = _Block(command, len(self.commands))
            self.commands.append(command)
            return None, i
        if isinstance(command, If | ElseIf | Else | EndIf):
            self.structure(command, number)
            return None, i
        if isinstance(command, SetWait) and self.block is not None:
            self.block.target().append(command)  # SET [NO] WAIT carries over to the phase
            return None, i
        if isinstance(command, JOINING):
            if self.signed_on:
                self.error(
                    number, _text(lines, number), "only one SIGN ON (or CREATE, OBSERVE) per mail"
                )
                return None, i
            self.signed_on = True
            if self.vocabulary_for is not None:
                self.vocabulary = self.vocabulary_for(command)
        self.commands.append(command)
        return None, i

    def register(
        self, number: int, lines: list[str], i: int
    ) -> tuple[tuple[tuple[str, str], ...], int]:
        fields: list[tuple[str, str]] = []
        while i < len(lines):
            text = lines[i].strip()
            i += 1
            if text.upper() == "END":
                return tuple(fields), i
            if not text:
                continue
            if len(text) > MAX_LINE:
                self.error(i, cut_short(text), f"the line is too long ({len(text)} characters)")
                continue
            field = _field(text)
            if field is None:
                self.error(i, text, "a REGISTER line is 'field: value'")
                continue
            fields.append(field)
        self.error(number, "REGISTER", "REGISTER without END: the form was read to the end")
        return tuple(fields), i

    def sandbox(self, lines: list[str], i: int) -> tuple[tuple[OrderLine, ...], int]:
        """PREDICT's orders: the order lines after it, up to a line holding only
        ENDPREDICT (taken), the next command line or signature (left to be read), or the
        mail's end. Read as the current phase's orders, and never kept by the judge."""
        phase = self.vocabulary.phase if self.vocabulary else None
        found: list[OrderLine] = []
        while i < len(lines):
            raw = lines[i]
            text = raw.strip()
            if raw == "-- " or COMMAND_START.match(text):
                break
            i += 1
            if _END_PREDICT.match(text):
                break
            if not text or text.startswith(">") or len(text) > MAX_LINE:
                continue
            found.append(self.order_line(i, text, phase))
        return tuple(found), i

    # -- orders ----------------------------------------------------------------------------

    def orders(self, number: int, text: str) -> None:
        if not self.signed_on:
            self.error(number, text, "not a command; orders must follow a SIGN ON")
            return
        if self.block is not None:
            kind = _KINDS[self.block.command.phase.kind]
            self.block.target().append(self.order_line(number, text, kind))
        else:
            phase = self.vocabulary.phase if self.vocabulary else None
            self.commands.append(self.order_line(number, text, phase))

    def order_line(self, number: int, text: str, phase: PhaseKind | None) -> OrderLine:
        entries = []
        parser = (
            OrderParser.for_names(self.vocabulary.names, self.vocabulary.dialect)
            if self.vocabulary
            else None
        )
        # (for_names finds the parser by the mapping's identity: cheap on every line)
        for piece in _ORDER_SPLIT.split(text):
            piece = piece.strip()
            if not piece:
                continue
            if parser is None or phase is None:
                entries.append(OrderEntry(piece))
                continue
            entries.extend(_read_order(parser, piece, phase))
        return OrderLine(line=number, text=text, orders=tuple(entries))

    # -- PHASE, IF, ELSE, ENDIF ------------------------------------------------------------

    def structure(self, command: Command, number: int) -> None:
        block = self.block
        if block is None:
            self.error(number, _word(command), "IF, ELSE and ENDIF may only follow a PHASE command")
            return
        if isinstance(command, If):
            if len(block.open_ifs) >= MAX_IF_DEPTH:
                self.error(
                    number,
                    _word(command),
                    f"too many nested IF without ENDIF (at most {MAX_IF_DEPTH} open at once)",
                )
                return
            block.open_ifs.append(([], self.condition(command.condition, number), [], number))
            return
        if not block.open_ifs:
            self.error(number, _word(command), f"{_word(command)} without IF")
            return
        branches, condition, items, start = block.open_ifs[-1]
        if isinstance(command, EndIf):
            self.close_if()
            return
        if condition is None:  # the open branch is already the ELSE
            self.error(number, _word(command), f"{_word(command)} after ELSE")
            return
        branches.append(Branch(condition, tuple(items)))
        new = self.condition(command.condition, number) if isinstance(command, ElseIf) else None
        block.open_ifs[-1] = (branches, new, [], start)

    def close_if(self) -> None:
        block = self.block
        assert block is not None
        branches, condition, items, start = block.open_ifs.pop()
        branches.append(Branch(condition, tuple(items)))
        block.target().append(Conditional(line=start, branches=tuple(branches)))

    def close_block(self) -> None:
        """The end of a PHASE's orders: its open IFs close without complaint (manual 6.3)."""
        block = self.block
        if block is None:
            return
        while block.open_ifs:
            self.close_if()
        self.commands[block.index] = PhasedOrders(
            line=block.command.line, phase=block.command.phase, items=tuple(block.items)
        )
        self.block = None

    def condition(self, condition: Condition, number: int) -> Condition:
        """Resolve the atoms' words against the game's names, reporting what is unknown."""
        if self.vocabulary is None:
            return condition
        return resolve_condition(
            condition, self.vocabulary, lambda words, reason: self.error(number, words, reason)
        )


_KINDS: dict[str, PhaseKind] = {"M": "movement", "R": "retreat", "B": "adjustment"}


def parse_mail(
    body: str | bytes,
    now: datetime,
    vocabulary: Vocabulary | VocabularyFor | None = None,
    deadline: float | None = None,
) -> ParsedMail:
    """Read a mail body. `vocabulary` is the signed-on game's (or a function from the SIGN
    ON command to it, for the engine, which learns the game from that line). `deadline`
    (a time.monotonic() value): past it, reading stops with ended "time"."""
    if isinstance(body, bytes):
        body = body.decode("utf-8", errors="replace")
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    reader = _Reader(now, vocabulary, deadline)
    try:
        ended, at = reader.read(lines)
    except Exception as exc:  # a bug of ours must not cost the player the mail
        reader.error(0, "", f"the judge could not read the rest of the mail ({type(exc).__name__})")
        ended, at = "end", len(lines)
    reader.close_block()
    if ended != "time":
        reader.secrets.extend(passwords(lines[at:], now, deadline))
    secrets = tuple(dict.fromkeys(reader.secrets))
    return ParsedMail(tuple(reader.commands), tuple(reader.errors), ended, secrets)


def _field(text: str) -> tuple[str, str] | None:
    """`field: value` of a REGISTER form, or None. Not one regular expression: a pattern
    that finds the name's end by backtracking took quadratic time on a line of spaces."""
    name, colon, value = text.partition(":")
    name = name.strip()
    if not colon or not _FIELD_NAME.fullmatch(name):
        return None
    return name.lower(), value.strip()


def _numbered(command: Command, number: int) -> Command:
    return _replace(command, line=number)


def _replace(command: Command, **changes: object) -> Command:
    return replace(command, **changes)  # type: ignore[type-var]


def _with_text(command: Command, text: str, terminated: bool) -> Command:
    if isinstance(command, Diary):
        return _replace(command, text=text)
    return _replace(command, text=text, terminated=terminated)


def _body(
    lines: list[str], i: int, until_sign_off_only: bool = False
) -> tuple[str, int, bool, bool]:
    """The text of a press (or diary, or comment) from line i: (text, next line, whether a
    terminator was found, whether that terminator was SIGN OFF)."""
    end = _SIGN_OFF if until_sign_off_only else _BODY_END
    start = i
    while i < len(lines):
        line = lines[i]
        if line == "-- ":
            return "\n".join(lines[start:i]).strip("\n"), len(lines), False, True
        match = end.match(line)
        if match:
            signed_off = match.group(1).lower().replace(" ", "") == "signoff"
            return "\n".join(lines[start:i]).strip("\n"), i + 1, True, signed_off
        i += 1
    return "\n".join(lines[start:]).strip("\n"), len(lines), False, False


def _read_order(parser: OrderParser, text: str, phase: PhaseKind) -> list[OrderEntry]:
    try:
        return [OrderEntry(text, parser.parse(text, phase))]
    except OrderSyntaxError as exc:
        split = parser.split_valid_prefix(text, phase)
        if split is None:
            return [OrderEntry(text, error=exc.message)]
        # `A Par-Bur please`: the order, and the leftover read as another order (njudge).
        order, rest = split
        head = text[: len(text) - len(rest)].strip() if text.lower().endswith(rest) else text
        return [OrderEntry(head, order), *_read_order(parser, rest, phase)]


def _word(command: Command) -> str:
    return {If: "IF", ElseIf: "ELSE IF", Else: "ELSE", EndIf: "ENDIF"}.get(type(command), "?")


def _text(lines: list[str], number: int) -> str:
    return lines[number - 1].strip() if 0 < number <= len(lines) else ""

"""Our strategies as DAIDE clients (`judge bot --daide HOST:PORT`): a bot that connects to
any DAIDE server (ours, or another), takes a power with NME (or IAM), and plays it with one
of the robots' strategies (robots/), as the judge's own robots play: the board from NOW and
SCO, the orders as SUB; a BlabBot answers press (FRM) as robots.talk has it.

The map is known by MAP's name (STANDARD, or a variant of this judge by its name); the
server's Representation Message says which token is which power and province.
"""

from __future__ import annotations

import random
import socket
from dataclasses import dataclass, field
from typing import Any

import robots
import variants
from adjudicator.document import read_document
from parser.dpp import DppError, read_dpp
from robots.talk import answer, befriends

from ..engine.press.dpp import names_of
from . import protocol as p
from .mdf import COAST_OF, SEASONS, Board, board_of
from .messages import Message, bracket, message, parse
from .orders import order_message
from .tokens import FIXED_NAMES, Names, T, TokenError, from_text, is_number, to_text, value_of


@dataclass
class Seat:
    """What the client knows: the board, its power, the centres, the phase."""

    strategy: str
    name: str = "judge"
    version: str = "1"
    power_asked: str = ""
    passcode: int | None = None
    seed: int = 0
    board: Board | None = None
    rm: dict[int, str] = field(default_factory=dict)
    power: str | None = None
    centers: dict[str, list[str]] = field(default_factory=dict)
    friends: set[str] = field(default_factory=set)
    tried: set[str] = field(default_factory=set)
    ending: str = ""  # SLO's winner or "draw", once the game is over
    phases: int = 0
    refused: int = 0  # THX notes other than MBV


def _recv_exact(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise p.Closed()
        data += chunk
    return data


def read(sock: socket.socket) -> tuple[int, bytes]:
    header = _recv_exact(sock, 4)
    length = int.from_bytes(header[2:4], "big")
    return header[0], _recv_exact(sock, length) if length else b""


class Client:
    """One connection, played to the end (OFF, or the server closing)."""

    def __init__(self, host: str, port: int, seat: Seat, timeout: float = 600) -> None:
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self.seat = seat
        self.waiting: Message | None = None  # a NOW to play once HLO says our power

    def send(self, msg: Message) -> None:
        self.sock.sendall(p.diplomacy(msg.flat()))

    def run(self) -> Seat:
        self.sock.sendall(p.initial_message())
        kind, body = read(self.sock)
        if kind != p.Kind.RM:
            raise p.ProtocolError(p.ErrorCode.RM_NOT_FIRST)
        self.seat.rm = dict(p.read_representation(body))
        s = self.seat
        if s.power_asked and s.passcode is not None:
            self.send(self._iam())
        else:
            self.send(message(T("NME"), bracket(s.name), bracket(s.version)))
        try:
            while True:
                kind, body = read(self.sock)
                if kind in (p.Kind.FM, p.Kind.EM):
                    break
                if kind != p.Kind.DM:
                    continue
                if not self.handle(parse(p.from_bytes(body)) if body else Message([])):
                    break
        except (p.Closed, ConnectionError, OSError):
            pass
        finally:
            self.sock.close()
        return self.seat

    def _iam(self) -> Message:
        asked = self.seat.power_asked.upper()
        # The power by its three letters, or by its name (those of a power are its first
        # three letters but where two powers' clash: then give the three letters).
        names = [n for n in (asked, asked[:3]) if n in self.seat.rm.values()]
        if not names:
            raise ValueError(f"the server has no power {self.seat.power_asked!r}")
        token = next(t for t, n in self.seat.rm.items() if n == names[0])
        return message(T("IAM"), bracket(token), bracket(_number(self.seat.passcode or 0)))

    # -- the server's messages ------------------------------------------------------------

    def handle(self, msg: Message) -> bool:
        head = msg.head()
        s = self.seat
        if head == T("MAP"):
            name = (msg[1].text() or "").strip().lower()
            s.board = board_of(name)
            if s.rm and len(s.rm) != len(s.board.powers) + len(s.board.provinces):
                raise ValueError("the server's map is not ours of that name")
            if s.power_asked and s.passcode is not None:
                self.send(message(T("HLO")))
                self.send(message(T("SCO")))
                self.send(message(T("NOW")))
            else:
                self.send(message(T("YES"), bracket(*msg.items)))
        elif head == T("YES") and _about(msg, "IAM"):
            self.send(message(T("MAP")))  # back in its seat: the map, then where things stand
        elif head == T("HLO"):
            s.power = self._power(msg[1].head())
            if self.waiting is not None:  # a NOW came before we knew our power
                self.play(self.waiting)
        elif head == T("SCO"):
            s.centers = {}
            for part in msg.items[1:]:
                owner = part[0]
                if owner == T("UNO"):
                    continue
                s.centers[self._power(owner)] = [self._place(x) for x in part.items[1:]]
        elif head == T("NOW"):
            self.play(msg)
        elif head == T("THX"):
            if msg[2].head() != T("MBV"):
                s.refused += 1
                self.replace(msg[1], msg[2].head())
        elif head == T("FRM"):
            self.talk(msg)
        elif head == T("SLO"):
            s.ending = self._power(msg[1].head())
        elif head == T("DRW"):
            s.ending = "draw"
        elif head == T("OFF") or (head == T("REJ") and _about(msg, "NME")):
            return False
        return True

    def _power(self, token: int | None) -> str:
        assert self.seat.board is not None
        name = self.seat.rm.get(token or 0, "")
        return next(p for p, n in self.seat.board.power_names.items() if n == name)

    def _place(self, item: Any) -> str:
        assert self.seat.board is not None
        names = {n: a for a, n in self.seat.board.province_names.items()}
        if isinstance(item, Message):
            return f"{names[self.seat.rm[item[0]]]}/{COAST_OF[FIXED_NAMES[item[1]]]}"
        return names[self.seat.rm[item]]

    def _unit(self, unit: Message) -> tuple[str, str]:
        letter = "A" if unit[1] == T("AMY") else "F"
        return self._power(unit[0]), f"{letter} {self._place(unit[2])}"

    def play(self, msg: Message) -> None:
        s = self.seat
        board = s.board
        if board is None or s.power is None:
            self.waiting = msg
            return
        self.waiting = None
        turn = msg[1]
        code = {v: k for k, v in SEASONS.items()}[FIXED_NAMES[turn[0]]]
        phase = f"{code[0]}{value_of(turn[1]):04d}{code[1]}"
        units: dict[str, list[str]] = {}
        dislodged = []
        for part in msg.items[2:]:
            power, unit = self._unit(part)
            if len(part) > 3 and part[3] == T("MRT"):
                places = [self._place(x) for x in part[4]]
                dislodged.append({"power": power, "unit": unit, "retreats": places})
            else:
                units.setdefault(power, []).append(unit)
        doc = {
            "variant": board.variant.name, "phase": phase, "units": units,
            "centers": s.centers, "orders": {},
        }  # fmt: skip
        if phase.endswith("R"):
            doc["dislodged"] = dislodged
        position, _, rules = read_document(doc)
        rng = robots.rng_for(s.seed, phase, s.power)
        friends = frozenset(s.friends)
        orders = robots.play(s.strategy, position, s.power, rng, friends, rules)
        owner = {u.split()[1].partition("/")[0]: p for p, us in units.items() for u in us}
        kind = {"M": "movement", "R": "retreat", "B": "adjustment"}[phase[-1]]
        subs = [order_message(board, s.power, text, owner.get, kind) for text in orders]
        subs = [x for x in subs if x is not None]
        s.phases += 1
        if subs:
            self.send(message(T("SUB"), *subs))

    def replace(self, order: Message, note: int | None) -> None:
        """An order refused: a hold, a disband or a waive instead, as DAIDE's own clients
        do, so that the game need not wait for the deadline."""
        unit = order[0] if isinstance(order[0], Message) else None
        if unit is None:
            return
        moves = {T(n) for n in ("FAR", "NSP", "NSU", "NAS", "NSF", "NSA")}
        builds = {T(n) for n in ("YSC", "ESC", "HSC", "NSC", "CST")}
        if note in moves:
            new = bracket(unit, T("HLD"))
        elif note == T("NVR"):
            new = bracket(unit, T("DSB"))
        elif note in builds:
            new = bracket(unit[0], T("WVE"))
        else:
            return
        if new.flat() != order.flat():
            self.send(message(T("SUB"), new))

    def talk(self, msg: Message) -> None:
        """A press message: BlabBot's answers (robots.talk), sent back to its sender."""
        s = self.seat
        board = s.board
        if board is None or s.power is None or len(msg) < 4:
            return
        sender = self._power(msg[1].head())
        names = _dpp_names(board)
        text = to_text(msg[3].flat(), names)
        try:
            said = read_dpp(text)
        except DppError:
            said = None
        if said is None:
            return
        tokens = names_of(board.variant).powers
        if s.strategy == "blabbot" and befriends(s.power, sender, said, tokens):
            s.friends.add(sender)
        try:
            texts = answer(
                s.strategy, s.power, sender, said, frozenset(s.friends), tokens=tokens,
                tried=sender in s.tried,
            )  # fmt: skip
        except KeyError:
            return
        for reply in texts:
            if reply.startswith("TRY"):
                s.tried.add(sender)
            try:
                press = parse(from_text(reply, names))
            except (TokenError, ValueError):
                continue
            to = bracket(board.powers[sender])
            self.send(message(T("SND"), to, bracket(*press.items)))


def _about(msg: Message, word: str) -> bool:
    return len(msg) > 1 and isinstance(msg[1], Message) and msg[1].head() == T(word)


def _number(value: int) -> int:
    from .tokens import number

    return number(value)


def _dpp_names(board: Board) -> Names:
    """Tokens as the judge's DPP writes them (press/dpp.py: names_of)."""
    from .press import judge_names

    return judge_names(board)


def play(
    address: str, strategy: str, name: str = "", power: str = "", passcode: int | None = None,
    seed: int | None = None,
) -> Seat:  # fmt: skip
    """Play one game on the DAIDE server at `address` (host:port) with `strategy`."""
    if strategy not in robots.STRATEGIES:
        raise KeyError(strategy)
    host, _, port = address.rpartition(":")
    seat = Seat(
        strategy=strategy, name=name or f"Judge {strategy}", power_asked=power,
        passcode=passcode, seed=random.SystemRandom().randrange(2**31) if seed is None else seed,
    )  # fmt: skip
    return Client(host or "127.0.0.1", int(port), seat).run()


assert is_number(0) and variants

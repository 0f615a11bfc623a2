"""DAIDE's tokens: 16-bit values, the high byte a category, and their three-letter text.

Numbers are 14-bit two's complement (-8192 to 8191) in the tokens whose top two bits are 0;
a text is one token per character (category 0x4B); provinces carry their kind in the
category (0x50 to 0x57: inland, sea, coastal, bicoastal, each without and with a supply
centre) and a board-wide index in the low byte; powers are 0x41 with their index. The
values of the fixed tokens are the Client-Server Protocol's. Which power or province a
token names is the game's (mdf.py: `Board`), so the codec is given a `Names` to read and
write text with.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

NUMBER_MIN = -8192
NUMBER_MAX = 8191

BRACKET = 0x40
POWER = 0x41
UNIT = 0x42
ORDER = 0x43
NOTE = 0x44
RESULT = 0x45
COAST = 0x46
SEASON = 0x47
COMMAND = 0x48
PARAMETER = 0x49
PRESS = 0x4A
TEXT = 0x4B
PROVINCE_FIRST = 0x50
PROVINCE_LAST = 0x57

OPEN = 0x4000
CLOSE = 0x4001

# Province categories: base 0x50, +1 for a supply centre, +0/2/4/6 for inland, sea,
# coastal, bicoastal.
INLAND, SEA, COASTAL, BICOASTAL = 0, 2, 4, 6


def _table(category: int, names: str, start: int = 0, step: int = 1) -> dict[str, int]:
    return {n: (category << 8) | (start + i * step) for i, n in enumerate(names.split())}


FIXED: dict[str, int] = {
    **_table(UNIT, "AMY FLT"),
    **_table(ORDER, "CTO CVY HLD MTO SUP VIA", 0x20),
    **_table(ORDER, "DSB RTO", 0x40),
    **_table(ORDER, "BLD REM WVE", 0x80),
    **_table(NOTE, "MBV BPR CST ESC FAR HSC NAS NMB NMR NRN NRS NSA NSC NSF NSP"),
    **_table(NOTE, "NSU NVR NYU YSC", 0x10),
    **_table(RESULT, "SUC BNC CUT DSR FLD NSO RET"),
    **_table(COAST, "NCS NEC ECS SEC SCS SWC WCS NWC", 0, 2),
    **_table(SEASON, "SPR SUM FAL AUT WIN"),
    **_table(
        COMMAND,
        "CCD DRW FRM GOF HLO HST HUH IAM LOD MAP MDF MIS NME NOT NOW OBS OFF ORD OUT PRN "
        "REJ SCO SLO SND SUB SVE THX TME YES ADM SMR",
    ),
    **_table(PARAMETER, "AOA BTL ERR LVL MRT MTL NPB NPR PDA PTL RTL UNO"),
    "DSD": (PARAMETER << 8) | 0x0D,
    **_table(PRESS, "ALY AND BWX DMZ ELS EXP FCT FOR FWD HOW IDK IFF INS"),
    **_table(PRESS, "OCC ORR PCE POB", 0x0E),
    **_table(PRESS, "PRP QRY SCD SRY SUG THK THN TRY", 0x13),
    **_table(PRESS, "VSS WHT WHY XDO XOY YDO CHO BCC UNT", 0x1C),
}
FIXED_NAMES: dict[int, str] = {v: k for k, v in FIXED.items()}
KEYWORDS: frozenset[str] = frozenset(FIXED)


def T(name: str) -> int:
    """The value of a fixed token (`T("HLO")`)."""
    return FIXED[name]


def category(token: int) -> int:
    return token >> 8


def is_number(token: int) -> bool:
    return token & 0xC000 == 0


def number(value: int) -> int:
    """The token of an integer; DAIDE's integers stop at 8191 (and -8192)."""
    if not NUMBER_MIN <= value <= NUMBER_MAX:
        raise ValueError(f"{value} does not fit a DAIDE number ({NUMBER_MIN} to {NUMBER_MAX})")
    return value & 0x3FFF


def value_of(token: int) -> int:
    """The integer a number token carries."""
    return token - 0x4000 if token & 0x2000 else token


def is_province(token: int) -> bool:
    return PROVINCE_FIRST <= category(token) <= PROVINCE_LAST


def province_token(index: int, kind: int, centre: bool) -> int:
    return ((PROVINCE_FIRST + kind + (1 if centre else 0)) << 8) | index


def power_token(index: int) -> int:
    return (POWER << 8) | index


def text_tokens(text: str) -> list[int]:
    """A text as tokens, one a character (ASCII only; anything else becomes '?')."""
    return [(TEXT << 8) | (ord(c) if 32 <= ord(c) < 127 else ord("?")) for c in text]


@dataclass(frozen=True)
class Names:
    """The game's power and province tokens by their three-letter names, and back."""

    by_name: Mapping[str, int] = field(default_factory=dict)

    @property
    def by_value(self) -> dict[int, str]:
        return {v: k for k, v in self.by_name.items()}


class TokenError(ValueError):
    """Text that is no DAIDE message: the message says which word."""


def to_text(tokens: Iterable[int], names: Names | None = None) -> str:
    """A message as the documents write it: `NME ('DumbBot') ('1')`."""
    board = names.by_value if names else {}
    out: list[str] = []
    quoted: list[str] | None = None
    for token in tokens:
        if category(token) == TEXT:
            quoted = [] if quoted is None else quoted
            quoted.append(chr(token & 0xFF))
            continue
        if quoted is not None:
            out.append("'" + "".join(quoted).replace("'", "''") + "'")
            quoted = None
        if token == OPEN:
            out.append("(")
        elif token == CLOSE:
            out.append(")")
        elif is_number(token):
            out.append(str(value_of(token)))
        elif token in board:
            out.append(board[token])
        elif token in FIXED_NAMES:
            out.append(FIXED_NAMES[token])
        else:
            out.append(f"0x{token:04X}")
    if quoted is not None:
        out.append("'" + "".join(quoted).replace("'", "''") + "'")
    text = " ".join(out)
    return text.replace("( ", "(").replace(" )", ")")


def from_text(text: str, names: Names | None = None) -> list[int]:
    """Tokens of a message written as text (numbers, 'text', brackets, names)."""
    board = names.by_name if names else {}
    tokens: list[int] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
        elif c in "()":
            tokens.append(OPEN if c == "(" else CLOSE)
            i += 1
        elif c == "'":
            j = i + 1
            chars = []
            while j < len(text):
                if text[j] == "'":
                    if text[j + 1 : j + 2] == "'":
                        chars.append("'")
                        j += 2
                        continue
                    break
                chars.append(text[j])
                j += 1
            else:
                raise TokenError(f"the text starting {text[i : i + 12]!r} has no closing quote")
            tokens.extend(text_tokens("".join(chars)))
            i = j + 1
        else:
            j = i
            while j < len(text) and not text[j].isspace() and text[j] not in "()'":
                j += 1
            word = text[i:j]
            i = j
            upper = word.upper()
            if word.lstrip("-").isdigit():
                tokens.append(number(int(word)))
            elif upper in board:
                tokens.append(board[upper])
            elif upper in FIXED:
                tokens.append(FIXED[upper])
            elif upper.startswith("0X"):
                tokens.append(int(word, 16))
            else:
                raise TokenError(f"{word!r} is no DAIDE token")
    return tokens


def to_bytes(tokens: Iterable[int]) -> bytes:
    """Tokens as the wire carries them: two bytes each, high byte first."""
    return b"".join(t.to_bytes(2, "big") for t in tokens)


def from_bytes(data: bytes) -> list[int]:
    if len(data) % 2:
        raise TokenError("a diplomacy message of an odd number of bytes")
    return [int.from_bytes(data[i : i + 2], "big") for i in range(0, len(data), 2)]

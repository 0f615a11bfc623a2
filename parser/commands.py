"""The judge's commands as values, and the transformer from the command grammar to them.

Every command is a frozen dataclass carrying the number of the mail line it came from.
The engine interprets them; nothing here knows a game, a map or a user.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from lark import Token, Transformer, v_args

from .dates import DateError, When, resolve
from .orders import Order

# -- the values --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    line: int = 0


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """A phase as a command names it: season S, U (summer), F or W, year, and M, R or B."""

    season: str
    year: int
    kind: str

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"


# Sections 2-3: the user's own commands.
@dataclass(frozen=True, slots=True, kw_only=True)
class SignOff(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Help(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Version(Command):
    level: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GetFile(Command):
    """GET file, SEND [ME] file."""

    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GetPackage(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GetDedication(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class GetWhois(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class IAmAlso(Command):
    address: str


@dataclass(frozen=True, slots=True, kw_only=True)
class IAmAlsoConfirm(Command):
    """I AM ALSO CONFIRM token: the owner of a registration lets the address this comes
    from be linked to it, with the token I AM ALSO had mailed to him."""

    token: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InfoPlayer(Command):
    addresses: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class WhoIs(Command):
    """WHO / WHO IS: every registered address starting with one of the prefixes."""

    prefixes: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class WhoGame(Command):
    game: str | None = None
    full: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Register(Command):
    """REGISTER ... END: the `field: value` lines, in order, field names in lower case."""

    fields: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class History(Command):
    """HISTORY [name] [FROM date] [TO date] [LINES n] (section 3.4, syntax 1)."""

    game: str | None = None
    since: When | None = None
    until: When | None = None
    lines: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HistoryTurns(Command):
    """HISTORY [name] EXCLSTART turn [EXCLEND turn] [BROAD] (section 3.4, syntax 2)."""

    game: str | None = None
    exclude_start: str
    exclude_end: str | None = None
    broadcasts: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ListGames(Command):
    game: str | None = None
    full: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Map(Command):
    """MAP: removed from the njudge in version 1.5.0; answered as removed."""

    game: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Summary(Command):
    game: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplyTo(Command):
    address: str


# Section 4: creating, joining and watching games.
@dataclass(frozen=True, slots=True, kw_only=True)
class Create(Command):
    game: str
    password: str
    variant: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOn(Command):
    """SIGN ON pname password: the power's letter (M for a master, O for an observer)."""

    power: str
    game: str
    password: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOnNext(Command):
    """SIGN ON ? password [variant] [options]: the next game forming of that kind."""

    password: str
    variant: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SignOnForming(Command):
    """SIGN ON ?name password [variant] [options]."""

    game: str
    password: str
    variant: str | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Observe(Command):
    """OBSERVE / WATCH name password (also SIGN ON oname password)."""

    game: str
    password: str


JOINING = (Create, SignOn, SignOnNext, SignOnForming, Observe)


# Section 6: orders, future orders and conditions.
@dataclass(frozen=True, slots=True)
class OrderEntry:
    """One order of a line: its text, and the order read from it or why it could not be
    (both None when no map was known to read it by)."""

    text: str
    order: Order | None = None
    error: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderLine(Command):
    """A line of orders, several separated by commas or semicolons."""

    text: str
    orders: tuple[OrderEntry, ...]


@dataclass(frozen=True, slots=True)
class Occupied:
    """A condition's atom: a unit of that power and type (either may be any) stands in the
    province at the start of the phase. `words` are as written; the rest is what they meant,
    when the game's names were known."""

    words: tuple[str, ...]
    power: str | None = None
    unit_type: str | None = None
    province: str | None = None


@dataclass(frozen=True, slots=True)
class Negation:
    condition: Condition


@dataclass(frozen=True, slots=True)
class Both:
    left: Condition
    right: Condition


@dataclass(frozen=True, slots=True)
class Either:
    left: Condition
    right: Condition


Condition = Occupied | Negation | Both | Either


@dataclass(frozen=True, slots=True)
class Branch:
    """One arm of an IF: its condition (None for ELSE) and what it holds."""

    condition: Condition | None
    items: tuple[OrderLine | SetWait | Conditional, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Conditional(Command):
    """IF ... [ELSE IF ...]* [ELSE ...] ENDIF: the first arm whose condition holds counts."""

    branches: tuple[Branch, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PhasedOrders(Command):
    """PHASE season year phase, and the orders (and SET [NO] WAIT) that follow it."""

    phase: PhaseSpec
    items: tuple[OrderLine | SetWait | Conditional, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Clear(Command):
    pass


# Section 7: player commands.
@dataclass(frozen=True, slots=True, kw_only=True)
class Resign(Command):
    pass


@dataclass(frozen=True, slots=True)
class Delivery:
    """Who press goes to, or seems to: everyone, only `powers`, or everyone but `powers`
    (power letters as written, M for the master and O for observers)."""

    kind: str  # "all", "only" or "all_but"
    powers: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Press(Command):
    """PRESS or BROADCAST with their options (section 7.4) and the text up to ENDPRESS."""

    broadcast: bool
    color: str | None = None  # "white" or "grey" when chosen
    to: Delivery | None = None  # None: no delivery option was given
    fake: Delivery | None = None  # faked addressees (all: faked as a broadcast)
    no_fake: bool = False
    text: str = ""
    terminated: bool = True  # ended by ENDPRESS, ENDBROADCAST or SIGN OFF


@dataclass(frozen=True, slots=True, kw_only=True)
class PostalPress(Command):
    text: str = ""
    terminated: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Diary(Command):
    action: str  # "record", "list", "read" or "delete"
    numbers: tuple[int, ...] = ()
    text: str = ""


# Section 8: masters.
@dataclass(frozen=True, slots=True, kw_only=True)
class BecomeMaster(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Become(Command):
    power: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Eject(Command):
    target: str  # a power or an address


@dataclass(frozen=True, slots=True, kw_only=True)
class ForceBegin(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Pause(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Resume(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Predict(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Promote(Command):
    address: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Process(Command):
    phase: PhaseSpec | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Rollback(Command):
    turn: int | None = None
    phase: PhaseSpec | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Terminate(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class Unstart(Command):
    pass


# SET, sections 7 to 9.
@dataclass(frozen=True, slots=True, kw_only=True)
class SetAddress(Command):
    addresses: tuple[str, ...] = ()  # () : the address of this mail


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPassword(Command):
    password: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPreference(Command):
    """Power letters in order of preference; letters in brackets are equally liked."""

    choices: tuple[tuple[str, ...], ...] = ()
    random: bool = False  # SET PREFERENCE *


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAbsence(Command):
    """SET [NO] ABSENCE / HOLIDAY[S] / VACATION[S] start [TO end]."""

    start: When
    end: When | None = None
    cancel: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetWait(Command):
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SetConcede(Command):
    power: str | None  # None: SET NO CONCEDE


@dataclass(frozen=True, slots=True, kw_only=True)
class SetDraw(Command):
    on: bool
    powers: str | None = None  # the NoDIAS list of letters, when given


@dataclass(frozen=True, slots=True, kw_only=True)
class SetComment(Command):
    """SET COMMENT text; with `full`, SET COMMENT BEGIN and the rest of the mail."""

    text: str
    full: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTiming(Command):
    """SET MOVE|RETREAT|ADJUST setting value...: CLOCK, MIN, NEXT, GRACE, DELAY, DAYS."""

    phase: str  # "move", "retreat" or "adjust"
    settings: tuple[tuple[str, float | str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetDate(Command):
    """SET DEADLINE / GRACE / START date."""

    which: str
    when: When


@dataclass(frozen=True, slots=True, kw_only=True)
class SetTransform(Command):
    """SET TRANSFORM when:where ...; no options: SET NO TRANSFORM."""

    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetVariant(Command):
    variant: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetNotVariant(Command):
    option: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPlayerList(Command):
    """SET ALLOW / DENY PLAYER [-]address."""

    which: str  # "allow" or "deny"
    address: str
    remove: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SetFlag(Command):
    """A setting that is on or off: SET [NO] name (and the names meaning its opposite)."""

    name: str
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SetNumber(Command):
    name: str
    value: float


@dataclass(frozen=True, slots=True, kw_only=True)
class SetChoice(Command):
    """A setting with named values: press, fake, observer, level, access, preference, ..."""

    name: str
    value: str


# -- errors -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LineError:
    """A line that could not be read: its number, its text, and why, for the reply."""

    line: int
    text: str
    reason: str


MAX_DIGITS = 6  # in any number of a command (a whole number up to 999999)


class CommandError(ValueError):
    """Raised by the transformer for a line that parses but means nothing."""


# -- from the tree to the values --------------------------------------------------------

# SET [NO] name: the canonical name of each flag, and whether the word means "on".
_FLAGS: dict[str, tuple[str, bool]] = {
    "autocreate": ("auto_create", True),
    "autoprocess": ("auto_process", True),
    "manualprocess": ("auto_process", False),
    "autostart": ("auto_start", True),
    "manualstart": ("auto_start", False),
    "autodisband": ("auto_disband", True),
    "nmr": ("nmr", True),
    "cd": ("nmr", True),
    "concessions": ("concessions", True),
    "dias": ("dias", True),
    "list": ("list", True),
    "public": ("list", True),
    "private": ("list", False),
    "proxy": ("proxy", True),
    "rated": ("rated", True),
    "unrated": ("rated", False),
    "resume": ("resume", True),
    "quiet": ("quiet", True),
    "strictconvoy": ("strict_convoy", True),
    "strictwait": ("strict_wait", True),
    "strictgrace": ("strict_grace", True),
    "latecount": ("late_count", True),
    "blankpress": ("blank_press", True),
    "broadcast": ("broadcast", True),
    "broadcastpress": ("broadcast", True),
    "normalbroadcast": ("broadcast", True),
    "latepress": ("late_press", True),
    "minorpress": ("minor_press", True),
    "mustorder": ("must_order", True),
    "postalpress": ("postal_press", True),
    "moderate": ("moderated", True),
    "moderated": ("moderated", True),
    "unmoderate": ("moderated", False),
    "unmoderated": ("moderated", False),
    "allpress": ("all_press", True),
    "normalpress": ("all_press", False),
    "watchallpress": ("watch_all_press", True),
    "show": ("show", True),
    "reveal": ("reveal", True),
    "secret": ("secret", True),
    "summer": ("summer", True),
    "touchpress": ("touch_press", True),
    "attacktransform": ("attack_transform", True),
    "bcenters": ("blind_centers", True),
    "bcentres": ("blind_centers", True),
    "blankboard": ("empty_board", True),
    "emptyboard": ("empty_board", True),
    "coastalconvoy": ("coastal_convoys", True),
    "coastalconvoys": ("coastal_convoys", True),
    "disband": ("move_disband", True),
    "duality": ("duality", True),
    "gateway": ("gateways", True),
    "gateways": ("gateways", True),
    "hongkong": ("hong_kong", True),
    "railway": ("railways", True),
    "railways": ("railways", True),
    # Machiavelli (section 9.2)
    "adjacent": ("adjacency", True),
    "adjacency": ("adjacency", True),
    "assassins": ("assassins", True),
    "assassination": ("assassins", True),
    "assassinations": ("assassins", True),
    "bank": ("loans", True),
    "bankers": ("loans", True),
    "loans": ("loans", True),
    "dice": ("dice", True),
    "famine": ("famine", True),
    "fort": ("fortresses", True),
    "forts": ("fortresses", True),
    "fortress": ("fortresses", True),
    "garrison": ("garrisons", True),
    "garrisons": ("garrisons", True),
    "mach2": ("mach2", True),
    "money": ("money", True),
    "plague": ("plague", True),
    "special": ("special", True),
    "storm": ("storms", True),
    "storms": ("storms", True),
}
# Words that choose one value of a setting rather than turn something on or off.
_CHOICES: dict[str, tuple[str, str]] = {
    "anycenter": ("build_centers", "any"),
    "homecenter": ("build_centers", "home"),
    "onecenter": ("build_centers", "one"),
    "anydisband": ("disband", "any"),
    "normaldisband": ("disband", "normal"),
    "prflist": ("preference", "list"),
    "prfrand": ("preference", "random"),
    "prfboth": ("preference", "both"),
}
_NUMBERS = {
    "centers": "centers",
    "centres": "centers",
    "players": "players",
    "dedication": "dedication",
    "ontimerat": "ontime_ratio",
    "resrat": "resign_ratio",
    "maxabsence": "max_absence",
    "bn": "boardman",
    "bnc": "boardman",
    "bnnumber": "boardman",
    "bncnumber": "boardman",
    "mn": "miller",
    "mnc": "miller",
    "mnnumber": "miller",
    "mncnumber": "miller",
    "ep": "ep",
}
_TIMING_PHASES = {
    "move": "move", "moves": "move", "movement": "move",
    "retreat": "retreat", "retreats": "retreat",
    "adjust": "adjust", "adjustment": "adjust", "adjustments": "adjust",
    "build": "adjust", "builds": "adjust",
}  # fmt: skip
_SEASONS = {"s": "S", "spring": "S", "u": "U", "summer": "U", "f": "F", "fall": "F",
            "autumn": "F", "w": "W", "winter": "W"}  # fmt: skip
_PHASE_LETTERS = {"m": "M", "r": "R", "a": "B", "b": "B"}
_SPEC = re.compile(r"^([a-z]+)\s*(\d{1,4})\s*([a-z]+)$")
_WORDLY = re.compile(r"[\s\-]+")


def _key(text: str) -> str:
    """A keyword as a table looks it up: lower case, no spaces."""
    return _WORDLY.sub("", text.lower())


def phase_spec(season: str, year: str, kind: str) -> PhaseSpec:
    s = _SEASONS.get(season.lower())
    if s is None:
        raise CommandError(f"'{season}' is not a season (Spring, Summer, Fall or Winter)")
    k = _PHASE_LETTERS.get(kind.lower()[0])
    if k is None:
        raise CommandError(f"'{kind}' is not a phase (Movement, Retreats or Adjustments)")
    if s == "W":
        k = "B"
    return PhaseSpec(s, int(year), k)


def read_phase_code(text: str) -> PhaseSpec:
    """`F1905R`, `Fall 1905 Retreats`, `S 1903 M`: a phase named in one piece."""
    match = _SPEC.match(" ".join(text.lower().split()))
    if not match:
        raise CommandError(f"'{text}' is not a phase like F1905R or Fall 1905 Retreats")
    season, year, kind = match.groups()
    if season not in _SEASONS:
        season = season[0]
    return phase_spec(season, year, kind)


def _tokens(items: list) -> list[Token]:
    return [i for i in items if isinstance(i, Token)]


@dataclass(frozen=True, slots=True)
class _Date:
    """A date as written: its parts as (terminal, text), for dates.resolve."""

    parts: tuple[tuple[str, str], ...]


def _words(items: list, kind: str | None = None) -> tuple[str, ...]:
    return tuple(str(i) for i in items if isinstance(i, Token) and (kind is None or i.type == kind))


@v_args(inline=False)
class ToCommands(Transformer):
    """Turns one line's tree into a list of commands (SET may hold several settings)."""

    def __init__(self, now: datetime) -> None:
        super().__init__()
        self.now = now

    def NUMBER(self, token: Token) -> Token:
        """Every number of a command, before any handler reads it: no setting, count or
        span of hours needs more than MAX_DIGITS digits, and a longer one would only
        overflow the dates it is added to (a 400-digit MOVE DELAY)."""
        whole = str(token).lstrip("-").partition(".")[0]
        if len(whole) > MAX_DIGITS:
            raise CommandError(f"number too large: {whole[:12]}... (at most {MAX_DIGITS} digits)")
        return token

    # shared pieces
    def date(self, items: list) -> _Date:
        # Kept unresolved: what a date means depends on what it is read against (an
        # absence's end is read from its start).
        return _Date(tuple((t.type, str(t)) for t in items))

    def _when(self, written: _Date, now: datetime | None = None) -> When:
        try:
            return resolve(written.parts, now or self.now)
        except DateError as exc:
            raise CommandError(str(exc)) from None

    def _span(self, items: list) -> tuple[When, When | None]:
        """An absence's dates: the start read from now, the end from the start, so that a
        weekday at the end (`Sat to Tue`) is the next one after the start."""
        written = [i for i in items if isinstance(i, _Date)]
        start = self._when(written[0])
        if len(written) == 1:
            return start, None
        return start, self._when(written[1], start.at(dt.time()))

    def phase_spec(self, items: list) -> PhaseSpec:
        texts = [str(t) for t in items]
        if len(texts) == 1:
            return read_phase_code(texts[0])
        if len(texts) == 2:
            return read_phase_code(" ".join(texts))
        return phase_spec(*texts)

    # sections 2-3
    def sign_off(self, items: list) -> list[Command]:
        return [SignOff()]

    def help(self, items: list) -> list[Command]:
        return [Help()]

    def version(self, items: list) -> list[Command]:
        return [Version(level=str(items[0]) if items else None)]

    def get(self, items: list) -> list[Command]:
        return [GetFile(name=str(items[0]))]

    def send(self, items: list) -> list[Command]:
        return [GetFile(name=str(items[-1]))]

    def get_package(self, items: list) -> list[Command]:
        return [GetPackage()]

    def get_dedication(self, items: list) -> list[Command]:
        return [GetDedication()]

    def get_whois(self, items: list) -> list[Command]:
        return [GetWhois()]

    def i_am_also(self, items: list) -> list[Command]:
        return [IAmAlso(address=str(items[0]))]

    def i_am_also_confirm(self, items: list) -> list[Command]:
        return [IAmAlsoConfirm(token=str(items[-1]))]

    def info_player(self, items: list) -> list[Command]:
        return [InfoPlayer(addresses=_arguments(items))]

    def who_is(self, items: list) -> list[Command]:
        return [WhoIs(prefixes=_arguments(items))]

    def who_game(self, items: list) -> list[Command]:
        return [
            WhoGame(game=next(iter(_words(items, "NAME")), None), full=bool(_words(items, "FULL")))
        ]

    def register(self, items: list) -> list[Command]:
        return [Register(fields=())]

    def history_dates(self, items: list) -> list[Command]:
        game = next(iter(_words(items, "NAME")), None)
        parts: dict[str, object] = {}
        for item in items:
            if isinstance(item, tuple):
                parts[item[0]] = item[1]
        return [
            History(
                game=game,
                since=parts.get("from"),  # type: ignore[arg-type]
                until=parts.get("to"),  # type: ignore[arg-type]
                lines=parts.get("lines"),  # type: ignore[arg-type]
            )
        ]

    def history_from(self, items: list) -> tuple[str, When]:
        return ("from", self._when(items[0]))

    def history_to(self, items: list) -> tuple[str, When]:
        return ("to", self._when(items[0]))

    def history_lines(self, items: list) -> tuple[str, int]:
        return ("lines", _integer(items[0], "LINES"))

    def history_turns(self, items: list) -> list[Command]:
        game = next(iter(_words(items, "NAME")), None)
        turns = [str(t).upper() for t in _words(items, "TURN_ID")]
        return [
            HistoryTurns(
                game=game,
                exclude_start=turns[0],
                exclude_end=turns[1] if len(turns) > 1 else None,
                broadcasts=bool(_words(items, "BROAD")),
            )
        ]

    def list(self, items: list) -> list[Command]:
        return [
            ListGames(
                game=next(iter(_words(items, "NAME")), None), full=bool(_words(items, "FULL"))
            )
        ]

    def map(self, items: list) -> list[Command]:
        return [Map(game=next(iter(_words(items, "NAME")), None))]

    def summary(self, items: list) -> list[Command]:
        return [Summary(game=next(iter(_words(items, "NAME")), None))]

    def reply_to(self, items: list) -> list[Command]:
        return [ReplyTo(address=str(items[0]))]

    # section 4
    def create(self, items: list) -> list[Command]:
        return [Create(game=str(items[0])[1:], **_joining(items))]

    def sign_on_next(self, items: list) -> list[Command]:
        return [SignOnNext(**_joining(items))]

    def sign_on_forming(self, items: list) -> list[Command]:
        return [SignOnForming(game=str(items[0])[1:], **_joining(items))]

    def sign_on_power(self, items: list) -> list[Command]:
        who, password = str(items[0]), _one(items, "a password")
        letter, game = who[0].upper(), who[1:]
        if letter == "O":
            return [Observe(game=game, password=password)]
        return [SignOn(power=letter, game=game, password=password)]

    def observe(self, items: list) -> list[Command]:
        return [Observe(game=str(items[0]), password=_one(items, "a password"))]

    # section 6
    def phase(self, items: list) -> list[Command]:
        return [PhasedOrders(phase=items[0])]

    def clear(self, items: list) -> list[Command]:
        return [Clear()]

    def if_(self, items: list) -> list[Command]:
        return [_If(condition=items[0])]

    def else_if(self, items: list) -> list[Command]:
        return [_ElseIf(condition=items[0])]

    def else_(self, items: list) -> list[Command]:
        return [_Else()]

    def end_if(self, items: list) -> list[Command]:
        return [_EndIf()]

    def condition(self, items: list) -> Condition:
        result = items[0]
        for i in range(1, len(items), 2):
            right = items[i + 1]
            result = (
                Both(result, right) if str(items[i]).lower() == "and" else Either(result, right)
            )
        return result

    def negation(self, items: list) -> Condition:
        return Negation(items[-1])

    def occupied(self, items: list) -> Condition:
        return Occupied(words=tuple(str(w) for w in items))

    # section 7
    def resign(self, items: list) -> list[Command]:
        return [Resign()]

    def press(self, items: list) -> list[Command]:
        return [_press(items, broadcast=False)]

    def broadcast(self, items: list) -> list[Command]:
        return [_press(items, broadcast=True)]

    def postal_press(self, items: list) -> list[Command]:
        return [PostalPress()]

    def color(self, items: list) -> tuple[str, str]:
        return ("color", "white" if items[0].type == "WHITE" else "grey")

    def to_all_but(self, items: list) -> Delivery:
        return Delivery("all_but", str(items[-1]).upper())

    def to_all(self, items: list) -> Delivery:
        return Delivery("all")

    def to_powers(self, items: list) -> Delivery:
        return Delivery("only", str(items[-1]).upper())

    def fake_to(self, items: list) -> tuple[str, Delivery]:
        return ("fake", items[-1])

    def fake_broadcast(self, items: list) -> tuple[str, Delivery]:
        return ("fake", Delivery("all"))

    def no_fake(self, items: list) -> tuple[str, bool]:
        return ("no_fake", True)

    def diary_record(self, items: list) -> list[Command]:
        return [Diary(action="record")]

    def diary_list(self, items: list) -> list[Command]:
        return [Diary(action="list")]

    def diary_read(self, items: list) -> list[Command]:
        return [Diary(action="read", numbers=(_integer(items[0], "READ"),))]

    def diary_delete(self, items: list) -> list[Command]:
        return [Diary(action="delete", numbers=tuple(_integer(t, "DELETE") for t in items))]

    # section 8
    def become_master(self, items: list) -> list[Command]:
        return [BecomeMaster()]

    def become(self, items: list) -> list[Command]:
        return [Become(power=str(items[0]))]

    def eject(self, items: list) -> list[Command]:
        return [Eject(target=str(items[0]))]

    def force_begin(self, items: list) -> list[Command]:
        return [ForceBegin()]

    def pause(self, items: list) -> list[Command]:
        return [Pause()]

    def resume(self, items: list) -> list[Command]:
        return [Resume()]

    def predict(self, items: list) -> list[Command]:
        return [Predict()]

    def promote(self, items: list) -> list[Command]:
        return [Promote(address=str(items[0]))]

    def process(self, items: list) -> list[Command]:
        return [Process(phase=items[0] if items else None)]

    def rollback(self, items: list) -> list[Command]:
        if not items:
            return [Rollback()]
        token = items[0]
        if token.type == "NUMBER":
            return [Rollback(turn=_integer(token, "ROLLBACK"))]
        return [Rollback(phase=read_phase_code(str(token)))]

    def terminate(self, items: list) -> list[Command]:
        return [Terminate()]

    def unstart(self, items: list) -> list[Command]:
        return [Unstart()]

    # SET
    def set_command(self, items: list) -> list[Command]:
        return list(items)

    def set_address(self, items: list) -> Command:
        if not items:
            return SetAddress()
        return SetAddress(addresses=tuple(a for a in str(items[0]).split(",") if a))

    def set_password(self, items: list) -> Command:
        return SetPassword(password=str(items[0]))

    def set_preference(self, items: list) -> Command:
        text = "".join(str(t) for t in items).upper()
        if text == "*":
            return SetPreference(random=True)
        choices: list[tuple[str, ...]] = []
        group: list[str] | None = None
        for ch in text:
            if ch == "[":
                if group is not None:
                    raise CommandError("brackets cannot be nested in a preference list")
                group = []
            elif ch == "]":
                if group is None:
                    raise CommandError("']' without '[' in the preference list")
                if group:
                    choices.append(tuple(group))
                group = None
            elif ch == "*":
                raise CommandError("'*' must stand alone: SET PREFERENCE *")
            elif group is not None:
                group.append(ch)
            else:
                choices.append((ch,))
        if group is not None:
            raise CommandError("'[' without ']' in the preference list")
        return SetPreference(choices=tuple(choices))

    def set_absence(self, items: list) -> Command:
        start, end = self._span(items)
        if end is not None and end.at(dt.time()) < start.at(dt.time()):
            raise CommandError(f"the absence would end ({end}) before it begins ({start})")
        return SetAbsence(start=start, end=end)

    def set_no_absence(self, items: list) -> Command:
        start, end = self._span(items)
        return SetAbsence(start=start, end=end, cancel=True)

    def set_wait(self, items: list) -> Command:
        return SetWait(on=not _said_no(items))

    def set_concede(self, items: list) -> Command:
        if _said_no(items):
            return SetConcede(power=None)
        powers = _words(items, "WORD")
        if not powers:
            raise CommandError("SET CONCEDE needs the letter of the power to concede to")
        return SetConcede(power=powers[0].upper())

    def set_draw(self, items: list) -> Command:
        powers = _words(items, "POWERS")
        if _said_no(items):
            return SetDraw(on=False)
        return SetDraw(on=True, powers=powers[0].upper() if powers else None)

    def set_comment(self, items: list) -> Command:
        return SetComment(text=str(items[0]) if items else "")

    def set_comment_begin(self, items: list) -> Command:
        return SetComment(text="", full=True)

    def set_timing(self, items: list) -> Command:
        phase = _TIMING_PHASES[_key(str(items[0]))]
        return SetTiming(phase=phase, settings=tuple(items[1:]))

    def timing_number(self, items: list) -> tuple[str, float]:
        key = str(items[0]).lower()
        value = float(items[1])
        if key == "clock" and (value != int(value) or not -1 <= value < 1440):
            raise CommandError("CLOCK is minutes after midnight (0 to 1439), or -1 for none")
        if key != "clock" and value < 0:
            raise CommandError(f"{key.upper()} is a number of hours, not {items[1]}")
        return (key, int(value) if key == "clock" else value)

    def timing_days(self, items: list) -> tuple[str, str]:
        pattern = str(items[0])
        for i, (day, ch) in enumerate(zip("SMTWTFS", pattern, strict=True)):
            if ch != "-" and ch.upper() != day:
                raise CommandError(
                    f"DAYS is seven letters SMTWTFS (a dash for a day off), not '{pattern}'"
                    f" (position {i + 1})"
                )
        return ("days", pattern)

    def set_date(self, items: list) -> Command:
        return SetDate(which=str(items[0]).lower(), when=self._when(items[1]))

    def set_transform(self, items: list) -> Command:
        options = []
        for token in items[1:]:
            text = _key(str(token))
            if ":" not in text and text not in ("none", "move", "build"):
                raise CommandError(
                    f"a transform option is when:where, like move:homecenter, not '{token}'"
                )
            options.append(text)
        return SetTransform(options=tuple(options))

    def set_no_transform(self, items: list) -> Command:
        return SetTransform()

    def set_variant(self, items: list) -> Command:
        variant, *options = _arguments(items)
        return SetVariant(variant=variant, options=tuple(options))

    def set_not_variant(self, items: list) -> Command:
        return SetNotVariant(option=_one(items, "one option"))

    def set_player_list(self, items: list) -> Command:
        which = str(items[0]).lower()
        address = str(items[1])
        remove = address.startswith("-")
        return SetPlayerList(which=which, address=address.lstrip("-"), remove=remove)

    def set_number(self, items: list) -> Command:
        name = _NUMBERS[_key(str(items[0]))]
        return SetNumber(name=name, value=float(items[1]))

    def set_level(self, items: list) -> Command:
        return SetChoice(name="level", value=str(items[0]).lower())

    def set_access(self, items: list) -> Command:
        value = str(items[0]).lower().replace("-", "")
        return SetChoice(name="access", value=value.removesuffix("site"))

    def set_observer(self, items: list) -> Command:
        return SetChoice(name="observer", value=str(items[0]).lower())

    def press_mode(self, items: list) -> Command:
        word = _key(str(items[0])).replace("gray", "grey")
        value = {"nowhite": "grey", "nogrey": "white"}.get(word, word)
        return SetChoice(name="press", value=value)

    def press_none(self, items: list) -> Command:
        return SetChoice(name="press", value="none")

    def fake_none(self, items: list) -> Command:
        return SetChoice(name="fake", value="none")

    def fakes_broadcast(self, items: list) -> Command:
        return SetChoice(name="fake", value="broadcast_default" if items else "broadcast")

    def fake_may(self, items: list) -> Command:
        return SetChoice(name="fake", value="may")

    def set_partial(self, items: list) -> Command:
        return SetFlag(name="partial", on=not _said_no(items))

    def set_flag(self, items: list) -> Command:
        no = _said_no(items)
        word = _key(str(items[-1])).replace("centre", "center")
        if word in _CHOICES:
            name, value = _CHOICES[word]
            if no:
                raise CommandError(f"SET NO {str(items[-1]).upper()} means nothing; choose another")
            return SetChoice(name=name, value=value)
        if word.endswith("s") and word[:-1] in _CHOICES:
            name, value = _CHOICES[word[:-1]]
            if no:
                raise CommandError(f"SET NO {str(items[-1]).upper()} means nothing; choose another")
            return SetChoice(name=name, value=value)
        name, on = _FLAGS[word]
        return SetFlag(name=name, on=on != no)


def _arguments(items: list) -> tuple[str, ...]:
    """The words of the ARGUMENTS token (the rest of the line) among `items`."""
    return tuple(
        word
        for item in items
        if isinstance(item, Token) and item.type == "ARGUMENTS"
        for word in str(item).split()
    )


def _joining(items: list) -> dict[str, Any]:
    """`password [variant] [option ...]`: the words after CREATE ?name and SIGN ON ?name.
    Which word is the variant is for the judge to say (they may come in any order)."""
    password, *variant = _arguments(items)
    return {
        "password": password,
        "variant": variant[0] if variant else None,
        "options": tuple(variant[1:]),
    }


def _one(items: list, what: str) -> str:
    words = _arguments(items)
    if len(words) != 1:
        raise CommandError(f"expected {what}, found '{' '.join(words)}'")
    return words[0]


def _said_no(items: list) -> bool:
    return any(isinstance(i, Token) and i.type == "NO" for i in items)


def _integer(token: Token, what: str) -> int:
    text = str(token)
    if "." in text:
        raise CommandError(f"{what} takes a whole number, not {text}")
    return int(text)


def _press(items: list, broadcast: bool) -> Press:
    options: dict[str, object] = {}
    for item in items:
        if isinstance(item, Delivery):
            if "to" in options:
                raise CommandError("a press can have only one set of addressees")
            options["to"] = item
        elif isinstance(item, tuple):
            key, value = item
            if key in options:
                raise CommandError(f"a press can have only one {key.replace('_', ' ')} option")
            options[key] = value
    return Press(
        broadcast=broadcast,
        color=options.get("color"),  # type: ignore[arg-type]
        to=options.get("to"),  # type: ignore[arg-type]
        fake=options.get("fake"),  # type: ignore[arg-type]
        no_fake=bool(options.get("no_fake")),
    )


# The structure words of conditional orders; the mail reader assembles them into a
# Conditional and they never leave the parser.
@dataclass(frozen=True, slots=True, kw_only=True)
class _If(Command):
    condition: Condition


@dataclass(frozen=True, slots=True, kw_only=True)
class _ElseIf(Command):
    condition: Condition


@dataclass(frozen=True, slots=True, kw_only=True)
class _Else(Command):
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class _EndIf(Command):
    pass

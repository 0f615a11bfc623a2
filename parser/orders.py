"""Order text to order values, for all three kinds of phase.

The grammar is `orders.lark`; this module turns what it reads into frozen dataclasses. The
parser knows nothing of any map: the caller hands it the names a map accepts (`names`: every
name, lower case, to its abbreviation), and gets back orders whose provinces are
abbreviations. Whether an order makes sense on the board is for the adjudicator to say.

Reading is fast because it is done in two steps. A scanner built from the grammar's own
terminals cuts the text into words, each of which is one terminal whatever its place (the
grammar is written so). The sequence of terminals, the order's *shape*, then decides the
parse completely: an LALR parse depends on nothing else. So Lark parses each shape once, the
resulting tree is kept as a recipe, and every later order of that shape (`A par - bur`,
`A mun - ber`, ...) is assembled from its words by the recipe, without Lark.

Faster still, the notation the adjudicator writes itself (`A par - bur`, `F lon S A wal -
yor`, `F stp/sc R bot`, `A par B`: adjudicator/possible.py, what robots give) is read by
splitting it at its spaces (parser/canonical.py), each word checked to be what the scanner
would make of it; anything else goes the long way. tests/test_order_notation.py holds the
two ways to the same answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from lark import Lark, Token, Tree, UnexpectedInput
from lark.lexer import Lexer, LexerState, PatternRE, TerminalDef

from .canonical import CanonicalReader
from .lalr import lalr
from .machiavelli_money import MoneyError, MoneyReader
from .values import (
    Adjust,
    Bare,
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    LiftSiege,
    Location,
    Maintain,
    Move,
    Order,
    Remove,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    Transform,
    UnitSpec,
    Waive,
)

__all__ = [
    "DIALECTS",
    "GRAMMAR",
    "PHASE_KINDS",
    "Adjust",
    "Bare",
    "Besiege",
    "Build",
    "Convert",
    "Convoy",
    "Disband",
    "Hold",
    "LiftSiege",
    "Location",
    "Maintain",
    "Move",
    "Order",
    "OrderParser",
    "OrderSyntaxError",
    "PhaseKind",
    "Remove",
    "Retreat",
    "SupportConvert",
    "SupportHold",
    "SupportMove",
    "Transform",
    "UnitSpec",
    "Waive",
    "normalise",
]

PhaseKind = Literal["movement", "retreat", "adjustment"]
PHASE_KINDS: tuple[PhaseKind, ...] = ("movement", "retreat", "adjustment")

GRAMMAR = (Path(__file__).parent / "orders.lark").read_text(encoding="utf-8")
# A map's rules may add orders of their own: Machiavelli's sieges, conversions and
# garrisons (machiavelli.lark, which also makes `c` convert rather than convoy).
DIALECTS = {
    "": GRAMMAR,
    "machiavelli": GRAMMAR + (Path(__file__).parent / "machiavelli.lark").read_text("utf-8"),
}


class OrderSyntaxError(ValueError):
    """The text is not an order; `message` says why in the njudge's words where it has them.

    `unknown` is the text from where a province name was wanted and none could be read
    (`burgandy` in `A Par-Burgandy`), so that whoever knows the map can name the nearest
    provinces (parser.nearest); None when the order went wrong elsewhere."""

    def __init__(
        self, message: str, text: str, column: int | None = None, unknown: str | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.column = column
        self.unknown = unknown


_COAST_LETTER = {"n": "nc", "s": "sc", "e": "ec", "w": "wc"}
_WS = re.compile(r"\s+")
_UNIT_WORDS = {
    "army": "A", "a": "A", "fleet": "F", "f": "F", "wing": "W", "w": "W",
    "garrison": "G", "g": "G",
}  # fmt: skip
# The terminals that may name a unit type.
_UNIT_TYPES = ("ARMY", "FLEET", "F", "WING", "W", "GARRISON")
_PLACE = ("PROVINCE", "COAST", "BARE_COAST")
_BARE_COASTS = frozenset({"nc", "sc", "ec", "wc"})


def normalise(text: str) -> str:
    """What the grammar sees: lower case, periods dropped (`St. Petersburg.`), one line."""
    clean = text.replace(".", "").lower().strip()
    if "  " in clean or "\t" in clean or "\n" in clean or "\r" in clean:
        clean = _WS.sub(" ", clean)
    return clean


class _Feed(Lexer):
    """Hands Lark the words the scanner already cut."""

    __future_interface__ = 2  # lex(lexer_state, parser_state), the state holding our words

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
        return iter(lexer_state.text)  # type: ignore[arg-type]


class _Unreadable(Exception):
    def __init__(self, position: int) -> None:
        self.position = position


_BY_IDENTITY: dict[tuple[int, str], tuple[Mapping[str, str], OrderParser]] = {}


def _no_short_cut(clean: str, phase: str) -> None:
    return None


# A recipe is the parse tree of one shape with each word replaced by its place in the order.
Recipe = tuple[str, tuple[Any, ...]] | int


@lru_cache(maxsize=len(DIALECTS))
def _grammar(dialect: str) -> Lark:
    """The parser of a dialect's grammar, built once: the scanner hands it whole words (a
    map's province names are one terminal, PROVINCE), so its tables are the same for every
    map and only the scanner is each map's own."""
    grammar = DIALECTS[dialect] + "\nPROVINCE: /province(?![a-z0-9])/\n"
    return lalr(grammar, lexer=_Feed, start=list(PHASE_KINDS))


class OrderParser:
    """Reads orders for one map; build it with `for_names` to share it between callers."""

    def __init__(self, names: Mapping[str, str], dialect: str = "") -> None:
        self.names = dict(names)
        self._lark = _grammar(dialect)
        # The scanner: every terminal of the grammar in one regular expression, keywords
        # before names (they are whole words, so they only ever meet a name spelt the same);
        # PROVINCE is this map's names.
        province = f"{_trie_regex(self.names)}(?![a-z0-9])"
        terminals = sorted(
            (
                TerminalDef(t.name, PatternRE(province), t.priority) if t.name == "PROVINCE" else t
                for t in self._lark.terminals
            ),
            key=lambda t: (-t.priority, -t.pattern.max_width, t.name),
        )
        self._scanner = re.compile(
            "(?P<_GAP> )|"
            + "|".join(
                f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals if t.name != "WS"
            )
            + "|(?P<_JUNK>.)"
        )
        self._recipes: dict[tuple[str, tuple[str, ...]], Recipe] = {}
        # The short cut reads the standard notation; a dialect's words (Machiavelli's `C`
        # is convert) go the long way.
        canonical = CanonicalReader(self.names, self._is_province).read
        self._canonical = canonical if not dialect else _no_short_cut
        # Machiavelli's money lines, read before a unit's order (machiavelli_money.lark).
        self._money = (
            MoneyReader(self.names, _trie_regex(self.names)) if dialect == "machiavelli" else None
        )

    @staticmethod
    @lru_cache(maxsize=32)
    def _cached(names: tuple[tuple[str, str], ...], dialect: str = "") -> OrderParser:
        return OrderParser(dict(names), dialect)

    @classmethod
    def for_names(cls, names: Mapping[str, str], dialect: str = "") -> OrderParser:
        """The parser for these names (and the orders a map's rules add: `DIALECTS`), built
        once per set of names."""
        # Callers pass the same mapping again and again (a variant's names): look it up by
        # identity first, and compare contents only for a mapping not seen before.
        known = _BY_IDENTITY.get((id(names), dialect))
        if known is not None and known[0] is names:
            return known[1]
        parser = cls._cached(tuple(sorted(names.items())), dialect)
        _BY_IDENTITY[(id(names), dialect)] = (names, parser)
        return parser

    def parse(self, text: str, phase: PhaseKind) -> Order:
        """One order; raises OrderSyntaxError with a message a player can act on."""
        clean = normalise(text)
        if not clean:
            raise OrderSyntaxError("Empty order.", text)
        result = self._parse_clean(clean, phase)
        if isinstance(result, OrderSyntaxError):
            raise OrderSyntaxError(result.message, text, result.column, result.unknown)
        return result

    @lru_cache(maxsize=4096)  # noqa: B019 - one parser per map lives as long as the process
    def _parse_clean(self, clean: str, phase: PhaseKind) -> Order | OrderSyntaxError:
        """Orders repeat (every reply re-reads a power's orders): read each text once."""
        if self._money is not None:
            try:
                money = self._money.read(clean, phase)
            except MoneyError as exc:
                return OrderSyntaxError(exc.message, clean, None, exc.unknown)
            if money is not None:
                return money
        order = self._canonical(clean, phase)
        return order if order is not None else self._parse_words(clean, phase)

    def _is_province(self, word: str) -> bool:
        """Does the scanner read this word, alone, as a province (not a keyword)?"""
        found = self._scanner.match(word)
        return bool(found and found.lastgroup == "PROVINCE" and found.end() == len(word))

    def _parse_words(self, clean: str, phase: PhaseKind) -> Order | OrderSyntaxError:
        """The long way: the scanner, then the shape's recipe (Lark for a new shape)."""
        try:
            words = self._scan(clean)
        except _Unreadable as exc:
            return self._explain(clean, phase, exc.position, None)
        shape = (phase, *(w[0] for w in words))
        build = self._recipes.get(shape)
        if build is None:
            tokens = [Token(kind, text, start_pos=at) for kind, text, at in words]
            try:
                tree = self._lark.parse(tokens, start=phase)  # type: ignore[arg-type]
            except UnexpectedInput as exc:
                token = getattr(exc, "token", None)
                at = token.start_pos if isinstance(token, Token) and token.type != "$END" else None
                return self._explain(clean, phase, at if at is not None else len(clean), words)
            index = {id(t): i for i, t in enumerate(tokens)}
            build = self._recipes[shape] = self._compile(_recipe(tree, index), shape[1:])
        return build([w[1] for w in words])

    def _scan(self, clean: str) -> list[tuple[str, str, int]]:
        """The words of an order as (terminal, text, position)."""
        words = []
        for found in self._scanner.finditer(clean):
            kind = found.lastgroup
            if kind == "_GAP":
                continue
            if kind == "_JUNK":
                raise _Unreadable(found.start())
            text = found.group()
            if kind == "PROVINCE" and text in _BARE_COASTS and words and words[-1][0] == "PROVINCE":
                # Right after a place, `sc` is its coast even on a map that gives the name
                # to a place of its own (colonial's Suez Canal): no place follows a place.
                kind = "BARE_COAST"
            words.append((kind, text, found.start()))
        return words  # type: ignore[return-value]

    def split_valid_prefix(self, text: str, phase: PhaseKind) -> tuple[Order, str] | None:
        """`A Par-Bur please` -> (the order, "please"): the njudge reads leftover text as a
        new order, so the judge can report it without losing the good order before it."""
        clean = normalise(text)
        result = self._parse_clean(clean, phase)
        if not isinstance(result, OrderSyntaxError) or not result.column:
            return None
        head, tail = clean[: result.column].strip(), clean[result.column :].strip()
        if not head or not tail:
            return None
        order = self._parse_clean(head, phase)
        return None if isinstance(order, OrderSyntaxError) else (order, tail)

    def _explain(
        self, clean: str, phase: PhaseKind, at: int, words: list[tuple[str, str, int]] | None
    ) -> OrderSyntaxError:
        """The njudge's message for an order that went wrong at position `at`."""
        rest = clean[at:].strip() or clean
        if words is None:
            # The scanner stopped: what came before it tells what was expected.
            before = self._scan_quietly(clean[:at].strip())
        else:
            before = [word for word in words if word[2] < at]
        # `f` after a place is a convoy; elsewhere a unit type, which names no place: what
        # matters then is the word before it.
        previous = [
            "CONVOY" if kind == "F" and i and before[i - 1][0] in _PLACE else kind
            for i, (kind, _, _) in enumerate(before)
        ]
        core = previous[:-1] if previous and previous[-1] in _UNIT_TYPES else previous
        moves = ("MOVE", "M", "RETREAT", "R") if phase == "retreat" else ("MOVE", "M")
        if not core:
            message = f"Unrecognized source province -> {rest}"
        elif core[-1] in moves:
            if "SUPPORT" in core or "CONVOY" in core:
                message = f"Support/convoy movement to unrecognized province -> {rest}"
            else:
                message = f"Movement to unrecognized province -> {rest}"
        elif core[-1] in ("SUPPORT", "CONVOY"):
            message = f"Unrecognized source province for support/convoy -> {rest}"
        elif at >= len(clean):
            message = f"Incomplete order -> {clean}"
        else:
            message = f"Invalid order syntax -> {rest}"
        wanted = at < len(clean) and self._expects_province(before, phase)
        return OrderSyntaxError(message, clean, at, rest if wanted else None)

    def _scan_quietly(self, text: str) -> list[tuple[str, str, int]]:
        try:
            return self._scan(text)
        except _Unreadable:
            return [("?", text, 0)]

    def _expects_province(self, before: list[tuple[str, str, int]], phase: PhaseKind) -> bool:
        """Whether the grammar, having read `before`, would take a province next."""
        parser = self._lark.parse_interactive(start=phase)
        try:
            for kind, text, at in before:
                parser.feed_token(Token(kind, text, start_pos=at))
        except UnexpectedInput:
            return False
        return "PROVINCE" in parser.accepts()

    # -- assembling an order from its recipe ------------------------------------------------

    def _compile(self, recipe: Recipe, kinds: tuple[str, ...]) -> Any:
        """A function from an order's words to its value, for one shape (`kinds`: the
        terminal of each word)."""
        if isinstance(recipe, int):
            return lambda words: words[recipe]
        rule, parts = recipe
        if rule == "location":
            return self._compile_location(parts)
        built = [self._compile(p, kinds) for p in parts]
        if rule == "move":
            # The places in order (the last is the destination) and whether VIA was said.
            places = [b for p, b in zip(parts, built, strict=True) if not isinstance(p, int)][1:]
            via = any(isinstance(p, int) and kinds[p] == "VIA" for p in parts)
            unit = built[0]

            def move(words: list[str]) -> Move:
                stops = [place(words) for place in places]
                route = tuple(stop.province for stop in stops[:-1])
                return Move(unit(words), stops[-1], route, via or bool(route))

            return move
        make = _RULES[rule]
        return lambda words: make([part(words) for part in built])

    def _compile_location(self, parts: tuple[Any, ...]) -> Any:
        names = self.names
        province_at = parts[0]
        if len(parts) == 1:
            return lambda words: Location(names[words[province_at]])
        coast_at = parts[1]

        def location(words: list[str]) -> Location:
            word = words[coast_at].strip("/() \t")
            return Location(names[words[province_at]], _COAST_LETTER[word[0]])

        return location


def _trie_regex(names: Mapping[str, str]) -> str:
    """One regular expression for all the names, as a tree of their common beginnings, so
    that matching costs the length of a name, not the number of names. At each branch the
    longer continuation is tried first: the longest name wins, as on the njudge."""
    trie: dict[str, dict] = {}
    for name in names:
        node = trie
        for ch in name:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, dict]) -> str:
        branches = [
            (r"\s+" if ch == " " else re.escape(ch)) + emit(child)
            for ch, child in sorted(node.items())
            if ch
        ]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if "" in node:
            return f"(?:{body})?"
        return body

    return "(?:" + emit(trie) + ")"


def _recipe(tree: Tree | Token, index: dict[int, int]) -> Recipe:
    if isinstance(tree, Token):
        return index[id(tree)]
    return (str(tree.data), tuple(_recipe(child, index) for child in tree.children))


def _unit(items: list[Any]) -> UnitSpec:
    if len(items) == 2:
        return UnitSpec(items[0], items[1])
    return UnitSpec(None, items[0])


def _first_unit(items: list[Any]) -> UnitSpec:
    return next(i for i in items if isinstance(i, UnitSpec))


# How each rule of the grammar makes its value from its parts' values (words are strings).
_RULES: dict[str, Any] = {
    "location": None,  # compiled by OrderParser._compile_location: it needs the map's names
    "unit": _unit,
    "target": _unit,
    "unit_type": lambda items: _UNIT_WORDS[items[0]],
    "hold": lambda items: Hold(items[0]),
    "move": None,  # compiled by OrderParser._compile: it needs the words' terminals
    "support_hold": lambda items: SupportHold(items[0], items[2]),
    "support_move": lambda items: SupportMove(items[0], items[2], items[4]),
    "convoy": lambda items: Convoy(items[0], _units(items)[1], items[-1]),
    "retreat": lambda items: Retreat(items[0], items[2]),
    "disband": lambda items: Disband(items[0]),
    "bare": lambda items: Bare(items[0]),
    "build": lambda items: Build(_first_unit(items)),
    "remove": lambda items: Remove(_first_unit(items)),
    "adjust": lambda items: Adjust(items[0]),
    "maintain": lambda items: Maintain(_first_unit(items)),
    "transform": lambda items: Transform(items[0], items[2], _coast(items[3:])),
    "transform_at": lambda items: Transform(
        UnitSpec(None, Location(items[2].province)), items[1], items[2].coast
    ),
    "waive": lambda items: Waive(_waived_for(str(items[0]))),
    # Machiavelli (machiavelli.lark)
    "besiege": lambda items: Besiege(
        items[0], next((i for i in items[2:] if isinstance(i, Location)), None)
    ),
    "lift_siege": lambda items: LiftSiege(items[0]),
    "convert": lambda items: _convert(items),
    "support_convert": lambda items: SupportConvert(items[0], items[2], _type_of(items[4:])),
}
_TYPE_LETTERS = frozenset(_UNIT_WORDS.values())


def _type_of(items: list[Any]) -> str | None:
    """The unit type an order's last parts begin with (`C F/nc`), or None."""
    return items[0] if items and items[0] in _TYPE_LETTERS else None


def _convert(items: list[Any]) -> Convert:
    """`A gen C G`, `G stp C F/nc`, `G stp C /nc`: the type, then the coast, both optional."""
    rest = items[2:]
    into = _type_of(rest)
    return Convert(items[0], into, _coast(rest[1:] if into else rest))


def _waived_for(word: str) -> str | None:
    """`waive France` -> `france`; a bare `waive` (or `w`) names no power."""
    words = word.split()
    return words[1] if len(words) > 1 else None


def _units(items: list[Any]) -> list[UnitSpec]:
    return [i for i in items if isinstance(i, UnitSpec)]


def _coast(words: list[Any]) -> str | None:
    """A COAST word (`/nc`, `(north coast)`, `sc`) as its coast, or None."""
    if not words:
        return None
    return _COAST_LETTER[str(words[0]).strip("/() \t")[0]]

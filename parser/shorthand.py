"""Reading Shorthand press (info.shorthand): in a game played with the `shorthand`
modifier, press between players may only be statements of a fixed language of proposals,
acceptances and rejections (parser/shorthand.lark), one a line. An ORDERS statement's
order is read by the order grammar for the phase it names (the current one by default),
for its syntax only, as the njudge checked it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import lru_cache
from pathlib import Path

from lark import Lark
from lark.exceptions import LarkError

from .lalr import lalr
from .orders import OrderParser, OrderSyntaxError, PhaseKind, _trie_regex

_GRAMMAR = (Path(__file__).parent / "shorthand.lark").read_text(encoding="utf-8")
# The ORDERS word and its phase: what follows them is an order.
_ORDERS = re.compile(r"\borders?\b(\s+[sufw]\d{1,4}[mrb]\b)?", re.IGNORECASE)
_KINDS: dict[str, PhaseKind] = {"m": "movement", "r": "retreat", "b": "adjustment"}
MAX_PROVINCES = 3  # info.shorthand: "limited to a maximum of three - excess is ignored"


@lru_cache(maxsize=32)
def _lark(letters: str, names: tuple[str, ...]) -> Lark:
    powers = "[" + re.escape(letters) + "]+"
    grammar = (
        _GRAMMAR
        + f"\nPOWERS.1: /{powers}(?![a-z0-9])/\n"
        + f"PROVINCE.2: /{_trie_regex(dict.fromkeys(names, ''))}(?![a-z0-9])/\n"
    )
    return lalr(grammar, start="statement")


def refusal(
    text: str, letters: Collection[str], names: Mapping[str, str], phase: PhaseKind
) -> str | None:
    """Why `text` is not Shorthand press (the first line that is not a statement), or None.
    `letters`: the game's power letters; `names`: the map's names of provinces;
    `phase`: the kind of the current phase, for orders that name none."""
    lark = _lark("".join(sorted({x.lower() for x in letters})), tuple(sorted(names)))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return "a Shorthand message needs at least one statement."
    for line in lines:
        clean = line.replace(".", "").lower()
        order = ""
        found = _ORDERS.search(clean)
        if found:
            clean, order = clean[: found.end()], clean[found.end() :].strip()
        try:
            lark.parse(clean)
        except LarkError:
            return f"'{line}' is not Shorthand (GET info.shorthand)."
        if found:
            kind = _KINDS[found.group(1).strip()[-1]] if found.group(1) else phase
            if not order:
                return f"'{line}': ORDERS needs an order."
            try:
                OrderParser.for_names(names).parse(order, kind)
            except OrderSyntaxError as problem:
                return f"'{line}': {problem.message}"
    return None

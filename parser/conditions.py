"""The conditions of IF orders read against the names of a game (manual section 6.3).

The grammar gives a condition's atoms as the words written (`French Army Ruhr`); which
power, unit type and province they name is known only from the game the mail signs on
to. Here each atom becomes an Occupied with those filled in, or the reason it names
nothing (with the province a misspelt name may have meant); and the nesting of a line's
parentheses is measured, for the mail reader to refuse a line nested too deep.
"""

from __future__ import annotations

from collections.abc import Callable

from .commands import Both, Condition, Either, Negation, Occupied
from .commands.base import cut_short
from .nearest import nearest, suggestion
from .vocabulary import Vocabulary

MAX_NESTING = 20  # parentheses in a condition
MAX_ATOM_WORDS = 8  # words in one condition's atom (`French Army North Sea`)

_UNIT_WORDS = {"a": "A", "army": "A", "f": "F", "fleet": "F", "w": "W", "wing": "W"}

# Told of each atom that names nothing: its words, and why.
Complaint = Callable[[str, str], None]


def resolve_condition(
    condition: Condition, vocabulary: Vocabulary, complain: Complaint
) -> Condition:
    """The condition with each atom's words read by the game's names; an atom that names
    nothing is left as it was, and `complain` is told why."""
    if isinstance(condition, Negation):
        return Negation(resolve_condition(condition.condition, vocabulary, complain))
    if isinstance(condition, Both | Either):
        return type(condition)(
            resolve_condition(condition.left, vocabulary, complain),
            resolve_condition(condition.right, vocabulary, complain),
        )
    resolved = _resolve_atom(condition.words, vocabulary)
    if isinstance(resolved, str):
        complain(" ".join(condition.words), resolved)
        return condition
    return resolved


def nesting(text: str) -> int:
    """How deep the parentheses of a line are nested."""
    deepest = depth = 0
    for ch in text:
        if ch == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif ch == ")":
            depth -= 1
    return deepest


def _resolve_atom(words: tuple[str, ...], vocabulary: Vocabulary) -> Occupied | str:
    """`French Army Ruhr`, `Russian Prussia`, `Kiel`: power, type and province, any order.

    A power may be shortened to two or more letters of its name or adjective. Some words
    could be either (`English` is a power and, on the njudge's map, the English Channel):
    the reading that names exactly one province wins."""
    rest = [w.lower().replace(".", "") for w in words]
    text = " ".join(words)
    if len(rest) > MAX_ATOM_WORDS:
        return f"too many words in one condition: '{cut_short(text)}'"

    def readings(i: int) -> list[dict[str, str]]:
        """Every way to read rest[i:] as {power, unit_type, province}, longest names first."""
        if i == len(rest):
            return [{}]
        found: list[dict[str, str]] = []
        for j in range(len(rest), i, -1):
            name = " ".join(rest[i:j])
            if name in vocabulary.names:
                found += _with(readings(j), "province", vocabulary.names[name])
        word = rest[i]
        if word in _UNIT_WORDS:
            found += _with(readings(i + 1), "unit_type", _UNIT_WORDS[word])
        if len(word) >= 2:
            powers = {n for key, n in vocabulary.powers.items() if key.startswith(word)}
            if len(powers) == 1:
                found += _with(readings(i + 1), "power", powers.pop())
        return found

    whole = [r for r in readings(0) if "province" in r]
    if whole:
        best = whole[0]
        return Occupied(
            words=words,
            power=best.get("power"),
            unit_type=best.get("unit_type"),
            province=best["province"],
        )
    # Say what is wrong with it.
    names_one = any(
        " ".join(rest[i:j]) in vocabulary.names
        for i in range(len(rest))
        for j in range(i + 1, len(rest) + 1)
    )
    for word in rest:
        if len(word) >= 2:
            powers = {n for key, n in vocabulary.powers.items() if key.startswith(word)}
            if len(powers) > 1:
                return f"'{word}' could be more than one power ({', '.join(sorted(powers))})"
        known = (
            word in _UNIT_WORDS
            or any(word in name.split() for name in vocabulary.names)
            or (len(word) >= 2 and any(k.startswith(word) for k in vocabulary.powers))
        )
        if not known:
            return f"'{word}' is not a power, a unit type or a province" + _hint(rest, vocabulary)
    if not names_one:
        return f"a condition must name a province: '{text}'"
    return f"a condition names one province, one power and one unit type at most: '{text}'"


def _hint(words: list[str], vocabulary: Vocabulary) -> str:
    """`: did you mean Burgundy?` for the province the words of a condition may have meant,
    read from the first word that names no power or unit type (`army north sae`)."""
    start = 0
    while start < len(words) and (
        words[start] in _UNIT_WORDS
        or (len(words[start]) >= 2 and any(k.startswith(words[start]) for k in vocabulary.powers))
    ):
        start += 1
    _, near = nearest(" ".join(words[start:]), vocabulary.names)
    if not near:
        return ""
    return f": did you mean {suggestion(near, vocabulary.names, vocabulary.titles)}?"


def _with(readings: list[dict[str, str]], key: str, value: str) -> list[dict[str, str]]:
    """Add key=value to each reading of the rest that does not have that key yet."""
    return [{**r, key: value} for r in readings if key not in r]

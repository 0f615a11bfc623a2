"""The njudge's variant modifiers (Gunboat, Blind, ...): the words that may follow a variant's
name in CREATE, SIGN ON and SET VARIANT (users' manual 4 and 9; info.gunboat, info.blind,
info.shorthand, info.wings, info.intimate, info.a-f), and which of them this judge carries
out.

This table is the one place a modifier is known: the commands check words against it, the
header and LIST show a game's modifiers by it, and the `variants` help file is made from it.
A modifier the judge knows but does not carry out is refused, never stored: a stored word
nothing reads would be a promise the game does not keep.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Modifier:
    word: str  # as stored in a game's options, and as written after the variant
    title: str  # as the njudge's header shows it (`mail.c: msg_header`)
    aliases: tuple[str, ...]
    carried_out: bool
    meaning: str


# In the order the njudge's header names them.
MODIFIERS: tuple[Modifier, ...] = (
    Modifier(
        "gunboat", "Gunboat", (), True,
        "nobody knows who plays which power: addresses are never shown to the players",
    ),
    Modifier(
        "blind", "Blind", (), True,
        "each player sees only his own units and orders, his own centres and the centre counts",
    ),
    Modifier(
        "a/f", "AF_Rules", ("af", "a-f", "af_rules"), False,
        "an army and a fleet may combine into one Army/Fleet unit (never finished in the njudge)",
    ),
    Modifier(
        "shorthand", "Shorthand", (), True,
        "press between players must be written in a fixed syntax of proposals and replies",
    ),
    Modifier(
        "wings", "Wings", (), True,
        "a third unit, the wing (W), flies over land and sea and blockades the centres it "
        "stands on instead of taking them",
    ),
    Modifier(
        "intimate", "Intimate", (), False,
        "players bid each spring for control of the powers nobody plays",
    ),
)  # fmt: skip

_BY_WORD = {w: m for m in MODIFIERS for w in (m.word, *m.aliases)}


def modifier(word: str) -> Modifier | None:
    return _BY_WORD.get(word.strip().lower())


class WordsRefused(ValueError):
    """Words after a variant that the judge will not take; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Choice:
    """What the words of CREATE, SIGN ON ?name or SET VARIANT ask for."""

    variant: str | None  # None: no variant was named
    modifiers: tuple[str, ...]  # stored words, in the table's order


def read_words(words: Iterable[str], known_variants: Collection[str]) -> Choice:
    """The variant and modifiers named, in any order (info.gunboat: "The keywords for the
    variant and variant options can be specified in any order"); WordsRefused for an
    unknown word, a modifier not carried out, or two variants."""
    variant: str | None = None
    chosen: set[str] = set()
    for word in words:
        w = word.strip().lower()
        found = modifier(w)
        if w in known_variants:
            if variant is not None and variant != w:
                raise WordsRefused(f"Only one variant may be named: {variant} or {w}.")
            variant = w
        elif found is None:
            raise WordsRefused(unknown_word(word, known_variants))
        elif not found.carried_out:
            raise WordsRefused(not_carried_out(found))
        else:
            chosen.add(found.word)
    return Choice(variant, ordered(chosen))


def ordered(words: Iterable[str]) -> tuple[str, ...]:
    """Stored modifiers in the table's order; a word the table does not know (stored before
    words were checked) last."""
    rank = {m.word: i for i, m in enumerate(MODIFIERS)}
    return tuple(sorted(set(words), key=lambda w: (rank.get(w, len(rank)), w)))


def unknown_word(word: str, known_variants: Collection[str]) -> str:
    """The njudge's answer to a word it does not know (`ml_signon.c`), with our modifiers."""
    lines = [f"Unknown variant specified: {word}", "Valid variants are:"]
    lines += [f"   {name}" for name in sorted(known_variants)]
    lines += ["", "Options on these variants are:"]
    lines += _described(m for m in MODIFIERS if m.carried_out)
    lines += ["", "Options this judge knows but does not carry out yet:"]
    lines += _described(m for m in MODIFIERS if not m.carried_out)
    lines += ["", *_info_files(known_variants)]
    return "\n".join(lines)


def _info_files(known_variants: Collection[str]) -> list[str]:
    """Where to read about each variant and option played here (manual 9: "GET
    INFO.variant", "GET INFO.GUNBOAT")."""
    options = ", ".join(f"GET info.{m.word}" for m in MODIFIERS if m.carried_out)
    example = "standard" if "standard" in known_variants else min(known_variants, default="")
    return textwrap.wrap(
        f"Each variant has a help file, GET info.<variant> (GET info.{example}), and so has "
        f"each option: {options}.",
        width=78,
    )


def _described(modifiers: Iterable[Modifier]) -> list[str]:
    """`   gunboat    nobody knows ...`, the meaning wrapped under itself."""
    lines = []
    for m in modifiers:
        also = f" (also written {', '.join(m.aliases)})" if m.aliases else ""
        lines += textwrap.wrap(
            m.meaning + also + ".", width=78, initial_indent=f"   {m.word:<10} ",
            subsequent_indent=" " * 14, break_long_words=False,
        )  # fmt: skip
    return lines


def not_carried_out(found: Modifier) -> str:
    """The refusal of a modifier the judge knows but does not play, and where to read why."""
    return (
        f"{found.title}: this judge does not carry out that variant option yet; "
        f"GET info.{found.word.replace('/', '-')} says why."
    )


def titles(words: Iterable[str]) -> list[str]:
    """`Gunboat`, `Blind`: how a game's stored modifiers are shown, in the table's order."""
    out = []
    for word in ordered(words):
        found = _BY_WORD.get(word)
        out.append(found.title if found is not None else word.capitalize())
    return out


def help_text(known_variants: Collection[str], variant_lines: Sequence[str] = ()) -> str:
    """The `variants` help file: what CREATE and SIGN ON accept after a game's name;
    `variant_lines` describe the variants (one each by name when not given)."""
    lines = [
        "Variants and variant options on this judge",
        "",
        "CREATE ?name password [variant] [option ...] starts a game; the same words",
        "follow SIGN ON ?name password for as long as the game is forming.  The",
        "variant and the options may come in any order; with no variant the game",
        "is Standard.  A master changes them before the start with SET VARIANT",
        "variant, SET VARIANT option (one at a time) and SET NOT VARIANT option.",
        "",
        "Variants:",
    ]
    lines += variant_lines or [f"   {name}" for name in sorted(known_variants)]
    lines += ["", "Options:"]
    lines += _described(m for m in MODIFIERS if m.carried_out)
    lines += ["", "Options this judge knows but does not carry out yet (refused if asked for):"]
    lines += _described(m for m in MODIFIERS if not m.carried_out)
    lines += ["", *_info_files(known_variants)]
    return "\n".join(lines) + "\n"

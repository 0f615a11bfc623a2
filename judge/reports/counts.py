"""Numbers and the words that agree with them: `1 game`, `0 games`, `1 player signs on`.

One place for the rule, so that no text says "0 in 1 games" because its writer thought of
the usual case only; the njudge's own texts agree the same way (`player%s`, `n == 1`).
"""

from __future__ import annotations


def agreeing(n: int, singular: str, plural: str | None = None) -> str:
    """The form of a word that agrees with `n`: `game` for 1, `games` for 0 or 2 (the
    plural is the singular with an `s` unless given: `is`/`are`, `was`/`were`)."""
    if n == 1:
        return singular
    return plural if plural is not None else singular + "s"


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """`1 game`, `0 games`, `3 more players`: the number and the noun that agrees with it."""
    return f"{n} {agreeing(n, singular, plural)}"

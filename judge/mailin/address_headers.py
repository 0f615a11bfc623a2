"""Addresses out of a From, Reply-To or Return-Path header, in time linear in its length.

The email package reads comments (`(...)`) recursively: a header of a few hundred `(` made
it raise RecursionError. Comments name nobody, so they are dropped here first, by one pass
that honours quoted strings and backslashes; what is left has no parentheses to recurse on,
and its length is capped before the email package reads it.
"""

from __future__ import annotations

from email.utils import getaddresses, parseaddr

MAX_ADDRESS_HEADER = 2000  # characters of one address header read; the rest is ignored


def without_comments(value: str) -> str:
    """The header with its comments dropped (nested or not, closed or not)."""
    out: list[str] = []
    depth = 0
    quoted = False
    escaped = False
    for ch in value:
        if escaped:
            escaped = False
            if not depth:
                out.append(ch)
            continue
        if ch == "\\":
            escaped = True
            if not depth:
                out.append(ch)
            continue
        if quoted:
            quoted = ch != '"'
            out.append(ch)
            continue
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if not depth:
                out.append(" ")
        elif not depth:
            quoted = ch == '"'
            out.append(ch)
    return "".join(out)


def _clean(value: str) -> str:
    return without_comments(value[:MAX_ADDRESS_HEADER]).replace("(", " ").replace(")", " ")


def read_addresses(value: str) -> tuple[tuple[str, ...], str]:
    """Every address of the header that looks like one (`a@b`), in order; and the last of
    them, else whatever the email package makes of the header. One reading gives both."""
    text = _clean(value)
    try:
        found = tuple(a.strip() for _, a in getaddresses([text]) if a and "@" in a)
        return found, found[-1] if found else parseaddr(text)[1].strip()
    except Exception:  # never: but a header must not cost the mail its answer
        return (), ""


def one_address(value: str) -> str:
    """The address of a one-address header (Return-Path)."""
    try:
        return parseaddr(_clean(value))[1].strip()
    except Exception:
        return ""

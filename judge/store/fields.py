"""What a stored field may hold: the one place text from a mail is made fit for a column.

PostgreSQL refuses a NUL in any text column and a string longer than its VARCHAR, and it
refuses them with an error that rolls back the whole transaction: a hostile Subject would
then undo the answers to every mail of a batch, and the record of the failure with them.
SQLite takes anything, so a judge tested on SQLite alone never sees it. Every value that
comes from outside is cleaned here before it is written, on both databases alike.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("judge.store")

# RFC 5321 limits a path to 256 octets; our address columns are String(320), the longest
# that an RFC 5322 address (64 + 1 + 255) can be.
ADDRESS_LIMIT = 320
HEADER_LIMIT = 998  # a header line, RFC 5322 (Subject, In-Reply-To)
REFERENCES_LIMIT = 4000  # the References of a long thread, its newest ids kept


def clean_text(value: str, limit: int | None = None) -> str:
    """`value` without NULs (shown as U+FFFD) or unpaired surrogates (the bytes of a
    broken mail, read with surrogateescape), cut to `limit` characters."""
    if "\x00" in value:
        value = value.replace("\x00", "\ufffd")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        value = value.encode("utf-8", "replace").decode("utf-8")
    return value if limit is None else value[:limit]


def bounded_address(value: str) -> str | None:
    """An address fit for an address column; None if it cannot be one (too long, or with
    a NUL or a line break in it): such an address can receive no mail, so nothing is
    stored or sent for it rather than a cut-down address that may be someone else's."""
    if len(value) > ADDRESS_LIMIT or any(c in value for c in "\x00\r\n"):
        return None
    return clean_text(value)


def clean_references(value: str) -> str:
    """A References header within its limit: the oldest ids are dropped, never the
    newest (the mail answered)."""
    value = clean_text(value)
    if len(value) <= REFERENCES_LIMIT:
        return value
    return value[-REFERENCES_LIMIT:].partition(" ")[2] or value[-REFERENCES_LIMIT:]


def clean_parameters(parameters: Any) -> Any:
    """Statement parameters without NULs in any string (PostgreSQL's last line of defence,
    for text that no boundary above cleaned: press, orders, comments)."""
    if isinstance(parameters, dict):
        if any(isinstance(v, str) and "\x00" in v for v in parameters.values()):
            return {k: clean_text(v) if isinstance(v, str) else v for k, v in parameters.items()}
        return parameters
    if isinstance(parameters, (list, tuple)):
        if any(isinstance(v, str) and "\x00" in v for v in parameters):
            return type(parameters)(clean_text(v) if isinstance(v, str) else v for v in parameters)
        if parameters and isinstance(parameters[0], (dict, list, tuple)):
            return type(parameters)(clean_parameters(p) for p in parameters)
    return parameters

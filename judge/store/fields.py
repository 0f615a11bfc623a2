"""What a stored or shown field may hold: the one place text from a mail is made fit for a
column, and for a reader.

A reader: a name, a subject, a press is shown to people, and must show what it is. Escape
sequences (whole: `ESC [31m`, not only its ESC), control characters and Unicode's invisible
format characters (bidi embeddings, overrides and isolates, zero-width spaces and joiners,
the byte-order mark, tag characters: category Cf) are taken out of everything shown
(`shown_text`); an address is refused rather than cleaned (mailin/addresses.py), since an
address cleaned is another address.

A column: PostgreSQL refuses a NUL in any text column and a string longer than its VARCHAR, and it
refuses them with an error that rolls back the whole transaction: a hostile Subject would
then undo the answers to every mail of a batch, and the record of the failure with them.
SQLite takes anything, so a judge tested on SQLite alone never sees it. Every value that
comes from outside is cleaned here before it is written, on both databases alike.
"""

from __future__ import annotations

import logging
import re
from typing import Any

log = logging.getLogger("judge.store")

# RFC 5321 limits a path to 256 octets; our address columns are String(320), the longest
# that an RFC 5322 address (64 + 1 + 255) can be.
ADDRESS_LIMIT = 320
HEADER_LIMIT = 998  # a header line, RFC 5322 (Subject, In-Reply-To)
REFERENCES_LIMIT = 4000  # the References of a long thread, its newest ids kept

# An escape sequence as a terminal reads it: CSI (`ESC [` or U+009B, parameters, a final
# byte), OSC (`ESC ]` up to BEL or `ESC \`), or ESC and one more character; each is taken
# out whole, so that no tail of it (`[31m`) is left behind. Unfinished ones to the end.
_ESCAPES = re.compile(
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]?|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]?"
)
# C0 and C1 control characters and DEL, but tab and line breaks.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]+")
# Unicode's format characters (category Cf, Unicode 15): invisible, and some of them
# (U+202E) turn the text around them. tests/test_secrets_masked.py checks the list against
# the unicodedata of the Python running it.
_INVISIBLE = re.compile(
    "[\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b-\u200f"
    "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
    "\U000e0020-\U000e007f]+"
)
# In prose of several lines (a press, a comment) the zero-width joiner and non-joiner stay:
# emoji sequences and Persian or Indic words need them, and they turn nothing around.
_INVISIBLE_IN_PROSE = re.compile(_INVISIBLE.pattern.replace("\u200b-\u200f", "\u200b\u200e\u200f"))
_LINE_BREAKS = re.compile(r"\r\n?|[\u2028\u2029\x85]")


def without_controls(value: str) -> str:
    """A mail's text as the judge reads it: escape sequences and control characters out,
    tabs and line breaks kept. Invisible characters stay, to be seen where it matters (an
    address with one is refused; a name or a press loses them in `shown_text`)."""
    value = _ESCAPES.sub("", value) if "\x1b" in value or "\x9b" in value else value
    return _CONTROLS.sub("", value)


def invisible(value: str) -> str | None:
    """The first invisible or control character in `value`, as U+XXXX, if it has one."""
    found = _INVISIBLE.search(value) or re.search(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]", value)
    return f"U+{ord(found.group()[0]):04X}" if found else None


def shown_text(value: str, limit: int | None = None, lines: bool = False) -> str:
    """Text from a mail as the judge keeps and shows it to people: without escape
    sequences, control characters and invisible format characters. A field of one line
    (`lines` False: a name, a subject, a form's field) has its line breaks and runs of
    white space made one space; text of several lines (a press, a comment) keeps its line
    breaks (each one `\n`) and tabs, and the zero-width joiners its words and emoji need.
    Fit for its column too, cut to `limit` characters."""
    value = _LINE_BREAKS.sub("\n", value) if lines else value
    value = (_INVISIBLE_IN_PROSE if lines else _INVISIBLE).sub("", without_controls(value))
    if not lines:
        value = " ".join(value.split())
    return clean_text(value, limit)


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

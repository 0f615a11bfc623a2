"""DAIDE's press levels for DPP: which level a message needs, and where a reader that stops
at a lower level stops understanding it (DAIDE's HUH puts ERR there).

The source is the DAIDE message syntax: Andrew Rose, "Diplomacy AI Development Environment
Message Syntax", version 0.178 of 7 March 2010, which gives each level a section (a copy is
kept with the SHADE-AI/daidepp repository, daide-specification.md):

    0    no press
    10   peace and alliances: PRP PCE ALY VSS DRW SLO NOT NAR YES REJ BWX HUH CCL FCT TRY
    20   order proposals: XDO DMZ
    30   multipart arrangements: AND ORR, not nested (neither twice, never both in a message)
    40   sharing out the supply centres: SCD OCC (not read here)
    50   nested multipart arrangements: AND and ORR nested; CHO (not read here)
    60   queries and insistencies: INS QRY, and THK IDK SUG (not read here)
    70.. requests for suggestions, accusations, future, conditionals, ... (not read here)

Powers and provinces are part of every level; a bracket needs none.
"""

from __future__ import annotations

from .dpp_values import DppMessage, Try, dpp_text, tokens

# The level at which each word of the language comes in (the document's sections).
LEVELS: dict[str, int] = {
    **dict.fromkeys(("PRP", "PCE", "ALY", "VSS", "DRW", "SLO", "NOT", "NAR"), 10),
    **dict.fromkeys(("YES", "REJ", "BWX", "HUH", "CCL", "FCT", "TRY"), 10),
    **dict.fromkeys(("XDO", "DMZ"), 20),
    **dict.fromkeys(("AND", "ORR"), 30),
    **dict.fromkeys(("INS", "QRY"), 60),
}
# Level 50: AND and ORR nested, both in one message, or either of them twice.
NESTED = 50
# What no level reads: ERR, DAIDE's marker in a HUH's quoted message.
MARKER = "ERR"


def token_levels(message: DppMessage) -> list[int]:
    """The level each token of the message (`tokens(dpp_text(message))`) needs: 0 for a
    bracket, power or province; a word its level, and a second AND or ORR level 50. The
    words TRY lists are named, not used."""
    text = tokens(dpp_text(message))
    if isinstance(message, Try):
        return [LEVELS["TRY"], *(0 for _ in text[1:])]
    out: list[int] = []
    multipart = 0
    for token in text:
        needed = LEVELS.get(token, 0)
        if token in ("AND", "ORR"):
            multipart += 1
            if multipart > 1:
                needed = NESTED
        out.append(needed)
    return out


def level(message: DppMessage) -> int:
    """The DAIDE press level a message needs: that of its most demanding token."""
    return max(token_levels(message), default=10) or 10


def beyond(message: DppMessage, most: int, also: frozenset[str] = frozenset()) -> int | None:
    """The index of the first token a reader of level `most` (and of the words `also`, of
    higher levels) does not understand, where DAIDE's HUH puts ERR; None when it
    understands the whole message."""
    text = tokens(dpp_text(message))
    found = enumerate(token_levels(message))
    return next((i for i, x in found if x > most and text[i] not in also), None)

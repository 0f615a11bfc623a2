"""What the judgekeeper's own mail server found of a mail's From: the DMARC result in its
Authentication-Results header (RFC 8601), read with the authres package.

Anyone can write an Authentication-Results header into his mail, so only those bearing
the judge's `authserv_id` are read, and of those only the topmost one with a DMARC result
counts. A mail's headers grow upwards as it travels: the judge's mail server adds its
header above everything the sender wrote, so a forged one, even with our authserv-id,
lies below the real one and is never read where the real one is. A forgery is read only
where the server added no DMARC result at all, and there it can do no harm: only a "fail"
takes anything away from a mail (engine/accounts/authenticity.py), and a forged "fail"
refuses the forger's own mail. (RFC 8601, section 5, asks the server to remove forged
headers bearing its id as well; docs/operations.md, 3f, shows Postfix doing it.)

An empty `authserv_id` (the default) reads no header at all: a judge whose mail server
checks nothing is as it always was.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

# A header is read by authres only if it bears our authserv-id, found by this first: its
# first word, after any comments (RFC 8601 2.2).
_AUTHSERV_ID = re.compile(r"\s*(?:\([^()]*\)\s*)*([^\s;()]+)")
# authres's parser takes time in proportion to a header's length, and real ones are a few
# hundred characters: a longer one is not read.
MAX_READ = 2000


@dataclass(frozen=True)
class Dmarc:
    """A DMARC result the judge's mail server gave the mail."""

    result: str  # pass, fail, none, temperror, permerror, ... in lower case
    domain: str  # header.from: the From domain it checked, lower case ("" if not said)
    authserv_id: str

    @property
    def failed(self) -> bool:
        return self.result == "fail"

    def __str__(self) -> str:
        """As the inbound row's outcome records it."""
        checked = f" header.from={self.domain}" if self.domain else ""
        return f"dmarc={self.result}{checked} ({self.authserv_id})"


def dmarc_of(values: Sequence[str], authserv_id: str) -> Dmarc | None:
    """The DMARC result of the topmost of the Authentication-Results `values` (top first)
    that bears `authserv_id` and has one; None if none does, or no authserv_id is set."""
    wanted = authserv_id.strip().lower()
    if not wanted:
        return None
    for value in values:
        found = _AUTHSERV_ID.match(value)
        if found is None or found.group(1).lower() != wanted or len(value) > MAX_READ:
            continue
        try:
            header = _features().parse_value(value)
        except Exception:  # authres's SyntaxError, RecursionError on nested comments, ...
            continue
        for result in header.results:
            if getattr(result, "method", "") == "dmarc":
                domain = str(getattr(result, "header_from", None) or "").lower()
                return Dmarc(str(result.result or "").lower(), domain, wanted)
    return None


@cache
def _features():  # -> authres.FeatureContext
    """authres with DMARC's properties (header.from); imported only where one is read."""
    import authres
    import authres.dmarc

    return authres.FeatureContext(authres.dmarc)

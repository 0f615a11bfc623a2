"""The provinces a player most likely meant by a name the judge could not read, for the
`did you mean` that follows an order or condition error.

A misspelt name (`Burgandy`, `Berlni`, `north sae`) costs a player a reply and, near a
deadline, a phase. The njudge only said what it could not read; we also name the nearest
provinces, by difflib's similarity ratio (Ratcliff/Obershelp) over every name and
abbreviation the map accepts, so `bur` and `Burgundy` both lead to Burgundy.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

LIMIT = 3  # names offered at most
CUTOFF = 0.6  # difflib's own default: below it a "match" is mostly chance
# Names much further than the best one are left out: `berlni` is Berlin, not Belgium too.
BAND = 0.15
MAX_WORDS = 3  # the longest names players type are three words (gulf of bothnia)

# Where a name ends in what followed it: a move sign, a coast, a comma.
_NAME_END = re.compile(r"[^a-z0-9' ]")


def nearest(text: str, names: Mapping[str, str]) -> tuple[str, list[str]]:
    """The part of `text` (lower case, as the order parser sees it) taken for a misspelt
    name, and the abbreviations of the nearest provinces, best first; ("", []) when no
    name is near enough.

    The unread text may run on past the name (`burgandy s a mar`), so its first one, two and
    three words are each tried, and the closest reading wins."""
    head = _NAME_END.split(text.strip(), maxsplit=1)[0]
    words = head.split()
    best: dict[str, float] = {}
    read = ""
    top = 0.0
    for count in range(1, min(len(words), MAX_WORDS) + 1):
        candidate = " ".join(words[:count])
        for name in difflib.get_close_matches(candidate, names, n=LIMIT * 4, cutoff=CUTOFF):
            score = difflib.SequenceMatcher(None, candidate, name).ratio()
            province = names[name]
            if score > best.get(province, 0.0):
                best[province] = score
            if score > top:
                top, read = score, candidate
    near = [province for province in best if best[province] >= top - BAND]
    return read, sorted(near, key=lambda province: (-best[province], province))[:LIMIT]


def did_you_mean(text: str, names: Mapping[str, str], titles: Mapping[str, str]) -> str | None:
    """The line that follows an error about `text`: `No province is called 'burgandy':
    did you mean Burgundy?`; None when no province is near."""
    read, provinces = nearest(text, names)
    if not provinces:
        return None
    return f"No province is called '{read}': did you mean {suggestion(provinces, names, titles)}?"


def suggestion(provinces: list[str], names: Mapping[str, str], titles: Mapping[str, str]) -> str:
    """`Burgundy`, `Berlin or Brest`: each province by its full name (`titles`: abbreviation
    to the name the map prints). A caller without the map's titles gets the longest name
    the map accepts for it, most often the full name."""
    shown = [titles.get(province) or _longest_name(province, names) for province in provinces]
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def _longest_name(province: str, names: Mapping[str, str]) -> str:
    spelt = max((n for n, p in names.items() if p == province), key=len, default=province)
    return " ".join(w if w in ("of", "the") else w.title() for w in spelt.split())

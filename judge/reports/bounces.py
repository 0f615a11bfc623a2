"""The texts of an address marked undeliverable (mailin/bounces.py): the notice to the
masters of each game it is in and the one to the judgekeeper, each sent once a mark, and
the word LIST and WHOGAME put after it for a master.

Pure functions of names and values, worded as the njudge words its notices to a master
(`... has been ...  The judge will ...`).
"""

from __future__ import annotations

from collections.abc import Sequence

# After an address in LIST and WHOGAME, for the game's master only.
MARK = "(undeliverable)"


def marked_address(address: str) -> str:
    return f"{address} {MARK}"


def _failures(limit: int) -> str:
    return "once" if limit == 1 else "twice" if limit == 2 else f"{limit} times"


def to_master(address: str, who: str, game: str, limit: int, reason: str) -> str:
    """`Undeliverable`, to the masters of a game: `who` is `France`, `Observer`, ..."""
    return (
        f"Mail from the judge to {address} ({who} in game '{game}') has been\n"
        f"returned undeliverable {_failures(limit)}.  The judge will send nothing more to\n"
        "that address until mail comes from it again: results, notices and press for\n"
        "it are withheld.  LIST shows the address as undeliverable to you meanwhile.\n"
        "You may wish to ask the player for another address (SET ADDRESS), or replace\n"
        "him.\n\n"
        f"The last failure reported: {reason}\n"
    )


def to_keeper(address: str, limit: int, reason: str, places: Sequence[str]) -> str:
    """To the judgekeeper: `places` are `France in game 'war'`, ..."""
    where = "".join(f"  {place}\n" for place in places) or "  (in no game now)\n"
    return (
        f"Mail from the judge to {address} has been returned undeliverable\n"
        f"{_failures(limit)}, and the address is marked undeliverable: nothing more is\n"
        "sent to it until mail comes from it again.  It is in:\n\n"
        f"{where}\n"
        f"The last failure reported: {reason}\n"
    )

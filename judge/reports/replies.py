"""The frame of every reply: the njudge's header lines and subject lines."""

from __future__ import annotations

import re

_PREFIXES = re.compile(
    r"^\s*((re|aw|sv|fwd?)\s*:\s*|\[error flag\]\s*|\[you are late!\]\s*)+", re.I
)


def header(
    code: str, game: str | None = None, variant: str | None = None, deadline_line: str | None = None
) -> str:
    """`:: Judge: USXX  Game: Mygame  Variant: Standard` and the deadline line, if any."""
    first = f":: Judge: {code}"
    if game:
        title = " ".join(word.capitalize() for word in game.split())
        first += f"  Game: {title}"
        if variant:
            first += f"  Variant: {variant}"
    lines = ["", first]
    if deadline_line:
        lines.append(f":: Deadline: {deadline_line}")
    lines.append("")
    return "\n".join(lines)


def reply_subject(code: str, theirs: str, game: str | None = None, phase: str | None = None) -> str:
    """`Re: USXX <their subject>`, or `Re: USXX:game - S1901M <their subject>` once signed on.

    What an earlier reply put in front of their subject is taken off again, so that the
    subjects of a long exchange do not pile up (njudge, mail.c).
    """
    tag = f"{code}:{game} - {phase}" if game and phase else code
    rest = _PREFIXES.sub("", theirs or "")
    own = re.compile(rf"^\s*{re.escape(code)}(:\S+\s+-\s+\S+)?\s*", re.I)
    rest = _PREFIXES.sub("", own.sub("", rest))
    rest = rest.replace('"', "").replace("`", "")[:79].strip()
    return f"Re: {tag} {rest}".rstrip()


def paragraphs(parts: list[str]) -> str:
    """The reply's paragraphs, one blank line between each."""
    return "\n\n".join(p.rstrip("\n") for p in parts if p is not None) + "\n"

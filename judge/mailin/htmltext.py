"""HTML to the text a person sees, in one pass: time linear in the HTML's length.

html.parser is worse than quadratic on unclosed tags (`<a <a <a ...`: 36 kB took a minute);
a mail's HTML needs no more than tags dropped, a line break for each block, scripts and
styles left out and entities decoded. The HTML read is capped besides (MAX_HTML).
"""

from __future__ import annotations

import html
import re

MAX_HTML = 100_000  # characters of an HTML-only mail read; the rest is not

_BREAKS = frozenset({"br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4", "pre", "blockquote"})
_HIDDEN = ("script", "style", "head", "title")
_NAME = re.compile(r"/?\s*([A-Za-z][A-Za-z0-9]{0,15})")
_BLANKS = re.compile(r"\n[ \t]*\n[\s]*")


def html_to_text(markup: str) -> str:
    """Tags dropped, entities decoded, a line break for each block. Each search starts
    where the last one ended, and a search that fails ends the reading: linear time."""
    lower = markup.lower()
    out: list[str] = []
    i = 0
    end = len(markup)
    while i < end:
        lt = markup.find("<", i)
        if lt < 0:
            out.append(markup[i:])
            break
        out.append(markup[i:lt])
        if markup.startswith("<!--", lt):
            close = markup.find("-->", lt + 4)
            if close < 0:
                break  # an unclosed comment: the rest is comment
            i = close + 3
            continue
        gt = markup.find(">", lt + 1)
        if gt < 0:
            out.append(markup[lt:])  # no tag closes: the rest is text, as a browser shows it
            break
        i = gt + 1
        name = _NAME.match(markup, lt + 1, gt)
        if name is None:
            continue
        tag = name.group(1).lower()
        if tag in _BREAKS:
            out.append("\n")
        elif tag in _HIDDEN and not markup.startswith("/", lt + 1):
            close = lower.find(f"</{tag}", i)
            if close < 0:
                break  # never closed: nothing after it shows
            after = markup.find(">", close)
            if after < 0:
                break
            i = after + 1
    text = html.unescape("".join(out)).replace("\xa0", " ")
    lines = [line.strip() for line in text.splitlines()]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()

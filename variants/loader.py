"""Load a variant data file: read it, then check it, refusing a broken one with the line
and the reason.

The format is documented in docs/variant-format.md; `reading` takes the file apart line by
line, `checking` makes sure the whole makes a playable map.
"""

from __future__ import annotations

from pathlib import Path

from .checking import build
from .model import Variant
from .reading import read_text


def load_file(path: str | Path) -> Variant:
    path = Path(path)
    return load_text(path.read_text(encoding="utf-8"), source=path.name)


def load_text(text: str, source: str = "<variant>") -> Variant:
    return build(read_text(text, source))

"""A board's facts from another's: the same places under other abbreviations (a scenario
that renames a province), with changes."""

from __future__ import annotations

from types import ModuleType

_NAMES = ("FRAME", "CENTRE_LON", "PARALLELS", "MIDDLE", "MAGNIFY", "WIDTH", "UNNAMED",
          "BLOCKS", "ISLANDS", "PLACES", "FILLS", "COASTS", "LINKS")  # fmt: skip


def renamed(base: ModuleType, names: dict[str, str]) -> dict[str, object]:
    """`base`'s facts with each province in `names` called by its new abbreviation."""

    def new(abbr: str) -> str:
        return names.get(abbr, abbr)

    out: dict[str, object] = {n: getattr(base, n) for n in _NAMES if hasattr(base, n)}
    out["BLOCKS"] = {
        block: (countries, tuple(new(a) for a in provinces))
        for block, (countries, provinces) in base.BLOCKS.items()
    }
    for key in ("PLACES", "FILLS", "COASTS"):
        if key in out:
            out[key] = {new(a): v for a, v in out[key].items()}  # type: ignore[union-attr]
    if "LINKS" in out:
        out["LINKS"] = tuple((new(a), new(b), line) for a, b, line in out["LINKS"])  # type: ignore[union-attr]
    return out

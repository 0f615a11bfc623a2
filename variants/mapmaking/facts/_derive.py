"""A board's facts from another's: the same places under other abbreviations (a scenario
that renames a province), with changes."""

from __future__ import annotations

from types import ModuleType

_NAMES = ("FRAME", "CENTRE_LON", "PARALLELS", "PROJECTION", "LON_STOPS", "LAT_STOPS", "MIDDLE",
          "MAGNIFY", "FISHEYE", "WIDTH", "READ", "UNNAMED", "BESIDE", "INWARD", "SIMPLIFY",
          "SMALLEST", "BLOCKS", "ISLANDS", "PLACES", "FILLS", "CARVE", "GRAB", "COASTS",
          "LINKS", "LABELS")  # fmt: skip


def renamed(base: ModuleType, names: dict[str, str]) -> dict[str, object]:
    """`base`'s facts with each province in `names` called by its new abbreviation."""

    def new(abbr: str) -> str:
        return names.get(abbr, abbr)

    out: dict[str, object] = {n: getattr(base, n) for n in _NAMES if hasattr(base, n)}
    out["BLOCKS"] = {
        block: (countries, tuple(new(a) for a in provinces))
        for block, (countries, provinces) in base.BLOCKS.items()
    }
    for key in ("PLACES", "FILLS", "CARVE", "GRAB", "COASTS", "LABELS"):
        if key in out:
            out[key] = {new(a): v for a, v in out[key].items()}  # type: ignore[union-attr]
    if "LINKS" in out:
        out["LINKS"] = tuple((new(a), new(b), line) for a, b, line in out["LINKS"])  # type: ignore[union-attr]
    return out


def without(facts: dict[str, object], gone: tuple[str, ...]) -> dict[str, object]:
    """`facts` for a scenario that leaves some land provinces off the board: their land is
    land of no province (drawn grey, entered by nobody)."""
    out = dict(facts)
    places = dict(out["PLACES"])  # type: ignore[call-overload]
    unnamed = out.get("UNNAMED", "*")
    places[unnamed] = (*places.get(unnamed, ()), *(ll for a in gone for ll in places.pop(a)))
    out["PLACES"] = places
    out["BLOCKS"] = {
        block: (countries, tuple(a for a in provinces if a not in gone))
        for block, (countries, provinces) in out["BLOCKS"].items()  # type: ignore[attr-defined]
    }
    for key in ("FILLS", "CARVE", "GRAB", "COASTS", "LABELS"):
        if key in out:
            out[key] = {a: v for a, v in out[key].items() if a not in gone}  # type: ignore[attr-defined]
    if "LINKS" in out:
        out["LINKS"] = tuple(k for k in out["LINKS"] if k[0] not in gone and k[1] not in gone)  # type: ignore[attr-defined]
    return out

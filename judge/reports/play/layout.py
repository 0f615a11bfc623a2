"""What the layout of every report shares: the phase and its `(game.001)` stamp in a title,
the powers in the variant's order, a document's units spelt as the adjudicator answers,
dislodged units in the njudge's order, the column where a retreat or adjustment line
starts its unit, and the njudge's three ways of wrapping a long line.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from adjudicator.phase import Phase
from variants import Variant, province_of

Doc = Mapping[str, Any]


# The njudge's column for the unit after `Power: ` in retreat and adjustment lines (LPOWER).
_LPOWER = 24


def as_phase(variant: Variant, phase: Phase | str) -> Phase:
    """A phase given as a Phase or by its code (`S1901M`)."""
    return phase if isinstance(phase, Phase) else Phase.parse(str(phase), variant)


def when(phase: Phase) -> str:
    """`Fall of 1901`: the part of the phase's description every title shares."""
    return phase.describe().split(" for ", 1)[1]


def stamp(game: str, seq: int | str) -> str:
    number = f"{seq:03d}" if isinstance(seq, int) else str(seq)
    return f"({game}.{number})"


def unit_of(order: str) -> tuple[str, str]:
    """The unit an adjudicator order line is for: (`A`, `stp/sc`)."""
    kind, location = order.split()[:2]
    return kind, location


def counted_lines(doc: Doc) -> list[Mapping[str, Any]]:
    """The lines that stand for a unit's order: legal, not replaced by a later one."""
    return [
        line
        for line in doc.get("orders", ())
        if line.get("result") != "illegal" and line.get("order")
    ]


def power_order(variant: Variant) -> list[str]:
    """The powers' names in the variant's order, the order every text lists them in."""
    return [p.name for p in variant.powers]


def board_units(
    variant: Variant, units: Mapping[str, Iterable[str]] | None
) -> dict[str, list[str]]:
    """An input document's units as the adjudicator writes them (`F stp/sc`, `England`).

    The adjudicator accepts many spellings (`f StP(sc)`, `england`) but answers in one, and
    units are matched with its answer.
    """
    out: dict[str, list[str]] = {}
    for power, texts in (units or {}).items():
        name = variant.power(power).name
        out.setdefault(name, []).extend(_unit_text(variant, t) for t in texts)
    return out


def _unit_text(variant: Variant, text: str) -> str:
    kind, _, place = text.strip().partition(" ")
    try:
        location = variant.location(place)
    except KeyError:
        location = place.strip().lower()
    if kind.upper() == "A":
        location = province_of(location)
    return f"{kind.upper()} {location}"


def dislodged_entries(variant: Variant, entries: Iterable[Mapping[str, Any]]) -> list[dict]:
    return [
        {
            "power": variant.power(entry["power"]).name,
            "unit": _unit_text(variant, entry["unit"]),
            "retreats": [variant.location(str(r)) for r in entry.get("retreats") or ()],
        }
        for entry in entries
    ]


def sorted_dislodged(variant: Variant, dislodged: Iterable[Mapping[str, Any]]) -> list:
    rank = {name: i for i, name in enumerate(power_order(variant))}
    return sorted(dislodged, key=lambda d: (rank.get(d["power"], len(rank)), d["unit"]))


def padded(power: str) -> str:
    """`Austria:                  `: retreat and adjustment lines start the unit in column 27."""
    return f"{power}: " + " " * max(0, _LPOWER - len(power))


def wrap_words(text: str, width: int = 78) -> list[str]:
    """Break at the last space that keeps a line within `width` columns (no indent), as the
    njudge's dislodgement lines do."""
    lines = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= 0:
            break
        lines.append(text[:cut])
        text = text[cut + 1 :]
    lines.append(text)
    return lines


def wrap_commas(text: str, indent: int) -> list[str]:
    """The njudge's `wrap_char`: break after the last comma before column 79, continue the
    list under the first name."""
    lines = []
    while len(text) >= 79:
        comma = text.rfind(",", 0, 79)
        space = text.find(" ", comma + 1) if comma >= 0 else -1
        if space < 0 or space < indent:
            break
        lines.append(text[:space])
        text = " " * indent + text[space + 1 :]
    lines.append(text)
    return lines


def wrap_status(text: str) -> list[str]:
    """`po_status.c`'s wrap: 80 columns on the first line, then nine spaces of indent."""
    lines = []
    limit = 80
    while len(text) > limit:
        cut = text.rfind(" ", 0, limit)
        if cut <= 0:
            break
        lines.append(text[:cut])
        text = text[cut + 1 :]
        limit = 70
    lines.append(text)
    return [lines[0]] + ["         " + line for line in lines[1:]]

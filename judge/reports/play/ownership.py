"""`Ownership of supply centers:` and the count of builds and removals after it: the
tables that results after the centre season, LIST and a blind game's copies end with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping

from adjudicator.wings import blockaded_in
from variants import Variant

from .layout import Doc, power_order, wrap_commas


class Sight(frozenset[str]):
    """The powers whose units a reader of a blind game sees, and whether he is shown every
    power's centres by name (SET BCENTERS, info.blind) or only his own."""

    all_centers: bool

    def __new__(cls, powers: Iterable[str] = (), all_centers: bool = False) -> Sight:
        made = super().__new__(cls, powers)
        made.all_centers = all_centers
        return made


def ownership_tables(
    variant: Variant,
    centers: Mapping[str, Iterable[str]],
    units: Mapping[str, Iterable[str]],
    winner: str | None = None,
    marks: Mapping[str, str] | None = None,
    *,
    seen: Collection[str] | None = None,
) -> str:
    """`Ownership of supply centers:` and the count of builds and removals that follows it.

    Results after the centre season and LIST both end with these tables; `marks` gives a
    power's `CD` or `ABANDONED` tag, which only the game (not the board) knows. `seen`: a
    blind game's copy for a reader who sees only these powers (judge/reports/blind.py):
    their centres and counts in full, no unowned centres, and of every other power only
    how many centres it has (unless `seen` is a Sight with `all_centers`: then every
    power's centres by name, the counts of units still only his own). A centre a wing
    blockades (info.wings) is shown in parentheses, `(Vienna)`, and counts for nobody.
    """
    widest = max([len(p.name) for p in variant.powers] + [0]) + 1
    column = max(widest, 10)
    owner = {
        variant.province(c).abbr: variant.power(p).name for p, cs in centers.items() for c in cs
    }
    order = [p.abbr for p in variant.provinces.values() if p.center]
    shut = blockaded_in(
        {variant.power(p).name: us for p, us in units.items()},
        {variant.power(p).name: cs for p, cs in centers.items()},
    )
    every = seen is None or getattr(seen, "all_centers", False)
    named = [*power_order(variant), "Unowned"] if every else list(seen or ())
    lines = ["Ownership of supply centers:", ""]
    for name in [n for n in [*power_order(variant), "Unowned"] if n in named]:
        owned = [
            f"({variant.provinces[c].name})" if c in shut else variant.provinces[c].name
            for c in order
            if owner.get(c, "Unowned") == name
        ]
        if not owned:
            continue
        head = f"{name}:" + " " * (column - len(name))
        lines.extend(wrap_commas(head + ", ".join(owned) + ".", column + 1))
    if lines[-1]:
        lines.append("")
    held = Counter({variant.power(p).name: sum(1 for _ in us) for p, us in units.items()})
    count = Counter(p for c, p in owner.items() if c not in shut)
    for name in power_order(variant):
        np, nu = count.get(name, 0), held.get(name, 0)
        if seen is not None and name not in seen:
            if np:
                lines.append(_padded_count(name, column, np) + ".")
            continue
        if not np and not nu and name not in owner.values():
            continue
        left = abs(np - nu)
        line = (
            _padded_count(name, column, np)
            + (", " if np == 1 else ",")  # the njudge's columns: `center,   1` `centers,  3`
            + f" {nu:2d} Unit{': ' if nu == 1 else 's:'}"
            + f"  {'Builds ' if np >= nu else 'Removes'} {left:2d} unit{'' if left == 1 else 's'}."
        )
        tag = "VICTORY!!" if name == winner else (marks or {}).get(name)
        if tag:
            line += f"{' ' if left == 1 else ''}  (* {tag} *)"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _padded_count(name: str, column: int, centers: int) -> str:
    """`Austria:   5 Supply centers`, the centre count lined up in the table's column."""
    plural = "" if centers == 1 else "s"
    return f"{name}:" + " " * max(0, column - len(name) - 1) + f"{centers:2d} Supply center{plural}"


def table_lines(
    variant: Variant,
    output_doc: Doc,
    marks: Mapping[str, str] | None,
    seen: Collection[str] | None,
) -> list[str]:
    """The tables a phase's results end with, as lines: the output document's centres and
    units, its winner, and the game's marks."""
    text = ownership_tables(
        variant,
        output_doc.get("centers", {}),
        output_doc.get("units", {}),
        output_doc.get("winner"),
        marks,
        seen=seen,
    )
    return text.rstrip("\n").split("\n")

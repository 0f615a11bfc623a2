"""Does a variant's picture tell the truth about its board? Two provinces' regions share a
border on the picture (or a drawn link joins them) if and only if the variant makes them
adjacent for some unit (issue 33).

Measured per variant as precision (of the pairs the picture shows as neighbours, the share
the variant makes adjacent: a false border lowers it) and recall (of the variant's
adjacent pairs, the share the picture shows: a missing border lowers it). Provinces no
unit may enter (impassable: Switzerland) are left out on both sides: they are drawn grey,
as no place to go, and may touch whatever is around them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import geometry_of, touching
from .layout import neighbours
from .model import Variant
from .places import Geometry

Pair = frozenset[str]


@dataclass(frozen=True)
class Check:
    """One variant's check: the pairs adjacent on the board, the pairs the picture shows
    as neighbours (shared borders and links), and the two measures."""

    variant: str
    adjacent: frozenset[Pair]
    drawn: frozenset[Pair]
    links: int

    @property
    def false_borders(self) -> list[tuple[str, str]]:
        """Pairs drawn as neighbours that the board does not make adjacent."""
        return sorted(tuple(sorted(p)) for p in self.drawn - self.adjacent)  # type: ignore[misc]

    @property
    def missing(self) -> list[tuple[str, str]]:
        """Adjacent pairs the picture does not show as neighbours."""
        return sorted(tuple(sorted(p)) for p in self.adjacent - self.drawn)  # type: ignore[misc]

    @property
    def precision(self) -> float:
        return len(self.drawn & self.adjacent) / len(self.drawn) if self.drawn else 1.0

    @property
    def recall(self) -> float:
        return len(self.drawn & self.adjacent) / len(self.adjacent) if self.adjacent else 1.0

    @property
    def exact(self) -> bool:
        return self.drawn == self.adjacent


def adjacent_pairs(variant: Variant) -> frozenset[Pair]:
    """The pairs of provinces some unit may move between (either way)."""
    near = neighbours(variant)
    return frozenset(frozenset((a, b)) for a, bs in near.items() for b in bs if a < b)


def check(variant: Variant, geometry: Geometry | None = None) -> Check:
    """The variant's picture (its geometry file, or `geometry`) against its board."""
    geometry = geometry or geometry_of(variant)
    passable = {a for a, p in variant.provinces.items() if not p.impassable}
    shown = set(touching(geometry))
    shown |= {frozenset((k.a, k.b)) for k in geometry.links}
    drawn = frozenset(p for p in shown if p <= passable)
    adjacent = frozenset(p for p in adjacent_pairs(variant) if p <= passable)
    return Check(variant.name, adjacent, drawn, len(geometry.links))


def table(checks: list[Check]) -> str:
    """The checks as a table: a row a variant, with the worst pairs named."""
    rows = [f"{'variant':<16} {'pairs':>5} {'links':>5} {'precision':>9} {'recall':>7}  wrong"]
    for c in checks:
        wrong = [f"+{a}-{b}" for a, b in c.false_borders] + [f"-{a}-{b}" for a, b in c.missing]
        shown = " ".join(wrong[:4]) + (f" (+{len(wrong) - 4} more)" if len(wrong) > 4 else "")
        rows.append(
            f"{c.variant:<16} {len(c.adjacent):>5} {c.links:>5} {c.precision:>9.3f}"
            f" {c.recall:>7.3f}  {shown}".rstrip()
        )
    return "\n".join(rows)

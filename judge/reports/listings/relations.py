"""The text of RELATIONS: the observation module's friendliness matrix as a power-by-power
table in the njudge's plain-text style, the blocs it implies, the agreements broken and
each power's stab limit.

A pure function of what robots/observation.py computed; the engine decides who may read it.
"""

from __future__ import annotations

from collections.abc import Sequence

from robots.agreements import Broken, StabLimit
from robots.observation import Relations

from ..counts import counted

_WIDTH = 8  # a column: a power's name cut to seven letters and a space


def relations_text(
    game_name: str,
    last_phase: str | None,
    relations: Relations,
    blocs: Sequence[tuple[str, ...]],
    broken: Sequence[Broken],
    limits: Sequence[StabLimit] = (),
) -> str:
    """Four parts: the table, the blocs, the broken agreements, the stab limits."""
    lines = [
        f"Relations in game '{game_name}'"
        + (f" after {last_phase}" if last_phase else "")
        + f", read from {counted(relations.phases, 'phase')}.",
        "",
        "Friendliness from the orders: positive is friendly, negative hostile.",
        "",
        " " * _WIDTH + "".join(_head(p) for p in relations.powers).rstrip(),
    ]
    for a in relations.powers:
        cells = "".join(
            f"{'-':>{_WIDTH - 1}} " if a == b else f"{relations.value(a, b):>{_WIDTH - 1}.1f} "
            for b in relations.powers
        )
        lines.append(f"{a[: _WIDTH - 1]:<{_WIDTH}}{cells}".rstrip())
    lines.append("")
    allied = [b for b in blocs if len(b) > 1]
    alone = [b[0] for b in blocs if len(b) == 1]
    if allied:
        lines.append("Blocs (every two in a bloc are friends):")
        lines.extend("  " + ", ".join(b) + "." for b in allied)
    else:
        lines.append("No blocs: no two powers are friends.")
    if alone:
        lines.append("Alone: " + ", ".join(alone) + ".")
    lines.append("")
    if broken:
        lines.append("Agreements made in press and broken:")
        for x in broken:
            parties = " ".join(sorted(x.agreement.parties))
            what = f"{x.agreement.kind} ({parties})"
            lines.append(f"  {x.phase}  {what} broken by {x.by}: {x.order}.")
    else:
        lines.append("No agreement made in press has been broken.")
    if limits:
        lines.append("")
        lines.append("Stab limits (the least gain, in centres, a power broke an agreement for):")
        lines.extend(f"  {_limit(x)}" for x in limits)
    return "\n".join(lines) + "\n"


def _limit(x: StabLimit) -> str:
    """`France: 1 (up to 2 centres passed up keeping one).`"""
    said = "none broken" if x.broke_for is None else str(x.broke_for)
    if x.refused:
        said += f" (up to {counted(x.refused, 'centre')} passed up keeping one)"
    return f"{x.power}: {said}."


def _head(power: str) -> str:
    return f"{power[: _WIDTH - 1]:>{_WIDTH - 1}} "

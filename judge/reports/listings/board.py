"""The board a full listing ends with: the phase it stands in, each power's units (and the
retreats open to its dislodged ones), then who owns what, as the results show it."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

import variants

from ...store.models import Game, Participant
from ..blind import seen_position
from ..play import ownership_tables
from ..play.machiavelli import control_tables
from .record import ENDED, year


def status_of_phase(
    game: Game,
    variant: variants.Variant,
    players: Iterable[Participant],
    seen: set[str] | None = None,
) -> str:
    """Where the units stand and who owns what, headed by the phase they stand in; a power
    whose player is gone is marked CD or ABANDONED. `seen`: the only powers whose units may
    be shown (a blind game), and then only their centres and the others' counts (on a
    Machiavelli map their cities and provinces), as in the blind results
    (judge/reports/blind.py)."""
    head = _status_head(game)
    position = game.position or {}
    units = position.get("units") or {}
    dislodged = position.get("dislodged") or []
    names = [x.name for x in variant.powers]
    if variant.is_machiavelli:
        names.append(variants.AUTONOMOUS)
    owners = [
        name
        for name in names
        if (seen is None or name in seen)
        and (units.get(name) or any(d.get("power") == name for d in dislodged))
    ]
    # The column is set by every power with units, seen or not (as the njudge's).
    width = max((len(k) for k, v in units.items() if v), default=1) + 1
    blocks = []
    for power in owners:
        lines = [
            f"{power + ':':<{width}} {text}."
            for text in sorted(_unit_text(variant, u) for u in units.get(power, []))
        ]
        for d in dislodged:
            if d.get("power") == power:
                text = _unit_text(variant, d["unit"])
                places = [_place(variant, r) for r in d.get("retreats") or []]
                if places:
                    text += " can retreat to " + " or ".join(places)
                lines.append(f"{power + ':':<{width}} {text}.")
        blocks.append(
            "\n".join(
                textwrap.fill(line, width=80, subsequent_indent=" " * 9, break_long_words=False)
                for line in lines
            )
        )
    marks = {
        x.power: {"cd": "CD", "abandoned": "ABANDONED"}[x.status]
        for x in players
        if x.power and x.status in ("cd", "abandoned")
    }
    centers = position.get("centers") or {}
    if variant.is_machiavelli:  # who controls each city and province (ma_stats.c)
        tables = "\n".join(control_tables(variant, seen_position(variant, position, seen)))
    else:
        tables = ownership_tables(variant, centers, units, marks=marks, seen=seen).rstrip("\n")
    return "\n\n".join([head, *blocks, tables])


def _status_head(game: Game) -> str:
    phase = game.phase or ""
    if game.status in ENDED:
        return f"Position at the end of game '{game.name}'."
    kind = {"M": "Movement", "R": "Retreat"}.get(phase[-1:], "Adjustment")
    seasons = {"F": "Fall", "U": "Summer"}
    season = "Winter" if phase.endswith("B") else seasons.get(phase[:1], "Spring")
    where = f"({game.name}.{game.turn:03d})"
    return f"Status of the {kind} phase for {season} of {year(phase) or 0:04d}.  {where}"


def _unit_text(variant: variants.Variant, unit: str) -> str:
    """`F stp/sc` as `Fleet St Petersburg (south coast)`."""
    kind, _, where = unit.partition(" ")
    return f"{variants.UNIT_WORDS.get(kind, kind)} {_place(variant, where)}"


def _place(variant: variants.Variant, location: str) -> str:
    province, _, coast = location.partition("/")
    name = _province_name(variant, province)
    return f"{name} ({variants.COAST_WORDS.get(coast, coast)})" if coast else name


def _province_name(variant: variants.Variant, abbr: str) -> str:
    found = variant.provinces.get(abbr)
    return found.name if found is not None else abbr

"""The board as it stands rather than a phase's results: the starting position of the
game-start mail, made from the variant itself so a new variant needs no hand-written
report, and the status LIST shows (every unit, its retreats in a retreat phase, and the
ownership tables).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from adjudicator.phase import Phase
from variants import AUTONOMOUS, Variant

from .layout import (
    Doc,
    as_phase,
    board_units,
    dislodged_entries,
    power_order,
    stamp,
    when,
    wrap_status,
)
from .notation import order_place, unit_words
from .ownership import ownership_tables

_STATUS_WORDS = {"M": "Movement", "R": "Retreat", "B": "Adjustment"}


def starting_position(
    variant: Variant,
    phase: Phase | str,
    empty: bool = False,
    units: Mapping[str, Iterable[str]] | None = None,
) -> str:
    """The `report.<variant>` text of the game-start mail, made from the variant itself so a
    new variant needs no hand-written report; `empty` for a game set BLANK BOARD. `units`:
    the game's own first board where its settings changed the variant's (a Machiavelli game
    without garrisons), its autonomous units last."""
    phase = as_phase(variant, phase)
    lines = [f"Starting position for {when(phase)}.", ""]
    by_power: dict[str, list[tuple[str, str]]] = {}
    if units is not None:
        for power, texts in units.items():
            for text in texts:
                kind, location = text.split()[:2]
                by_power.setdefault(power, []).append((kind, location))
    for unit in () if empty or units is not None else variant.units:
        by_power.setdefault(unit.power, []).append((unit.type, unit.location))
    if not by_power:
        lines.append("There are no units on the board.")
        if phase.letter == "B":  # a build start (chaos, minorpower, BLANK BOARD)
            lines += ["", "Each power builds its first units on the supply centers it owns."]
        return "\n".join(lines) + "\n"
    width = max(len(p) for p in by_power) + 2
    first = True
    for power in [*power_order(variant), AUTONOMOUS]:
        if power not in by_power:
            continue
        if not first:
            lines.append("")
        first = False
        for kind, location in by_power[power]:
            lead = f"{power}:".ljust(width)
            lines.append(f"{lead}{unit_words(variant, kind, location, pad=True)}.")
    return "\n".join(lines) + "\n"


def status_listing(
    variant: Variant,
    game: str,
    seq: int | str,
    phase: Phase | str,
    position_doc: Doc,
    *,
    marks: Mapping[str, str] | None = None,
) -> str:
    """What LIST shows of the board: every unit (with its retreats in a retreat phase) and the
    ownership tables, so that anyone can see the position without waiting for results."""
    phase = as_phase(variant, phase)
    title = f"Status of the {_STATUS_WORDS[phase.letter]} phase for {when(phase)}."
    lines = [f"{title}  {stamp(game, seq)}"]
    units: dict[str, list[tuple[str, list[str] | None]]] = {}
    for power, texts in board_units(variant, position_doc.get("units")).items():
        units.setdefault(power, []).extend((t, None) for t in texts)
    dislodged = position_doc.get("dislodged", ()) if phase.letter == "R" else ()
    for entry in dislodged_entries(variant, dislodged):
        units.setdefault(entry["power"], []).append((entry["unit"], entry.get("retreats") or []))
    width = max([len(p) for p, us in units.items() if us] + [1])
    for power in power_order(variant):
        mine = sorted(units.get(power, ()), key=lambda item: item[0])
        if not mine:
            continue
        lines.append("")
        for text, retreats in mine:
            kind, location = text.split()[:2]
            line = f"{power}:".ljust(width + 2) + unit_words(variant, kind, location)
            if retreats:
                line += " can retreat to " + " or ".join(order_place(variant, r) for r in retreats)
            lines.extend(wrap_status(line + "."))
    counts = {p: [t for t, _ in us] for p, us in units.items()}
    centers = position_doc.get("centers")
    if centers is None:
        centers = {}
        for center, owner in variant.ownership.items():
            centers.setdefault(owner, []).append(center)
    winner = position_doc.get("winner")
    tables = ownership_tables(variant, centers, counts, winner, marks)
    lines.extend(["", "", *tables.rstrip("\n").split("\n")])
    return "\n".join(lines) + "\n"

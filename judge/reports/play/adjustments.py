"""Adjustments, in the njudge's three passes (`buildout`): the builds, removals and waives
given, the builds left pending or unusable, and the removals the judge made for a power
that gave too few; in the results and in a power's listing of its orders.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from adjudicator.adjustments import build_sites
from adjudicator.board import Unit, unit_phrase
from adjudicator.wings import blockaded
from variants import Variant, province_of

from ..counts import counted
from .layout import Doc, as_phase, board_units, padded, power_order, stamp, unit_of, when
from .notation import order_phrase


def adjustment_results(
    variant: Variant,
    game: str,
    seq: int | str,
    input_doc: Doc,
    output_doc: Doc,
    *,
    seen: Collection[str] | None = None,
) -> str:
    """`Adjustment results for ...`: the builds, removals and waives carried out, the builds
    that could not be used, and the removals the judge made for powers that gave too few
    (`seen`: only those powers', for a blind game's copy)."""
    phase = as_phase(variant, input_doc["phase"])
    lines = [f"Adjustment results for {when(phase)}.  {stamp(game, seq)}", ""]
    lines.extend(adjustment_lines(variant, None, output_doc, input_doc, results=True, seen=seen))
    return "\n".join(lines).rstrip("\n") + "\n"


def adjustment_lines(
    variant: Variant,
    only: str | None,
    output_doc: Doc,
    input_doc: Doc | None,
    results: bool,
    build_at: str = "variant",
    seen: Collection[str] | None = None,
) -> list[str]:
    """The njudge's three passes (`buildout`): orders power by power, then what is left of
    each power's builds, then the removals by default.

    Without the input document (a listing) the board before the phase is worked back from
    the output: the units after it, less what was built, plus what was removed. A unit kept
    with `maintain` (SET ANY DISBAND) is listed to its power, never in the results, as the
    njudge does; one kept for want of an order is not listed.
    """
    if input_doc is not None:
        build_at = str((input_doc.get("options") or {}).get("build_centers", build_at))
    powers = [only] if only else [p for p in power_order(variant) if seen is None or p in seen]
    lines = [
        line
        for line in output_doc.get("orders", ())
        if line.get("result") == "succeeds" and line.get("order") and line.get("power") in powers
    ]
    ordered = [
        line
        for line in lines
        if line.get("reason") not in ("civil disorder", "no order")
        and not (results and line["order"].endswith(" M"))
    ]
    defaults = [line for line in lines if line.get("reason") == "civil disorder"]
    built: list[tuple[str, str]] = []
    removed: list[tuple[str, str]] = []
    for line in output_doc.get("orders", ()):
        if line.get("result") != "succeeds" or not line.get("order"):
            continue
        order = line["order"]
        if order.endswith(" B"):
            built.append((line["power"], order[:-2]))
        elif order.endswith(" D"):
            removed.append((line["power"], order[:-2]))
    centers = _center_owner(variant, (input_doc or output_doc).get("centers"))
    if input_doc is not None:
        before = {
            (p, u) for p, us in board_units(variant, input_doc.get("units")).items() for u in us
        }
    else:
        after = {(p, u) for p, us in output_doc.get("units", {}).items() for u in us}
        before = (after - set(built)) | set(removed)
    occupied = {province_of(u.split()[1]) for _, u in set(before) - set(removed)}
    occupied |= {province_of(u.split()[1]) for _, u in built}
    out = []
    for power in powers:
        for line in ordered:
            if line["power"] == power:
                phrase = order_phrase(variant, power, line["order"], kind="adjustment")
                out.append(padded(power) + phrase + ".")
    # A centre a wing blockades counts for nobody (adjudicator/wings.py).
    shut = blockaded((Unit(p, *u.split()) for p, u in before), centers)
    for power in powers:
        # Builds are counted after the power's own removals (under ANY DISBAND a removal
        # makes room for a build; otherwise a power removing has no builds anyway).
        removing = sum(
            1 for line in ordered if line["power"] == power and line["order"].endswith(" D")
        )
        due = (
            sum(1 for c, o in centers.items() if o == power and c not in shut)
            - sum(1 for p, _ in before if p == power)
            + removing
        )
        used = sum(
            1
            for line in ordered
            if line["power"] == power and (line["order"].endswith(" B") or line["order"] == "WAIVE")
        )
        left = due - used
        if left <= 0:
            continue
        if build_sites(variant, power, centers, occupied, build_at):
            out.append(padded(power) + f"{counted(left, 'build')} pending.")
        else:
            verb = "waived" if results else "pending"
            out.append(padded(power) + f"{counted(left, 'unusable build')} {verb}.")
    for line in defaults:
        kind, location = unit_of(line["order"])
        unit = unit_phrase(variant, Unit(line["power"], kind, location))
        out.append(padded(line["power"]) + f"Defaults, removing {unit}.")
    return out


def _center_owner(variant: Variant, centers: Mapping[str, Iterable[str]] | None) -> dict[str, str]:
    """Centre -> owner; a document without centres has the variant's starting ownership,
    as the adjudicator reads it."""
    if centers is None:
        return dict(variant.ownership)
    return {
        variant.province(c).abbr: variant.power(p).name for p, cs in centers.items() for c in cs
    }

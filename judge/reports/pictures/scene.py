"""What a picture shows, taken from the adjudicator's documents (docs/phase-format.md): the
units and their orders, the centres and their owners, the dislodged units and where they may
go, the builds and removals. Pure values; `drawing.py` turns them into SVG.

A phase's picture shows the board as the phase found it with the orders given on it, the
centres as the phase left them, the units it dislodged (with their retreats), and in an
adjustment phase the units built and removed. A position's picture (MAP of the current
phase) shows the board as it stands, with no orders.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from variants import PHASE_WORDS, SEASON_WORDS

Doc = Mapping[str, Any]


@dataclass(frozen=True)
class Unit:
    power: str
    type: str  # A, F, W
    location: str  # lon, stp/nc


@dataclass(frozen=True)
class Order:
    power: str
    unit: Unit
    kind: str  # move, hold, support, convoy, retreat, disband
    path: tuple[str, ...] = ()  # a move's places, the unit's first; a retreat's two
    helped: tuple[str, ...] = ()  # support / convoy: the helped unit's place and its target
    succeeded: bool = True


@dataclass(frozen=True)
class Dislodged:
    unit: Unit
    retreats: tuple[str, ...]


@dataclass(frozen=True)
class Scene:
    title: str
    units: tuple[Unit, ...]
    owners: Mapping[str, str]  # centre -> owning power (centres not shown are absent)
    counts: Mapping[str, int]  # power -> centres, for the legend
    orders: tuple[Order, ...] = ()
    dislodged: tuple[Dislodged, ...] = ()
    built: tuple[Unit, ...] = ()
    removed: tuple[Unit, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


def phase_title(code: str, game: str, phase: str) -> str:
    """`USXX: game, Spring 1901 Movement (S1901M)`."""
    words = phase
    if len(phase) >= 6 and phase[0] in SEASON_WORDS and phase[-1] in PHASE_WORDS:
        season = "Winter" if phase[-1] == "B" else SEASON_WORDS[phase[0]]
        words = f"{season} {phase[1:-1]} {PHASE_WORDS[phase[-1]]} ({phase})"
    return f"{code}: {game}, {words}"


def units_of(by_power: Mapping[str, Collection[str]]) -> tuple[Unit, ...]:
    out = []
    for power, units in by_power.items():
        for text in units:
            kind, _, where = str(text).partition(" ")
            out.append(Unit(power, kind, where.strip()))
    return tuple(out)


def owners_of(
    centers: Mapping[str, Collection[str]], shown: Collection[str] | None = None
) -> dict[str, str]:
    """Centre -> owner, for the powers whose centres the reader is shown (all: None)."""
    return {
        c: power for power, cs in centers.items() if shown is None or power in shown for c in cs
    }


def phase_scene(
    title: str,
    doc: Doc,
    out: Doc,
    shown_centres: Collection[str] | None = None,
    counts: Mapping[str, int] | None = None,
) -> Scene:
    """The picture of one played phase, from its input and output documents (cut down
    already for a blind game's reader)."""
    kind = str(doc.get("phase", "M"))[-1]
    centers = out.get("centers") or doc.get("centers") or {}
    before = units_of(doc.get("units") or {})
    owners = owners_of(centers, shown_centres)
    tally = dict(counts) if counts is not None else {p: len(cs) for p, cs in centers.items()}
    if kind == "B":
        after = units_of(out.get("units") or {})
        kept = set(after) & set(before)
        return Scene(
            title,
            tuple(u for u in before if u in kept),
            owners,
            tally,
            built=tuple(u for u in after if u not in kept),
            removed=tuple(u for u in before if u not in kept),
        )
    at = {u.location: u for u in before}
    if kind == "R":
        for d in doc.get("dislodged") or ():
            unit = units_of({d["power"]: [d["unit"]]})[0]
            at[unit.location] = unit
    orders = tuple(o for line in out.get("orders") or () if (o := order_of(line, at)))
    if kind == "R":
        dislodged = tuple(
            Dislodged(units_of({d["power"]: [d["unit"]]})[0], ())
            for d in doc.get("dislodged") or ()
        )
    else:
        dislodged = tuple(
            Dislodged(units_of({d["power"]: [d["unit"]]})[0], tuple(d.get("retreats") or ()))
            for d in out.get("dislodged") or ()
        )
    # A dislodged unit is drawn beside its province, as dislodged, not also in it.
    moved_out = {d.unit.location for d in dislodged}
    staying = tuple(u for u in before if u.location not in moved_out)
    return Scene(title, staying, owners, tally, orders, dislodged)


def position_scene(
    title: str,
    position: Doc,
    shown_centres: Collection[str] | None = None,
    counts: Mapping[str, int] | None = None,
) -> Scene:
    """The board as it stands: units, centres, and the units waiting to retreat."""
    centers = position.get("centers") or {}
    tally = dict(counts) if counts is not None else {p: len(cs) for p, cs in centers.items()}
    dislodged = tuple(
        Dislodged(units_of({d["power"]: [d["unit"]]})[0], tuple(d.get("retreats") or ()))
        for d in position.get("dislodged") or ()
    )
    return Scene(
        title,
        units_of(position.get("units") or {}),
        owners_of(centers, shown_centres),
        tally,
        dislodged=dislodged,
    )


def order_of(line: Mapping[str, Any], at: Mapping[str, Unit]) -> Order | None:
    """An order line of the adjudicator's output, in its normalised notation (`A yor - nth -
    bel`, `F eng S A yor - bel`, `F nth C A yor - bel`, `A bel H`, `F kie R ber`, `A mun D`)
    as something to draw; None for what is not drawn (illegal orders, units with no order,
    builds and removals, which the board shows by itself)."""
    if line.get("result") == "illegal" or line.get("reason") == "no order":
        return None
    words = str(line.get("order") or "").split()
    if len(words) < 3 or words[1] not in at:
        return None
    unit = at[words[1]]
    ok = line.get("result") == "succeeds"
    verb = words[2]
    if verb == "-":
        path = tuple(w for w in words[1:] if w not in ("-", "via", "convoy"))
        return Order(unit.power, unit, "move", path, (), ok)
    if verb == "R" and len(words) >= 4:
        return Order(unit.power, unit, "retreat", (words[1], words[3]), (), ok)
    if verb == "H":
        return Order(unit.power, unit, "hold", (words[1],), (), ok)
    if verb == "D":
        return Order(unit.power, unit, "disband", (words[1],), (), ok)
    if verb in ("S", "C") and len(words) >= 5:
        helped = tuple(w for w in words[4:] if w != "-")[:2] if words[3] in "AFW" else ()
        if not helped:
            return None
        kind = "support" if verb == "S" else "convoy"
        return Order(unit.power, unit, kind, (words[1],), helped, ok)
    return None

"""What a picture shows, taken from the adjudicator's documents (docs/phase-format.md): the
units and their orders, the centres and their owners, the dislodged units and where they may
go, the builds and removals. Pure values; `drawing.py` turns them into SVG.

A phase's picture shows the board as the phase found it with the orders given on it, the
centres as the phase left them, the units it dislodged (with their retreats), and in an
adjustment phase the units built and removed. A position's picture (MAP of the current
phase) shows the board as it stands, with no orders.

On a Machiavelli map (docs/machiavelli.md) a garrison (`G pad`) stands in its province's
city, which the picture (as the resolver) calls `pad*`; the scene also says who controls
each province and which cities are besieged, as the phase left them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from variants import PHASE_WORDS, SEASON_WORDS

Doc = Mapping[str, Any]


CITY = "*"  # `pad*`: the city of Padua, where its garrison stands


@dataclass(frozen=True)
class Unit:
    power: str
    type: str  # A, F, W, G
    location: str  # lon, stp/nc; a garrison's province (pad)

    @property
    def place(self) -> str:
        """Where it stands: its location, or for a garrison its province's city (`pad*`)."""
        return self.location + CITY if self.type == "G" else self.location


@dataclass(frozen=True)
class Order:
    power: str
    unit: Unit
    # move, hold, support, convoy, retreat, disband; Machiavelli's besiege, lift (a siege)
    # and convert (into the city or out of it; in a retreat phase too)
    kind: str
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
    # Machiavelli: land province -> the power controlling it; the besieged cities.
    control: Mapping[str, str] = field(default_factory=dict)
    sieges: tuple[str, ...] = ()
    retreating: bool = False  # a retreat phase: the dislodged units give the orders


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


def mach_state(*docs: Doc) -> tuple[dict[str, str], tuple[str, ...]]:
    """Who controls each province, and the besieged cities, from the first of `docs` that
    has a Machiavelli state (none: an empty map and no sieges)."""
    for doc in docs:
        state = doc.get("machiavelli")
        if state:
            control = {p: power for power, ps in (state.get("control") or {}).items() for p in ps}
            return control, tuple(state.get("sieges") or ())
    return {}, ()


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
    tally = _tally(centers, counts)
    control, sieges = mach_state(out, doc)
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
            control=control,
            sieges=sieges,
        )
    at = {u.place: u for u in before}
    if kind == "R":
        for d in doc.get("dislodged") or ():
            unit = units_of({d["power"]: [d["unit"]]})[0]
            at[unit.place] = unit
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
    # (In a retreat phase's document the dislodged are not among the units; the unit that
    # took a dislodged unit's place is, and stays.)
    moved_out = {d.unit for d in dislodged}
    staying = tuple(u for u in before if u not in moved_out)
    return Scene(
        title, staying, owners, tally, orders, dislodged, control=control, sieges=sieges,
        retreating=kind == "R",
    )  # fmt: skip


def _tally(centers: Mapping[str, Collection[str]], counts: Mapping[str, int] | None) -> dict:
    """Each power's centres for the legend (the autonomous cities are nobody's count)."""
    if counts is not None:
        return dict(counts)
    return {p: len(cs) for p, cs in centers.items()}


def position_scene(
    title: str,
    position: Doc,
    shown_centres: Collection[str] | None = None,
    counts: Mapping[str, int] | None = None,
) -> Scene:
    """The board as it stands: units, centres, and the units waiting to retreat."""
    centers = position.get("centers") or {}
    tally = _tally(centers, counts)
    control, sieges = mach_state(position)
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
        control=control,
        sieges=sieges,
    )


def order_of(line: Mapping[str, Any], at: Mapping[str, Unit]) -> Order | None:
    """An order line of the adjudicator's output, in its normalised notation (`A yor - nth -
    bel`, `F eng S A yor - bel`, `F nth C A yor - bel`, `A bel H`, `F kie R ber`, `A mun D`;
    on a Machiavelli map `A fer B`, `A fer LS`, `A gen C G`, `G cro C F/nc`, `A mon S G gen
    C A`) as something to draw; None for what is not drawn (illegal orders, units with no
    order, builds and removals, which the board shows by itself). `at`: the units by the
    place they stand (`Unit.place`)."""
    if line.get("result") == "illegal" or line.get("reason") == "no order":
        return None
    words = str(line.get("order") or "").split()
    if len(words) < 3:
        return None
    unit = at.get(_place(words[0], words[1]))
    if unit is None:
        return None
    ok = line.get("result") == "succeeds"
    here, verb = unit.place, words[2]
    if verb == "-":
        path = tuple(w for w in words[1:] if w not in ("-", "via", "convoy"))
        return Order(unit.power, unit, "move", path, (), ok)
    if verb == "R" and len(words) >= 4:
        return Order(unit.power, unit, "retreat", (here, words[3]), (), ok)
    simple = {"H": "hold", "D": "disband", "B": "besiege", "LS": "lift"}
    if verb in simple:
        return Order(unit.power, unit, simple[verb], (here,), (), ok)
    if verb == "C" and len(words) == 4:  # a conversion: into the city or out of it
        into = _place(words[3], unit.location.partition("/")[0])
        if words[3].startswith("F/"):
            into = f"{unit.location}/{words[3][2:]}"
        return Order(unit.power, unit, "convert", (here, into), (), ok)
    if verb in ("S", "C") and len(words) >= 5 and words[3] in "AFWG":
        helped_at = _place(words[3], words[4])
        rest = [w for w in words[5:] if w != "-"]
        if verb == "S" and rest[:1] == ["C"] and len(rest) == 2:  # a conversion supported
            target = _place(rest[1], words[4].partition("/")[0])
            return Order(unit.power, unit, "support", (here,), (helped_at, target), ok)
        helped = (helped_at, *rest[:1])
        kind = "support" if verb == "S" else "convoy"
        return Order(unit.power, unit, kind, (here,), helped, ok)
    return None


def _place(kind: str, location: str) -> str:
    """Where a unit of `kind` named at `location` stands: a garrison in the city."""
    return location + CITY if kind == "G" else location

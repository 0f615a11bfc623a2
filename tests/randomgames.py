"""Random games on a real map: every unit gets a random possible order each phase.

Shared by the property tests and the benchmark (benchmarks/adjudicate.py), so that both run
on the kind of positions a real game reaches, not on hand-made ones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import variants
from adjudicator.board import Unit
from adjudicator.document import adjudicate, read_document
from adjudicator.given import Position, read_orders
from adjudicator.options import Options
from adjudicator.phase import Phase
from adjudicator.phases import adjudicate_phase
from adjudicator.possible import adjustment_orders, movement_orders, retreat_orders

# How often each kind of order is chosen when the unit has one of that kind.
WEIGHTS = {"H": 1, "-": 5, "S": 3, "C": 1}


@dataclass(frozen=True)
class Turn:
    position: Position
    orders: list[tuple[str, str]]  # (power, text)


def random_orders(rng: random.Random, position: Position) -> list[tuple[str, str]]:
    """One random possible order per unit, with armies often following a convoy offered."""
    variant = position.variant
    kind = position.phase.kind
    if kind == "movement":
        table = movement_orders(variant, position.units)
        picked: dict[Unit, str] = {}
        for unit, options in table.items():
            by_kind: dict[str, list[str]] = {}
            for text in options:
                by_kind.setdefault(text.split()[2], []).append(text)
            kinds = list(by_kind)
            choice = rng.choices(kinds, weights=[WEIGHTS[k] for k in kinds])[0]
            picked[unit] = rng.choice(by_kind[choice])
        by_name = {str(u): u for u in position.units}
        # An army with a convoy offered usually takes it, so that convoys really happen.
        for text in list(picked.values()):
            words = text.split()
            if words[2] == "C" and rng.random() < 0.8:
                army = by_name[f"{words[3]} {words[4]}"]
                picked[army] = f"{army} - {words[6]}"
        # Most supports are for what the supported unit really does, as in a real game.
        for unit, text in list(picked.items()):
            words = text.split()
            if words[2] != "S" or rng.random() < 0.3:
                continue
            other = by_name[f"{words[3]} {words[4]}"]
            theirs = picked[other].split()
            wanted = (
                f"{unit} S {other}"
                if theirs[2] != "-"
                else f"{unit} S {other} - {theirs[3].split('/')[0]}"
            )
            if wanted in table[unit]:
                picked[unit] = wanted
        orders = [(u.power, t) for u, t in picked.items()]
    elif kind == "retreat":
        orders = [
            (unit.power, rng.choice(options))
            for unit, options in retreat_orders(position.dislodged).items()
        ]
    else:
        orders = []
        for power, (balance, options) in adjustment_orders(
            variant, position.units, position.centers
        ).items():
            if options:
                count = min(abs(balance), len(options))
                orders.extend((power, t) for t in rng.sample(options, count))
    rng.shuffle(orders)
    return orders


def play(
    seed: int, years: int = 8, variant_name: str = "standard", options: Options | None = None
) -> Iterator[Turn]:
    """The phases of one random game, each with the orders given in it."""
    rng = random.Random(seed)
    variant = variants.load(variant_name)
    position = Position(
        variant,
        Phase.parse(variant.start, variant),
        tuple(Unit(u.power, u.type, u.location) for u in variant.units),
        dict(variant.ownership),
    )
    last_year = position.phase.year + years
    while position.phase.year < last_year:
        orders = random_orders(rng, position)
        yield Turn(position, orders)
        result = adjudicate_phase(position, read_orders(variant, position.phase, orders), options)
        if result.winner:
            return
        position = Position(
            variant,
            result.next_phase,
            tuple(result.units),
            result.centers,
            tuple(d for d in result.dislodged if d.retreats),
        )


def played_documents(seed: int, phases: int) -> tuple[list, dict, bool]:
    """A random game as the judge keeps it: each phase's input and output documents, the
    document of the phase to come, and whether the game was won (the export's test and
    benchmark)."""
    variant = variants.load("standard")
    rng = random.Random(seed)
    doc: dict = {"variant": "standard", "phase": variant.start, "units": {}, "orders": {}}
    for unit in variant.units:
        doc["units"].setdefault(unit.power, []).append(f"{unit.type} {unit.location}")
    played = []
    for _ in range(phases):
        for power, text in random_orders(rng, read_document(doc)[0]):
            doc["orders"].setdefault(power, []).append(text)
        out = adjudicate(doc)
        played.append((doc, out))
        doc = {"variant": "standard", "phase": out["next_phase"], "units": out["units"],
               "centers": out["centers"], "orders": {},
               "dislodged": [d for d in out.get("dislodged") or () if d["retreats"]]}  # fmt: skip
        if out.get("winner"):
            return played, doc, True
    return played, doc, False

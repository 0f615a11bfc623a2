"""The adjustment phase: builds, removals, waives, and removals by civil disorder."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import parser as syntax
from variants import Variant

from .board import Unit, place_name
from .geography import Geography
from .legality import Illegal, find_unit

_LETTERS = {"build": "B", "remove": "D", "maintain": "M"}


@dataclass(frozen=True, slots=True)
class AdjustCommand:
    power: str
    kind: str  # "build", "remove", "maintain" (SET ANY DISBAND), "transform" or "waive"
    unit: Unit | None  # None for a waive
    into: Unit | None = None  # what a transforming unit becomes

    def __str__(self) -> str:
        if self.kind == "waive":
            return "WAIVE"
        if self.kind == "transform":
            return f"{self.unit} transform {self.into.kind_text}"  # type: ignore[union-attr]
        return f"{self.unit} {_LETTERS[self.kind]}"

    @property
    def province(self) -> str | None:
        return self.unit.province if self.unit else None


def build_places(
    variant: Variant, power: str, centers: Mapping[str, str], where: str = "variant"
) -> Iterable[str]:
    """The centres a power may build in when vacant and its own: its home centres, or any
    (the variant's any_center rule, or the game's choice: any), or any while it holds a home
    centre (the variant's one_center rule, or the game's choice: one)."""
    homes = variant.power(power).homes
    if where == "variant":
        rules = variant.rules
        where = "any" if "any_center" in rules else "one" if "one_center" in rules else "home"
    if where == "one":
        where = "any" if any(centers.get(h) == power for h in homes) else "home"
    return centers if where == "any" else homes


def build_sites(
    variant: Variant,
    power: str,
    centers: Mapping[str, str],
    occupied: set[str],
    where: str = "variant",
) -> list[str]:
    """Where the power may build now: its own vacant centres among `build_places`."""
    places = build_places(variant, power, centers, where)
    return [c for c in places if centers.get(c) == power and c not in occupied]


def check_adjustment(
    variant: Variant,
    geo: Geography,
    at: dict[str, Unit],
    centers: Mapping[str, str],
    power: str,
    balance: int,
    order: syntax.Order,
    build_at: str = "variant",
    any_disband: bool = False,
    blind: bool = False,
) -> AdjustCommand | Illegal:
    """An adjustment order, or why it cannot be carried out (DATC 6.I, 6.J).

    With `any_disband` (SET ANY DISBAND) any unit of the power may be removed or maintained,
    and `balance` is what the power may build once its removals are counted. `blind`: a
    removal of a unit not the power's is refused the same whatever stands there.
    """
    if isinstance(order, syntax.Adjust):
        if balance > 0:
            order = syntax.Build(order.unit)
        elif balance < 0:
            order = syntax.Remove(order.unit)
        else:
            return Illegal(
                "no adjustment", f"{power} is not permitted to build or remove any units."
            )
    if isinstance(order, syntax.Waive):
        if balance <= 0:
            return Illegal("no builds", f"{power} is not permitted to build any units.")
        return AdjustCommand(power, "waive", None)
    if isinstance(order, syntax.Maintain):
        if not any_disband:
            return Illegal("no maintain", "Maintain orders are used only in games set ANY DISBAND.")
        return _own(variant, at, power, order.unit, "maintain", blind)
    if isinstance(order, syntax.Remove):
        if balance >= 0 and not any_disband:
            return Illegal("no removals", f"{power} is not permitted to remove any units.")
        return _own(variant, at, power, order.unit, "remove", blind)
    if isinstance(order, syntax.Build):
        return _check_build(variant, geo, at, centers, power, balance, order.unit, build_at)
    return Illegal("wrong phase", "Only builds, removals and waives are allowed now.")


def _own(
    variant: Variant,
    at: dict[str, Unit],
    power: str,
    spec: syntax.UnitSpec,
    kind: str,
    blind: bool = False,
) -> AdjustCommand | Illegal:
    """A removal or maintain of the power's own unit."""
    unit = find_unit(at, variant, power, spec, blind)
    if isinstance(unit, Illegal):
        where = place_name(variant, spec.location.province)
        return Illegal(unit.code, f"{power} does not own a unit in {where} to {kind}.")
    return AdjustCommand(power, kind, unit)


def _check_build(
    variant: Variant,
    geo: Geography,
    at: dict[str, Unit],
    centers: Mapping[str, str],
    power: str,
    balance: int,
    spec: syntax.UnitSpec,
    build_at: str,
) -> AdjustCommand | Illegal:
    if balance <= 0:
        return Illegal("no builds", f"{power} is not permitted to build any units.")
    if spec.type is None:
        return Illegal("type missing", "Unit type must be specified for build.")
    if spec.type not in variant.unit_types:
        return Illegal("wrong unit type", f"{variant.title} has no units of that type.")
    province = variant.provinces[spec.location.province]
    name = place_name(variant, province.abbr)
    if not province.center:
        return Illegal("not a center", f"{name} is not a supply centre.")
    if centers.get(province.abbr) != power:
        return Illegal("not owned", f"{power} does not control {name}.")
    if province.abbr not in build_places(variant, power, centers, build_at):
        return Illegal("not home", f"{name} is not a home province for {power}.")
    if province.abbr in at:
        return Illegal("occupied", f"{name} already has a unit present.")
    if spec.type == "F":
        if not province.locations or not any(
            loc in variant.fleet_moves for loc in province.locations
        ):
            return Illegal("fleet inland", f"A fleet cannot be built in {name}.")
        if province.coasts:
            if not spec.location.coast:
                return Illegal("coast missing", "Province has coasts - please specify one.")
            location = f"{province.abbr}/{spec.location.coast}"
        else:
            location = province.abbr
        return AdjustCommand(power, "build", Unit(power, "F", location))
    return AdjustCommand(power, "build", Unit(power, spec.type, province.abbr))


def choose(
    commands: Sequence[tuple[int, AdjustCommand]], allowed: int, excess: str
) -> tuple[set[int], dict[int, str]]:
    """Which of a power's legal builds (or removals) count: at most `allowed`, one per
    place; `excess` "last" keeps the latest (njudge), "first" the earliest (DATC 4.D.4).

    Returns the indices chosen and, for the others, why they failed.
    """
    failed: dict[int, str] = {}
    ordered = list(commands) if excess == "first" else list(reversed(commands))
    seen: set[str] = set()
    kept: list[int] = []
    for index, command in ordered:
        key = command.province
        if key is not None and key in seen:
            failed[index] = "duplicate"
            continue
        if key is not None:
            seen.add(key)
        if len(kept) >= allowed:
            failed[index] = "too many"
            continue
        kept.append(index)
    return set(kept), failed


def civil_disorder(
    variant: Variant,
    geo: Geography,
    units: Sequence[Unit],
    owned: Sequence[str],
    count: int,
    rule: str,
) -> list[Unit]:
    """The units a power that ordered too few removals loses, first to last.

    2023 rule (DATC 3.0): farthest first from the nearest supply centre the power owns,
    moves counted over land and sea for any unit; at equal distance fleets before armies,
    then alphabetically. Older rule: distance to the home centres, fleets by sea only.
    """
    if count <= 0:
        return []
    power = units[0].power
    far = 10**6

    def distance(unit: Unit) -> int:
        if rule == "2023":
            table = geo.distances_to(frozenset(owned), None)
        else:
            homes = frozenset(variant.power(power).homes)
            table = geo.distances_to(homes, "F" if unit.type == "F" else None)
        return table.get(unit.location, table.get(unit.province, far))

    def key(unit: Unit) -> tuple[int, int, str]:
        return (
            -distance(unit),
            0 if unit.type == "F" else 1,
            variant.provinces[unit.province].name,
        )

    return sorted(units, key=key)[:count]

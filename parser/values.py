"""What an order says, as values: the parser (parser/orders.py, parser/canonical.py) makes
them, the adjudicator checks them against a board. Provinces are a map's abbreviations."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Location:
    province: str
    coast: str | None = None

    def __str__(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """A unit as an order names it: the type may be left out, as the njudge allows."""

    type: str | None
    location: Location

    def __str__(self) -> str:
        return f"{self.type} {self.location}" if self.type else str(self.location)


@dataclass(frozen=True, slots=True)
class Hold:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Move:
    unit: UnitSpec
    destination: Location
    # The seas of a named convoy route, njudge style (`A Lon-Nth-Nwy` -> ("nth",)).
    route: tuple[str, ...] = ()
    via_convoy: bool = False


@dataclass(frozen=True, slots=True)
class SupportHold:
    unit: UnitSpec
    supported: UnitSpec


@dataclass(frozen=True, slots=True)
class SupportMove:
    unit: UnitSpec
    supported: UnitSpec
    destination: Location


@dataclass(frozen=True, slots=True)
class Convoy:
    unit: UnitSpec
    convoyed: UnitSpec
    destination: Location


@dataclass(frozen=True, slots=True)
class Retreat:
    unit: UnitSpec
    destination: Location


@dataclass(frozen=True, slots=True)
class Disband:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Build:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Remove:
    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Adjust:
    """`F StP/sc` in an adjustment phase: a build or a removal, as the power's count says."""

    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Maintain:
    """`maintain A Par`: keep the unit, in a game set ANY DISBAND (every unit is ordered)."""

    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Transform:
    """`A bre transform F`: the unit becomes one of another type (SET TRANSFORM); `coast`
    for a fleet in a province with coasts."""

    unit: UnitSpec
    into: str
    coast: str | None = None


@dataclass(frozen=True, slots=True)
class Waive:
    # `waive France` in a duplex game: which of the player's powers waives (njudge syntax).
    power: str | None = None


@dataclass(frozen=True, slots=True)
class Besiege:
    """`A pad B`: Machiavelli's siege of the garrison (or rebellion) in the unit's city;
    `place` if the order names it (`A pad B G pad`)."""

    unit: UnitSpec
    place: Location | None = None


@dataclass(frozen=True, slots=True)
class LiftSiege:
    """`A pad LS`: Machiavelli: the unit ends its siege and holds."""

    unit: UnitSpec


@dataclass(frozen=True, slots=True)
class Convert:
    """`A gen C G`, `G gen C F`: Machiavelli: a unit goes into its province's city as a
    garrison, or a garrison out of it as an army or a fleet (`into` None: as the rules
    allow there); in a retreat phase, into the city only."""

    unit: UnitSpec
    into: str | None = None
    coast: str | None = None


@dataclass(frozen=True, slots=True)
class SupportConvert:
    """`A mon S G gen C A`: Machiavelli: support of a garrison converting into its
    province (the njudge counts any support of a garrison so)."""

    unit: UnitSpec
    supported: UnitSpec
    into: str | None = None


@dataclass(frozen=True, slots=True)
class Bare:
    """A unit with no action word (`A Par`): the njudge calls that an invalid order."""

    unit: UnitSpec


Order = (
    Hold
    | Move
    | SupportHold
    | SupportMove
    | Convoy
    | Retreat
    | Disband
    | Build
    | Remove
    | Adjust
    | Maintain
    | Transform
    | Waive
    | Besiege
    | LiftSiege
    | Convert
    | SupportConvert
    | Bare
)
# Machiavelli's money lines and special builds read too (values_money.py: MoneyOrder,
# BuildSpecial); they are kept apart, as values_money builds on this module's values.

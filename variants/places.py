"""A picture's geometry as values: each province's outline, and where its unit, its name,
its coasts and its centre's marker go (read from a `.geometry` file by geometry.py, or
computed by layout.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

Point = tuple[int, int]
Ring = tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Place:
    """One province on the picture."""

    abbr: str
    rings: tuple[Ring, ...]  # its outline: the rings are filled with the even-odd rule
    unit: Point  # where its unit stands
    label: Point  # where its name is written
    coasts: Mapping[str, Point]  # where a fleet on each named coast stands
    centre: Point  # where its supply centre's marker stands (if it is a centre)


@dataclass(frozen=True, slots=True)
class Link:
    """A drawn line joining two provinces that are adjacent but whose regions do not touch
    on the picture: a strait, a crossing, a bridge of an invented board. `points` is the
    line as drawn, two points or more, the first in `a`'s region and the last in `b`'s."""

    a: str
    b: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Geometry:
    name: str
    width: int
    height: int
    places: Mapping[str, Place]
    unnamed: tuple[Ring, ...] = ()  # land that belongs to no province
    computed: bool = False  # laid out from the adjacencies, not drawn from a real map
    links: tuple[Link, ...] = ()  # lines drawn between adjacent provinces that do not touch

    def __post_init__(self) -> None:
        object.__setattr__(self, "places", MappingProxyType(dict(self.places)))

    def __hash__(self) -> int:
        return hash((self.name, self.width, self.height, len(self.places)))

    def __eq__(self, other: object) -> bool:
        return self is other

    def at(self, location: str) -> Point:
        """Where a unit at `location` stands: a coast's own place (`stp/nc`), else the
        province's."""
        abbr, _, coast = location.partition("/")
        place = self.places[abbr]
        return place.coasts.get(coast, place.unit) if coast else place.unit

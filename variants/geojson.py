"""A variant's board as GeoJSON (RFC 7946) in picture coordinates, for anyone who would check
the picture against the variant (`judge map VARIANT --geojson`): a Feature per province
region (properties `abbr`, `kind`: land, sea or coast; `impassable` where no unit may
go) and a LineString per drawn link (properties `a`, `b`).

Coordinates are the picture's units, x to the right and y downwards, not longitude and
latitude; each region's rings are polygons, a ring inside another of the same province
being its hole (the even-odd rule the picture fills them with), outer rings counter-clockwise
and holes clockwise in those numbers, each closed.
"""

from __future__ import annotations

from typing import Any

from .geometry import geometry_of
from .layout import _contains
from .model import Variant
from .places import Ring


def kind_of(variant: Variant, abbr: str) -> str:
    """sea; coast (land a fleet may stand on); land."""
    province = variant.provinces[abbr]
    if province.is_sea:
        return "sea"
    fleets = variant.fleet_moves
    if any(p == abbr or p.startswith(abbr + "/") for p in fleets if fleets[p]):
        return "coast"
    return "land"


def board_geojson(variant: Variant) -> dict[str, Any]:
    geometry = geometry_of(variant)
    features: list[dict[str, Any]] = []
    for abbr, place in sorted(geometry.places.items()):
        properties: dict[str, Any] = {"abbr": abbr, "kind": kind_of(variant, abbr)}
        if variant.provinces[abbr].impassable:
            properties["impassable"] = True
        features.append(
            {
                "type": "Feature",
                "id": abbr,
                "properties": properties,
                "geometry": {"type": "MultiPolygon", "coordinates": _polygons(place.rings)},
            }
        )
    for link in geometry.links:
        features.append(
            {
                "type": "Feature",
                "id": f"{link.a}-{link.b}",
                "properties": {"a": link.a, "b": link.b},
                "geometry": {"type": "LineString", "coordinates": [list(p) for p in link.points]},
            }
        )
    return {
        "type": "FeatureCollection",
        "name": variant.name,
        "bbox": [0, 0, geometry.width, geometry.height],
        "features": features,
    }


def _polygons(rings: tuple[Ring, ...]) -> list[list[list[list[int]]]]:
    """Each outer ring with the rings inside it (an odd number of rings deep) as holes."""
    depth = [
        sum(1 for j, other in enumerate(rings) if j != i and _contains(other, ring[0]))
        for i, ring in enumerate(rings)
    ]
    out: list[list[list[list[int]]]] = []
    outer_of: dict[int, int] = {}
    for i, ring in enumerate(rings):
        if depth[i] % 2 == 0:
            outer_of[i] = len(out)
            out.append([_closed(ring, clockwise=False)])
    for i, ring in enumerate(rings):
        if depth[i] % 2 == 1:
            holders = [j for j in outer_of if j != i and _contains(rings[j], ring[0])]
            if holders:
                deepest = max(holders, key=lambda j: depth[j])
                out[outer_of[deepest]].append(_closed(ring, clockwise=True))
    return out


def _closed(ring: Ring, clockwise: bool) -> list[list[int]]:
    area = sum(
        x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True)
    )
    points = list(ring) if (area < 0) == clockwise else list(reversed(ring))
    return [list(p) for p in [*points, points[0]]]

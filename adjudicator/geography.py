"""What the rules need to know about a map, computed once per variant.

The variant file says who may move where; the rules also ask who may *reach* a province (for
supports), which seas can carry an army (for convoys), and how far a unit is from home (for
civil disorder). Those answers are derived here and cached with the variant.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from variants import Variant, province_of

from .board import Unit

_NOWHERE: frozenset[str] = frozenset()
# A board's convoy places: the coastal land next to each, and the convoy places next to each.
ConvoyMaps = tuple[Mapping[str, frozenset[str]], Mapping[str, frozenset[str]]]


@dataclass(frozen=True, eq=False)
class Geography:
    variant: Variant
    duality: bool
    coastal_convoys: bool
    # Provinces an army, or a fleet standing at a location, can move into.
    army_reach: dict[str, frozenset[str]]
    fleet_reach: dict[str, frozenset[str]]
    # Convoying: the provinces that can hold a convoying fleet, the seas next to each of
    # them, and the coastal land next to each of them.
    convoy_seas: frozenset[str]
    sea_links: dict[str, frozenset[str]]
    sea_shores: dict[str, frozenset[str]]
    coastal: frozenset[str]
    seas: frozenset[str]
    bicoastal: frozenset[str]
    # (unit type, location) -> provinces it can reach, and those it can step into without
    # naming a coast (not bicoastal): the legality checks' fast paths.
    reach_of: dict[tuple[str, str], frozenset[str]]
    simple_steps: dict[tuple[str, str], frozenset[str]]
    # Convoy places with two coasts (SET COASTAL CONVOYS): their links follow the fleet.
    bicoastal_convoy_places: frozenset[str] = frozenset()

    def reach(self, unit_type: str, location: str) -> frozenset[str]:
        """The provinces a unit can move into (a fleet's coast matters, a target's does not)."""
        if unit_type == "F":
            return self.fleet_reach.get(location, _NOWHERE)
        if unit_type == "A":
            return self.army_reach.get(province_of(location), _NOWHERE)
        return self.variant.wing_moves.get(province_of(location), _NOWHERE)

    def convoy_maps(self, units: Iterable[Unit]) -> ConvoyMaps:
        """The shores and links of the convoy places for this board.

        A convoy place with two coasts (SET COASTAL CONVOYS: Spain) carries armies only
        along the coast its fleet stands on, so its entries follow the fleet; every other
        board uses the map's own, shared, dictionaries.
        """
        places = self.bicoastal_convoy_places
        if not places:
            return self.sea_shores, self.sea_links
        odd = [u for u in units if u.type == "F" and u.province in places]
        if not odd:
            return self.sea_shores, self.sea_links
        shores = dict(self.sea_shores)
        links = dict(self.sea_links)
        for fleet in odd:
            reach = self.fleet_reach.get(fleet.location, _NOWHERE)
            near = frozenset(x for x in reach if x in self.convoy_seas)
            shores[fleet.province] = frozenset(x for x in reach if x in self.coastal)
            for other in links[fleet.province] - near:
                links[other] = links[other] - {fleet.province}
            links[fleet.province] = near
        return shores, links

    def convoy_route_exists(
        self,
        source: str,
        destination: str,
        seas: frozenset[str],
        maps: ConvoyMaps | None = None,
    ) -> bool:
        """Is there a chain of the given seas from source's shore to destination's?"""
        shores, links = maps or (self.sea_shores, self.sea_links)
        start = [s for s in seas if source in shores[s]]
        seen = set(start)
        queue = deque(start)
        while queue:
            sea = queue.popleft()
            if destination in shores[sea]:
                return True
            for nxt in links[sea]:
                if nxt in seas and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return False

    def necessary_convoyers(
        self,
        source: str,
        destination: str,
        seas: frozenset[str],
        maps: ConvoyMaps | None = None,
    ) -> frozenset[str]:
        """The seas that lie on some convoy route (through `seas`) in which every fleet is
        needed: no fleet can be skipped because its neighbours on the route touch.

        DATC 6.G.19: a convoy order from a fleet on no such route is illegal, and so shows
        no intent to convoy.
        """
        found: set[str] = set()
        shores, links = maps or (self.sea_shores, self.sea_links)

        def extend(path: list[str]) -> None:
            last = path[-1]
            if destination in shores[last]:
                found.update(path)
                return
            for nxt in links[last]:
                if nxt not in seas or nxt in path:
                    continue
                # A route is minimal when no fleet touches a later fleet but its successor,
                # and only the first touches the source.
                if source in shores[nxt]:
                    continue
                if any(nxt in links[earlier] for earlier in path[:-1]):
                    continue
                path.append(nxt)
                extend(path)
                path.pop()

        for first in seas:
            if source in shores[first]:
                extend([first])
        return frozenset(found)

    @cache  # noqa: B019 - geographies are cached for the process's life
    def distances_to(self, targets: frozenset[str], unit_type: str | None) -> dict[str, int]:
        """Moves from every location to the nearest target province.

        unit_type None counts over land and sea for any unit (the 2023 civil-disorder rule);
        "F" counts fleet moves only and "A" lets an army cross seas as if convoyed (the older
        rule).
        """
        variant = self.variant
        graph: dict[str, set[str]] = {}

        def link(a: str, b: str) -> None:
            graph.setdefault(a, set()).add(b)

        if unit_type == "F":
            for frm, tos in variant.fleet_moves.items():
                for to in tos:
                    link(frm, to)
        else:
            for frm, tos in variant.army_moves.items():
                for to in tos:
                    link(frm, to)
            for frm, tos in variant.fleet_moves.items():
                for to in tos:
                    link(province_of(frm), province_of(to))
        dist: dict[str, int] = {}
        queue: deque[str] = deque()
        for target in targets:
            for loc in (target, *variant.provinces[target].locations):
                if loc not in dist:
                    dist[loc] = 0
                    queue.append(loc)
        # Breadth first from the targets over the reversed (here: symmetric) graph.
        while queue:
            here = queue.popleft()
            for nxt in graph.get(here, ()):
                if nxt not in dist:
                    dist[nxt] = dist[here] + 1
                    queue.append(nxt)
        return dist


@lru_cache(maxsize=64)
def geography(variant: Variant, duality: bool = False, coastal_convoys: bool = False) -> Geography:
    """The map's facts; `duality` and `coastal_convoys` add the coastal provinces whose
    fleets may convoy (the map's `dual` ones, or all)."""
    army_reach = {p: frozenset(tos) for p, tos in variant.army_moves.items()}
    fleet_reach: dict[str, frozenset[str]] = {
        loc: frozenset(province_of(t) for t in tos) for loc, tos in variant.fleet_moves.items()
    }
    seas = {p.abbr for p in variant.provinces.values() if p.is_sea}
    coastal = frozenset(
        p.abbr
        for p in variant.provinces.values()
        if p.is_land and any(loc in variant.fleet_moves for loc in p.locations)
    )
    if duality:
        seas |= {p.abbr for p in variant.provinces.values() if p.dual}
    if coastal_convoys:
        seas |= coastal
    sea_links: dict[str, frozenset[str]] = {}
    sea_shores: dict[str, frozenset[str]] = {}
    for sea in seas:
        near = set()
        for loc in variant.provinces[sea].locations:
            near.update(fleet_reach.get(loc, ()))
        sea_links[sea] = frozenset(n for n in near if n in seas)
        sea_shores[sea] = frozenset(n for n in near if n in coastal)
    bicoastal = frozenset(p.abbr for p in variant.provinces.values() if p.coasts)
    reach_of: dict[tuple[str, str], frozenset[str]] = {}
    for prov in variant.provinces.values():
        if prov.is_land:
            reach_of[("A", prov.abbr)] = army_reach.get(prov.abbr, frozenset())
        reach_of[("W", prov.abbr)] = variant.wing_moves.get(prov.abbr, frozenset())
        for loc in prov.locations:
            if loc in fleet_reach:
                reach_of[("F", loc)] = fleet_reach[loc]
    simple_steps = {key: frozenset(reach - bicoastal) for key, reach in reach_of.items()}
    for key in list(simple_steps):
        if key[0] == "A":
            simple_steps[key] = reach_of[key]  # an army's coast never matters
    return Geography(
        variant=variant,
        duality=duality,
        coastal_convoys=coastal_convoys,
        army_reach=army_reach,
        fleet_reach=fleet_reach,
        convoy_seas=frozenset(seas),
        sea_links=sea_links,
        sea_shores=sea_shores,
        coastal=coastal,
        seas=frozenset(p.abbr for p in variant.provinces.values() if p.is_sea),
        bicoastal=bicoastal,
        reach_of=reach_of,
        simple_steps=simple_steps,
        bicoastal_convoy_places=bicoastal & frozenset(seas),
    )

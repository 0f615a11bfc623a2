"""What a picture of the board draws and what a reader's text copy names, as facts to
compare (tests/test_blind_pictures.py): a blind game's reader must find in his picture
nothing his text copy does not name (docs/pictures.md, judge/reports/blind.py).

A fact is (kind, power, province): a unit, an order, a dislodged unit, a place it may
retreat to, a build, a removal, a centre's owner, a province's control; a siege is
("siege", "", city). The SVG is read by the ids, classes and data attributes every drawn
element carries (judge/reports/pictures/drawing.py, cities.py); a scene (what the SVG is
drawn from) is read directly, for the sweeps that need not draw.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Collection, Iterable
from functools import cache

from judge.reports.pictures.scene import Scene
from variants import AUTONOMOUS, Variant, province_of

Fact = tuple[str, str, str]
PREFIXES = {"u": "unit", "o": "order", "d": "dislodged", "b": "build", "r": "removal"}
SIEGE = re.compile(r"BESIEGE|siege in progress")
TABLES = ("Ownership of supply centers:", "Cities Controlled:", "Provinces Controlled:")


def _province(place_id: str) -> str:
    """`stp.sc` -> stp, `pad-city` -> pad (static.place_id's ids back to provinces)."""
    return province_of(place_id.removesuffix("-city").replace(".", "/"))


def svg_facts(svg: str) -> set[Fact]:
    """Every fact the SVG draws (the legend, each power's colour and count, is not one)."""
    facts: set[Fact] = set()
    for e in ET.fromstring(svg).iter():
        ident, classes = e.get("id") or "", set((e.get("class") or "").split())
        head, _, rest = ident.partition("-")
        if "control" in classes:
            facts.add(("control", e.get("data-power") or "", rest))
        elif "siege" in classes:
            facts.add(("siege", "", rest))
        elif classes & {"centre", "fortress"} and e.get("data-owner"):
            facts.add(("owner", e.get("data-owner") or "", rest))
        elif head in PREFIXES and e.get("data-power") is not None:
            power = e.get("data-power") or ""
            kind = "dislodged" if "dislodged" in classes else PREFIXES[head]
            facts.add((kind, power, _province(rest)))
            if kind == "dislodged":
                for option in e.iter():
                    if "retreat-option" in (option.get("class") or ""):
                        to = (option.get("id") or "").removeprefix(f"ro-{rest}-")
                        facts.add(("retreat", power, _province(to)))
    return facts


def scene_facts(scene: Scene) -> set[Fact]:
    """Every fact a scene holds: what its SVG draws, and what it would draw were the map
    to place it (a tint of an autonomous province, a siege of a city off the map)."""
    facts: set[Fact] = {("unit", u.power, province_of(u.location)) for u in scene.units}
    facts |= {("order", o.power, province_of(o.unit.location)) for o in scene.orders}
    for d in scene.dislodged:
        facts.add(("dislodged", d.unit.power, province_of(d.unit.location)))
        facts |= {("retreat", d.unit.power, province_of(to)) for to in d.retreats}
    facts |= {("build", u.power, province_of(u.location)) for u in scene.built}
    facts |= {("removal", u.power, province_of(u.location)) for u in scene.removed}
    facts |= {("owner", power, centre) for centre, power in scene.owners.items()}
    facts |= {("control", power, province) for province, power in scene.control.items()}
    facts |= {("siege", "", city) for city in scene.sieges}
    return facts


def logical_lines(text: str) -> list[str]:
    """The text's lines, a wrapped one joined to the line it continues (an indented line,
    or one after a line that stops mid-sentence)."""
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            out.append("")
        elif out and out[-1] and (line[0].isspace() or not out[-1].endswith((".", ":", ")"))):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


@cache
def _word(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])")


def _powers(variant: Variant, power: str) -> list[re.Pattern[str]]:
    if power == AUTONOMOUS or power not in {p.name for p in variant.powers}:
        return [_word(power)]
    return [_word(power), _word(variant.power(power).adjective)]


def has_tables(text: str) -> bool:
    """Does the copy end with the tables of who owns and controls what?"""
    return any(head in text for head in TABLES)


def unnamed(variant: Variant, facts: Iterable[Fact], text: str) -> set[Fact]:
    """The facts the text copy does not name: a fact is named by a line naming its power
    (or the power's adjective) and its province, a siege by its city marked `$` in a
    control table or by a line naming the province with a besiege order or a garrison's
    `siege in progress`."""
    lines = logical_lines(text)
    missing = set()
    for fact in facts:
        kind, power, province = fact
        name = variant.provinces[province].name
        if kind == "siege":
            mark = re.compile(rf"(?<![A-Za-z]){re.escape(name)}[+%]*\$")
            place = _word(name)
            if not any(mark.search(ln) or (place.search(ln) and SIEGE.search(ln)) for ln in lines):
                missing.add(fact)
            continue
        place, who = _word(name), _powers(variant, power)
        if not any(place.search(ln) and any(p.search(ln) for p in who) for ln in lines):
            missing.add(fact)
    return missing


def known_unnamed(
    facts: Iterable[Fact], own: Collection[str], every_city: bool, *, tables: bool, moving: bool
) -> set[Fact]:
    """The facts among `facts` a reader knows without his copy of the phase naming them:
    where the copy carries no tables (a Spring's, a game with money's), the holdings his
    LIST names (his own powers' cities and provinces, every power's cities under BCENTERS,
    the sieges of the cities it names); where it is not a movement's (that names every unit
    of his: a retreat phase's names the retreats, an adjustment phase's the builds and
    removals), his own units standing. Never a unit, an order or a province of another
    power."""
    facts = set(facts)
    out = {f for f in facts if not moving and f[0] == "unit" and f[1] in own}
    if not tables:
        owners = {f for f in facts if f[0] == "owner" and (f[1] in own or every_city)}
        cities = {province for _, _, province in owners}
        out |= owners | {f for f in facts if f[0] == "control" and f[1] in own}
        out |= {f for f in facts if f[0] == "siege" and f[2] in cities}
    return out

"""The end of a Machiavelli campaign in the njudge's words (ma_famplag.c, ma_porder.c's
newowner and victory, ma_stats.c's ma_ownership), from the result's `events` and state:
the disasters and the units they destroyed, the provinces and cities changing hands, the
powers eliminated and the home countries conquered, the table of what each power controls
(in a game without money, where it counts the units), and the victory.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.board import place_name
from adjudicator.machiavelli.special_units import TITLES
from variants import AUTONOMOUS, UNIT_WORDS, Variant, province_of

from ..layout import Doc
from ..notation import order_place
from .words import adjective, listed_powers, names, owners

Event = Mapping[str, Any]
_DISASTERS = {"famine": "Famine", "plague": "Plague", "storm": "Storm"}


def campaign_lines(variant: Variant, output_doc: Doc, *, tables: bool) -> list[str]:
    """Everything after a campaign's orders, each paragraph after a blank line; `tables`:
    the control tables too (a game without money, once control was taken)."""
    events = list(output_doc.get("events") or ())
    paragraphs: list[list[str]] = []
    group: tuple[str, list[str]] | None = None  # the units one disaster destroyed
    for event in events:
        kind = event.get("event")
        if kind in _DISASTERS:
            paragraphs.extend(disaster(variant, event))
            group = None
        elif kind == "destroyed" and event.get("cause") != "attrition":
            if group is None or group[0] != event.get("cause"):
                group = (event.get("cause", ""), [])
                paragraphs.append(group[1])
            group[1].append(destroyed(variant, event))
    for what in ("province", "city"):
        changed = changes(variant, [e for e in events if e.get("event") == f"{what} control"])
        if changed:
            title = "provinces" if what == "province" else "cities"
            paragraphs.append([f"Ownership of {title} changing hands:", "", *changed])
    for event in events:
        if event.get("event") == "eliminated":
            power = event["power"]
            lines = [f"{power} has been eliminated due to having no home cities."]
            lines += [
                destroyed(variant, e)
                for e in events
                if e.get("event") == "destroyed"
                and e.get("cause") == "attrition"
                and e.get("power") == power
            ]
            paragraphs.append(lines)
        elif event.get("event") == "conquest":
            paragraphs.append(
                [
                    f"{event['power']} has gained control of {event['country']}'s original "
                    "home territory."
                ]
            )
    if tables:
        paragraphs.append(control_tables(variant, output_doc))
    if output_doc.get("winner"):
        paragraphs.append([f"(* VICTORY!! *) by {output_doc['winner']}"])
    out: list[str] = []
    for lines in paragraphs:
        out.extend(["", *lines])
    return out


def disaster(variant: Variant, event: Event) -> list[list[str]]:
    """`Famine results: 8.   Bad year, row 4 and column 9.` and the provinces struck."""
    roll, row, column = event.get("roll"), event.get("row"), event.get("column")
    if row is not None and column is not None:
        said = f"Bad year, row {row} and column {column}."
    elif row is not None:
        said = f"Good year, row {row} only."
    elif column is not None:
        said = f"Good year, column {column} only."
    else:
        said = "No disaster."
    out = [[f"{_DISASTERS[event['event']]} results: {roll}.   {said}"]]
    if row is not None or column is not None:
        struck = names(variant, event.get("struck") or ())
        text = "Provinces struck: " + (", ".join(struck) + "." if struck else "*None*")
        out.append(textwrap.wrap(text, width=78, subsequent_indent=" " * 18))
    return out


def destroyed(variant: Variant, event: Event) -> str:
    """`Venetian Elite Mercenary Army in Padua eliminated by plague.`"""
    kind, location = event["unit"].split()[:2]
    title = TITLES.get(event.get("special", ""), "")
    unit = f"{title} {UNIT_WORDS.get(kind, 'Unit')}".strip()
    where = variant.provinces[province_of(location)].name
    cause = event.get("cause", "")
    how = "due to attrition" if cause == "attrition" else f"by {cause}"
    return f"{adjective(variant, event['power'])} {unit} in {where} eliminated {how}."


def changes(variant: Variant, events: Sequence[Event]) -> list[str]:
    """`Venice:   +Ferrara, -Padua.`: each power's gains and losses, in the map's order."""
    order = {abbr: i for i, abbr in enumerate(variant.provinces)}
    out = []
    for power in listed_powers(variant):
        items = []
        for event in sorted(events, key=lambda e: order.get(e["place"], 0)):
            name = variant.provinces[event["place"]].name
            if event.get("from") == power and event["power"] != power:
                items.append(f"-{name}")
            elif event["power"] == power and event.get("from") != power:
                items.append(f"+{name}")
        if items:
            head = f"{power}:".ljust(10) if len(power) < 9 else f"{power}: "
            out.extend(
                textwrap.wrap(
                    head + ", ".join(items) + ".", width=78, subsequent_indent=" " * 11,
                    break_long_words=False,
                )
            )  # fmt: skip
    return out


def control_tables(variant: Variant, doc: Doc) -> list[str]:
    """`Cities Controlled:` and `Provinces Controlled:`, each place marked (`*` a home,
    `%` famine, `$` besieged, `+` rebellion), as the njudge shows them."""
    state = doc.get("machiavelli") or {}
    homes = owners(state.get("homes"))
    control = owners(state.get("control"))
    cities = owners(doc.get("centers"))
    famine = set(state.get("famine") or ())
    sieges = set(state.get("sieges") or ())
    rebels = owners(state.get("rebellions"))
    garrisoned = {
        province_of(u.split()[1]) for us in (doc.get("units") or {}).values() for u in us
        if u.split()[0].upper() == "G"
    }  # fmt: skip
    used: set[str] = set()

    def mark(abbr: str, power: str, city: bool) -> str:
        name = variant.provinces[abbr].name
        tags = ""
        if (abbr + "*" if city else abbr) in rebels:
            tags += "+"
            used.add("+")
        if abbr in famine and not (city and abbr in garrisoned):
            tags += "%"
            used.add("%")
        if city and abbr in sieges:
            tags += "$"
            used.add("$")
        home = homes.get(abbr)
        if home == power and power != AUTONOMOUS:
            tags += "*"
        elif home and home != AUTONOMOUS:
            tags += f" ({home})"
        return name + tags

    lines = ["Cities Controlled:", ""]
    lines += _table(variant, cities, mark, city=True)
    lines += ["", "Provinces Controlled:", ""]
    lines += _table(variant, control, mark, city=False)
    legend = ["* = Home city/province"]
    legend += [
        text
        for sign, text in (("+", "+ = Rebellion"), ("%", "% = Famine"), ("$", "$ = Besieged"))
        if sign in used
    ]
    return [*lines, "", ", ".join(legend) + "."]


def _table(variant: Variant, held: Mapping[str, str], mark: Any, *, city: bool) -> list[str]:
    out = []
    for power in listed_powers(variant):
        places = [
            mark(abbr, power, city)
            for abbr, prov in variant.provinces.items()
            if held.get(abbr) == power and (prov.income if city else not prov.is_sea)
        ]
        if places:
            head = f"{power}:".ljust(12)
            out.extend(
                textwrap.wrap(
                    head + ", ".join(places) + ".", width=78, subsequent_indent=" " * 11,
                    break_long_words=False,
                )
            )  # fmt: skip
    return out


def dislodged_sentence(variant: Variant, entry: Mapping[str, Any]) -> str:
    """`The Papal Army in Bologna can retreat to Florence or Lucca.`, `... can convert to a
    Garrison.`, `... with no valid retreats was destroyed.`"""
    kind, location = entry["unit"].split()[:2]
    province = province_of(location)
    head = f"The {adjective(variant, entry['power'])} {UNIT_WORDS.get(kind, 'Unit')}"
    head += f" in {place_name(variant, location)}"
    retreats = list(entry.get("retreats") or ())
    into_city = province in [province_of(r) for r in retreats]
    elsewhere = [r for r in retreats if province_of(r) != province]
    if elsewhere:
        text = head + " can retreat to " + " or ".join(order_place(variant, r) for r in elsewhere)
        return text + (" or convert to a Garrison." if into_city else ".")
    if into_city:
        return head + " can convert to a Garrison."
    return head + " with no valid retreats was destroyed."

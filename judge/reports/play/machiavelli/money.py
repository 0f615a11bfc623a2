"""Machiavelli's money in the results, in the njudge's words (ma_expenses.c's expout, the
income and upkeep tables; docs/machiavelli.md "Money in the result"), from the result's
`events` and `machiavelli` state.

A power's money is its own: the payments, loans, expenses, income and upkeep of a power,
and its treasury, loans and chits, are told to that power and to the master only (`reader`:
a power's name, or MASTER for every power's), never to other players or observers. What
every reader may know (an assassination, a rebellion, a besieged garrison disbanding) is
in `public_lines`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from adjudicator.board import place_name
from adjudicator.machiavelli.special_units import TITLES
from variants import Variant

from ...counts import counted
from ..layout import Doc, as_phase, when
from .words import adjective

Event = Mapping[str, Any]
MASTER = "*master*"  # the reader who sees every power's money
_PRIVATE = ("payment", "loan", "repayment", "chit", "expense")
_NOTES = {
    "nsf": "  ** NSF",
    "countered": "  ** Counter-Bribed",
    "36 maximum": "  ** 36 ducats maximum, rest wasted",
}
_OUTCOMES = {
    "larger bribe": "  ** Larger bribe, wasted",
    "no adjacency": "  ** No adjacency, wasted",
    "existing special unit": "  ** Existing special unit, wasted",
    "no chit": "  ** No chit, wasted",
    "gone": "  ** Unit gone, wasted",
    "own unit": "  ** No Order Processed",
    "wasted": "  ** Wasted",
}
_UNIT = {"A": "Army", "F": "Fleet", "G": "Garrison"}
_TITLE = {
    "famine relief": "Famine Relief",
    "pacify rebellion": "Pacify Rebellion",
    "counter-bribe": "Counter-Bribe",
    "disband": "Disband",
    "buy": "Buy",
    "cause rebellion": "Cause Rebellion",
    "assassinate": "Assassinate",
}


def _sees(reader: str | None, *powers: object) -> bool:
    return reader == MASTER or (reader is not None and reader in powers)


def _ducats(n: int) -> str:
    return counted(n, "ducat")


def expenditure_lines(variant: Variant, doc: Doc, out: Doc, reader: str | None) -> list[str]:
    """`Expenditure results for Spring of 1454.` and the reader's money lines of the
    campaign's opening; nothing when the reader had none."""
    lines: list[str] = []
    for event in out.get("events") or ():
        kind = event.get("event")
        if kind not in _PRIVATE:
            continue
        if not _sees(reader, event.get("power"), event.get("to")):
            continue
        lines.extend(_money_event(variant, event))
    if not lines:
        return []
    phase = as_phase(variant, doc["phase"])
    return [f"Expenditure results for {when(phase)}.", "", *lines]


def _money_event(variant: Variant, event: Event) -> list[str]:
    power, kind = event.get("power", ""), event.get("event")
    if kind == "payment":
        to = event["to"]
        line = [f"{power}: Pays {_ducats(event['ducats'])} to {to}."]
        if event.get("outcome") == "nsf":
            line.append(f"  ** NSF = {event.get('paid', 0)} ducats")
        elif event.get("outcome") == "outstanding loan":
            line.append("  ** Outstanding bank loan, ignored")
        return line
    if kind == "loan":
        years = event.get("years", 1)
        span = counted(years, "year")
        asked = f"{power}: Borrows {_ducats(event['asked'])} for {span}"
        due = event.get("due")
        when_due = when(as_phase(variant, due)) if due else ""
        if event.get("outcome") == "prior default":
            return [f"{asked}.  ** Disallowed -- prior default"]
        if event.get("outcome") == "max":
            return [
                f"{asked}.  ** MAX principle is 25 ducats",
                f"{power}: Borrows {event['ducats']}d for {span}, {event['owed']}d due in "
                f"{when_due}.",
            ]
        return [f"{asked}, {event['owed']}d due in {when_due}."]
    if kind == "repayment":
        line = [f"{power}: Bank collects {_ducats(event['owed'])}."]
        if event.get("defaulted"):
            line.append(f"  ** NSF = {event['owed'] - event.get('paid', 0)}d, assassinated")
        return line
    if kind == "chit":
        return [f"{adjective(variant, event['victim'])} assassination chit given to {event['to']}."]
    return _expense(variant, event)


def _expense(variant: Variant, event: Event) -> list[str]:
    ducats = event.get("ducats") or 0
    head = f"{event['power']}: E{event['number']}: {ducats}d, {_target(variant, event)}."
    lines = [head]
    for note in event.get("notes") or ():
        if note == "not 3x":
            lines.append(f"  ** Not 3x, {ducats % 3} wasted")
        elif note in _NOTES:
            lines.append(_NOTES[note])
    outcome = event.get("outcome")
    if outcome == "required":
        lines.append(f"  ** {event.get('required')}d required, wasted")
    elif outcome == "success":
        lines.append(f"  ** Die is {event.get('die')}, SUCCESS!")
    elif outcome == "failed":
        lines.append(
            f"  ** Die is {event.get('die')}, needed <{(event.get('counted') or 0) // 12 + 1}, "
            "failed"
        )
    elif outcome in _OUTCOMES:
        lines.append(_OUTCOMES[outcome])
    return lines


def _target(variant: Variant, event: Event) -> str:
    """`Disband Papal Army Bologna`, `Papal garrison Bologna to autonomous`, `Famine Relief
    Milan`, `Assassinate Papacy`."""
    kind, target = event.get("kind", ""), str(event.get("target", ""))
    if kind == "assassinate":
        return f"Assassinate {target}"
    if " " not in target:  # a province
        return f"{_TITLE.get(kind, kind)} {place_name(variant, target)}"
    letter, location = target.split()[:2]
    owner = str(event.get("owner", ""))
    whose = "Autonomous" if owner == "Autonomous" else adjective(variant, owner)
    where = place_name(variant, location.rstrip("*"))
    if kind == "garrison to autonomous":
        return f"{whose} garrison {where} to autonomous"
    return f"{_TITLE.get(kind, kind)} {whose} {_UNIT.get(letter, letter)} {where}"


def after_bribes(doc: Doc, out: Doc) -> tuple[Doc, set[tuple[str, str]]]:
    """The units as the movement found them, after the campaign's bribes: a unit bought
    under its buyer, a garrison made autonomous under `Autonomous`; and the units a bribe
    disbanded, as (power, `G man`), listed where they stood."""
    units = {power: list(texts) for power, texts in (doc.get("units") or {}).items()}
    disbanded: set[tuple[str, str]] = set()
    for event in out.get("events") or ():
        if event.get("event") != "expense" or event.get("outcome") != "done":
            continue
        kind, target, owner = event.get("kind"), event.get("target"), event.get("owner")
        mine = units.get(str(owner)) or []
        if target not in mine:
            continue
        if kind == "disband":
            disbanded.add((str(owner), str(target)))
        elif kind in ("buy", "garrison to autonomous"):
            mine.remove(target)
            new = event["power"] if kind == "buy" else "Autonomous"
            units.setdefault(new, []).append(str(target))
    return {**doc, "units": units}, disbanded


def public_lines(variant: Variant, out: Doc) -> list[str]:
    """What every reader is told of the campaign's opening: the straits' leave, the
    assassinations and what they undo, the rebellions."""
    lines = []
    for event in out.get("events") or ():
        kind = event.get("event")
        if kind == "ally":
            allies = list(event.get("allies") or ())
            said = " and ".join([", ".join(allies[:-1]), allies[-1]] if len(allies) > 1 else allies)
            lines.append(
                f"{event['power']} allowing {said} to use straits."
                if allies
                else f"{event['power']} allowing no one to use straits."
            )
        elif kind == "assassination":
            lines.append(f"{adjective(variant, event['power'])} leader assassinated.")
        elif kind == "garrison disbanded":
            lines.append(f"Besieged Garrison {place_name(variant, event['place'])} disbands.")
        elif kind == "rebellion" and event.get("outcome") in ("begun", "put down", "liberated"):
            place = place_name(variant, str(event["place"]).rstrip("*"))
            said = {"begun": "begins", "put down": "put down", "liberated": "liberated"}
            lines.append(f"Rebellion in {place} {said[event['outcome']]}.")
    return lines


def income_lines(variant: Variant, doc: Doc, out: Doc, reader: str | None) -> list[str]:
    """The income phase (`Income phase for Winter of 1454.`): the reader's variable income
    and its income table's rows."""
    events = [e for e in out.get("events") or () if _sees(reader, e.get("power"))]
    rows = [e for e in events if e.get("event") == "income"]
    if not rows:
        return []
    year = as_phase(variant, doc["phase"]).year
    lines = [f"Income phase for {when(as_phase(variant, f'F{year:04d}B'))}.", ""]
    variable = [e for e in events if e.get("event") == "variable income"]
    if variable:
        lines += ["Variable     Power       Die Roll  Ducats"]
        for e in variable:
            rolls = "fixed" if e.get("fixed") else " ".join(str(r) for r in e.get("rolls", ()))
            place = place_name(variant, e["place"])[:12]
            lines.append(f"{place:<12} {e['power']:<11} {rolls:<9} {e['ducats']:>4}")
        lines.append("")
    lines.append("Power       Treasury  Income  Water  Provinces  Cities  Variable")
    for e in rows:
        lines.append(
            f"{e['power']:<11} {e['treasury']:>8}  {e['income']:>6}  {e['water']:>5}  "
            f"{e['provinces']:>9}  {e['cities']:>6}  {e['variable']:>8}"
        )
    return lines


def upkeep_lines(
    variant: Variant, out: Doc, reader: str | None, unpaid_only: bool = False
) -> list[str]:
    """What the reader's units and builds cost in the adjustments (`(3 ducats)`, `(6 ducats
    *** NSF)`); the treasury left is in `treasury_lines`. `unpaid_only`: the NSF lines
    alone, which a reply lists with the power's orders as the njudge did (ma_buildout)."""
    lines = []
    for event in out.get("events") or ():
        if event.get("event") != "upkeep" or not _sees(reader, event.get("power")):
            continue
        power = event["power"]
        for entry in event.get("units") or ():
            if unpaid_only and entry.get("outcome") == "paid":
                continue
            letter, location = str(entry["unit"]).split()[:2]
            word = _UNIT.get(letter, letter).lower()
            if entry.get("special"):
                word = f"{TITLES.get(entry['special'], entry['special']).lower()} {word}"
            where = place_name(variant, location.rstrip("*"))
            verb = "Builds" if entry.get("kind") == "build" else "Maintains"
            article = ("an" if word[0] in "aeiou" else "a") if verb == "Builds" else "the"
            what = f"{verb} {article} {word} in {where}"
            cost = _ducats(entry["ducats"])
            paid = f"({cost})" if entry.get("outcome") == "paid" else f"({cost} *** NSF)"
            lines.append(f"{power + ':':<26}{what}  {paid}")
    return lines


def treasury_lines(variant: Variant, state: Mapping[str, Any], reader: str | None) -> list[str]:
    """Each treasury the reader may see: its ducats, the loans it owes and when, the
    assassination chits it holds (LIST, and the end of every result)."""
    out = []
    treasury = state.get("treasury") or {}
    loans = state.get("loans") or {}
    chits = state.get("chits") or {}
    for power in [p.name for p in variant.powers]:
        if not _sees(reader, power) or power not in treasury:
            continue
        out.append(f"{power + ':':<12}Treasury {_ducats(int(treasury[power]))}.")
        for principal, interest, due in loans.get(power) or ():
            out.append(
                f"{'':<12}Loan of {_ducats(int(principal))}: {principal + interest}d due in "
                f"{when(as_phase(variant, due))}."
            )
        held: Sequence[str] = chits.get(power) or ()
        if held:
            out.append(f"{'':<12}Assassination chits: {', '.join(held)}.")
    return out


def private_report(variant: Variant, doc: Doc, out: Doc, reader: str | None) -> str:
    """The reader's own part of a phase's results: its money lines, income, upkeep and
    treasury ('' for a reader who may see none)."""
    parts = [opening_report(variant, doc, out, reader), closing_report(variant, doc, out, reader)]
    return "\n\n".join(part for part in parts if part)


def opening_report(variant: Variant, doc: Doc, out: Doc, reader: str | None) -> str:
    """The reader's part that comes before the public report: his expenditure results, as
    the njudge printed the expenditures (expout) before the movement (ma_process_output)."""
    if reader is None:
        return ""
    return "\n".join(expenditure_lines(variant, doc, out, reader))


def closing_report(variant: Variant, doc: Doc, out: Doc, reader: str | None) -> str:
    """The reader's part that comes after the public report: his income (rolled at the
    end of the Fall, after its movement), his upkeep and his treasury."""
    if reader is None:
        return ""
    paragraphs = [income_lines(variant, doc, out, reader), upkeep_lines(variant, out, reader)]
    state = out.get("machiavelli") or {}
    if state.get("treasury"):
        treasury = treasury_lines(variant, state, reader)
        if treasury:
            paragraphs.append(["Treasury after the phase:", "", *treasury])
    kept = [p for p in paragraphs if p]
    return "\n\n".join("\n".join(p) for p in kept)

"""A Machiavelli phase processed: the position it leaves (its `machiavelli` state kept, the
seed left out) and its results in the njudge's words (reports/play/machiavelli/)."""

from __future__ import annotations

from typing import Any

from adjudicator.document import read_document
from adjudicator.machiavelli.adjustments import COST, ORDINARY
from adjudicator.machiavelli.possible import mach_adjustment_orders
from parser import OrderParser, OrderSyntaxError
from parser.values_money import BUY, Expense
from variants import AUTONOMOUS, province_of

from ...reports.play import machiavelli as texts
from ...store.models import Game
from ..game.machiavelli import kept_state, money_on
from ..game.record import variant_of

CHEAPEST = COST[ORDINARY]  # the ducats of an ordinary unit, the cheapest build


def mach_position(
    game: Game, doc: dict[str, Any], position: dict[str, Any], out: dict[str, Any]
) -> tuple[str, str | None]:
    """Complete the position a result leaves; the next phase and the winner, both as the
    adjudicator says (it skips the retreats and adjustments nobody needs)."""
    position["machiavelli"] = kept_state(out)
    next_phase = str(out["next_phase"])
    if next_phase.endswith("B") and out.get("adjustments") is not None:
        position["adjustments"] = _owed(doc, next_phase, position, dict(out["adjustments"]))
    if not next_phase.endswith("R"):
        position["dislodged"] = []
    return next_phase, out.get("winner")


def _owed(
    doc: dict[str, Any], phase: str, position: dict[str, Any], due: dict[str, int]
) -> dict[str, int]:
    """What each power owes in the adjustments: its removals, and its builds as far as it has
    places to build in (as the judge counts them in every variant, `owing.adjustment_due`),
    so that a power with fewer free home cities than builds is in once it has used them."""
    money = (doc.get("options") or {}).get("money", True) is not False
    next_doc = {
        "variant": doc["variant"], "phase": phase, "units": position["units"],
        "centers": position["centers"], "machiavelli": {**doc.get("machiavelli", {}),
        **position["machiavelli"]}, "options": doc.get("options") or {},
    }  # fmt: skip
    board, _, options = read_document(next_doc)
    table = mach_adjustment_orders(board, options)
    if money:
        return _upkeep_owed(position, next_doc["machiavelli"], table)
    for power, balance in due.items():
        if balance > 0:
            sites = {text.split()[1].split("/")[0] for text in table.get(power, (0, []))[1]}
            due[power] = min(balance, len(sites))
    return due


def _upkeep_owed(
    position: dict[str, Any], state: dict[str, Any], table: dict[str, tuple[int, list[str]]]
) -> dict[str, int]:
    """Who is asked in the adjustments with money. Every unit is maintained or removed (a
    unit left without an order is removed): each power with units is asked, minus its
    unit count, whatever the count without money says. A power with no unit builds too if
    it may (rules.machiavelli, "Military unit adjustments": a unit is paid from the
    treasury and placed in a controlled home city; only a power with no home city left is
    eliminated): one with a free home city to build in and the 3 ducats of the cheapest
    unit is asked for its builds, as many as it has places."""
    owed = {power: -len(units) for power, units in position["units"].items() if units
            and power != AUTONOMOUS}  # fmt: skip
    treasury = state.get("treasury") or {}
    for power, (_, builds) in table.items():
        if power in owed or int(treasury.get(power, 0)) < CHEAPEST:
            continue
        sites = {text.split()[1].split("/")[0] for text in builds}
        if sites:
            owed[power] = len(sites)
    return owed


def mach_report(game: Game, doc: dict[str, Any], out: dict[str, Any]) -> str:
    """The results of the game's current phase (and a master's PREDICT of them)."""
    kind = (game.phase or "M")[-1]
    variant = variant_of(game)
    if kind in ("B", "A"):
        render = texts.adjustment_results
    else:
        render = texts.movement_results if kind == "M" else texts.retreat_results
    return render(variant, game.name, game.turn, doc, out).rstrip("\n")


def first_orders(game: Game, given: dict[str, list[str]]) -> dict[str, list[str]]:
    """The game's first phase (F####A) takes no orders: with money its adjustments keep
    every unit of the setup (`maintain`; the first income pays, and may be overspent);
    a power nobody plays (mach2_eai's Lombardy) keeps none, as without money."""
    if not money_on(game) or game.phase != variant_of(game).start:
        return given
    out = dict(given)
    played = {x.name for x in variant_of(game).powers if x.played}
    for power, units in ((game.position or {}).get("units") or {}).items():
        if units and power in played and not out.get(power):
            out[power] = [f"maintain {unit}" for unit in units]
    return out


def as_bought(game: Game, out: dict[str, Any]) -> dict[str, Any]:
    """A trial adjudication as a reply shows it: a power may order a unit it buys this
    campaign (`expense 1: buy G fer`, then `G fer H`), so that order is no error when the
    trial's bribe failed (the others' counter-bribes are not the player's to learn); where
    the bribe went through, the order was checked as the bought unit's, errors and all."""
    if not (game.phase or "").endswith("M") or not money_on(game):
        return out
    variant = variant_of(game)
    bought = {
        (e["power"], province_of(str(e.get("target", " ")).split()[-1].rstrip("*")))
        for e in out.get("events") or ()
        if e.get("event") == "expense" and e.get("kind") == BUY and e.get("outcome") == "done"
    }
    buying: dict[tuple[str, str], str | None] = {}
    for line in out.get("orders") or ():
        if line.get("result") == "illegal" or not str(line.get("order", "")).startswith("exp"):
            continue
        parsed = _read(variant, line["order"])
        if isinstance(parsed, Expense) and parsed.kind == BUY and parsed.unit is not None:
            key = (line["power"], province_of(str(parsed.unit.location).lower()))
            if key not in bought:
                buying[key] = parsed.unit.type or None
    if not buying:
        return out
    lines = []
    for line in out["orders"]:
        order = _read(variant, line.get("text") or "")
        unit = None if isinstance(order, Expense) else getattr(order, "unit", None)
        key = (line["power"], province_of(str(getattr(unit, "location", "")).lower()))
        if (
            line.get("result") == "illegal"
            and unit is not None
            and key in buying
            and buying[key] in (None, unit.type)
        ):
            line = {**line, "result": "succeeds", "reason": None, "message": None}
            line["order"] = line.get("order") or line.get("text")
        lines.append(line)
    return {**out, "orders": lines}


def _read(variant: Any, text: str) -> object:
    try:
        return OrderParser.for_names(variant.names, variant.dialect).parse(text, "movement")
    except (OrderSyntaxError, ValueError):
        return None


def _reader(person: Any) -> str | None:
    """Whose money a person reads: a player his power's, the master every power's (MASTER),
    an observer none (None)."""
    if person.role == "master":
        return texts.MASTER
    if person.role == "player" and person.power:
        return str(person.power)
    return None


def private_text(game: Game, doc: dict[str, Any], out: dict[str, Any], person: Any) -> str:
    """A reader's own part of a phase's results with money (reports/play/machiavelli/
    money.py): a player's power's money, the master's every power's, an observer's none;
    '' or a paragraph to put after the report."""
    own = texts.private_report(variant_of(game), doc, out, _reader(person))
    return "\n\n" + own if own else ""


def with_money(
    game: Game, doc: dict[str, Any], out: dict[str, Any], person: Any, report: str
) -> str:
    """A reader's copy of a phase's report with his own money around it: his expenditure
    results before it, as the njudge printed them before the movement; his income, upkeep
    and treasury after it (docs/machiavelli.md, "Money in the result")."""
    variant, reader = variant_of(game), _reader(person)
    before = texts.opening_report(variant, doc, out, reader)
    after = texts.closing_report(variant, doc, out, reader)
    return (before + "\n\n" if before else "") + report + ("\n\n" + after if after else "")

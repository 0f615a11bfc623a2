"""How a power's orders stand (njudge's "orders received" flag): a trial adjudication of
the orders given so far reads them as the adjudicator will, and the flag says whether
any is impossible, or some owed are missing. The phase's document the adjudicator is
given, with the game's rule settings as its options, is built here for the trial and
for the phase's processing alike, so both read the orders the same way.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from adjudicator import adjudicate
from adjudicator.adjustments import build_sites
from adjudicator.options import Options
from variants.model import province_of

from ...store.models import Game, OrderRecord
from ..game.machiavelli import document_state, is_machiavelli, mach_options, money_on
from ..game.owing import any_disband, build_at, owed
from ..game.record import players, variant_of
from . import order_book, proxy
from .future import WAIT_TEXTS
from .mach_results import as_bought

# -- the phase's document -----------------------------------------------------------------------


def orders_of(session: Session, game: Game, phase: str) -> dict[str, list[str]]:
    """Each power's orders standing for the phase, its SET WAIT rows left out and its
    proxies settled: what the adjudicator is given."""
    return _orders_and_advance(session, game, phase)[0]


def _orders_and_advance(
    session: Session, game: Game, phase: str
) -> tuple[dict[str, list[str]], set[str]]:
    """`orders_of`, and the powers every one of whose rows was given in advance
    (future.advance_powers' answer), from one statement."""
    rows = session.execute(
        select(OrderRecord.power, OrderRecord.text, OrderRecord.advance)
        .where(OrderRecord.game_id == game.id, OrderRecord.phase == phase)
        .where(OrderRecord.condition.is_(None))
        .order_by(OrderRecord.id)
    )
    out: dict[str, list[str]] = defaultdict(list)
    every: dict[str, bool] = {}
    for power, text, advance in rows:
        every[power] = every.get(power, True) and bool(advance)
        if text not in WAIT_TEXTS:
            out[power].append(text)
    early = {power for power, all_advance in every.items() if all_advance}
    return proxy.settle(variant_of(game), out), early


# Game settings (manual 9.1) that are adjudicator options of the same name and meaning.
_RULE_FLAGS = ("duality", "coastal_convoys", "move_disband", "auto_disband")
# SET RULE's choices (master/rules.py), kept under the adjudicator's own option names.
_RULE_CHOICES = ("paradox", "convoy_via", "excess_adjustments", "civil_disorder")
# The colonial rules (SET HONG KONG, RAILWAYS, GATEWAYS) and what the variant must have
# for each: passed only when set, and only on such a variant (the game may have changed
# its variant since).
MAP_RULES = {"hong_kong": "uncounted", "railways": "railways", "gateways": "gateways"}


def _rule_options(game: Game) -> dict[str, Any]:
    """The game's rule settings as the adjudicator's options (phase-format)."""
    settings = game.settings or {}
    options: dict[str, Any] = {}
    if build_at(game) != "variant":
        options["build_centers"] = build_at(game)
    for flag in _RULE_FLAGS:
        if settings.get(flag):
            options[flag] = True
    if settings.get("duality") is False:  # SET NO DUALITY on a map whose rules have it
        options["duality"] = False
    for name in _RULE_CHOICES:
        if settings.get(name) is not None:
            options[name] = settings[name]
    for flag, feature in MAP_RULES.items():
        if settings.get(flag) and getattr(variant_of(game), feature):
            options[flag] = True  # the game may have changed its variant since
    if any_disband(game):
        options["any_disband"] = True
    if settings.get("summer") is not None:
        options["summer"] = bool(settings["summer"])
    for when in ("move", "build"):
        if settings.get(f"transform_{when}", "none") != "none":
            options[f"transform_{when}"] = settings[f"transform_{when}"]
    if settings.get("attack_transform") is False:
        options["attack_transform"] = False
    if "blind" in (game.options or []):
        options["blind"] = True  # orders are checked telling nothing of others' units
    if "wings" in (game.options or []):
        options["wings"] = True  # wings may be built (info.wings)
    if is_machiavelli(game):
        # Manual 9.2's settings; SET NO COASTAL CONVOYS and NO DISBAND count here too, as
        # both are on by default in the first edition.
        options.update(mach_options(game))
    return options


def every_winter(game: Game) -> bool:
    """Anyone may act in every adjustment phase (the adjudicator's rule, for the game's
    options): none is skipped, and every active player waits in it."""
    return Options.from_mapping(_rule_options(game)).every_winter


def phase_document(game: Game, orders: dict[str, list[str]]) -> dict[str, Any]:
    position = game.position or {}
    doc: dict[str, Any] = {
        "variant": game.variant,
        "phase": game.phase,
        "units": position.get("units", {}),
        "centers": position.get("centers", {}),
        "orders": orders,
        "options": _rule_options(game),
    }
    if (game.phase or "").endswith("R"):
        doc["dislodged"] = position.get("dislodged", [])
    if "machiavelli" in position:
        doc["machiavelli"] = document_state(game)
    return doc


# -- the orders-received flag -------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """How a power's orders stand: what the njudge calls the orders-received flag."""

    status: str  # "none", "partial", "complete", "errors"; "complete" when nothing is owed
    owes: bool
    errors: int
    advance: bool = False  # every order was given before the phase came: received


def standing(
    game: Game, power: str, given: list[str], trial: dict[str, Any], advance: bool = False
) -> Standing:
    lines = [x for x in trial["orders"] if x["power"] == power]
    errors = sum(
        1
        for x in lines
        # A Machiavelli build or upkeep the treasury cannot pay is an error, as the
        # njudge flags it: the phase waits for the deadline or a correction.
        if (x["result"] == "illegal" and x["reason"] != "replaced") or x["reason"] == "nsf"
    )
    phase = game.phase or ""
    due = owed(game, power)
    if phase.endswith("B") and any_disband(game):
        missing = _unsettled(game, power, lines, trial)
    elif phase.endswith("B") and "machiavelli" in (game.position or {}) and money_on(game):
        # With money every unit is maintained or removed; builds may be left out.
        missing = any(x["reason"] == "no order" for x in lines)
    elif phase.endswith("B"):
        done = sum(
            1
            for x in lines
            if x["result"] == "succeeds" and x["reason"] is None and x["order"] != "WAIVE"
        )
        waived = sum(1 for x in lines if x["order"] == "WAIVE" and x["result"] == "succeeds")
        missing = done + waived < abs(due)
    elif phase.endswith("R"):
        # Only a unit that has somewhere to go owes a retreat (a unit with none is lost).
        can_go = {
            province_of(d["unit"].split()[1].lower())
            for d in (game.position or {}).get("dislodged") or []
            if d.get("power") == power and d.get("retreats")
        }
        missing = any(
            x["reason"] == "no order" and province_of(x["order"].split()[1].lower()) in can_go
            for x in lines
        )
    else:
        missing = any(x["reason"] == "no order" for x in lines)
    if not due:
        return Standing("complete", False, errors)
    if advance:
        return Standing("complete", True, errors, advance=True)
    if errors:
        return Standing("errors", True, errors)
    if missing:
        return Standing("partial" if given else "none", True, errors)
    return Standing("complete", True, errors)


def _unsettled(game: Game, power: str, lines: list[dict[str, Any]], trial: dict[str, Any]) -> bool:
    """ANY DISBAND: is a unit of the power still without its maintain or removal, or are
    removals or builds still to be given once its removals are counted?"""
    if any(x["reason"] in ("no order", "civil disorder") for x in lines):
        return True
    position = game.position or {}
    owned = (position.get("centers") or {}).get(power) or []
    after = (trial.get("units") or {}).get(power) or []
    waived = sum(1 for x in lines if x["order"] == "WAIVE" and x["result"] == "succeeds")
    if len(owned) - len(after) - waived <= 0:
        return False
    centers = {c: p for p, cs in (position.get("centers") or {}).items() for c in cs}
    occupied = {province_of(u.split()[1]) for us in (trial.get("units") or {}).values() for u in us}
    return bool(build_sites(variant_of(game), power, centers, occupied, build_at(game)))


def trial(session: Session, game: Game) -> tuple[dict[str, list[str]], dict[str, Any]]:
    given = orders_of(session, game, game.phase or "")
    out = adjudicate(phase_document(game, given))
    return given, (as_bought(game, out) if "machiavelli" in (game.position or {}) else out)


def refresh(session: Session, game: Game) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """Every power's orders flag from a trial adjudication; the orders read and the
    trial's output."""
    given, early = _orders_and_advance(session, game, game.phase or "")
    out = adjudicate(phase_document(game, given))
    if "machiavelli" in (game.position or {}):
        out = as_bought(game, out)  # as a reply shows it (processing adjudicates again)
    for x in players(game):
        if x.power:
            state = standing(game, x.power, given.get(x.power, []), out, x.power in early)
            x.orders_status = state.status
    return given, out


def orders_of_power(session: Session, game: Game, power: str) -> bool:
    """Whether the power has any order standing for the current phase."""
    row = session.execute(
        select(OrderRecord.id)
        .where(OrderRecord.game_id == game.id, OrderRecord.power == power)
        .where(OrderRecord.phase == game.phase, OrderRecord.condition.is_(None))
        .limit(1)
    ).first()
    return row is not None


def put_away_errors(session: Session, game: Game, power: str, orphans_only: bool) -> None:
    """The power's impossible orders for the current phase: those no later order could
    replace, or (a new player taking the power over) every one of them."""
    if not orders_of_power(session, game, power):
        return  # nothing stands yet: no trial needed
    _given, out = trial(session, game)
    if orphans_only:
        texts = order_book.orphans(variant_of(game), game, power, out)
    else:
        texts = {
            x["text"] for x in out["orders"] if x["power"] == power and x["result"] == "illegal"
        }
    order_book.put_away(session, game, power, game.phase or "", texts)

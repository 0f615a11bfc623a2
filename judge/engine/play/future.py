"""Orders given for a later phase (users' manual 6.3): a PHASE block's orders kept as rows
for their phase, each with the IF conditions it needs kept as data, since a condition is
read on the board as it stands when the phase comes, not when the mail came; a power's
pending ones cleared (CLEAR); and, when their phase comes, settled: the conditions read,
a SET WAIT among them carried out, the last order for each unit left standing.

Also how a command names a phase (`PHASE Fall 1901 Movement`), and phases in game order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

import parser as p
import variants
from adjudicator.phase import Phase

from ...store.models import Game, OrderRecord, Participant
from ..game.record import players, variant_of
from ..reply.conversation import Conversation
from . import order_book
from .blind import units_seen
from .conditions import holds

SEASON_WORDS = {"S": "Spring", "U": "Summer", "F": "Fall", "W": "Winter"}
KIND_WORDS = {"M": "Movement", "R": "Retreats", "B": "Adjustments"}
# SET WAIT / SET NOWAIT in a PHASE block wait, as order rows, for their phase.
WAIT_WORDS = {True: "SET WAIT", False: "SET NOWAIT"}
WAIT_TEXTS = {text: on for on, text in WAIT_WORDS.items()}


def spoken(spec: p.PhaseSpec) -> str:
    """`Summer 1901 Movement`: a phase as the player named it."""
    return f"{SEASON_WORDS.get(spec.season, spec.season)} {spec.year} {KIND_WORDS[spec.kind]}"


def named_phase(ctx: Conversation, game: Game, spec: p.PhaseSpec, what: str) -> Phase | None:
    """The game's own phase for a phase a command names: Winter and Adjustments name the
    adjustment phase the variant plays (F1901B in the standard game), whatever its
    season letter; a phase the variant's year does not have is refused."""
    variant = variant_of(game)
    try:
        return Phase.parse(str(spec), variant)
    except ValueError:
        have = ", ".join(
            f"{SEASON_WORDS['W' if c[1] == 'B' else c[0]]} {KIND_WORDS[c[1]]}"
            for c in variant.phases
        )
        ctx.fail(
            f"{what} {spoken(spec)}: there is no such phase in {variant.title}; "
            f"its year has {have}."
        )
        return None


def order_key(phase: Phase, variant: variants.Variant) -> tuple[int, int]:
    return phase.year, list(variant.phases).index(phase.season + phase.letter)


# -- a PHASE block's orders, their conditions as data -------------------------------------------


def flatten_block(
    items: tuple,
    path: tuple[dict[str, Any], ...] = (),
    refuse: Callable[[p.OrderEntry], None] = lambda _entry: None,
) -> list[tuple[list[str], dict[str, Any] | None, bool | None]]:
    """A PHASE block's items as (order texts, the condition they need, a SET WAIT); the
    orders that could not be read are handed to `refuse` instead."""
    out: list[tuple[list[str], dict[str, Any] | None, bool | None]] = []
    need = {"all": list(path)} if path else None
    for item in items:
        if isinstance(item, p.OrderLine):
            for entry in item.orders:
                if entry.order is None and entry.error:
                    refuse(entry)
            texts = [e.text for e in item.orders if e.order is not None or not e.error]
            out.append((texts, need, None))
        elif isinstance(item, p.SetWait):
            out.append(([], need, item.on))
        elif isinstance(item, p.Conditional):
            earlier: list[dict[str, Any]] = []
            for branch in item.branches:
                here = [{"not": c} for c in earlier]
                if branch.condition is not None:
                    here.append(condition_data(branch.condition))
                    earlier.append(condition_data(branch.condition))
                out += flatten_block(branch.items, path + tuple(here), refuse)
    return out


def condition_data(condition: p.Condition) -> dict[str, Any]:
    if isinstance(condition, p.Negation):
        return {"not": condition_data(condition.condition)}
    if isinstance(condition, p.Both):
        return {"and": [condition_data(condition.left), condition_data(condition.right)]}
    if isinstance(condition, p.Either):
        return {"or": [condition_data(condition.left), condition_data(condition.right)]}
    return {
        "power": condition.power,
        "unit_type": condition.unit_type,
        "province": condition.province,
        "words": " ".join(condition.words),
    }


def condition_value(data: dict[str, Any]) -> p.Condition:
    if "not" in data:
        return p.Negation(condition_value(data["not"]))
    if "and" in data:
        return p.Both(*(condition_value(x) for x in data["and"]))
    if "or" in data:
        return p.Either(*(condition_value(x) for x in data["or"]))
    if "all" in data:
        parts = [condition_value(x) for x in data["all"]]
        out = parts[0]
        for part in parts[1:]:
            out = p.Both(out, part)
        return out
    return p.Occupied(
        words=tuple(data.get("words", "").split()),
        power=data.get("power"),
        unit_type=data.get("unit_type"),
        province=data.get("province"),
    )


def condition_holds(data: dict[str, Any], units: dict[str, list[str]]) -> bool:
    return holds(condition_value(data), units)


def condition_text(data: dict[str, Any]) -> str:
    if "not" in data:
        return f"NOT ({condition_text(data['not'])})"
    for key, word in (("and", " AND "), ("or", " OR "), ("all", " AND ")):
        if key in data:
            return word.join(f"({condition_text(x)})" for x in data[key])
    return data.get("words") or " ".join(
        x for x in (data.get("power"), data.get("unit_type"), data.get("province")) if x
    )


# -- pending orders cleared ---------------------------------------------------------------------


def clear_future(session: Session, game: Game, me: Participant) -> int:
    """CLEAR (manual 6.3): the power's pending orders for later phases, plain and
    conditional, go; the current phase's orders stay (only new orders replace them)."""
    variant = variant_of(game)
    now = order_key(Phase.parse(game.phase or "", variant), variant)
    rows = session.execute(
        select(OrderRecord).where(
            OrderRecord.game_id == game.id,
            OrderRecord.power == me.power,
            (OrderRecord.phase != game.phase) | OrderRecord.condition.is_not(None),
        )
    ).scalars()
    pending = [x.id for x in rows if order_key(Phase.parse(x.phase, variant), variant) >= now]
    if pending:
        session.execute(delete(OrderRecord).where(OrderRecord.id.in_(pending)))
    return len(pending)


def clear_phase(session: Session, game: Game, power: str, phase: str) -> None:
    session.execute(
        delete(OrderRecord).where(
            OrderRecord.game_id == game.id, OrderRecord.power == power, OrderRecord.phase == phase
        )
    )


# -- their phase come ---------------------------------------------------------------------------


def settle_conditions(session: Session, game: Game) -> set[str]:
    """The orders given for this phase before it came: their conditions are read on the
    board as it now stands, a SET WAIT among them is carried out, and what stands is the
    last order for each unit. The powers that had such orders."""
    rows = (
        session.execute(
            select(OrderRecord)
            .where(OrderRecord.game_id == game.id, OrderRecord.phase == game.phase)
            .order_by(OrderRecord.id)
        )
        .scalars()
        .all()
    )
    units = (game.position or {}).get("units", {})
    by_id = {x.id: x for x in players(game)}
    powers: set[str] = set()
    for row in rows:
        if row.condition is not None:
            if not condition_holds(row.condition, units_seen(game, row.power, units)):
                session.delete(row)
                continue
            row.condition = None
        if row.text in WAIT_TEXTS:
            holder = by_id.get(row.participant_id)
            if holder is not None and holder.power == row.power:
                holder.wait = WAIT_TEXTS[row.text]
            session.delete(row)
            continue
        row.advance = True
        powers.add(row.power)
    session.flush()
    variant = variant_of(game)
    for power in powers:
        order_book.keep_last_per_unit(session, variant, game, power, game.phase or "")
    return powers


def advance_powers(session: Session, game: Game) -> set[str]:
    """The powers whose every order for the current phase was given before it came: their
    orders count as received, errors or gaps and all (users' manual 6.3)."""
    rows = session.execute(
        select(OrderRecord.power, OrderRecord.advance).where(
            OrderRecord.game_id == game.id,
            OrderRecord.phase == game.phase,
            OrderRecord.condition.is_(None),
        )
    )
    seen: dict[str, bool] = {}
    for power, advance in rows:
        seen[power] = seen.get(power, True) and bool(advance)
    return {power for power, every in seen.items() if every}

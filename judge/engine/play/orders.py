"""Orders and their processing (users' manual section 6): orders for the current phase,
PHASE for later ones with IF conditions, CLEAR, SET WAIT; the "orders received" flag; and
the phase adjudicated, reported and advanced once every power is in.

The adjudicator is the one judge of what an order means: each reply lists a player's
orders as a trial adjudication reads them, so a player sees exactly how the judge took them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

import parser as p
import variants
from adjudicator import adjudicate
from adjudicator.adjustments import build_sites
from adjudicator.given import explained
from adjudicator.options import Options
from adjudicator.phase import Phase
from variants.model import province_of

from ...config import Settings
from ...reports import results as r
from ...reports.frame import njudge_time
from ...store.models import Game, HistoryEvent, OrderRecord, Participant, PhaseRecord
from ..clock.dedication import turn_counted
from ..clock.lateness import next_event, owing_orders, set_phase_clock
from ..endings.ending import ended
from ..game.owing import adjustment_due, any_disband, build_at, owed, ready
from ..game.record import players, variant_of
from ..press.postal import postal_block
from ..reply.conversation import Conversation
from ..reply.notices import deliver, everyone
from . import order_book, proxy
from .blind import deliver_results, is_blind, players_sight, units_seen
from .conditions import holds

Mailer = Any  # a Conversation or a Notices: has .settings, .now, .session and .send()
GAME_OVER = "The game is over.  Thank you for playing."


# -- reading a mail's orders ------------------------------------------------------------------


def vocabulary_for(session: Session) -> Callable[[p.Command], p.Vocabulary | None]:
    """For the parser: the names of the game a mail signs on to, and its phase's kind."""

    def look_up(command: p.Command) -> p.Vocabulary | None:
        name = getattr(command, "game", None)
        variant_name = getattr(command, "variant", None)
        phase = None
        if name:
            game = session.execute(select(Game).where(Game.name == name.lower())).scalar()
            if game is not None:
                variant_name = game.variant
                phase = game.phase
        try:
            variant = variants.load((variant_name or "standard").lower())
        except Exception:
            return None
        titles = {abbr: province.name for abbr, province in variant.provinces.items()}
        kind = order_book.KINDS.get((phase or "")[-1:])
        return p.Vocabulary(variant.names, power_names(variant), kind, titles)

    return look_up


def power_names(variant: variants.Variant) -> dict[str, str]:
    return {k: x.name for x in variant.powers for k in (x.name.lower(), x.adjective.lower())}


def _playing(ctx: Conversation, what: str) -> tuple[Game, Participant] | None:
    """The game and power this mail signed on as, if they may give orders now."""
    game, me = ctx.game, ctx.me
    if game is None or me is None:
        ctx.fail(f"{what}: sign on to a game first.")
        return None
    if me.role != "player" or not me.power:
        if game.status == "forming":
            ctx.fail(f"{what}: game '{game.name}' has not started yet.")
        else:
            ctx.fail(f"{what}: only a player with a power gives orders.")
        return None
    if game.status != "active":
        ctx.fail(f"{what}: game '{game.name}' is {game.status}.")
        return None
    return game, me


def order_line(ctx: Conversation, cmd: p.OrderLine) -> None:
    if ctx.me is not None and ctx.me.role == "master" and ctx.game is not None:
        _master_orders(ctx, ctx.game, cmd)
        return
    playing = _playing(ctx, "Orders")
    if playing is None:
        return
    game, me = playing
    _new_mail_of_orders(ctx, game, me.power or "")
    texts = [t for t in (_proxy_or_text(ctx, game, me, e) for e in _joined(cmd.orders)) if t]
    _store(ctx, game, me, game.phase or "", texts, None)
    _settle_at_end(ctx, game)


def _joined(entries: tuple[p.OrderEntry, ...]) -> list[p.OrderEntry]:
    """The order reader cuts `A par P Germany` in two (`A par`, `p germany`), as it cuts
    orders run together; a unit alone followed by a proxy word is put back together."""
    out: list[p.OrderEntry] = []
    for entry in entries:
        last = out[-1] if out else None
        if (
            last is not None
            and isinstance(last.order, p.Bare)
            and entry.order is None
            and proxy.starts_proxy(entry.text)
        ):
            out[-1] = p.OrderEntry(text=f"{last.text} {entry.text}")
            continue
        out.append(entry)
    return out


def _proxy_or_text(
    ctx: Conversation, game: Game, me: Participant, entry: p.OrderEntry
) -> str | None:
    """The text to keep for an order: a proxy in its kept form, the order as written, or
    None (refused, with the reason said)."""
    if entry.order is None:
        blind_giver = me.power if is_blind(game) else None
        read = proxy.read(game, variant_of(game), entry.text, blind_giver)
        if isinstance(read, str):
            ctx.fail(read)
            return None
        if read is not None:
            if read.owner != me.power:
                ctx.fail(proxy.not_owned(entry.text, me.power or ""))
                return None
            ctx.say(f"Proxy: {read.unit} of {read.owner} is ordered by {read.holder} this phase.")
            return proxy.kept_text(read)
    return entry.text if _plausible(ctx, game, entry) else None


def _plausible(ctx: Conversation, game: Game, entry: p.OrderEntry) -> bool:
    """SET STRICT CONVOY (manual 8.3): a convoy whose army starts or ends where no sea
    touches it cannot succeed, and is refused (the order is not kept)."""
    order = entry.order
    if not (game.settings or {}).get("strict_convoy") or not isinstance(order, p.Convoy):
        return True
    variant = variant_of(game)
    for place in (str(order.convoyed.location), str(order.destination)):
        if not _by_the_sea(variant, province_of(place.lower())):
            ctx.fail(
                f"{entry.text}: game '{game.name}' is set STRICT CONVOY, and no sea touches "
                f"{place}: the convoy cannot succeed."
            )
            return False
    return True


def _by_the_sea(variant: variants.Variant, province: str) -> bool:
    return any(
        variant.provinces[province_of(dest)].kind == "sea"
        for here, dests in variant.fleet_moves.items()
        if province_of(here) == province
        for dest in dests
    )


def _master_orders(ctx: Conversation, game: Game, cmd: p.OrderLine) -> None:
    """A master may order any unit without BECOME (manual 8.2): each order goes to the
    power whose unit (or, for a build, whose home centre) it names."""
    if game.status != "active" or not game.phase:
        ctx.fail(f"Orders: game '{game.name}' has no phase under way.")
        return
    holders = {x.power: x for x in players(game) if x.power}
    for entry in cmd.orders:
        power = _owner(game, entry.order)
        if power is None or power not in holders:
            ctx.fail(
                f"Orders: no power of game '{game.name}' can be given '{entry.text}'; "
                "name the power with BECOME."
            )
            continue
        _new_mail_of_orders(ctx, game, power)
        _store(ctx, game, holders[power], game.phase, [entry.text], None)
        ctx.say(f"Order for {power}: {entry.text}")
    _settle_at_end(ctx, game)


def _owner(game: Game, order: object) -> str | None:
    unit = getattr(order, "unit", None)
    if unit is None:
        return None
    province = province_of(str(unit.location).lower())
    position = game.position or {}
    if (game.phase or "").endswith("R"):
        for d in position.get("dislodged") or []:
            if province_of(d["unit"].split()[1]) == province:
                return d["power"]
        return None
    for power, units in (position.get("units") or {}).items():
        if any(province_of(u.split()[1]) == province for u in units):
            return power
    if (game.phase or "").endswith("B"):
        for power, centers in (position.get("centers") or {}).items():
            if province in centers:
                return power
    return None


def _new_mail_of_orders(ctx: Conversation, game: Game, power: str) -> None:
    """The first orders of a mail for a power put away its impossible orders that no
    order could replace (order_book): the player was told of them in the last reply."""
    if f"orders:{power}" in ctx.once:
        return
    ctx.once.add(f"orders:{power}")
    put_away_errors(ctx.session, game, power, orphans_only=True)


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


def _settle_at_end(ctx: Conversation, game: Game) -> None:
    """Once the reply is written: the flags from the orders as they now stand, and the
    phase played if everyone is in."""

    def settle() -> None:
        if game.status == "active" and game.phase:
            if f"refreshed:{game.id}" not in ctx.once:  # the reply's tail did it already
                refresh(ctx.session, game)
            schedule(ctx, game)

    ctx.after_reply("schedule", settle)


def clear(ctx: Conversation, cmd: p.Clear) -> None:
    playing = _playing(ctx, "CLEAR")
    if playing is None:
        return
    game, me = playing
    dropped = _clear_future(ctx.session, game, me)
    if dropped:
        s = "s" if dropped != 1 else ""
        ctx.say(f"Pending orders for {me.power} cleared: {dropped} order{s}.")
    else:
        ctx.say(f"{me.power} has no pending orders to clear.")
    _settle_at_end(ctx, game)


def set_wait(ctx: Conversation, cmd: p.SetWait) -> None:
    playing = _playing(ctx, "SET WAIT")
    if playing is None:
        return
    game, me = playing
    strict = bool((game.settings or {}).get("strict_wait"))
    if cmd.on and strict and not (me.power and owed(game, me.power)):
        ctx.fail(
            f"SET WAIT: game '{game.name}' is set STRICT WAIT: only a power with orders due "
            "this phase may wait."
        )
        return
    me.wait = cmd.on
    ctx.say("Wait status set." if cmd.on else "Wait status cleared.")
    _settle_at_end(ctx, game)


def phased(ctx: Conversation, cmd: p.PhasedOrders) -> None:
    """PHASE season year phase: the orders and IFs after it are for that phase."""
    playing = _playing(ctx, "PHASE")
    if playing is None:
        return
    game, me = playing
    variant = variant_of(game)
    wanted = named_phase(ctx, game, cmd.phase, "PHASE")
    if wanted is None:
        return
    code = str(wanted)
    if order_key(wanted, variant) < order_key(Phase.parse(game.phase or "", variant), variant):
        ctx.fail(f"PHASE {spoken(cmd.phase)}: that phase is over; the game is in {game.phase}.")
        return
    current = code == game.phase
    if current:
        _new_mail_of_orders(ctx, game, me.power or "")
    elif cmd.items == ():
        _clear(ctx.session, game, me.power or "", code)  # PHASE alone: nothing for it yet
    refuse = lambda entry: _unreadable(ctx, game, wanted, entry)  # noqa: E731
    for texts, condition, wait in _flatten(cmd.items, refuse=refuse):
        if wait is not None:
            if current and condition is None:
                me.wait = wait
            elif not current:  # carried to its phase (manual 6.3)
                _store(ctx, game, me, code, [WAIT_WORDS[wait]], condition)
            continue
        if current and condition is not None:
            board = units_seen(game, me.power or "", game.position.get("units", {}))
            if not _condition_holds(condition, board):
                continue
            condition = None
        _store(ctx, game, me, code, texts, condition)
    _settle_at_end(ctx, game)


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


def _store(
    ctx: Conversation,
    game: Game,
    me: Participant,
    phase: str,
    texts: list[str],
    condition: dict[str, Any] | None,
) -> None:
    variant = variant_of(game)
    for text in texts:
        if phase == game.phase and condition is None:
            order_book.replace_earlier(ctx.session, variant, game, me.power or "", phase, text)
        ctx.session.add(
            OrderRecord(
                game_id=game.id,
                participant_id=me.id,
                power=me.power,
                phase=phase,
                text=text,
                condition=condition,
                created_at=ctx.now,
                inbound_id=ctx.inbound_id,
            )
        )
        ctx.session.flush()


def _clear_future(session: Session, game: Game, me: Participant) -> int:
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


def _clear(session: Session, game: Game, power: str, phase: str) -> None:
    session.execute(
        delete(OrderRecord).where(
            OrderRecord.game_id == game.id, OrderRecord.power == power, OrderRecord.phase == phase
        )
    )


# -- conditions, kept as data until their phase comes ----------------------------------------


def _unreadable(ctx: Conversation, game: Game, phase: Phase, entry: p.OrderEntry) -> None:
    """An order for a later phase that cannot be read at all could never count: it is
    answered now, with the provinces a misspelt name may have meant, and not kept (the
    manual's "some syntax checking will be done" at once, 6.3)."""
    variant = variant_of(game)
    message = entry.error or ""
    try:
        p.OrderParser.for_names(variant.names).parse(entry.text, order_book.KINDS[phase.letter])
    except p.OrderSyntaxError as exc:
        message = explained(exc, variant)
    ctx.fail(f"{entry.text}\n{message}")


def _flatten(
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
                out += _flatten(branch.items, path + tuple(here), refuse)
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


def _condition_holds(data: dict[str, Any], units: dict[str, list[str]]) -> bool:
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


# -- what a power has given ---------------------------------------------------------------------


def orders_of(session: Session, game: Game, phase: str) -> dict[str, list[str]]:
    rows = session.execute(
        select(OrderRecord.power, OrderRecord.text)
        .where(OrderRecord.game_id == game.id, OrderRecord.phase == phase)
        .where(OrderRecord.condition.is_(None))
        .order_by(OrderRecord.id)
    )
    out: dict[str, list[str]] = defaultdict(list)
    for power, text in rows:
        if text not in WAIT_TEXTS:
            out[power].append(text)
    return proxy.settle(variant_of(game), out)


# Game settings (manual 9.1) that are adjudicator options of the same name and meaning.
_RULE_FLAGS = ("duality", "coastal_convoys", "move_disband", "auto_disband")


def _rule_options(game: Game) -> dict[str, Any]:
    """The game's rule settings as the adjudicator's options (phase-format)."""
    settings = game.settings or {}
    options: dict[str, Any] = {}
    if build_at(game) != "variant":
        options["build_centers"] = build_at(game)
    for flag in _RULE_FLAGS:
        if settings.get(flag):
            options[flag] = True
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
    return doc


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
    errors = sum(1 for x in lines if x["result"] == "illegal" and x["reason"] != "replaced")
    phase = game.phase or ""
    due = owed(game, power)
    if phase.endswith("B") and any_disband(game):
        missing = _unsettled(game, power, lines, trial)
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
    return given, adjudicate(phase_document(game, given))


def refresh(session: Session, game: Game) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """Every power's orders flag from a trial adjudication; the orders read and the
    trial's output."""
    given, out = trial(session, game)
    early = advance_powers(session, game)
    for x in players(game):
        if x.power:
            state = standing(game, x.power, given.get(x.power, []), out, x.power in early)
            x.orders_status = state.status
    return given, out


# -- processing ---------------------------------------------------------------------------------


# Phases played one after another in one go (every order given in advance, DELAY 0); more
# are left to the clock's next look, so one mail or tick never runs away with a game.
BACK_TO_BACK = 12


def schedule(mailer: Mailer, game: Game) -> None:
    """When all are in, process after the game's DELAY (at once when it is zero and MIN
    has passed), and the phase after it as well if its orders are all in already;
    otherwise the clock looks again at the deadline (lateness.py). A loop, not a
    recursion: any number of phases may come due at once."""
    for _ in range(BACK_TO_BACK):
        is_ready = ready(game)
        game.next_event_at = next_event(game, mailer.now, is_ready)
        due = game.next_event_at is not None and game.next_event_at <= mailer.now
        if not (is_ready and due):
            return
        process(mailer, game)
        if game.status != "active":
            return
    game.next_event_at = mailer.now  # the clock's next look goes on


def process(mailer: Mailer, game: Game) -> None:
    """Adjudicate the phase, report it to everyone, and go on to the next phase that needs
    orders (retreats and adjustments nobody needs are skipped)."""
    session: Session = mailer.session
    settings: Settings = mailer.settings
    now: datetime = mailer.now
    variant = variant_of(game)
    if game.late_notice_at is None:  # nobody was late this phase (else counted then)
        turn_counted(game, [], [x for x in owing_orders(game) if x.orders_status == "complete"])
    given = orders_of(session, game, game.phase or "")
    doc = phase_document(game, given)
    out = adjudicate(doc)
    record = PhaseRecord(
        game_id=game.id,
        turn=game.turn,
        phase=game.phase,
        position=dict(game.position or {}),
        result={"input": doc, "output": out},
        processed_at=now,
    )
    session.add(record)
    report = phase_report(game, doc, out)
    done_phase = game.phase
    centers = out.get("centers") or (game.position or {}).get("centers", {})
    position = {"units": out["units"], "centers": centers, "dislodged": out.get("dislodged", [])}
    next_phase = _next_needed(
        variant, out["next_phase"], position, build_at(game), every_winter(game)
    )
    winner = winner_of(game, centers)
    game.position = position
    tail: list[str] = []
    if winner is not None:
        game.status = "finished"
        game.next_event_at = None
        phase_begins(game)
        tail.append(GAME_OVER)
    else:
        game.phase = next_phase
        game.turn += 1
        phase_begins(game)
        away = set_phase_clock(game, settings, now, first=False)
        game.next_event_at = None
        tail.append(
            r.next_phase_lines(variant, game.name, next_phase, njudge_time(game.deadline, settings))
        )
        if away:
            tail.append("Requested absence(s) activated.")
    body = (
        report
        + "\n\n"
        + "\n".join(tail).rstrip("\n")
        + "\n"
        + postal_block(session, game, done_phase)
    )
    # The results carry the phase just played in their subject (a blind game: a copy each).
    deliver_results(mailer, game, record, report, body)
    session.add(
        HistoryEvent(
            game_id=game.id, at=now, kind="results", phase=done_phase,
            subject=f"{done_phase} Results", body=body,
        )
    )  # fmt: skip
    if winner is not None:
        letter = next(x.letter for x in variant.powers if x.name == winner)
        deliver(
            mailer, game, everyone(game), f"Victory: {letter}",
            f"Game '{game.name}' has been won by {winner}.  Congratulations!\n\n{GAME_OVER}\n",
        )  # fmt: skip
        ended(mailer, game, decided=True)
        return
    session.flush()
    advance = _settle_conditions(session, game)
    given, out = refresh(session, game)
    _tell_advance_orders(mailer, game, advance, given, out)


def phase_begins(game: Game) -> None:
    """A new phase: nobody waits and no draw or concession stands, except that under ANY
    DISBAND or build transformations every active player waits in an adjustment phase (the
    njudge's rule, manual 9.1): anyone may act, so the phase runs to its deadline unless
    all SET NOWAIT."""
    wait = game.status == "active" and every_winter(game) and (game.phase or "").endswith("B")
    for x in players(game):
        if x.status == "late":  # late for the phase just played, not for this one
            x.status = "active"
        x.wait = wait and bool(x.power) and x.status == "active"
        x.draw = None
        x.concede = None


def phase_report(game: Game, doc: dict[str, Any], out: dict[str, Any]) -> str:
    """The results of the game's current phase as the adjudicator found them: the one
    renderer of results, for the report and for a master's PREDICT."""
    kind = (game.phase or "M")[-1]
    variant = variant_of(game)
    if kind == "B":
        return r.adjustment_results(variant, game.name, game.turn, doc, out).rstrip("\n")
    render = r.movement_results if kind == "M" else r.retreat_results
    # The game's own victory count (SET CENTERS) decides the (* VICTORY!! *) tag, and the
    # players' standing the (* CD *) and (* ABANDONED *) ones.
    centers = out.get("centers") or (game.position or {}).get("centers", {})
    shown = {**out, "winner": winner_of(game, centers)}
    marks = {
        x.power: "CD" if x.status == "cd" else "ABANDONED"
        for x in players(game)
        if x.power and x.status in ("cd", "abandoned")
    }
    text = render(variant, game.name, game.turn, doc, shown, marks=marks).rstrip("\n")
    if "Ownership of supply centers:" in text:
        control = power_control(game)
        if control:
            text += "\n\n" + control
    return text


def power_control(game: Game) -> str:
    """Duplex games (SET PLAYERS): which powers each player controls, under the first of
    his powers; nothing when every player holds one power, or in a gunboat game."""
    if "gunboat" in (game.options or []):
        return ""
    held: dict[int, list[str]] = {}
    for x in players(game):
        if x.power:
            held.setdefault(x.user_id, []).append(x.power)
    if all(len(v) == 1 for v in held.values()):
        return ""
    order = [x.name for x in variant_of(game).powers]
    groups = sorted(
        (sorted(v, key=order.index) for v in held.values()), key=lambda v: order.index(v[0])
    )
    width = max(len(v[0]) for v in groups) + 2
    lines = ["Power Control:", ""]
    lines += [f"{(v[0] + ':').ljust(width)} {', '.join(v)}." for v in groups]
    return "\n".join(lines)


def _next_needed(
    variant: variants.Variant,
    code: str,
    position: dict[str, Any],
    where: str,
    every_winter: bool = False,
) -> str:
    """The adjudicator's next phase, or later while nobody has anything to do in it
    (`every_winter`: ANY DISBAND, where anyone with a unit may adjust)."""
    phase = Phase.parse(code, variant)
    for _ in range(len(variant.phases) + 1):
        if phase.letter == "R" and not any(d.get("retreats") for d in position["dislodged"]):
            position["dislodged"] = []
        elif phase.letter == "B" and not (
            (every_winter and any(position.get("units", {}).values()))
            or _adjustments_needed(variant, position, where)
        ):
            pass
        else:
            return str(phase)
        phase = phase.following(variant)
    return str(phase)


def _adjustments_needed(variant: variants.Variant, position: dict[str, Any], where: str) -> bool:
    return any(adjustment_due(variant, position, x.name, where) for x in variant.powers)


def winner_of(game: Game, centers: dict[str, list[str]]) -> str | None:
    """The power with the game's victory count of centres and more than any other."""
    target = int(game.settings.get("centers") or variant_of(game).victory)
    counts = sorted(((len(v), k) for k, v in centers.items()), reverse=True)
    if not counts or counts[0][0] < target:
        return None
    if len(counts) > 1 and counts[1][0] == counts[0][0]:
        return None
    return counts[0][1]


def _settle_conditions(session: Session, game: Game) -> set[str]:
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
            if not _condition_holds(row.condition, units_seen(game, row.power, units)):
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


def _tell_advance_orders(
    mailer: Mailer,
    game: Game,
    powers: set[str],
    given: dict[str, list[str]],
    out: dict[str, Any],
) -> None:
    """Each player whose orders came in advance is told how they now read."""
    variant = variant_of(game)
    for x in players(game):
        if x.power and x.power in powers:
            state = standing(game, x.power, given.get(x.power, []), out)
            listing = r.orders_listing(
                variant, game.name, game.turn, game.phase, x.power, out,
                build_at=build_at(game), seen=players_sight(game, x.power),
            )  # fmt: skip
            note = "Your orders given in advance for this phase now count:"
            if state.errors:
                note = "Your orders given in advance for this phase have errors:"
            deliver(mailer, game, [x], "Orders", f"{note}\n\n{listing.rstrip()}\n")

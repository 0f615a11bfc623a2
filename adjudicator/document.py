"""One phase as a JSON-shaped document in and out (shared/phase-format.md).

`adjudicate(doc)` reads and checks the document, hands the orders to the resolver for the
phase's kind, and writes the board that follows. Bad input raises ValueError with a message
that says what and where; an order that is wrong is not bad input, it is reported illegal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import parser as syntax
import variants
from variants import Variant

from .adjustments import (
    AdjustCommand,
    build_sites,
    check_adjustment,
    choose,
    civil_disorder,
)
from .board import Unit
from .geography import Geography, geography
from .legality import CONVOY, MOVE, Board, Command, Illegal, check_movement
from .movement import Resolver
from .options import Options
from .phase import Phase
from .retreats import Dislodged, check_retreat, resolve_retreats, retreat_options


@dataclass
class Game:
    """The input document, checked and in the judge's terms."""

    variant: Variant
    phase: Phase
    options: Options
    units: list[Unit]
    centers: dict[str, str]  # centre -> owner
    dislodged: list[Dislodged]
    orders: list[tuple[str, str]]  # (power, text) in the order given
    contested: set[str] = field(default_factory=set)

    @property
    def geo(self) -> Geography:
        return geography(self.variant, self.options.duality)


def adjudicate(doc: Mapping[str, Any]) -> dict[str, Any]:
    """Adjudicate one phase; see shared/phase-format.md for both documents."""
    game = read_document(doc)
    kind = game.phase.kind
    if kind == "movement":
        return _movement(game)
    if kind == "retreat":
        return _retreat(game)
    return _adjustment(game)


# -- reading the input -------------------------------------------------------------------


def read_document(doc: Mapping[str, Any]) -> Game:
    if not isinstance(doc, Mapping):
        raise ValueError("the document must be a JSON object")
    unknown = set(doc) - {
        "variant", "phase", "units", "centers", "dislodged", "orders", "options", "contested",
    }
    if unknown:
        raise ValueError(f"unknown key '{sorted(unknown)[0]}' in the document")
    name = doc.get("variant", "standard")
    if not isinstance(name, str):
        raise ValueError("'variant' must be a string")
    try:
        variant = variants.load(name)
    except KeyError:
        known = ", ".join(variants.available())
        raise ValueError(f"unknown variant '{name}' (known: {known})") from None
    if "phase" not in doc:
        raise ValueError("'phase' is missing")
    phase = Phase.parse(str(doc["phase"]), variant)
    options = Options.from_mapping(doc.get("options"))
    units = _read_units(variant, doc.get("units", {}), "units")
    taken: dict[str, Unit] = {}
    for unit in units:
        if unit.province in taken:
            raise ValueError(f"units: two units in {unit.province} ({taken[unit.province]}, {unit})")
        taken[unit.province] = unit
    centers = _read_centers(variant, doc.get("centers"))
    dislodged: list[Dislodged] = []
    contested: set[str] = set()
    if phase.kind == "retreat":
        contested = {_province(variant, p, "contested") for p in _list(doc.get("contested", []), "contested")}
        dislodged = _read_dislodged(variant, doc.get("dislodged", []), taken, contested)
    elif doc.get("dislodged"):
        raise ValueError("'dislodged' belongs to a retreat phase only")
    orders = _read_orders(variant, doc.get("orders", {}))
    return Game(variant, phase, options, units, centers, dislodged, orders, contested)


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{where}: expected a list")
    return value


def _power(variant: Variant, name: Any, where: str) -> str:
    if not isinstance(name, str):
        raise ValueError(f"{where}: a power name must be a string")
    try:
        return variant.power(name).name
    except KeyError:
        powers = ", ".join(p.name for p in variant.powers)
        raise ValueError(f"{where}: unknown power '{name}' (the powers are {powers})") from None


def _province(variant: Variant, name: Any, where: str) -> str:
    try:
        return variant.province(str(name)).abbr
    except KeyError:
        raise ValueError(f"{where}: unknown province '{name}'") from None


def _unit(variant: Variant, power: str, text: Any, where: str) -> Unit:
    if not isinstance(text, str) or " " not in text.strip():
        raise ValueError(f"{where}: a unit is written like \"A lvp\" or \"F stp/sc\", not {text!r}")
    kind, place = text.strip().split(None, 1)
    kind = kind.upper()
    if kind not in variant.unit_types:
        raise ValueError(f"{where}: unknown unit type '{kind}' in '{text}'")
    try:
        location = variant.location(place)
    except KeyError:
        raise ValueError(f"{where}: unknown province or coast '{place}' in '{text}'") from None
    province = variant.provinces[location.split("/")[0]]
    if kind == "A" and province.is_sea:
        raise ValueError(f"{where}: an army cannot be in the sea {province.abbr} ('{text}')")
    if kind == "A" and "/" in location:
        location = province.abbr
    if kind == "F":
        if province.kind.value == "land":
            raise ValueError(f"{where}: a fleet cannot be in the inland {province.abbr} ('{text}')")
        if province.coasts and "/" not in location:
            raise ValueError(f"{where}: a fleet in {province.abbr} must name its coast ('{text}')")
    if province.impassable:
        raise ValueError(f"{where}: no unit can be in {province.abbr}")
    return Unit(power, kind, location)


def _read_units(variant: Variant, raw: Any, where: str) -> list[Unit]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"'{where}' must be an object of power: [units]")
    out = []
    for name, units in raw.items():
        power = _power(variant, name, where)
        for text in _list(units, f"{where}: {name}"):
            out.append(_unit(variant, power, text, f"{where}: {name}"))
    return out


def _read_centers(variant: Variant, raw: Any) -> dict[str, str]:
    if raw is None:
        return dict(variant.ownership)
    if not isinstance(raw, Mapping):
        raise ValueError("'centers' must be an object of power: [centres]")
    out: dict[str, str] = {}
    for name, centers in raw.items():
        power = _power(variant, name, "centers")
        for c in _list(centers, f"centers: {name}"):
            abbr = _province(variant, c, f"centers: {name}")
            if not variant.provinces[abbr].center:
                raise ValueError(f"centers: {name}: '{c}' is not a supply center")
            if abbr in out:
                raise ValueError(f"centers: '{c}' is owned by both {out[abbr]} and {power}")
            out[abbr] = power
    return out


def _read_dislodged(
    variant: Variant, raw: Any, board: dict[str, Unit], contested: set[str]
) -> list[Dislodged]:
    out = []
    for i, entry in enumerate(_list(raw, "dislodged")):
        where = f"dislodged[{i}]"
        if not isinstance(entry, Mapping):
            raise ValueError(f"{where}: expected an object")
        power = _power(variant, entry.get("power"), where)
        unit = _unit(variant, power, entry.get("unit"), where)
        if "retreats" in entry:
            retreats = []
            for loc in _list(entry["retreats"], f"{where}.retreats"):
                try:
                    retreats.append(variant.location(str(loc)))
                except KeyError:
                    raise ValueError(f"{where}.retreats: unknown place '{loc}'") from None
            attacker = entry.get("attacker_from")
            out.append(Dislodged(unit, tuple(retreats), attacker))
        elif "attacker_from" in entry:
            attacker = _province(variant, entry["attacker_from"], f"{where}.attacker_from")
            options = retreat_options(variant, unit, set(board), contested, attacker)
            out.append(Dislodged(unit, options, attacker))
        else:
            raise ValueError(f"{where}: give 'retreats' or 'attacker_from'")
    return out


def _read_orders(variant: Variant, raw: Any) -> list[tuple[str, str]]:
    if not isinstance(raw, Mapping):
        raise ValueError("'orders' must be an object of power: [orders]")
    out = []
    for name, texts in raw.items():
        power = _power(variant, name, "orders")
        for text in _list(texts, f"orders: {name}"):
            if not isinstance(text, str):
                raise ValueError(f"orders: {name}: an order is a string, not {text!r}")
            out.append((power, text))
    return out


# -- writing the output ------------------------------------------------------------------


def _by_power(variant: Variant, units: list[Unit]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for power in variant.powers:
        mine = sorted(str(u) for u in units if u.power == power.name)
        if mine:
            out[power.name] = mine
    return out


def _centers_by_power(variant: Variant, centers: Mapping[str, str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for power in variant.powers:
        mine = sorted(c for c, owner in centers.items() if owner == power.name)
        if mine:
            out[power.name] = mine
    return out


def _line(power: str, text: str, order: str | None, ok: bool, reason: str | None,
          message: str | None = None) -> dict[str, Any]:
    line: dict[str, Any] = {
        "power": power,
        "text": text,
        "order": order,
        "result": "succeeds" if ok else ("illegal" if message is not None else "fails"),
        "reason": reason,
    }
    if message is not None:
        line["message"] = message
    return line


def _illegal(power: str, text: str, order: str | None, problem: Illegal) -> dict[str, Any]:
    return _line(power, text, order, False, problem.code, problem.message)


def _parse(game: Game, text: str) -> syntax.Order | Illegal:
    parser = syntax.OrderParser.for_names(game.variant.names)
    try:
        return parser.parse(text, game.phase.kind)  # type: ignore[arg-type]
    except syntax.OrderSyntaxError as exc:
        return Illegal("syntax", exc.message)


def _finish(game: Game, units: list[Unit], centers: dict[str, str], after: Phase,
            body: dict[str, Any]) -> dict[str, Any]:
    """Centre ownership, the next phase that is needed, adjustments and the winner."""
    variant = game.variant
    nxt = after
    if nxt.letter == "B" and not _adjustments_needed(variant, units, centers):
        nxt = nxt.following(variant)
    body["next_phase"] = str(nxt)
    body["units"] = _by_power(variant, units)
    body["centers"] = _centers_by_power(variant, centers)
    if nxt.letter == "B":
        body["adjustments"] = _balances(variant, units, centers)
    body["winner"] = _winner(variant, centers)
    return body


def _balances(variant: Variant, units: list[Unit], centers: Mapping[str, str]) -> dict[str, int]:
    out = {}
    for power in variant.powers:
        n_units = sum(1 for u in units if u.power == power.name)
        n_centers = sum(1 for owner in centers.values() if owner == power.name)
        if n_units or n_centers:
            out[power.name] = n_centers - n_units
    return out


def _adjustments_needed(variant: Variant, units: list[Unit], centers: Mapping[str, str]) -> bool:
    """Skip the adjustments when nobody must remove and nobody can build (njudge)."""
    occupied = {u.province for u in units}
    for power, balance in _balances(variant, units, centers).items():
        if balance < 0:
            return True
        if balance > 0 and build_sites(variant, power, centers, occupied):
            return True
    return False


def _winner(variant: Variant, centers: Mapping[str, str]) -> str | None:
    counts: dict[str, int] = {}
    for owner in centers.values():
        counts[owner] = counts.get(owner, 0) + 1
    if not counts:
        return None
    best = max(counts.values())
    leaders = [p for p, c in counts.items() if c == best]
    if best >= variant.victory and len(leaders) == 1:
        return leaders[0]
    return None


def _take_centers(game: Game, units: list[Unit], centers: dict[str, str]) -> dict[str, str]:
    """At the end of the centre season every centre belongs to whoever stands on it."""
    out = dict(centers)
    for unit in units:
        if game.variant.provinces[unit.province].center:
            out[unit.province] = unit.power
    return out


# -- movement ----------------------------------------------------------------------------


def _movement(game: Game) -> dict[str, Any]:
    variant, geo, options = game.variant, game.geo, game.options
    board = Board(variant, geo, game.units)
    lines: list[dict[str, Any] | None] = []
    chosen: dict[str, tuple[int, Command]] = {}  # province -> (line index, command)
    for power, text in game.orders:
        parsed = _parse(game, text)
        if isinstance(parsed, Illegal):
            lines.append(_illegal(power, text, None, parsed))
            continue
        checked = check_movement(board, power, parsed)
        if isinstance(checked, Illegal):
            lines.append(_illegal(power, text, _render(parsed), checked))
            continue
        province = checked.unit.province
        if province in chosen:
            earlier, _ = chosen[province]
            lines[earlier] = _illegal(
                power, lines[earlier]["text"], lines[earlier]["order"],  # type: ignore[index]
                Illegal("replaced", "A later order for the same unit replaces this one."),
            )
        chosen[province] = (len(lines), checked)
        lines.append({"power": power, "text": text, "order": str(checked)})
    # One command per unit, in a fixed order, so the result never depends on the input order.
    commands: list[Command] = []
    line_of: list[int | None] = []
    for unit in sorted(game.units, key=lambda u: u.province):
        entry = chosen.get(unit.province)
        if entry:
            line_of.append(entry[0])
            commands.append(entry[1])
        else:
            line_of.append(None)
            commands.append(Command(0, unit))
    resolver = Resolver(commands, options.paradox)
    _convoy_intent(resolver, commands, geo, options.convoy_via)
    resolver.match_convoys()
    resolver.run(geo.sea_shores, geo.sea_links)
    outcomes = resolver.outcomes()

    moved: list[Unit] = []
    dislodged_units: list[tuple[int, Unit]] = []
    for i, (command, outcome) in enumerate(zip(commands, outcomes, strict=True)):
        unit = command.unit
        if command.kind == MOVE and outcome.succeeded:
            moved.append(Unit(unit.power, unit.type, command.dest_loc))  # type: ignore[arg-type]
        elif outcome.dislodged_by is not None:
            dislodged_units.append((i, unit))
        else:
            moved.append(unit)
        index = line_of[i]
        if index is None:
            lines.append(_line(unit.power, "", f"{unit} H", outcome.succeeded, "no order"))
        else:
            line = lines[index]
            assert line is not None
            line["result"] = "succeeds" if outcome.succeeded else "fails"
            line["reason"] = outcome.reason
    occupied = {u.province for u in moved}
    standoffs = resolver.standoffs(occupied)
    dislodged_out = []
    any_retreat = False
    for i, unit in dislodged_units:
        by = outcomes[i].dislodged_by
        assert by is not None
        attacker = commands[by]
        options_ = retreat_options(
            variant, unit, occupied, standoffs, attacker.unit.province, resolver.via_sea[by]
        )
        any_retreat = any_retreat or bool(options_)
        dislodged_out.append(
            {
                "power": unit.power,
                "unit": str(unit),
                "attacker_from": attacker.unit.province,
                "retreats": list(options_),
            }
        )
    body: dict[str, Any] = {"phase": str(game.phase), "orders": lines}
    nxt = game.phase.following(variant)
    if not (nxt.letter == "R" and any_retreat):
        while nxt.letter == "R":
            nxt = nxt.following(variant)
    centers = dict(game.centers)
    if game.phase.in_center_season(variant) and nxt.letter != "R":
        centers = _take_centers(game, moved, centers)
    body = _finish(game, moved, centers, nxt, body)
    body["dislodged"] = dislodged_out
    body["contested"] = sorted(standoffs)
    return _order_keys(body)


def _convoy_intent(resolver: Resolver, commands: list[Command], geo: Geography, rule: str) -> None:
    """Which army moves go by sea: those that must, those that say so, and, under the 2023
    rules, those whose own power ordered a legal convoy for them (DATC 4.A.3, 6.G)."""
    wanted: set[tuple[str, str | None]] = set()
    if rule == "2023":
        for c in commands:
            if c.kind == CONVOY and c.target is not None and c.target.power == c.unit.power:
                wanted.add((c.target.province, c.dest))
    for i, c in enumerate(commands):
        if c.kind != MOVE or c.unit.type != "A":
            continue
        walks = c.dest in geo.army_reach.get(c.unit.province, ())
        if c.via_convoy or not walks or (c.unit.province, c.dest) in wanted:
            resolver.set_convoy_intent(i)


def _order_keys(body: dict[str, Any]) -> dict[str, Any]:
    keys = ["phase", "next_phase", "orders", "units", "dislodged", "contested", "centers",
            "adjustments", "winner"]
    return {k: body[k] for k in keys if k in body}


# -- retreats ----------------------------------------------------------------------------


def _retreat(game: Game) -> dict[str, Any]:
    variant = game.variant
    board = {u.province: u for u in game.units}
    dislodged = {d.unit.province: d for d in game.dislodged}
    lines: list[dict[str, Any]] = []
    chosen: dict[str, tuple[int, Any]] = {}
    for power, text in game.orders:
        parsed = _parse(game, text)
        if isinstance(parsed, Illegal):
            lines.append(_illegal(power, text, None, parsed))
            continue
        checked = check_retreat(variant, board, dislodged, power, parsed)
        if isinstance(checked, Illegal):
            lines.append(_illegal(power, text, _render(parsed), checked))
            continue
        province = checked.unit.province
        if province in chosen:
            earlier, _ = chosen[province]
            old = lines[earlier]
            lines[earlier] = _illegal(
                old["power"], old["text"], old["order"],
                Illegal("replaced", "A later order for the same unit replaces this one."),
            )
        chosen[province] = (len(lines), checked)
        lines.append({"power": power, "text": text, "order": str(checked)})
    results = resolve_retreats([c for _, c in chosen.values()])
    units = list(game.units)
    for province, entry in dislodged.items():
        if province in chosen:
            index, command = chosen[province]
            ok = results[command.unit]
            lines[index]["result"] = "succeeds" if ok else "fails"
            lines[index]["reason"] = None if ok else "bounce"
            if ok and command.destination is not None:
                unit = command.unit
                units.append(Unit(unit.power, unit.type, command.destination))
        else:
            unit = entry.unit
            lines.append(_line(unit.power, "", f"{unit} D", True, "no order"))
    body: dict[str, Any] = {"phase": str(game.phase), "orders": lines}
    centers = dict(game.centers)
    if game.phase.in_center_season(variant):
        centers = _take_centers(game, units, centers)
    return _order_keys(_finish(game, units, centers, game.phase.following(variant), body))


# -- adjustments -------------------------------------------------------------------------


def _adjustment(game: Game) -> dict[str, Any]:
    variant, geo, options = game.variant, game.geo, game.options
    at = {u.province: u for u in game.units}
    balances = {
        p.name: sum(1 for o in game.centers.values() if o == p.name)
        - sum(1 for u in game.units if u.power == p.name)
        for p in variant.powers
    }
    lines: list[dict[str, Any]] = []
    legal: dict[str, list[tuple[int, AdjustCommand]]] = {}
    for power, text in game.orders:
        parsed = _parse(game, text)
        if isinstance(parsed, Illegal):
            lines.append(_illegal(power, text, None, parsed))
            continue
        checked = check_adjustment(variant, geo, at, game.centers, power, balances[power], parsed)
        if isinstance(checked, Illegal):
            lines.append(_illegal(power, text, _render(parsed), checked))
            continue
        legal.setdefault(power, []).append((len(lines), checked))
        lines.append({"power": power, "text": text, "order": str(checked)})
    units = list(game.units)
    removed: set[Unit] = set()
    built: list[Unit] = []
    for power in (p.name for p in variant.powers):
        balance = balances[power]
        commands = legal.get(power, [])
        kept, failed = choose(commands, abs(balance), options.excess_adjustments)
        for index, command in commands:
            line = lines[index]
            if index in kept:
                line["result"], line["reason"] = "succeeds", None
                if command.kind == "build":
                    built.append(command.unit)  # type: ignore[arg-type]
                elif command.kind == "remove":
                    removed.add(command.unit)  # type: ignore[arg-type]
            else:
                line["result"], line["reason"] = "fails", failed[index]
        if balance < 0:
            missing = -balance - sum(1 for i, c in commands if i in kept)
            left = [u for u in units if u.power == power and u not in removed]
            owned = [c for c, o in game.centers.items() if o == power]
            for unit in civil_disorder(variant, geo, left, owned, missing, options.civil_disorder):
                removed.add(unit)
                lines.append(_line(power, "", f"{unit} D", True, "civil disorder"))
    after = [u for u in units if u not in removed] + built
    body: dict[str, Any] = {"phase": str(game.phase), "orders": lines}
    return _order_keys(_finish(game, after, dict(game.centers), game.phase.following(variant), body))


# -- notation ----------------------------------------------------------------------------


def _render(order: syntax.Order) -> str:
    """An order as read, in the normal notation, even when it is impossible."""
    if isinstance(order, syntax.Waive):
        return "WAIVE"
    unit = str(order.unit)
    if isinstance(order, syntax.Hold):
        return f"{unit} H"
    if isinstance(order, syntax.Move):
        path = "".join(f" - {sea}" for sea in order.route)
        via = " via convoy" if order.via_convoy and not order.route else ""
        return f"{unit}{path} - {order.destination}{via}"
    if isinstance(order, syntax.SupportHold):
        return f"{unit} S {order.supported}"
    if isinstance(order, syntax.SupportMove):
        return f"{unit} S {order.supported} - {order.destination}"
    if isinstance(order, syntax.Convoy):
        return f"{unit} C {order.convoyed} - {order.destination}"
    if isinstance(order, syntax.Retreat):
        return f"{unit} R {order.destination}"
    if isinstance(order, syntax.Build):
        return f"{unit} B"
    if isinstance(order, syntax.Remove | syntax.Disband):
        return f"{unit} D"
    return unit

"""The board as the thinking strategies (loeb; dumbbot and blabbot for convoys) see it:
which provinces touch, who could reach what this turn, and the legal orders of one power's
units, split into moves, supports and convoys (robots/convoys.py).

Every order these strategies give is taken from adjudicator/possible.py's list, so a
strategy cannot give an order the adjudicator refuses, on any variant.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache

from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.options import Options
from variants import Variant, province_of

from .convoys import Convoy, convoy_routes
from .strategy import movement_table


@cache
def neighbours(variant: Variant) -> dict[str, frozenset[str]]:
    """Province -> the provinces any unit could move to from it (army, fleet or wing)."""
    out: dict[str, set[str]] = {p: set() for p in variant.provinces}
    for moves in (variant.army_moves, variant.wing_moves):
        for frm, tos in moves.items():
            out.setdefault(frm, set()).update(tos)
    for frm, tos in variant.fleet_moves.items():
        out.setdefault(province_of(frm), set()).update(province_of(t) for t in tos)
    return {p: frozenset(q for q in qs if q != p) for p, qs in out.items()}


def unit_reach(variant: Variant, unit: Unit) -> frozenset[str]:
    """The provinces a unit could move to this turn without a convoy."""
    if unit.type == "F":
        return frozenset(province_of(t) for t in variant.fleet_moves.get(unit.location, ()))
    if unit.type == "A":
        return frozenset(variant.army_moves.get(unit.province, ()))
    return frozenset(variant.wing_moves.get(unit.province, ()))


def presence(position: Position) -> dict[str, Counter[str]]:
    """Province -> how many units of each power stand in it or could move into it."""
    variant = position.variant
    out: dict[str, Counter[str]] = {}
    for unit in position.units:
        for province in (unit.province, *unit_reach(variant, unit)):
            out.setdefault(province, Counter())[unit.power] += 1
    return out


@dataclass
class Choices:
    """One power's legal movement orders, by kind."""

    # unit -> province it may move to -> the order text (one coast chosen when there are two)
    moves: dict[Unit, dict[str, str]]
    # (supporter, supported unit, province it moves to or None for a hold) -> order text
    supports: dict[tuple[Unit, Unit, str | None], str]
    # army -> province it could reach only by sea -> the move and its fleets' convoy orders
    convoys: dict[Unit, dict[str, Convoy]]


def options(position: Position, power: str, rules: Options) -> Choices:
    """The power's units' moves, supports of each other and convoys by its own fleets, from
    possible.py's list for the power's units alone (under the game's rule options): what is
    possible among them stays possible with the other units on the board (a convoy route
    only gains fleets), and the list is a seventh of the work of everybody's."""
    mine_only = [u for u in position.units if u.power == power]
    table = movement_table(position, mine_only, rules)
    by_name = {str(u): u for u in mine_only}
    moves: dict[Unit, dict[str, str]] = {}
    supports: dict[tuple[Unit, Unit, str | None], str] = {}
    for unit in mine_only:
        reach = unit_reach(position.variant, unit)
        mine: dict[str, str] = {}
        for text in table[unit]:
            words = text.split()
            if words[2] == "-":
                province = province_of(words[3])
                if province in reach and province not in mine:
                    mine[province] = text
            elif words[2] == "S":
                other = by_name[f"{words[3]} {words[4]}"]
                target = province_of(words[6]) if len(words) > 5 else None
                supports[(unit, other, target)] = text
        moves[unit] = mine
    return Choices(moves, supports, convoy_routes(position, mine_only, table, rules))

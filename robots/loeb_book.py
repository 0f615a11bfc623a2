"""Loeb's book openings: "As a direct function of the trustworthiness list, the program
chooses among a set of BOOK openings in Spring 1901 ... the English openings leading to
convoys are avoided since the program doesn't know how to convoy" (EP 191, 1990).

Each power of the Standard map has a few well-known openings, each aimed at some of its
neighbours; the program takes the one aimed at the powers lowest on its list (the first
listed where two are aimed as low). Any other map or phase has no book: the program
thinks from the first move on.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Opening:
    name: str
    against: frozenset[str]
    orders: tuple[str, ...]


def _book(*rows: tuple[str, str, str]) -> tuple[Opening, ...]:
    return tuple(
        Opening(name, frozenset(against.split()), tuple(o.strip() for o in orders.split(";")))
        for name, against, orders in rows
    )


BOOK: dict[str, tuple[Opening, ...]] = {
    "Austria": _book(
        ("Southern Hungarian", "Turkey", "A vie - bud; A bud - ser; F tri - alb"),
        ("Galician", "Russia", "A vie - gal; A bud - ser; F tri - alb"),
        ("Tyrolean Attack", "Italy", "A vie - tyr; A bud - ser; F tri - ven"),
    ),
    "England": _book(  # none sends the army to Yorkshire or Wales to be convoyed
        ("Northern", "Russia Germany", "F lon - nth; F edi - nwg; A lvp - edi"),
        ("Channel", "France", "F lon - eng; F edi - nth; A lvp - edi"),
    ),
    "France": _book(
        ("Maritime", "Germany", "F bre - mao; A par - bur; A mar - spa"),
        ("Channel", "England", "F bre - eng; A par - pic; A mar - spa"),
        ("Piedmont", "Italy", "F bre - mao; A par - bur; A mar - pie"),
    ),
    "Germany": _book(
        ("Danish", "England", "F kie - den; A mun - ruh; A ber - kie"),
        ("Burgundy", "France", "F kie - hol; A mun - bur; A ber - kie"),
        ("Anschluss", "Austria Italy", "F kie - den; A mun - tyr; A ber - kie"),
        ("Prussian", "Russia", "F kie - den; A mun - sil; A ber - pru"),
    ),
    "Italy": _book(
        ("Lepanto", "Turkey", "F nap - ion; A rom - apu; A ven H"),
        ("Alpine", "Austria Germany", "F nap - ion; A rom - ven; A ven - tyr"),
        ("Trieste", "Austria", "F nap - ion; A rom - ven; A ven - tri"),
        ("Western", "France", "F nap - tys; A rom - tus; A ven - pie"),
    ),
    "Russia": _book(
        ("Southern", "Turkey Austria", "F sev - bla; A mos - ukr; A war - gal; F stp/sc - bot"),
        ("Rumanian", "Austria", "F sev - rum; A mos - ukr; A war - gal; F stp/sc - bot"),
        ("Turkish Attack", "Turkey", "F sev - bla; A mos - sev; A war - ukr; F stp/sc - bot"),
        ("Northern", "Germany England", "F sev - bla; A mos - stp; A war - pru; F stp/sc - bot"),
    ),
    "Turkey": _book(
        ("Russian Attack", "Russia", "F ank - bla; A con - bul; A smy - arm"),
        ("Balkan", "Austria Italy", "F ank - con; A con - bul; A smy H"),
    ),
}


def opening(power: str, trust: Sequence[str], units: Collection[str]) -> Opening | None:
    """The book opening for `power` whose units are `units` ("A vie", ...), chosen by the
    trustworthiness list `trust` (most trusted first): the one aimed, on average, lowest.
    None when the book has none for those units."""
    fitting = [
        o
        for o in BOOK.get(power, ())
        if sorted(" ".join(x.split()[:2]) for x in o.orders) == sorted(units)
    ]
    if not fitting:
        return None
    rank = {p: i for i, p in enumerate(trust)}

    def aim(o: Opening) -> float:
        return sum(rank.get(p, 0) for p in o.against) / len(o.against)

    return max(fitting, key=lambda o: (aim(o), -fitting.index(o)))

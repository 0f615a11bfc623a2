"""The adjudicator's own notation is read by a short cut (parser/canonical.py): on every
map, each order a random game gives must read exactly as the parser's long way reads it."""

from __future__ import annotations

import pytest

import parser as syntax
import variants
from parser.orders import normalise
from tests.randomgames import play


@pytest.mark.parametrize(
    "name", [n for n in variants.available() if not variants.load(n).is_machiavelli]
)  # random games of Machiavelli come with its judge side (docs/machiavelli.md)
def test_the_short_cut_reads_as_the_parser(name: str) -> None:
    parser = syntax.OrderParser.for_names(variants.load(name).names)
    texts = [
        (turn.position.phase.kind, text)
        for turn in play(1, years=2, variant_name=name)
        for _, text in turn.orders
    ]
    short = 0
    for kind, text in texts:
        clean = normalise(text)
        quick = parser._canonical(clean, kind)
        if quick is not None:
            short += 1
            assert quick == parser._parse_words(clean, kind), (kind, text)
    assert short >= 0.9 * len(texts)  # the notation robots give takes the short cut


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("A par - bur", "adjustment"),  # no move in an adjustment phase: the long way says why
        ("A par B", "movement"),
        ("F spa/s - mao", "movement"),  # a coast by its letter
        ("A st petersburg - mos", "movement"),  # a name of two words
        ("A par - bur - mar", "movement"),
        ("F nth C A lon", "movement"),
        ("A lon - nwy via convoy", "movement"),
        ("army par - bur", "movement"),
    ],
)
def test_other_texts_go_the_long_way(text: str, kind: str) -> None:
    parser = syntax.OrderParser.for_names(variants.load("standard").names)
    assert parser._canonical(normalise(text), kind) is None

"""Machiavelli's orders (parser/machiavelli.lark; rules.machiavelli, "Order syntax"): the
besiege, lift siege and convert orders, garrisons (G), support of a conversion; `c` is
convert on a Machiavelli map and convoy elsewhere, `b` besiege in movement and build in
adjustments; every order reads back from its notation to the same value."""

from __future__ import annotations

import pytest

import parser as syntax
import variants
from parser.orders import OrderParser

MACH = OrderParser.for_names(variants.load("machiavelli").names, "machiavelli")
STANDARD = OrderParser.for_names(variants.load("standard").names)


def spec(text: str) -> syntax.UnitSpec:
    kind, _, place = text.partition(" ")
    province, _, coast = place.partition("/")
    return syntax.UnitSpec(kind or None, syntax.Location(province, coast or None))


@pytest.mark.parametrize(
    ("text", "kind", "order"),
    [
        ("A pad B", "movement", syntax.Besiege(spec("A pad"))),
        ("army padua besiege garrison", "movement", syntax.Besiege(spec("A pad"))),
        ("A pad beseige", "movement", syntax.Besiege(spec("A pad"))),
        ("A pad B G pad", "movement", syntax.Besiege(spec("A pad"), syntax.Location("pad"))),
        ("A pad lift siege", "movement", syntax.LiftSiege(spec("A pad"))),
        ("F tun LS", "movement", syntax.LiftSiege(spec("F tun"))),
        ("A gen C G", "movement", syntax.Convert(spec("A gen"), "G")),
        ("G gen convert to army", "movement", syntax.Convert(spec("G gen"), "A")),
        ("G cro C F/nc", "movement", syntax.Convert(spec("G cro"), "F", "nc")),
        ("G ven conversion", "movement", syntax.Convert(spec("G ven"))),
        ("A mon S G gen C A", "movement", syntax.SupportConvert(spec("A mon"), spec("G gen"), "A")),
        ("G gen S A mon - gen", "movement",
         syntax.SupportMove(spec("G gen"), spec("A mon"), syntax.Location("gen"))),
        ("F wgl T A gen - cor", "movement",
         syntax.Convoy(spec("F wgl"), spec("A gen"), syntax.Location("cor"))),
        ("F wgl C A gen - cor", "movement",  # `C` before a move can only be a convoy
         syntax.Convoy(spec("F wgl"), spec("A gen"), syntax.Location("cor"))),
        ("A gen C G", "retreat", syntax.Convert(spec("A gen"), "G")),
        ("B G ven", "adjustment", syntax.Build(spec("G ven"))),
        ("build garrison venice", "adjustment", syntax.Build(spec("G ven"))),
        ("remove G fer", "adjustment", syntax.Remove(spec("G fer"))),
    ],
)  # fmt: skip
def test_each_machiavelli_order_reads_to_its_value_and_back(text, kind, order):
    assert MACH.parse(text, kind) == order
    assert MACH.parse(syntax.order_text(order), kind) == order


def test_c_is_convert_on_a_machiavelli_map_and_convoy_elsewhere():
    assert isinstance(STANDARD.parse("F nth C A lon - nwy", "movement"), syntax.Convoy)
    with pytest.raises(syntax.OrderSyntaxError):
        MACH.parse("F wgl C A gen", "movement")  # a convoy names where the army goes
    with pytest.raises(syntax.OrderSyntaxError):
        STANDARD.parse("A par B", "movement")  # no siege on a map without cities
    with pytest.raises(syntax.OrderSyntaxError):
        MACH.parse("A pad build", "movement")  # `b` alone is besiege; `build` is not

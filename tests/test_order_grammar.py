"""The order grammar reads what players have typed to the njudge for thirty years."""

from __future__ import annotations

import pytest

import variants
from parser import (
    Adjust,
    Bare,
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    OrderParser,
    OrderSyntaxError,
    Remove,
    Retreat,
    SupportHold,
    SupportMove,
    Transform,
    UnitSpec,
    Waive,
)


@pytest.fixture(scope="module")
def parse():
    parser = OrderParser.for_names(variants.load("standard").names)
    return parser.parse


def unit(kind, province, coast=None):
    return UnitSpec(kind, Location(province, coast))


def loc(province, coast=None):
    return Location(province, coast)


@pytest.mark.parametrize(
    ("text", "order"),
    [
        # The manual's examples (section 6.1).
        ("A Ber -> Kie", Move(unit("A", "ber"), loc("kie"))),
        ("A Ser m Rum", Move(unit("A", "ser"), loc("rum"))),
        ("Lon-Nth", Move(unit(None, "lon"), loc("nth"))),
        ("F Kiel moves to Berlin", Move(unit("F", "kie"), loc("ber"))),
        ("Par H", Hold(unit(None, "par"))),
        ("F Rome Stands", Hold(unit("F", "rom"))),
        ("A MUN S F KIE-BER", SupportMove(unit("A", "mun"), unit("F", "kie"), loc("ber"))),
        ("A Brest supports Paris", SupportHold(unit("A", "bre"), unit(None, "par"))),
        ("F Sev S A Ser M Rum", SupportMove(unit("F", "sev"), unit("A", "ser"), loc("rum"))),
        # More synonyms.
        ("army paris move to burgundy", Move(unit("A", "par"), loc("bur"))),
        ("A Par => Bur", Move(unit("A", "par"), loc("bur"))),
        ("a par holds", Hold(unit("A", "par"))),
        (
            "fleet north sea convoys army london - norway",
            Convoy(unit("F", "nth"), unit("A", "lon"), loc("nwy")),
        ),
        ("F Nth t A Lon-Nwy", Convoy(unit("F", "nth"), unit("A", "lon"), loc("nwy"))),
        ("F Nth f A Lon-Nwy", Convoy(unit("F", "nth"), unit("A", "lon"), loc("nwy"))),
        ("F NTH C A LON - BEL", Convoy(unit("F", "nth"), unit("A", "lon"), loc("bel"))),
        # Convoy routes, njudge and rulebook style.
        ("A Lon-Nth-Nwy", Move(unit("A", "lon"), loc("nwy"), ("nth",), True)),
        ("A Bre-Mid-Wes-Lyo-Mar", Move(unit("A", "bre"), loc("mar"), ("mao", "wes", "lyo"), True)),
        ("A NWY - SWE VIA CONVOY", Move(unit("A", "nwy"), loc("swe"), (), True)),
        ("A Nwy-Swe via", Move(unit("A", "nwy"), loc("swe"), (), True)),
        # Coasts in every spelling.
        ("F GAS - SPA/NC", Move(unit("F", "gas"), loc("spa", "nc"))),
        ("F Gas-Spa(nc)", Move(unit("F", "gas"), loc("spa", "nc"))),
        ("F Gas - Spa (north coast)", Move(unit("F", "gas"), loc("spa", "nc"))),
        ("F Gas - Spa/north coast", Move(unit("F", "gas"), loc("spa", "nc"))),
        ("F Gas-Spa/n", Move(unit("F", "gas"), loc("spa", "nc"))),
        ("F St. Petersburg(sc) - Bot", Move(unit("F", "stp", "sc"), loc("bot"))),
        # Full names with spaces and hyphens, and the njudge's aliases.
        ("F Bre-Mid-Atlantic Ocean", Move(unit("F", "bre"), loc("mao"))),
        ("F English Channel - Bel", Move(unit("F", "eng"), loc("bel"))),
        ("F channel-bel", Move(unit("F", "eng"), loc("bel"))),
        ("A Yor - Nor.", Move(unit("A", "yor"), loc("nwy"))),
        ("F Gulf of Lyon - Tys", Move(unit("F", "lyo"), loc("tys"))),
        ("A Par d", Disband(unit("A", "par"))),
        ("A Par", Bare(unit("A", "par"))),
    ],
)
def test_movement_orders(parse, text, order):
    assert parse(text, "movement") == order


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("F Kiel m Den", Retreat(unit("F", "kie"), loc("den"))),
        ("A Rum-Bul", Retreat(unit("A", "rum"), loc("bul"))),
        ("Par -> Pic", Retreat(unit(None, "par"), loc("pic"))),
        ("F TRI R ALB", Retreat(unit("F", "tri"), loc("alb"))),
        ("F Tri retreats to Alb", Retreat(unit("F", "tri"), loc("alb"))),
        ("Mun disbands", Disband(unit(None, "mun"))),
        ("A Mun D", Disband(unit("A", "mun"))),
        ("A Mun S A Par", SupportHold(unit("A", "mun"), unit("A", "par"))),
    ],
)
def test_retreat_orders(parse, text, order):
    assert parse(text, "retreat") == order


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("build A Lon", Build(unit("A", "lon"))),
        ("F StP/sc", Adjust(unit("F", "stp", "sc"))),
        ("remove A Tun", Remove(unit("A", "tun"))),
        ("Tun", Adjust(unit(None, "tun"))),
        ("A KIE B", Build(unit("A", "kie"))),
        ("A PIC D", Remove(unit("A", "pic"))),
        ("disband F Nth", Remove(unit("F", "nth"))),
        ("waive", Waive()),
        ("W", Waive()),
    ],
)
def test_adjustment_orders(parse, text, order):
    assert parse(text, "adjustment") == order


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A Par-xyz", "Movement to unrecognized province -> xyz"),
        ("xyz-Par", "Unrecognized source province -> xyz-par"),
        ("A Burg-Par", "Unrecognized source province -> burg-par"),
        ("A Par-Bur please", "Invalid order syntax -> please"),
        ("F stpetersburg - bot", "Unrecognized source province -> stpetersburg - bot"),
        ("", "Empty order."),
    ],
)
def test_errors_say_where_the_order_went_wrong(parse, text, message):
    with pytest.raises(OrderSyntaxError) as info:
        parse(text, "movement")
    assert info.value.message == message


def test_a_bare_coast_is_read_too(parse):
    # The njudge wanted a slash or a parenthesis; we read the plain words as well.
    assert parse("F Gas - Spa nc", "movement") == Move(unit("F", "gas"), loc("spa", "nc"))
    assert parse("F Gas - Spa north coast", "movement") == Move(unit("F", "gas"), loc("spa", "nc"))
    assert parse("F Spa sc S F Mao", "movement") == SupportHold(
        unit("F", "spa", "sc"), unit("F", "mao")
    )
    with pytest.raises(OrderSyntaxError):
        parse("F Gas - Spa n", "movement")


@pytest.mark.parametrize(
    ("text", "phase", "order"),
    [
        ("A Par to Bur", "movement", Move(unit("A", "par"), loc("bur"))),
        ("F Kiel to Berlin", "movement", Move(unit("F", "kie"), loc("ber"))),
        ("A Lon to Nth to Nwy", "movement", Move(unit("A", "lon"), loc("nwy"), ("nth",), True)),
        ("A Nwy to Swe via convoy", "movement", Move(unit("A", "nwy"), loc("swe"), (), True)),
        (
            "A Mun S A Kie to Ber",
            "movement",
            SupportMove(unit("A", "mun"), unit("A", "kie"), loc("ber")),
        ),
        (
            "F Nth C A Lon to Nwy",
            "movement",
            Convoy(unit("F", "nth"), unit("A", "lon"), loc("nwy")),
        ),
        ("F Gas TO Spa/nc", "movement", Move(unit("F", "gas"), loc("spa", "nc"))),
        ("Par to Pic", "retreat", Retreat(unit(None, "par"), loc("pic"))),
        # The longer words that end in `to` are still what they were.
        ("F Kiel moves to Berlin", "movement", Move(unit("F", "kie"), loc("ber"))),
        ("F Tri retreat to Alb", "retreat", Retreat(unit("F", "tri"), loc("alb"))),
        ("F Brest transforms to Army", "movement", Transform(unit("F", "bre"), "A")),
        ("Spa trafo to F (sc)", "movement", Transform(unit(None, "spa"), "F", "sc")),
    ],
)
def test_to_is_a_move_word(parse, text, phase, order):
    assert parse(text, phase) == order


def test_to_does_not_take_the_place_of_a_province(parse):
    with pytest.raises(OrderSyntaxError) as info:
        parse("A Par to", "movement")
    assert info.value.message.startswith("Movement to unrecognized province")
    # `proxy to` is not a move: the judge reads proxy orders before the order grammar.
    with pytest.raises(OrderSyntaxError):
        parse("A Par proxy to Germany", "movement")


def test_leftover_text_is_split_off_as_another_order():
    parser = OrderParser.for_names(variants.load("standard").names)
    order, rest = parser.split_valid_prefix("A Par-Bur please", "movement")
    assert order == Move(unit("A", "par"), loc("bur"))
    assert rest == "please"
    assert parser.split_valid_prefix("A Par-Bur", "movement") is None


def test_the_parser_knows_only_the_names_it_is_given():
    parser = OrderParser({"alpha": "alp", "alp": "alp", "beta city": "bet", "bet": "bet"})
    assert parser.parse("A Beta City - alp", "movement") == Move(unit("A", "bet"), loc("alp"))
    with pytest.raises(OrderSyntaxError):
        parser.parse("A Par - Bur", "movement")


@pytest.mark.parametrize(
    ("text", "phase"),
    [
        ("A Lon-Nth-Nwy", "movement"),
        ("A nwy - swe via convoy", "movement"),
        ("F spa/nc - mao", "movement"),
        ("F Sev S A Ser M Rum", "movement"),
        ("F Mao S F Gas - Spa(nc)", "movement"),
        ("A Brest supports Paris", "movement"),
        ("F Nth C A Lon - Nwy", "movement"),
        ("Par H", "movement"),
        ("A Par", "movement"),
        ("F Kiel m Den", "retreat"),
        ("A Mun disband", "retreat"),
        ("build F StP/nc", "adjustment"),
        ("remove A Tun", "adjustment"),
        ("Tun", "adjustment"),
        ("waive", "adjustment"),
    ],
)
def test_orders_round_trip_through_their_notation(parse, text, phase):
    from parser import order_text

    order = parse(text, phase)
    assert parse(order_text(order), phase) == order

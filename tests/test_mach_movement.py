"""Machiavelli's movement rules, each from the rulebook's text (rules.machiavelli; the
njudge's ma_movement.c for the wording of refusals): garrisons in their cities, conversions
between unit types, Venice, coastal convoys and disbands on by default, through the
adjudicator's phase documents (tests/machkit.py)."""

from __future__ import annotations

import pytest

from tests.machkit import play


def test_a_garrison_and_an_army_share_a_province_and_an_attack_strikes_the_army():
    """ "Two units may reside in the same province if one is garrisoned in the city and the
    other is outside the city in the province proper" ("Movement")."""
    done = play(
        "S1454M",
        {"Milan": ["G gen", "A gen"], "France": ["A sav", "A mon"]},
        {"France": ["A sav - gen", "A mon S A sav - gen"]},
    )
    assert done.result("A sav - gen") == ("succeeds", None)
    assert done.units("Milan") == ["G gen"]  # the garrison stays in its city
    unordered = [(o["order"], o["reason"]) for o in done["orders"] if o["power"] == "Milan"]
    assert ("G gen H", "no order") in unordered
    assert done.retreats("A gen") == ["for", "mod", "pon"]


def test_a_garrison_only_holds_supports_into_its_province_or_converts():
    """ "The garrison thus created can only hold, support actions into its corresponding
    province or convert back to a fleet or army" ("Garrison units")."""
    done = play(
        "S1454M",
        {"Milan": ["G gen", "A mon"], "France": ["A gen"]},
        {"Milan": ["G gen - mod", "G gen S A mon - mod", "G gen S A mon - gen", "A mon - gen"]},
    )
    assert done.message("G gen - mod") == "Invalid order for garrison."
    assert done.message("G gen S A mon - mod") == (
        "The garrison in Genoa can't get to Modena to support."
    )
    assert done.result("A mon - gen") == ("succeeds", None)  # with the garrison's support
    assert done.retreats("A gen") is not None


def test_a_conversion_meeting_a_move_into_the_province_bounces():
    """ "If a garrison in, say, Genoa attempts to convert into an army at the same time as
    another army moves into Genoa (and neither one is supported), both will bounce and stay
    where they were" ("Conversion between unit types")."""
    done = play("S1454M", {"Milan": ["G gen"], "France": ["A sav"]},
                {"Milan": ["G gen C A"], "France": ["A sav - gen"]})  # fmt: skip
    assert done.result("G gen C A") == done.result("A sav - gen") == ("fails", "bounce")
    assert (done.units("Milan"), done.units("France")) == (["G gen"], ["A sav"])


def test_a_supported_conversion_dislodges_a_lesser_force_in_the_province():
    """A conversion succeeds "into a province occupied by a lesser force" (1d); a support
    of the garrison counts for its conversion, as the njudge counts it."""
    done = play(
        "S1454M",
        {"Milan": ["G gen", "A mon"], "France": ["A gen"]},
        {"Milan": ["G gen C A", "A mon S G gen C A"]},
    )
    assert done.result("G gen C A") == ("succeeds", None)
    assert done.units("Milan") == ["A gen", "A mon"]
    # It may not retreat into the city its attacker came out of.
    assert done.retreats("A gen") == ["for", "mod", "pon", "sav"]


def test_an_army_garrisons_an_empty_city_even_when_its_province_is_attacked():
    """The city is "a separate space on the map": the army leaves the province for the
    city, and the attacker takes the province (the njudge's resolution)."""
    done = play("S1454M", {"Milan": ["A gen"], "France": ["A sav"]},
                {"Milan": ["A gen C G"], "France": ["A sav - gen"]})  # fmt: skip
    assert done.result("A gen C G") == done.result("A sav - gen") == ("succeeds", None)
    assert (done.units("Milan"), done.units("France")) == (["G gen"], ["A gen"])


def test_a_garrisoned_city_cannot_be_entered_and_units_cannot_trade_places():
    """Converting into a garrisoned city needs a siege; "a garrison and an army or fleet
    in the same province cannot trade places. E.g. G PISA C A at the same time as F PISA
    C G is not allowed" ("Movement")."""
    done = play(
        "S1454M", {"Florence": ["G psa", "F psa"]}, {"Florence": ["G psa C A", "F psa C G"]}
    )
    assert done.result("F psa C G") == ("fails", "siege required")
    assert done.result("G psa C A") == ("fails", "bounce")
    assert done.units("Florence") == ["F psa", "G psa"]


@pytest.mark.parametrize(
    ("units", "order", "message"),
    [
        (["G gen"], "G gen C", "Conversion must specify army or fleet in port."),
        (["A mil"], "A mil C F", "Fleets and armies can only convert to garrisons."),
        (["G mil"], "G mil C G", "The garrison in Milan already is a garrison."),
        (["A com"], "A com C G", "No fortress or fortified city in Como."),
        (["G mil"], "G mil C F", "Milan is not a port.  Can only convert to an army."),
        (["F cor"], "F cor C G", "No fortress or fortified city in Corsica."),
        (["A aqu"], "A aqu C G", "No fortress or fortified city in Aquila."),  # no FORTRESSES
    ],
)
def test_conversions_need_walls_and_a_port_for_fleets(units, order, message):
    """ "Fleets can only convert to garrison and vice versa in port cities ... The army or
    fleet can, however, not convert directly into a fleet or army in one season."""
    done = play("S1454M", {"Milan": units}, {"Milan": [order]})
    assert done.result(order)[0] == "illegal" and done.message(order) == message


def test_fortresses_hold_garrisons_when_the_game_uses_them():
    """ "Fortresses are optional fortified areas ... In all other respects fortresses are
    treated as ordinary fortified cities" (SET FORTRESSES; on by default in mach_eos)."""
    done = play(
        "S1454M", {"Naples": ["A aqu"]}, {"Naples": ["A aqu C G"]}, options={"fortresses": True}
    )
    assert done.units("Naples") == ["G aqu"]
    eos = play("S1385M", {"Naples": ["A aqu"]}, {"Naples": ["A aqu C G"]}, variant="mach_eos")
    assert eos.units("Naples") == ["G aqu"]


def test_venice_is_one_space_where_a_conversion_holds_against_an_equal_attack():
    """Venice d): "If the attack is of equal or lesser strength, the conversion will
    succeed and the attacker will bounce"; e): a garrison's conversion "will bounce if
    Venice is attacked. This is regardless of strengths"."""
    done = play("S1454M", {"Venice": ["A ven"], "Austria": ["F lag"]},
                {"Venice": ["A ven C G"], "Austria": ["F lag - ven"]})  # fmt: skip
    assert done.result("A ven C G") == ("succeeds", None)
    assert done.result("F lag - ven") == ("fails", "bounce")
    assert done.units("Venice") == ["G ven"]
    held = play("S1454M", {"Venice": ["G ven"], "Austria": ["F lag"]},
                {"Venice": ["G ven C F"], "Austria": ["F lag - ven"]})  # fmt: skip
    assert held.result("G ven C F") == ("fails", "bounce")
    assert held.units("Venice") == ["G ven"]


def test_a_unit_converting_in_venice_against_a_greater_attack_is_destroyed():
    """Venice d): "An army or fleet unit in Venice that is attacked by a unit of greater
    strength will be eliminated even if the unit attempted to convert to garrison"
    (Machiavelli 2's Venice, where fleets reach it from three waters)."""
    done = play(
        "S1454M",
        {"Venice": ["A ven"], "Austria": ["F uas", "F fri"]},
        {"Venice": ["A ven C G"], "Austria": ["F uas - ven", "F fri S F uas - ven"]},
        variant="machiavelli2",
    )
    assert done.result("A ven C G") == ("fails", "dislodged")
    assert done.retreats("A ven") == [] and done["next_phase"] == "U1454M"


def test_coastal_convoys_and_disbands_are_on_in_the_first_edition_only():
    """Manual 9.1: coastal convoys and movement disbands are on by default for
    Machiavelli, off for Machiavelli 2."""
    units = {"Milan": ["A gen", "F sav", "A mil"]}
    orders = {"Milan": ["A gen - sav - pro", "F sav T A gen - pro", "A mil D"]}
    first = play("S1454M", units, orders)
    assert first.units("Milan") == ["A pro", "F sav"]
    second = play("S1454M", units, orders, options={"mach2": True})
    assert second.message("F sav T A gen - pro") == "The fleet in Savoy can't convoy anything."
    assert second.message("A mil D") == (
        "This game does not allow disband orders in movement phases."
    )
    assert play("S1454M", units, orders, options={"coastal_convoys": False}).units("Milan") == [
        "A gen", "F sav",
    ]  # fmt: skip


def test_no_garrisons_means_no_conversion_into_a_city():
    """SET NO GARRISONS: "You may not use, build or convert to these"."""
    done = play(
        "S1454M", {"Milan": ["A gen"]}, {"Milan": ["A gen C G"]}, options={"garrisons": False}
    )
    assert done.message("A gen C G") == "This game does not use garrisons."

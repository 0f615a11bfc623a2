"""Machiavelli's year, retreats, control and adjustments without money, each from the
rulebook (rules.machiavelli: "Game year", "Retreats", "Control of provinces and cities",
"Player elimination", "Victory", "Military unit adjustments"; the njudge's ma_porder.c,
ma_retreat.c and ma_build_basic.c for what its text leaves open and for the wording)."""

from __future__ import annotations

import pytest

import variants
from tests.machkit import play


def _start(name: str = "machiavelli") -> dict[str, list[str]]:
    units: dict[str, list[str]] = {}
    for unit in variants.load(name).units:
        units.setdefault(unit.power, []).append(f"{unit.type} {unit.location}")
    return units


def _cities(name: str = "machiavelli", **moved: str) -> dict[str, list[str]]:
    """The variant's cities at the start by owner, with some given to another power."""
    owners = {**variants.load(name).ownership, **moved}
    out: dict[str, list[str]] = {}
    for city, owner in owners.items():
        out.setdefault(owner, []).append(city)
    return out


def test_the_game_opens_with_the_adjustments_of_f1453a_then_three_campaigns_a_year():
    """The njudge's first phase is F1453A (the money phase, here without money: the
    adjustments); then Spring, Summer (SUMMER on by default) and Fall."""
    opening = play("F1453A", _start())
    assert (opening["phase"], opening["next_phase"]) == ("F1453B", "S1454M")
    assert play("S1454M", {"Milan": ["A mil"]})["next_phase"] == "U1454M"
    assert play("U1454M", {"Milan": ["A mil"]})["next_phase"] == "F1454M"
    no_summer = play("S1454M", {"Milan": ["A mil"]}, options={"summer": False})
    assert no_summer["next_phase"] == "F1454M"


def test_after_the_fall_the_adjustments_come_when_a_power_must_build_or_remove():
    held = ["mil", "cre", "pav"]
    balanced = play("F1454M", {"Milan": ["A mil", "A cre", "A pav"]}, centers={"Milan": held},
                    machiavelli={"control": {"Milan": held}})  # fmt: skip
    assert balanced["next_phase"] == "S1455M"
    short = play("F1454M", {"Milan": ["A mil"]}, centers={"Milan": ["mil", "cre"]},
                 machiavelli={"control": {"Milan": ["mil", "cre"]}})  # fmt: skip
    assert short["next_phase"] == "F1454B" and short["adjustments"] == {"Milan": 1}


def test_a_dislodged_unit_retreats_into_its_city_only_when_nowhere_else_first_edition():
    """An army or fleet "that is forced to retreat from a province with an unoccupied
    fortified city ... can convert to a garrison if, and only if, it has no other place to
    retreat to"; Tunis's army has no neighbour by land."""
    attack = {"Naples": ["F bot - tun", "F wms S F bot - tun"]}
    alone = play("S1454M", {"Turkey": ["A tun"], "Naples": ["F bot", "F wms"]}, attack)
    assert alone.retreats("A tun") == ["tun"] and alone["next_phase"] == "S1454R"
    kept = play(
        "S1454R", {"Naples": ["F tun", "F wms"]}, {"Turkey": ["A tun C G"]},
        dislodged=[{"power": "Turkey", "unit": "A tun", "retreats": ["tun"]}],
    )  # fmt: skip
    assert kept.result("A tun C G") == ("succeeds", None) and kept.units("Turkey") == ["G tun"]
    other = play("S1454M", {"Papacy": ["A bol"], "Venice": ["A fer", "A man"]},
                 {"Venice": ["A fer - bol", "A man S A fer - bol"]})  # fmt: skip
    assert other.retreats("A bol") == ["flo", "luc", "mod", "pst", "rma"]  # not its city


def test_the_second_edition_always_lets_a_unit_retreat_into_its_city():
    """rules.machiavelli2: "A unit can always retreat into a city, even if it can retreat
    into another province." """
    done = play(
        "S1454M", {"Papacy": ["A bol"], "Venice": ["A fer", "A man"]},
        {"Venice": ["A fer - bol", "A man S A fer - bol"]}, options={"mach2": True},
    )  # fmt: skip
    assert done.retreats("A bol") == ["flo", "luc", "mod", "pst", "rma", "bol"]


@pytest.mark.parametrize(
    ("order", "message"),
    [
        ("A tun C F", "Retreat phase conversions can only be to Garrisons."),
        ("A tun - wms", "The army in Tunis can't retreat to the Western Mediterranean."),
    ],
)
def test_retreat_orders_are_checked(order, message):
    done = play(
        "S1454R", {"Naples": ["F tun", "F wms"]}, {"Turkey": [order]},
        dislodged=[{"power": "Turkey", "unit": "A tun", "retreats": ["tun"]}],
    )  # fmt: skip
    assert done.message(order) == message


def test_the_last_power_in_a_province_controls_it_and_its_open_city():
    """ "The last power whose unit was present in the province always gains control";
    "If you move away from a garrisoned province the power owning the garrison gains
    control of the province too"; a city with another power's garrison stays that
    power's (first edition: at the end of every campaign)."""
    done = play(
        "S1454M",
        {"Venice": ["A pad", "A ver"], "Milan": ["A man", "G man"], "Autonomous": ["G fer"]},
        {"Venice": ["A pad - fer", "A ver - man"], "Milan": ["A man - cre"]},
        centers=_cities(man="Milan"),
    )
    assert "fer" in done.controls("Venice") and "fer" in done.cities("Autonomous")
    assert "man" in done.controls("Venice") and "man" in done.cities("Milan")
    assert "pad" in done.controls("Venice")  # moving away keeps control


def test_the_second_edition_changes_control_after_the_fall_only_and_splits_none():
    """rules.machiavelli2: control "at the end of the fall turn. (If one player controls
    the city and another the province nobody has control.)" """
    units = {"Venice": ["A ver"], "Milan": ["G man"]}
    orders = {"Venice": ["A ver - man"]}
    spring = play("S1454M", units, orders, options={"mach2": True})
    assert "man" not in spring.controls("Venice") and spring.events("province control") == []
    fall = play("F1454M", units, orders, options={"mach2": True})
    assert "man" in fall.controls("Autonomous")


def test_a_home_country_held_whole_by_another_power_is_conquered():
    """ "To conquer an NPC another player must gain control of all its original provinces
    and cities"; mach_sfd2's Naples "begins as an Austrian conquered home country"."""
    done = play("S1513M", _start("mach_sfd2"), variant="mach_sfd2")
    assert done.events("conquest") == [
        {"event": "conquest", "power": "Austria", "country": "Naples"}
    ]
    assert set(done["machiavelli"]["homes"]["Austria"]) >= {"nap", "bar", "aus"}


def test_a_power_without_a_home_city_is_eliminated():
    """ "A power/player who controls no cities in his home country at the end of a
    campaign is eliminated from the game and all of his units are immediately removed
    from the mapboard and all of his provinces and cities revert to unowned status." """
    done = play(
        "S1454M",
        {"Turkey": ["A bos", "A dal"], "Venice": ["A pad"]},
        centers=_cities(alb="Venice", dur="Venice", tun="Venice", dal="Turkey"),
    )
    assert done.events("eliminated") == [{"event": "eliminated", "power": "Turkey"}]
    assert done.units("Turkey") == [] and "bos" in done.controls("Autonomous")


def test_fifteen_cities_and_two_home_countries_win():
    """ "Advanced game victory condition is 15 cities and two HCs" (first edition); the
    second edition counts the cities alone."""
    cities = ["ven", "pad", "trv", "dal", "mil", "cre", "pav", "fer", "man", "mod", "luc",
              "gen", "tur", "sav", "mon"]  # fmt: skip
    control = {"Venice": cities}
    one_country = play("S1454M", {"Venice": ["A pad"]}, centers={"Venice": cities},
                       machiavelli={"control": control})  # fmt: skip
    assert one_country["winner"] is None
    homes = {"Venice": ["ven", "mil", "cre", "pav", "com", "for", "par", "pia"]}
    two = play("S1454M", {"Venice": ["A pad"]}, centers={"Venice": cities},
               machiavelli={"control": control, "homes": homes})  # fmt: skip
    assert two["winner"] == "Venice"
    second = play("F1454M", {"Venice": ["A pad"]}, centers={"Venice": cities},
                  machiavelli={"control": control}, options={"mach2": True})  # fmt: skip
    assert second["winner"] == "Venice"


BUILDS = {"centers": {"Venice": ["dal", "pad", "trv", "ven"]},
          "machiavelli": {"control": {"Venice": ["dal", "pad", "trv", "ven", "bre"]}}}  # fmt: skip


@pytest.mark.parametrize(
    ("order", "result", "message"),
    [
        ("B G trv", "succeeds", None),
        ("B F ven", "illegal", "Venice already has a unit present."),
        ("B A bre", "illegal", "Venice does not control Brescia city."),
        ("B A mil", "illegal", "Milan is not a home province for Venice."),
        ("B F pad", "illegal", "Cannot build fleet in Padua as it is not a port."),
        ("B trv", "illegal", "Unit type must be specified for build."),
        ("B G vic", "illegal", "There is no fort in Vicenza to have a garrison."),
    ],
)
def test_without_money_a_unit_is_built_in_a_home_city_held_with_its_province(
    order, result, message
):
    """ "New units may only be placed in controlled provinces containing cities, in the
    players' home countries ... Fleets can only be placed in port cities"; without money a
    power has a unit for each city it holds with its province (ma_build_basic.c)."""
    done = play("F1454B", {"Venice": ["F dal", "A pad", "G ven"]}, {"Venice": [order]}, **BUILDS)
    assert done.result(order)[0] == result
    if message:
        assert done.message(order) == message
    else:
        assert "G trv" in done.units("Venice") and done["next_phase"] == "S1455M"


def test_one_new_unit_per_province_and_removals_by_default():
    """ "Only one new unit may be placed in a particular province"; a power that removes too
    few loses its units in the board's order (the njudge's "Defaults")."""
    both = play(
        "F1454B", {"Venice": ["F dal", "A pad"]}, {"Venice": ["B A trv", "B G trv"]}, **BUILDS
    )
    assert both.result("B A trv") == ("fails", "replaced") and both.units("Venice")[-1] == "G trv"
    many = play("F1454B", {"Venice": ["F dal", "A pad", "G ven", "A ver", "A vic", "A bre"]},
                {"Venice": ["remove A vic"]}, **BUILDS)  # fmt: skip
    assert many.result("remove A vic") == ("succeeds", None)
    assert many.units("Venice") == ["A bre", "A pad", "A ver", "G ven"]  # F dal went first

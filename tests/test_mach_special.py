"""Machiavelli's special units, each rule from the rulebook (rules.machiavelli "Special units",
"Movement", "Sieges", "Conversion between unit types"; rules.machiavelli2 "Special units"
and appendix 2 for the unit limits; the njudge's ma_build.c, ma_movement.c and machlib.c
for the refusals' words), through the adjudicator's phase documents (tests/machkit.py)."""

from __future__ import annotations

import pytest

import variants
from adjudicator.board import Unit
from adjudicator.machiavelli.board import mach_rules
from adjudicator.machiavelli.special_units import refusal
from adjudicator.machiavelli.state import MachState
from adjudicator.options import Options
from tests.machkit import play


def _special(**kinds: dict[str, str]) -> dict:
    return {"machiavelli": {"special": kinds}}


@pytest.mark.parametrize(("kind", "dislodges"), [("mercenary", True), ("professional", True),
                                                  ("militia", False)])  # fmt: skip
def test_elite_units_move_with_a_strength_of_two_a_militia_with_one(kind, dislodges):
    """ "b) Elite Mercenaries ... 2) Has a strength of 2", as "c) Elite Professionals";
    "a) Citizen's Militia ... 2) Has a strength of 1"."""
    done = play(
        "S1454M",
        {"Venice": ["A pad"], "Papacy": ["A fer"]},
        {"Venice": ["A pad - fer"]},
        **_special(Venice={"pad": kind}),
    )
    assert done.result("A pad - fer") == (("succeeds", None) if dislodges else ("fails", "bounce"))
    assert (done.retreats("A fer") is not None) == dislodges


def test_an_elite_unit_holds_with_two_against_an_attack_with_one_support():
    """ "1) Have twice the normal strength for moves, holds, and supports"."""
    attack = {"Papacy": ["A bol - fer", "A man S A bol - fer"]}
    units = {"Venice": ["A fer"], "Papacy": ["A bol", "A man"]}
    held = play("S1454M", units, attack, **_special(Venice={"fer": "mercenary"}))
    assert held.result("A bol - fer") == ("fails", "bounce")
    assert held.units("Venice") == ["A fer"]
    ordinary = play("S1454M", units, attack)
    assert ordinary.result("A bol - fer") == ("succeeds", None)


def test_an_elite_units_support_counts_two_and_is_cut_whole_by_a_unit_of_strength_one():
    """Strength 2 for supports; "2) Have their support *entirely cut* by a unit of
    strength 1" (and so in the second edition: rules.machiavelli2, "Support")."""
    units = {"Venice": ["A pad", "A ver"], "Papacy": ["A fer", "A bol"]}
    orders = {"Venice": ["A pad - fer", "A ver S A pad - fer"], "Papacy": ["A bol S A fer"]}
    elite = _special(Venice={"ver": "professional"})
    assert play("S1454M", units, orders, **elite).result("A pad - fer") == ("succeeds", None)
    assert play("S1454M", units, orders).result("A pad - fer") == ("fails", "bounce")
    units["Milan"] = ["A man"]
    orders["Milan"] = ["A man - ver"]
    for mach2 in (False, True):
        cut = play("S1454M", units, orders, options={"mach2": mach2}, **elite)
        assert cut.result("A ver S A pad - fer") == ("fails", "cut")
        assert cut.result("A pad - fer") == ("fails", "bounce")


def test_a_self_bounce_lets_the_elite_unit_through():
    """ "If you try to self-bounce one of your multistrength units with one of your one
    strength units the multistrength unit's move will succeed and the other unit will
    bounce" ("Movement")."""
    done = play(
        "S1454M",
        {"Venice": ["A pad", "A ver"]},
        {"Venice": ["A pad - fer", "A ver - fer"]},
        **_special(Venice={"ver": "mercenary"}),
    )
    assert done.result("A ver - fer") == ("succeeds", None)
    assert done.result("A pad - fer") == ("fails", "bounce")
    assert done["machiavelli"]["special"] == {"Venice": {"fer": "mercenary"}}


def test_in_retreats_an_elite_unit_is_of_strength_one():
    """ "Multistrength units (the elites) are treated as normal one-strength units during
    retreat (thus this is a bounce: a mil m pav, elite a tur m pav)" ("Movement")."""
    done = play(
        "S1454R",
        {"Austria": ["A mil", "A tur"]},
        {"Milan": ["A mil - pav"], "France": ["A tur - pav"]},
        dislodged=[
            {"power": "Milan", "unit": "A mil", "retreats": ["pav", "com"]},
            {"power": "France", "unit": "A tur", "retreats": ["pav", "mon"]},
        ],
        **_special(France={"tur": "mercenary"}),
    )
    assert done.result("A mil - pav") == done.result("A tur - pav") == ("fails", "bounce")
    assert "special" not in done["machiavelli"]  # destroyed with its unit


def test_an_elite_garrison_cannot_break_its_siege_in_the_second_campaign():
    """ "3) Cannot dislodge any besieger in the second siege season" and "A besieged
    garrison ... cannot convert regardless of strength"; but a conversion into "a province
    occupied by a lesser force" succeeds "if the lesser force is issuing its *first*
    besiege order" (Conversion 1d2). The second edition: "Besieged units may convert" and
    "Besieging units of lesser strength cannot block conversions"."""
    units = {"Venice": ["A fer"], "Papacy": ["G fer"]}
    orders = {"Venice": ["A fer B"], "Papacy": ["G fer C A"]}
    elite = {"special": {"Papacy": {"fer*": "mercenary"}}}
    second = play("S1454M", units, orders, machiavelli={**elite, "sieges": ["fer"]})
    assert second.result("G fer C A") == ("fails", "siege in progress")
    assert second.units("Papacy") == []  # the siege is complete
    first = play("S1454M", units, orders, machiavelli=elite)
    assert first.result("G fer C A") == ("succeeds", None)
    assert first.units("Papacy") == ["A fer"] and first.retreats("A fer") is not None
    assert first["machiavelli"]["special"] == {"Papacy": {"fer": "mercenary"}}
    mach2 = play(
        "S1454M", units, orders, options={"mach2": True},
        machiavelli={**elite, "sieges": ["fer"]},
    )  # fmt: skip
    assert mach2.result("G fer C A") == ("succeeds", None)
    plain = play("S1454M", units, orders, options={"mach2": True}, machiavelli={"sieges": ["fer"]})
    assert plain.result("G fer C A") == ("fails", "bounce")


def test_a_special_unit_stays_special_when_it_converts_and_retreats():
    """ "Special units may be of any type: armies, fleets or garrisons": a conversion or a
    retreat keeps the unit what it is."""
    into = play(
        "S1454M", {"Venice": ["A pad"]}, {"Venice": ["A pad C G"]},
        **_special(Venice={"pad": "professional"}),
    )  # fmt: skip
    assert into.units("Venice") == ["G pad"]
    assert into["machiavelli"]["special"] == {"Venice": {"pad*": "professional"}}
    retreat = play(
        "S1454R",
        {"Papacy": ["A pad"]},
        {"Venice": ["A pad - vic"]},
        dislodged=[{"power": "Venice", "unit": "A pad", "retreats": ["vic", "trv"]}],
        **_special(Venice={"pad": "militia"}),
    )
    assert retreat["machiavelli"]["special"] == {"Venice": {"vic": "militia"}}


def _refusal(variant: str, power: str, unit_type: str, kind: str, how: str = "built",
             units: tuple[Unit, ...] = (), state: MachState | None = None, **options):  # fmt: skip
    v = variants.load(variant)
    rules = mach_rules(v, Options(**options))
    state = state or MachState(control={}, homes={})
    return refusal(v, rules, state, units, power, unit_type, kind, how)


def test_the_second_editions_unit_limits_say_who_may_build_or_buy_which_kind():
    """ "Austria, Turkey and Venice may own Elite Professionals. Florence, Milan, Papacy and
    Venice may own Citizen's Militia. Every country *except Turkey* may own Elite
    Mercenaries" (mach2_sfd1's limits), and a letter r allows a unit only bought."""
    built = "Power is not allowed to build this unit type."
    assert _refusal("mach2_sfd1", "Turkey", "A", "mercenary") == built
    assert _refusal("mach2_sfd1", "Turkey", "F", "professional") is None
    assert _refusal("mach2_sfd1", "Austria", "G", "militia") == built
    assert _refusal("mach2_sfd1", "Papacy", "A", "militia") is None
    assert _refusal("mach2_eai", "Empire", "F", "ordinary") == built  # r.rr: bribed only
    assert _refusal("mach2_eai", "Empire", "F", "ordinary", "bribed") is None
    assert _refusal("mach2_eai", "Empire", "F", "militia", "bribed") == (
        "You are not permitted to buy this unit type."
    )
    # The limits are the second edition's (the njudge's XF_LIMIT_TYPES is MACH2).
    assert _refusal("mach2_sfd1", "Turkey", "A", "mercenary", mach2=False) is None


def test_one_special_unit_per_power_and_none_without_the_setting():
    """ "Each power may only have one special unit in play at any one time. Orders that
    violate this limit automatically fail"; SET NO SPECIAL (and SET NO MONEY: "You cannot
    bribe, assassinate, use special units ...") allow none."""
    held = MachState(control={}, homes={}, special={("Venice", "pad"): "mercenary"})
    units = (Unit("Venice", "A", "pad"), Unit("Venice", "F", "ven"))
    assert _refusal("machiavelli", "Venice", "G", "militia", units=units, state=held) == (
        "You already have an elite mercenary army in Padua.\n"
        "Only one special unit allowed per major power."
    )
    assert _refusal("machiavelli", "Milan", "A", "militia", units=units, state=held) is None
    assert _refusal("machiavelli", "Venice", "A", "ordinary", units=units, state=held) is None
    off = "This game does not allow special units."
    assert _refusal("machiavelli", "Milan", "A", "militia", special=False) == off
    assert _refusal("machiavelli", "Milan", "A", "militia", money=False) == off


def test_a_conversion_into_a_type_the_power_may_not_build_is_refused():
    """The njudge checks a conversion as a build of the new type (ma_movement.c):
    mach2_eai's Empire may have ordinary fleets only by bribe."""
    order = "G gen C F"
    done = play("S1051M", {"Empire": ["G gen"]}, {"Empire": [order]}, variant="mach2_eai")
    assert done.result(order)[0] == "illegal"
    assert done.message(order) == "Conversion is not permitted for this power."
    pisa = play("S1051M", {"Pisa": ["G gen"]}, {"Pisa": [order]}, variant="mach2_eai")
    assert pisa.units("Pisa") == ["F gen"]

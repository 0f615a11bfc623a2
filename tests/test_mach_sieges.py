"""Machiavelli's sieges, each from the rulebook (rules.machiavelli, "Sieges"; the njudge's
ma_movement.c for the wording of refusals and results)."""

from __future__ import annotations

import pytest

from tests.machkit import play

BESIEGED = {"Venice": ["A fer"], "Autonomous": ["G fer"]}


def test_two_besiege_orders_in_a_row_take_the_city():
    """ "To besiege a garrison, an army or fleet in the containing province must issue the
    besiege order for two consecutive campaigns ... When the siege is complete, the
    garrison is eliminated"; then its city is the besieger's."""
    first = play("S1454M", BESIEGED, {"Venice": ["A fer B"]})
    assert first.result("A fer B") == ("succeeds", None)
    assert first.sieges == ["fer"] and first.units("Autonomous") == ["G fer"]
    assert first.cities("Autonomous") == ["fer"]  # the garrison holds its city meanwhile
    second = play("U1454M", BESIEGED, {"Venice": ["A fer B"]}, machiavelli={"sieges": ["fer"]})
    assert second.units("Autonomous") == [] and second.sieges == []
    assert second.retreats("G fer") == []  # destroyed, with nowhere to go
    assert second["next_phase"] == "F1454M"
    assert "fer" in second.cities("Venice")
    assert second.events("siege completed") == [
        {"event": "siege completed", "place": "fer", "power": "Autonomous"}
    ]


def test_a_besieged_garrison_cannot_convert_and_the_besieger_only_besieges_or_lifts():
    """ "A besieged garrison ... cannot convert regardless of strength"; "To successfully
    conclude a siege the besieging unit must also issue a besiege order in the following
    campaign. Any other order will automatically be converted to hold and the siege will
    be aborted." """
    stuck = play(
        "U1454M",
        {"Venice": ["A fer"], "Milan": ["G fer", "A man"]},
        {"Milan": ["G fer C A", "A man S G fer C A"], "Venice": ["A fer B"]},
        machiavelli={"sieges": ["fer"]},
    )
    assert stuck.result("G fer C A") == ("fails", "siege in progress")
    assert stuck.units("Milan") == ["A man"]  # the siege completed all the same
    moved = play("U1454M", BESIEGED, {"Venice": ["A fer - man"]}, machiavelli={"sieges": ["fer"]})
    assert moved.result("A fer - man") == ("fails", "siege in progress")
    assert moved.units("Venice") == ["A fer"] and moved.sieges == []


def test_lift_siege_ends_it_and_there_must_be_one():
    """ "You may formally end a siege by issuing a lift siege order, although you will
    still be holding in the province." """
    lifted = play("U1454M", BESIEGED, {"Venice": ["A fer LS"]}, machiavelli={"sieges": ["fer"]})
    assert lifted.result("A fer LS") == ("succeeds", None) and lifted.sieges == []
    none = play("S1454M", BESIEGED, {"Venice": ["A fer LS"]})
    assert none.message("A fer LS") == "No siege in progress in Ferrara."


def test_a_dislodged_besieger_breaks_the_siege():
    done = play(
        "U1454M",
        {"Venice": ["A fer"], "Autonomous": ["G fer"], "Papacy": ["A bol", "A man"]},
        {"Venice": ["A fer B"], "Papacy": ["A bol - fer", "A man S A bol - fer"]},
        machiavelli={"sieges": ["fer"]},
    )
    assert done.result("A fer B") == ("fails", "dislodged")
    assert done.units("Autonomous") == ["G fer"] and done.sieges == []


@pytest.mark.parametrize(
    ("units", "order", "message"),
    [
        ({"Milan": ["A com"]}, "A com B", "Como has no fortress to siege."),
        ({"Milan": ["A mil"]}, "A mil B", "Milan has no garrison or rebellion to siege."),
        ({"Naples": ["F nap"], "Autonomous": ["G nap"]}, "F nap B", None),  # a port: fine
        (
            {"Milan": ["F mod"], "Autonomous": ["G mod"]},
            "F mod B",
            "A fleet can only besiege ports.",
        ),
        ({"Milan": ["G gen"]}, "G gen B", "Invalid order for garrison."),
    ],
)
def test_who_may_besiege_what(units, order, message):
    """ "Fleets can only besiege port cities"; only an army or a fleet besieges, and only
    a garrison (or a rebellion) in its own province's city."""
    power = next(p for p in units if p != "Autonomous")
    done = play("S1454M", units, {power: [order]})
    if message is None:
        assert done.result(order) == ("succeeds", None)
    else:
        assert done.message(order) == message


def test_besieging_ones_own_garrison_is_a_hold():
    """ "You may issue a besiege order on your own garrison, but, if the garrison remains
    yours, the order will automatically be changed to 'hold'" ("self-besiege")."""
    done = play("S1454M", {"Venice": ["A fer", "G fer"]}, {"Venice": ["A fer B"]})
    assert done.result("A fer B") == ("fails", "self-besiege, siege lifted")
    assert done.sieges == [] and done.units("Venice") == ["A fer", "G fer"]


def test_the_second_edition_lets_the_besieger_move_off_and_the_besieged_convert():
    """rules.machiavelli2: "A unit need not issue a lift siege order to be able to move away
    from an ongoing siege ... Besieged units may convert"."""
    moved = play(
        "U1454M", BESIEGED, {"Venice": ["A fer - man"]},
        machiavelli={"sieges": ["fer"]}, options={"mach2": True},
    )  # fmt: skip
    assert moved.result("A fer - man") == ("succeeds", None) and moved.sieges == []
    out = play(
        "U1454M",
        {"Venice": ["A fer"], "Milan": ["G fer", "A man"]},
        {"Milan": ["G fer C A", "A man S G fer C A"], "Venice": ["A fer B"]},
        machiavelli={"sieges": ["fer"]}, options={"mach2": True},
    )  # fmt: skip
    assert out.result("G fer C A") == ("succeeds", None)
    assert out.retreats("A fer") is not None
    lift = play("U1454M", BESIEGED, {"Venice": ["A fer LS"]}, machiavelli={"sieges": ["fer"]},
                options={"mach2": True})  # fmt: skip
    assert (
        lift.message("A fer LS") == "No need: any non-besiege order will lift siege in this game."
    )

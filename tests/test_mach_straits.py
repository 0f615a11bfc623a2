"""Machiavelli's straits (rules.machiavelli, "Special mapboard features" 1, Piombino and
Messina, points a to l; rules.machiavelli2, "Movement"), each point a test of its own,
through the adjudicator's phase documents (tests/machkit.py)."""

from __future__ import annotations

from tests.machkit import play

THROUGH = {"Turkey": ["F ion - gon"]}


def test_a_fleet_in_messina_closes_the_strait_to_other_powers_fleets():
    """a) "as long as there *already* is a fleet in either Messina or Piombino, no hostile
    fleet can move, support or convoy between the Gulf of Naples and the Ionian Sea or the
    Eastern Thyrrenian Sea and Pisa"."""
    done = play("S1454M", {"Naples": ["F mes"], "Turkey": ["F ion"]}, THROUGH)
    assert done.result("F ion - gon") == ("fails", "blocked")
    pio = play("S1454M", {"Florence": ["F pio"], "Milan": ["F ets"]}, {"Milan": ["F ets - psa"]})
    assert pio.result("F ets - psa") == ("fails", "blocked")
    support = play(
        "S1454M",
        {"Naples": ["F mes", "F gon"], "Turkey": ["F ion", "F ets"]},
        {"Turkey": ["F ets - gon", "F ion S F ets - gon"]},
    )
    assert support.result("F ion S F ets - gon") == ("fails", "blocked")
    assert support.result("F ets - gon") == ("fails", "bounce")


def test_the_keepers_own_fleets_and_those_it_allows_pass():
    """k) "No player may use the straits without the controlling player's permission ...
    an 'ally' command"; a power's own fleet is never kept out (the njudge's bug #511)."""
    own = play("S1454M", {"Naples": ["F mes", "F ion"]}, {"Naples": ["F ion - gon"]})
    assert own.result("F ion - gon") == ("succeeds", None)
    allowed = play(
        "S1454M", {"Naples": ["F mes"], "Turkey": ["F ion"]}, THROUGH,
        machiavelli={"allies": {"Naples": ["Turkey"]}},
    )  # fmt: skip
    assert allowed.result("F ion - gon") == ("succeeds", None)
    assert allowed["machiavelli"]["allies"] == {"Naples": ["Turkey"]}
    # The leave is given by an ALLY line, in a game without money as in one with it.
    given = play("S1454M", {"Naples": ["F mes"], "Turkey": ["F ion"]},
                 {"Naples": ["ally Turkey"]})  # fmt: skip
    assert given["machiavelli"]["allies"] == {"Naples": ["Turkey"]}
    assert play(
        "F1454M", {"Naples": ["F mes"], "Turkey": ["F ion"]}, THROUGH,
        machiavelli=given["machiavelli"],
    ).result("F ion - gon") == ("succeeds", None)  # fmt: skip


def test_the_keeper_blocks_though_it_moves_away_or_converts_first_edition():
    """e) "If a fleet is *ordered* to convert to garrison a hostile fleet still suffers all
    effects", f) "If a fleet moves away ... a hostile fleet still suffers all effects"; the
    second edition: "The fleet will *not* be able to block if it is converting to or from
    garrison"."""
    units = {"Naples": ["F mes"], "Turkey": ["F ion"]}
    away = play("S1454M", units, {**THROUGH, "Naples": ["F mes - pal"]})
    assert away.result("F ion - gon") == ("fails", "blocked")
    garrisoned = play("S1454M", units, {**THROUGH, "Naples": ["F mes C G"]})
    assert garrisoned.result("F ion - gon") == ("fails", "blocked")
    mach2 = play("S1454M", units, {**THROUGH, "Naples": ["F mes C G"]}, options={"mach2": True})
    assert mach2.result("F ion - gon") == ("succeeds", None)


def test_a_fleet_entering_an_empty_keeper_blocks_if_it_is_not_bounced_first_edition():
    """c) "If a fleet successfully advances (that is: is *not bounced*) into a *fleet-less*
    Piombino or Messina in the same turn as a hostile fleet attempts to use the straits, the
    hostile fleet suffers all effects"; the second edition has no such rule."""
    units = {"Naples": ["F pal"], "Turkey": ["F ion"]}
    entering = {**THROUGH, "Naples": ["F pal - mes"]}
    assert play("S1454M", units, entering).result("F ion - gon") == ("fails", "blocked")
    mach2 = play("S1454M", units, entering, options={"mach2": True})
    assert mach2.result("F ion - gon") == ("succeeds", None)
    units["Papacy"] = ["F ets"]
    bounced = play("S1454M", units, {**entering, "Papacy": ["F ets - mes"]})
    assert bounced.result("F pal - mes") == ("fails", "bounce")
    assert bounced.result("F ion - gon") == ("succeeds", None)


def test_a_garrison_converting_to_a_fleet_in_an_empty_keeper_blocks_first_edition():
    """d) "If a garrison successfully converts to fleet (that is: is *not bounced*) into a
    *fleet-less* Piombino or Messina ... the hostile fleet suffers all effects"."""
    units = {"Naples": ["G mes"], "Turkey": ["F ion"]}
    done = play("S1454M", units, {**THROUGH, "Naples": ["G mes C F"]})
    assert done.result("G mes C F") == ("succeeds", None)
    assert done.result("F ion - gon") == ("fails", "blocked")
    to_army = play("S1454M", units, {**THROUGH, "Naples": ["G mes C A"]})
    assert to_army.result("F ion - gon") == ("succeeds", None)


def test_an_army_or_a_garrison_does_not_control_the_strait():
    """l) "An army or garrison unit does not control the straits"."""
    done = play("S1454M", {"Naples": ["A mes", "G mes"], "Turkey": ["F ion"]}, THROUGH)
    assert done.result("F ion - gon") == ("succeeds", None)


def test_an_army_convoyed_through_the_strait_needs_the_keepers_leave():
    """a) no hostile fleet may "convoy between" the two waters: an army carried from the
    Gulf of Naples into the Ionian Sea is stopped, by a named route or not; carried along
    one side only, it passes."""
    units = {"Naples": ["F mes"], "Turkey": ["A cap", "F gon", "F ion"]}
    convoy = ["F gon C A cap - dur", "F ion C A cap - dur"]
    for move in ("A cap - dur", "A cap - gon - ion - dur"):
        done = play("S1454M", units, {"Turkey": [move, *convoy]})
        assert done.result(move) == ("fails", "blocked")
    allowed = play(
        "S1454M", units, {"Turkey": ["A cap - dur", *convoy]},
        machiavelli={"allies": {"Naples": ["Turkey"]}},
    )  # fmt: skip
    assert allowed.result("A cap - dur") == ("succeeds", None)
    one_side = play("S1454M", units, {"Turkey": ["A cap - otr", "F gon C A cap - otr"]})
    assert one_side.result("A cap - otr") == ("succeeds", None)


def test_a_dislodged_fleet_may_not_retreat_through_a_held_strait():
    """h) "A retreating fleet will suffer all effects described in a) above"; control is
    with the fleet in the keeper after the movement."""
    units = {"Naples": ["F mes", "F ets", "F nap"], "Turkey": ["F gon"]}
    attack = {"Naples": ["F ets - gon", "F nap S F ets - gon"]}
    done = play("S1454M", units, attack)
    assert "ion" not in done.retreats("F gon")
    allowed = play("S1454M", units, attack, machiavelli={"allies": {"Naples": ["Turkey"]}})
    assert "ion" in allowed.retreats("F gon")


def test_the_second_editions_messina_keeps_its_strait():
    """rules.machiavelli2: "Only a fleet *already present* in Messina can block moves,
    support and transport (convoys)"; its map has no Piombino strait."""
    done = play(
        "S1454M", {"Naples": ["F mes"], "Turkey": ["F ion"]}, THROUGH, variant="machiavelli2"
    )
    assert done.result("F ion - gon") == ("fails", "blocked")

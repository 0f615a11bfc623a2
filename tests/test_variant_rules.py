"""Loeb9's Arctic Ocean and army crossings, and the one-centre build rule of aberration,
hundred and classical, on a small made-up board (docs/rules.md, "Variant rules")."""

from __future__ import annotations

import dataclasses

import pytest

from tests.variantplay import line, play, where
from variants import Variant, load_text

STRAIT = """
[variant]
name      strait
title     Strait
start     S1901M
phases    SM SR FM FR FB
victory   6
units     A F

[provinces]
arc   sea    "Arctic Ocean"            arctic
nao   sea    "North Atlantic"
nwg   sea    "Norwegian Sea"
nwy   coast  "Norway"                  center
swe   coast  "Sweden"                  center
cor   coast  "Cordoba"                 center
mad   land   "Madrid"                  center
naf   coast  "North Africa"            center
tun   coast  "Tunis"                   center
wes   sea    "Western Mediterranean"

[adjacencies]
arc   fleet  nao nwg
nao   fleet  arc nwg nwy
nwg   fleet  arc nao nwy swe
nwy   fleet  nao nwg
swe   fleet  nwg
nwy   army   swe
swe   army   nwy
cor   army   mad naf
mad   army   cor
naf   army   cor tun
tun   army   naf
cor   fleet  wes
naf   fleet  wes
tun   fleet  wes
wes   fleet  cor naf tun

[powers]
Spain    Spanish    S  cor mad
Africa   African    F  naf tun
Norway   Norwegian  N  nwy swe
England  English    E

[units]
Spain    A cor, A mad
Africa   A naf, F tun
Norway   F nwy, A swe
"""


@pytest.fixture(scope="module")
def strait() -> Variant:
    """The board with cor-naf a crossing (a strait armies cross, as loeb9's `/mx`)."""
    base = load_text(STRAIT, source="strait.variant")
    return dataclasses.replace(
        base, crossings={"cor": frozenset({"naf"}), "naf": frozenset({"cor"})}
    )


# -- the Arctic Ocean ---------------------------------------------------------------------
# info.loeb9: a unit in the Arctic Ocean may not be given any sort of order during a Fall
# turn, and no unit may try to move into it during a Fall turn.


def test_a_unit_in_arctic_water_takes_no_orders_in_the_fall(strait: Variant) -> None:
    """In the Fall the fleet in the Arctic Ocean cannot be ordered: its order is refused and
    it holds where it is."""
    result = play(strait, "F1901M", {"England": ["F arc"]}, {"England": ["F arc - nao"]})
    refused = line(result, "F arc - nao")
    assert refused.result == "illegal"
    assert refused.message == "The fleet in the Arctic Ocean may not be given orders in the Fall."
    assert where(result) == {"England F arc"}


def test_no_unit_may_move_into_arctic_water_in_the_fall(strait: Variant) -> None:
    """In the Fall a move into the Arctic Ocean is refused, and so is a support of one."""
    units = {"England": ["F nao", "F nwg"]}
    orders = {"England": ["F nao - arc", "F nwg S F nao - arc"]}
    result = play(strait, "F1901M", units, orders)
    assert line(result, "F nao - arc").message == (
        "No unit may move into the Arctic Ocean in the Fall."
    )
    assert line(result, "F nwg S F nao - arc").result == "illegal"
    assert where(result) == {"England F nao", "England F nwg"}


def test_arctic_water_is_open_in_the_spring(strait: Variant) -> None:
    """The rule is for the Fall only: in the Spring the fleet sails in, and out again."""
    result = play(strait, "S1901M", {"England": ["F nao", "F arc"]}, {
        "England": ["F nao - arc", "F arc - nwg"]
    })  # fmt: skip
    assert line(result, "F nao - arc").result == "succeeds"
    assert where(result) == {"England F arc", "England F nwg"}


def test_no_retreat_into_arctic_water_in_the_fall(strait: Variant) -> None:
    """Nor may a unit retreat into the Arctic Ocean in the Fall: a fleet dislodged from the
    Norwegian Sea is offered the North Atlantic and Norway's coast, not the Arctic."""
    units = {"England": ["F nwg"], "Norway": ["F nwy", "F nao"]}
    orders = {"Norway": ["F nwy - nwg", "F nao S F nwy - nwg"]}
    result = play(strait, "F1901M", units, orders)
    [beaten] = result.dislodged
    assert beaten.unit.location == "nwg"
    assert "arc" not in beaten.retreats
    spring = play(strait, "S1901M", units, orders)
    assert "arc" in spring.dislodged[0].retreats


# -- crossings ----------------------------------------------------------------------------
# info.loeb9: armies may cross between Cordoba and North Africa with a force equal to the
# number of their supports (not one plus it); fleets may not; no support is given across;
# an unsupported crossing has no effect at all on the province it aims at, neither cutting
# support nor keeping retreats out; it is treated much like a convoyed move.


def test_an_unsupported_crossing_does_not_move(strait: Variant) -> None:
    """Alone, an army crossing into an empty North Africa has strength nought and stays."""
    result = play(strait, "S1901M", {"Spain": ["A cor"]}, {"Spain": ["A cor - naf"]})
    assert line(result, "A cor - naf").result == "fails"
    assert where(result) == {"Spain A cor"}


def test_a_crossing_has_the_strength_of_its_supports(strait: Variant) -> None:
    """With one support the crossing has strength one: it enters an empty North Africa, and
    stands off an unsupported army coming from Tunis."""
    units = {"Spain": ["A cor", "F wes"]}
    orders = {"Spain": ["A cor - naf", "F wes S A cor - naf"]}
    result = play(strait, "S1901M", units, orders)
    assert where(result) == {"Spain A naf", "Spain F wes"}
    units["Africa"] = ["A tun"]
    orders["Africa"] = ["A tun - naf"]
    contested = play(strait, "S1901M", units, orders)
    assert line(contested, "A cor - naf").result == "fails"
    assert line(contested, "A tun - naf").result == "fails"
    assert contested.contested == ["naf"]


def test_an_unsupported_crossing_has_no_effect_on_its_destination(strait: Variant) -> None:
    """It neither keeps another army out (no standoff), nor cuts a support given there."""
    units = {"Spain": ["A cor"], "Africa": ["A tun"]}
    orders = {"Spain": ["A cor - naf"], "Africa": ["A tun - naf"]}
    result = play(strait, "S1901M", units, orders)
    assert line(result, "A tun - naf").result == "succeeds"
    assert result.contested == []
    units = {"Spain": ["A cor"], "Africa": ["A naf", "F tun"]}
    orders = {"Spain": ["A cor - naf"], "Africa": ["A naf S F tun"]}
    result = play(strait, "S1901M", units, orders)
    assert line(result, "A naf S F tun").result == "succeeds"


def test_a_supported_crossing_cuts_support(strait: Variant) -> None:
    """Once supported, the crossing attacks as any move: the support it meets is cut."""
    units = {"Spain": ["A cor", "F wes"], "Africa": ["A naf", "F tun"]}
    orders = {"Spain": ["A cor - naf", "F wes S A cor - naf"], "Africa": ["A naf S F tun"]}
    result = play(strait, "S1901M", units, orders)
    assert line(result, "A naf S F tun").reason == "cut"
    assert where(result) >= {"Spain A cor", "Africa A naf"}


def test_a_crossing_is_judged_as_a_convoyed_move(strait: Variant) -> None:
    """As after a convoyed attack, the army it dislodges may retreat to Cordoba, where the
    attack came from."""
    units = {"Spain": ["A cor", "F wes", "A tun"], "Africa": ["A naf"]}
    orders = {"Spain": ["A cor - naf", "F wes S A cor - naf", "A tun S A cor - naf"]}
    result = play(strait, "S1901M", units, orders)
    assert line(result, "A cor - naf").result == "succeeds"
    [beaten] = result.dislodged
    assert (beaten.unit.location, beaten.retreats) == ("naf", ("cor",))


def test_fleets_do_not_cross_and_no_support_is_given_across(strait: Variant) -> None:
    """A fleet cannot take the strait, and an army cannot support across it."""
    units = {"Spain": ["F cor", "A mad"], "Africa": ["A naf", "A tun"]}
    orders = {"Spain": ["F cor - naf"], "Africa": ["A naf S A mad - cor"]}
    result = play(strait, "S1901M", units, orders)
    assert line(result, "F cor - naf").result == "illegal"
    refused = line(result, "A naf S A mad - cor")
    assert refused.result == "illegal"
    assert refused.message == "The army in North Africa can't support across the strait to Cordoba."


# -- building in any owned centre while a home centre is held -------------------------------
# info.aberration rule 3, info.h31 rule 7, info.classical rule 6: a power may build in any
# vacant centre it owns, as long as it still owns one of its original centres.


def test_one_center_rule_builds_in_an_owned_centre_while_a_home_is_held() -> None:
    """Spain, owning Madrid (home) and Tunis, builds in Tunis; without a home centre, not."""
    variant = load_text(STRAIT.replace("units     A F", "units     A F\nrules     one_center"))
    centers = {"mad": "Spain", "tun": "Spain", "naf": "Africa"}
    result = play(variant, "W1901A", {"Africa": ["A naf"]}, {"Spain": ["build A tun"]}, centers)
    assert line(result, "build A tun").result == "succeeds"
    centers = {"mad": "Africa", "cor": "Africa", "tun": "Spain", "naf": "Spain"}
    refused = play(variant, "W1901A", {}, {"Spain": ["build A tun"]}, centers)
    assert line(refused, "build A tun").result == "illegal"

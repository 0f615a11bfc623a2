"""Colonial's three optional rules (info.colonial; users' manual 9.1 SET HONG KONG, SET
RAILWAYS, SET GATEWAYS) on a small made-up board: Hong Kong, the Trans-Siberian Railway and
the Suez Canal, each off unless the game sets it."""

from __future__ import annotations

import dataclasses

import pytest

import parser as syntax
from tests.variantplay import line, play, where
from variants import Gateway, Railway, Variant, load_text

EAST = """
[variant]
name      east
title     East
start     S1870M
phases    SM SR FM FR FB
victory   4
units     A F

[provinces]
mos   land   "Moscow"        center
prm   land   "Perm"
oms   land   "Omsk"          center
kra   land   "Krasnoyarsk"
irk   land   "Irkutsk"
vla   land   "Vladivostok"   center
man   land   "Manchuria"
kor   land   "Korea"
pek   coast  "Peking"        center
can   coast  "Canton"        center
hk    coast  "Hong Kong"     center
scs   sea    "South China Sea"
egy   coast  "Egypt"         center
syr   coast  "Syria"         center
ade   coast  "Aden"          center
meds  sea    "Mediterranean Sea"
reds  sea    "Red Sea"

[adjacencies]
mos   army   prm
prm   army   mos oms
oms   army   prm kra
kra   army   oms irk
irk   army   kra vla
vla   army   irk man kor
man   army   vla kor pek
kor   army   vla man
pek   army   man can
can   army   pek hk
hk    army   can
pek   fleet  scs
can   fleet  scs
hk    fleet  scs
scs   fleet  pek can hk
egy   army   syr ade
syr   army   egy
ade   army   egy
egy   fleet  meds reds
syr   fleet  meds
ade   fleet  reds
meds  fleet  egy syr reds
reds  fleet  egy ade meds

[powers]
Russia   Russian  R  mos oms vla
China    Chinese  C  pek can
Britain  British  B  hk egy
Turkey   Turkish  T  syr
France   French   F  ade

[units]
Russia   A mos
China    A pek
Britain  F hk
"""


@pytest.fixture(scope="module")
def east() -> Variant:
    base = load_text(EAST, source="east.variant")
    tsr = Railway(
        "tsr", "Trans Siberian Railway", "Russia", ("mos", "prm", "oms", "kra", "irk", "vla")
    )
    sc = Gateway("sc", "Suez Canal", "egy", ("meds", "reds"))
    return dataclasses.replace(
        base, railways=(tsr,), gateways=(sc,), uncounted={"China": frozenset({"hk"})}
    )


# -- Hong Kong ----------------------------------------------------------------------------
# China does not count Hong Kong as a centre: it may take the province to keep others out,
# but is not credited with it, and Hong Kong is shown unowned while China holds it.


def test_china_does_not_count_hong_kong(east: Variant) -> None:
    """With HONG KONG set, a Chinese army entering Hong Kong in the Fall leaves it unowned:
    Britain loses it, China gains nothing, and the win it would have made is not made."""
    units = {"China": ["A can", "A pek"], "Britain": ["A egy"]}
    orders = {"China": ["A can - hk"]}
    centers = {"pek": "China", "can": "China", "oms": "China", "hk": "Britain", "egy": "Britain"}
    plain = play(east, "F1870M", units, orders, centers)
    assert plain.centers["hk"] == "China"
    assert plain.winner == "China"
    ruled = play(east, "F1870M", units, orders, centers, hong_kong=True)
    assert "hk" not in ruled.centers
    assert ruled.winner is None
    assert ruled.adjustments == {"China": 1, "Britain": 0}


# -- the Trans-Siberian Railway -----------------------------------------------------------
# An army may move directly between any two of the line's provinces, ordered like a convoy
# (`A vla - tsr - mos`); Russian armies only; supported as any move; if it fails, or a foreign
# unit blocks the line, the army stops in the free province nearest its destination, and
# stays where it was (to be dislodged there as usual) if there is none.


def test_a_russian_army_rides_the_railway(east: Variant) -> None:
    """Vladivostok to Moscow in one move, written with the line's abbreviation or name."""
    for text in ("A vla - tsr - mos", "A Vladivostok -> Trans Siberian Railway -> Moscow"):
        result = play(east, "S1870M", {"Russia": ["A vla"]}, {"Russia": [text]}, railways=True)
        assert line(result, text).result == "succeeds"
        assert where(result) == {"Russia A mos"}
        assert line(result, text).order == "A vla - tsr - mos"


def test_the_railway_is_closed_to_others_and_when_not_set(east: Variant) -> None:
    order = {"Russia": ["A vla - tsr - mos"]}
    off = play(east, "S1870M", {"Russia": ["A vla"]}, order)
    assert line(off, "A vla - tsr - mos").message == (
        "This game does not use the Trans Siberian Railway."
    )
    china = play(
        east, "S1870M", {"China": ["A vla"]}, {"China": ["A vla - tsr - mos"]}, railways=True
    )
    assert line(china, "A vla - tsr - mos").message == (
        "Only Russian armies may use the Trans Siberian Railway."
    )
    off_line = play(
        east, "S1870M", {"Russia": ["A man"]}, {"Russia": ["A man - tsr - mos"]}, railways=True
    )
    assert line(off_line, "A man - tsr - mos").message == (
        "Manchuria is not on the Trans Siberian Railway."
    )


def test_a_railway_move_is_supported_as_any_move(east: Variant) -> None:
    """Supported from Perm, the ride dislodges the Chinese army holding Moscow; a Russian
    army standing on the line does not block it."""
    units = {"Russia": ["A vla", "A prm"], "China": ["A mos"]}
    orders = {"Russia": ["A vla - tsr - mos", "A prm S A vla - mos"]}
    result = play(east, "S1870M", units, orders, railways=True)
    assert line(result, "A prm S A vla - mos").result == "succeeds"
    assert where(result) == {"Russia A mos", "Russia A prm"}
    assert [d.unit.location for d in result.dislodged] == ["mos"]


def test_a_failed_ride_stops_at_the_free_station_nearest_the_destination(east: Variant) -> None:
    """Bounced by the Chinese army in Moscow, the army stops in Perm."""
    units = {"Russia": ["A vla"], "China": ["A mos"]}
    result = play(east, "S1870M", units, {"Russia": ["A vla - tsr - mos"]}, railways=True)
    failed = line(result, "A vla - tsr - mos")
    assert (failed.result, failed.reason) == ("fails", "bounce")
    assert failed.message == "The army stopped in Perm."
    assert where(result) == {"Russia A prm", "China A mos"}


def test_a_foreign_unit_blocks_the_line(east: Variant) -> None:
    """A Chinese army in Omsk blocks the line: the ride fails without touching Moscow, and
    the army gets as far as Krasnoyarsk, the last free station before Omsk."""
    units = {"Russia": ["A vla"], "China": ["A oms", "A prm"]}
    orders = {"Russia": ["A vla - tsr - mos"], "China": ["A prm - mos"]}
    result = play(east, "S1870M", units, orders, railways=True)
    assert line(result, "A vla - tsr - mos").reason == "blocked"
    assert line(result, "A prm - mos").result == "succeeds"
    assert where(result) == {"Russia A kra", "China A oms", "China A mos"}


def test_with_no_free_station_the_army_stays_and_may_be_dislodged(east: Variant) -> None:
    """Every station on the way held, the army stays in Vladivostok and is dislodged there;
    with Perm free it would have stopped there and escaped."""
    units = {
        "Russia": ["A vla", "A prm", "A oms", "A kra", "A irk"],
        "China": ["A mos", "A man", "A kor"],
    }
    orders = {"Russia": ["A vla - tsr - mos"], "China": ["A man - vla", "A kor S A man - vla"]}
    result = play(east, "S1870M", units, orders, railways=True)
    assert line(result, "A vla - tsr - mos").message is None
    assert [d.unit.location for d in result.dislodged] == ["vla"]
    units["Russia"].remove("A prm")
    escaped = play(east, "S1870M", units, orders, railways=True)
    assert escaped.dislodged == []
    assert "Russia A prm" in where(escaped)
    assert line(escaped, "A vla - tsr - mos").reason == "bounce"


# -- the Suez Canal -----------------------------------------------------------------------
# The power with a unit in Egypt orders the canal: hold, or support a unit in the Red Sea or
# the Mediterranean to hold or move through it. The support is only permission; an order
# through the canal without it is blocked and fails. If the unit in Egypt moves away, the
# canal's order fails; if that move bounces, it stands.


def test_no_passage_through_the_canal_without_leave(east: Variant) -> None:
    """The French fleet may not sail through without the British canal's support, and its
    blocked move keeps nobody out of the Red Sea."""
    units = {"France": ["F meds", "F ade"], "Britain": ["A egy"]}
    orders = {"France": ["F meds - reds"], "Turkey": [], "Britain": []}
    result = play(east, "S1870M", units, orders, gateways=True)
    assert line(result, "F meds - reds").reason == "blocked"
    units = {"France": ["F meds"], "Turkey": ["F ade"], "Britain": ["A egy"]}
    orders = {"France": ["F meds - reds"], "Turkey": ["F ade - reds"]}
    result = play(east, "S1870M", units, orders, gateways=True)
    assert line(result, "F ade - reds").result == "succeeds"
    plain = play(east, "S1870M", units, orders)
    assert plain.contested == ["reds"]


def test_the_canal_gives_leave(east: Variant) -> None:
    """The canal, ordered `SC S F meds - reds` by Britain, lets the French fleet through."""
    units = {"France": ["F meds"], "Britain": ["A egy"]}
    for canal in ("sc S F meds - reds", "Suez Canal supports Fleet Mediterranean Sea -> Red Sea"):
        orders = {"France": ["F meds - reds"], "Britain": [canal]}
        result = play(east, "S1870M", units, orders, gateways=True)
        assert line(result, canal).result == "succeeds"
        assert line(result, canal).order == "sc S F meds - reds"
        assert where(result) == {"France F reds", "Britain A egy"}


def test_leave_lapses_when_the_unit_in_egypt_leaves(east: Variant) -> None:
    """Britain's army leaves Egypt for Syria: the canal's order fails and the fleet is
    blocked. When the army bounces, the canal's order stands."""
    units = {"France": ["F meds"], "Britain": ["A egy"]}
    orders = {"France": ["F meds - reds"], "Britain": ["A egy - syr", "sc S F meds - reds"]}
    result = play(east, "S1870M", units, orders, gateways=True)
    assert line(result, "sc S F meds - reds").result == "fails"
    assert line(result, "F meds - reds").reason == "blocked"
    units["Turkey"] = ["A syr"]
    held = play(east, "S1870M", units, orders, gateways=True)
    assert line(held, "A egy - syr").result == "fails"
    assert line(held, "sc S F meds - reds").result == "succeeds"
    assert "France F reds" in where(held)


def test_support_through_the_canal_needs_leave_too(east: Variant) -> None:
    """The Turkish fleet in the Red Sea supports an attack on the Mediterranean: blocked
    without leave, counted with `sc S F reds`."""
    units = {"Turkey": ["F reds", "F syr"], "France": ["F meds"], "Britain": ["A egy"]}
    orders = {"Turkey": ["F syr - meds", "F reds S F syr - meds"], "Britain": []}
    blocked = play(east, "S1870M", units, orders, gateways=True)
    assert line(blocked, "F reds S F syr - meds").reason == "blocked"
    assert "France F meds" in where(blocked)
    orders["Britain"] = ["sc S F reds"]
    helped = play(east, "S1870M", units, orders, gateways=True)
    assert [d.unit.location for d in helped.dislodged] == ["meds"]


def test_only_the_power_in_egypt_orders_the_canal(east: Variant) -> None:
    units = {"France": ["F meds"], "Britain": ["A egy"]}
    result = play(east, "S1870M", units, {"France": ["sc S F meds - reds"]}, gateways=True)
    assert line(result, "sc S F meds - reds").message == (
        "France has no unit in Egypt to order the Suez Canal."
    )
    off = play(east, "S1870M", units, {"Britain": ["sc H"], "France": ["F meds - reds"]})
    assert line(off, "sc H").message == "This game does not use the Suez Canal."
    assert line(off, "F meds - reds").result == "succeeds"


def test_a_line_is_no_place_for_a_unit(east: Variant) -> None:
    """Naming the canal or the railway where a province belongs is refused, not a crash."""
    units = {"France": ["F meds"], "Russia": ["A mos"]}
    orders = {"France": ["F meds - sc"], "Russia": ["A mos - tsr"]}
    result = play(east, "S1870M", units, orders, gateways=True, railways=True)
    assert line(result, "F meds - sc").message == "The Suez Canal cannot be named in that order."
    assert line(result, "A mos - tsr").result == "illegal"


def test_the_parser_reads_a_bare_coast_word_only_where_no_name_is(east: Variant) -> None:
    """`sc` is the Suez Canal on this map, and a south coast after a place (colonial's
    Arabia); on the standard map it is still a south coast."""
    import variants

    standard = syntax.OrderParser.for_names(variants.load("standard").names)
    assert standard.parse("F mao - spa sc", "movement").destination.coast == "sc"  # type: ignore[union-attr]
    ours = syntax.OrderParser.for_names(east.names)
    assert ours.parse("sc h", "movement").unit.location.province == "sc"  # type: ignore[union-attr]
    colonial = syntax.OrderParser.for_names(variants.load("colonial").names)
    order = colonial.parse("F aras - arb sc", "movement")
    assert str(order.destination) == "arb/sc"  # type: ignore[union-attr]


def test_the_results_name_the_railway_and_the_canal(east: Variant) -> None:
    """The movement results write the ride and the canal's order in the njudge's words."""
    from adjudicator.document import write_result
    from judge.reports.play.movement import movement_results

    units = {"Russia": ["A vla"], "China": ["A mos"], "France": ["F meds"], "Britain": ["A egy"]}
    orders = {
        "Russia": ["A vla - tsr - mos"],
        "France": ["F meds - reds"],
        "Britain": ["sc S F meds - reds"],
    }
    result = play(east, "S1870M", units, orders, railways=True, gateways=True)
    text = movement_results(
        east, "suez", 1, {"phase": "S1870M", "units": units}, write_result(east, result)
    )
    assert "Russia: Army Vladivostok -> Trans Siberian Railway -> Moscow. (*bounce*)" in text
    assert "Britain: Suez Canal SUPPORT French Fleet Mediterranean Sea -> Red Sea." in text
    assert "France: Fleet Mediterranean Sea -> Red Sea." in text

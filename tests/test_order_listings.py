"""The orders a reply shows a power, as a trial adjudication reads them: its errors first,
then its own orders in the njudge's layout for a movement, retreat or adjustment phase
(shared/njudge-formats.md 2.3 and 2.11)."""

from __future__ import annotations

from judge.reports import play as r
from tests.reportkit import V, adjustments, lines_of, opening_units, run


def test_movement_listing_shows_errors_then_the_power_s_own_orders():
    _, out = run(
        "S1901M",
        opening_units(),
        {
            "France": ["A par-xyz", "A mar - bur", "a mar-spa", "F bre - mao"],
            "Germany": ["A mun - bur", "F kie - den"],
        },
    )
    text = r.orders_listing(V, "mygame", 1, "S1901M", "France", out)
    assert lines_of(text) == [
        "F: A par-xyz",
        out["orders"][0]["message"],
        "",
        "Movement orders for Spring of 1901. (mygame.001)",
        "",
        "France: Army Marseilles -> Spain.",
        "France: Army Paris, No Order Processed.",
        "France: Fleet Brest -> Mid-Atlantic Ocean.",
    ]
    # The replaced order (A mar - bur) is not shown, nor is anything of Germany's, and the
    # trial's verdicts (Marseilles bounces nowhere, but it could) never leak into a reply.
    assert "Burgundy" not in text and "Germany" not in text and "(*" not in text


def test_movement_listing_with_every_unit_unordered():
    _, out = run("S1901M", opening_units(), {})
    assert lines_of(r.orders_listing(V, "dt", 1, "S1901M", "Russia", out)) == [
        "Movement orders for Spring of 1901. (dt.001)",
        "",
        "Russia: Army Moscow, No Order Processed.",
        "Russia: Army Warsaw, No Order Processed.",
        "Russia: Fleet Sevastopol, No Order Processed.",
        "Russia: Fleet St Petersburg (south coast), No Order Processed.",
    ]


def test_movement_listing_names_supported_foreign_units_and_illegal_order_messages():
    _, out = run(
        "S1901M",
        opening_units(),
        {"Italy": ["A ven S F tri", "A rom - mos", "F nap - ion"], "Austria": ["F tri H"]},
    )
    assert lines_of(r.orders_listing(V, "mygame", 1, "S1901M", "Italy", out)) == [
        "I: A rom - mos",
        "The army in Rome can't get to Moscow.",
        "",
        "Movement orders for Spring of 1901. (mygame.001)",
        "",
        "Italy: Army Rome, No Order Processed.",
        "Italy: Army Venice SUPPORT Austrian Fleet Trieste.",
        "Italy: Fleet Naples -> Ionian Sea.",
    ]


def test_movement_listing_warns_of_own_convoys_that_do_not_match():
    units = {"England": ["A lon", "F nth", "F eng", "A wal"]}
    _, out = run(
        "S1901M",
        units,
        {"England": ["A lon - nth - nwy", "F nth H", "F eng C A wal - bre", "A wal H"]},
    )
    assert lines_of(r.orders_listing(V, "g", 3, "S1901M", "England", out))[2:] == [
        "England: Army London -> North Sea -> Norway. (*WARN: check convoy*)",
        "England: Army Wales HOLD.",
        "England: Fleet English Channel CONVOY Army Wales -> Brest. (*WARN: check convoy*)",
        "England: Fleet North Sea HOLD.",
    ]
    # Matching orders draw no warning.
    _, out = run("S1901M", units, {"England": ["A lon - nth - nwy", "F nth C A lon - nwy"]})
    assert "WARN" not in r.orders_listing(V, "g", 3, "S1901M", "England", out)


def test_a_convoy_route_the_order_left_out_is_shown_from_the_fleets_orders():
    units = {"England": ["A lon", "F nth", "F nwg"]}
    _, out = run("S1901M", units, {"England": ["A lon - nwy", "F nth C A lon - nwy"]})
    listing = r.orders_listing(V, "g", 1, "S1901M", "England", out)
    assert "England: Army London -> North Sea -> Norway." in lines_of(listing)


def test_retreat_listing():
    units = {"Austria": ["A vie", "A bud"], "Russia": ["A boh", "A tyr"]}
    _, moved = run("F1901M", units, {"Russia": ["A boh - vie", "A tyr S A boh - vie"]})
    assert moved["next_phase"] == "F1901R"
    doc = {
        "units": moved["units"],
        "centers": moved["centers"],
        "dislodged": moved["dislodged"],
    }
    _, out = run("F1901R", doc["units"], {}, dislodged=doc["dislodged"])
    assert lines_of(r.orders_listing(V, "mygame", 5, "F1901R", "Austria", out)) == [
        "Retreat orders for Fall of 1901.  (mygame.005)",
        "",
        "Austria:                  Army  Vienna, No Order Processed (DISBAND).",
    ]
    _, out = run("F1901R", doc["units"], {"Austria": ["A vie - gal"]}, dislodged=doc["dislodged"])
    assert lines_of(r.orders_listing(V, "mygame", 5, "F1901R", "Austria", out))[2:] == [
        "Austria:                  Army  Vienna -> Galicia.",
    ]


def test_adjustment_listing_counts_pending_builds():
    _, out = adjustments({"France": ["build A bre", "build A par"], "Turkey": ["build F ank"]})
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "France", out)) == [
        "F: build A par",
        "Paris already has a unit present.",
        "",
        "Adjustment orders for Winter of 1901.  (mygame.006)",
        "",
        "France:                   Builds an army in Brest.",
        "France:                   1 build pending.",
    ]
    # Austria owns Trieste but an Italian fleet stands there: the build cannot be used.
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "Austria", out))[2:] == [
        "Austria:                  1 unusable build pending.",
    ]
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "Turkey", out))[2:] == [
        "Turkey:                   Builds a fleet in Ankara.",
        "Turkey:                   1 build pending.",
    ]
    _, out = adjustments({})
    assert lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "France", out)) == [
        "Adjustment orders for Winter of 1901.  (mygame.006)",
        "",
        "France:                   2 builds pending.",
    ]


def test_adjustment_listing_shows_the_removal_the_judge_will_make_by_default():
    _, out = adjustments({"Germany": ["remove F nth"]})
    listing = lines_of(r.orders_listing(V, "mygame", 6, "F1901B", "Germany", out))
    assert listing[:2] == [
        "G: remove F nth",
        "Germany does not own a unit in the North Sea to remove.",
    ]
    default = [
        line
        for line in out["orders"]
        if line["reason"] == "civil disorder" and line["power"] == "Germany"
    ]
    assert len(default) == 1
    assert listing[-1] == (
        "Germany:                  Defaults, removing "
        + r.order_phrase(V, "Germany", default[0]["order"], kind="adjustment")[len("Removes ") :]
        + "."
    )

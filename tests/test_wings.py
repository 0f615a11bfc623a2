"""Wings (info.wings): a Standard game played with the `wings` modifier, by mail, from the
winter its first wings are built to the winter a wing's blockade costs France a unit; then
the rules of wings on the adjudicator's own documents (no convoys, no captures, blockades
that count for nobody, never against oneself)."""

from __future__ import annotations

import random

import pytest

import variants
from adjudicator import adjudicate
from adjudicator.board import Unit
from adjudicator.given import Position, read_orders
from adjudicator.options import Options
from adjudicator.phase import Phase
from adjudicator.phases import adjudicate_phase
from adjudicator.wings import with_wings
from tests.gametable import MASTER, POWERS, address, form, master
from tests.randomgames import random_orders


def results(table, who: str, phase: str) -> str:
    mails = table.wait_for(who, f"USTS:war - {phase} Results")
    assert len(mails) == 1
    return mails[0].get_content()


def test_wings_are_built_fly_support_retreat_and_blockade_by_mail(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?war pwMaster standard wings\nBECOME MASTER\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    ).get_content()
    assert ":: Judge: USTS  Game: War  Variant: Standard Wings" in made
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} wings\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    # 1901: Germany takes Denmark and Holland, France leaves Paris for Picardy.
    table.orders("Germany", "A mun-ruh\nA ber H\nF kie-den")
    table.orders("France", "A par-pic")
    master(table, "PROCESS")
    table.orders("Germany", "A ruh-hol\nF den H")
    master(table, "PROCESS")
    assert "Germany:   5 Supply centers,  3 Units:  Builds   2 units." in results(
        table, MASTER, "F1901M"
    )

    # Winter: two wings, written the ways players write them.
    built = table.orders("Germany", "Build W kie\nbuild wing mun")
    assert "Germany:                  Builds a wing in Kiel." in built
    assert "Germany:                  Builds a wing in Munich." in built
    winter = results(table, address("Germany"), "F1901B")
    assert "Germany:                  Builds a wing in Munich." in winter

    # Spring 1902: one wing flies out to sea, the other over land.
    listed = table.orders("Germany", "W kie - hel\nW mun-bur")
    assert "Germany: Wing Kiel -> Helgoland Bight." in listed
    assert "Germany: Wing Munich -> Burgundy." in listed
    master(table, "PROCESS")
    spring = results(table, address("France"), "S1902M")
    assert "Germany: Wing Kiel -> Helgoland Bight." in spring
    assert "Germany: Wing Munich -> Burgundy." in spring

    # Fall: the wing at sea wins the North Sea for the German fleet; France dislodges the
    # wing in Burgundy from Picardy, so Paris, empty, is open to its retreat.
    table.orders("Germany", "W hel S F den - nth\nF den-nth\nW bur H")
    table.orders("England", "F edi-nth")
    table.orders("France", "A pic-bur\nA mar S A pic - bur")
    master(table, "PROCESS")
    fall = results(table, address("England"), "F1902M")
    assert "Germany: Wing Helgoland Bight SUPPORT Fleet Denmark -> North Sea." in fall
    assert "Germany: Fleet Denmark -> North Sea." in fall
    assert "England: Fleet Edinburgh -> North Sea. (*bounce*)" in fall
    assert "Germany: Wing Burgundy HOLD. (*dislodged*)" in fall
    assert (
        "The German Wing in Burgundy can retreat to Belgium or Gascony or Munich or\n"
        "Paris or Ruhr." in fall
    )

    # The retreat to Paris: the wing blockades it. France keeps it but cannot count it.
    assert "Germany:                  Wing  Burgundy -> Paris." in table.orders(
        "Germany", "W bur - par"
    )
    retreat = results(table, address("France"), "F1902R")
    assert "France:    Brest, Marseilles, (Paris)." in retreat
    assert "France:    2 Supply centers,  3 Units:  Removes  1 unit." in retreat
    assert "Germany:   5 Supply centers,  5 Units:  Builds   0 units." in retreat
    assert "The next phase of 'war' will be Adjustments for Winter of 1902." in retreat
    removal = table.orders("France", "remove A bur")
    assert "France:                   Removes the army in Burgundy." in removal
    assert "unusable build" not in removal
    results(table, MASTER, "F1902B")
    listing = table.send(address("France"), "LIST war\n").get_content()
    assert "Variant:  Standard, Wings." in listing
    assert "Germany: Wing Paris." in listing
    assert "France:    2 Supply centers,  2 Units:  Builds   0 units." in listing
    state = table.show()
    assert state["phase"] == "S1903M"
    assert "par" in state["centers"]["France"]  # owned still, only blockaded
    # SUMMARY counts France's two centres it can use, with no build left unmade.
    summary = table.send(address("France"), "SUMMARY war\n").get_content()
    [row] = [line for line in summary.splitlines() if line.startswith("France")]
    assert row.split()[1:4] == ["3", "3", "2"], row


# -- the rules, on the adjudicator's documents ---------------------------------------------


def _fall(units: dict, orders: dict, centers: dict | None = None) -> dict:
    return adjudicate(
        {
            "variant": "standard",
            "phase": "F1901M",
            "options": {"wings": True},
            "units": units,
            "centers": centers or {"England": ["lon", "edi", "lvp"], "France": ["bre", "par"]},
            "orders": orders,
        }
    )


def _verdict(out: dict, text: str) -> dict:
    return next(x for x in out["orders"] if x["text"] == text)


def test_a_wing_neither_convoys_nor_is_convoyed():
    out = _fall(
        {"England": ["W nth", "F eng", "A wal"], "France": ["W pic"]},
        {"England": ["W nth C A wal - bel", "F eng C W pic - lon", "A wal - bel"]},
    )
    refused = _verdict(out, "W nth C A wal - bel")["message"]
    assert refused == "The wing in the North Sea can't convoy anything."
    assert _verdict(out, "F eng C W pic - lon")["message"] == "Only armies can be convoyed."
    assert "A wal" in out["units"]["England"]  # no convoy: the army stays


def test_a_wing_takes_no_centre_and_blockades_another_powers():
    out = _fall(
        {"England": ["W pic", "W yor", "F eng"], "France": ["A bre"]},
        {"England": ["W pic - par", "W yor - lon", "F eng - bel"], "France": ["A bre H"]},
    )
    # Paris stays French, Belgium (a fleet's) becomes English, London (his own) stays his.
    assert out["centers"]["France"] == ["bre", "par"]
    assert "bel" in out["centers"]["England"] and "par" not in out["centers"]["England"]
    # France counts one centre (Brest) for one army; England four for three units.
    assert out["adjustments"] == {"England": 1, "France": 0}


def test_a_wing_on_a_neutral_centre_takes_nothing_and_blocks_nothing():
    out = _fall(
        {"England": ["W hol", "F lon"]},
        {"England": ["W hol H", "F lon H"]},
        {"England": ["lon", "edi", "lvp"]},
    )
    assert "hol" not in out["centers"]["England"]
    assert out["adjustments"] == {"England": 1}


@pytest.mark.parametrize("order", ["Build W lon", "build wing lon", "W lon B", "b w lon"])
def test_a_wing_is_built_on_a_home_centre(order):
    out = adjudicate(
        {
            "variant": "standard",
            "phase": "F1901B",
            "options": {"wings": True},
            "units": {"England": ["F nth"]},
            "centers": {"England": ["lon", "edi", "lvp"]},
            "orders": {"England": [order]},
        }
    )
    assert out["orders"][0]["result"] == "succeeds"
    assert "W lon" in out["units"]["England"]


def test_without_the_option_no_wing_is_built():
    out = adjudicate(
        {
            "variant": "standard",
            "phase": "F1901B",
            "units": {"England": ["F nth"]},
            "centers": {"England": ["lon", "edi", "lvp"]},
            "orders": {"England": ["Build W lon"]},
        }
    )
    assert out["orders"][0]["result"] == "illegal"
    assert out["orders"][0]["message"] == "Standard has no units of that type."


def test_random_wings_games_never_let_a_wing_take_a_centre():
    """Random games on Standard with wings (built at random beside armies and fleets): every
    phase adjudicates, and a centre changes hands only under an army or a fleet."""
    variant = with_wings(variants.load("standard"))
    wings_seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        position = Position(
            variant,
            Phase.parse(variant.start, variant),
            tuple(Unit(u.power, u.type, u.location) for u in variant.units),
            dict(variant.ownership),
        )
        while position.phase.year < 1907:
            orders = read_orders(variant, position.phase, random_orders(rng, position))
            result = adjudicate_phase(position, orders, Options(wings=True))
            standing = {u.province: u for u in result.units}
            for center, owner in result.centers.items():
                if position.centers.get(center) != owner:
                    assert standing[center].type != "W", (position.phase, center)
            wings_seen += sum(1 for u in result.units if u.type == "W")
            if result.winner:
                break
            position = Position(
                variant,
                result.next_phase,
                tuple(result.units),
                result.centers,
                tuple(d for d in result.dislodged if d.retreats),
            )
    assert wings_seen > 0


def test_a_wing_flies_over_arctic_water_in_the_fall():
    """info.wings: wings are free of the arctic winter that holds armies and fleets
    (loeb9's Arctic Ocean)."""
    out = adjudicate(
        {
            "variant": "loeb9",
            "phase": "F1901M",
            "options": {"wings": True},
            "units": {"England": ["W nwg", "F nao", "W arc"]},
            "centers": {"England": ["lon", "edi", "lvp"]},
            "orders": {"England": ["W nwg - bar", "F nao - arc", "W arc - nwg"]},
        }
    )
    assert (
        _verdict(out, "F nao - arc")["message"]
        == "No unit may move into the Arctic Ocean in the Fall."
    )
    assert _verdict(out, "W arc - nwg")["result"] == "succeeds"
    assert sorted(out["units"]["England"]) == ["F nao", "W bar", "W nwg"]


def test_modern_starts_its_nuclear_powers_with_wings_only_in_a_wings_game(table):
    """info.modern: "Only the three 'nuclear' powers have wings available at the start
    (Britain, France and Russia)": F/W LON, F/W BOR, A/W GOR; a game without wings plays
    the fleet or army."""
    table.send(MASTER, form(MASTER))
    for game, words in (("nuke", "modern wings"), ("calm", "modern")):
        made = table.send(MASTER, f"CREATE ?{game} pwMaster {words}\nBECOME MASTER\n")
        assert f"Game: {game.capitalize()}" in made.get_content()
        started = table.send(MASTER, f"SIGN ON M{game} pwMaster\nFORCE BEGIN\n").get_content()
        assert "begins with" in started, started
    nuke, calm = table.show("nuke")["units"], table.show("calm")["units"]
    assert "W lon" in nuke["Britain"] and "F lon" not in nuke["Britain"]
    assert "W bor" in nuke["France"] and "W gor" in nuke["Russia"]
    assert "F lon" in calm["Britain"] and "A gor" in calm["Russia"]
    assert not any(u.startswith("W") for units in calm.values() for u in units)
    assert nuke["Germany"] == calm["Germany"]
    info = table.send("watcher@example.org", "GET info.modern\n")
    assert "File info.modern sent." in info.get_content()

"""Blind games (info.blind): each player's results show his own units, orders and centres,
an observer's none of the units, the master's everything; the subject says Blind Results.
Over SMTP a game is played through a spring, a fall with a dislodgement and its retreat,
and a winter; the pure functions that cut a phase down to what a reader sees are tested
on their own below."""

from __future__ import annotations

from adjudicator import adjudicate
from judge.reports.blind import blind_report, seen_input, seen_output, sight
from judge.reports.play import movement_results
from tests.gametable import MASTER, POWERS, address, form, master
from variants import load

WATCHER = "watcher@example.org"


def start_blind(table) -> None:
    """A moderated blind game 'war': the seven sign on naming its option, a watcher
    observes."""
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?war pwMaster blind\nBECOME MASTER\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    ).get_content()
    assert "Variant: Standard Blind" in made
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} blind\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    watching = table.send(WATCHER, "OBSERVE war passW\n").get_content()
    assert "You are now an Observer in game 'war'." in watching


def results(table, who: str, phase: str, blind: bool = True) -> str:
    event = "Blind Results" if blind else "Results"
    mails = table.wait_for(who, f"USTS:war - {phase} {event}")
    assert len(mails) == 1
    return mails[0].get_content()


def test_a_blind_game_shows_each_reader_only_what_he_sees(table):
    start_blind(table)
    # Spring: France into Burgundy, Germany to Ruhr and Holland, Italy to Piedmont.
    table.orders("France", "A par-bur")
    table.orders("Germany", "A mun-ruh\nA ber-mun\nF kie-hol")
    table.orders("Italy", "A ven-pie")
    master(table, "PROCESS")
    french = results(table, address("France"), "S1901M")
    assert "Movement results for Spring of 1901. (war.001)" in french
    assert "France: Army Paris -> Burgundy." in french
    assert "France: Army Marseilles, No Order Processed." in french
    assert "Germany:" not in french and "Italy:" not in french
    assert "The next phase of 'war' will be Movement for Fall of 1901." in french
    assert not table.inbox(address("France"), "S1901M Results")  # no full copy
    full = results(table, MASTER, "S1901M", blind=False)
    assert "Germany: Fleet Kiel -> Holland." in full and "France: Army Paris -> Burgundy." in full
    assert not table.inbox(MASTER, "Blind Results")

    # Fall: Germany dislodges the French army in Burgundy; Italy supports a French unit.
    table.orders("Germany", "A ruh-bur\nA mun S A ruh-bur\nF hol H")
    table.orders("France", "A bur H")
    table.orders("Italy", "A pie S A mar")
    master(table, "PROCESS")
    french = results(table, address("France"), "F1901M")
    assert "France: Army Burgundy HOLD. (*dislodged*)" in french
    assert "The French Army in Burgundy can retreat to" in french
    assert "Germany:" not in french and "Italian" not in french
    german = results(table, address("Germany"), "F1901M")
    assert "Germany: Army Ruhr -> Burgundy." in german
    assert "Germany: Army Munich SUPPORT Army Ruhr -> Burgundy." in german
    assert "dislodged" not in german  # not his unit
    assert "France:" not in german
    italian = results(table, address("Italy"), "F1901M")
    # Neither the owner nor the type of a unit that is not his own.
    assert "Italy: Army Piedmont SUPPORT unknown unit Marseilles." in italian
    assert "French" not in italian and "France" not in italian
    turkish = results(table, address("Turkey"), "F1901M")  # far from it all
    assert "Turkey: Army Constantinople, No Order Processed." in turkish
    for other in POWERS:
        if other != "Turkey":
            assert f"{other}:" not in turkish
    assert "dislodged" not in turkish
    watched = results(table, WATCHER, "F1901M")
    assert "Movement results for Fall of 1901. (war.002)" in watched
    assert not any(f"{power}:" in watched for power in POWERS)
    assert "The next phase of 'war' will be Retreats for Fall of 1901." in watched
    full = results(table, MASTER, "F1901M", blind=False)
    assert "Italy: Army Piedmont SUPPORT French Army Marseilles." in full
    assert "The French Army in Burgundy can retreat to" in full

    # The retreat, then the centres: one's own by name, the others' by number.
    table.orders("France", "A bur-par")
    french = results(table, address("France"), "F1901R")
    assert "France:                   Army  Burgundy -> Paris." in french
    assert "France:    Brest, Marseilles, Paris." in french
    assert "France:    3 Supply centers,  3 Units:  Builds   0 units." in french
    assert "Germany:   4 Supply centers." in french
    assert "Holland" not in french and "Unowned:" not in french
    german = results(table, address("Germany"), "F1901R")
    assert "Germany:   Berlin, Holland, Kiel, Munich." in german
    assert "Germany:   4 Supply centers,  3 Units:  Builds   1 unit." in german
    assert "France:    3 Supply centers." in german
    assert "Army  Burgundy" not in german
    watched = results(table, WATCHER, "F1901R")
    assert "Germany:   4 Supply centers." in watched
    assert "Berlin" not in watched and "Units" not in watched
    full = results(table, MASTER, "F1901R", blind=False)
    assert "Unowned:" in full and "Germany:   Berlin, Holland, Kiel, Munich." in full

    # Winter: Germany builds; nobody else reads of it.
    table.orders("Germany", "build a ber")
    german = results(table, address("Germany"), "F1901B")
    assert "Germany:                  Builds an army in Berlin." in german
    french = results(table, address("France"), "F1901B")
    assert "Adjustment results for Winter of 1901.  (war.004)" in french
    assert "Berlin" not in french and "Germany" not in french
    assert "Builds an army in Berlin." in results(table, MASTER, "F1901B", blind=False)
    assert table.show()["phase"] == "S1902M"

    # LIST shows the same: one's own units and centres, the others' counts.
    listing = table.orders("France", "LIST")
    assert "France:    Brest, Marseilles, Paris." in listing
    assert "Germany:   4 Supply centers." in listing
    assert "Army Berlin" not in listing and "Fleet Holland" not in listing
    outsider = table.send(WATCHER, "LIST war\n").get_content()
    assert "Germany:   4 Supply centers." in outsider and "Paris" not in outsider
    # HISTORY stays the master's, and holds the whole results.
    refused = table.send(address("France"), "HISTORY war\n").get_content()
    assert "is for its master only" in refused
    history = master(table, "HISTORY war\n")
    assert "Italy: Army Piedmont SUPPORT French Army Marseilles." in history


# -- what a reader sees, as pure functions -----------------------------------------------


STANDARD = load("standard")
SPRING = {
    "variant": "standard",
    "phase": "S1901M",
    "units": {
        "France": ["A par", "A mar", "F bre"],
        "Germany": ["A mun", "A ber", "F kie"],
        "Italy": ["A ven"],
        "Turkey": ["F ank"],
    },
    "orders": {
        "France": ["A par - bur", "A mar S A par - bur"],
        "Germany": ["A mun S A par - bur", "F kie - hol"],
        "Italy": ["A ven - pie"],
    },
}


def test_sight_is_a_players_own_power_an_observers_nothing_a_masters_everything():
    assert sight("player", "France") == {"France"}
    assert sight("observer", None) == frozenset()
    assert sight("player", None) == frozenset()  # before the powers are given out
    assert sight("master", None) is None


def test_a_player_sees_his_own_units_orders_and_dislodgements_only():
    out = {
        "phase": "F1901M",
        "orders": [
            {"power": "France", "order": "A bur H", "result": "fails", "reason": "dislodged"},
            {"power": "Germany", "order": "A ruh - bur", "result": "succeeds"},
        ],
        "units": {"France": ["A mar"], "Germany": ["A bur"]},
        "dislodged": [{"power": "France", "unit": "A bur", "retreats": ["par"]}],
        "centers": {"France": ["par"], "Germany": ["mun"]},
        "adjustments": {"France": 0, "Germany": 1},
    }
    german = seen_output(out, {"Germany"})
    assert german["orders"] == [out["orders"][1]]
    assert german["units"] == {"Germany": ["A bur"]}
    assert german["dislodged"] == [] and german["adjustments"] == {"Germany": 1}
    assert german["centers"] == out["centers"]  # the counts are public; the tables say how
    nobody = seen_input({**SPRING, "dislodged": out["dislodged"]}, frozenset())
    assert nobody["units"] == {} and nobody["orders"] == {} and nobody["dislodged"] == []


def test_a_blind_copy_names_no_unit_but_the_readers_own():
    out = adjudicate(SPRING)
    full = movement_results(STANDARD, "war", 1, SPRING, out).rstrip("\n")
    assert "Germany: Army Munich SUPPORT French Army Paris -> Burgundy." in full
    german = blind_report(STANDARD, "war", 1, SPRING, out, {"Germany"})
    assert german.splitlines() == [
        "Movement results for Spring of 1901. (war.001)",
        "",
        "Germany: Army Berlin, No Order Processed.",
        "Germany: Army Munich SUPPORT unknown unit Paris -> Burgundy.",
        "Germany: Fleet Kiel -> Holland.",
    ]
    french = blind_report(STANDARD, "war", 1, SPRING, out, {"France"})
    assert "France: Army Marseilles SUPPORT Army Paris -> Burgundy." in french
    assert "Germany" not in french and "Italy" not in french
    watched = blind_report(STANDARD, "war", 1, SPRING, out, frozenset())
    assert watched == "Movement results for Spring of 1901. (war.001)"
    # Cut down to every power, the copy loses nothing but the names of others' units.
    assert blind_report(STANDARD, "war", 1, SPRING, out, {p for p in POWERS}) == full.replace(
        "SUPPORT French Army", "SUPPORT unknown unit"
    )

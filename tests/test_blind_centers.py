"""SET BCENTERS (info.blind, manual 9.1): in a blind game every reader is shown which
centres each power owns, not only his own; units stay hidden and so do the others' unit
counts. Refused in a game that is not blind, where it would do nothing. By mail (the
setting, LIST), then the results' tables as pure functions."""

from __future__ import annotations

from adjudicator import adjudicate
from judge.reports.blind import blind_report, sight
from tests.gametable import MASTER, POWERS, address, form, master
from variants import load

WATCHER = "watcher@example.org"


def test_bcenters_shows_a_blind_games_centres_to_every_reader(table):
    table.send(MASTER, form(MASTER))
    plain = table.send(MASTER, "CREATE ?war pwMaster\nBECOME MASTER\nSET BCENTERS\n")
    assert "SET BCENTERS: game 'war' is not a Blind game." in plain.get_content()
    assert "blind_centers" not in table.show()["settings"]
    made = master(table, "SET VARIANT blind\nSET BCENTRES\nSET LIST\n")
    assert "Game 'war' set: Variant Standard Blind." in made
    assert "Game 'war' set: BCentres." in made
    assert table.show()["settings"]["blind_centers"] is True
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} blind\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    table.send(WATCHER, "OBSERVE war passW\n")

    french = table.orders("France", "LIST")
    assert "BCentres" in french
    assert "France:    Brest, Marseilles, Paris." in french
    assert "Germany:   Berlin, Kiel, Munich." in french
    assert "Unowned:   Belgium, Bulgaria" in french
    assert "France:    3 Supply centers,  3 Units:  Builds   0 units." in french
    assert "Germany:   3 Supply centers." in french  # his units' count stays hidden
    assert "Army Berlin" not in french and "Army Paris" in french
    watched = table.send(WATCHER, "LIST war\n").get_content()
    assert "Russia:    Moscow, Sevastopol, St Petersburg, Warsaw." in watched
    assert "Army" not in watched and "Fleet" not in watched

    off = master(table, "SET NO BCENTERS\n")
    assert "Game 'war' set: NoBCentres." in off
    french = table.orders("France", "LIST")
    assert "Germany:   3 Supply centers." in french
    assert "Berlin" not in french and "Unowned:" not in french


STANDARD = load("standard")
FALL = {
    "variant": "standard",
    "phase": "F1901M",
    "units": {"France": ["A par", "F bre"], "Germany": ["A ruh", "F kie"]},
    "centers": {"France": ["par", "bre", "mar"], "Germany": ["ber", "kie", "mun"]},
    "orders": {"France": ["A par - bur"], "Germany": ["A ruh - hol"]},
}


def test_a_blind_results_copy_names_every_powers_centres_only_under_bcenters():
    out = adjudicate(FALL)
    usual = blind_report(STANDARD, "war", 2, FALL, out, sight("player", "France"))
    assert "Germany:   4 Supply centers." in usual and "Holland" not in usual
    shown = blind_report(STANDARD, "war", 2, FALL, out, sight("player", "France", True))
    assert "Germany:   Berlin, Holland, Kiel, Munich." in shown
    assert "France:    Brest, Marseilles, Paris." in shown
    assert "Germany:   4 Supply centers." in shown  # still no count of his units
    assert "Army Holland" not in shown and "Germany: Army" not in shown
    watcher = blind_report(STANDARD, "war", 2, FALL, out, sight("observer", None, True))
    assert "Germany:   Berlin, Holland, Kiel, Munich." in watcher
    assert "Units" not in watcher

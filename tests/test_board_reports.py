"""The board as it stands: the game-start mail's starting position, made from the variant,
and the status LIST shows, as the njudge prints them (shared/njudge-formats.md 2.11)."""

from __future__ import annotations

from judge.reports import play as r
from tests.reportkit import V, fall_retreat, lines_of, opening_units


def test_starting_position_like_the_report_file():
    lines = lines_of(r.starting_position(V, "S1901M"))
    assert lines[:6] == [
        "Starting position for Spring of 1901.",
        "",
        "Austria: Army  Vienna.",
        "Austria: Army  Budapest.",
        "Austria: Fleet Trieste.",
        "",
    ]
    # In the report file's order (London before Edinburgh, the army last), not sorted.
    assert lines[6:9] == [
        "England: Fleet London.",
        "England: Fleet Edinburgh.",
        "England: Army  Liverpool.",
    ]
    assert "France:  Army  Paris." in lines
    assert "Italy:   Fleet Naples." in lines
    assert "Russia:  Fleet St Petersburg (south coast)." in lines
    assert lines[-1] == "Turkey:  Fleet Ankara."
    assert len([line for line in lines if line.endswith(".")]) == 1 + 22


# The njudge's own LIST of a new standard game (tests/baseline/Bug91-11.out).
NJUDGE_STATUS = """\
Status of the Movement phase for Spring of 1901.  (dt.001)

Austria: Army Budapest.
Austria: Army Vienna.
Austria: Fleet Trieste.

England: Army Liverpool.
England: Fleet Edinburgh.
England: Fleet London.

France:  Army Marseilles.
France:  Army Paris.
France:  Fleet Brest.

Germany: Army Berlin.
Germany: Army Munich.
Germany: Fleet Kiel.

Italy:   Army Rome.
Italy:   Army Venice.
Italy:   Fleet Naples.

Russia:  Army Moscow.
Russia:  Army Warsaw.
Russia:  Fleet Sevastopol.
Russia:  Fleet St Petersburg (south coast).

Turkey:  Army Constantinople.
Turkey:  Army Smyrna.
Turkey:  Fleet Ankara.


Ownership of supply centers:

Austria:   Budapest, Trieste, Vienna.
England:   Edinburgh, Liverpool, London.
France:    Brest, Marseilles, Paris.
Germany:   Berlin, Kiel, Munich.
Italy:     Naples, Rome, Venice.
Russia:    Moscow, Sevastopol, St Petersburg, Warsaw.
Turkey:    Ankara, Constantinople, Smyrna.
Unowned:   Belgium, Bulgaria, Denmark, Greece, Holland, Norway, Portugal,
           Rumania, Serbia, Spain, Sweden, Tunis.

Austria:   3 Supply centers,  3 Units:  Builds   0 units.
England:   3 Supply centers,  3 Units:  Builds   0 units.
France:    3 Supply centers,  3 Units:  Builds   0 units.
Germany:   3 Supply centers,  3 Units:  Builds   0 units.
Italy:     3 Supply centers,  3 Units:  Builds   0 units.
Russia:    4 Supply centers,  4 Units:  Builds   0 units.
Turkey:    3 Supply centers,  3 Units:  Builds   0 units.
"""


def test_status_listing_of_a_new_game_is_the_njudge_s():
    assert r.status_listing(V, "dt", 1, "S1901M", {"units": opening_units()}) == NJUDGE_STATUS


def test_status_listing_in_a_retreat_phase_shows_where_units_may_go():
    doc, _ = fall_retreat({})
    text = r.status_listing(V, "mygame", 5, "F1901R", doc)
    lines = lines_of(text)
    assert lines[0] == "Status of the Retreat phase for Fall of 1901.  (mygame.005)"
    assert lines[1:5] == [
        "",
        "Austria: Army Budapest.",
        "Austria: Army Vienna can retreat to Galicia or Trieste.",
        "",
    ]
    assert "Germany: Fleet Kiel can retreat to Berlin or Denmark or Holland." in lines
    # The column after the power is set by the longest name among powers with units.
    assert "Turkey:  Army Rumania." in lines
    # Dislodged units still count in the table until they have retreated.
    assert "Austria:   3 Supply centers,  2 Units:  Builds   1 unit." in lines

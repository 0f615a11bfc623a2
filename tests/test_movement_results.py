"""Movement results in the njudge's layout: each unit's order and fate, the dislodged units,
and after the centre season the ownership tables with their tags (shared/njudge-formats.md
2.4; the njudge's own transcripts). Every document comes from the adjudicator."""

from __future__ import annotations

from judge.reports import play as r
from tests.reportkit import V, lines_of, opening_units, run


def busy_spring() -> tuple[dict, dict]:
    return run(
        "S1902M",
        {
            "Austria": ["A boh", "A bud", "F tri"],
            "England": ["A lon", "F nth"],
            "France": ["F eng", "F bel"],
            "Germany": ["A ber", "A mun", "A den"],
            "Italy": ["A ven", "A rom", "A pie", "F adr", "A alb"],
            "Russia": ["A sev", "F swe", "F bal"],
            "Turkey": ["A arm", "F bla"],
        },
        {
            "Austria": ["A boh - mun", "A bud - rum"],
            "England": ["A lon - bel", "F nth C A lon - bel"],
            "France": ["F eng - nth", "F bel S F eng - nth"],
            "Germany": ["A ber - sil", "A mun S A ber - sil"],
            "Italy": ["A ven - tri", "F adr S A ven - tri", "A rom - apu", "A pie S A rom - tus"],
            "Russia": ["A sev - rum", "F swe - den", "F bal S F swe - den"],
            "Turkey": ["A arm - sev", "F bla S A arm - sev"],
        },
    )


def test_movement_results_with_every_kind_of_failure():
    doc, out = busy_spring()
    assert lines_of(r.movement_results(V, "mygame", 7, doc, out)) == [
        "Movement results for Spring of 1902. (mygame.007)",
        "",
        "Austria: Army Bohemia -> Munich. (*bounce*)",
        "Austria: Army Budapest -> Rumania. (*bounce*)",
        "Austria: Fleet Trieste, No Order Processed. (*dislodged*)",
        "",
        "England: Army London -> North Sea -> Belgium. (*no convoy*)",
        "England: Fleet North Sea CONVOY Army London -> Belgium. (*dislodged*)",
        "",
        "France: Fleet Belgium SUPPORT Fleet English Channel -> North Sea.",
        "France: Fleet English Channel -> North Sea.",
        "",
        "Germany: Army Berlin -> Silesia.",
        "Germany: Army Denmark, No Order Processed. (*dislodged*)",
        "Germany: Army Munich SUPPORT Army Berlin -> Silesia. (*cut*)",
        "",
        "Italy: Army Albania, No Order Processed.",
        "Italy: Army Piedmont SUPPORT Army Rome -> Tuscany. (*void*)",
        "Italy: Army Rome -> Apulia.",
        "Italy: Army Venice -> Trieste.",
        "Italy: Fleet Adriatic Sea SUPPORT Army Venice -> Trieste.",
        "",
        "Russia: Army Sevastopol -> Rumania. (*bounce, dislodged*)",
        "Russia: Fleet Baltic Sea SUPPORT Fleet Sweden -> Denmark.",
        "Russia: Fleet Sweden -> Denmark.",
        "",
        "Turkey: Army Armenia -> Sevastopol.",
        "Turkey: Fleet Black Sea SUPPORT Army Armenia -> Sevastopol.",
        "",
        "",
        "The following units were dislodged:",
        "",
        "The Austrian Fleet in Trieste with no valid retreats was destroyed.",
        "The English Fleet in the North Sea can retreat to Edinburgh or Helgoland Bight",
        "or Holland or Norwegian Sea or Norway or Skagerrak or Yorkshire.",
        "The German Army in Denmark can retreat to Kiel.",
        "The Russian Army in Sevastopol can retreat to Moscow or Ukraine.",
    ]


def test_dislodgement_lines_wrap_at_78_columns_with_no_indent():
    doc, out = busy_spring()
    text = r.movement_results(V, "mygame", 7, doc, out)
    tail = lines_of(text)[lines_of(text).index("The following units were dislodged:") + 2 :]
    assert all(len(line) <= 78 for line in tail)
    first, second = tail[1], tail[2]
    # The next word would have crossed column 78, and nothing is indented.
    assert len(first + " " + second.split()[0]) > 78 and not second.startswith(" ")


def test_a_spring_turn_has_no_ownership_table():
    doc, out = busy_spring()
    assert "Ownership" not in r.movement_results(V, "mygame", 7, doc, out)


def test_opening_moves_the_way_the_njudge_prints_them():
    doc, out = run(
        "S1901M",
        opening_units(),
        {
            "Austria": ["A vie - gal", "A bud - ser", "F tri - alb"],
            "England": ["F lon - nth", "F edi - nwg", "A lvp - yor"],
            "Russia": ["A war - gal", "A mos - ukr", "F sev - bla", "F stp/sc - bot"],
            "Turkey": ["F ank - bla", "A con - bul", "A smy - arm"],
        },
    )
    lines = lines_of(r.movement_results(V, "mygame", 1, doc, out))
    assert lines[:6] == [
        "Movement results for Spring of 1901. (mygame.001)",
        "",
        "Austria: Army Budapest -> Serbia.",
        "Austria: Army Vienna -> Galicia. (*bounce*)",
        "Austria: Fleet Trieste -> Albania.",
        "",
    ]
    assert "France: Army Paris, No Order Processed." in lines
    assert "Russia: Fleet Sevastopol -> Black Sea. (*bounce*)" in lines
    assert "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia." in lines
    assert lines[-1] == "Turkey: Fleet Ankara -> Black Sea. (*bounce*)"


FALL_UNITS = {
    "Austria": ["A ser", "A vie", "F alb"],
    "England": ["A yor", "F nth", "F nwg"],
    "France": ["A bur", "A spa", "F mao"],
    "Germany": ["A ruh", "A kie", "F den"],
    "Italy": ["A apu", "A ven", "F ion"],
    "Russia": ["A ukr", "A gal", "F bot", "F bla"],
    "Turkey": ["A bul", "A arm", "F ank"],
}


def test_a_fall_turn_ends_with_the_ownership_and_adjustment_tables():
    doc, out = run(
        "F1901M",
        FALL_UNITS,
        {
            "Austria": ["F alb - gre", "A vie - tri", "A ser H"],
            "England": ["A yor - nth - nwy", "F nth C A yor - nwy", "F nwg S A yor - nwy"],
            "France": ["F mao - por", "A spa H", "A bur - bel"],
            "Germany": ["A ruh - hol", "A kie - mun", "F den H"],
            "Italy": ["F ion - tun", "A apu H", "A ven H"],
            "Russia": ["F bot - swe", "A ukr - rum", "A gal - war", "F bla S A ukr - rum"],
            "Turkey": ["A bul H", "A arm - sev", "F ank - con"],
        },
    )
    assert out["next_phase"] == "F1901B"
    lines = lines_of(r.movement_results(V, "mygame", 4, doc, out))
    assert "England: Army Yorkshire -> North Sea -> Norway." in lines
    assert "England: Fleet Norwegian Sea SUPPORT Army Yorkshire -> Norway." in lines
    start = lines.index("Ownership of supply centers:")
    assert lines[start - 1] == "" and lines[start - 2] == "Turkey: Fleet Ankara -> Constantinople."
    assert lines[start:] == [
        "Ownership of supply centers:",
        "",
        "Austria:   Budapest, Greece, Serbia, Trieste, Vienna.",
        "England:   Edinburgh, Liverpool, London, Norway.",
        "France:    Belgium, Brest, Marseilles, Paris, Portugal, Spain.",
        "Germany:   Berlin, Denmark, Holland, Kiel, Munich.",
        "Italy:     Naples, Rome, Tunis, Venice.",
        "Russia:    Moscow, Rumania, St Petersburg, Sweden, Warsaw.",
        "Turkey:    Ankara, Bulgaria, Constantinople, Sevastopol, Smyrna.",
        "",
        "Austria:   5 Supply centers,  3 Units:  Builds   2 units.",
        "England:   4 Supply centers,  3 Units:  Builds   1 unit.",
        "France:    6 Supply centers,  3 Units:  Builds   3 units.",
        "Germany:   5 Supply centers,  3 Units:  Builds   2 units.",
        "Italy:     4 Supply centers,  3 Units:  Builds   1 unit.",
        "Russia:    5 Supply centers,  4 Units:  Builds   1 unit.",
        "Turkey:    5 Supply centers,  3 Units:  Builds   2 units.",
    ]
    # Every centre has an owner, so there is no Unowned line.


def test_no_table_when_a_retreat_phase_comes_before_the_winter():
    doc, out = run(
        "F1901M",
        {"Austria": ["A vie", "A bud"], "Russia": ["A boh", "A tyr"]},
        {"Russia": ["A boh - vie", "A tyr S A boh - vie"]},
    )
    text = r.movement_results(V, "mygame", 4, doc, out)
    assert "Ownership" not in text
    assert lines_of(text)[-1] == "The Austrian Army in Vienna can retreat to Galicia or Trieste."


def test_singular_forms_removals_and_the_cd_tag():
    table = lines_of(
        r.ownership_tables(
            V,
            {"France": ["bre"], "Germany": ["ber", "mun"], "Italy": ["rom"]},
            {"France": [], "Germany": ["A ber", "A mun", "F kie"], "Italy": ["A rom"]},
            marks={"France": "CD", "Italy": "ABANDONED"},
        )
    )
    assert table[-3:] == [
        "France:    1 Supply center,   0 Units:  Builds   1 unit.   (* CD *)",
        "Germany:   2 Supply centers,  3 Units:  Removes  1 unit.",
        "Italy:     1 Supply center,   1 Unit:   Builds   0 units.  (* ABANDONED *)",
    ]
    # A power with neither centres nor units has no line at all.
    assert not any(line.startswith("Austria") for line in table)


def test_victory():
    centers = {
        "France": [
            "bre", "mar", "par", "spa", "por", "bel", "hol", "mun", "kie",
            "ber", "den", "lon", "lvp", "edi", "nwy", "swe", "stp",
        ],
        "Italy": ["rom", "nap"],
    }  # fmt: skip
    doc, out = run(
        "F1905M",
        {"France": ["A tyr", "A pie"], "Italy": ["A rom"]},
        {"France": ["A tyr - ven"]},
        centers=centers,
    )
    assert out["winner"] == "France"
    lines = lines_of(r.movement_results(V, "mygame", 20, doc, out))
    assert "France:   18 Supply centers,  2 Units:  Builds  16 units.  (* VICTORY!! *)" in lines
    assert "Italy:     2 Supply centers,  1 Unit:   Builds   1 unit." in lines
    ownership = lines[lines.index("Ownership of supply centers:") + 2 :]
    # France's list is too long for one line: wrapped after a comma, under the first name.
    assert ownership[0].startswith("France:    Belgium, Berlin, ")
    assert ownership[1].startswith("           ") and ownership[0].endswith(",")
    assert all(len(line) <= 79 for line in ownership)
    assert r.game_over_line() == "The game is over.  Thank you for playing.\n"
    assert r.GAME_OVER == "The game is over.  Thank you for playing."


def test_units_spelt_any_way_the_adjudicator_accepts_are_matched_with_its_answer():
    doc, out = run("S1901M", {"russia": ["f StP(sc)", "a MOS"]}, {"Russia": ["F stp/sc - bot"]})
    assert lines_of(r.movement_results(V, "g", 1, doc, out))[2:] == [
        "Russia: Army Moscow, No Order Processed.",
        "Russia: Fleet St Petersburg (south coast) -> Gulf of Bothnia.",
    ]

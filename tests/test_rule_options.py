"""The adjudicator's rule options by mail (SET RULE, SET RULES; GET rule.options) and the
colonial rules of manual 9.1 (SET HONG KONG, RAILWAYS, GATEWAYS): set by a master before
the start and refused otherwise, each refusal changing nothing; told to the game as a
Parameter Change; shown in LIST; and carried out in the results mail, where the rule
changes what happens."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import helpfiles
from parser import commands as c
from tests.gametable import MASTER, address, form, master, start_moderated
from tests.grammarkit import error, numbered, one, read, round_trips

RULES = "SIGN ON Mrules passM\n"
GERMANY = "Germany: " + " " * 17  # adjustment lines start the unit in column 27


# How SET RULE and SET RULES read: the longest run of words naming a rule, then its value.
READINGS = [
    ("SET RULE PARADOX ALEXANDER", c.SetRule(name="paradox", value="alexander")),
    ("set rule convoy explicit", c.SetRule(name="convoy_via", value="explicit")),
    ("SET RULE EXCESS BUILDS FIRST", c.SetRule(name="excess_adjustments", value="first")),
    ("SET RULE CIVIL DISORDER HOME CENTRES", c.SetRule(name="civil_disorder", value="homecentres")),
    ("SET RULE CD 2023", c.SetRule(name="civil_disorder", value="2023")),
    ("SET RULE CONVOY", c.SetRule(name="convoy_via", value="")),
    ("SET RULE GRAVITY ON", c.SetRule(name="gravity", value="on")),
    ("SET RULES NJUDGE", c.SetRule(name="", value="njudge")),
    ("SETRULES DATC", c.SetRule(name="", value="datc")),
]


@pytest.mark.parametrize(("line", "expected"), READINGS)
def test_set_rule_reads_and_writes_back(line, expected):
    assert one(line) == numbered(expected)
    round_trips(line)


def test_set_rule_shares_a_line_with_other_settings():
    line = "SET NMR, RULES NJUDGE, RULE CD HOME, NO DIAS"
    assert read(line)[1:3] == [
        c.SetRule(line=2, name="", value="njudge"),
        c.SetRule(line=2, name="civil_disorder", value="home"),
    ]
    assert len(read(line)) == 4
    round_trips(line)
    assert "SET RULE PARADOX ALEXANDER" in error("SET RULE")


def test_the_help_file_is_plain_text_of_ordinary_width():
    text = (Path(helpfiles.HELP_DIR) / "rule.options").read_text()
    assert all(len(line) <= 76 and line.isascii() for line in text.splitlines())
    assert "rule.options" in [name for name, _ in helpfiles.index()]


def listing(table) -> str:
    return table.send("watcher@example.org", "LIST rules\n").get_content()


def test_rules_are_chosen_by_the_master_before_the_start(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?rules passM\nBECOME MASTER\n"
        "SET RULE PARADOX ALEXANDER\n"
        "SET RULE PARADOX 1971\n"
        "SET RULE CONVOY\n"
        "SET RULE GRAVITY ON\n"
        "SET RULES DIPLOMACY\n"
        "SET HONG KONG\nSET RAILWAYS\nSET NO GATEWAYS\n",
    ).get_content()
    assert "Game 'rules' set: Rule Paradox Alexander." in made
    assert (
        "SET RULE PARADOX 1971: '1971' is not a choice; choose PARADOX SZYKMAN or ALEXANDER."
        in made
    )
    assert "SET RULE CONVOY: choose CONVOY 2023 or EXPLICIT." in made
    assert (
        "SET RULE GRAVITY ON: there is no rule 'GRAVITY'; the rules are PARADOX, CONVOY, "
        "EXCESS and CIVIL DISORDER (GET rule.options)." in made
    )
    assert (
        "SET RULES DIPLOMACY: there is no set of rules 'DIPLOMACY'; choose one of DATC, "
        "NJUDGE or DEFAULT, or one rule with SET RULE name value (GET rule.options)." in made
    )
    assert (
        "SET HONG KONG: the map of the standard variant has no centre that some power does "
        "not count (like Colonial's Hong Kong)." in made
    )
    assert "SET RAILWAYS: the map of the standard variant has no railway" in made
    assert "SET NO GATEWAYS: the map of the standard variant has no gateway" in made
    listed = listing(table)
    assert "    Rules:  Paradox Alexander.\n" in listed
    assert "HongKong" not in listed and "Railways" not in listed and "Gateways" not in listed

    joined = table.send(address("France"), "SIGN ON ?rules pwFrance\n").get_content()
    assert "selected to play" in joined
    preset = table.send(MASTER, RULES + "SET RULES NJUDGE\n").get_content()
    words = "Rules NJUDGE: Paradox Szykman, Convoy Explicit, Excess Last, Civil Disorder 2023"
    assert f"Game 'rules' set: {words}." in preset
    told = table.wait_for(address("France"), "Parameter Change")[0].get_content()
    assert "master@example.org has changed the settings of game 'rules':" in told
    assert words in " ".join(told.split())
    # Only what differs from the judge's defaults is listed.
    assert "    Rules:  Convoy Explicit.\n" in listing(table)

    refused = table.send(address("France"), "SIGN ON ?rules pwFrance\nSET RULE EXCESS FIRST\n")
    assert (
        "SET RULE EXCESS FIRST: only the master of game 'rules' may change its settings."
        in refused.get_content()
    )
    home = table.send(MASTER, RULES + "SET RULE CD HOME CENTRES\n").get_content()
    assert "Game 'rules' set: Rule Civil Disorder Home Centres." in home
    assert "    Rules:  Convoy Explicit, Civil Disorder Home Centres.\n" in listing(table)

    assert "begins with" in table.send(MASTER, RULES + "FORCE BEGIN\n").get_content()
    late = table.send(MASTER, RULES + "SET RULES DATC\nSET RULE PARADOX ALEXANDER\n")
    text = late.get_content()
    assert "SET RULES DATC: game 'rules' has started; this is set before the start." in text
    assert "SET RULE PARADOX ALEXANDER: game 'rules' has started" in text
    assert "    Rules:  Convoy Explicit, Civil Disorder Home Centres.\n" in listing(table)

    sent = table.send("watcher@example.org", "GET rule.options\n").get_content()
    assert "File rule.options sent." in sent
    helped = table.wait_for("watcher@example.org", "Diplomacy file rule.options")[0]
    assert "SET RULES DATC | NJUDGE | DEFAULT" in helped.get_content()


def test_convoy_and_excess_rules_decide_the_results(table):
    # Italy swaps two armies with a convoy of its own: by the 2023 rules its fleet's order
    # sends Rome by sea and both moves succeed; under CONVOY EXPLICIT Rome walks, and the
    # armies meet head to head. Germany then orders three builds for two: under EXCESS
    # FIRST the first two are made (the judge's default keeps the last two).
    start_moderated(table, "SET RULE CONVOY EXPLICIT\nSET RULE EXCESS FIRST\n")
    listed = table.send("watcher@example.org", "LIST war\n").get_content()
    assert "    Rules:  Convoy Explicit, Excess First.\n" in listed
    master(table, "A ven-tus\nF nap-tys\nA mun-ruh\nF kie-den\nPROCESS\n")
    table.wait_for(address("Italy"), "S1901M Results")
    master(table, "A tus-rom\nA rom-tus\nF tys C A rom-tus\nA ruh-hol\nA ber-sil\nPROCESS\n")
    fall = table.wait_for(address("Italy"), "F1901M Results")[0].get_content()
    assert "Italy: Army Rome -> Tuscany. (*bounce*)" in fall
    assert "Italy: Army Tuscany -> Rome. (*bounce*)" in fall

    table.orders("Germany", "Build A ber\nBuild A mun\nBuild F kie")
    winter = table.wait_for(address("Italy"), "F1901B Results")[0].get_content()
    assert GERMANY + "Builds an army in Berlin." in winter
    assert GERMANY + "Builds an army in Munich." in winter
    assert "Builds a fleet in Kiel." not in winter
    assert sorted(table.show()["units"]["Germany"]) == ["A ber", "A hol", "A mun", "A sil", "F den"]


def test_colonial_rules_are_set_on_a_map_that_has_them_and_played(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?col passM colonial\nBECOME MASTER\nSET MOVE MIN 0 DELAY 0\n"
        "SET RAILWAYS\nSET HONG KONG\nSET GATEWAYS\nSET NO GATEWAYS\n",
    ).get_content()
    for words in ("Railways", "HongKong", "Gateways", "NoGateways"):
        assert f"Game 'col' set: {words}." in made
    listed = table.send("watcher@example.org", "LIST col\n").get_content()
    assert "HongKong" in listed and "Railways" in listed and "Gateways" not in listed
    assert "begins with" in table.send(MASTER, "SIGN ON Mcol passM\nFORCE BEGIN\n").get_content()
    late = table.send(MASTER, "SIGN ON Mcol passM\nSET NO RAILWAYS\n").get_content()
    assert "SET NO RAILWAYS: game 'col' has started; this is set before the start." in late
    # Russia's army rides the Trans-Siberian Railway from Vladivostok to Krasnoyarsk, and
    # China walks into Hong Kong, which it takes but does not count (info.colonial).
    ordered = table.send(
        MASTER, "SIGN ON Mcol passM\nA vla-tsr-kra\nF hk-scs\nA can-hk\nPROCESS\n"
    ).get_content()
    assert "Error" not in ordered, ordered
    state = table.show("col")
    assert state["phase"] == "F1870M"
    assert "A kra" in state["units"]["Russia"] and "A vla" not in state["units"]["Russia"]
    assert "A hk" in state["units"]["China"]
    table.send(MASTER, "SIGN ON Mcol passM\nPROCESS\n")
    state = table.show("col")
    assert state["phase"] != "F1870M"
    assert "hk" not in state["centers"]["China"]

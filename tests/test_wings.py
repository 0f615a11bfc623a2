"""Wings (info.wings) by mail: a Standard game played with the `wings` modifier."""

from __future__ import annotations

from tests.gametable import MASTER, POWERS, address, form, master


def results(table, who: str, phase: str) -> str:
    mails = table.wait_for(who, f"USTS:war - {phase} Results")
    assert len(mails) == 1
    return mails[0].get_content()


def test_a_wings_game(table):
    table.send(MASTER, form(MASTER))
    made = table.send(
        MASTER,
        "CREATE ?war pwMaster standard wings\nBECOME MASTER\n"
        "SET MOVE MIN 0 DELAY 0\nSET RETREAT DELAY 0\nSET ADJUST DELAY 0\n",
    ).get_content()
    print(made)
    for power, letter in POWERS.items():
        table.send(address(power), f"SIGN ON ?war pw{power} wings\nSET PREFERENCE {letter}\n")
    table.wait_for(MASTER, "Game Starting")
    print(table.orders("Germany", "A mun-ruh\nA ber H\nF kie-den"))
    print(table.orders("France", "A par-pic"))
    master(table, "PROCESS")
    table.orders("Germany", "A ruh-hol\nF den H")
    master(table, "PROCESS")
    print(results(table, MASTER, "F1901M"))
    print(table.orders("Germany", "Build W kie\nbuild wing mun"))
    print(results(table, MASTER, "F1901B"))
    print(table.orders("Germany", "W kie - hel\nW mun-bur"))
    master(table, "PROCESS")
    print(results(table, MASTER, "S1902M"))
    print(table.orders("Germany", "W hel S F den - nth\nF den-nth\nW bur H"))
    print(table.orders("England", "F edi-nth"))
    print(table.orders("France", "A pic-bur\nA mar S A pic - bur"))
    master(table, "PROCESS")
    print(results(table, MASTER, "F1902M"))
    print(table.orders("Germany", "W bur - par"))
    print(results(table, MASTER, "F1902R"))
    print(table.orders("France", "remove A bur"))
    print(results(table, MASTER, "F1902B"))
    print(table.send(address("France"), "LIST war\n").get_content())
    assert 0

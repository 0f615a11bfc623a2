"""RELATIONS by mail: after France supports Germany and Italy attacks Austria, the master
reads France and Germany as friends and Italy and Austria as enemies; a player may not ask
while the game runs, and anyone may once it is over."""

from __future__ import annotations

from tests.gametable import HOLDS, Table, master, play, start_moderated

SPRING = {
    **HOLDS,
    "France": "A par S A mun - bur; A mar H; F bre H",
    "Germany": "A mun - bur; A ber H; F kie H",
    "Italy": "A ven - tri; A rom H; F nap H",
}


def _row(text: str, power: str) -> list[float]:
    line = next(x for x in text.splitlines() if x.startswith(power[:7] + " "))
    return [0.0 if cell == "-" else float(cell) for cell in line.split()[1:]]


def test_relations_after_a_support_and_an_attack(table: Table) -> None:
    start_moderated(table)
    play(table, SPRING, "S1901M")
    text = master(table, "RELATIONS war")
    assert "Relations in game 'war' after S1901M, read from 1 phase." in text
    header = next(x for x in text.splitlines() if x.lstrip().startswith("Austria"))
    powers = header.split()
    assert powers == ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    france, italy = _row(text, "France"), _row(text, "Italy")
    assert france[powers.index("Germany")] >= 1.0
    assert italy[powers.index("Austria")] <= -1.0
    assert _row(text, "Germany")[powers.index("France")] == france[powers.index("Germany")]
    assert "  France, Germany." in text
    assert "No agreement made in press has been broken." in text

    refused = table.orders("Austria", "RELATIONS war")
    assert (
        "RELATIONS: only the master of game 'war', signed on to it, may read its "
        "relations while it is being played; everyone may once it is over." in refused
    )
    assert "France, Germany" not in refused

    # Once the game is over, anyone may read them, without signing on.
    master(table, "TERMINATE")
    after = table.send("watcher@example.org", "RELATIONS war").get_content()
    assert "  France, Germany." in after

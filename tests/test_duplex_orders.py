"""A duplex player (one player, several powers: the njudge's info.duplex) gives the orders of
all his powers in one mail, whichever power he signed on as, and waives a build for one of
them by name (`waive Germany`, the njudge's adjustment syntax for duplex games)."""

from __future__ import annotations

from tests.gametable import HOLDS, form
from tests.judgekit import InProcessJudge
from tests.variantgames import Duplex


def test_a_duplex_player_orders_and_waives_for_each_of_his_powers(tmp_path):
    with InProcessJudge(tmp_path / "j") as judge:
        duplex, _ = Duplex.create(judge, "standard")
        moves = {**HOLDS, "Germany": "A mun-ruh; A ber H; F kie-den"}
        spring = duplex.ask("\n".join(moves.values()).replace("; ", "\n"))
        assert "Germany: Army Munich -> Ruhr." in spring  # signed on as Turkey
        assert duplex.now().phase == "F1901M"
        duplex.ask("\n".join({**HOLDS, "Germany": "A ruh-hol; A ber H; F den H"}.values())
                   .replace("; ", "\n"))  # fmt: skip
        assert duplex.now().phase == "F1901B"
        refused = duplex.ask("waive atlantis")
        assert "waive atlantis: you do not play Atlantis in game 'vstandard'." in refused
        waived = duplex.ask("build a kie\nwaive germany")
        assert "Germany:                  Builds an army in Kiel." in waived
        assert "Germany:                  Build waived." in waived, waived
        after = duplex.now()
        assert after.phase == "S1902M"  # every build given: the winter is over
        assert sorted(after.units("Germany")) == ["A ber", "A hol", "A kie", "F den"]
        assert after.units("Turkey") == ["A con", "A smy", "F ank"]


def test_a_blind_duplex_player_sees_the_units_of_all_his_powers(tmp_path):
    """info.blind hides other powers' units ("unknown unit"), but not a player's own: in a
    blind duplex game the units of all his powers are his to see."""
    with InProcessJudge(tmp_path / "j") as judge:
        who = "solo@players.example"
        judge.ask(who, form(who))
        judge.ask(who, "CREATE ?dark secret standard blind\nSET PLAYERS 1\n")
        reply = judge.ask(who, "SIGN ON Tdark secret\nA vie S A mun-tyr\nA con H\n").get_content()
        assert "Austria: Army Vienna SUPPORT German Army Munich -> Tyrolia." in reply, reply
        assert "unknown unit" not in reply

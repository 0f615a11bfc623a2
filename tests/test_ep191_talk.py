"""How the robots answer EP 191's press (robots/ep191_talk.py), each as a program of Loeb's
project would: Loeb's own program by the paper's "Reply with", from its board, its orders
and its trustworthiness list; BlabBot through its DAIDE policy; programs without press with
the paper's (TRY); and the judge's side (press.dpp.robot_answers)."""

from __future__ import annotations

import dataclasses
import random

import pytest

import robots
from judge.engine.press.dpp import remember_friends, robot_answers
from judge.store.models import Game
from parser.dpp import read_dpp
from robots.ep191_talk import Situation, answer, asks_nothing, turn_number
from robots.games import starting_position
from variants import load

STANDARD = load("standard")
START = starting_position(STANDARD)
# Germany's own orders in Spring 1901, as Loeb's program might give them.
GERMANY = ("F kie - den", "A mun - sil", "A ber - pru")
KNOWS = Situation(
    position=START,
    orders=GERMANY,
    allies=frozenset({"France", "Italy"}),
    enemies=frozenset({"England", "Russia"}),
    turn=1,
    seed="7",
    centers=frozenset({"ber", "kie", "mun"}),
)


def loeb(text: str, sender: str = "France", knows: Situation = KNOWS) -> list[str]:
    return answer("loeb", "Germany", sender, read_dpp(text), frozenset(), situation=knows)


def test_the_papers_turns():
    assert [turn_number(x) for x in ("S1901M", "S1901R", "F1901M", "F1901R", "F1901B")] == [
        1, 2, 3, 4, 5,
    ]  # fmt: skip
    assert turn_number("W1903A") == 15 and turn_number("S1904M") == 16


@pytest.mark.parametrize(
    "text", ["(YES)", "(NOP (PCE))", "(DWR)", "(SRY)", "(DNY)", "(TRY PCE)", "(THK (ENG))",
             "(FRM RUS (DWR))", "(SNT RUS (PCE))", "(CTE 3)", "(DFM)", "(PSV DWR)", "(BWX)"],
)  # fmt: skip
def test_no_robot_answers_what_asks_nothing(text):
    assert asks_nothing(read_dpp(text))
    for strategy in ("loeb", "blabbot", "dumbbot", "random", "hold"):
        assert answer(strategy, "Germany", "France", read_dpp(text), frozenset()) == []


@pytest.mark.parametrize("strategy", ["random", "dumbbot"])
def test_a_program_that_cannot_talk_says_try(strategy):
    for text in ("(PCE)", "(WHT (AMY PAR))", "(UDO ((AMY MUN) HLD))"):
        assert answer(strategy, "Germany", "France", read_dpp(text), frozenset()) == ["(TRY)"]
    assert answer("hold", "Germany", "France", read_dpp("(PCE)"), frozenset()) == []


def test_blabbot_reads_the_papers_words_as_daides():
    said = answer("blabbot", "Germany", "France", read_dpp("(PCE)"), frozenset())
    assert said == ["(YES (PCE))"]  # DAIDE's PRP (PCE (FRA GER)), which it accepts
    said = answer("blabbot", "Germany", "France", read_dpp("(ALY VSS RUS)"), frozenset())
    assert said == ["(BWX)"]  # as it answers ALY in DAIDE
    said = answer("blabbot", "Germany", "France", read_dpp("(DMZ BUR)"), frozenset())
    assert said == ["(TRY YES NOP BWX PCE DWR ALY)"]  # above its level
    again = answer("blabbot", "Germany", "France", read_dpp("(WHT)"), frozenset(), tried=True)
    assert again == []  # its TRY goes once to each power
    game = Game(
        name="war", variant="standard", options=[], settings={"robots": {"Germany": "blabbot"}}
    )
    remember_friends(game, "France", ["Germany"], read_dpp("(PCE)"))
    assert game.settings["robot_friends"] == {"Germany": ["France"]}


def test_loeb_accepts_a_cease_fire_unless_from_an_enemy():
    assert loeb("(PCE)") == ["(YES (PCE))"]
    assert loeb("(PCE)", "Russia") == ["(NOP (PCE))"]


def test_loeb_says_yes_to_what_its_orders_do_and_no_to_the_rest():
    assert loeb("(UDO ((AMY MUN) MTO SIL))") == ["(YES (UDO ((AMY MUN) MTO SIL)))"]
    assert loeb("(UDO ((AMY MUN) MTO RUH))") == ["(NOP (UDO ((AMY MUN) MTO RUH)))"]
    assert loeb("(UNO ((AMY MUN) MTO BUR))") == ["(YES (UNO ((AMY MUN) MTO BUR)))"]
    assert loeb("(UNO ((FLT KIE) MTO DEN))") == ["(NOP (UNO ((FLT KIE) MTO DEN)))"]
    assert loeb("(XDO GER ((AMY BER) MTO PRU))") == ["(YES (XDO GER ((AMY BER) MTO PRU)))"]
    assert loeb("(XDO FRA ((AMY PAR) MTO BUR))") == ["(BWX)"]  # another's business
    assert loeb("(IDO ((AMY PAR) MTO PIC))") == ["(YES (IDO ((AMY PAR) MTO PIC)))"]  # received
    # A condition it meets anyway, and FOR this turn or another.
    assert loeb("(IFF (UNO ((AMY MUN) MTO BUR)) THN (PCE))")[0].startswith("(YES (IFF")
    assert loeb("(FOR 1 (UDO ((AMY BER) MTO PRU)))")[0].startswith("(YES (FOR 1")
    assert loeb("(FOR 16 (UDO ((AMY BER) MTO PRU)))") == ["(BWX)"]


def test_loeb_on_zones_alliances_and_spoils():
    assert loeb("(DMZ BUR RUH)") == ["(YES (DMZ BUR RUH))"]
    assert loeb("(DMZ SIL BOH)") == ["(NOP (DMZ SIL BOH))"]  # A mun - sil goes there
    assert loeb("(ALY VSS RUS)") == ["(YES (ALY VSS RUS))"]
    assert loeb("(ALY VSS ITA)") == ["(NOP (ALY VSS ITA))"]  # against its ally
    assert loeb("(ALY VSS AUS)", "Austria") == ["(NOP (ALY VSS AUS))"]  # a neutral asks
    assert loeb("(DST (GER BER KIE MUN DEN) (FRA BEL))")[0].startswith("(YES")
    assert loeb("(DST (GER BER KIE) (FRA MUN))")[0].startswith("(NOP")  # Munich is its own
    assert loeb("(DST (GERMANY 4) (FRA 5))")[0].startswith("(YES")


def test_loeb_suggests_moves_and_tells_an_ally_its_own():
    """WHT: of the sender's units, the move its own strategy would give them (UDO); of its
    own, its orders to an ally (IDO), BWX to anyone else."""
    rng = random.Random("7/ep191/France")
    assert robots.play("loeb", START, "France", rng) == [
        "F bre - mao",
        "A par - bur",
        "A mar - pie",
    ]
    assert loeb("(WHT (AMY PAR))") == ["(UDO ((AMY PAR) MTO BUR))"]
    assert loeb("(WHT)") == ["(UDO ((AMY PAR) MTO BUR) ((AMY MAR) MTO PIE) ((FLT BRE) MTO MAO))"]
    assert loeb("(WHT (AMY MUN))") == ["(IDO ((AMY MUN) MTO SIL))"]
    # A fleet named without its coast is the one in the province; the answer names it.
    russia = robots.play("loeb", START, "Russia", random.Random("7/ep191/Russia"))
    assert "F stp/sc - bot" in russia
    friendly = dataclasses.replace(KNOWS, enemies=frozenset({"England"}))
    assert loeb("(WHT (FLT STP))", "Russia", friendly) == ["(UDO ((FLT (STP STH)) MTO BOT))"]
    assert loeb("(WHT (FLT STP))", "Russia") == ["(BWX)"]  # Russia is an enemy
    assert loeb("(WHT (AMY MUN))", "England") == ["(BWX)"]


def test_loeb_plans_an_attack():
    """HOW: one of the sender's units moves in, the rest that reach support; an ally gets
    its own supports too; a place of its own, or out of the sender's reach, is NOP."""
    plan = loeb("(HOW BUR)")
    assert plan == [
        "(UDO ((AMY PAR) MTO BUR) ((AMY MAR) SUP (AMY PAR) MTO BUR))",
        "(IDO ((AMY MUN) SUP (AMY PAR) MTO BUR))",
    ]
    assert loeb("(HOW BUR)", "Austria") == ["(NOP (HOW BUR))"]  # Austria reaches nothing there
    assert loeb("(HOW MUN)") == ["(NOP (HOW MUN))"]  # its own
    assert loeb("(HOW WAR)", "Russia") == ["(BWX)"]  # an enemy asks
    assert loeb("(HOW (AMY MUN))") == ["(NOP (HOW (AMY MUN)))"]


def test_loeb_on_accusations_and_the_talk():
    assert loeb("(EXP (IDO ((AMY MUN) HLD)))") == ["(SRY)"]
    assert loeb("(EXP (IDO ((AMY MUN) HLD)))", "Russia") == ["(DNY)"]
    assert loeb("(END)") == ["(YES (END))"]
    assert loeb("(ALT DPP)") == ["(YES (ALT DPP))"]
    assert loeb("(ALT DAIDE)") == ["(NOP (ALT DAIDE))"]
    assert loeb("(RPT)") == ["(NOP (RPT))"]  # it has said nothing to France yet
    said = dataclasses.replace(KNOWS, last_said="(YES (PCE))")
    assert loeb("(RPT)", knows=said) == ["(YES (PCE))"]
    assert loeb("(SND RUS (PCE))") == ["(NOP (SND RUS (PCE)))"]
    assert loeb("(PPT)") == ["(NOP (PPT))"]


def test_loeb_knowing_nothing_suggests_nothing():
    assert loeb("(WHT (AMY PAR))", knows=Situation()) == ["(BWX)"]
    assert loeb("(HOW BUR)", knows=Situation()) == ["(NOP (HOW BUR))"]


def test_the_robot_powers_of_a_game_answer_the_papers_press():
    game = Game(
        name="war",
        variant="standard",
        options=[],
        settings={"robots": {"Germany": "loeb", "Italy": "dumbbot", "Russia": "hold"}},
        position={"units": {"France": ["A par"], "Germany": ["A mun"]}},
    )
    known = {"Germany": KNOWS}

    def situation(power: str, strategy: str) -> Situation | None:
        return known.get(power)

    got = robot_answers(
        game, "France", ["Germany", "Italy", "Russia"], read_dpp("(PCE)"), situation
    )
    assert got == [("Germany", "(YES (PCE))"), ("Italy", "(TRY)")]
    assert game.settings["robot_tried"] == {"Italy": ["France"]}
    robot_answers(game, "France", ["Italy"], read_dpp("(PCE)"), situation)
    assert game.settings["robot_tried"] == {"Italy": ["France"]}  # told once is enough

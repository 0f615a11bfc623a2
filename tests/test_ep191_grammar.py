"""EP 191's press (Loeb's DPP message protocol, Electronic Protocol 191, August 1990) in the DPP
grammar: every message form the paper lists reads, beside DAIDE's, and is written back as
the paper writes it; the English reading says what it says; each maps onto DAIDE's form
where DAIDE has one, and onto none where it has not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parser.dpp import DppError, check, english, looks_like_dpp, read_dpp
from parser.dpp_values import Offer, Peace, Reply, Where, dpp_text, is_ep191
from parser.ep191_daide import daide_form, turn
from parser.ep191_values import (
    EP_WORDS,
    Ally,
    During,
    EpOrder,
    EpUnit,
    Promise,
    Word,
    gm_only,
)

# Every message form of the paper's revised protocol, most of them its own examples,
# written as it writes them: the whole message in brackets.
EP_SAMPLES = [
    # 1) Making contact
    "(TRY DWR PCE UNO UDO)",
    "(TRY)",
    "(PSV DMZ ALY)",
    "(ACT DST)",
    "(HUH (DMZ BUR ERR RUH))",
    "(ALT DPP)",
    "(YES)",
    "(YES (PCE))",
    "(NOP)",
    "(NOP (HOW MOS))",
    "(YEP (DMZ BUR))",
    "(RPT)",
    "(BWX)",
    "(END)",
    # 2) The gamemaster's
    "(CDD)",
    "(TME 3)",
    "(SUB ((AMY PAR) HLD) ((FLT BRE) MTO MAO))",
    "(ORD 3 (FRA ((AMY PAR) MTO BUR) ((FLT BRE) MTO ECH (BNC)))"
    " (ENG ((FLT LON) HLD (RET WAL YOR))))",
    # 3) Basic terminology
    "(DWR)",
    "(PCE)",
    "(DMZ BUR RUH NTH)",
    "(DMZ)",
    "(ALY WTH FRA VSS GER RUS)",
    "(ALY)",
    "(DST (ENG BRE SPA POR) (GER BEL PAR) (ITA MAR))",
    "(DST (ENG 3) (GER 2) (ITA 1))",
    "(UNO ((FLT (STP NTH)) BLD))",
    "(UDO ((AMY WAR) MTO PRU) ((AMY SEV) MTO ARM))",
    "(INO ((AMY MAR) SUP (AMY VEN) MTO PIE))",
    "(IDO ((FLT ECH) MTO MAO))",
    "(XDO ENG ((FLT ECH) CNV (AMY EDI) MTO WAL))",
    "(XNO FRA ((AMY PAR) HLD))",
    "(IDO ((AMY MUN) RTO BOH) ((FLT KIE) REM) ((AMY BER) DSB) ((FLT NTH) SUP (AMY YOR)))",
    "(UDO ((FLT (SPA STH)) MTO WES) ((FLT (BUL EST)) MTO BLA) ((FLT MAO) MTO (XYZ WST)))",
    "(EXP 12 (UNO ((FLT (STP NTH)) BLD)))",
    "(EXP)",
    "(SRY)",
    "(DNY)",
    # 4) Complex messages
    "(FOR 15 (UDO ((FLT SEV) BLD)))",
    "(FOR 15- (UDO ((FLT SEV) BLD)))",
    "(FOR -15 (UDO ((FLT SEV) BLD)))",
    "(FOR 15-20 (UDO ((FLT SEV) BLD)))",
    "(IFF (FOR 15 (UNO ((FLT (STP NTH)) BLD))) THN (DWR)"
    " ELS (FOR 16 (IDO ((AMY SWE) SUP (FLT (STP NTH)) MTO NWY))))",
    "(IFF (UDO ((AMY MUN) HLD)) THN (PCE))",
    "(WHT (FLT NTH))",
    "(WHT)",
    "(HOW MOS)",
    "(HOW (FLT NTH))",
    "(THK (ENG ((FLT ECH) MTO BRE (BNC)) ((AMY WAL) HLD (VLD))))",
    "(THK (GER ((AMY MUN) MTO BUR (FLD)) ((AMY BER) SUP (AMY MUN) MTO BUR (CUT))"
    " ((FLT KIE) HLD (NMR)) ((AMY RUH) HLD (NSO)) ((AMY HOL) HLD (NSU))"
    " ((AMY BEL) MTO LON (DSR)) ((AMY SIL) HLD (HUH)) ((AMY PRU) MTO MOS (FAR))))",
    "(CTE 12)",
    "(FRM RUS (DWR))",
    "(FRM RUS ENGLAND (DWR))",
    "(SND RUSSIA (UNO ((FLT (STP NTH)) BLD)))",
    "(SNT RUSSIA (UNO ((FLT (STP NTH)) BLD)))",
    "(DFM 2)",
    "(DFM)",
    "(PPT IDO SND FRM DST)",
    "(PPT)",
    "(IFF (DST (AUSTRIA VIE BUD TRI)) THN (FOR -80 (PPT IDO SND FRM)))",
]


def test_every_message_word_of_the_paper_has_a_sample():
    used = {s[1:4] for s in EP_SAMPLES}
    assert set(EP_WORDS) - used == set()


def test_every_word_of_the_grammars_ep_rules_has_a_sample():
    grammar = (Path(__file__).parent.parent / "parser" / "dpp.lark").read_text()
    section = grammar[grammar.index("?ep_message") : grammar.index("UNIT_TYPE.2")]
    words = set(re.findall(r'"([A-Z]{3})"', section)) - {"NCS", "SCS", "ECS", "WCS"}
    used = set(" ".join(EP_SAMPLES).replace("(", " ").replace(")", " ").split())
    assert words - used == set()


@pytest.mark.parametrize("text", EP_SAMPLES)
def test_round_trip(text):
    message = read_dpp(text)
    assert is_ep191(message)
    assert dpp_text(message) == text
    assert read_dpp(dpp_text(message)) == message
    bare = text[1:-1]  # "messages should be readable without the parenthesis"
    assert read_dpp(bare) == message
    assert read_dpp(f"  {text.replace(' (', '(')}\n") == message


def test_the_papers_values():
    assert read_dpp("(PCE)") == Word("PCE")
    udo = read_dpp("(UNO ((FLT (STP NTH)) BLD))")
    assert udo == Promise("UNO", (EpOrder(EpUnit("FLT", Where("STP", "NCS")), "BLD"),))
    assert read_dpp("(FOR 15- (PCE))") == During(15, None, (Word("PCE"),))
    assert read_dpp("(ALY VSS GER)") == Ally((), ("GER",))
    assert read_dpp("(YES (PCE))") == Reply("YES", Word("PCE"))


def test_daides_forms_keep_working_beside_the_papers():
    assert read_dpp("PRP (PCE (FRA GER))") == Offer("PRP", Peace(("FRA", "GER")))
    assert dpp_text(read_dpp("YES (PRP (PCE (FRA GER)))")) == "YES (PRP (PCE (FRA GER)))"
    assert not is_ep191(read_dpp("TRY (PRP PCE)"))
    assert is_ep191(read_dpp("(TRY PRP PCE)"))
    # A DMZ with its provinces, where NTH is the North Sea, not a coast.
    assert dpp_text(read_dpp("PRP (DMZ (FRA GER) (BUR NTH))")) == "PRP (DMZ (FRA GER) (BUR NTH))"
    # Either kind may quote the other.
    quoted = read_dpp("(FRM RUS (PRP (PCE (RUS GER))))")
    assert dpp_text(quoted) == "(FRM RUS (PRP (PCE (RUS GER))))"


def test_the_papers_asterisk_is_daides_err():
    message = read_dpp("(HUH (DMZ BUR *ENG RUH))")
    assert message == Reply("HUH", read_dpp("(DMZ BUR ENG RUH)"), 2)
    assert dpp_text(message) == "(HUH (DMZ BUR ERR ENG RUH))"


@pytest.mark.parametrize(
    "text",
    ["How are you?", "END of story.", "Sorry (really).", "Peace? (PCE)", "pce", "(a note)"],
)
def test_ordinary_press_is_not_dpp(text):
    assert not looks_like_dpp(text)
    assert read_dpp(text) is None


@pytest.mark.parametrize(
    ("text", "marked", "why"),
    [
        ("(PCE (FRA GER))", "HUH (PCE ERR (FRA GER))", "'(' cannot stand there"),
        ("(UDO ((TNK PAR) HLD))", "HUH (UDO ((ERR TNK PAR) HLD))", "AMY, FLT or WNG"),
        ("(FOR (UDO ((AMY PAR) HLD)))", "HUH (FOR ERR (UDO ((AMY PAR) HLD)))", "a number"),
        ("(IFF (PCE) (DWR))", "HUH (IFF (PCE) ERR (DWR))", "THN"),
        ("(UDO)", "HUH (UDO ERR)", "ends too soon"),
    ],
)
def test_bad_ep191_is_marked_where_it_fails(text, marked, why):
    with pytest.raises(DppError) as raised:
        read_dpp(text)
    assert raised.value.marked == marked
    assert why in raised.value.reason


def test_check_against_the_game_reads_powers_by_name_too():
    powers = {"FRA": "France", "GER": "Germany", "RUS": "Russia", "ENG": "England"}
    provinces = {"BUR", "RUH", "STP", "PAR"}
    assert check("(SND RUSSIA (PCE))", powers, provinces) is not None
    assert check("(FRM REF (DWR))", powers, provinces) is not None  # the referee
    with pytest.raises(DppError) as raised:
        check("(DMZ BUR XYZ)", powers, provinces)
    assert raised.value.marked == "HUH (DMZ BUR ERR XYZ)"
    assert raised.value.reason == "XYZ is not a province of this game."
    with pytest.raises(DppError, match="SPAIN is not a power"):
        check("(SND SPAIN (PCE))", powers, provinces)


def test_the_gamemasters_words():
    for text in ["(CDD)", "(TME 0)", "(SUB ((AMY PAR) HLD))", "(ORD 1)"]:
        assert gm_only(read_dpp(text)) == text[1:4]
    assert gm_only(read_dpp("(DWR)")) is None


PROVINCES = {
    "BUR": "Burgundy", "RUH": "Ruhr", "NTH": "North Sea", "STP": "St Petersburg",
    "WAR": "Warsaw", "PRU": "Prussia", "SEV": "Sevastopol", "SWE": "Sweden", "NWY": "Norway",
    "MOS": "Moscow", "ECH": "English Channel", "EDI": "Edinburgh", "WAL": "Wales",
    "BRE": "Brest", "SPA": "Spain", "POR": "Portugal", "BEL": "Belgium",
    "MAO": "Mid-Atlantic Ocean",
}  # fmt: skip


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("(DWR)", "England declares war on you."),
        ("(PCE)", "England proposes a general cease-fire with you."),
        (
            "(DMZ BUR RUH NTH)",
            "England proposes a demilitarised zone with you in Burgundy, Ruhr and North "
            "Sea.",
        ),
        (
            "(ALY WTH FRA VSS GER RUS)",
            "England proposes an alliance with you, joined by France, against Germany and"
            " Russia.",
        ),
        (
            "(DST (ENG BRE SPA POR) (GER BEL) (ITA 1))",
            "England proposes the spoils be divided: England Brest, Spain and Portugal; "
            "Germany Belgium; Italy 1 centre.",
        ),
        (
            "(UDO ((AMY WAR) MTO PRU))",
            "England asks you to give these orders: the army in Warsaw moves to Prussia.",
        ),
        (
            "(UNO ((FLT (STP NTH)) BLD))",
            "England asks you not to give these orders: a fleet is built in St Petersburg"
            " (north coast).",
        ),
        (
            "(IDO ((FLT ECH) MTO MAO))",
            "England promises to give these orders: the fleet in English Channel moves to"
            " Mid-Atlantic Ocean.",
        ),
        (
            "(XDO ENG ((FLT ECH) CNV (AMY EDI) MTO WAL))",
            "England says England should give these orders: the fleet in English Channel "
            "convoys the army in Edinburgh to Wales.",
        ),
        (
            "(EXP 12 (UNO ((FLT (STP NTH)) BLD)))",
            "England says you broke your promise before turn 12 (Spring 1903 retreats): "
            "\"England asks you not to give these orders: a fleet is built in St "
            "Petersburg (north coast)\".",
        ),
        (
            "(FOR 15 (UDO ((FLT SEV) BLD)))",
            "For turn 15 (Winter 1903): England asks you to give these orders: a fleet is"
            " built in Sevastopol.",
        ),
        (
            "(FOR 15-20 (PCE))",
            "For turns 15 to 20 (Winter 1903 to Winter 1904): England proposes a general "
            "cease-fire with you.",
        ),
        (
            "(IFF (FOR 15 (UNO ((FLT (STP NTH)) BLD))) THN (DWR)"
            " ELS (FOR 16 (IDO ((AMY SWE) SUP (FLT (STP NTH)) MTO NWY))))",
            "England says: if you do as this says, \"For turn 15 (Winter 1903): England asks "
            "you not to give these orders: a fleet is built in St Petersburg (north coast)\", "
            "then \"England declares war on you\", or else \"For turn 16 (Spring 1904): England "
            "promises to give these orders: the army in Sweden supports the fleet in St "
            "Petersburg (north coast) moving to Norway\".",
        ),
        ("(WHT (FLT NTH))", "England asks you to suggest a move for the fleet in North Sea."),
        ("(HOW MOS)", "England asks you to suggest a plan of attack on Moscow."),
        (
            "(YES (PCE))",
            "England agrees to your message: you propose a general cease-fire with "
            "England.",
        ),
        (
            "(NOP (HOW MOS))",
            "England does not agree to your message: you ask England to suggest a plan of"
            " attack on Moscow.",
        ),
        ("(TRY DWR PCE)", "England does not understand; it understands: DWR, PCE."),
        ("(TRY)", "England cannot talk in DPP at all."),
        ("(SRY)", "England is sorry."),
        ("(DNY)", "England denies your accusation."),
        ("(BWX)", "England has no comment (none of your business)."),
        ("(RPT)", "England asks you to repeat the message or send a new one."),
        ("(END)", "England offers to end the talk, ready to submit orders."),
        (
            "(SND RUSSIA (PCE))",
            "England asks you to send Russia: \"you propose a general cease-fire with "
            "Russia\".",
        ),
        (
            "(FRM RUS (DWR))",
            "England passes on what Russia sent England: \"Russia declares war on "
            "England\".",
        ),
        (
            "(PPT IDO SND)",
            "England offers to become your puppet: to make the moves you say and send the"
            " messages you say.",
        ),
        (
            "(HUH (DMZ BUR *ENG RUH))",
            "England does not understand the message (DMZ BUR ENG RUH), from ENG on.",
        ),
        (
            "(THK (FRA ((FLT BRE) MTO ECH (BNC))))",
            "England predicts these results: France: the fleet in Brest moves to English "
            "Channel (bounces).",
        ),
        ("(TME 0)", "England says no more messages may be sent: orders now."),
    ],
)  # fmt: skip
def test_english(text, reading):
    assert english(read_dpp(text), "England", provinces=PROVINCES) == reading


def test_grey_press_reads_without_a_sender():
    assert english(read_dpp("(DWR)")) == "The sender declares war on you."


@pytest.mark.parametrize(
    ("text", "daide"),
    [
        ("(DWR)", "FCT (NOT (PCE (ENG RUS)))"),
        ("(PCE)", "PRP (PCE (ENG RUS))"),
        ("(YES (PCE))", "YES (PRP (PCE (RUS ENG)))"),
        ("(NOP (PCE))", "REJ (PRP (PCE (RUS ENG)))"),
        ("(DMZ BUR RUH)", "PRP (DMZ (ENG RUS) (BUR RUH))"),
        ("(ALY WTH FRA VSS GER)", "PRP (ALY (ENG RUS FRA) VSS (GER))"),
        ("(DST (ENG BRE) (RUSSIA STP))", "PRP (SCD (ENG BRE) (RUS STP))"),
        ("(UDO ((AMY WAR) MTO PRU))", "PRP (XDO ((RUS AMY WAR) MTO PRU))"),
        ("(UNO ((FLT (STP NTH)) BLD))", "PRP (NOT (XDO ((RUS FLT (STP NCS)) BLD)))"),
        ("(IDO ((FLT ECH) MTO MAO) ((AMY LON) HLD))",
         "PRP (AND (XDO ((ENG FLT ECH) MTO MAO)) (XDO ((ENG AMY LON) HLD)))"),
        ("(INO ((AMY LVP) RTO YOR))", "PRP (NOT (XDO ((ENG AMY LVP) RTO YOR)))"),
        ("(XDO FRA ((FLT BRE) CNV (AMY PIC) MTO WAL))",
         "PRP (XDO ((FRA FLT BRE) CVY (FRA AMY PIC) CTO WAL))"),
        (
            "(XNO GER ((AMY MUN) SUP (AMY BER)))",
            "PRP (NOT (XDO ((GER AMY MUN) SUP (GER AMY BER))))",
        ),
        ("(TRY DWR PCE UNO NOP)", "TRY (PCE XDO REJ)"),
        ("(TRY)", "TRY ()"),
        ("(FOR 16 (UDO ((AMY WAR) HLD)))", "PRP (FOR (SPR 1904) (XDO ((RUS AMY WAR) HLD)))"),
        ("(FOR 15-20 (PCE))", "PRP (FOR ((WIN 1903) (WIN 1904)) (PCE (ENG RUS)))"),
        ("(IFF (UNO ((FLT (STP NTH)) BLD)) THN (DWR) ELS (PCE))",
         "IFF (NOT (XDO ((RUS FLT (STP NCS)) BLD))) THN (FCT (NOT (PCE (ENG RUS)))) "
         "ELS (PRP (PCE (ENG RUS)))"),
        ("(EXP 12 (UNO ((FLT (STP NTH)) BLD)))",
         "EXP (SUM 1903) (YES (PRP (NOT (XDO ((RUS FLT (STP NCS)) BLD)))))"),
        ("(WHT (FLT NTH))", "WHT (ENG FLT NTH)"),
        ("(HOW MOS)", "HOW (MOS)"),
        ("(HOW (AMY MOS))", "HOW (MOS)"),
        ("(SND GER (PCE))", "PRP (SND (RUS) (GER) (PRP (PCE (RUS GER))))"),
        ("(SNT GER (DWR))", "FCT (SND (ENG) (GER) (FCT (NOT (PCE (ENG GER)))))"),
        ("PRP (PCE (FRA GER))", "PRP (PCE (FRA GER))"),
    ],
)  # fmt: skip
def test_daide_forms(text, daide):
    assert daide_form(read_dpp(text), "ENG", "RUS") == daide


@pytest.mark.parametrize(
    "text",
    [
        "(YES)", "(NOP)", "(RPT)", "(END)", "(BWX)", "(SRY)", "(DNY)", "(PSV DWR)", "(ACT DWR)",
        "(ALT DPP)", "(CDD)", "(TME 3)", "(SUB ((AMY PAR) HLD))", "(ORD 1)", "(DMZ)",
        "(ALY WTH FRA)", "(DST (ENG 3))", "(EXP)", "(FOR 15- (PCE))", "(FOR -15 (PCE))",
        "(WHT)", "(THK (ENG ((FLT LON) HLD)))", "(CTE 12)", "(FRM RUS (DWR))", "(DFM 2)",
        "(PPT)",
    ],
)  # fmt: skip
def test_no_daide_form(text):
    assert daide_form(read_dpp(text), "ENG", "RUS") is None


def test_daide_forms_within_this_judges_levels_read_as_daide():
    for text in ["(PCE)", "(DWR)", "(UNO ((FLT (STP NTH)) BLD))", "(YES (DMZ BUR))"]:
        daide = daide_form(read_dpp(text), "ENG", "RUS")
        assert not is_ep191(read_dpp(daide))


def test_a_unit_supported_is_whoever_the_board_says():
    message = read_dpp("(IDO ((AMY SWE) SUP (FLT (STP NTH)) MTO NWY))")
    owner = {"STP": "RUS"}.get
    assert daide_form(message, "ENG", "RUS", lambda u: owner(u.where.province)) == (
        "PRP (XDO ((ENG AMY SWE) SUP (RUS FLT (STP NCS)) MTO NWY))"
    )


def test_the_papers_turns_are_daides():
    assert [turn(n) for n in (1, 2, 3, 4, 5, 15, 16)] == [
        "SPR 1901", "SUM 1901", "FAL 1901", "AUT 1901", "WIN 1901", "WIN 1903", "SPR 1904",
    ]  # fmt: skip


def test_powers_whose_tokens_are_the_papers_words_still_read():
    """Asia's Indonesia is INO, Machiavelli's Este EST (a coast of the paper's): where a
    power stands, they are powers."""
    for text in [
        "PRP (PCE (EST INO))", "PRP (XDO ((EST AMY VEN) HLD))", "PRP (XDO (INO WVE))",
        "(SND EST (PCE))", "(ALY WTH EST VSS INO)", "(DST (EST VEN) (INO 3))",
        "(XDO EST ((AMY VEN) HLD))", "(FRM INO EST (DWR))",
    ]:  # fmt: skip
        assert dpp_text(read_dpp(text)) == text

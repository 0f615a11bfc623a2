"""The DPP press language (parser/dpp.lark): every word reads and is written back as it came,
the English reading says what the message says, and what is not DPP, or is bad DPP, is
told apart with DAIDE's HUH and ERR where the message fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from parser.dpp import DppError, beyond, check, english, level, power_tokens, read_dpp
from parser.dpp_values import Offer, Peace, Reply, dpp_text
from tests.test_ep191_grammar import EP_SAMPLES

# One message at least for every word of the language.
SAMPLES = [
    "PRP (PCE (FRA GER))",
    "YES (PRP (PCE (FRA GER)))",
    "REJ (PRP (ALY (FRA GER) VSS (ENG RUS)))",
    "BWX (PRP (DRW))",
    "HUH (PRP (DRW (FRA GER ITA)))",
    "CCL (PRP (SLO (FRA)))",
    "FCT (NOT (PCE (ENG FRA)))",
    "PRP (NAR (PCE (ENG FRA)))",
    "TRY (PRP PCE ALY VSS YES REJ)",
    "TRY ()",
    "PRP (XDO ((ENG FLT LON) HLD))",
    "PRP (XDO ((ENG FLT LON) MTO NTH))",
    "PRP (XDO ((RUS FLT STP) MTO (BUL ECS)))",
    "PRP (XDO ((FRA AMY PAR) SUP (FRA AMY MAR)))",
    "PRP (XDO ((FRA AMY PAR) SUP (FRA AMY MAR) MTO BUR))",
    "PRP (XDO ((ENG FLT NTH) CVY (ENG AMY LON) CTO NWY))",
    "PRP (XDO ((ENG AMY LON) CTO NWY VIA (NTH NWG)))",
    "PRP (XDO ((GER AMY MUN) RTO BOH))",
    "PRP (XDO ((RUS FLT SEV) RTO (STP SCS)))",
    "PRP (XDO ((GER AMY MUN) DSB))",
    "PRP (XDO ((GER FLT KIE) BLD))",
    "PRP (XDO ((GER FLT KIE) REM))",
    "PRP (XDO (GER WVE))",
    "PRP (XDO ((GER WNG MUN) MTO (SPA NCS)))",
    "PRP (DMZ (FRA GER) (BUR RUH))",
    "PRP (AND (PCE (FRA GER)) (DMZ (FRA GER) (BUR)))",
    "PRP (ORR (PCE (FRA GER)) (ALY (FRA GER) VSS (ENG)))",
    "INS (XDO ((ENG FLT LON) MTO (SPA WCS)))",
    "QRY (PCE (ENG GER))",
]


def test_every_word_of_the_grammar_has_a_sample():
    """DAIDE's words here, EP 191's in tests/test_ep191_grammar.py."""
    grammar = (Path(__file__).parent.parent / "parser" / "dpp.lark").read_text()
    words = set(re.findall(r'"([A-Z]{3})"', grammar))
    used = set(" ".join(SAMPLES + EP_SAMPLES).replace("(", " ").replace(")", " ").split())
    assert words - used == set()


@pytest.mark.parametrize("text", SAMPLES)
def test_round_trip(text):
    message = read_dpp(text)
    assert message is not None
    assert dpp_text(message) == text
    assert read_dpp(dpp_text(message)) == message
    squeezed = text.replace(" (", "(").replace("\n", " ")
    assert read_dpp(f"  {squeezed}\n") == message  # spacing and lines do not matter


def test_values_are_frozen_dataclasses():
    message = read_dpp("PRP (PCE (FRA GER))")
    assert message == Offer("PRP", Peace(("FRA", "GER")))
    with pytest.raises(AttributeError):
        message.verb = "FCT"  # type: ignore[misc]
    assert hash(message) == hash(Offer("PRP", Peace(("FRA", "GER"))))
    assert read_dpp("YES (PRP (PCE (FRA GER)))") == Reply("YES", message)


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("PRP (PCE (FRA GER))", "England proposes peace between France and Germany."),
        (
            "YES (PRP (PCE (ENG GER)))",
            "England accepts the proposal of peace between England and Germany.",
        ),
        (
            "PRP (ALY (ENG FRA) VSS (GER))",
            "England proposes an alliance of England and France against Germany.",
        ),
        ("PRP (DRW)", "England proposes a draw among the powers left."),
        (
            "REJ (PRP (DRW (ENG FRA ITA)))",
            "England rejects the proposal of a draw between England, France and Italy.",
        ),
        ("FCT (NOT (DRW))", "England declares as agreed no draw among the powers left."),
        (
            "PRP (XDO ((ENG FLT LON) MTO NTH))",
            "England proposes the order: England's fleet in London moves to North Sea.",
        ),
        (
            "PRP (DMZ (FRA GER) (BUR))",
            "England proposes a demilitarised zone in Burgundy, kept by France and Germany.",
        ),
        ("INS (SLO (ENG))", "England insists on a solo victory for England."),
        ("TRY (PRP PCE)", "England would like press in these words: PRP, PCE."),
    ],
)
def test_english(text, reading):
    provinces = {"LON": "London", "NTH": "North Sea", "BUR": "Burgundy"}
    assert english(read_dpp(text), "England", provinces=provinces) == reading


def test_grey_press_reads_without_a_sender():
    assert english(read_dpp("PRP (PCE (FRA GER))")) == (
        "The sender proposes peace between France and Germany."
    )


@pytest.mark.parametrize(
    "text",
    ["Shall we share Holland?", "PRP: peace?", "prp (pce (fra ger))", "AND ANOTHER THING", ""],
)
def test_ordinary_press_is_not_dpp(text):
    assert read_dpp(text) is None


@pytest.mark.parametrize(
    ("text", "marked", "why"),
    [
        ("PRP (PCE FRA GER)", "HUH (PRP (PCE ERR FRA GER))", "'FRA' cannot stand there"),
        ("PRP (PCE (FRA GER)", "HUH (PRP (PCE (FRA GER) ERR)", "ends too soon"),
        ("PCE (FRA GER)", "HUH (PCE ERR (FRA GER))", "'(' cannot stand there"),  # EP 191's PCE
        ("ALY (FRA) VSS (GER)", "HUH (ALY ERR (FRA) VSS (GER))", "'(' cannot stand there"),
        ("PRP (XDO ((ENG TNK LON) HLD))", "HUH (PRP (XDO ((ENG ERR TNK LON) HLD)))", "AMY, FLT"),
    ],
)
def test_bad_dpp_is_marked_where_it_fails(text, marked, why):
    with pytest.raises(DppError) as raised:
        read_dpp(text)
    assert raised.value.marked == marked
    assert why in raised.value.reason


def test_check_against_the_game():
    powers, provinces = {"FRA", "GER", "ENG"}, {"BUR", "RUH", "ENG"}
    assert check("PRP (DMZ (FRA GER) (BUR ENG))", powers, provinces) is not None
    with pytest.raises(DppError) as raised:
        check("PRP (PCE (FRA XYZ))", powers, provinces)
    assert raised.value.marked == "HUH (PRP (PCE (FRA ERR XYZ)))"
    assert raised.value.reason == "XYZ is not a power of this game."
    with pytest.raises(DppError) as raised:
        check("PRP (DMZ (FRA GER) (BUR PAR))", powers, provinces)
    assert raised.value.marked == "HUH (PRP (DMZ (FRA GER) (BUR ERR PAR)))"
    assert "PAR is not a province" in raised.value.reason
    assert check("Hello", powers, provinces) is None


@pytest.mark.parametrize(
    ("text", "needed"),
    [
        # DAIDE's message syntax (Andrew Rose, v0.178), section by section.
        ("PRP (PCE (FRA GER))", 10),
        ("PRP (NAR (ALY (FRA GER) VSS (ENG)))", 10),
        ("FCT (SLO (FRA))", 10),
        ("CCL (PRP (DRW))", 10),
        ("PRP (XDO (GER WVE))", 20),
        ("PRP (DMZ (FRA GER) (BUR))", 20),
        ("PRP (AND (PCE (FRA GER)) (DRW))", 30),  # one AND or ORR, not nested
        ("PRP (ORR (AND (PCE (FRA GER)) (DRW)) (DRW))", 50),  # nested
        ("PRP (AND (DRW) (NOT (ORR (DRW) (SLO (FRA)))))", 50),  # both in one message
        ("INS (PCE (FRA GER))", 60),
        ("QRY (PCE (FRA GER))", 60),
        ("TRY (XDO INS)", 10),  # naming words is not using them
    ],
)
def test_levels_are_daides(text, needed):
    assert level(read_dpp(text)) == needed


def test_where_a_lower_level_stops_understanding():
    nested = read_dpp("PRP (AND (PCE (FRA GER)) (ORR (DRW) (SLO (FRA))))")
    assert beyond(nested, 50) is None
    assert dpp_text(Reply("HUH", nested, beyond(nested, 30))) == (
        "HUH (PRP (AND (PCE (FRA GER)) (ERR ORR (DRW) (SLO (FRA)))))"
    )
    assert beyond(nested, 10) == 2 and beyond(nested, 0) == 0


def test_a_huh_quotes_with_err_and_reads_back():
    for text in ["HUH (ERR QRY (PCE (FRA GER)))", "HUH (PRP (ERR XDO (GER WVE)))"]:
        assert dpp_text(read_dpp(text)) == text
    assert read_dpp("HUH (PRP (ERR XDO (GER WVE)))").err == 2
    for bad in ["PRP (ERR PCE (FRA GER))", "HUH (ERR PRP (ERR DRW))"]:
        with pytest.raises(DppError, match="ERR may stand only once, in the message a HUH"):
            read_dpp(bad)


def test_power_tokens():
    standard = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    assert list(power_tokens(standard)) == ["AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"]
    tokens = power_tokens(["Russia", "Rumania", "Rus", "Prussia"])
    assert tokens == {"RUS": "Russia", "RUM": "Rumania", "R00": "Rus", "PRU": "Prussia"}

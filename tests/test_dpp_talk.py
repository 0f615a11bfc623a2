"""How the robots answer DPP press (robots/talk.py), strategy by strategy, and the judge's
side of it (press.dpp.robot_answers): which robot powers of a game answer what."""

from __future__ import annotations

import pytest

from judge.engine.press.agreements import agreed
from judge.engine.press.dpp import remember_friends, robot_answers
from judge.store.models import Game
from parser.dpp import english, read_dpp
from robots.observation import Agreement
from robots.talk import Said, Speaker, answer, befriends, converse, opening

ALL = frozenset({"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"})


def said(strategy: str, text: str, friends=frozenset(), **kw) -> list[str]:
    return answer(strategy, "Germany", "France", read_dpp(text), frozenset(friends), **kw)


def test_a_power_in_civil_disorder_says_nothing():
    assert said("hold", "PRP (PCE (FRA GER))") == []


@pytest.mark.parametrize("strategy", ["random", "loeb", "dumbbot"])
def test_a_robot_without_press_answers_huh_then_an_empty_try(strategy):
    """DAIDE, level 10, "Reporting your abilities": a client that cannot process press
    answers HUH (ERR message) and TRY (), to a proposal, a question, a reply alike."""
    for text in ["PRP (PCE (FRA GER))", "QRY (PCE (FRA GER))", "YES (PRP (DRW))"]:
        assert said(strategy, text) == [f"HUH (ERR {text})", "TRY ()"]
    # Its TRY it sends each power once; HUH and TRY it never answers.
    assert said(strategy, "PRP (DRW)", tried=True) == ["HUH (ERR PRP (DRW))"]
    assert said(strategy, "HUH (ERR PRP (DRW))") == said(strategy, "TRY (PRP)") == []


def test_blabbot_accepts_peace_with_itself_in_either_order():
    assert said("blabbot", "PRP (PCE (FRA GER))") == ["YES (PRP (PCE (FRA GER)))"]
    assert said("blabbot", "PRP (PCE (GER FRA))") == ["YES (PRP (PCE (GER FRA)))"]


@pytest.mark.parametrize(
    "text",
    [
        "PRP (PCE (FRA ITA))",  # peace among others
        "PRP (PCE (FRA GER ITA))",  # peace that names other powers
        "PRP (NOT (PCE (FRA GER)))",
        "PRP (ALY (FRA GER) VSS (ENG))",
        "PRP (SLO (FRA))",
        "INS (PCE (FRA GER))",  # the seed: INS instead of PRP is answered BWX
    ],
)
def test_blabbot_answers_other_level_10_press_bwx(text):
    assert said("blabbot", text) == [f"BWX ({text})"]


def test_blabbot_answers_press_above_its_level_with_huh_where_it_stops_then_try():
    words = "TRY (PRP INS PCE ALY VSS DRW SLO NOT YES REJ BWX)"
    assert said("blabbot", "PRP (XDO ((FRA AMY PAR) MTO BUR))") == [
        "HUH (PRP (ERR XDO ((FRA AMY PAR) MTO BUR)))",
        words,
    ]
    assert said("blabbot", "QRY (PCE (FRA GER))") == ["HUH (ERR QRY (PCE (FRA GER)))", words]
    assert said("blabbot", "PRP (AND (PCE (FRA GER)) (DRW))", tried=True) == [
        "HUH (PRP (ERR AND (PCE (FRA GER)) (DRW)))"
    ]
    # Every answer reads back as DPP, ERR and all, with its English.
    huh = read_dpp("HUH (PRP (ERR XDO ((FRA AMY PAR) MTO BUR)))")
    assert english(huh, "Germany") == (
        "Germany does not understand the proposal of the order: France's army in PAR moves "
        "to BUR, from XDO on."
    )
    assert english(read_dpp("TRY ()"), "Italy") == "Italy understands no DPP press at all."


def test_blabbot_needs_no_answer_to_replies_and_facts():
    for text in ["YES (PRP (PCE (FRA GER)))", "REJ (PRP (DRW))", "TRY (PRP)", "FCT (DRW)"]:
        assert said("blabbot", text) == []


def test_blabbot_draws_under_joe_only_when_all_are_friends():
    others = ALL - {"Germany"}
    assert said("blabbot", "PRP (DRW)", others, remaining=ALL) == ["YES (PRP (DRW))"]
    assert said("blabbot", "PRP (DRW)", others - {"Italy"}, remaining=ALL) == ["REJ (PRP (DRW))"]
    mac = said("blabbot", "PRP (DRW)", others, remaining=ALL, policy="mac")
    assert mac == ["REJ (PRP (DRW))"]
    assert said("blabbot", "PRP (DRW (FRA ENG))", others, remaining=ALL) == [
        "REJ (PRP (DRW (FRA ENG)))"  # a draw without itself
    ]


def test_blabbot_opens_with_peace_to_every_stranger_and_joe_draws():
    def opens(friends, **kw):
        return opening("blabbot", "Germany", ALL, frozenset(friends), phase="S1901M", **kw)

    sent = opens({"France"})
    assert ("Austria", "PRP (PCE (GER AUS))") in sent and len(sent) == 5
    assert opens(ALL - {"Germany"}) == [(x, "PRP (DRW)") for x in sorted(ALL - {"Germany"})]
    assert opens(ALL, policy="mac") == []
    assert opening("dumbbot", "Germany", ALL, frozenset(), phase="S1901M") == []


def test_blabbot_proposes_once_and_again_only_a_year_after_a_refusal():
    """Issue 29: BlabBot proposed to everyone every phase. Now: movement phases only; once;
    again only after a refusal (REJ, the powers in either order), at most once a year."""

    def opens(phase, *said):
        return opening("blabbot", "Germany", ALL, frozenset(), phase=phase, said=said)

    assert opens("F1901R") == opens("F1901B") == []
    first = Said("Germany", frozenset({"France", "Italy"}), "PRP (PCE (GER FRA))", "S1901M")
    italy = Said("Germany", frozenset({"Italy"}), "PRP (PCE (GER ITA))", "S1901M")
    assert {to for to, _ in opens("F1901M", first, italy)} == ALL - {"Germany", "France", "Italy"}
    refused = Said("France", frozenset({"Germany"}), "REJ (PRP (PCE (FRA GER)))", "S1901M")
    assert ("France", "PRP (PCE (GER FRA))") not in opens("F1901M", first, refused)
    assert ("France", "PRP (PCE (GER FRA))") in opens("S1902M", first, refused)
    assert ("Italy", "PRP (PCE (GER ITA))") not in opens("S1902M", first, italy, refused)
    # Proposed again in 1902, and not refused since: no more.
    again = Said("Germany", frozenset({"France"}), "PRP (PCE (GER FRA))", "S1902M")
    assert ("France", "PRP (PCE (GER FRA))") not in opens("S1903M", first, refused, again)
    # A refusal sent to someone else, or of something else, is no refusal of this.
    aside = Said("France", frozenset({"Italy"}), "REJ (PRP (PCE (FRA GER)))", "S1901M")
    other = Said("France", frozenset({"Germany"}), "REJ (PRP (DRW))", "S1901M")
    assert ("France", "PRP (PCE (GER FRA))") not in opens("S1902M", first, aside, other)


def test_friendship_comes_from_peace_agreed():
    tokens = {"FRA": "France", "GER": "Germany"}
    assert befriends("Germany", "France", read_dpp("YES (PRP (PCE (GER FRA)))"), tokens)
    assert befriends("Germany", "France", read_dpp("PRP (PCE (FRA GER))"), tokens)
    assert not befriends("Germany", "France", read_dpp("REJ (PRP (PCE (GER FRA)))"), tokens)


def test_unknown_strategy():
    with pytest.raises(KeyError):
        said("nobot", "PRP (PCE (FRA GER))")


def test_the_robot_powers_of_a_game_answer():
    game = Game(
        name="war",
        variant="standard",
        options=[],
        settings={"robots": {"Germany": "blabbot", "Italy": "dumbbot", "Russia": "hold"}},
        position={"units": {p: ["A x"] for p in ALL}},
    )
    message = read_dpp("PRP (PCE (FRA GER))")
    got = robot_answers(game, "France", ["Germany", "Italy", "Russia", "England"], message)
    assert got == [
        ("Germany", "YES (PRP (PCE (FRA GER)))"),
        ("Italy", "HUH (ERR PRP (PCE (FRA GER)))"),
        ("Italy", "TRY ()"),
    ]
    assert game.settings["robot_tried"] == {"Italy": ["France"]}
    again = robot_answers(game, "France", ["Italy"], read_dpp("PRP (DRW)"))
    assert again == [("Italy", "HUH (ERR PRP (DRW))")]  # its TRY France has had
    assert robot_answers(game, None, ["Germany"], message) == []  # grey: nobody to answer


def test_accepted_arrangements_become_the_observation_modules_agreements():
    tokens = {"FRA": "France", "GER": "Germany", "RUS": "Russia"}
    xdo = read_dpp("PRP (XDO ((RUS FLT (STP SCS)) MTO BOT))").arrangement
    assert agreed(xdo, tokens, "S1901M") == [
        Agreement("XDO", frozenset({"Russia"}), "S1901M", orders=("F stp/sc - bot",))
    ]
    both = read_dpp("PRP (AND (PCE (FRA GER)) (DMZ (FRA GER) (BUR RUH)))").arrangement
    assert [x.kind for x in agreed(both, tokens, "F1901M")] == ["PCE", "DMZ"]
    assert agreed(both, tokens, "F1901M")[1].provinces == frozenset({"bur", "ruh"})
    support = read_dpp("PRP (XDO ((FRA AMY PAR) SUP (FRA AMY MAR) MTO BUR))").arrangement
    assert agreed(support, tokens, "S1901M")[0].orders == ("A par S A mar - bur",)
    assert agreed(read_dpp("PRP (XDO ((FRA AMY PAR) BLD))").arrangement, tokens, "W") == []
    assert agreed(read_dpp("PRP (DRW)").arrangement, tokens, "S1901M") == []


def test_a_blabbot_power_remembers_its_friends_and_opens_to_the_rest():
    game = Game(
        name="war",
        variant="standard",
        phase="S1901M",
        options=[],
        settings={"robots": {"Germany": "blabbot", "Italy": "dumbbot"}},
        position={"units": {p: ["A x"] for p in ALL}},
    )

    def opens() -> list[tuple[str, str, str]]:
        """What Germany says of its own, with the friends the game keeps for it."""
        kept = game.settings.get("robot_friends") or {}
        friends = {k: frozenset(v) for k, v in kept.items()}
        talk = converse({"Germany": Speaker("blabbot")}, ALL, friends, phase="S1901M")
        return [(x.sender, *x.to, x.text) for x in talk.said]

    assert len(opens()) == 6  # Germany proposes peace to all six
    made = remember_friends(game, "France", ["Germany", "Italy"], read_dpp("PRP (PCE (FRA GER))"))
    assert made == ["Germany"]  # the robot that made peace, to order again
    remember_friends(game, "England", ["Germany"], read_dpp("YES (PRP (PCE (GER ENG)))"))
    assert (
        remember_friends(game, "Turkey", ["Germany"], read_dpp("REJ (PRP (PCE (GER TUR)))")) == []
    )
    assert game.settings["robot_friends"] == {"Germany": ["France", "England"]}
    sent = opens()
    assert ("Germany", "Turkey", "PRP (PCE (GER TUR))") in sent
    assert {to for _, to, _ in sent} == ALL - {"Germany", "France", "England"}
    game.settings = {**game.settings, "robot_friends": {"Germany": sorted(ALL)}}
    assert opens()[0] == ("Germany", "Austria", "PRP (DRW)")

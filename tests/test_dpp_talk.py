"""How the robots answer DPP press (robots/talk.py), strategy by strategy, and the judge's
side of it (press.dpp.robot_answers): which robot powers of a game answer what."""

from __future__ import annotations

import pytest

from judge.engine.press.agreements import agreed
from judge.engine.press.dpp import remember_friends, robot_answers, robot_openings
from judge.store.models import Game
from parser.dpp import read_dpp
from robots.observation import Agreement
from robots.talk import answer, befriends, opening

ALL = frozenset({"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"})


def said(strategy: str, text: str, friends=frozenset(), **kw) -> str | None:
    return answer(strategy, "Germany", "France", read_dpp(text), frozenset(friends), **kw)


@pytest.mark.parametrize("strategy", ["hold", "random", "loeb"])
def test_loebs_robots_say_nothing(strategy):
    assert said(strategy, "PRP (PCE (FRA GER))") is None


def test_dumbbot_rejects_proposals_and_does_not_understand_questions():
    assert said("dumbbot", "PRP (PCE (FRA GER))") == "REJ (PRP (PCE (FRA GER)))"
    assert said("dumbbot", "INS (DRW)") == "REJ (INS (DRW))"
    assert said("dumbbot", "QRY (PCE (FRA GER))") == "HUH (ERR QRY (PCE (FRA GER)))"
    assert said("dumbbot", "YES (PRP (PCE (FRA GER)))") is None


def test_blabbot_accepts_peace_with_itself_in_either_order():
    assert said("blabbot", "PRP (PCE (FRA GER))") == "YES (PRP (PCE (FRA GER)))"
    assert said("blabbot", "PRP (PCE (GER FRA))") == "YES (PRP (PCE (GER FRA)))"


@pytest.mark.parametrize(
    "text",
    [
        "PRP (PCE (FRA ITA))",  # peace among others
        "PRP (PCE (FRA GER ITA))",  # peace that names other powers
        "PRP (NOT (PCE (FRA GER)))",
        "PRP (ALY (FRA GER) VSS (ENG))",
        "PRP (SLO (FRA))",
    ],
)
def test_blabbot_answers_other_level_10_press_bwx(text):
    assert said("blabbot", text) == f"BWX ({text})"


def test_blabbot_answers_press_above_its_level_with_try():
    for text in ["PRP (XDO ((FRA AMY PAR) MTO BUR))", "INS (PCE (FRA GER))"]:
        assert said("blabbot", text) == "TRY (PRP PCE DRW YES REJ BWX HUH TRY)"


def test_blabbot_needs_no_answer_to_replies_and_facts():
    for text in ["YES (PRP (PCE (FRA GER)))", "REJ (PRP (DRW))", "TRY (PRP)", "FCT (DRW)"]:
        assert said("blabbot", text) is None


def test_blabbot_draws_under_joe_only_when_all_are_friends():
    others = ALL - {"Germany"}
    assert said("blabbot", "PRP (DRW)", others, remaining=ALL) == "YES (PRP (DRW))"
    assert said("blabbot", "PRP (DRW)", others - {"Italy"}, remaining=ALL) == "REJ (PRP (DRW))"
    mac = said("blabbot", "PRP (DRW)", others, remaining=ALL, policy="mac")
    assert mac == "REJ (PRP (DRW))"
    assert said("blabbot", "PRP (DRW (FRA ENG))", others, remaining=ALL) == (
        "REJ (PRP (DRW (FRA ENG)))"  # a draw without itself
    )


def test_blabbot_opens_with_peace_to_every_stranger_and_joe_draws():
    sent = opening("blabbot", "Germany", ALL, frozenset({"France"}))
    assert ("Austria", "PRP (PCE (GER AUS))") in sent and len(sent) == 5
    assert opening("blabbot", "Germany", ALL, ALL - {"Germany"}) == [
        (x, "PRP (DRW)") for x in sorted(ALL - {"Germany"})
    ]
    assert opening("blabbot", "Germany", ALL, ALL, policy="mac") == []
    assert opening("dumbbot", "Germany", ALL, frozenset()) == []


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
        ("Italy", "REJ (PRP (PCE (FRA GER)))"),
    ]
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
        options=[],
        settings={"robots": {"Germany": "blabbot", "Italy": "dumbbot"}},
        position={"units": {p: ["A x"] for p in ALL}},
    )
    assert len(robot_openings(game)) == 6  # Germany proposes peace to all six
    remember_friends(game, "France", ["Germany", "Italy"], read_dpp("PRP (PCE (FRA GER))"))
    remember_friends(game, "England", ["Germany"], read_dpp("YES (PRP (PCE (GER ENG)))"))
    remember_friends(game, "Turkey", ["Germany"], read_dpp("REJ (PRP (PCE (GER TUR)))"))
    assert game.settings["robot_friends"] == {"Germany": ["France", "England"]}
    sent = robot_openings(game)
    assert ("Germany", "Turkey", "PRP (PCE (GER TUR))") in sent
    assert {to for _, to, _ in sent} == ALL - {"Germany", "France", "England"}
    game.settings = {**game.settings, "robot_friends": {"Germany": sorted(ALL)}}
    assert robot_openings(game)[0] == ("Germany", "Austria", "PRP (DRW)")

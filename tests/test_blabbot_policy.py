"""BlabBot's policy, rule by rule from the seed (seeds/blabbot.txt), pure: given the press
and the board, the answer the seed would give.

[1] send PRP (PCE (x y)) to every power y; [2] a YES to it makes y a friend; [3] a PRP
(PCE (x y)) from y is answered YES, and [4] once that YES is delivered y is a friend; [5]
when every power left is a friend: Joe offers a draw (DRW) each turn, Mac ignores
friendship (the stab); [6] otherwise friends are weighted like ourselves. Friends come from
press only, in the tournament's games as in the judge (robots/talk.py's `converse`)."""

from __future__ import annotations

import pytest

import robots
import variants
from adjudicator.board import Unit
from adjudicator.given import Position
from adjudicator.phase import Phase
from judge.engine.endings.votes import robot_vote
from judge.store.models import Game
from judge.tournament import TournamentError, read_players
from robots.blabbot import friends_in_play
from robots.games import play_game
from robots.talk import Speaker, converse, votes_draw

POWERS = ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
ALL = frozenset(POWERS)
STANDARD = variants.load("standard")


def _talk(strategies: dict[str, str], friends=None, **kw):
    speakers = {p: Speaker(*robots.seat_of(s)) for p, s in strategies.items()}
    return converse(speakers, ALL, friends or {}, phase=kw.pop("phase", "S1901M"), **kw)


def _lines(talk) -> list[tuple[str, str, str]]:
    return [(x.sender, *x.to, x.text) for x in talk.said]


def test_two_blabbots_make_peace_in_one_round_by_steps_1_to_4() -> None:
    """Austria proposes to all six [1]; England, a blabbot, answers YES [3] and counts
    Austria a friend [4]; Austria reads the YES [2]. England, speaking next, proposes to
    the five others only: the peace with Austria is made. The people get only proposals."""
    talk = _talk({"Austria": "blabbot", "England": "blabbot"})
    lines = _lines(talk)
    assert lines[:7] == [("Austria", p, f"PRP (PCE (AUS {p[:3].upper()}))") for p in POWERS[1:]] + [
        ("England", "Austria", "YES (PRP (PCE (AUS ENG)))")
    ]
    assert lines[7:] == [("England", p, f"PRP (PCE (ENG {p[:3].upper()}))") for p in POWERS[2:]]
    assert talk.friends == {"Austria": {"England"}, "England": {"Austria"}}
    assert talk.made_friends({}) == {"Austria", "England"}


def test_seven_blabbots_are_all_friends_after_one_round_and_joe_votes_the_draw() -> None:
    """Each proposes peace to those who have not proposed it to him: 21 proposals, 21
    YES. Turkey, speaking last, has every power for a friend already, so it proposes a
    draw instead (Joe), which each accepts."""
    talk = _talk(dict.fromkeys(POWERS, "blabbot"))
    texts = [x[2] for x in _lines(talk)]
    assert len([x for x in texts if x.startswith("PRP (PCE")]) == 21
    assert len([x for x in texts if x.startswith("YES (PRP (PCE")]) == 21
    assert [x for x in _lines(talk) if "DRW" in x[2]][:2] == [
        ("Turkey", "Austria", "PRP (DRW)"),
        ("Turkey", "England", "PRP (DRW)"),
    ]
    assert texts.count("PRP (DRW)") == 6 and texts.count("YES (PRP (DRW))") == 6
    assert all(talk.friends[p] == ALL - {p} for p in POWERS)
    assert all(votes_draw("blabbot", p, ALL, talk.friends[p], "joe") for p in POWERS)
    # The next spring the six others propose the draw, once; then nobody says anything:
    # peace is never rescinded nor proposed again.
    later = _talk(dict.fromkeys(POWERS, "blabbot"), talk.friends, phase="S1902M", said=talk.said)
    assert [x[2] for x in _lines(later)].count("PRP (DRW)") == 36  # six powers, six each
    assert "Turkey" not in {x[0] for x in _lines(later) if x[2] == "PRP (DRW)"}
    said = talk.said + later.said
    last = _talk(dict.fromkeys(POWERS, "blabbot"), talk.friends, phase="S1903M", said=said)
    assert last.said == []


def test_a_program_without_press_makes_no_peace() -> None:
    """DumbBot answers HUH and TRY (); the blabbot makes no friend of it, proposes no more
    (HUH is no refusal), and the TRY is sent once."""
    talk = _talk({"France": "blabbot", "Germany": "dumbbot"})
    to_germany = [x for x in _lines(talk) if "Germany" in x[:2]]
    assert to_germany == [
        ("France", "Germany", "PRP (PCE (FRA GER))"),
        ("Germany", "France", "HUH (ERR PRP (PCE (FRA GER)))"),
        ("Germany", "France", "TRY ()"),
    ]
    assert talk.friends == {"France": frozenset(), "Germany": frozenset()}
    assert talk.tried["Germany"] == {"France"}
    again = _talk(
        {"France": "blabbot", "Germany": "dumbbot"}, phase="S1902M", said=talk.said,
        tried=talk.tried,
    )  # fmt: skip
    assert again.said == []


def test_mac_accepts_peace_but_offers_no_draw() -> None:
    everyone = {p: ALL - {p} for p in POWERS}
    talk = _talk({"France": "blabbot:mac"}, everyone)
    assert talk.said == []  # Joe would propose a draw to each
    assert _lines(_talk({"France": "blabbot"}, everyone))[0] == ("France", "Austria", "PRP (DRW)")
    assert not votes_draw("blabbot", "France", ALL, ALL - {"France"}, "mac")


def test_robots_say_nothing_where_they_may_not_speak() -> None:
    assert _talk(dict.fromkeys(POWERS, "blabbot"), opens=False).said == []


@pytest.mark.parametrize(
    ("friends", "policy", "votes"),
    [
        (ALL - {"Italy"}, "joe", True),
        (ALL - {"Italy", "Turkey"}, "joe", False),
        (ALL - {"Italy"}, "mac", False),
        (frozenset(), "joe", False),
    ],
)
def test_joe_votes_for_the_draw_only_when_every_power_left_is_a_friend(
    friends, policy, votes
) -> None:
    assert votes_draw("blabbot", "Italy", ALL, friends, policy) is votes
    assert not votes_draw("dumbbot", "Italy", ALL, friends, policy)
    # Turkey gone: the powers left are all friends once it is out.
    left = ALL - {"Turkey"}
    assert votes_draw("blabbot", "Italy", left, ALL - {"Italy", "Turkey"}, "joe")
    assert not votes_draw("blabbot", "Italy", frozenset({"Italy"}), frozenset(), "joe")


def _italy_beside_marseilles() -> Position:
    """The autumn, Italy's army in Piedmont beside Marseilles, no neutral centre near."""
    units = tuple(
        Unit(u.power, u.type, "pie" if u.location == "ven" else u.location) for u in STANDARD.units
    )
    return Position(STANDARD, Phase.parse("F1901M", STANDARD), units, dict(STANDARD.ownership))


def test_mac_ignores_friendship_once_everyone_is_a_friend_the_stab() -> None:
    """Step [5]: with France its only friend among seven, Mac spares France as Joe does
    [6]; once every power left is its friend, Mac plays DumbBot's strategy against all of
    them and takes Marseilles, whatever the seed; Joe, honest to the end, never does."""
    position = _italy_beside_marseilles()
    french = {"par", "mar", "bre", "gas", "pic", "bur"}
    everyone = ALL - {"Italy"}
    assert friends_in_play(position, "Italy", everyone, "mac") == frozenset()
    assert friends_in_play(position, "Italy", everyone, "joe") == everyone
    assert friends_in_play(position, "Italy", frozenset({"France"}), "mac") == {"France"}
    for seed in range(8):

        def orders(friends: frozenset[str], policy: str, seed: int = seed) -> list[str]:
            rng = robots.rng_for(seed, "F1901M", "Italy")
            return robots.play("blabbot", position, "Italy", rng, friends, policy=policy)

        stab = orders(everyone, "mac")
        assert "A pie - mar" in stab, stab
        assert stab == orders(frozenset(), "joe")  # friendship ignored: as with no friend
        for spared in (orders(everyone, "joe"), orders(frozenset({"France"}), "mac")):
            assert not [o for o in spared if " - " in o and o.split()[-1] in french], spared


def test_mac_counts_the_powers_left_not_the_powers_of_the_map() -> None:
    """Every power still in the game a friend: Turkey gone, Mac stabs though it never made
    peace with Turkey."""
    position = _italy_beside_marseilles()
    friends = ALL - {"Italy", "Turkey"}
    assert friends_in_play(position, "Italy", friends, "mac") == friends
    gone = ALL - {"Turkey"}
    assert friends_in_play(position, "Italy", friends, "mac", gone) == frozenset()


def test_seven_joes_draw_at_once_in_the_tournament() -> None:
    """ "If only BlabBots are entered in a game, they immediately agree not to compete":
    their press in the first spring, then the draw every survivor votes, no phase played."""
    record = play_game(STANDARD, dict.fromkeys(POWERS, "blabbot"), 10, 1)
    assert (record.ended, record.years, record.phases) == ("draw", 1, 0)
    assert len(record.press) == 54 and {x.phase for x in record.press} == {"S1901M"}


def test_a_mac_among_joes_stops_the_draw_and_stabs() -> None:
    """Six Joes and a Mac make peace all round in the first spring; the Joes vote every
    phase, the Mac never, so the game goes on; the Joes attack nobody, and the Mac, ignoring
    friendship, ends ahead of each of them."""
    seats = {**dict.fromkeys(POWERS, "blabbot"), "Italy": "blabbot:mac"}
    record = play_game(STANDARD, seats, 6, 1)
    assert record.ended != "draw" and record.phases > 0
    assert {x.phase for x in record.press if "PCE" in x.text} == {"S1901M"}
    mac = record.centers["Italy"]
    assert all(mac > count for power, count in record.centers.items() if power != "Italy")


def test_tournament_blabbots_make_friends_only_in_press() -> None:
    """No seat is a friend by being a blabbot: one against six dumbbots proposes peace to
    each, gets HUH and TRY (), and plays the rest of the game friendless."""
    seats = {**dict.fromkeys(POWERS, "dumbbot"), "England": "blabbot"}
    record = play_game(STANDARD, seats, 3, 1)
    verbs = sorted(x.text[:3] for x in record.press)
    assert verbs == ["HUH"] * 6 + ["PRP"] * 6 + ["TRY"] * 6


def test_tournament_seats_name_a_policy() -> None:
    players = read_players(",".join(["blabbot:mac"] + ["blabbot"] * 6), STANDARD)
    assert players[0] == "blabbot:mac"
    with pytest.raises(TournamentError, match="no such policy: dumbbot:mac"):
        read_players(",".join(["dumbbot:mac"] + ["blabbot"] * 6), STANDARD)
    with pytest.raises(TournamentError, match="no such policy: blabbot:bob"):
        read_players(",".join(["blabbot:bob"] + ["blabbot"] * 6), STANDARD)


@pytest.mark.parametrize(("dias", "vote"), [(True, "all"), (False, "AEF")])
def test_a_robots_vote_is_a_draw_of_every_survivor(dias: bool, vote: str) -> None:
    """DRW without powers: SET DRAW in a DIAS game; in a NoDIAS one, every survivor's
    letter (a power with no units left has no vote)."""
    units = {"Austria": ["A vie"], "England": ["F lon"], "France": ["A par"], "Germany": []}
    game = Game(
        name="war", variant="standard", options=[], settings={"dias": dias},
        position={"units": units, "centers": {"Germany": ["ber"]}},
    )  # fmt: skip
    assert robot_vote(game, "France") == vote
    assert robot_vote(game, "Germany") is None

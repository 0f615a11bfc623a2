"""Draws and concessions (users' manual 7.3): every worked example of the manual, DIAS and
NoDIAS votes, concessions, and the votes the judge refuses. Votes are read by the real
parser from the commands a player would send."""

from __future__ import annotations

from datetime import datetime
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

import variants
from judge.engine.endings.draws import (
    approves,
    check_concession_vote,
    check_draw_vote,
    concession_power,
    concession_result,
    draw_list,
    draw_result,
    largest_power,
)
from parser import commands as c
from parser import parse_mail

NOW = datetime(2026, 11, 22, 10, 0)
STANDARD = variants.load("standard")
LETTERS = {p.letter: p.name for p in STANDARD.powers}


def powers(letters: str) -> frozenset[str]:
    return frozenset(LETTERS[x] for x in letters)


SURVIVORS = powers("AEF")


def command(line: str) -> c.Command:
    mail = parse_mail(f"signon Fgame pw\n{line}\n", NOW)
    assert not mail.errors, mail.errors
    return mail.commands[1]


def nodias_votes(**sent: str) -> dict[str, frozenset[str] | None]:
    """The standing NoDIAS votes after each power (by letter) sent its SET [NO] DRAW line."""
    votes: dict[str, frozenset[str] | None] = {}
    for letter, line in sent.items():
        vote = command(line)
        assert isinstance(vote, c.SetDraw)
        if vote.on:
            assert check_draw_vote(LETTERS[letter], vote.powers, LETTERS, SURVIVORS, False) is None
            assert vote.powers is not None
            votes[LETTERS[letter]] = draw_list(vote.powers, LETTERS)
    return votes


# -- the manual's NoDIAS examples (7.3), "the players listed are ... the only survivors" ----


def test_example_all_three_set_draw_aef_is_a_three_way_draw():
    votes = nodias_votes(F="SET DRAW AEF", E="SET DRAW AEF", A="SET DRAW AEF")
    assert draw_result(SURVIVORS, votes, dias=False) == powers("AEF")


def test_example_france_ae_england_and_austria_aef_is_a_three_way_draw():
    votes = nodias_votes(F="SET DRAW AE", E="SET DRAW AEF", A="SET DRAW AEF")
    assert draw_result(SURVIVORS, votes, dias=False) == powers("AEF")


def test_example_france_and_austria_ae_england_aef_is_a_two_way_draw_of_austria_and_england():
    votes = nodias_votes(F="SET DRAW AE", E="SET DRAW AEF", A="SET DRAW AE")
    assert draw_result(SURVIVORS, votes, dias=False) == powers("AE")


def test_example_france_aef_england_and_austria_ae_is_no_draw():
    votes = nodias_votes(F="SET DRAW AEF", E="SET DRAW AE", A="SET DRAW AE")
    assert draw_result(SURVIVORS, votes, dias=False) is None


def test_example_france_and_england_a_austria_no_draw_is_a_concession_to_austria():
    votes = nodias_votes(F="SET DRAW A", E="SET DRAW A", A="SET NO DRAW")
    assert draw_result(SURVIVORS, votes, dias=False) == powers("A")


# -- the manual's examples of what one list approves ----------------------------------------


def approved(voter: str, line: str, among: str = "AEFGT") -> set[str]:
    """Every draw among these survivors that the voter's SET [NO] DRAW approves."""
    vote = command(line)
    assert isinstance(vote, c.SetDraw)
    listed = draw_list(vote.powers, LETTERS) if vote.on and vote.powers else None
    return {
        "".join(sorted(draw))
        for size in range(1, len(among) + 1)
        for draw in combinations(among, size)
        if approves(LETTERS[voter], listed, powers("".join(draw)))
    }


def test_example_austria_set_draw_aeg_approves_aeg_ag_ae_or_a():
    assert approved("A", "SET DRAW AEG") == {"AEG", "AG", "AE", "A"}


def test_example_austria_set_draw_ft_approves_ft_f_t_aft_af_at_or_a():
    assert approved("A", "SET DRAW FT") == {"FT", "F", "T", "AFT", "AF", "AT", "A"}


def test_example_austria_set_draw_a_accepts_only_a_concession_to_himself():
    # The manual also says SET DRAW A accepts "any draw as long as it includes him", but its
    # own rule ("any subset of powerlist that also includes his power") and "SET NO DRAW is
    # equivalent to SET DRAW x ... will only accept a concession to himself" say otherwise.
    assert approved("A", "SET DRAW A") == {"A"}
    assert approved("A", "SET NO DRAW") == {"A"}


def test_example_the_draw_including_the_most_players_passes():
    # In the second example both AEF and AE are approved by all three; the larger passes.
    votes = nodias_votes(F="SET DRAW AE", E="SET DRAW AEF", A="SET DRAW AEF")
    every_draw = ("AEF", "AE", "AF", "EF", "A", "E", "F")
    unanimous = {
        d for d in every_draw if all(approves(v, votes.get(v), powers(d)) for v in SURVIVORS)
    }
    assert unanimous == {"AEF", "AE"}
    assert draw_result(SURVIVORS, votes, dias=False) == powers("AEF")


# -- NoDIAS beyond the examples -------------------------------------------------------------


def test_nodias_a_survivor_who_has_not_voted_only_accepts_a_concession_to_himself():
    votes = {LETTERS["A"]: powers("AE"), LETTERS["E"]: powers("AE")}
    assert draw_result(SURVIVORS, votes, dias=False) is None
    assert draw_result(powers("AE"), votes, dias=False) == powers("AE")


def test_nodias_votes_of_eliminated_powers_do_not_count():
    votes = {LETTERS["A"]: powers("AE"), LETTERS["E"]: powers("AE"), LETTERS["G"]: powers("G")}
    assert draw_result(powers("AE"), votes, dias=False) == powers("AE")


def test_nodias_everyone_leaving_himself_out_of_one_list_draws_between_them():
    votes = {LETTERS["A"]: powers("EF"), LETTERS["E"]: powers("AF"), LETTERS["F"]: powers("AE")}
    assert draw_result(SURVIVORS, votes, dias=False) == powers("AEF")


def test_nodias_no_survivors_no_draw():
    assert draw_result(frozenset(), {}, dias=False) is None


@given(
    st.lists(st.sampled_from("AEFGIRT"), min_size=1, max_size=7, unique=True).flatmap(
        lambda alive: st.tuples(
            st.just(alive),
            st.dictionaries(
                st.sampled_from("AEFGIRT"),
                st.none() | st.sets(st.sampled_from("AEFGIRT"), min_size=1),
            ),
        )
    )
)
def test_nodias_result_is_the_largest_draw_every_survivor_approves(case):
    alive, ballot = case
    survivors = powers("".join(alive))
    votes = {LETTERS[k]: (powers("".join(v)) if v else None) for k, v in ballot.items() if v}
    unanimous = [
        frozenset(draw)
        for size in range(len(survivors), 0, -1)
        for draw in combinations(sorted(survivors), size)
        if all(approves(v, votes.get(v), draw) for v in survivors)
    ]
    expected = unanimous[0] if unanimous else None
    if unanimous:  # "the draw including the most players" is never a tie
        assert len([d for d in unanimous if len(d) == len(expected)]) == 1
    assert draw_result(survivors, votes, dias=False) == expected


# -- DIAS -----------------------------------------------------------------------------------


def test_dias_all_survivors_voting_draw_them_all():
    assert command("SET DRAW") == c.SetDraw(line=2, on=True, powers=None)
    votes = {LETTERS[x]: None for x in "AEF"}
    assert draw_result(SURVIVORS, votes, dias=True) == powers("AEF")


def test_dias_one_survivor_missing_is_no_draw():
    votes = {LETTERS[x]: None for x in "AE"}
    assert draw_result(SURVIVORS, votes, dias=True) is None


def test_dias_eliminated_powers_need_not_vote_and_cannot_be_included():
    votes = {LETTERS[x]: None for x in "AEF"}
    assert draw_result(powers("AE"), votes, dias=True) == powers("AE")


def test_dias_a_lone_survivor_voting_draw_is_a_one_power_result():
    assert draw_result(powers("A"), {LETTERS["A"]: None}, dias=True) == powers("A")


# -- votes the judge refuses ----------------------------------------------------------------


def test_draw_list_reads_letters_as_the_parser_gives_them():
    vote = command("set draw aef")
    assert isinstance(vote, c.SetDraw) and vote.powers == "AEF"
    assert draw_list(vote.powers, LETTERS) == powers("AEF")


def test_a_nodias_list_may_leave_out_the_voter():
    assert check_draw_vote("Austria", "FT", LETTERS, powers("AFT"), dias=False) is None


def test_a_dias_game_refuses_a_list():
    reason = check_draw_vote("Austria", "AE", LETTERS, SURVIVORS, dias=True)
    assert reason is not None and "DIAS" in reason
    assert check_draw_vote("Austria", None, LETTERS, SURVIVORS, dias=True) is None


def test_a_nodias_game_needs_a_list():
    reason = check_draw_vote("Austria", None, LETTERS, SURVIVORS, dias=False)
    assert reason is not None and "SET DRAW AEF" in reason


def test_a_draw_list_refuses_unknown_letters_repeats_and_powers_without_units():
    assert "'X'" in check_draw_vote("Austria", "AX", LETTERS, SURVIVORS, False)  # type: ignore[operator]
    assert "twice" in check_draw_vote("Austria", "AEA", LETTERS, SURVIVORS, False)  # type: ignore[operator]
    assert "Germany has no units" in check_draw_vote(  # type: ignore[operator]
        "Austria", "AG", LETTERS, SURVIVORS, False
    )


def test_a_draw_list_names_at_most_twenty_powers():
    many = {chr(ord("A") + i): f"P{i}" for i in range(21)}
    alive = set(many.values())
    assert check_draw_vote("P0", "".join(many)[:20], many, alive, False) is None
    assert "at most 20" in check_draw_vote("P0", "".join(many), many, alive, False)  # type: ignore[operator]


def test_a_power_without_units_has_no_vote():
    reason = check_draw_vote("Germany", None, LETTERS, SURVIVORS, dias=True)
    assert reason is not None and "no units" in reason


# -- concessions ----------------------------------------------------------------------------

CENTERS = {
    "Austria": 3,
    "England": 14,
    "France": 5,
    "Germany": 0,
    "Italy": 2,
    "Russia": 0,
    "Turkey": 10,
}


def conceding(*voters: str, to: str = "E") -> dict[str, str]:
    """The standing concessions after each voter (by letter) sent SET CONCEDE <to>."""
    vote = command(f"SET CONCEDE {to}")
    assert isinstance(vote, c.SetConcede) and vote.power is not None
    target = concession_power(vote.power, LETTERS)
    assert target is not None
    return {LETTERS[v]: target for v in voters}


def test_concession_passes_when_every_other_power_with_centers_concedes_to_the_largest():
    assert concession_result(CENTERS, conceding("A", "F", "I", "T"), allowed=True) == "England"


def test_concession_needs_every_other_power_with_centers():
    assert concession_result(CENTERS, conceding("A", "F", "I"), allowed=True) is None


def test_powers_without_centers_need_not_concede():
    votes = conceding("A", "F", "I", "T")
    assert "Germany" not in votes and "Russia" not in votes
    assert concession_result(CENTERS, votes, allowed=True) == "England"


def test_a_concession_to_another_power_does_not_count():
    votes = conceding("A", "F", "I") | conceding("T", to="T")
    assert concession_result(CENTERS, votes, allowed=True) is None


def test_no_concession_when_the_largest_is_tied():
    tied = CENTERS | {"Turkey": 14}
    assert largest_power(tied) is None
    assert concession_result(tied, conceding("A", "F", "I", "T"), allowed=True) is None


def test_no_concession_when_concessions_are_disabled():
    assert concession_result(CENTERS, conceding("A", "F", "I", "T"), allowed=False) is None


def test_a_concession_needs_at_least_one_vote():
    alone = {"England": 18, "France": 0}
    assert concession_result(alone, {}, allowed=True) is None
    assert concession_result(alone, {"France": "England"}, allowed=True) == "England"


def test_set_concede_takes_a_letter_or_the_powers_name():
    vote = command("set conc england")
    assert isinstance(vote, c.SetConcede) and vote.power == "ENGLAND"
    assert concession_power(vote.power, LETTERS) == "England"
    assert concession_power("e", LETTERS) == "England"
    assert concession_power("Q", LETTERS) is None


def test_concede_only_to_the_largest_power():
    assert check_concession_vote("E", LETTERS, CENTERS, allowed=True, dias=True) is None
    reason = check_concession_vote("T", LETTERS, CENTERS, allowed=True, dias=True)
    assert reason is not None and "England has at least as many centers as Turkey" in reason
    tied = CENTERS | {"Turkey": 14}
    assert check_concession_vote("E", LETTERS, tied, allowed=True, dias=True) is not None


def test_concession_votes_refused_when_disabled_in_nodias_or_unknown():
    assert "No concessions" in check_concession_vote("E", LETTERS, CENTERS, False, True)  # type: ignore[operator]
    assert "NoDIAS" in check_concession_vote("E", LETTERS, CENTERS, True, False)  # type: ignore[operator]
    assert "'Q'" in check_concession_vote("Q", LETTERS, CENTERS, True, True)  # type: ignore[operator]
    assert check_concession_vote(None, LETTERS, CENTERS, True, True) is not None

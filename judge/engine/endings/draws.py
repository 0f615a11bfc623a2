"""Draws and concessions (users' manual 7.3 and 8.3): which result the votes pass, and which
votes the judge refuses. Pure: the caller says who survives, who owns what and who voted.

Powers are named however the caller names them (the engine uses "France"); `letters` maps
each power's letter, as players type it in SET DRAW and SET CONCEDE, to that name.

Survivors are the powers that have units. The manual only says "surviving players"; the
njudge counts units (`draw.c: process_draw`, and `chkdraw` refuses a power without units).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

MAX_DRAW_LIST = 20  # `draw.c: chkdraw`, njudge-formats "Limits"


# -- draws ----------------------------------------------------------------------------------


def approves(voter: str, listed: Collection[str] | None, draw: Collection[str]) -> bool:
    """Whether a NoDIAS voter's SET DRAW list accepts this draw, in the manual's words
    (7.3): a list that includes the voter approves "any subset of powerlist that also
    includes his power"; one that leaves him out approves "any subset of powerlist, and any
    subset of powerlist plus his own power". `listed` None is SET NO DRAW (or no vote),
    "equivalent to the command SET DRAW x": only a concession to the voter himself.
    """
    draw = frozenset(draw)
    if not draw:
        return False
    acceptable = frozenset(listed) if listed is not None else frozenset((voter,))
    if voter in acceptable:
        return voter in draw and draw <= acceptable
    return draw <= acceptable | {voter}


def draw_result(
    survivors: Collection[str],
    votes: Mapping[str, Collection[str] | None],
    dias: bool,
) -> frozenset[str] | None:
    """The draw the votes pass, or None. A one-power result is a concession to that power
    (manual 7.3, last NoDIAS example).

    `votes` holds the powers whose SET DRAW stands this phase: in a DIAS game the value is
    ignored (a DIAS vote is for a draw of all survivors); in a NoDIAS game it is the powers
    of the voter's list. A power absent from `votes` has not voted or said SET NO DRAW.
    Votes of powers that are not survivors count for nothing: "unanimous approval of
    surviving players is required".
    """
    alive = frozenset(survivors)
    if not alive:
        return None
    if dias:
        return alive if alive <= votes.keys() else None
    # Every approved draw lies inside each voter's list plus himself, so the largest draw
    # anyone could pass is what all of those have in common. If some survivor refuses even
    # that one, it is because he insists on being in it and is not: then he refuses every
    # smaller draw too. So this candidate is the only one worth testing, and when it
    # passes it is the draw "including the most players" (manual 7.3).
    candidate = alive
    for voter in alive:
        listed = votes.get(voter)
        candidate &= frozenset(listed) | {voter} if listed is not None else {voter}
    if all(approves(voter, votes.get(voter), candidate) for voter in alive):
        return candidate or None
    return None


def draw_list(listed: str, letters: Mapping[str, str]) -> frozenset[str]:
    """The powers of a SET DRAW list such as "AEF" (letters not of this game are left out:
    `check_draw_vote` has refused such a list already)."""
    by_letter = {letter.upper(): power for letter, power in letters.items()}
    return frozenset(by_letter[c] for c in listed.upper() if c in by_letter)


def check_draw_vote(
    voter: str,
    listed: str | None,
    letters: Mapping[str, str],
    survivors: Collection[str],
    dias: bool,
) -> str | None:
    """Why the judge refuses this SET DRAW [list], or None when it stands.

    The manual: "The powerlist option is only valid if the game is set NoDIAS", and a
    NoDIAS vote is "SET DRAW powerlist". The rest is the njudge's `chkdraw`: letters of
    this game's powers, each once, each a survivor, at most 20. A list need not include
    the voter ("If Austria issues SET DRAW FT ...").
    """
    if voter not in survivors:
        return "You have no units left, so you have no vote on a draw."
    if dias:
        if listed:
            return (
                "This game is DIAS: a draw includes every survivor, so SET DRAW takes no "
                "list of powers."
            )
        return None
    if not listed:
        return "This game is NoDIAS: name the powers you accept in a draw, e.g. SET DRAW AEF."
    by_letter = {letter.upper(): power for letter, power in letters.items()}
    seen: set[str] = set()
    for c in listed.upper():
        if c not in by_letter:
            return f"'{c}' is not the letter of a power in this game."
        if c in seen:
            return f"'{c}' is in the draw list twice."
        seen.add(c)
        if by_letter[c] not in survivors:
            return f"{by_letter[c]} has no units and cannot be part of a draw."
    if len(seen) > MAX_DRAW_LIST:
        return f"A draw list names at most {MAX_DRAW_LIST} powers."
    return None


# -- concessions ----------------------------------------------------------------------------


def largest_power(centers_by_power: Mapping[str, int]) -> str | None:
    """The one power with strictly more centres than every other, the only one a game can
    be conceded to (manual 7.3: "you may only concede to the largest power")."""
    ranked = sorted(centers_by_power.items(), key=lambda item: item[1], reverse=True)
    if not ranked or ranked[0][1] <= 0:
        return None
    if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        return None
    return ranked[0][0]


def concession_result(
    centers_by_power: Mapping[str, int],
    concessions: Mapping[str, str],
    allowed: bool,
) -> str | None:
    """The power the game is conceded to, or None.

    `concessions` maps each power whose SET CONCEDE stands to the power it named. The
    concession passes when every other power that owns centres has conceded to the largest
    power ("a concession can only be approved by unanimous vote"; the njudge's
    `process_conc` asks it of the powers with centres only). The largest power's own vote is
    not needed, but at least one vote must name him: the judge looks only when one arrives.
    `allowed` is the game's CONCESSIONS setting; it should be False in a NoDIAS game, where
    a concession is a one-power draw instead (see `check_concession_vote`).
    """
    if not allowed:
        return None
    leader = largest_power(centers_by_power)
    if leader is None:
        return None
    if not any(voter != leader and named == leader for voter, named in concessions.items()):
        return None
    for power, centers in centers_by_power.items():
        if power != leader and centers > 0 and concessions.get(power) != leader:
            return None
    return leader


def concession_power(named: str, letters: Mapping[str, str]) -> str | None:
    """The power a SET CONCEDE names: its letter, as the manual asks, or its full name."""
    for letter, power in letters.items():
        if named.upper() in (letter.upper(), power.upper()):
            return power
    return None


def check_concession_vote(
    named: str | None,
    letters: Mapping[str, str],
    centers_by_power: Mapping[str, int],
    allowed: bool,
    dias: bool,
) -> str | None:
    """Why the judge refuses this SET CONCEDE, or None when it stands.

    From the manual: the Master may disable concessions (8.3), and "you may only concede to
    the largest power on the board". From the njudge (`ml_set.c`): a NoDIAS game refuses
    SET CONCEDE and points to the one-power draw, which the manual's last NoDIAS example
    shows is how a NoDIAS game is conceded.
    """
    if not allowed:
        return "No concessions are permitted in this game."
    if not dias:
        return (
            "This game is NoDIAS: to concede, vote for a draw of that power alone, e.g. SET DRAW F."
        )
    if not named:
        return "Name the power you concede to: SET CONCEDE and its letter."
    power = concession_power(named, letters)
    if power is None:
        return f"'{named}' is not a power in this game."
    for other, centers in centers_by_power.items():
        if other != power and centers >= centers_by_power.get(power, 0):
            return (
                f"{other} has at least as many centers as {power}: you may only concede "
                "to the largest power on the board."
            )
    return None

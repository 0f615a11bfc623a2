"""Which player gets which power when a game starts (users' manual 7.1 SET PREFERENCE, 8.3
SET PRFLIST / PRFRAND / PRFBOTH). Pure: the caller hands in the lists and a random source.

How conflicts are settled: as the njudge does (`ml_signon.c: mail_igame`, `chkpref`, and
Ken Lowe's `assign.c`, ACM algorithm 415). Each player's list ranks every power: the n-th
letter ranks n, letters in brackets share the average of the places they take, and powers
left off share the average of the places left. The judge then picks the assignment with the
least total rank over all players with lists, and draws lots among equally good ones. That
is fair in the sense that matters between players (nobody gains by signing on first or by
the order of the powers) and it is what the judge we re-implement did. Its known price:
a player who lists one power and nothing else weighs more than one who ranks them all.

With fewer players than powers (SET PLAYERS, a duplex game) the powers left over are dealt
in rounds, as the njudge does (`mail_igame`; its help file info.duplex): each round every
player is given one more power, by the least total rank of the players' first lists over the
powers still free, until none is left. A round with more players than powers left is for as
many players as there are powers, chosen by lot. So no player holds two powers more than
another, and each extra power is one its holder ranked as well as the deal allowed.

Power letters are as the players type them (`A`, `E`, ...); `powers` maps each letter to
what the caller wants back (the engine uses the power's name).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

# A player's SET PREFERENCE as the parser reads it: groups of equally liked letters in order
# of preference; "*" for SET PREFERENCE *; () or None when he sent none.
Choices = tuple[tuple[str, ...], ...] | str | None

Player = TypeVar("Player", bound=Hashable)

MODES = {
    "list": "list",
    "prflist": "list",
    "random": "random",
    "prfrand": "random",
    "both": "both",
    "prfboth": "both",
}

# Ties between assignments of equal total rank are broken by a random number per player and
# power below NOISE; ranks are scaled so that all the noise together never outweighs half a
# place of rank (the smallest difference the averaged ranks make).
NOISE = 1000


def assign_powers(
    players: Mapping[Player, Choices],
    powers: Mapping[str, str],
    mode: str,
    rng: random.Random,
) -> dict[Player, str]:
    """Give each player a different power.

    PRFLIST (the default): by the preference lists. SET PREFERENCE * counts as no list.
    PRFRAND: every player at random; lists have no effect. PRFBOTH: those who asked for
    "*" get random powers first, then the others by their lists. In every mode, players with
    no list get what is left, at random, "only after all players who have submitted
    preferences have received their assignments" (7.1).

    With fewer players than powers some powers stay unassigned; more players than powers is
    an error. `rng` alone decides every random choice, so a seeded one repeats the result.
    """
    if not isinstance(powers, Mapping):
        raise TypeError("powers must map each power's letter to its name: {p.letter: p.name}")
    how = MODES.get(mode.lower())
    if how is None:
        raise ValueError(f"unknown assignment mode {mode!r}: PRFLIST, PRFRAND or PRFBOTH")
    if len(players) > len(powers):
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    by_letter = {letter.upper(): power for letter, power in powers.items()}
    free = list(by_letter)
    result: dict[Player, str] = {}

    at_random = [
        who
        for who, choices in players.items()
        if how == "random" or (how == "both" and choices == "*")
    ]
    for who in at_random:
        letter = free.pop(rng.randrange(len(free)))
        result[who] = by_letter[letter]

    listed = [
        (who, choices)
        for who, choices in players.items()
        if who not in result and isinstance(choices, tuple) and choices
    ]
    if listed:
        scale = NOISE * (len(listed) + 1)
        costs = []
        for _, choices in listed:
            ranks = _ranks(choices, free)
            costs.append([ranks[letter] * scale + rng.randrange(NOISE) for letter in free])
        taken = _cheapest_assignment(costs)
        for (who, _), column in zip(listed, taken, strict=True):
            result[who] = by_letter[free[column]]
        gone = set(taken)
        free = [letter for column, letter in enumerate(free) if column not in gone]

    rest = [who for who in players if who not in result]
    rng.shuffle(free)
    for who, letter in zip(rest, free, strict=False):
        result[who] = by_letter[letter]
    return result


def deal_powers(
    players: Mapping[Player, Choices],
    powers: Mapping[str, str],
    mode: str,
    rng: random.Random,
) -> dict[Player, list[str]]:
    """Every power to a player: the first as `assign_powers` gives them, the rest in rounds.

    In the later rounds a player's list ranks the powers as it did at the start (the njudge
    keeps the first round's ranks, and only marks the powers taken), so a player is never
    penalised for the powers the first round gave away. PRFRAND and "*" players, and those
    with no list, rank every power alike: they take what the listed players leave, at random.
    Every random choice comes from `rng`.
    """
    first = assign_powers(players, powers, mode, rng)
    dealt = {who: [power] for who, power in first.items()}
    by_letter = {letter.upper(): power for letter, power in powers.items()}
    free = [letter for letter, power in by_letter.items() if power not in first.values()]
    how = MODES[mode.lower()]
    ranks = {
        who: _ranks(choices, list(by_letter))
        if how != "random" and isinstance(choices, tuple) and choices
        else dict.fromkeys(by_letter, 0)
        for who, choices in players.items()
    }
    while free and players:
        seated = list(players)
        if len(seated) > len(free):  # a short round: who gets one more is drawn by lot
            seated = rng.sample(seated, len(free))
        scale = NOISE * (len(seated) + 1)
        costs = [
            [ranks[who][letter] * scale + rng.randrange(NOISE) for letter in free] for who in seated
        ]
        taken = _cheapest_assignment(costs)
        for who, column in zip(seated, taken, strict=True):
            dealt[who].append(by_letter[free[column]])
        free = [letter for column, letter in enumerate(free) if column not in set(taken)]
    return dealt


def preference_error(choices: Choices, powers: Mapping[str, str] | Sequence[str]) -> str | None:
    """Why a SET PREFERENCE list cannot stand, or None: the njudge's `chkpref` refuses a
    letter that is no power of the game and a letter given twice."""
    if not isinstance(choices, tuple):
        return None
    letters = [letter.upper() for letter in powers]
    seen: set[str] = set()
    for group in choices:
        for letter in group:
            letter = letter.upper()
            if letter not in letters:
                return (
                    f"'{letter}' is not the letter of a power in this game ({', '.join(letters)})."
                )
            if letter in seen:
                return f"'{letter}' appears more than once in the preference list."
            seen.add(letter)
    return None


def _ranks(choices: tuple[tuple[str, ...], ...], free: Sequence[str]) -> dict[str, int]:
    """Twice the rank of each free power in this list (twice, so averages stay whole).

    Letters of powers already gone, unknown or repeated, are passed over, so the places of
    the rest close up, as the njudge does after PRFBOTH's random draws.
    """
    ranks: dict[str, int] = {}
    place = 1
    for group in choices:
        fresh = [x for x in dict.fromkeys(c.upper() for c in group) if x in free and x not in ranks]
        for letter in fresh:
            ranks[letter] = 2 * place + len(fresh) - 1  # twice the average of the places
        place += len(fresh)
    unlisted = [letter for letter in free if letter not in ranks]
    for letter in unlisted:
        ranks[letter] = 2 * place + len(unlisted) - 1
    return ranks


def _cheapest_assignment(costs: list[list[int]]) -> list[int]:
    """For each row, a different column, with the least total cost (rows <= columns).

    The Hungarian method with potentials, O(rows^2 * columns): rows join one by one, each
    along the cheapest augmenting path of reduced costs, Dijkstra-like, and the potentials
    shift so that reduced costs stay non-negative and zero along the matching.
    """
    rows = len(costs)
    columns = len(costs[0]) if rows else 0
    row_potential = [0] * (rows + 1)
    column_potential = [0] * (columns + 1)
    # owner[j]: the row (1-based) matched to column j (1-based); column 0 is a sentinel.
    owner = [0] * (columns + 1)
    for row in range(1, rows + 1):
        owner[0] = row
        previous = [0] * (columns + 1)
        slack = [math.inf] * (columns + 1)
        visited = [False] * (columns + 1)
        column = 0
        while owner[column] != 0:
            visited[column] = True
            current_row = owner[column]
            step = math.inf
            nearest = 0
            for j in range(1, columns + 1):
                if visited[j]:
                    continue
                reduced = (
                    costs[current_row - 1][j - 1] - row_potential[current_row] - column_potential[j]
                )
                if reduced < slack[j]:
                    slack[j] = reduced
                    previous[j] = column
                if slack[j] < step:
                    step = slack[j]
                    nearest = j
            for j in range(columns + 1):
                if visited[j]:
                    row_potential[owner[j]] += step
                    column_potential[j] -= step
                else:
                    slack[j] -= step
            column = nearest
        while column != 0:  # flip the matching along the path just found
            back = previous[column]
            owner[column] = owner[back]
            column = back
    chosen = [0] * rows
    for j in range(1, columns + 1):
        if owner[j]:
            chosen[owner[j] - 1] = j - 1
    return chosen

"""The tables a movement phase's resolver (movement.py) works from, one entry per unit, and
the decisions that need no reasoning, settled at sight while the tables are made.

Per unit: its kind of order, province, power and destination; whether a move goes by sea,
who supports or convoys each order, the unit met head on, each unit's strengths. Each
decision settled at sight is one the resolver never works out, and most of a phase's orders
are plain: a lone move by land into an empty province always succeeds, and a support nobody
attacks is always given. On a map with no rules of its own (every unit of strength 1,
nothing gated): an unsupported move by land into a province whose unit stays, or comes the
other way, always fails; and a support attacked by land by another power, from elsewhere
than where it is directed, is always cut.

All integers and lists, made in few passes: this runs once per movement phase, in the
judge's hot path and in benchmarks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import Any

from .board import Unit
from .legality import CONVOY, MOVE, SUPPORT, Command
from .special import Special

UNRESOLVED, GUESSING, RESOLVED = 0, 1, 2  # a decision's state

_NOWHERE: frozenset[str] = frozenset()
_KIND, _UNIT, _DEST = itemgetter(0), itemgetter(1), itemgetter(2)  # a Command's
_POWER, _PROVINCE = itemgetter(0), itemgetter(3)  # a Unit's


# The columns of a board, one entry per unit in the commands' order (never changed): the
# units, their powers and provinces, and each province's unit's index.
Columns = tuple[list[Unit], list[str], list[str], dict[str, int]]


def board_columns(commands: Sequence[Command]) -> Columns:
    """The columns of the board the commands are for (one command per unit, a command's
    fields read by position in C, by `map` of an itemgetter): the same for any orders."""
    units = list(map(_UNIT, commands))
    prov = list(map(_PROVINCE, units))
    return units, list(map(_POWER, units)), prov, dict(zip(prov, range(len(prov)), strict=True))


def fill_tables(
    r: Any,
    commands: Sequence[Command],
    army_reach: Mapping[str, frozenset[str]],
    convoy_via: str,
    special: Special,
    columns: Columns | None = None,
) -> None:
    """Give the resolver `r` (a `movement.Resolver`, not imported: it imports this) its
    tables, with the decisions settled at sight already in its `state` and `result`;
    `columns`, the board's, if known (they are shared, never changed)."""
    n = len(commands)
    units, power, prov, unit_at = columns or board_columns(commands)
    kind = list(map(_KIND, commands))
    dest = list(map(_DEST, commands))
    r.prov, r.power, r.kind, r.dest = prov, power, kind, dest
    rail, crossings, strength, gates = (
        special.rail,
        special.crossings,
        special.strength,
        special.gate,
    )
    # Convoys a power ordered for its own army: under the 2023 rules they send the army by
    # sea even where it could walk (DATC 4.A.3, 6.G).
    wanted = (
        {
            (c[4][3], c[2])  # type: ignore[index]  # the target's province, the dest
            for c in commands
            if c[0] == CONVOY and c[4][0] == c[1][0]  # type: ignore[index]  # one power's
        }
        if convoy_via == "2023" and CONVOY in kind
        else None
    )
    # Which moves go by sea: those that must, those that say so, and the wanted ones; and
    # who moves into each province.
    via_sea = [False] * n
    moves: list[int] = []
    helping: list[int] = []  # the supports and convoys
    decided: list[int] = []  # the moves and supports: each a decision
    moves_into: dict[str, list[int]] = {}
    helps, decides, add_move = helping.append, decided.append, moves.append
    i = -1
    for k in kind:
        i += 1
        if k != MOVE:
            if k == SUPPORT:
                helps(i)
                decides(i)
            elif k == CONVOY:  # a unit disbanding or transforming holds
                helps(i)
            continue
        add_move(i)
        decides(i)
        d = dest[i]
        if d in moves_into:
            moves_into[d].append(i)  # type: ignore[index]
        else:
            moves_into[d] = [i]  # type: ignore[index]
        if units[i][1] == "A" and (not rail or i not in rail):
            here = prov[i]
            via_sea[i] = (
                commands[i][6]  # via_convoy
                or d not in army_reach.get(here, _NOWHERE)
                or (wanted is not None and (here, d) in wanted)
            )
    # Each unit's own strength, to move, hold and support; the attack strength before
    # supports (none for an army crossing a strait). Only read when all are 1: shared.
    ones = _ones(n)
    might = ones
    if strength:
        might = list(ones)
        for i, s in strength.items():
            might[i] = s
    base = list(might) if strength or special.bonus or crossings else ones
    for i, extra in special.bonus.items():
        base[i] += extra
    if crossings:
        for i in moves:
            if not via_sea[i] and dest[i] in crossings.get(prov[i], ()):
                base[i] = 0 if units[i].type == "A" else 1
    gate = [gates.get(i, -1) for i in range(n)] if gates else _nobody(n)
    # No rules of the map's own: every unit of strength 1, no bonus, nothing gated, no
    # crossings nor railways; more is settled at sight then.
    plain = not (strength or special.bonus or gates or crossings or rail)
    state = [UNRESOLVED] * (2 * n)
    result = [False] * (2 * n)
    # Who supports or convoys each unit's order; () until somebody does. A support is
    # settled at sight here, once it is known to be for the order it names.
    supports: list = [()] * n
    convoyers: list = [()] * n
    target = [-1] * n
    void = [False] * n
    for i in helping:
        k = kind[i]
        c = commands[i]
        t = unit_at.get(c[4][3])  # type: ignore[index]  # the target's province
        if t is None or units[t] != c[4]:
            # A blind game's support or convoy of a unit that is not there (legality.py
            # unseen_unit): it helps nobody.
            void[i] = True
            continue
        target[i] = t
        # Attach each support and convoy to the order it helps, or mark it void.
        if k == SUPPORT:
            if c[2] is None:  # support to hold
                ok = kind[t] != MOVE
            else:
                ok = kind[t] == MOVE and dest[t] == c[2]
                # The coast a support names counts for a fleet's move only (an army's
                # coast never matters; a blind game's support may name one).
                if ok and c.coast is not None and units[t].type == "F":
                    ok = commands[t].dest_loc == f"{c.dest}/{c.coast}"
            if not ok:
                void[i] = True
                continue
            if supports[t]:
                supports[t].append(i)
            else:
                supports[t] = [i]
            if gates and gate[i] != -1:
                continue
            attackers = moves_into.get(prov[i])
            if not attackers:  # given: nobody attacks it
                result[i] = True
                state[i] = RESOLVED
            elif plain:  # cut by an attack by land from elsewhere than where it helps
                directed = dest[i] if dest[i] is not None else prov[t]
                mine = power[i]
                for a in attackers:
                    if power[a] != mine and prov[a] != directed and not via_sea[a]:
                        state[i] = RESOLVED  # result[i] is False: cut
                        break
        else:
            route = commands[t].route
            if (
                kind[t] == MOVE
                and via_sea[t]
                and dest[t] == c.dest
                and (not route or prov[i] in route)
            ):
                if convoyers[t]:
                    convoyers[t].append(i)
                else:
                    convoyers[t] = [i]
            else:
                void[i] = True
    # Moves that cross no border (by sea, by rail, across a strait) meet no head on.
    if crossings or rail:
        indirect = [via_sea[i] or not base[i] or i in rail for i in range(n)]
    else:
        indirect = via_sea
    h2h = [-1] * n  # the unit in a head-to-head battle with this one
    for i in moves:
        d = dest[i]
        j = unit_at.get(d)  # type: ignore[arg-type]
        if j is None:  # into an empty province: alone and by land, it succeeds
            if (
                len(moves_into[d]) == 1  # type: ignore[index]
                and not via_sea[i]
                and base[i]
                and (not gates or gate[i] == -1)
            ):
                result[i] = True
                state[i] = RESOLVED
            continue
        # A head-to-head battle is only between two units that cross a border.
        if kind[j] == MOVE and dest[j] == prov[i] and not indirect[i] and not indirect[j]:
            h2h[i] = j
        if plain and not supports[i] and not via_sea[i] and (kind[j] != MOVE or h2h[i] == j):
            state[i] = RESOLVED  # result[i] is False: it cannot dislodge nor win
    if strength:
        # A unit of strength 2 supports with both its points: listed once for each among
        # the supports, it is given or cut as one.
        for t, helpers in enumerate(supports):
            if helpers:
                supports[t] = [h for h in helpers for _ in range(might[h])]
    r.via_sea, r.might, r.base, r.plain = via_sea, might, base, plain
    r.gated, r.gate = bool(gates), gate
    r.unit_at, r.moves_into, r.h2h = unit_at, moves_into, h2h
    r.supports, r.convoyers, r.target, r.void = supports, convoyers, target, void
    r.moves, r.helping, r.decided = moves, helping, decided
    r.state, r.result = state, result
    r.deps = []
    r.assumed = {}  # convoys imagined away while judging a paradox by the Alexander rule


@cache
def _ones(n: int) -> tuple[int, ...]:
    """n strengths of 1: a plain board's, never changed, so shared between phases."""
    return (1,) * n


@cache
def _nobody(n: int) -> tuple[int, ...]:
    """n gates of -1: a board with nothing gated (never changed)."""
    return (-1,) * n

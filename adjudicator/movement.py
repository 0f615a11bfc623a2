"""Movement resolution: which moves succeed, which supports are cut, who is dislodged.

The resolver follows Kruijswijk's "The Math of Adjudication" (DATC section 5): every move
and support is a decision; a decision is worked out from the decisions it depends on; when
a chain of dependencies comes back to a decision still being worked out, the resolver
guesses it both ways. One consistent answer wins; with none or two, the cycle is either a
circular movement (everybody moves) or a convoy paradox, settled by the Szykman rule (the
armies convoyed in the paradox do not move) or by the Alexander rule (a convoy is judged as
if its army were absent) as the game chooses.

The resolver is all integers and lists: it runs in the judge's hot path and in benchmarks.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .legality import MOVE, Command
from .resolver_tables import GUESSING, RESOLVED, UNRESOLVED, Columns, fill_tables
from .special import PLAIN, SHUT, Special


class Outcome(NamedTuple):
    """What happened to one unit's order."""

    succeeded: bool
    reason: str | None  # bounce, cut, void, no convoy, dislodged, ... or None
    dislodged_by: int | None  # index of the unit that dislodged this one


class Resolver:
    """One movement phase.

    `commands` are legal orders, one per unit, in a fixed order. `army_reach`, `shores`
    and `links` are the map's (`Geography`); `convoy_via` and `paradox` the game's rules;
    `special` the variant's own; `columns`, the board's (`board_columns`), if known. Its
    tables (per unit: kind, province, power, dest, who supports or convoys it, ...) and the
    decisions settled at sight are resolver_tables'.
    """

    def __init__(
        self,
        commands: Sequence[Command],
        army_reach: Mapping[str, frozenset[str]],
        shores: Mapping[str, frozenset[str]],
        links: Mapping[str, frozenset[str]],
        convoy_via: str = "2023",
        paradox: str = "szykman",
        special: Special | None = None,
        columns: Columns | None = None,
    ) -> None:
        self.n = len(commands)
        self.commands = commands
        self._shores = shores
        self._links = links
        self.paradox = paradox
        fill_tables(self, commands, army_reach, convoy_via, special or PLAIN, columns)

    # -- the guess-and-check core --------------------------------------------------------

    def resolve(self, d: int) -> bool:
        state = self.state
        st = state[d]
        if st == RESOLVED:
            return self.result[d]
        deps = self.deps
        if st == GUESSING:
            if d not in deps:
                deps.append(d)
            return self.result[d]
        old = len(deps)
        self.result[d] = False
        state[d] = GUESSING
        first = self._adjudicate(d)
        if len(deps) == old:
            if state[d] != RESOLVED:
                self.result[d] = first
                state[d] = RESOLVED
            return first
        if deps[old] != d:
            # Part of a cycle that started further up: the caller will settle it.
            deps.append(d)
            self.result[d] = first
            return first
        for x in deps[old:]:
            state[x] = UNRESOLVED
        del deps[old:]
        self.result[d] = True
        state[d] = GUESSING
        second = self._adjudicate(d)
        if first == second:
            for x in deps[old:]:
                state[x] = UNRESOLVED
            del deps[old:]
            self.result[d] = first
            state[d] = RESOLVED
            return first
        self._backup_rule(old)
        return self.resolve(d)

    def _backup_rule(self, old: int) -> None:
        """A cycle with no consistent answer, or with two."""
        n, kind, state, result = self.n, self.kind, self.state, self.result
        cycle = self.deps[old:]
        del self.deps[old:]
        paths = [x for x in cycle if x >= n]
        if not paths:
            # Circular movement: every move in the circle succeeds (DATC 6.C.1-6.C.3).
            for x in cycle:
                if kind[x] == MOVE:
                    result[x] = True
                    state[x] = RESOLVED
                else:
                    state[x] = UNRESOLVED
            return
        for x in cycle:
            state[x] = UNRESOLVED
        for x in paths:
            if self.paradox == "alexander":
                result[x] = self._alexander_path(x - n)
            else:
                # Szykman: the convoyed army in the paradox does not move (DATC 4.A.2).
                result[x] = False
            state[x] = RESOLVED

    def _alexander_path(self, army: int) -> bool:
        """Alexander rules IV.5.g: judge the convoy as if its army did nothing; if it is then
        not disrupted, it is not disrupted, even when a fleet of it is dislodged after all."""
        world = Resolver.__new__(Resolver)
        world.__dict__.update(self.__dict__)
        world.assumed = {**self.assumed, army: False}
        world.state = [UNRESOLVED] * (2 * self.n)
        world.result = [False] * (2 * self.n)
        world.deps = []
        for a, value in world.assumed.items():
            world.state[self.n + a] = RESOLVED
            world.result[self.n + a] = value
        return world._route_open(army)

    def _adjudicate(self, d: int) -> bool:
        n = self.n
        if d >= n:
            return self._route_open(d - n)
        if self.kind[d] == MOVE:
            return self._move_succeeds(d)
        return self._support_given(d)

    # -- strengths -------------------------------------------------------------------------

    def _given(self, i: int, exclude_power: str | None = None) -> int:
        count = 0
        power = self.power
        for s in self.supports[i]:
            if exclude_power is not None and power[s] == exclude_power:
                continue
            if self.resolve(s):
                count += 1
        return count

    def shut(self, i: int) -> bool:
        """Is this order blocked: by a gateway without leave, a railway line held by another
        power, or a gateway whose keeper moves away?"""
        g = self.gate[i]
        if g == -1:
            return False
        if type(g) is tuple:
            return any(self.kind[k] == MOVE and self.resolve(k) for k in g)
        return g == SHUT or (self.kind[g] == MOVE and self.resolve(g))

    def idle(self, k: int) -> bool:
        """A move with no effect on its destination: blocked, or an unsupported crossing."""
        return (self.gate[k] != -1 and self.shut(k)) or not (self.base[k] or self._given(k))

    def _attack(self, i: int) -> int:
        if self.via_sea[i] and not self.resolve(self.n + i):
            return 0
        if self.gate[i] != -1 and self.shut(i):
            return 0
        base = self.base[i]
        j = self.unit_at.get(self.dest[i])  # type: ignore[arg-type]
        if j is None:
            return base + self._given(i)
        if self.kind[j] == MOVE and self.h2h[i] != j and self.resolve(j):
            return base + self._given(i)
        if self.power[j] == self.power[i]:
            # No unit dislodges one of its own power (DATC 6.E.3 and friends).
            return 0
        return base + self._given(i, exclude_power=self.power[j])

    def _prevent(self, i: int) -> int:
        if self.via_sea[i] and not self.resolve(self.n + i):
            return 0
        if self.gate[i] != -1 and self.shut(i):
            return 0
        j = self.h2h[i]
        if j >= 0 and self.resolve(j):
            # Beaten in a head-to-head battle: no longer keeps others out (DATC 6.E.2).
            return 0
        return self.base[i] + self._given(i)

    def _hold(self, province: str) -> int:
        j = self.unit_at.get(province)
        if j is None:
            return 0
        if self.kind[j] == MOVE:
            return 0 if self.resolve(j) else self.might[j]
        return self.might[j] + self._given(j)

    # -- decisions -------------------------------------------------------------------------

    def _move_succeeds(self, i: int) -> bool:
        attack = self._attack(i)
        if attack == 0:
            return False
        dest = self.dest[i]
        j = self.h2h[i]
        if j >= 0:
            if attack <= self.might[j] + self._given(j):
                return False
        elif attack <= self._hold(dest):  # type: ignore[arg-type]
            return False
        for k in self.moves_into[dest]:  # type: ignore[index]
            if k != i and attack <= self._prevent(k):
                return False
        return True

    def _support_given(self, s: int) -> bool:
        """A support is cut by an attack of another power that does not come from where the
        support is directed, and by a dislodgement (DATC 6.D). A move that is idle (blocked,
        or an unsupported crossing) cuts nothing."""
        if self.gate[s] != -1 and self.shut(s):
            return False
        attackers = self.moves_into.get(self.prov[s])
        if not attackers:
            return True
        t = self.target[s]
        directed = self.dest[s] if self.dest[s] is not None else self.prov[t]
        power, prov, via_sea = self.power, self.prov, self.via_sea
        for k in attackers:
            if power[k] == power[s] or prov[k] == directed:
                continue
            if via_sea[k] and not self.resolve(self.n + k):
                continue
            if self.idle(k):
                continue
            return False
        for k in attackers:
            if prov[k] == directed and self.resolve(k):
                return False
        return True

    def _dislodged(self, i: int) -> bool:
        """For a unit that stays: does a move into its province succeed?"""
        return any(self.resolve(k) for k in self.moves_into.get(self.prov[i], ()))

    def _route_open(self, army: int) -> bool:
        """Is there a chain of convoying fleets, none dislodged, from coast to coast?"""
        fleets = self.convoyers[army]
        if not fleets:
            return False
        commands = self.commands
        route = commands[army].route
        if route:
            at = {self.prov[f]: f for f in fleets}
            for sea in route:
                f = at.get(sea)
                if f is None or self._dislodged(f):
                    return False
            return True
        from_here = commands[army].unit.province
        to_there = self.dest[army]
        shores = self._shores
        links = self._links
        by_sea = {self.prov[f]: f for f in fleets}
        frontier = [s for s in by_sea if from_here in shores[s]]
        seen = set(frontier)
        while frontier:
            sea = frontier.pop()
            if self._dislodged(by_sea[sea]):
                continue
            if to_there in shores[sea]:
                return True
            for nxt in links[sea]:
                if nxt in by_sea and nxt not in seen:
                    seen.add(nxt)
                    frontier.append(nxt)
        return False

    def run(self) -> None:
        """Settle every decision (those that need no reasoning were settled at sight, when
        the tables were made: resolver_tables.py)."""
        n, void, via_sea, state = self.n, self.void, self.via_sea, self.state
        resolve = self.resolve
        for i in self.decided:  # in the units' order
            if state[i] != RESOLVED and not void[i]:
                resolve(i)
            if via_sea[i] and state[n + i] != RESOLVED:
                resolve(n + i)

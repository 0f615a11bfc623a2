"""Conditional future orders (users' manual 6.3): whether an IF condition holds on the board
at the start of its phase, and which orders of an IF ... ELSE ... ENDIF then count.

Pure: the board is the phase's units as docs/phase-format.md writes them,
`{"France": ["A par", "F stp/sc"], ...}`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from parser.commands import (
    Both,
    Branch,
    Condition,
    Conditional,
    Either,
    Negation,
    Occupied,
    OrderLine,
    SetWait,
)

Units = Mapping[str, Iterable[str]]
Item = OrderLine | SetWait | Conditional


class _Board:
    """The units by province, for looking up one condition's atoms after another."""

    def __init__(self, units_by_power: Units) -> None:
        self.by_province: dict[str, list[tuple[str, str]]] = {}
        for power, units in units_by_power.items():
            for unit in units:
                kind, _, where = unit.strip().partition(" ")
                # A coast never matters: conditions name provinces ("stp" holds for F stp/sc).
                province = where.strip().split("/")[0].split("(")[0].strip().lower()
                self.by_province.setdefault(province, []).append(
                    (power.lower(), kind.strip().upper())
                )

    def has(self, atom: Occupied) -> bool:
        """The manual: "a unit of the specified type belonging to the specified power is present
        ... in the specified province"; type and power, when not given, are "any" (6.3). An
        atom whose province the parser could not read names no place a unit can stand in.
        """
        if atom.province is None:
            return False
        power = atom.power.lower() if atom.power else None
        kind = atom.unit_type.upper() if atom.unit_type else None
        return any(
            (power is None or power == owner) and (kind is None or kind == unit_kind)
            for owner, unit_kind in self.by_province.get(atom.province.lower(), ())
        )


def holds(condition: Condition, units_by_power: Units) -> bool:
    """Whether the condition is true of this board.

    AND and OR are "evaluated left to right", without precedence; the parser has already
    nested them that way (`a OR b AND c` is `(a OR b) AND c`), as it has NOT and brackets.
    """
    return _evaluate(condition, _Board(units_by_power))


def _evaluate(condition: Condition, board: _Board) -> bool:
    # By hand rather than by recursion: one line of orders may chain hundreds of ANDs.
    values: list[bool] = []
    pending: list[tuple[Condition, bool]] = [(condition, False)]
    while pending:
        node, operands_done = pending.pop()
        if isinstance(node, Occupied):
            values.append(board.has(node))
        elif isinstance(node, Negation):
            if operands_done:
                values.append(not values.pop())
            else:
                pending += [(node, True), (node.condition, False)]
        elif operands_done:
            right, left = values.pop(), values.pop()
            values.append(left and right if isinstance(node, Both) else left or right)
        else:
            assert isinstance(node, Both | Either)
            pending += [(node, True), (node.right, False), (node.left, False)]
    return values.pop()


def choose_branch(conditional: Conditional, units_by_power: Units) -> tuple[Item, ...]:
    """The items of the first branch whose condition holds (ELSE always does), or () when
    none does: "the first arm whose condition holds counts"."""
    board = _Board(units_by_power)
    return _chosen(conditional, board)


def _chosen(conditional: Conditional, board: _Board) -> tuple[Item, ...]:
    branch: Branch
    for branch in conditional.branches:
        if branch.condition is None or _evaluate(branch.condition, board):
            return branch.items
    return ()


def flatten(items: Iterable[Item], units_by_power: Units) -> list[OrderLine | SetWait]:
    """The orders and SET [NO] WAITs that count on this board, in the order written, with
    every IF (nested ones too: "conditional statements can be nested") replaced by the
    items of its chosen branch."""
    board = _Board(units_by_power)
    out: list[OrderLine | SetWait] = []
    # A stack of iterators, not recursion: a mail may nest IFs as deep as it has lines.
    stack: list[Iterator[Item]] = [iter(items)]
    while stack:
        item = next(stack[-1], None)
        if item is None:
            stack.pop()
        elif isinstance(item, Conditional):
            stack.append(iter(_chosen(item, board)))
        else:
            out.append(item)
    return out

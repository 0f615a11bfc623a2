"""A game as one file of JSON (GET name.json, `judge export`; docs/export.md): every phase
played as its documents (docs/phase-format.md: the input, with the orders as given, and
the adjudicator's output, with each order's result), the board as it stands, and the press
its reader read. A pure function of what the engine hands it, already cut for the reader
(reports/blind.py, engine/press/copies.py, reports/identities.py): nothing here decides
what anyone may see."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = "njudge-python/game-export"
VERSION = 1


@dataclass(frozen=True)
class Played:
    """One phase played, as the reader sees it."""

    phase: str
    turn: int
    processed_at: str | None
    input: Mapping[str, Any]
    output: Mapping[str, Any]


def game_export(
    *,
    judge: str,
    game: Mapping[str, Any],
    reader: Mapping[str, Any],
    phases: Sequence[Played],
    position: Mapping[str, Any] | None,
    press: Sequence[Mapping[str, Any]],
    players: Mapping[str, str] | None,
) -> dict[str, Any]:
    """The whole export: `game` (name, variant, options, status, phase), `reader` (who it
    was made for: role and power), `players` (power -> address, or None where the reader
    may not see who plays)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "judge": judge,
        "game": dict(game),
        "reader": dict(reader),
        "players": dict(players) if players is not None else None,
        "phases": [
            {
                "phase": p.phase,
                "turn": p.turn,
                "processed_at": p.processed_at,
                "input": dict(p.input),
                "output": dict(p.output),
            }
            for p in phases
        ],
        "position": dict(position) if position is not None else None,
        "press": [dict(m) for m in press],
    }


def as_text(doc: Mapping[str, Any]) -> str:
    """The file as mailed and printed: indented JSON, keys in their order, a newline at
    the end."""
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"

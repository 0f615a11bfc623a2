"""One Machiavelli phase through the adjudicator's public API (`adjudicator.adjudicate`,
docs/phase-format.md), and what the tests of tests/test_mach_*.py read of its result."""

from __future__ import annotations

from typing import Any

from adjudicator import adjudicate


class Played:
    """A phase's result document, with the questions the tests ask of it."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc

    def __getitem__(self, key: str) -> Any:
        return self.doc[key]

    def result(self, text: str) -> tuple[str, str | None]:
        """The result and reason of the order given as `text`."""
        line = next(o for o in self.doc["orders"] if o["text"] == text)
        return line["result"], line["reason"]

    def message(self, text: str) -> str:
        return next(o for o in self.doc["orders"] if o["text"] == text).get("message", "")

    def units(self, power: str) -> list[str]:
        return self.doc["units"].get(power, [])

    def retreats(self, unit: str) -> list[str] | None:
        for d in self.doc.get("dislodged", []):
            if d["unit"] == unit:
                return d["retreats"]
        return None

    @property
    def sieges(self) -> list[str]:
        return self.doc["machiavelli"]["sieges"]

    def controls(self, power: str) -> list[str]:
        return self.doc["machiavelli"]["control"].get(power, [])

    def cities(self, power: str) -> list[str]:
        return self.doc["centers"].get(power, [])

    def events(self, kind: str) -> list[dict[str, str]]:
        return [e for e in self.doc.get("events", []) if e["event"] == kind]


def play(
    phase: str,
    units: dict[str, list[str]],
    orders: dict[str, list[str]] | None = None,
    *,
    variant: str = "machiavelli",
    options: dict[str, Any] | None = None,
    **more: Any,
) -> Played:
    """Adjudicate one phase; the game is played without money unless `options` says."""
    doc: dict[str, Any] = {
        "variant": variant,
        "phase": phase,
        "units": units,
        "orders": orders or {},
        "options": {"money": False, **(options or {})},
        **more,
    }
    return Played(adjudicate(doc))

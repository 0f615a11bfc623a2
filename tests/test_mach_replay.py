"""A Machiavelli phase adjudicated again rolls the same dice (docs/machiavelli.md,
"Randomness"): the same seed and phase give the same events, a ROLLBACK or PREDICT replays
a game exactly, and a master can audit the rolls stored with each phase."""

from __future__ import annotations

import copy
from typing import Any

from adjudicator import adjudicate

UNITS = {
    "Milan": ["A mil", "G gen", "A man", "A par"],
    "Venice": ["A ver", "G ven", "A pad", "F uas"],
    "Turkey": ["F bot", "F ion", "A tun"],
    "Autonomous": ["G fer", "G mod"],
}
EVERYTHING = {"money": False, "plague": True, "storms": True}


def _phase(phase: str, seed: int, **more: Any) -> dict[str, Any]:
    return {
        "variant": "machiavelli",
        "phase": phase,
        "units": UNITS,
        "options": EVERYTHING,
        "machiavelli": {"seed": seed, **more},
    }


def test_a_phase_adjudicated_twice_gives_the_same_events():
    for phase in ("S1455M", "F1455M"):
        doc = _phase(phase, 6, famine=["pad", "mil"])
        first = adjudicate(copy.deepcopy(doc))
        again = adjudicate(copy.deepcopy(doc))
        assert first == again
        assert any(e["event"] == "die" for e in first["events"])
        assert first["machiavelli"]["seed"] == 6  # carried on to the next phase


def test_another_seed_or_campaign_rolls_otherwise():
    def rolls(phase: str, seed: int) -> list:
        events = adjudicate(_phase(phase, seed))["events"]
        return [e["rolls"] for e in events if e["event"] == "die"]

    springs = {str(rolls("S1455M", seed)) for seed in range(1, 9)}
    assert len(springs) > 1
    years = {str(rolls(f"S{year}M", 6)) for year in range(1455, 1463)}
    assert len(years) > 1


def test_a_campaigns_disasters_do_not_depend_on_its_retreats():
    """The dice of a campaign's end come from its movement phase's code: its plague is the
    same whether it ends after the movement or after a retreat phase."""
    doc = _phase("S1455M", 6)
    doc["units"] = {**UNITS, "France": ["A sav", "A mon"], "Milan": ["A gen", *UNITS["Milan"]]}
    doc["orders"] = {"France": ["A sav - gen", "A mon S A sav - gen"]}
    moved = adjudicate(copy.deepcopy(doc))
    assert moved["next_phase"] == "S1455R"
    assert not any(e["event"] == "plague" for e in moved["events"])
    retreat = _phase("S1455R", 6)
    retreat["units"] = moved["units"]
    retreat["dislodged"] = moved["dislodged"]
    retreat["machiavelli"] = moved["machiavelli"]
    after_retreats = adjudicate(retreat)
    held = adjudicate(_phase("S1455M", 6))

    def plague(result: dict[str, Any]) -> list:
        return [e for e in result["events"] if e["event"] in ("die", "plague")]

    assert plague(after_retreats) == plague(held) != []

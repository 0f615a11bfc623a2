"""Finding the seeds of tests/test_mach_scenario_years.py: for each scenario's game, the
first seed whose famine, rolled after the first Fall, strikes a province where a robot's
unit stands from the start (so that the next Spring's results tell its death), away from
the province of the person's bribe. Run `python -m tests.mach_famine_seeds` and copy the
seeds into the test's table (the test asks again from its seed, so that it fails plainly
when the dice change); the dice are the adjudicator's (`disasters.strike`), from the
seed and the phase alone, so nothing but a change to the dice moves them."""

from __future__ import annotations

from types import SimpleNamespace

import variants
from adjudicator.machiavelli.dice import Dice
from adjudicator.machiavelli.disasters import strike


def famine_seed(name: str, power: str, target: str, start: int = 1) -> tuple[int, list[str]]:
    """The first seed from `start` and the provinces its first famine strikes."""
    variant = variants.load(name)
    assert variant.machiavelli is not None and variant.machiavelli.famine
    year = int(variant.start[1:-1]) + 1
    robots = {
        u.location.split("/")[0]
        for u in variant.units
        if u.power not in (power, "Autonomous") and u.type != "G"
    }
    rules = SimpleNamespace(mach2="mach2" in variant.rules)
    seed = start
    while True:
        dice = Dice(seed, f"F{year:04d}M")
        struck = strike(variant, rules, dice, "famine", variant.machiavelli.famine, [])  # type: ignore[arg-type]
        if robots & set(struck) and target not in struck:
            return seed, struck
        seed += 1


if __name__ == "__main__":
    from tests.test_mach_scenario_years import GAMES

    for game in GAMES:
        found, struck = famine_seed(game.scenario, game.power, game.target)
        print(f"{game.scenario:12} {found:5}  {' '.join(struck)}")

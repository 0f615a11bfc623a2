"""A Machiavelli game as the engine keeps it (docs/machiavelli.md, stage 3): the powers
players may hold, the settings of manual 9.2 as the adjudicator's options, the game's random
seed, and the board it starts with (the autonomous garrisons, the `machiavelli` state).

The seed is drawn once at the start and kept in the game's settings, never in its
position: it is handed to the adjudicator in each phase's document (so a phase played again,
by ROLLBACK or PREDICT, rolls the same dice) and left out of everything a player reads.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import Any

import variants
from adjudicator.machiavelli.state import starting_state, write_state
from variants import AUTONOMOUS

from ...mach_settings import MONEY, OPTIONS, carried_out
from ...store.models import Game

SEED = "mach_seed"


def is_machiavelli(game: Game) -> bool:
    try:
        return variants.load(game.variant).is_machiavelli
    except KeyError:
        return False


def played_powers(variant: variants.Variant) -> list[variants.Power]:
    """The powers players hold: a Machiavelli scenario's power that starts conquered
    (mach_aoc's Provence, mach2_eai's Lombardy) is nobody's to play."""
    return [x for x in variant.powers if x.played]


def mach_options(game: Game) -> dict[str, Any]:
    """The game's Machiavelli settings as the adjudicator's options: only those the master
    set, each under its option's name; a setting whose rule the adjudicator does not carry
    out yet is kept and passed once it does."""
    settings = game.settings or {}
    options = {
        option: bool(settings[name])
        for name, option in OPTIONS.items()
        if settings.get(name) is not None and carried_out(name)
    }
    if not money_on(game):
        options["money"] = False
    return options


def money_on(game: Game) -> bool:
    """Is the game played with money (SET MONEY, on by default where money is played)?"""
    return MONEY and (game.settings or {}).get("money") is not False


def seed_of(game: Game) -> int:
    """The game's seed, drawn at the start (or when first asked for)."""
    seed = (game.settings or {}).get(SEED)
    if seed is None:
        seed = secrets.randbits(63)
        game.settings = {**(game.settings or {}), SEED: seed}
    return int(seed)


def document_state(game: Game) -> dict[str, Any]:
    """The `machiavelli` object of the current phase's document: the state the game's
    position keeps, and its seed."""
    state = dict((game.position or {}).get("machiavelli") or {})
    state["seed"] = seed_of(game)
    return state


def kept_state(out: dict[str, Any]) -> dict[str, Any]:
    """The state a result leaves, as the position keeps it: without the seed."""
    return {k: v for k, v in (out.get("machiavelli") or {}).items() if k != "seed"}


def start_position(variant: variants.Variant, settings: dict[str, Any]) -> dict[str, Any]:
    """The board a Machiavelli game starts with: every power's units and the autonomous
    garrisons, each city's owner, and the state; under SET NO GARRISONS the garrisons of the
    setup are left out ("Any garrison setup info will be ignored", rules.machiavelli)."""
    garrisons = settings.get("garrisons") is not False
    owners = [x.name for x in variant.powers] + [AUTONOMOUS]
    units: dict[str, list[str]] = {name: [] for name in owners}
    for unit in variant.units:
        if unit.type == "G" and not garrisons:
            continue
        units[unit.power].append(f"{unit.type} {unit.location}")
    cities = dict(variant.ownership)
    state = starting_state(variant)
    control = dict(state.control)
    # The autonomous garrisons hold their provinces and cities from the start, as the
    # njudge's first control check (at F####A) makes them.
    for text in units[AUTONOMOUS]:
        province = text.split()[1]
        control.setdefault(province, AUTONOMOUS)
        if variant.provinces[province].center:
            cities.setdefault(province, AUTONOMOUS)
    centers: dict[str, list[str]] = {name: [] for name in owners}
    for province, power in cities.items():
        centers[power].append(province)
    return {
        "units": {k: v for k, v in units.items() if v or k != AUTONOMOUS},
        "centers": {k: sorted(v) for k, v in centers.items() if v or k != AUTONOMOUS},
        "dislodged": [],
        "machiavelli": write_state(variant, replace(state, control=control)),
    }

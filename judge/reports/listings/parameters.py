"""The njudge's parameter block of a game (LIST name, SUMMARY): its timings, who may join,
its variant, flags and press, each line broken at the njudge's 11-column indent.

A setting this judge does not keep is left out rather than shown with a value it does not
apply; what the engine's rules decide (the timing lines, whether the game is rated, the
defaults it fills in) comes in a `Rules`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import variants
from adjudicator.options import Options

from ...mach_settings import listing_words
from ...store.models import Game, Participant
from ..frame import variant_title
from ..master import RULE_NAMES, rule_words
from .record import ENDED, is_master, on, setting


@dataclass(frozen=True)
class Rules:
    """What the engine's rules say of a game that its parameter block shows."""

    timings: Sequence[str]  # a line for each kind of phase the game sets its own timing for
    rated: bool
    dedication: int  # the minimum to join, the njudge's default if the game sets none
    max_absence: Any  # days, the default if the game sets none
    counted: bool  # its centres have been counted once (after the first Fall): Index shown
    reliability: int | None = None  # SET RELIABILITY: the least a player needs, per cent
    # SET REMINDERS and SET EXCUSES as they read (reports/punctuality.py), if set.
    on_time: Sequence[str] = ()


_ASSIGNMENTS = {
    "prflist": "By Preference List Only.",
    "list": "By Preference List Only.",
    "prfrand": "Assigned Randomly Only.",
    "random": "Assigned Randomly Only.",
    "prfboth": "By Preference List or Randomly.",
    "both": "By Preference List or Randomly.",
}
_PRESS_WORDS = {
    "white": "White", "grey": "Grey", "none": "None", "white/grey": "White/Grey",
    "grey/white": "Grey/White",
}  # fmt: skip
_FAKE_WORDS = {
    "may": "Partial may be Faked",
    "broadcast": "Partial always Fakes Broadcast",
    "broadcast_default": "Partial Fakes Broadcast by default",
}
_BUILD_WORDS = {"home": "HomeCentres", "any": "AnyCentres", "one": "OneCentre"}
_TRANSFORM_WORDS = {
    "home": "HomeCentre", "one": "OneCentre", "any": "AnyCentre", "anywhere": "Anywhere",
}  # fmt: skip


def parameters(
    game: Game, variant: variants.Variant | None, viewer: Participant | None, rules: Rules
) -> str:
    """The parameter block, as `viewer` (None: someone not signed on to the game) sees it."""
    lines = list(rules.timings)
    access = [
        f"{str(setting(game, 'access', 'any')).capitalize()}-site",
        f"Level: {str(setting(game, 'level', 'any')).capitalize()}",
    ]
    if on(game, "moderated", False):
        access.append("Moderated")
    if not rules.rated:
        access.append("Unrated")
    if rules.dedication:  # the njudge leaves out a minimum of 0
        access.append(f"Dedication: {rules.dedication}")
    if rules.reliability:
        access.append(f"Reliability: {rules.reliability}%")
    lines.append(_param_line("   Access:  ", access))
    if rules.on_time:
        lines.append(_param_line("  On time:  ", list(rules.on_time)))
    kinds = [variant_title(game)]
    powers = len(variant.powers) if variant else 0
    wanted = int(setting(game, "players", powers))
    if variant is not None and wanted < powers:
        kinds.append(f"Duplex {wanted}/{powers}")
    lines.append(_param_line("  Variant:  ", kinds))
    lines.append(_param_line("    Flags:  ", _flags(game)))
    lines.append(_param_line("   xFlags:  ", _xflags(game, variant, rules)))
    if variant is not None and variant.is_machiavelli:
        edition, words = listing_words(variant, game.settings or {})
        lines.append(_param_line(f"{edition + ':':>10}  ", words))
    chosen = _rules(game)
    if chosen:  # only rules that differ from the judge's (GET rule.options)
        lines.append(_param_line("    Rules:  ", chosen))
    lines.append(_param_line("    Press:  ", _press_words(game)))
    restrictions = []
    if on(game, "touch_press", False):
        restrictions.append("TouchPress")
    if not on(game, "late_press", True):
        restrictions.append("No late press")
    if on(game, "must_order", False):
        restrictions.append("Valid orders required to send press")
    if restrictions:
        lines.append(_param_line("    Press Restrictions: ", restrictions))
    for key, label in (("ep", "EP#  :  "), ("boardman", "Boardman Number:"),
                       ("miller", "Miller Number:")):  # fmt: skip
        value = setting(game, key, None)
        if value not in (None, ""):
            lines.append(f"  {label} {_number(value)}.")
    choice = str(setting(game, "assignment", setting(game, "preference", "prflist")))
    lines.append(f"  Power Assignments: {_ASSIGNMENTS.get(choice, _ASSIGNMENTS['prflist'])}")
    target = int(setting(game, "centers", variant.victory if variant else 0))
    lines.append(f"  Winning Centers: {target}.")
    secret = on(game, "secret", False) and not is_master(viewer) and game.status not in ENDED
    if variant is not None and wanted != powers and not secret:
        lines.append(f"  Number of Players: {wanted}.")
    index = _index(game.position or {}, powers) if rules.counted else 0
    lines.append(f"    Index:  {index:<3d}")
    return "\n".join(lines)


def _flags(game: Game) -> list[str]:
    flags = ["NMR" if on(game, "nmr", False) else "NoNMR"]
    if not setting(game, "list", False):
        flags.append("NoList")
    if on(game, "quiet", False):
        flags.append("Quiet")
    if setting(game, "reveal", True) is False:
        flags.append("NoReveal")
    flags.append("Proxy" if on(game, "proxy", False) else "NoProxy")
    flags.append("DIAS" if on(game, "dias", True) else "NoDIAS")
    if on(game, "strict_grace", False):
        flags.append("StrictGrace")
    if on(game, "strict_wait", False):
        flags.append("StrictWait")
    return flags


def _xflags(game: Game, variant: variants.Variant | None, rules: Rules) -> list[str]:
    flags = [_BUILD_WORDS.get(str(setting(game, "build_centers", "home")), "HomeCentres")]
    for key, value_on, word in (
        ("late_count", True, "LateCount"), ("auto_process", False, "ManualProcess"),
        ("resume", False, "NoResume"), ("auto_disband", True, "AutoDisband"),
        ("auto_start", False, "ManualStart"), ("strict_convoy", True, "StrictConvoy"),
    ):  # fmt: skip
        value = setting(game, key, None)
        if value is not None and bool(value) == value_on:
            flags.append(word)
    if setting(game, "disband", "normal") == "any":
        flags.append("AnyDisband")
    for key, word in (
        ("empty_board", "BlankBoard"), ("summer", "Summer"),
        ("coastal_convoys", "CoastalConvoy"), ("move_disband", "Disband"),
        ("blind_centers", "BCentres"),
    ):  # fmt: skip
        if on(game, key, False):
            flags.append(word)
    for when in ("move", "build"):
        place = setting(game, f"transform_{when}", "none")
        if place != "none":
            flags.append(f"Transform {when.capitalize()}:{_TRANSFORM_WORDS[place]}")
    if setting(game, "attack_transform", True) is False:
        flags.append("NoAttackTransform")
    flags.append("Concessions" if on(game, "concessions", True) else "No concessions")
    if on(game, "duality", False):
        flags.append("Duality")
    # The colonial rules, where the map has what they need (the variant may have changed).
    for key, feature, word in (("hong_kong", "uncounted", "HongKong"),
                               ("railways", "railways", "Railways"),
                               ("gateways", "gateways", "Gateways")):  # fmt: skip
        if on(game, key, False) and getattr(variant, feature, None):
            flags.append(word)
    flags.append(f"Max Absence: {_number(rules.max_absence)}")
    return flags


def _rules(game: Game) -> list[str]:
    """SET RULE's choices that differ from the judge's defaults: `Convoy Explicit`."""
    defaults = Options()
    return [
        rule_words(name, str(value))
        for name in RULE_NAMES
        if (value := setting(game, name, None)) not in (None, getattr(defaults, name))
    ]


def _press_words(game: Game) -> list[str]:
    press = str(setting(game, "press", "white"))
    words = [_PRESS_WORDS.get(press, press.capitalize())]
    if press == "none":
        words[0] += " (except to Master)"
    elif not on(game, "partial", True):
        words.append("No Partial (except to Master)")
    else:
        fake = str(setting(game, "fake", "none"))
        words.extend(_FAKE_WORDS.get(fake, "Partial Allowed, No Fake").split(", "))
    if on(game, "postal_press", False):
        words.append("postal style press")
    observer = setting(game, "observer", None)
    if observer == "white":
        words.append("White observers")
    elif observer == "none" and press != "none":
        words.append("No observers (except to Master)")
    return words


def _param_line(head: str, words: list[str]) -> str:
    """One parameter line, broken at spaces with the njudge's 11-column indent."""
    return textwrap.fill(
        head + ", ".join(words) + ".", width=78, subsequent_indent=" " * 11,
        break_long_words=False, break_on_hyphens=False,
    )  # fmt: skip


def _index(position: dict[str, Any], powers: int) -> int:
    """The sum of squared centre counts over the number of powers: how far the game is."""
    if not powers:
        return 0
    return sum(len(c) ** 2 for c in (position.get("centers") or {}).values()) // powers


def _number(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)

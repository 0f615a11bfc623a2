"""SET RULE and SET RULES (a command of this judge's own, not the njudge's): the master
chooses, before the start, the adjudicator's rule options that the DATC leaves open (how a
convoy paradox ends, when an army goes by sea, which of too many builds count, whose units
go in civil disorder), one by one or all at once as a site plays them, so that a game is
played under the rules its players know.

The choices are kept in the game's settings under the adjudicator's option names
(`paradox`, `convoy_via`, `excess_adjustments`, `civil_disorder`), which play/standing.py's
`_rule_options` hands on to it; LIST shows those that differ from the judge's defaults.
GET rule.options explains each.
"""

from __future__ import annotations

from collections.abc import Mapping

import parser as p
from adjudicator.options import Options

from ...reports import master as texts
from ..game.moderation import may_moderate
from ..reply.conversation import Conversation
from .settings import told

# Each rule: the values as a master may write them (no spaces, lower case) to the option's.
VALUES: dict[str, dict[str, str]] = {
    "paradox": {"szykman": "szykman", "alexander": "alexander"},
    "convoy_via": {"2023": "2023", "explicit": "explicit"},
    "excess_adjustments": {"last": "last", "first": "first"},
    "civil_disorder": {
        "2023": "2023", "home": "home_centers", "homecenters": "home_centers",
        "homecentres": "home_centers", "homecenter": "home_centers",
        "homecentre": "home_centers",
    },
}  # fmt: skip
DEFAULTS: dict[str, str] = {name: getattr(Options(), name) for name in VALUES}
# SET RULES name: every rule as a site plays it (GET rule.options says why each).
PRESETS: dict[str, dict[str, str]] = {
    # The DATC's preferred choices (4.A.2, 4.A.3, 4.D.4 and 4.D.6, the 2023 rulebook).
    "datc": {
        "paradox": "szykman", "convoy_via": "2023", "excess_adjustments": "first",
        "civil_disorder": "2023",
    },
    # As near the C njudge as the options come: no convoy without a route or VIA CONVOY,
    # the last builds kept; its 1982 paradox rule is nearest Szykman, its removals (units
    # off the power's centres first) nearest the distance to owned centres.
    "njudge": {
        "paradox": "szykman", "convoy_via": "explicit", "excess_adjustments": "last",
        "civil_disorder": "2023",
    },
    "default": dict(DEFAULTS),
}  # fmt: skip


def set_rule(ctx: Conversation, cmd: p.SetRule) -> None:
    what = p.setting_text(cmd)
    changes = _changes(ctx, cmd, what)
    if changes is None:
        return
    allowed = may_moderate(ctx, what)
    if allowed is None:
        return
    game, me = allowed
    if game.status != "forming":
        ctx.fail(f"{what}: game '{game.name}' has started; this is set before the start.")
        return
    game.settings = {**(game.settings or {}), **changes}
    words = texts.rules_words(changes, cmd.value if not cmd.name else None)
    told(ctx, game, me, words)


def _changes(ctx: Conversation, cmd: p.SetRule, what: str) -> dict[str, str] | None:
    """The settings the command makes, or None after saying why it makes none."""
    if not cmd.name:
        preset = PRESETS.get(cmd.value)
        if preset is None:
            ctx.fail(
                f"{what}: there is no set of rules '{cmd.value.upper()}'; choose one of "
                f"{_listed(PRESETS)}, or one rule with SET RULE name value "
                "(GET rule.options)."
            )
        return None if preset is None else dict(preset)
    if cmd.name not in VALUES:
        names = [texts.RULE_NAMES[name].upper() for name in VALUES]
        ctx.fail(
            f"{what}: there is no rule '{cmd.name.upper()}'; the rules are "
            f"{', '.join(names[:-1])} and {names[-1]} (GET rule.options)."
        )
        return None
    value = VALUES[cmd.name].get(cmd.value)
    if value is None:
        word = texts.RULE_NAMES[cmd.name].upper()
        given = f"'{cmd.value.upper()}' is not a choice; " if cmd.value else ""
        choices = {texts.rule_value(cmd.name, v).upper(): v for v in VALUES[cmd.name].values()}
        ctx.fail(f"{what}: {given}choose {word} {_listed(choices)}.")
        return None
    return {cmd.name: value}


def _listed(names: Mapping[str, object]) -> str:
    words = [name.upper() for name in names]
    return " or ".join([", ".join(words[:-1]), words[-1]]) if len(words) > 1 else words[0]

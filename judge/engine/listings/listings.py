"""LIST, WHOGAME, SUMMARY and HISTORY (users' manual 3.4): what anyone may read about a game,
in the njudge's layouts (njudge-formats 2.11 and 2.12), so that tools written for its mail
(map makers, summary readers) keep working.

Nothing here changes a game. Gunboat, blind, quiet and secret games hide what the manual
says they hide from everyone but their master.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta, tzinfo
from typing import Any

from sqlalchemy import select

import parser as p
import variants
from adjudicator.phase import Phase

from ...reports.frame import njudge_time, variant_title
from ...reports.results import ownership_tables
from ...store.models import Game, HistoryEvent, Participant, PhaseRecord, User
from ..clock.absences import DEFAULT_MAX_DAYS
from ..clock.deadlines import DEFAULTS, parameter_line, timing_for
from ..clock.dedication import DEFAULT_MINIMUM, rated
from ..game.owing import owed
from ..game.record import find_game, players, variant_of
from ..play.processing import winner_of
from ..reply.conversation import Conversation

# HISTORY without dates: the last week, at most 1000 lines (manual 3.4).
HISTORY_DAYS = 7
HISTORY_LINES = 1000
# What HISTORY ... EXCLSTART returns without BROAD: the phase results, and draws found
# outside the excluded phases (manual 3.4).
RESULT_KINDS = frozenset({"results", "start"})
DRAW_KINDS = frozenset({"draw", "concession"})
ENDED = ("finished", "terminated")
SOMEONE = "someone@somewhere"

# The summary's tables: ten years and 36 centres to a line (njudge summary.c), and the mark
# after a centre count for 1, 2, ... unused builds.
YEARS_PER_LINE = 10
CENTERS_PER_LINE = 36
UNUSED_MARKS = " *&+%^$#!~@()=-_|\\/?><[]{}abcdefghijklmnopqrstuvwxyz"

LEGEND = """\
Use 'list name' or 'list full' for more information on these games.
Press options are: WGPF
    where: W = White press allowed
           G = Grey press allowed
           P = Partial press allowed
           F = Fake press allowed
           - = Option not allowed"""


# -- LIST ------------------------------------------------------------------------------------


def list_games(ctx: Conversation, cmd: p.ListGames) -> None:
    """LIST [FULL | name]: before a SIGN ON a bare LIST is the short list of every game;
    after one it is the signed-on game's full listing (manual 3.4)."""
    if cmd.full:
        games = _listed_games(ctx)
        for game in games:
            ctx.say(full_listing(ctx, game))
        if not games:
            ctx.say("No games are listed on this judge.")
        return
    if cmd.game is None and ctx.game is None:
        ctx.say(brief_listing(_listed_games(ctx)))
        return
    game = _the_game(ctx, cmd.game, "LIST")
    if game is not None:
        if ctx.game is None:  # the reply's header shows the game, as the njudge's does
            ctx.about = game
        ctx.say(full_listing(ctx, game))


def brief_listing(games: Sequence[Game]) -> str:
    """The one-line-a-game table, ending with the legend of the press letters."""
    if not games:
        return LEGEND
    lines = [
        "Name              Phase    Variant/Options",
        "---------------   ------   ---------------",
    ]
    for game in games:
        variant = _variant(game)
        phase = game.phase or (variant.start if variant else "")
        lines.append(f"{game.name:<15}   {phase:<6}   {_brief_options(game)}.")
        comment = (game.comment or "").strip()
        if comment:
            n = len(comment)
            indent = 20 if n < 60 else 11 if n < 69 else max(0, 79 - n)
            lines.append(" " * indent + comment)
        note = _brief_note(game, variant)
        if note:
            lines.append(" " * 21 + note)
    return "\n".join(lines) + "\n\n" + LEGEND


def full_listing(ctx: Conversation, game: Game) -> str:
    """LIST name: enough to see who is late and how the board stands without signing on
    (manual 3.4), in the layout map makers read."""
    variant = _variant(game)
    viewer = _viewer(ctx, game)
    parts = [
        "\n".join(_state_lines(ctx, game, variant)),
        f"The parameters for '{game.name}' are as follows:\n" + parameters(game, variant, viewer),
        (game.full_comment or "").strip(),
        _people(ctx, game, variant, viewer),
    ]
    if variant is not None and game.phase and game.status != "forming":
        seen = None
        if _blind(game) and not _is_master(viewer):  # one's own units only (manual 4)
            seen = {viewer.power} if viewer is not None and viewer.power else set()
        parts.append(status_of_phase(game, variant, seen))
    return "\n\n".join(part for part in parts if part)


def _brief_options(game: Game) -> str:
    """What tells games apart at a glance: variant, NMR, short deadlines, the master, press."""
    words = [variant_title(game)]
    if _on(game, "nmr", False):
        words.append("NMR")
    hours = timing_for(game.settings or {}, "move").next
    if hours < DEFAULTS["move"].next:  # shorter than the usual 71
        words.append(f"{int(hours)} hrs")
    access = str(_setting(game, "access", "any"))
    if access in ("different", "same"):
        words.append(f"{access.capitalize()}-site")
    if _on(game, "moderated", False):
        master = next((x for x in _current(game) if x.role == "master"), None)
        who = _address(master).split("@")[0] if master is not None else ""
        words.append(f"Moderated ({who[:1].upper() + who[1:]})" if who else "Moderated")
    words.append("Press:" + _press_letters(game))
    if not rated(game):
        words.append("Unrated")
    if game.status == "finished":
        words.append("Completed")
    elif game.status == "terminated":
        words.append("Terminated")
    elif game.status == "paused":
        words.append("Paused")
    return ", ".join(words)


def _brief_note(game: Game, variant: variants.Variant | None) -> str:
    """`Forming: 2 more players needed.` under a forming game, the open powers under a game
    that has lost players."""
    if game.status == "forming":
        wanted = int(_setting(game, "players", len(variant.powers) if variant else 0))
        more = wanted - len(players(game))
        if more <= 0:
            return "Formed: waiting to be started."
        if _on(game, "secret", False):
            return "Forming: more players needed."
        s = "" if more == 1 else "s"
        return f"Forming: {more}{'' if more == wanted else ' more'} player{s} needed."
    if game.status in ENDED:
        return ""
    position = game.position or {}
    openings = []
    for x in players(game):
        units, centers = _counts(position, x.power)
        if x.status in ("cd", "abandoned") and (units or centers):
            shown = "" if _blind(game) else f" ({units}/{centers})"
            openings.append(f"{x.power}{shown}")
    return "Openings: " + ", ".join(openings) if openings else ""


def _press_letters(game: Game) -> str:
    press = str(_setting(game, "press", "white"))
    white = press in ("white", "white/grey", "grey/white")
    grey = press in ("grey", "white/grey", "grey/white")
    partial = press != "none" and _on(game, "partial", True)
    fake = str(_setting(game, "fake", "none")) in ("may", "broadcast", "broadcast_default")
    allowed = (white, grey, partial, fake)
    return "".join(c if on else "-" for c, on in zip("WGPF", allowed, strict=True))


def _state_lines(ctx: Conversation, game: Game, variant: variants.Variant | None) -> list[str]:
    """The first lines of a full listing: the deadline, or why there is none."""
    name = game.name
    if game.status == "forming":
        if _on(game, "quiet", False):
            return []
        wanted = int(_setting(game, "players", len(variant.powers) if variant else 0))
        more = wanted - len(players(game))
        if more <= 0:
            return [f"Game '{name}' is formed and waiting to be started."]
        s = "" if more == 1 else "s"
        return [
            f"Game '{name}' is waiting for {more}{'' if more == wanted else ' more'} "
            f"player{s} to sign on."
        ]
    if game.status in ENDED and not game.phase:
        return [f"Game '{name}' was terminated before starting."]
    if game.status in ENDED:
        year = _year(game.phase) or 0
        centers = (game.position or {}).get("centers") or {}
        if game.status == "finished" and winner_of(game, centers) is not None:
            return [f"Game '{name}' completed in {year}."]
        season = {"F": "fall", "U": "summer"}.get((game.phase or "S")[0], "spring")
        if game.status == "finished":
            return [f"Game '{name}' ended in a draw in {season} of {year}."]
        return [f"Game '{name}' was terminated in {season} of {year}."]
    order = f"Game '{name}' order #{game.turn:03d} ({game.phase})"
    if game.status == "paused":
        return [f"{order} is paused."]
    if game.deadline is None:
        lines = [f"{order} has no deadline."]
    else:
        lines = [f"{order} has a deadline of {njudge_time(game.deadline, ctx.settings)}."]
    if game.earliest is not None and ctx.now < game.earliest:
        when = njudge_time(game.earliest, ctx.settings)
        lines.append(f"The earliest orders will be processed is {when}.")
    if game.deadline is None or ctx.now < game.deadline:
        playing = [x for x in players(game) if x.power and x.status not in ("cd", "abandoned")]
        if any(_owes(game, variant, x.power) and x.orders_status != "complete" for x in playing):
            lines.append("One or more players have not gotten their orders in.")
        if any(x.wait for x in playing):
            lines.append(
                "One or more players have requested that orders not be processed\n"
                "until the deadline."
            )
    if game.grace is not None:
        fate = "CD" if _on(game, "nmr", False) else "abandoned"
        lines.append(
            f"Those who haven't gotten their orders in will be {fate} if nothing\n"
            f"is received by {njudge_time(game.grace, ctx.settings)}."
        )
    return lines


# -- the parameters block ------------------------------------------------------------------------

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


def parameters(game: Game, variant: variants.Variant | None, viewer: Participant | None) -> str:
    """The njudge's parameter block, from the settings the game has: a setting this judge
    does not keep is left out rather than shown with a value it does not apply."""
    lines = []
    for phase, label in (("move", "Move"), ("retreat", "Retreat"), ("adjust", "Adjust")):
        if isinstance(_setting(game, phase, None), dict):
            lines.append(parameter_line(label, timing_for(game.settings or {}, phase)))
    access = [
        f"{str(_setting(game, 'access', 'any')).capitalize()}-site",
        f"Level: {str(_setting(game, 'level', 'any')).capitalize()}",
    ]
    if _on(game, "moderated", False):
        access.append("Moderated")
    if not rated(game):
        access.append("Unrated")
    dedication = int(_setting(game, "dedication", DEFAULT_MINIMUM))
    if dedication:  # the njudge leaves out a minimum of 0
        access.append(f"Dedication: {dedication}")
    lines.append(_param_line("   Access:  ", access))
    kinds = [variant_title(game)]
    powers = len(variant.powers) if variant else 0
    wanted = int(_setting(game, "players", powers))
    if variant is not None and wanted < powers:
        kinds.append(f"Duplex {wanted}/{powers}")
    lines.append(_param_line("  Variant:  ", kinds))
    lines.append(_param_line("    Flags:  ", _flags(game)))
    lines.append(_param_line("   xFlags:  ", _xflags(game)))
    lines.append(_param_line("    Press:  ", _press_words(game)))
    restrictions = []
    if _on(game, "touch_press", False):
        restrictions.append("TouchPress")
    if not _on(game, "late_press", True):
        restrictions.append("No late press")
    if _on(game, "must_order", False):
        restrictions.append("Valid orders required to send press")
    if restrictions:
        lines.append(_param_line("    Press Restrictions: ", restrictions))
    for key, label in (("ep", "EP#  :  "), ("boardman", "Boardman Number:"),
                       ("miller", "Miller Number:")):  # fmt: skip
        value = _setting(game, key, None)
        if value not in (None, ""):
            lines.append(f"  {label} {_number(value)}.")
    choice = str(_setting(game, "assignment", _setting(game, "preference", "prflist")))
    lines.append(f"  Power Assignments: {_ASSIGNMENTS.get(choice, _ASSIGNMENTS['prflist'])}")
    target = int(_setting(game, "centers", variant.victory if variant else 0))
    lines.append(f"  Winning Centers: {target}.")
    secret = _on(game, "secret", False) and not _is_master(viewer) and game.status not in ENDED
    if variant is not None and wanted != powers and not secret:
        lines.append(f"  Number of Players: {wanted}.")
    counted = variant is None or _counted(game, variant)
    lines.append(f"    Index:  {_index(game.position or {}, powers) if counted else 0:<3d}")
    return "\n".join(lines)


def _flags(game: Game) -> list[str]:
    flags = ["NMR" if _on(game, "nmr", False) else "NoNMR"]
    if not _setting(game, "list", False):
        flags.append("NoList")
    if _on(game, "quiet", False):
        flags.append("Quiet")
    if _setting(game, "reveal", True) is False:
        flags.append("NoReveal")
    flags.append("Proxy" if _on(game, "proxy", False) else "NoProxy")
    flags.append("DIAS" if _on(game, "dias", True) else "NoDIAS")
    if _on(game, "strict_grace", False):
        flags.append("StrictGrace")
    if _on(game, "strict_wait", False):
        flags.append("StrictWait")
    return flags


def _xflags(game: Game) -> list[str]:
    flags = [_BUILD_WORDS.get(str(_setting(game, "build_centers", "home")), "HomeCentres")]
    for key, on, word in (
        ("late_count", True, "LateCount"), ("auto_process", False, "ManualProcess"),
        ("resume", False, "NoResume"), ("auto_disband", True, "AutoDisband"),
        ("auto_start", False, "ManualStart"), ("strict_convoy", True, "StrictConvoy"),
    ):  # fmt: skip
        value = _setting(game, key, None)
        if value is not None and bool(value) == on:
            flags.append(word)
    if _setting(game, "disband", "normal") == "any":
        flags.append("AnyDisband")
    for key, word in (
        ("empty_board", "BlankBoard"), ("summer", "Summer"),
        ("coastal_convoys", "CoastalConvoy"), ("move_disband", "Disband"),
    ):  # fmt: skip
        if _on(game, key, False):
            flags.append(word)
    for when in ("move", "build"):
        place = _setting(game, f"transform_{when}", "none")
        if place != "none":
            flags.append(f"Transform {when.capitalize()}:{_TRANSFORM_WORDS[place]}")
    if _setting(game, "attack_transform", True) is False:
        flags.append("NoAttackTransform")
    flags.append("Concessions" if _on(game, "concessions", True) else "No concessions")
    if _on(game, "duality", False):
        flags.append("Duality")
    flags.append(f"Max Absence: {_number(_setting(game, 'max_absence', DEFAULT_MAX_DAYS))}")
    return flags


_TRANSFORM_WORDS = {
    "home": "HomeCentre", "one": "OneCentre", "any": "AnyCentre", "anywhere": "Anywhere",
}  # fmt: skip


def _press_words(game: Game) -> list[str]:
    press = str(_setting(game, "press", "white"))
    words = [_PRESS_WORDS.get(press, press.capitalize())]
    if press == "none":
        words[0] += " (except to Master)"
    elif not _on(game, "partial", True):
        words.append("No Partial (except to Master)")
    else:
        fake = str(_setting(game, "fake", "none"))
        words.extend(_FAKE_WORDS.get(fake, "Partial Allowed, No Fake").split(", "))
    if _on(game, "postal_press", False):
        words.append("postal style press")
    observer = _setting(game, "observer", None)
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


def _counted(game: Game, variant: variants.Variant) -> bool:
    """Whether the centres have been counted once: the njudge keeps each power's units and
    centres as counted at the end of a year, and its Index and player lines show those, so
    both are blank until the first Fall has been played."""
    now = _phase_key(game.phase, variant)
    falls = [i for i, code in enumerate(variant.phases) if code == "FM"]
    if now is None or not falls:
        return True
    return now > (Phase.parse(variant.start, variant).year, falls[0])


def _index(position: dict[str, Any], powers: int) -> int:
    """The sum of squared centre counts over the number of powers: how far the game is."""
    if not powers:
        return 0
    return sum(len(c) ** 2 for c in (position.get("centers") or {}).values()) // powers


# -- the player lines -------------------------------------------------------------------------


def _people(
    ctx: Conversation, game: Game, variant: variants.Variant | None, viewer: Participant | None
) -> str:
    people = _ordered_people(game, variant, observers=True)
    if not people:
        return ""
    master = _is_master(viewer)
    secret = _on(game, "secret", False) and game.status == "forming" and not master
    quiet = _on(game, "quiet", False)
    blind = _blind(game)
    counted = variant is None or _counted(game, variant)
    width = max([10, *(len(x.name) for x in variant.powers)]) if variant else 10
    lines = [f"The following players are signed up for game '{game.name}':"]
    late = abandoned = 0
    for x in people:
        mine = viewer is not None and x.id == viewer.id
        if secret and x.role != "master" and not mine:
            continue
        word = _status_word(ctx, game, variant, x)
        if x.role == "player" and word in ("late", "part"):
            late += 1
        if x.role == "player" and word in ("CD", "abandon"):
            abandoned += 1
        if quiet and not master and not mine and word != "move":
            word = ""
        if blind and not master and not mine and word in ("move", "late", "part"):
            word = ""
        counts = "     "
        if x.role == "player" and x.power and not blind and counted:
            units, centers = _counts(game.position or {}, x.power)
            if units or centers:
                counts = f"{units:2d}/{centers}" + (" " if centers < 10 else "")
        lates = "   "
        if _on(game, "late_count", False) and x.role == "player" and (not quiet or master or mine):
            lates = f" {x.late_count:2d} "
        gunboat = "gunboat" in (game.options or [])
        ded = "    " if gunboat or x.role == "observer" else f"{x.user.dedication:4d}"
        address = _address(x)
        if gunboat and x.role != "master" and not master and not mine:
            address = SOMEONE
        label = _label(x)
        lines.append(f"   {label:<{width}} {word:<7}{counts}{lates} {ded} {address}")
    if secret:
        lines.append("\n  Other players kept secret.")
    if quiet and (late or abandoned):
        lines.append("")
        if late:
            lines.append(f"{late} power{' is' if late == 1 else 's are'} late.")
        if abandoned:
            lines.append(f"{abandoned} power{' is' if abandoned == 1 else 's are'} abandoned.")
    return "\n".join(lines)


def _status_word(
    ctx: Conversation, game: Game, variant: variants.Variant | None, x: Participant
) -> str:
    """move, late, part, CD or abandon: `move` means orders are due, not that they came."""
    if x.role != "player" or not x.power or game.status != "active":
        return ""
    if x.status == "cd":
        return "CD"
    if x.status == "abandoned":
        return "abandon"
    if not _owes(game, variant, x.power):
        return ""
    past = game.deadline is not None and ctx.now > game.deadline
    if (past or x.status == "late") and x.orders_status != "complete":
        return "part" if x.orders_status in ("partial", "errors") else "late"
    return "move"


def _label(x: Participant) -> str:
    if x.role == "player":
        return x.power or "Player"
    return x.role.capitalize()


# -- the board --------------------------------------------------------------------------------


def status_of_phase(game: Game, variant: variants.Variant, seen: set[str] | None = None) -> str:
    """Where the units stand and who owns what, headed by the phase they stand in. `seen`:
    the only powers whose units may be shown (a blind game), and then only their centres
    and the others' counts, as in the blind results (judge/reports/blind.py)."""
    head = _status_head(game)
    position = game.position or {}
    units = position.get("units") or {}
    dislodged = position.get("dislodged") or []
    owners = [
        x.name
        for x in variant.powers
        if (seen is None or x.name in seen)
        and (units.get(x.name) or any(d.get("power") == x.name for d in dislodged))
    ]
    # The column is set by every power with units, seen or not (as the njudge's).
    width = max((len(k) for k, v in units.items() if v), default=1) + 1
    blocks = []
    for power in owners:
        lines = [
            f"{power + ':':<{width}} {text}."
            for text in sorted(_unit_text(variant, u) for u in units.get(power, []))
        ]
        for d in dislodged:
            if d.get("power") == power:
                text = _unit_text(variant, d["unit"])
                places = [_place(variant, r) for r in d.get("retreats") or []]
                if places:
                    text += " can retreat to " + " or ".join(places)
                lines.append(f"{power + ':':<{width}} {text}.")
        blocks.append(
            "\n".join(
                textwrap.fill(line, width=80, subsequent_indent=" " * 9, break_long_words=False)
                for line in lines
            )
        )
    marks = {
        x.power: {"cd": "CD", "abandoned": "ABANDONED"}[x.status]
        for x in players(game)
        if x.power and x.status in ("cd", "abandoned")
    }
    centers = position.get("centers") or {}
    tables = ownership_tables(variant, centers, units, marks=marks, seen=seen).rstrip("\n")
    return "\n\n".join([head, *blocks, tables])


def _status_head(game: Game) -> str:
    phase = game.phase or ""
    if game.status in ENDED:
        return f"Position at the end of game '{game.name}'."
    kind = {"M": "Movement", "R": "Retreat"}.get(phase[-1:], "Adjustment")
    seasons = {"F": "Fall", "U": "Summer"}
    season = "Winter" if phase.endswith("B") else seasons.get(phase[:1], "Spring")
    where = f"({game.name}.{game.turn:03d})"
    return f"Status of the {kind} phase for {season} of {_year(phase)}.  {where}"


def _unit_text(variant: variants.Variant, unit: str) -> str:
    """`F stp/sc` as `Fleet St Petersburg (south coast)`."""
    kind, _, where = unit.partition(" ")
    return f"{variants.UNIT_WORDS.get(kind, kind)} {_place(variant, where)}"


def _place(variant: variants.Variant, location: str) -> str:
    province, _, coast = location.partition("/")
    name = _province_name(variant, province)
    return f"{name} ({variants.COAST_WORDS.get(coast, coast)})" if coast else name


def _province_name(variant: variants.Variant, abbr: str) -> str:
    found = variant.provinces.get(abbr)
    return found.name if found is not None else abbr


# -- WHOGAME ----------------------------------------------------------------------------------

_WHO_FIELDS = ("name", "country", "level", "site", "timezone")


def who_game(ctx: Conversation, cmd: p.WhoGame) -> None:
    """WHOGAME name [FULL]: the registration of everyone in a game; observers only with FULL.
    A gunboat game's players stay anonymous: only its master, signed on, may ask."""
    game = _the_game(ctx, cmd.game, "WHOGAME")
    if game is None:
        return
    if "gunboat" in (game.options or []) and not _is_master(_viewer(ctx, game)):
        ctx.fail(
            f"Game '{game.name}' is a gunboat game: only its master, signed on to it, "
            "may use WHOGAME."
        )
        return
    people = _ordered_people(game, _variant(game), observers=cmd.full)
    if not people:
        ctx.say(f"Nobody has signed up for game '{game.name}' yet.")
        return
    blocks = [f"The people in game '{game.name}':"]
    for x in people:
        lines = [f"{_label(x) + ':':<11}{x.user.email}"]
        form = x.user.registration or {}
        for field in _WHO_FIELDS:
            value = form.get(field) or getattr(x.user, field, "")
            if value:
                lines.append(f"{field.capitalize() + ':':<11}{value}")
        blocks.append("\n".join(lines))
    ctx.say("\n\n".join(blocks))


# -- SUMMARY ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Year:
    """The board at the end of a game year (or at the start), and when it stood so."""

    year: int
    position: dict[str, Any]
    at: datetime | None  # None: the start, when the first players held every power
    final: bool  # the game ended on this board: no builds to come, so no marks


def summary(ctx: Conversation, cmd: p.Summary) -> None:
    """SUMMARY name: who held each power when, and the centres each owned year by year."""
    game = _the_game(ctx, cmd.game, "SUMMARY")
    if game is None:
        return
    variant = _variant(game)
    records = _phase_records(ctx, game)
    if variant is None or not records:
        ctx.fail(f"There is no summary of game '{game.name}' yet: no phase has been played.")
        return
    viewer = _viewer(ctx, game)
    master = _is_master(viewer)
    ended = game.status in ENDED
    hidden = "gunboat" in (game.options or []) and not master
    if hidden and ended and _setting(game, "reveal", True) is not False:
        hidden = False
    blind = _blind(game) and not master
    names = _Names(hidden, _on(game, "secret", False))
    years = _years(game, variant, records)
    sections = [
        f"Summary of game '{game.name}' through {records[-1].phase}.",
        _player_history(game, variant, records, names),
        "Game parameters are/were as follows:\n"
        + parameters(game, variant, viewer)
        + f"\n  Judge: {ctx.settings.code}.",
    ]
    sections += [e.body.strip() for e in _events(ctx, game) if e.kind in DRAW_KINDS]
    sections.append((game.full_comment or "").strip())
    if not blind:
        sections.append(_center_grid(variant, years))
    sections.append(_center_counts(game, variant, years, names, marks=not blind))
    sections.append(
        "Index is the sum of squares of the number of supply centers divided by the\n"
        "number of players.  It is a measure of how far the game has progressed."
    )
    ctx.say("\n\n".join(s for s in sections if s))


class _Names:
    """How a summary names a player: by name and address, or as `Somebody #n` at
    `someone@somewhere` in a gunboat game (numbered in order of appearance)."""

    def __init__(self, hidden: bool, secret: bool) -> None:
        self.hidden = hidden
        self.secret = secret
        self.numbers: dict[int, int] = {}

    def name(self, user: User) -> str:
        if not self.hidden:
            return user.name or user.email.split("@")[0]
        if self.secret:
            return "Somebody"
        number = self.numbers.setdefault(user.id, len(self.numbers) + 1)
        return f"Somebody #{number}"

    def address(self, user: User) -> str:
        return SOMEONE if self.hidden else user.email


def _player_history(
    game: Game, variant: variants.Variant, records: Sequence[PhaseRecord], names: _Names
) -> str:
    # A master is never anonymous; a gunboat game's players are.
    rows: list[tuple[str, str, str]] = [
        (f"  {'Master:':<15}", x.user.name or x.user.email, x.user.email)
        for x in game.participants
        if x.role == "master" and x.status != "resigned"
    ]
    for power in variant.powers:
        for i, x in enumerate(_holders(game, power.name)):
            if i == 0:
                head = f"  {power.name + ':':<15}"
            else:
                head = f"   from {_first_phase(game, records, x.joined_at):>6.6}:  "
            rows.append((head, names.name(x.user), names.address(x.user)))
    if not rows:
        return ""
    width = max(len(name) for _, name, _ in rows)
    return "\n".join(f"{head}{name:<{width}}  {address}" for head, name, address in rows)


def _holders(game: Game, power: str) -> list[Participant]:
    """Everyone who has played a power, in the order they took it: a takeover adds a new
    participant with the same power and leaves the old one resigned."""
    found = [x for x in game.participants if x.role == "player" and x.power == power]
    return sorted(found, key=lambda x: (x.joined_at, x.id))


def _holder_at(game: Game, power: str, at: datetime | None) -> Participant | None:
    holders = _holders(game, power)
    if not holders:
        return None
    if at is None:
        return holders[0]
    held = [x for x in holders if x.joined_at <= at]
    return held[-1] if held else holders[0]


def _first_phase(game: Game, records: Sequence[PhaseRecord], since: datetime) -> str:
    """The first phase a player who joined at `since` could order."""
    for record in records:
        if record.processed_at is not None and record.processed_at > since:
            return record.phase
    return game.phase or records[-1].phase


def _years(game: Game, variant: variants.Variant, records: Sequence[PhaseRecord]) -> list[_Year]:
    """The board at the start and at the end of each finished year.

    A phase record holds the board before its phase, so the board at the end of a year is
    the one before the first phase of a later year (after the builds), or the game's own
    board when the game ended in that year.
    """
    first = records[0]
    first_year = _year(first.phase) or 0
    opening = first.phase[:1] + first.phase[-1:] == variant.phases[0]
    out = [_Year(first_year - 1 if opening else first_year, first.position, None, False)]
    boards: list[tuple[int, dict[str, Any], datetime | None, bool]] = []
    for before, record in zip([None, *records], records, strict=False):
        at = before.processed_at if before is not None else None
        boards.append((_year(record.phase) or 0, record.position, at, False))
    last = records[-1]
    if last.turn >= game.turn:  # the game stopped after its last phase was played
        boards.append(((_year(last.phase) or 0) + 1, game.position or {}, last.processed_at, True))
    elif game.phase:
        boards.append((_year(game.phase) or 0, game.position or {}, last.processed_at, False))
    for year in range(first_year, (_year(last.phase) or first_year) + 1):
        after = next((b for b in boards if b[0] > year), None)
        if after is not None:
            out.append(_Year(year, after[1], after[2], after[3]))
    return out


def _center_grid(variant: variants.Variant, years: Sequence[_Year]) -> str:
    """Who owned each centre at each year's end, a letter a centre (`.` for nobody)."""
    order = list(variant.center_order) or sorted(variant.centers)
    letters = {x.name: x.letter.upper() for x in variant.powers}
    blocks = []
    for start in range(0, len(order), CENTERS_PER_LINE):
        chunk = order[start : start + CENTERS_PER_LINE]
        cont = " (cont)" if start else ""
        title = f"Historical Supply Center Summary{cont}"
        lines = [title, "-" * len(title)]
        lines.append("   " + "".join(f" {c.capitalize():<3.3}" for c in chunk[0::2]))
        lines.append("Year " + "".join(f" {c.capitalize():<3.3}" for c in chunk[1::2]))
        for y in years:
            owner = {
                c: letters.get(power, "?")
                for power, cs in (y.position.get("centers") or {}).items()
                for c in cs
            }
            lines.append(f"{y.year:04d}" + "".join(f" {owner.get(c, '.')}" for c in chunk))
        blocks.append("\n".join(line.rstrip() for line in lines))
    return "\n\n".join(blocks)


def _center_counts(
    game: Game, variant: variants.Variant, years: Sequence[_Year], names: _Names, marks: bool
) -> str:
    """Each power's centre count per year, with a mark for builds it did not make (or `X`
    for too many), and who played it at the right; a new player starts a new line."""
    powers = len(variant.powers)
    used: set[int] = set()
    too_many = False
    blocks = []
    for start in range(0, len(years), YEARS_PER_LINE):
        chunk = years[start : start + YEARS_PER_LINE]
        head = f"Power    {chunk[0].year:04d}" + "".join(f" '{y.year % 100:02d}" for y in chunk[1:])
        lines = [head + " " * (4 * (YEARS_PER_LINE - len(chunk)) + 3) + "Player"]
        squares = [0] * len(chunk)
        for power in variant.powers:
            counts = [len((y.position.get("centers") or {}).get(power.name) or []) for y in chunk]
            if not counts[0]:
                continue
            row = f"{power.name:<10.10}"
            holder = _holder_at(game, power.name, chunk[0].at)
            written = 0  # the row stops at the first year the power has no centre
            for i, y in enumerate(chunk):
                now = _holder_at(game, power.name, y.at)
                if holder is not None and now is not None and now.id != holder.id:
                    pad = " " * (4 * (YEARS_PER_LINE - i) + 1)
                    row += f"\\{pad}{names.name(holder.user)}\n" + " " * (10 + 4 * i)
                    holder = now
                if not counts[i]:
                    break
                written = i + 1
                mark = " "
                if marks and not y.final:
                    units = len((y.position.get("units") or {}).get(power.name) or [])
                    if units > counts[i]:
                        mark, too_many = "X", True
                    elif units < counts[i]:
                        mark = UNUSED_MARKS[min(counts[i] - units, len(UNUSED_MARKS) - 1)]
                        used.add(counts[i] - units)
                row += f"{counts[i]:3d}{mark}"
                squares[i] += counts[i] ** 2
            name = names.name(holder.user) if holder is not None else ""
            lines.append(row + " " * (4 * (YEARS_PER_LINE - written) + 2) + name)
        lines.append("Index:   " + "".join(f"{s // powers:4d}" for s in squares))
        blocks.append("\n".join(line.rstrip() for line in lines))
    notes = []
    if too_many:
        notes.append("X = too many build(s).")
    for n in sorted(used):
        mark = UNUSED_MARKS[min(n, len(UNUSED_MARKS) - 1)]
        notes.append(f"{mark} = {n} unused build{'' if n == 1 else 's'}.")
    title = "History of Supply Center Counts\n-------------------------------\n"
    return title + "\n\n".join(blocks) + ("\n\n" + "\n".join(notes) if notes else "")


# -- HISTORY ----------------------------------------------------------------------------------


def history(ctx: Conversation, cmd: p.History) -> None:
    """HISTORY [name] [FROM date] [TO date] [LINES n]: what an observer saw in a span of
    real time; by default the last seven days, cut after 1000 lines (manual 3.4)."""
    game = _history_game(ctx, cmd.game)
    if game is None:
        return
    limit = HISTORY_LINES if cmd.lines is None else cmd.lines
    if limit < 1:
        ctx.fail(f"HISTORY: LINES takes a number of lines of at least 1, not {limit}.")
        return
    zone = ctx.settings.zone
    since = ctx.now - timedelta(days=HISTORY_DAYS)
    if cmd.since is not None:
        since = _utc(cmd.since.at(time(0, 0)), zone)
    until = ctx.now
    if cmd.until is not None:
        until = _utc(cmd.until.at(time(0, 0)), zone)
    if until < since:  # "the end date is before the start date, it will be ignored"
        until = ctx.now
    events = _events(ctx, game)
    if not events:
        ctx.say(f"No history available for game '{game.name}'.")
        return
    head = (
        f"History information for game '{game.name}' from {njudge_time(since, ctx.settings)}\n"
        f"through {njudge_time(until, ctx.settings)}:"
    )
    inside = [e for e in events if since <= e.at <= until]
    if not inside:
        ctx.say(head + "\n\nNo history for specified period.")
        return
    text, cut = _limited(ctx, game, inside, limit)
    if cut:
        why = "line limit exceeded"
    elif any(e.at > until for e in events):
        why = "time range exhausted"
    else:
        why = "end of information"
    ctx.say(f"{head}\n\n{text}\n\n---- History terminated due to {why}.")


def history_turns(ctx: Conversation, cmd: p.HistoryTurns) -> None:
    """HISTORY [name] EXCLSTART turn [EXCLEND turn] [BROAD]: the whole history but the
    phases from EXCLSTART up to (not including) EXCLEND, compared in game time, so a turn
    before the start or after the end works as the manual's examples say; phase results
    and draws only, unless BROAD. An EXCLSTART this game cannot have excludes nothing, an
    EXCLEND it cannot have excludes to the end (manual 3.4)."""
    game = _history_game(ctx, cmd.game)
    if game is None:
        return
    events = _events(ctx, game)
    if not events:
        ctx.say(f"No history available for game '{game.name}'.")
        return
    variant = _variant(game)
    start = _phase_key(cmd.exclude_start, variant)
    end = _phase_key(cmd.exclude_end, variant) if cmd.exclude_end else None
    chosen = []
    for e in events:
        key = _phase_key(e.phase, variant) if e.phase else None
        if start is not None and key is not None and key >= start and (end is None or key < end):
            continue
        if cmd.broadcasts or e.kind in RESULT_KINDS or e.kind in DRAW_KINDS:
            chosen.append(e)
    head = (
        f"History information for game '{game.name}' excluding turn '{cmd.exclude_start}'\n"
        f"to turn '{cmd.exclude_end or 'end of game'}'."
    )
    body = "\n\n".join(_event_text(ctx, game, e) for e in chosen) or "No history to show."
    ctx.say(f"{head}\n\n{body}\n\n---- History terminated due to end of information.")


def _history_game(ctx: Conversation, name: str | None) -> Game | None:
    """The game whose history is asked for, if the asker may read it: an unfinished blind
    game's history is its master's alone (manual 3.4)."""
    game = _the_game(ctx, name, "HISTORY")
    if game is None:
        return None
    if _blind(game) and not _is_master(_viewer(ctx, game)):
        ctx.fail(
            f"The history of the blind game '{game.name}' is for its master only "
            "until the game ends."
        )
        return None
    return game


def _limited(
    ctx: Conversation, game: Game, events: Sequence[HistoryEvent], limit: int
) -> tuple[str, bool]:
    """The events' text, cut after `limit` lines (in the middle of an event if need be,
    as the njudge does)."""
    lines: list[str] = []
    for i, e in enumerate(events):
        block = ([""] if i else []) + _event_text(ctx, game, e).split("\n")
        room = limit - len(lines)
        if len(block) > room:
            lines += block[:room]
            return "\n".join(lines).rstrip("\n"), True
        lines += block
    return "\n".join(lines), False


def _event_text(ctx: Conversation, game: Game, event: HistoryEvent) -> str:
    subject = event.subject or event.kind
    return (
        f"Date: {njudge_time(event.at, ctx.settings)}\n"
        f"Subject: {ctx.settings.code}:{game.name} - {subject}\n\n"
        f"{event.body.strip()}"
    )


def _phase_key(code: str | None, variant: variants.Variant | None) -> tuple[int, int] | None:
    """A phase's place in the game's time, or None for a code this variant cannot have."""
    if not code or variant is None:
        return None
    try:
        phase = Phase.parse(code, variant)
    except ValueError:
        return None
    return phase.year, variant.phases.index(phase.season + phase.letter)


def _utc(local: datetime, zone: tzinfo) -> datetime:
    """A time the player wrote in the judge's zone, as the stored (naive UTC) times are."""
    return local.replace(tzinfo=zone).astimezone(UTC).replace(tzinfo=None)


# -- small things -----------------------------------------------------------------------------


def _the_game(ctx: Conversation, name: str | None, what: str) -> Game | None:
    """The named game, else the one this mail signed on to; a clear failure otherwise."""
    if name is None:
        if ctx.game is None:
            ctx.fail(f"{what}: name a game, or sign on to one first.")
        return ctx.game
    game = find_game(ctx, name)
    if game is None:
        ctx.fail(f"Game '{name.lower()}' does not exist.  Use 'list' to see the games.")
    return game


def _listed_games(ctx: Conversation) -> list[Game]:
    """The games set LIST: NO LIST is the default (users' manual 8.3, and the njudge's), so
    a game is public only when its master asks."""
    games = ctx.session.execute(select(Game).order_by(Game.created_at, Game.id)).scalars()
    return [g for g in games if (g.settings or {}).get("list", False)]


def _viewer(ctx: Conversation, game: Game) -> Participant | None:
    """Who is asking, as a participant of this game, if this mail signed on to it."""
    if ctx.game is not None and ctx.game.id == game.id:
        return ctx.me
    return None


def _is_master(viewer: Participant | None) -> bool:
    return viewer is not None and viewer.role == "master"


def _current(game: Game) -> list[Participant]:
    return [x for x in game.participants if x.status != "resigned"]


def _ordered_people(
    game: Game, variant: variants.Variant | None, observers: bool
) -> list[Participant]:
    """Masters, then the powers in the variant's order, then observers (njudge's order)."""
    order = {x.name: i for i, x in enumerate(variant.powers)} if variant else {}
    rank = {"master": 0, "player": 1, "observer": 2}
    people = [x for x in _current(game) if observers or x.role != "observer"]
    return sorted(people, key=lambda x: (rank.get(x.role, 3), order.get(x.power or "", 99), x.id))


def _address(x: Participant | None) -> str:
    if x is None:
        return ""
    return x.report_to[0] if x.report_to else x.user.email


def _blind(game: Game) -> bool:
    """A blind game still being played: players see only their own part of the board."""
    return "blind" in (game.options or []) and game.status not in ENDED


def _variant(game: Game) -> variants.Variant | None:
    try:
        return variant_of(game)
    except KeyError:
        return None


def _setting(game: Game, key: str, default: Any) -> Any:
    return (game.settings or {}).get(key, default)


def _on(game: Game, key: str, default: bool) -> bool:
    return bool(_setting(game, key, default))


def _number(value: Any) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def _counts(position: dict[str, Any], power: str | None) -> tuple[int, int]:
    if not power:
        return 0, 0
    units = len((position.get("units") or {}).get(power) or [])
    return units, len((position.get("centers") or {}).get(power) or [])


def _year(phase: str | None) -> int | None:
    digits = (phase or "")[1:-1]
    return int(digits) if digits.isdigit() else None


def _owes(game: Game, variant: variants.Variant | None, power: str | None) -> bool:
    """Whether a power has orders to give in the current phase (the engine's rule)."""
    if not power or (variant is None and (game.phase or "").endswith("B")):
        return False
    return bool(owed(game, power))


def _phase_records(ctx: Conversation, game: Game) -> list[PhaseRecord]:
    return list(
        ctx.session.execute(
            select(PhaseRecord).where(PhaseRecord.game_id == game.id).order_by(PhaseRecord.turn)
        ).scalars()
    )


def _events(ctx: Conversation, game: Game) -> list[HistoryEvent]:
    return list(
        ctx.session.execute(
            select(HistoryEvent)
            .where(HistoryEvent.game_id == game.id)
            .order_by(HistoryEvent.at, HistoryEvent.id)
        ).scalars()
    )

"""Reading one mail of the judge: what it says about the board, in the njudge's layouts.

A mail is read into a `Report`: a start notice (the starting position and the power the
robot was given), a movement, retreat or adjustment result, or a LIST reply's status of
the phase. Each says what it knows; `board.py` folds them into the board, because a
retreat or adjustment result names only the units that changed.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

from adjudicator.board import Unit
from adjudicator.phase import Phase
from adjudicator.retreats import Dislodged
from variants import Variant

LONGEST = 400  # characters of a line (or a dislodged unit's sentence) worth reading
TYPES = {"Army": "A", "Fleet": "F", "Wing": "W"}
SEASONS = {"Spring": "S", "Summer": "U", "Fall": "F", "Winter": "W"}
KINDS = {"Movement": "M", "Retreat": "R", "Retreats": "R", "Adjustment": "B", "Adjustments": "B"}

_TAG = re.compile(r"\s*\(\*([^*]*)\*\)")
_UNIT_LINE = re.compile(
    r"^(?P<power>[A-Z][\w.'-]*(?: [A-Z][\w.'-]*)*):\s+(?P<type>Army|Fleet|Wing)\s+(?P<rest>.+)$"
)
_VERB = re.compile(
    r"^(?P<place>.+?)(?:,\s*No Order Processed.*"
    r"|\s+(?P<verb>->|HOLD|SUPPORT|CONVOY|DISBAND|TRANSFORM)(?P<tail>.*)"
    r"|\s+can retreat to (?P<to>.+))?$"
)
_DISLODGED = re.compile(
    r"^The (?P<adj>.+?) (?P<type>Army|Fleet|Wing) in (?:the )?(?P<place>.+?) "
    r"(?:can retreat to (?P<to>.+)|with no valid retreats was destroyed)\.$"
)
_PHASE_WORDS = (
    r"(?P<kind>Movement|Retreats?|Adjustments?) (?:phase )?for (?P<season>\w+) of (?P<year>\d+)"
)
_NEXT = re.compile(r"The next phase of '(?P<game>[^']+)' will be " + _PHASE_WORDS)
_RESULTS = re.compile(
    r"^(?P<kind>Movement|Retreat|Adjustment) results for (?P<season>\w+) of (?P<year>\d+)\."
    r"\s+\((?P<game>[^.()]+)\.\d+\)"
)
_STATUS = re.compile(r"^Status of the " + _PHASE_WORDS + r"\.\s+\((?P<game>[^.()]+)\.\d+\)")
_START = re.compile(r"^Starting position for (?P<season>\w+) of (?P<year>\d+)\.")
_SELECTED = re.compile(r"You have been selected as (?P<power>.+?) in game '(?P<game>[^']+)'")
_BUILD = re.compile(r"Builds an? (?P<type>army|fleet|wing) in (?:the )?(?P<place>.+?)\.$")
_REMOVE = re.compile(
    r"(?:Removes|Defaults, removing) the (?P<type>army|fleet|wing) in (?:the )?(?P<place>.+?)\.$"
)


@dataclass
class Report:
    """What one mail says of the board. `units` None: the mail does not list them all."""

    kind: str  # "start", "status", "movement", "retreat", "adjustment"
    game: str
    phase: Phase | None  # the phase reported on (start and status: the phase now)
    next_phase: Phase | None = None  # results: the phase that follows; None when over
    power: str | None = None  # start: the power the robot was given
    units: list[Unit] | None = None
    dislodged: list[Dislodged] = field(default_factory=list)
    centers: dict[str, str] | None = None  # centre -> owner, when the mail has the table
    gone: list[Unit] = field(default_factory=list)  # retreat and adjustment: units lost
    added: list[Unit] = field(default_factory=list)  # retreats arrived, builds
    # movement: each move ordered, (power, order in the adjudicator's notation `A vie - bud`)
    moves: list[tuple[str, str]] = field(default_factory=list)
    over: bool = False


def read_mail(variant: Variant, text: str) -> Report | None:
    """The report in a mail's body, or None when it is no report of the board."""
    # No line of a judge's report is long; a cut keeps every pattern's work small.
    lines = [line[:LONGEST].rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    for i, line in enumerate(lines):
        if m := _RESULTS.match(line):
            kind = m["kind"].lower()
            report = Report(kind, m["game"].lower(), _phase(variant, KINDS[m["kind"]], m))
            body = lines[i + 1 :]
            if kind == "movement":
                _movement(variant, body, report)
            elif kind == "retreat":
                _retreats(variant, body, report)
            else:
                _adjustments(variant, body, report)
            _ending(variant, body, report)
            return report
        if m := _STATUS.match(line):
            report = Report("status", m["game"].lower(), _phase(variant, KINDS[m["kind"]], m))
            _listing(variant, lines[i + 1 :], report)
            return report
        if m := _START.match(line):
            chosen = next((s for s in map(_SELECTED.search, lines) if s), None)
            game = chosen["game"].lower() if chosen else ""
            first = _phase(variant, "M", m)
            report = Report("start", game, first, power=chosen["power"] if chosen else None)
            _listing(variant, lines[i + 1 :], report)
            return report
    return None


def _phase(variant: Variant, letter: str, m: re.Match[str]) -> Phase | None:
    season = SEASONS.get(m["season"])
    if season is None:
        return None
    try:
        return Phase.parse(f"{season}{int(m['year'])}{letter}", variant)
    except ValueError:
        return None


def _unit(variant: Variant, power: str, kind: str, place: str) -> Unit | None:
    try:
        return Unit(variant.power(power).name, TYPES[kind.capitalize()], variant.location(place))
    except KeyError:
        return None


def _joined(lines: list[str]) -> list[str]:
    """Lines with their wrapped continuations (indented) joined on."""
    out: list[str] = []
    for line in lines:
        if line.startswith(" ") and line.strip() and out and out[-1]:
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


def _places(variant: Variant, text: str) -> tuple[str, ...]:
    out = []
    for name in text.rstrip(".").split(" or "):
        try:
            out.append(variant.location(name.strip()))
        except KeyError:
            continue
    return tuple(out)


def _movement(variant: Variant, body: list[str], report: Report) -> None:
    report.units = []
    for line in body:
        if line.startswith("The following units were dislodged") or line.startswith("Ownership"):
            break
        if not (m := _UNIT_LINE.match(line)):
            continue
        tags = ", ".join(_TAG.findall(m["rest"]))
        rest = _TAG.sub("", m["rest"]).strip().rstrip(".").strip()
        v = _VERB.match(rest)
        if v is None or (unit := _unit(variant, m["power"], m["type"], v["place"])) is None:
            continue
        to = None
        if v["verb"] == "->":
            with contextlib.suppress(KeyError):
                to = variant.location(v["tail"].split("->")[-1].strip())
        if to is not None:  # a move ordered, whatever became of it (a convoy's end last)
            report.moves.append((unit.power, f"{unit} - {to}"))
        if "dislodged" in tags:
            continue  # in the list of dislodged units, with its retreats
        where = to if to is not None and not tags else unit.location
        report.units.append(Unit(unit.power, unit.type, where))
    text = "\n".join(body)
    if "The following units were dislodged:" in text:
        section = text.split("The following units were dislodged:", 1)[1]
        section = section.split("\nOwnership of supply centers:", 1)[0]
        section = section.split("\nThe next phase of", 1)[0]
        sentences = re.split(r"(?<=\.)\s+(?=The )", " ".join(section.split()))
        for sentence in sentences:
            if len(sentence) <= LONGEST and (d := _DISLODGED.match(sentence.strip())) and d["to"]:
                unit = _unit(variant, d["adj"], d["type"], d["place"])
                if unit is not None:
                    report.dislodged.append(Dislodged(unit, _places(variant, d["to"])))


def _retreats(variant: Variant, body: list[str], report: Report) -> None:
    for line in body:
        if line.startswith("Ownership"):
            break
        if not (m := _UNIT_LINE.match(line)):
            continue
        tags = ", ".join(_TAG.findall(m["rest"]))
        rest = _TAG.sub("", m["rest"]).strip().rstrip(".").strip()
        v = _VERB.match(rest)
        if v is None or (unit := _unit(variant, m["power"], m["type"], v["place"])) is None:
            continue
        report.gone.append(unit)
        if v["verb"] == "->" and not tags:
            arrived = _unit(variant, m["power"], m["type"], v["tail"].strip())
            if arrived is not None:
                report.added.append(arrived)


def _adjustments(variant: Variant, body: list[str], report: Report) -> None:
    for line in body:
        power, _, rest = line.partition(":")
        if not rest or line.startswith(" "):
            continue
        rest = rest.strip()
        if m := _BUILD.match(rest):
            if unit := _unit(variant, power, m["type"], m["place"]):
                report.added.append(unit)
        elif (m := _REMOVE.match(rest)) and (unit := _unit(variant, power, m["type"], m["place"])):
            report.gone.append(unit)


def _listing(variant: Variant, body: list[str], report: Report) -> None:
    """Unit lines (`Italy:   Army  Rome.`) up to the deadline or the end, with dislodged
    units' retreats and the ownership table when the mail has them."""
    report.units = []
    for line in _joined(body):
        if line.startswith("Ownership of supply centers") or line.startswith("The deadline"):
            break
        if not (m := _UNIT_LINE.match(line)):
            continue
        v = _VERB.match(m["rest"].strip().rstrip(".").strip())
        if v is None or (unit := _unit(variant, m["power"], m["type"], v["place"])) is None:
            continue
        if v["to"]:
            report.dislodged.append(Dislodged(unit, _places(variant, v["to"])))
        else:
            report.units.append(unit)
    _ownership(variant, body, report)


def _ending(variant: Variant, body: list[str], report: Report) -> None:
    _ownership(variant, body, report)
    text = " ".join(" ".join(body).split())
    if m := _NEXT.search(text):
        report.next_phase = _phase(variant, KINDS[m["kind"]], m)
    if "The game is over." in text or "game is over" in text:
        report.over = True


def _ownership(variant: Variant, body: list[str], report: Report) -> None:
    """The table under `Ownership of supply centers:` (centre names, wrapped lists)."""
    try:
        start = next(i for i, line in enumerate(body) if line.startswith("Ownership of supply"))
    except StopIteration:
        return
    centers: dict[str, str] = {}
    rows = _joined(body[start + 1 :])
    for line in rows[1:] if rows and not rows[0] else rows:
        if not line.strip():
            break
        name, _, listed = line.partition(":")
        if name.strip() == "Unowned":
            continue
        try:
            power = variant.power(name.strip()).name
        except KeyError:
            continue
        for word in listed.strip().rstrip(".").split(","):
            try:
                centers[variant.province(word.strip().strip("()")).abbr] = power
            except KeyError:
                continue
    report.centers = centers

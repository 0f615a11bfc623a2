"""A phase processed (users' manual 5.1): once every power is in and the game's DELAY is
over, or the clock says so, the phase is adjudicated, its results reported to everyone,
the game won or the next phase that needs orders begun, and the orders given in advance
for it settled and told to their players.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

import variants
from adjudicator import adjudicate
from adjudicator.phase import Phase
from adjudicator.wings import blockaded_in

from ...config import Settings
from ...reports import play as r
from ...reports.endings import victory
from ...reports.frame import njudge_time
from ...reports.identities import hides_players
from ...store.models import Game, HistoryEvent, PhaseRecord
from ..clock import reliability
from ..clock.dedication import turn_counted
from ..clock.lateness import next_event, owing_orders, set_phase_clock
from ..endings.ending import ended
from ..game.owing import adjustment_due, build_at, ready
from ..game.record import players, variant_of
from ..press.postal import postal_block
from ..reply.notices import deliver, everyone
from .blind import deliver_results, players_sight
from .future import settle_conditions
from .mach_results import first_orders, mach_position, mach_report
from .standing import every_winter, orders_of, phase_document, refresh, standing

Mailer = Any  # a Conversation or a Notices: has .settings, .now, .session and .send()

# Called as each phase after the first begins (game, mailer): the judge's robot players order
# then (judge/engine/robots/). A room above play adds itself here, so play never imports it.
PHASE_BEGUN: list[Any] = []

# Phases played one after another in one go (every order given in advance, DELAY 0); more
# are left to the clock's next look, so one mail or tick never runs away with a game.
BACK_TO_BACK = 12


def schedule(mailer: Mailer, game: Game) -> None:
    """When all are in, process after the game's DELAY (at once when it is zero and MIN
    has passed), and the phase after it as well if its orders are all in already;
    otherwise the clock looks again at the deadline (lateness.py). A loop, not a
    recursion: any number of phases may come due at once."""
    for _ in range(BACK_TO_BACK):
        if game.status != "active":
            return  # ended as the phase began (the robots' votes passed a draw)
        is_ready = ready(game)
        game.next_event_at = next_event(game, mailer.now, is_ready)
        due = game.next_event_at is not None and game.next_event_at <= mailer.now
        if not (is_ready and due):
            return
        process(mailer, game)
        if game.status != "active":
            return
    game.next_event_at = mailer.now  # the clock's next look goes on


def process(
    mailer: Mailer,
    game: Game,
    first: bool = False,
    judged: tuple[dict[str, list[str]], dict[str, Any]] | None = None,
) -> str:
    """Adjudicate the phase, report it to everyone, and go on to the next phase that needs
    orders (retreats and adjustments nobody needs are skipped); the results' text.
    `first`: the phase a Machiavelli game plays at its start, whose next phase has the first
    deadline's time and whose results go in the start notice, not in a mail of their own.
    `judged`: the orders and adjudication of `standing.refresh` run on this very game in
    this transaction, nothing changed since (the tick's look), so not made twice."""
    session: Session = mailer.session
    settings: Settings = mailer.settings
    now: datetime = mailer.now
    variant = variant_of(game)
    in_time = [x for x in owing_orders(game) if x.orders_status == "complete"]
    if game.late_notice_at is None:  # nobody was late this phase (else counted then)
        excused = reliability.excused_users(session, game)  # an excuse counts for nothing
        turn_counted(game, [], [x for x in in_time if x.user_id not in excused])
    reliability.record(session, game, in_time, "ontime", now)  # the late stay late
    if judged is not None and not variant.is_machiavelli:
        # (A Machiavelli game's trial is shown as a reply shows it, `as_bought`: made again.)
        given, out = judged
        doc = phase_document(game, given)
    else:
        given = orders_of(session, game, game.phase or "")
        if variant.is_machiavelli:
            given = first_orders(game, given)
        doc = phase_document(game, given)
        out = adjudicate(doc)
    record = PhaseRecord(
        game_id=game.id,
        turn=game.turn,
        phase=game.phase,
        position=dict(game.position or {}),
        result={"input": doc, "output": out},
        processed_at=now,
    )
    session.add(record)
    report = phase_report(game, doc, out)
    done_phase = game.phase
    centers = out.get("centers") or (game.position or {}).get("centers", {})
    position = {"units": out["units"], "centers": centers, "dislodged": out.get("dislodged", [])}
    if variant.is_machiavelli:
        # The adjudicator skips the phases nobody needs and names the winner itself.
        next_phase, winner = mach_position(game, doc, position, out)
    else:
        next_phase = _next_needed(
            variant, out["next_phase"], position, build_at(game), every_winter(game)
        )
        winner = winner_of(game, centers, position["units"])
    game.position = position
    tail: list[str] = []
    if winner is not None:
        game.status = "finished"
        game.next_event_at = None
        phase_begins(game)
        tail.append(r.GAME_OVER)
    else:
        game.phase = next_phase
        game.turn += 1
        phase_begins(game)
        away = set_phase_clock(game, settings, now, first=first)
        game.next_event_at = None
        tail.append(
            r.next_phase_lines(variant, game.name, next_phase, njudge_time(game.deadline, settings))
        )
        if away:
            tail.append("Requested absence(s) activated.")
    body = (
        report
        + "\n\n"
        + "\n".join(tail).rstrip("\n")
        + "\n"
        + postal_block(session, game, done_phase)
    )
    # The results carry the phase just played in their subject (a blind game: a copy each).
    if not first:
        deliver_results(mailer, game, record, report, body)
    session.add(
        HistoryEvent(
            game_id=game.id, at=now, kind="results", phase=done_phase,
            subject=f"{done_phase} Results", body=body,
        )
    )  # fmt: skip
    if winner is not None:
        letter = next(x.letter for x in variant.powers if x.name == winner)
        text = victory(game.name, winner)
        deliver(mailer, game, everyone(game), f"Victory: {letter}", text)
        ended(mailer, game, decided=True, shared_by=(winner,),
              notice=(f"Victory: {letter}", text))  # fmt: skip
        return report
    session.flush()
    advance = settle_conditions(session, game)
    given, out = refresh(session, game)
    _tell_advance_orders(mailer, game, advance, given, out)
    for begun in PHASE_BEGUN:
        begun(mailer, game)
    return report


def phase_begins(game: Game) -> None:
    """A new phase: nobody waits and no draw or concession stands, except that under ANY
    DISBAND or build transformations every active player waits in an adjustment phase (the
    njudge's rule, manual 9.1): anyone may act, so the phase runs to its deadline unless
    all SET NOWAIT."""
    wait = game.status == "active" and every_winter(game) and (game.phase or "").endswith("B")
    for x in players(game):
        if x.status == "late":  # late for the phase just played, not for this one
            x.status = "active"
        x.wait = wait and bool(x.power) and x.status == "active"
        x.draw = None
        x.concede = None


def phase_report(game: Game, doc: dict[str, Any], out: dict[str, Any]) -> str:
    """The results of the game's current phase as the adjudicator found them: the one
    renderer of results, for the report and for a master's PREDICT."""
    kind = (game.phase or "M")[-1]
    variant = variant_of(game)
    if variant.is_machiavelli:
        return mach_report(game, doc, out)
    if kind == "B":
        return r.adjustment_results(variant, game.name, game.turn, doc, out).rstrip("\n")
    render = r.movement_results if kind == "M" else r.retreat_results
    # The game's own victory count (SET CENTERS) decides the (* VICTORY!! *) tag, and the
    # players' standing the (* CD *) and (* ABANDONED *) ones.
    centers = out.get("centers") or (game.position or {}).get("centers", {})
    shown = {**out, "winner": winner_of(game, centers, out.get("units"))}
    marks = {
        x.power: "CD" if x.status == "cd" else "ABANDONED"
        for x in players(game)
        if x.power and x.status in ("cd", "abandoned")
    }
    text = render(variant, game.name, game.turn, doc, shown, marks=marks).rstrip("\n")
    if "Ownership of supply centers:" in text:
        control = power_control(game)
        if control:
            text += "\n\n" + control
    return text


def power_control(game: Game) -> str:
    """Duplex games (SET PLAYERS): which powers each player controls, under the first of
    his powers; nothing when every player holds one power, or in a gunboat game."""
    if hides_players(game):
        return ""
    held: dict[int, list[str]] = {}
    for x in players(game):
        if x.power:
            held.setdefault(x.user_id, []).append(x.power)
    if all(len(v) == 1 for v in held.values()):
        return ""
    order = [x.name for x in variant_of(game).powers]
    groups = sorted(
        (sorted(v, key=order.index) for v in held.values()), key=lambda v: order.index(v[0])
    )
    width = max(len(v[0]) for v in groups) + 2
    lines = ["Power Control:", ""]
    lines += [f"{(v[0] + ':').ljust(width)} {', '.join(v)}." for v in groups]
    return "\n".join(lines)


def _next_needed(
    variant: variants.Variant,
    code: str,
    position: dict[str, Any],
    where: str,
    every_winter: bool = False,
) -> str:
    """The adjudicator's next phase, or later while nobody has anything to do in it
    (`every_winter`: ANY DISBAND, where anyone with a unit may adjust)."""
    phase = Phase.parse(code, variant)
    for _ in range(len(variant.phases) + 1):
        if phase.letter == "R" and not any(d.get("retreats") for d in position["dislodged"]):
            position["dislodged"] = []
        elif phase.letter == "B" and not (
            (every_winter and any(position.get("units", {}).values()))
            or _adjustments_needed(variant, position, where)
        ):
            pass
        else:
            return str(phase)
        phase = phase.following(variant)
    return str(phase)


def _adjustments_needed(variant: variants.Variant, position: dict[str, Any], where: str) -> bool:
    return any(adjustment_due(variant, position, x.name, where) for x in variant.powers)


def winner_of(
    game: Game, centers: dict[str, list[str]], units: dict[str, list[str]] | None = None
) -> str | None:
    """The power with the game's victory count of centres and more than any other; a centre
    a wing blockades counts for nobody (adjudicator/wings.py)."""
    variant = variant_of(game)
    target = int(game.settings.get("centers") or variant.victory)
    shut = blockaded_in(units or {}, centers)
    own = {k: sum(1 for c in v if c not in shut) for k, v in centers.items()}
    sides = _sides(game, variant, own) if "victory_by_player" in variant.rules else {}
    counts = sorted(
        ((sum(own.get(p, 0) for p in sides.get(k, [k])), own[k], k) for k in own),
        key=lambda c: (c[0], c[1]),
        reverse=True,
    )
    if not counts or counts[0][0] < target:
        return None
    rivals = [c for c in counts[1:] if c[2] not in sides.get(counts[0][2], [counts[0][2]])]
    if rivals and rivals[0][0] == counts[0][0]:
        return None
    return counts[0][2]


def _sides(game: Game, variant: variants.Variant, own: dict[str, int]) -> dict[str, list[str]]:
    """Each power with the other power its player plays (rootz's victory_by_player: "a
    combination of a player's two powers"); a power nobody plays, or whose player plays
    one power or more than two (a duplex game of fewer players), stands alone."""
    holder = {x.power: x.user_id for x in players(game) if x.power}
    sides = {}
    for power in own:
        mine = [p for p in own if holder.get(p) is not None and holder.get(p) == holder.get(power)]
        sides[power] = mine if len(mine) == 2 else [power]
    return sides


def _tell_advance_orders(
    mailer: Mailer,
    game: Game,
    powers: set[str],
    given: dict[str, list[str]],
    out: dict[str, Any],
) -> None:
    """Each player whose orders came in advance is told how they now read."""
    variant = variant_of(game)
    for x in players(game):
        if x.power and x.power in powers:
            state = standing(game, x.power, given.get(x.power, []), out)
            listing = r.orders_listing(
                variant, game.name, game.turn, game.phase, x.power, out,
                build_at=build_at(game), seen=players_sight(game, x.power),
            )  # fmt: skip
            note = "Your orders given in advance for this phase now count:"
            if state.errors:
                note = "Your orders given in advance for this phase have errors:"
            deliver(mailer, game, [x], "Orders", f"{note}\n\n{listing.rstrip()}\n")

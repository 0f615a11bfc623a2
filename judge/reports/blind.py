"""What a reader of a blind game sees of a phase (info.blind; docs/rules.md, "Blind games").

The njudge ran each player's results through a filter that kept the lines about his own
power (`zpblind`): "Player sees only orders made by their units (other units are not
shown). If an observer, no unit movements are shown. Master receives complete turn
results." Here the adjudicator's documents are cut down to what the reader sees, and the
usual renderers write the copy, so a report cannot show what its documents do not hold.
Every channel that shows a blind game's board takes its documents from the same two cuts,
`seen_phase` (a played phase: the results, their picture, MAP of a past phase) and
`seen_position` (the board as it stands: MAP now, LIST's control tables), so that no
channel shows a reader what his copy of the results does not name. A robot playing a
blind game's power is such a reader too: it orders, remembers and chooses its friends from
the same cuts (`known_position`, `known_result`).

Who sees what: a player sees his own units, their orders and fates, his own dislodged
units, his own centres; a master sees everything; an observer sees no unit. The number of
centres each power owns is seen by all (SUMMARY shows it year by year), which centres and
how many units are not (SET BCENTERS shows every power's centres by name). Everything
here is a pure function of the documents.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from variants import Variant, province_of

from . import play as results
from .play import machiavelli
from .play.machiavelli.money import after_bribes
from .play.ownership import Sight

Doc = Mapping[str, Any]


def sight(role: str, power: str | None, all_centers: bool = False) -> Sight | None:
    """The powers whose units a reader sees: None (all) for a master, a player's own power,
    nothing for an observer (or a player with no power yet). `all_centers` (SET BCENTERS):
    the reader is shown which centres every power owns, not only his own."""
    if role == "master":
        return None
    return Sight({power} if role == "player" and power else (), all_centers)


def seen_input(doc: Doc, seen: Collection[str]) -> dict[str, Any]:
    """The phase's input document as the reader sees it: his units, his orders, his units
    that must retreat; the centres (whose counts are public) stay whole."""
    return {
        **doc,
        "units": _kept(doc.get("units") or {}, seen),
        "orders": _kept(doc.get("orders") or {}, seen),
        "dislodged": [d for d in doc.get("dislodged") or () if d.get("power") in seen],
    }


def seen_output(out: Doc, seen: Collection[str]) -> dict[str, Any]:
    """The adjudicator's answer as the reader sees it: the fate of his orders, his units
    after the phase, his units dislodged and where they may go."""
    return {
        **out,
        "orders": [line for line in out.get("orders") or () if line.get("power") in seen],
        "units": _kept(out.get("units") or {}, seen),
        "dislodged": [d for d in out.get("dislodged") or () if d.get("power") in seen],
        "adjustments": _kept(out.get("adjustments") or {}, seen),
    }


_CAMPAIGN = {"famine", "plague", "storm", "destroyed", "conquest"}
_MONEY = ("treasury", "loans", "chits")


def seen_phase(
    variant: Variant, doc: Doc, out: Doc, seen: Collection[str] | None
) -> tuple[Doc, Doc]:
    """A phase's input and output documents as the reader who sees `seen` reads them (None:
    whole, a master's or any reader's of a game that is not blind): the one cut every
    channel of a blind game takes a phase from, his copy of the results, its picture and
    MAP of the phase alike, so that no channel shows what another does not. On a
    Machiavelli map the units are those the movement found, after the campaign's bribes (a
    unit bought its buyer's, to see as to order), and the campaign is cut too
    (`seen_campaign`)."""
    if variant.is_machiavelli and str(doc["phase"])[-1] == "M":
        doc = after_bribes(doc, out)[0]
    if seen is None:
        return doc, out
    mine_in, mine_out = seen_input(doc, seen), seen_output(out, seen)
    if not variant.is_machiavelli:
        return mine_in, mine_out
    _, state, mine_in["centers"] = _seen_state(doc, (doc,), seen)
    if "machiavelli" in doc:
        mine_in["machiavelli"] = state
    return mine_in, seen_campaign(doc, out, mine_out, seen)


def seen_position(variant: Variant, position: Doc, seen: Collection[str] | None) -> Doc:
    """The board as it stands as the reader who sees `seen` reads it (None: whole), by the
    rule of his copy of the phase that left it (`seen_phase`): his units and his units
    that must retreat; on a Machiavelli map his control, cities and money, the sieges he
    is shown, the famine in his places. MAP of the board now and LIST's control tables
    take the board from here."""
    if seen is None:
        return position
    mine = {
        **position,
        "units": _kept(position.get("units") or {}, seen),
        "dislodged": [d for d in position.get("dislodged") or () if d.get("power") in seen],
    }
    if "adjustments" in position:  # the builds and removals each power owes
        mine["adjustments"] = _kept(position["adjustments"] or {}, seen)
    if variant.is_machiavelli and position.get("machiavelli") is not None:
        _, mine["machiavelli"], mine["centers"] = _seen_state(position, (position,), seen)
    return mine


def centres_named(seen: Collection[str] | None) -> Collection[str] | None:
    """The powers whose centres the reader is shown by name (None: every power's, to a
    master or under SET BCENTERS); the count of each power's centres is everyone's."""
    return None if seen is None or getattr(seen, "all_centers", False) else seen


def known_position(variant: Variant, position: Doc, seen: Collection[str] | None) -> Doc:
    """The board as a robot playing for a reader who sees `seen` knows it (None: whole): his
    copy's board (`seen_position`), and of the centres only those it names
    (`centres_named`). A board has no place for a count without names: the centres of the
    others, of which he knows only how many each power has, are to the robot as if nobody
    owned them, and the provinces where it sees no unit as if they were empty."""
    mine = seen_position(variant, position, seen)
    named = centres_named(seen)
    if named is None:
        return mine
    return {**mine, "centers": _kept(mine.get("centers") or {}, named)}


def known_result(variant: Variant, result: Doc, seen: Collection[str] | None) -> Doc:
    """A played phase as the judge stores it ({"input": its document, "output": the
    adjudicator's answer}) as a robot playing for that reader knows it: his copy of the
    results (`seen_phase`: his orders and their fates, none of the others'), the centres
    named as in `known_position`. What the robot remembers of the game and reads as
    friendship (robots/memory.py, robots/observation.py) is read from these."""
    if seen is None:
        return result
    doc, out = seen_phase(variant, result.get("input") or {}, result.get("output") or {}, seen)
    named = centres_named(seen)
    if named is not None:
        doc = {**doc, "centers": _kept(doc.get("centers") or {}, named)}
        out = {**out, "centers": _kept(out.get("centers") or {}, named)}
    return {"input": doc, "output": out}


def seen_campaign(doc: Doc, out: Doc, mine: Doc, seen: Collection[str]) -> dict[str, Any]:
    """The end of a Machiavelli campaign as the reader sees it (docs/machiavelli.md, "Blind
    games"), by the same rule as the rest of his copy: the provinces and cities changing
    hands that his power gains or loses (the other side unnamed), his cities and provinces
    in the control tables (every power's cities under SET BCENTERS), his units destroyed,
    the conquests by or of his power; of a disaster the public roll, and of the provinces
    struck only those he holds or has a unit in. `mine`: the output already cut down."""
    every = getattr(seen, "all_centers", False)
    places, state, centers = _seen_state(out, (doc, out), seen)
    events = []
    for event in out.get("events") or ():
        kind = str(event.get("event"))
        if kind.endswith(" control") and not (every and kind == "city control"):
            sides = {k: event.get(k) if event.get(k) in seen else "" for k in ("power", "from")}
            if not any(sides.values()):
                continue
            event = {**event, **sides}
        elif kind in ("famine", "plague", "storm"):
            event = {**event, "struck": [p for p in event.get("struck") or () if p in places]}
        elif kind in _CAMPAIGN and not {event.get("power"), event.get("country")} & set(seen):
            continue
        events.append(event)
    return {**mine, "events": events, "centers": centers, "machiavelli": state}


def _seen_state(
    board: Doc, sides: tuple[Doc, ...], seen: Collection[str]
) -> tuple[set[str], dict[str, Any], dict[str, Any]]:
    """What the reader sees of a Machiavelli board's holdings (`board`: a phase's output,
    or the board as it stands): the places he holds or has a unit in (on any of `sides`),
    the state cut to his control, money and famine and to the sieges he is shown, and the
    cities he is shown (his own; every power's under SET BCENTERS)."""
    state = dict(board.get("machiavelli") or {})
    every = getattr(seen, "all_centers", False)
    owned = board.get("centers") or {}
    control = _kept(state.get("control") or {}, seen)
    centers = dict(owned) if every else _kept(owned, seen)
    stands = {province_of(u.split()[1]) for side in sides
              for p, us in (side.get("units") or {}).items() if p in seen for u in us}  # fmt: skip
    places = stands | {p for ps in control.values() for p in ps}
    places |= {province_of(c) for p, cs in owned.items() if p in seen for c in cs}
    # A siege he is shown: of a city his copy lists, or where his unit besieges or is
    # besieged (his order, or his garrison's `siege in progress`).
    shown = {c for cs in centers.values() for c in cs} | stands
    state.update(
        control=control,
        famine=[p for p in state.get("famine") or () if p in places],
        sieges=[c for c in state.get("sieges") or () if c in shown],
    )
    # Money is told to its power and the master alone (its key kept: the game has money).
    state.update({key: _kept(state[key], seen) for key in _MONEY if key in state})
    return places, state, centers


def _kept(by_power: Mapping[str, Any], seen: Collection[str]) -> dict[str, Any]:
    return {power: value for power, value in by_power.items() if power in seen}


def blind_report(
    variant: Variant,
    game: str,
    seq: int | str,
    doc: Doc,
    out: Doc,
    seen: Collection[str] | None,
) -> str:
    """The results of one phase as a reader who sees only `seen` reads them (None: all), in
    the layout of the full results (judge/reports/play/), without the final newline."""
    kind = str(doc["phase"])[-1]
    mine_in, mine_out = seen_phase(variant, doc, out, seen)
    if variant.is_machiavelli:  # Machiavelli's own layout, cut down the same way
        mach = {"M": machiavelli.movement_results, "R": machiavelli.retreat_results}
        draw = mach.get(kind, machiavelli.adjustment_results)
        return draw(variant, game, seq, mine_in, mine_out).rstrip("\n")
    render = {
        "M": results.movement_results,
        "R": results.retreat_results,
        "B": results.adjustment_results,
    }[kind]
    return render(variant, game, seq, mine_in, mine_out, seen=seen).rstrip("\n")

"""What a reader of a blind game sees of a phase (info.blind; docs/rules.md, "Blind games").

The njudge ran each player's results through a filter that kept the lines about his own
power (`zpblind`): "Player sees only orders made by their units (other units are not
shown). If an observer, no unit movements are shown. Master receives complete turn
results." Here the adjudicator's documents are cut down to what the reader sees, and the
usual renderers write the copy, so a report cannot show what its documents do not hold.

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


def seen_campaign(doc: Doc, out: Doc, mine: Doc, seen: Collection[str]) -> dict[str, Any]:
    """The end of a Machiavelli campaign as the reader sees it (docs/machiavelli.md, "Blind
    games"), by the same rule as the rest of his copy: the provinces and cities changing
    hands that his power gains or loses (the other side unnamed), his cities and provinces
    in the control tables (every power's cities under SET BCENTERS), his units destroyed,
    the conquests by or of his power; of a disaster the public roll, and of the provinces
    struck only those he holds or has a unit in. `mine`: the output already cut down."""
    every = getattr(seen, "all_centers", False)
    state = dict(out.get("machiavelli") or {})
    control = _kept(state.get("control") or {}, seen)
    centers = dict(out.get("centers") or {}) if every else _kept(out.get("centers") or {}, seen)
    units = [u for side in (doc, out) for p, us in (side.get("units") or {}).items()
             if p in seen for u in us]  # fmt: skip
    places = {province_of(u.split()[1]) for u in units}
    places |= {p for ps in control.values() for p in ps}
    places |= {province_of(c) for p, cs in (out.get("centers") or {}).items() if p in seen
               for c in cs}  # fmt: skip
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
    famine = [p for p in state.get("famine") or () if p in places]
    state.update(control=control, famine=famine)
    return {**mine, "events": events, "centers": centers, "machiavelli": state}


def _kept(by_power: Mapping[str, Any], seen: Collection[str]) -> dict[str, Any]:
    return {power: value for power, value in by_power.items() if power in seen}


def blind_report(
    variant: Variant, game: str, seq: int | str, doc: Doc, out: Doc, seen: Collection[str]
) -> str:
    """The results of one phase as a reader who sees only `seen` reads them, in the layout of
    the full results (judge/reports/play/), without the final newline."""
    kind = str(doc["phase"])[-1]
    mine_in, mine_out = seen_input(doc, seen), seen_output(out, seen)
    if variant.is_machiavelli:  # Machiavelli's own layout, cut down the same way
        if kind == "M":  # a unit bought this campaign is its buyer's, his to see
            mine_in = seen_input(after_bribes(doc, out)[0], seen)
        mine_out = seen_campaign(doc, out, mine_out, seen)
        mach = {"M": machiavelli.movement_results, "R": machiavelli.retreat_results}
        draw = mach.get(kind, machiavelli.adjustment_results)
        return draw(variant, game, seq, mine_in, mine_out).rstrip("\n")
    render = {
        "M": results.movement_results,
        "R": results.retreat_results,
        "B": results.adjustment_results,
    }[kind]
    return render(variant, game, seq, mine_in, mine_out, seen=seen).rstrip("\n")
